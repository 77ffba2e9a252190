// Helpers shared by the runtime tests: encode with msgpack-gen or msgpack-c into comparable byte
// strings that print as hex when an assertion fails (the byte helpers are tests/support's).
#pragma once

#include <msgpack.hpp>

#include <cstdint>

#include "../support/bytes.hpp"
#include "msgpack_gen/msgpack_gen.hpp"

namespace test_support {

// What msgpack-gen writes for value.
template <class T>
Hex ours(const T& value) {
  return Hex{encode(value)};
}

// What msgpack-c writes for value.
template <class T>
Hex theirs(const T& value) {
  msgpack::sbuffer buffer;
  msgpack::pack(buffer, value);
  const auto* first = reinterpret_cast<const std::uint8_t*>(buffer.data());
  return Hex{Bytes(first, first + buffer.size())};
}

}  // namespace test_support
