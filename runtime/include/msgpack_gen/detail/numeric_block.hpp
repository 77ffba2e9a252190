// Bulk encoding and decoding of contiguous arrays of numbers (std::vector, std::array, C arrays of
// integers, enums, float and double), block by block. Not part of the public API.
//
// Encoding: a block of kBlock integers whose values all take one msgpack form (all fixints, all
// uint16, ...: the form of the block's least and greatest value are the same, since every form
// covers one interval of values) is written with fixed-width stores, marker and big-endian payload
// per element, no branch per element. A block of mixed forms is written element by element
// without branches: the form's marker, width and shift come from small tables. Floats always take
// float32 / float64 here (callers keep the per-element path for Writer::integral_floats_as_ints).
// The bytes are exactly those of gen::encode::put() per element: the smallest form of each value.
//
// Decoding: a block whose elements are all fixints, or all the same fixed-width form (the marker
// of the first element repeated at every stride), with every value in the destination's range, is
// gathered and byte-swapped at once. Anything else (mixed forms, a value out of range, another
// type, a block that does not fit in the input) is decoded element by element from the block's
// start by the element's own codec, so every input accepted before is accepted, and every error
// is the same error, at the same offset, with the same "[i]" in the path.
//
// SIMD, chosen at compile time: SSE2 checks a block of fixints with one compare; SSSE3 gathers and
// byte-swaps blocks of 32-bit payloads (uint32/int32/float32 forms) with a shuffle. Define
// MSGPACK_GEN_NO_SIMD to use the portable code only (the tests build both).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/endian.hpp"
#include "msgpack_gen/gen/bounded.hpp"
#include "msgpack_gen/reader.hpp"

#if !defined(MSGPACK_GEN_NO_SIMD)
#if defined(__SSE2__)
#include <emmintrin.h>
#define MSGPACK_GEN_NUMERIC_SSE2 1
#endif
#if defined(__SSSE3__)
#include <tmmintrin.h>
#define MSGPACK_GEN_NUMERIC_SSSE3 1
#endif
#endif

namespace msgpack_gen::detail::numeric {

// Elements per block.
constexpr std::size_t kBlock = 8;
// Bytes the writers may store past the last element they write (wide stores of narrow forms):
// callers reserve them on top of the elements' max_size().
constexpr std::size_t kSlack = 8;

// The integer an enum travels as; T itself otherwise.
template <class T, bool = std::is_enum_v<T>>
struct raw {
  using type = T;
};
template <class T>
struct raw<T, true> {
  using type = std::underlying_type_t<T>;
};
template <class T>
using raw_t = typename raw<T>::type;

template <class T>
constexpr bool is_float_v = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <class T>
constexpr bool is_integer_v = std::is_integral_v<raw_t<T>> && !std::is_same_v<raw_t<T>, bool>;

// Arrays of T are written by put_numbers(): integers, enums, float and double (not bool).
template <class T>
constexpr bool encodes_in_bulk_v = (std::is_arithmetic_v<T> ||
                                    std::is_enum_v<T>)&&(is_integer_v<T> || is_float_v<T>);
// Arrays of T are read by decode_numbers(): the same, but enums whose values are checked against
// a range (enum_range<E>) keep their own codec.
template <class T>
constexpr bool decodes_in_bulk_v = encodes_in_bulk_v<T> && !has_enum_range<T>::value;

// ---- encoding -------------------------------------------------------------------------------

// The integer forms, by index: 0 fixint (positive or negative: the value's own byte), 1..4
// uint8..uint64, 5..8 int8..int64. Each covers one interval of values.
constexpr std::uint8_t kMarker[9] = {0x00, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3};
constexpr std::uint8_t kWidth[9] = {0, 1, 2, 4, 8, 1, 2, 4, 8};
// The payload shifted to the top of a 64-bit word, so a big-endian store writes it first.
constexpr std::uint8_t kShift[9] = {0, 56, 48, 32, 0, 56, 48, 32, 0};

// The form of an unsigned value, without branches.
MSGPACK_GEN_ALWAYS_INLINE unsigned form_of_unsigned(std::uint64_t u) noexcept {
  return static_cast<unsigned>(u > 0x7f) + static_cast<unsigned>(u > 0xff) +
         static_cast<unsigned>(u > 0xffff) + static_cast<unsigned>(u > 0xffffffffu);
}
// The form of a signed value, without branches.
MSGPACK_GEN_ALWAYS_INLINE unsigned form_of_signed(std::int64_t s) noexcept {
  const unsigned below = static_cast<unsigned>(s < -32) + static_cast<unsigned>(s < -128) +
                         static_cast<unsigned>(s < -32768) +
                         static_cast<unsigned>(s < std::int64_t{INT32_MIN});
  const unsigned negative = below + (below != 0 ? 4u : 0u);
  const unsigned positive = form_of_unsigned(static_cast<std::uint64_t>(s));
  return s < 0 ? negative : positive;
}
template <class R>
MSGPACK_GEN_ALWAYS_INLINE unsigned form_of(R v) noexcept {
  if constexpr (std::is_signed_v<R>) {
    return form_of_signed(static_cast<std::int64_t>(v));
  } else {
    return form_of_unsigned(static_cast<std::uint64_t>(v));
  }
}

// One integer in its smallest form, without branches: the marker (or the fixint's byte), then
// 8 bytes of which the form's width count. Writes 9 bytes whatever the form.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_any(std::uint8_t* p, R v) noexcept {
  const unsigned form = form_of(v);
  const auto bits = static_cast<std::uint64_t>(v);
  p[0] = form == 0 ? static_cast<std::uint8_t>(bits) : kMarker[form];
  endian::store(p + 1, bits << kShift[form]);
  return p + 1 + kWidth[form];
}

// kBlock integers that all take `form` (not a fixint): fixed-width stores, marker and payload.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_block(std::uint8_t* p, const R* v,
                                                  unsigned form) noexcept {
  const std::uint8_t marker = kMarker[form];
  switch (kWidth[form]) {
    case 1:
      for (std::size_t j = 0; j < kBlock; ++j) {
        p[2 * j] = marker;
        p[2 * j + 1] = static_cast<std::uint8_t>(v[j]);
      }
      return p + 2 * kBlock;
    case 2:
      for (std::size_t j = 0; j < kBlock; ++j) {
        p[3 * j] = marker;
        endian::store(p + 3 * j + 1, static_cast<std::uint16_t>(v[j]));
      }
      return p + 3 * kBlock;
    case 4:
      for (std::size_t j = 0; j < kBlock; ++j) {
        p[5 * j] = marker;
        endian::store(p + 5 * j + 1, static_cast<std::uint32_t>(v[j]));
      }
      return p + 5 * kBlock;
    default:
      for (std::size_t j = 0; j < kBlock; ++j) {
        p[9 * j] = marker;
        endian::store(p + 9 * j + 1, static_cast<std::uint64_t>(v[j]));
      }
      return p + 9 * kBlock;
  }
}

// kBlock integers that are all fixints (-32..127): their low bytes.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE void put_fixints(std::uint8_t* p, const R* v) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_SSE2)
  if constexpr (sizeof(R) == 4) {
    // Two vectors of 4, narrowed with signed saturation (exact for -32..127).
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + 4));
    const __m128i words = _mm_packs_epi32(a, b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi16(words, words));
    return;
  } else if constexpr (sizeof(R) == 2) {
    const __m128i words = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi16(words, words));
    return;
  }
#endif
  for (std::size_t j = 0; j < kBlock; ++j) p[j] = static_cast<std::uint8_t>(v[j]);
}

// SSE2, 16- and 32-bit integers: when the block at v is all fixints, writes them and returns true.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE bool try_fixint_block(std::uint8_t* p, const R* v) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_SSE2)
  // As signed lanes, a fixint is in -32..127 (0..127 for an unsigned type, whose values at or
  // above 2^31 or 2^15 are negative lanes).
  constexpr int kLow = std::is_signed_v<R> ? -32 : 0;  // lanes below it are not fixints
  if constexpr (sizeof(R) == 4) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + 4));
    const __m128i high = _mm_set1_epi32(127);
    const __m128i low = _mm_set1_epi32(kLow);
    const __m128i out =
        _mm_or_si128(_mm_or_si128(_mm_cmpgt_epi32(a, high), _mm_cmpgt_epi32(low, a)),
                     _mm_or_si128(_mm_cmpgt_epi32(b, high), _mm_cmpgt_epi32(low, b)));
    if (_mm_movemask_epi8(out) != 0) return false;
    const __m128i words = _mm_packs_epi32(a, b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi16(words, words));
    return true;
  } else if constexpr (sizeof(R) == 2) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    const __m128i out = _mm_or_si128(_mm_cmpgt_epi16(a, _mm_set1_epi16(127)),
                                     _mm_cmpgt_epi16(_mm_set1_epi16(kLow), a));
    if (_mm_movemask_epi8(out) != 0) return false;
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi16(a, a));
    return true;
  }
#endif
  (void)p;
  (void)v;
  return false;
}

// T: an integer or an enum, written as its underlying integer R.
template <class T>
inline std::uint8_t* put_integers(std::uint8_t* p, const T* v, std::size_t n) noexcept {
  using R = raw_t<T>;
  const std::size_t blocks = n / kBlock;
  for (std::size_t b = 0; b < blocks; ++b, v += kBlock) {
    // Read in place (a copy would be stored and reloaded wider: a store-forwarding stall), but
    // an enum's values, which are copied as their underlying integers.
    R copy[std::is_enum_v<T> ? kBlock : 1];
    const R* block = copy;
    if constexpr (std::is_enum_v<T>) {
      for (std::size_t j = 0; j < kBlock; ++j) copy[j] = static_cast<R>(v[j]);
    } else {
      block = v;
    }
    if (try_fixint_block(p, block)) {
      p += kBlock;
      continue;
    }
    if constexpr (sizeof(R) <= 2) {
      // Narrow integers have three forms: measured, put()'s well-predicted branches beat
      // classifying the block (uint16 vectors: 10 vs 19 us per 10K).
      for (std::size_t j = 0; j < kBlock; ++j) p = gen::encode::put(p, block[j]);
      continue;
    }
    R lo = block[0];
    R hi = block[0];
    for (std::size_t j = 1; j < kBlock; ++j) {
      lo = block[j] < lo ? block[j] : lo;
      hi = block[j] > hi ? block[j] : hi;
    }
    // Fixints first: small values are the most common.
    if (static_cast<std::int64_t>(lo) >= -32 && static_cast<std::int64_t>(hi) <= 127 &&
        (std::is_signed_v<R> || static_cast<std::uint64_t>(hi) <= 127)) {
      put_fixints(p, block);
      p += kBlock;
      continue;
    }
    const unsigned form = form_of(lo);
    if (form == form_of(hi)) {
      p = put_block(p, block, form);
    } else {
      for (std::size_t j = 0; j < kBlock; ++j) p = put_any(p, block[j]);
    }
  }
  // The last few, and short arrays: put()'s branches cost fewer instructions than put_any()
  // when they predict well, and there are not enough values here to mispredict often.
  const std::size_t tail = n % kBlock;
  for (std::size_t j = 0; j < tail; ++j) p = gen::encode::put(p, static_cast<R>(v[j]));
  return p;
}

inline std::uint8_t* put_floats(std::uint8_t* p, const float* v, std::size_t n) noexcept {
  for (const float* end = v + n; v != end; ++v) {
    std::uint32_t bits;
    std::memcpy(&bits, v, sizeof bits);
    *p = 0xca;
    p = endian::store(p + 1, bits);
  }
  return p;
}

inline std::uint8_t* put_floats(std::uint8_t* p, const double* v, std::size_t n) noexcept {
  for (const double* end = v + n; v != end; ++v) {
    std::uint64_t bits;
    std::memcpy(&bits, v, sizeof bits);
    *p = 0xcb;
    p = endian::store(p + 1, bits);
  }
  return p;
}

// Writes n numbers at p, which has room for n * gen::encode::max_size(T{}) + kSlack bytes, and
// returns the byte after them. Floats as float32 / float64 (not msgpack-c's integral form).
template <class T>
inline std::uint8_t* put_numbers(std::uint8_t* p, const T* v, std::size_t n) noexcept {
  static_assert(encodes_in_bulk_v<T>, "integers, enums, float and double");
  if constexpr (is_float_v<T>) {
    return put_floats(p, v, n);
  } else {
    return put_integers(p, v, n);
  }
}

// An array header and n numbers (n fits the 32-bit count), with one capacity check.
template <class T>
inline void write_numbers(Writer& out, const T* v, std::size_t n) {
  Buffer& buffer = out.buffer();
  constexpr std::size_t kMax = is_float_v<T> ? (sizeof(T) == 4 ? 5 : 9) : gen::encode::kMaxIntSize;
  std::uint8_t* p = buffer.prepare(gen::encode::kMaxHeaderSize + n * kMax + kSlack);
  p = gen::encode::array_header(p, static_cast<std::uint32_t>(n));
  buffer.commit(put_numbers(p, v, n));
}

// ---- decoding -------------------------------------------------------------------------------

// Whether R holds v (a value of an unsigned form) / s (a value of a signed form).
template <class R>
MSGPACK_GEN_ALWAYS_INLINE bool holds_unsigned(std::uint64_t v) noexcept {
  return v <= static_cast<std::uint64_t>(std::numeric_limits<R>::max());
}
template <class R>
MSGPACK_GEN_ALWAYS_INLINE bool holds_signed(std::int64_t s) noexcept {
  if constexpr (std::is_signed_v<R>) {
    return s >= static_cast<std::int64_t>(std::numeric_limits<R>::min()) &&
           s <= static_cast<std::int64_t>(std::numeric_limits<R>::max());
  } else {
    return s >= 0 && static_cast<std::uint64_t>(s) <=
                         static_cast<std::uint64_t>(std::numeric_limits<R>::max());
  }
}

// Whether the kBlock bytes at p are all fixints (all positive ones when `positive_only`).
MSGPACK_GEN_ALWAYS_INLINE bool all_fixints(const std::uint8_t* p, bool positive_only) noexcept {
  static_assert(kBlock == 8, "one 8-byte word");
#if defined(MSGPACK_GEN_NUMERIC_SSE2)
  const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  // Signed bytes: a positive fixint is 0..127, a negative one -32..-1.
  const __m128i floor = _mm_set1_epi8(positive_only ? -1 : -33);
  return (_mm_movemask_epi8(_mm_cmpgt_epi8(bytes, floor)) & 0xff) == 0xff;
#else
  bool ok = true;
  for (std::size_t j = 0; j < kBlock; ++j) {
    const auto s = static_cast<std::int8_t>(p[j]);
    ok &= positive_only ? s >= 0 : s >= -32;
  }
  return ok;
#endif
}

// Values of one integer form (marker m, payload `width` bytes) at stride 1 + width.
template <std::size_t kWidthBytes>
MSGPACK_GEN_ALWAYS_INLINE std::uint64_t load_payload(const std::uint8_t* p) noexcept {
  if constexpr (kWidthBytes == 1) {
    return p[0];
  } else if constexpr (kWidthBytes == 2) {
    return endian::load<std::uint16_t>(p);
  } else if constexpr (kWidthBytes == 4) {
    return endian::load<std::uint32_t>(p);
  } else {
    return endian::load<std::uint64_t>(p);
  }
}

// A block of integers of the form `m` (0xcc..0xd3) with kWidthBytes of payload each, into R:
// true with out[0..kBlock) written when every marker is m and every value fits R; false, with
// nothing written, otherwise.
template <std::size_t kWidthBytes, class T>
MSGPACK_GEN_ALWAYS_INLINE bool take_integer_block(const std::uint8_t* p, std::uint8_t m,
                                                  T* out) noexcept {
  using R = raw_t<T>;
  constexpr std::size_t kStride = 1 + kWidthBytes;
  R values[kBlock];
  bool ok = true;
  if (m <= 0xcf) {
    for (std::size_t j = 0; j < kBlock; ++j) {
      const std::uint64_t v = load_payload<kWidthBytes>(p + kStride * j + 1);
      ok &= (p[kStride * j] == m) & holds_unsigned<R>(v);
      values[j] = static_cast<R>(v);
    }
  } else {
    constexpr unsigned kSignShift = 64 - 8 * kWidthBytes;
    for (std::size_t j = 0; j < kBlock; ++j) {
      const std::uint64_t bits = load_payload<kWidthBytes>(p + kStride * j + 1);
      const auto s = static_cast<std::int64_t>(bits << kSignShift) >> kSignShift;
      ok &= (p[kStride * j] == m) & holds_signed<R>(s);
      values[j] = static_cast<R>(s);
    }
  }
  if (!ok) return false;
  std::memcpy(out, values, sizeof values);
  return true;
}

#if defined(MSGPACK_GEN_NUMERIC_SSSE3)
// 4 values of a 5-byte form (marker + 4 payload bytes) at p, which has 20 readable bytes: their
// markers (as 4 bytes) and payloads (byte-swapped into 4 native 32-bit words).
MSGPACK_GEN_ALWAYS_INLINE void gather5x4(const std::uint8_t* p, __m128i& markers,
                                         __m128i& payloads) noexcept {
  // Values 0..2 lie in the first 16 bytes, value 3 in bytes 15..19: the second load starts at 4.
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 4));
  const __m128i take_a = _mm_setr_epi8(4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, -1, -1, -1, -1);
  const __m128i take_b =
      _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, 14, 13, 12);
  payloads = _mm_or_si128(_mm_shuffle_epi8(a, take_a), _mm_shuffle_epi8(b, take_b));
  const __m128i marks_a =
      _mm_setr_epi8(0, 5, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  const __m128i marks_b =
      _mm_setr_epi8(-1, -1, -1, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  markers = _mm_or_si128(_mm_shuffle_epi8(a, marks_a), _mm_shuffle_epi8(b, marks_b));
}

// A block of 8 values of a 5-byte form with marker m: false unless all markers are m. The
// payloads, byte-swapped, go to words[0..8).
MSGPACK_GEN_ALWAYS_INLINE bool gather5_block(const std::uint8_t* p, std::uint8_t m,
                                             std::uint32_t* words) noexcept {
  __m128i markers0, payloads0, markers1, payloads1;
  gather5x4(p, markers0, payloads0);
  gather5x4(p + 20, markers1, payloads1);
  const __m128i markers = _mm_unpacklo_epi32(markers0, markers1);  // 8 marker bytes
  const __m128i expected = _mm_set1_epi8(static_cast<char>(m));
  if ((_mm_movemask_epi8(_mm_cmpeq_epi8(markers, expected)) & 0xff) != 0xff) return false;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(words), payloads0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(words + 4), payloads1);
  return true;
}
#endif

// Tries one block of integers (or enums: their underlying integers R) at p (at least kBlock
// bytes remain): the bytes it took, or 0 with nothing written.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_integers(const std::uint8_t* p, std::size_t remaining,
                                                    T* out) noexcept {
  using R = raw_t<T>;
  const std::uint8_t m = p[0];
  if (static_cast<std::int8_t>(m) >= -32) {  // a fixint: fits every R, but negative ones
    if (!all_fixints(p, std::is_unsigned_v<R>)) return 0;
    // Checked first, so written straight into place.
    for (std::size_t j = 0; j < kBlock; ++j) {
      out[j] = static_cast<T>(static_cast<R>(static_cast<std::int8_t>(p[j])));
    }
    return kBlock;
  }
  if (m < 0xcc || m > 0xd3) return 0;
  switch (m & 3) {
    case 0:
      if (remaining < 2 * kBlock) return 0;
      return take_integer_block<1>(p, m, out) ? 2 * kBlock : 0;
    case 1:
      if (remaining < 3 * kBlock) return 0;
      return take_integer_block<2>(p, m, out) ? 3 * kBlock : 0;
    case 2:
      if (remaining < 5 * kBlock) return 0;
#if defined(MSGPACK_GEN_NUMERIC_SSSE3)
      if constexpr (sizeof(R) == 4) {
        std::uint32_t words[kBlock];
        if (!gather5_block(p, m, words)) return 0;
        if constexpr (std::is_signed_v<R>) {
          // int32 always fits; uint32 values fit when below 2^31.
          if (m == 0xce) {
            std::uint32_t any_high = 0;
            for (std::uint32_t w : words) any_high |= w;
            if (any_high >> 31 != 0) return 0;
          }
        } else if (m == 0xd2) {
          std::uint32_t any_negative = 0;
          for (std::uint32_t w : words) any_negative |= w;
          if (any_negative >> 31 != 0) return 0;
        }
        std::memcpy(out, words, sizeof words);
        return 5 * kBlock;
      }
#endif
      return take_integer_block<4>(p, m, out) ? 5 * kBlock : 0;
    default:
      if (remaining < 9 * kBlock) return 0;
      return take_integer_block<8>(p, m, out) ? 9 * kBlock : 0;
  }
}

// Tries one block of floats at p (at least kBlock bytes remain): the bytes it took, or 0. Takes
// float32 and float64 blocks (converted as Reader::read_float converts them) and fixint blocks.
template <class F>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_floats(const std::uint8_t* p, std::size_t remaining,
                                                  F* out) noexcept {
  const std::uint8_t m = p[0];
  if (m == (sizeof(F) == 4 ? 0xca : 0xcb)) {
    constexpr std::size_t kStride = 1 + sizeof(F);
    if (remaining < kStride * kBlock) return 0;
    using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
    Bits words[kBlock];
#if defined(MSGPACK_GEN_NUMERIC_SSSE3)
    if constexpr (sizeof(F) == 4) {
      if (!gather5_block(p, m, words)) return 0;
      std::memcpy(out, words, sizeof words);
      return kStride * kBlock;
    }
#endif
    bool ok = true;
    for (std::size_t j = 0; j < kBlock; ++j) {
      ok &= p[kStride * j] == m;
      words[j] = endian::load<Bits>(p + kStride * j + 1);
    }
    if (!ok) return 0;
    std::memcpy(out, words, sizeof words);
    return kStride * kBlock;
  }
  if (static_cast<std::int8_t>(m) >= -32) {  // integers written as fixints: zeros, small counts
    if (!all_fixints(p, false)) return 0;
    for (std::size_t j = 0; j < kBlock; ++j) {
      out[j] = static_cast<F>(static_cast<std::int8_t>(p[j]));
    }
    return kBlock;
  }
  return 0;
}

// Decodes n numbers into out[0..n), after the array header. The same result, error and path as
// decoding each element with codec<T>::decode.
template <class T>
inline bool decode_numbers(Reader& in, T* out, std::uint32_t n) {
  static_assert(decodes_in_bulk_v<T>, "integers, enums without a range, float and double");
  std::uint32_t i = 0;
  while (i < n) {
    if (n - i >= kBlock && in.remaining() >= kBlock) {
      std::size_t taken;
      if constexpr (is_float_v<T>) {
        taken = take_floats(in.position(), in.remaining(), out + i);
      } else {
        taken = take_integers(in.position(), in.remaining(), out + i);
      }
      if (MSGPACK_GEN_LIKELY(taken != 0)) {
        in.advance(taken);
        i += kBlock;
        continue;
      }
    }
    // Element by element for two blocks (or to the end): mixed forms, other types, errors. Two,
    // so that input of mixed forms does not pay for a failed try at every block.
    constexpr std::uint32_t kFallback = 2 * kBlock;
    const std::uint32_t stop = n - i > kFallback ? i + kFallback : n;
    for (; i < stop; ++i) {
      if (!codec<T>::decode(in, out[i])) return in.in_element(i);
    }
  }
  return true;
}

}  // namespace msgpack_gen::detail::numeric
