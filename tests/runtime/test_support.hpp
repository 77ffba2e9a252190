// Helpers shared by the runtime tests: encode with msgpack-gen or msgpack-c into comparable byte
// vectors, and print bytes as hex when an assertion fails.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "msgpack_gen/msgpack_gen.hpp"

namespace test_support {

using Bytes = std::vector<std::uint8_t>;

// Hex dump that Catch prints when a comparison fails, so a mismatch shows the offending bytes.
struct Hex {
  Bytes bytes;
  bool operator==(const Hex& other) const { return bytes == other.bytes; }
};

inline std::string to_hex(const Bytes& bytes) {
  static const char* const kDigits = "0123456789abcdef";
  std::string text;
  const std::size_t shown = bytes.size() < 64 ? bytes.size() : 64;
  for (std::size_t i = 0; i < shown; ++i) {
    if (i != 0) text += ' ';
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 15];
  }
  if (shown < bytes.size()) text += " ... (" + std::to_string(bytes.size()) + " bytes)";
  return text;
}

// What msgpack-gen writes for value.
template <class T>
Hex ours(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return Hex{Bytes(buffer.data(), buffer.data() + buffer.size())};
}

// What msgpack-c writes for value.
template <class T>
Hex theirs(const T& value) {
  msgpack::sbuffer buffer;
  msgpack::pack(buffer, value);
  const auto* first = reinterpret_cast<const std::uint8_t*>(buffer.data());
  return Hex{Bytes(first, first + buffer.size())};
}

inline Hex hex(std::initializer_list<std::uint8_t> bytes) {
  return Hex{Bytes(bytes)};
}

}  // namespace test_support

namespace Catch {
template <>
struct StringMaker<test_support::Hex> {
  static std::string convert(const test_support::Hex& value) {
    // Appended step by step: g++ 12 at -O3 -std=c++20 warns (-Wrestrict, a known false
    // positive) on "literal" + std::string&&.
    std::string text = "[";
    text += test_support::to_hex(value.bytes);
    text += "]";
    return text;
  }
};
}  // namespace Catch
