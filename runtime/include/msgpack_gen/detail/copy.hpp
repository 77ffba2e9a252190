// Copying str, bin and ext payloads. Not part of the public API.
//
// Most payloads in messages are short (names, keys, codes: a few to a few dozen bytes).
// std::memcpy with a length known only at run time is a call into the C library, which then
// dispatches on the length again; per string that costs more than the copy itself (measured in
// docs/benchmarks.md, "Short strings without memcpy"). Up to 32 bytes, copy_payload() moves the
// bytes inline with at most two loads and two stores of a fixed width that overlap in the
// middle, branching only on the width class; longer payloads go to std::memcpy. It reads and
// writes exactly [src, src + n) and [dst, dst + n), never a byte beyond.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "msgpack_gen/detail/compiler.hpp"

namespace msgpack_gen::detail {

// The first and the last `width` bytes of [src, src + n), width <= n <= 2 * width: together
// they cover all n bytes. Fixed-size memcpy compiles to one load and one store.
template <std::size_t width>
MSGPACK_GEN_ALWAYS_INLINE void copy_two_overlapping(std::uint8_t* dst, const std::uint8_t* src,
                                                    std::size_t n) noexcept {
  unsigned char head[width];
  unsigned char tail[width];
  std::memcpy(head, src, width);
  std::memcpy(tail, src + n - width, width);
  std::memcpy(dst, head, width);
  std::memcpy(dst + n - width, tail, width);
}

// Copies n bytes from src to dst (the ranges do not overlap). src may be null when n is 0.
MSGPACK_GEN_ALWAYS_INLINE void copy_payload(void* dst, const void* src, std::size_t n) noexcept {
  auto* d = static_cast<std::uint8_t*>(dst);
  const auto* s = static_cast<const std::uint8_t*>(src);
#if defined(__GNUC__) || defined(__clang__)
  // Hides what s points to from the optimizer: where a caller's object is small and known (a
  // char[3]), GCC would warn (-Warray-bounds) about the wider branches that never run for it.
  __asm__("" : "+r"(s));
#endif
  if (MSGPACK_GEN_UNLIKELY(n > 32)) {
    std::memcpy(d, s, n);
  } else if (n >= 16) {
    copy_two_overlapping<16>(d, s, n);
  } else if (n >= 8) {
    copy_two_overlapping<8>(d, s, n);
  } else if (n >= 4) {
    copy_two_overlapping<4>(d, s, n);
  } else if (n != 0) {
    // 1..3 bytes: the first, the middle and the last cover them all.
    const std::uint8_t first = s[0], middle = s[n / 2], last = s[n - 1];
    d[0] = first;
    d[n / 2] = middle;
    d[n - 1] = last;
  }
}

}  // namespace msgpack_gen::detail
