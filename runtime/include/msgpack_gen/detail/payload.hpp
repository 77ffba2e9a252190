// Internals shared by the writer, the bounded writes and the container codecs: what str, bin and
// ext payloads may be. Not part of the public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "msgpack_gen/detail/compiler.hpp"

#if MSGPACK_GEN_EXCEPTIONS
#include <stdexcept>
#endif

namespace msgpack_gen::detail {

// Element types whose vectors are written as bin (and read from bin or str), not as arrays.
template <class T>
constexpr bool is_byte_v =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, char> || std::is_same_v<T, std::byte>;

// msgpack lengths are 32-bit: whether a payload of n bytes can be encoded at all.
MSGPACK_GEN_ALWAYS_INLINE bool payload_fits(std::size_t n) {
  return n <= 0xffffffffu;
}

#if MSGPACK_GEN_EXCEPTIONS

[[noreturn]] MSGPACK_GEN_COLD inline void payload_too_long() {
  throw std::length_error("msgpack_gen: a str, bin or ext over 4 GiB");
}

// A larger payload cannot be encoded: std::length_error, before anything is written.
MSGPACK_GEN_ALWAYS_INLINE void check_payload_length(std::size_t n) {
  if (MSGPACK_GEN_UNLIKELY(!payload_fits(n))) payload_too_long();
}

#else

// Without exceptions, a payload too long to encode is recorded as the Buffer's error
// (EncodeError::payload_too_long) and not written. The Writer records it itself. A run of bounded
// writes (gen/bounded.hpp: generated code sums max_size() of several values, prepares the sum
// once, then put()s each) has no Buffer at hand where the length is seen, so max_size() of such
// a payload is kUnencodableBound instead of its size: the sum reaches Buffer::prepare(), whose
// growth path sees a bound of at least kUnencodableBound, records the error and makes room for
// the sum modulo kUnencodableBound, the bytes of the run's other values; put() writes nothing
// for the payload. That takes the other values' bounds to stay below kUnencodableBound (2^56
// bytes) and fewer than 256 such payloads in one run, so that the sum does not wrap around:
// each is 4 GiB of memory, or a string_view that claims as much.
inline constexpr std::size_t kUnencodableBound = std::size_t{1} << (sizeof(std::size_t) * 8 - 8);

#endif

}  // namespace msgpack_gen::detail
