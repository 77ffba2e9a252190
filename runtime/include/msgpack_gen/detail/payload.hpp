// Internals shared by the writer, the bounded writes and the container codecs: what str, bin and
// ext payloads may be. Not part of the public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "msgpack_gen/detail/compiler.hpp"

namespace msgpack_gen::detail {

// Element types whose vectors are written as bin (and read from bin or str), not as arrays.
template <class T>
constexpr bool is_byte_v =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, char> || std::is_same_v<T, std::byte>;

[[noreturn]] MSGPACK_GEN_COLD inline void payload_too_long() {
  throw std::length_error("msgpack_gen: a str, bin or ext over 4 GiB");
}

// msgpack lengths are 32-bit: a larger payload cannot be encoded at all (std::length_error).
MSGPACK_GEN_ALWAYS_INLINE void check_payload_length(std::size_t n) {
  if (MSGPACK_GEN_UNLIKELY(n > 0xffffffffu)) payload_too_long();
}

}  // namespace msgpack_gen::detail
