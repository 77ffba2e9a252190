// Bulk encoding and decoding of contiguous arrays of numbers (std::vector, std::array, C arrays of
// integers, enums, float and double), block by block. Not part of the public API.
//
// Encoding: a block of kBlock integers whose values all take one msgpack form (all fixints, all
// uint16, ...: the form of the block's least and greatest value are the same, since every form
// covers one interval of values) is written with fixed-width stores, marker and big-endian payload
// per element, no branch per element. A block of mixed forms is written element by element
// without branches: the form's marker, width and shift come from small tables (with AVX2, 4
// values at a time: put_mixed_blocks_wide()); with the shuffle
// kernels, a block of 16-bit integers in mixed sizes is written with one table shuffle per half
// block, chosen by the pattern of the values' sizes (kMixed16). Floats take
// float32 / float64, or in msgpack-c's float mode (Writer::integral_floats_as_ints) blocks
// without an integral value do, and the others are written element by element as msgpack-c does.
// The bytes are exactly those of gen::encode::put() per element: the smallest form of each value.
//
// Decoding: a block whose elements are all fixints, or all the same fixed-width form (the marker
// of the first element repeated at every stride), with every value in the destination's range, is
// gathered and byte-swapped at once, and so are the blocks after it while they keep that form.
// Anything else (mixed forms, a value out of range, another type, a block that does not fit in the
// input) is decoded element by element from the block's start, so every input accepted before is
// accepted, and every error is the same error, at the same offset, with the same "[i]" in the
// path: integers of any form that fits without a branch on the form (with the shuffle kernels,
// long stretches with the element sizes of 64 bytes found ahead), the rest by the element's own
// codec.
//
// SIMD: SSE2 (the x86-64 baseline, chosen at compile time) checks and narrows blocks of fixints and
// finds blocks of full-width 16- and 32-bit values with compares. Byte shuffles interleave markers
// and big-endian payloads: they write runs of full-width 16- and 32-bit blocks and of floats, and
// gather and byte-swap runs of 16-, 32- and 64-bit forms (uint16/int16, uint32/int32, float32,
// uint64/int64, float64). Those kernels are written once, over a few 16-byte operations that each
// architecture provides (Vec, shuffle(), all_set(), ...), with one byte table per shuffle: SSSE3's
// pshufb and NEON's tbl both give a zero byte for the index 0xff. The default x86-64 target has no
// SSSE3, so with GCC and Clang the kernels are compiled for it with a target attribute and chosen
// at run time, once per process (simd_level(): cpuid through __builtin_cpu_supports), and the
// choice is made once per array, not per element; a build that already targets SSSE3 (-mssse3,
// -march=native) uses them without asking. On little-endian aarch64 NEON, part of every aarch64
// CPU, is chosen at compile time: tbl for the shuffles, and in place of the SSE2 compares min/max
// reductions (vminvq/vmaxvq) to find fixint and full-width blocks, narrowing moves to write fixint
// blocks and widening moves to read them. Other targets (big-endian ones included) and compilers
// use the portable code. On x86-64 a CPU with AVX2 (asked the same way) gets a third level, `wide`:
// 32-byte shuffles for the runs of 4-byte forms (uint32, int32, float32), the full-width 16-bit
// blocks and doubles, blocks of 32- and 64-bit integers of mixed forms (4 values at a time, one
// 16-byte shuffle and store per value), for reading runs of 3-, 5- and 9-byte forms (uint16,
// int16, uint32, int32, float32, uint64, int64, float64), and for reading integers of mixed
// forms 4 at a time (take_mixed_integers_wide(); one shuffle per four fixints, uint8s and uint16s
// into a 1- or 2-byte unsigned type), and for runs of fixints: read 32 at a time, and 32- and
// 64-bit ones (enums too) written 32 at a time once 16 are. A CPU with AVX-512 BW, VL, VBMI and
// VBMI2 gets a fourth, `vbmi`, for integers of mixed forms: read 8 at a time (byte permutes across
// 128 bytes of input find the elements' starts and gather their values), and blocks of 32- and
// 64-bit ones written with vpcompressb; runs of fixints are read and written 64 at a time. Define
// MSGPACK_GEN_NO_SIMD to use the portable code only (the tests build both, and run each level the
// target has).
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
// SSSE3 kernels, chosen at run time: x86-64 with GCC or Clang (MinGW-w64 too), which compile
// a function for an instruction set the target lacks with a target attribute.
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && \
    defined(MSGPACK_GEN_NUMERIC_SSE2)
#include <tmmintrin.h>
#define MSGPACK_GEN_NUMERIC_X86 1
#define MSGPACK_GEN_NUMERIC_SHUFFLES 1
// A kernel (not inlined into the portable callers, which lack SSSE3) and the helpers it inlines.
#define MSGPACK_GEN_SHUFFLE_KERNEL __attribute__((target("ssse3"))) inline
#define MSGPACK_GEN_SHUFFLE_INLINE __attribute__((target("ssse3"), always_inline)) inline
// AVX2 kernels (32-byte shuffles), chosen at run time in the same way, for runs of one
// fixed-width form. Not with GCC for Windows, which does not align its stack for 32-byte
// vectors (a spilled one would fault): MinGW-w64 GCC keeps the SSSE3 kernels.
#if !defined(_WIN32) || defined(__clang__)
#include <immintrin.h>
#define MSGPACK_GEN_NUMERIC_WIDE 1
#define MSGPACK_GEN_WIDE_KERNEL __attribute__((target("avx2"))) inline
// AVX-512 with VBMI, VBMI2 and CD (64-byte vectors, byte permutes across two of them, byte
// compression, mask registers, leading zero counts), chosen the same way, for integers of mixed
// forms.
#define MSGPACK_GEN_NUMERIC_VBMI 1
#define MSGPACK_GEN_VBMI_TARGET "avx512f,avx512bw,avx512vl,avx512cd,avx512vbmi,avx512vbmi2,popcnt"
#define MSGPACK_GEN_VBMI_KERNEL __attribute__((target(MSGPACK_GEN_VBMI_TARGET))) inline
#endif
#endif
// NEON kernels, chosen at compile time: Advanced SIMD is part of every aarch64 CPU. Little-endian
// only: the byte tables below assume it (aarch64_be, like s390x, keeps the portable code).
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <arm_neon.h>
#define MSGPACK_GEN_NUMERIC_NEON 1
#define MSGPACK_GEN_NUMERIC_SHUFFLES 1
#define MSGPACK_GEN_SHUFFLE_KERNEL inline
#define MSGPACK_GEN_SHUFFLE_INLINE MSGPACK_GEN_ALWAYS_INLINE
#endif
#endif

namespace msgpack_gen::detail::numeric {

// Elements per block.
constexpr std::size_t kBlock = 8;
// Bytes the writers may store past the last element they write (wide stores of narrow forms):
// callers reserve them on top of the elements' max_size().
constexpr std::size_t kSlack = 16;

// ---- the SIMD level, chosen at run time -----------------------------------------------------

// The levels above the portable code (with SSE2 or NEON compares where the target has them):
// `shuffles`, the byte-shuffle kernels (SSSE3 on x86-64, NEON on aarch64); `wide`, x86-64 with
// AVX2 too, whose 32-byte shuffles write and read runs of one fixed-width form; `vbmi`, x86-64
// with AVX-512 BW, VL, CD, VBMI and VBMI2 too (every CPU with VBMI2 so far has them all),
// which reads and writes integers of mixed forms 8 at a time.
enum class Simd : int { base = 0, shuffles = 1, wide = 2, vbmi = 3 };

// The best level this CPU runs: asked once (a function-local static), or known at compile time.
inline Simd detected_simd() noexcept {
#if defined(MSGPACK_GEN_NUMERIC_VBMI) && defined(__AVX512VBMI__) && defined(__AVX512VBMI2__) && \
    defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512CD__) && defined(__POPCNT__)
  return Simd::vbmi;
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  return Simd::shuffles;
#elif defined(MSGPACK_GEN_NUMERIC_X86)
  static const Simd level = [] {
    __builtin_cpu_init();  // may run before libgcc's constructor (a static initialiser)
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
    // libgcc's AVX-512 features also ask the OS (XGETBV) whether it saves the 64-byte registers
    // and the mask registers, as "avx2" asks for the 32-byte ones.
    if (__builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("popcnt"))
      return Simd::vbmi;
#endif
#if defined(MSGPACK_GEN_NUMERIC_WIDE) && defined(__AVX2__)
    return Simd::wide;
#else
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
    if (__builtin_cpu_supports("avx2")) return Simd::wide;
#endif
    return __builtin_cpu_supports("ssse3") ? Simd::shuffles : Simd::base;
#endif
  }();
  return level;
#else
  return Simd::base;
#endif
}

// For the tests and the benchmark only: -1 (the default) uses the detected level, 0.. forces that
// level (at most the detected one: the tests run each level the CPU has). Not thread-safe to
// change.
inline int simd_override = -1;

// The level the bulk paths use, read once per array.
inline Simd simd_level() noexcept {
  const int forced = simd_override;
  return forced >= 0 ? static_cast<Simd>(forced) : detected_simd();
}

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

// A fixint of R is -32..127 (0..127 unsigned): once kFixintBias is added, 0..kFixintBiased, one
// unsigned compare per lane.
template <class R>
inline constexpr int kFixintBias = std::is_signed_v<R> ? 32 : 0;
template <class R>
inline constexpr int kFixintBiased = 127 + kFixintBias<R>;

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
#if defined(__GNUC__) || defined(__clang__)
// The form comes from the count of leading zero bits of the value (of its complement when
// negative) through a table: entry bits 0-7 the marker (0 for a fixint), 8-15 the mask of the
// value's low byte ORed into it (0xff for a fixint), 16-21 the payload's shift to the top of the
// 64-bit word, 24-27 the bytes written. Index: leading zeros, + 64 for a negative value.
constexpr std::uint32_t put_form_entry(unsigned index) noexcept {
  const unsigned bits = 64 - index % 64;  // significant bits of the value or its complement
  unsigned form = 0;
  if (index < 64) {
    form = bits <= 7 ? 0 : bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 3 : 4;
  } else {
    form = bits <= 5 ? 0 : bits <= 7 ? 5 : bits <= 15 ? 6 : bits <= 31 ? 7 : 8;
  }
  const unsigned mask = form == 0 ? 0xffu : 0u;
  return kMarker[form] | mask << 8 | unsigned{kShift[form]} << 16 | (1u + kWidth[form]) << 24;
}
struct PutForms {
  std::uint32_t entry[128];
};
constexpr PutForms make_put_forms() noexcept {
  PutForms forms{};
  for (unsigned i = 0; i < 128; ++i) forms.entry[i] = put_form_entry(i);
  return forms;
}
inline constexpr PutForms kPutForms = make_put_forms();

template <class R>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_any(std::uint8_t* p, R v) noexcept {
  const auto bits = static_cast<std::uint64_t>(v);  // sign-extended when R is signed
  std::uint64_t magnitude = bits;
  unsigned base = 0;
  if constexpr (std::is_signed_v<R>) {
    const bool negative = static_cast<std::int64_t>(bits) < 0;
    magnitude = negative ? ~bits : bits;
    base = negative ? 64 : 0;
  }
  const std::uint32_t e =
      kPutForms.entry[base + static_cast<unsigned>(__builtin_clzll(magnitude | 1))];
  p[0] = static_cast<std::uint8_t>(e | (static_cast<std::uint32_t>(bits) & (e >> 8)));
  endian::store(p + 1, bits << ((e >> 16) & 63));
  return p + (e >> 24);
}
#else
template <class R>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_any(std::uint8_t* p, R v) noexcept {
  const unsigned form = form_of(v);
  const auto bits = static_cast<std::uint64_t>(v);
  p[0] = form == 0 ? static_cast<std::uint8_t>(bits) : kMarker[form];
  endian::store(p + 1, bits << kShift[form]);
  return p + 1 + kWidth[form];
}
#endif

// kBlock integers that all take `form` (not a fixint). Up to 32 bits, one big-endian store per
// element holds its marker and payload (its spare bytes are overwritten by the next element's
// store: at most 3 past the block, within kSlack). 64-bit integers take a marker store and an
// 8-byte store of the payload shifted to the top, whatever the width (a smaller loop measured
// faster for them: the mixed-form loop next to it keeps its registers).
template <class R>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_block(std::uint8_t* p, const R* v,
                                                  unsigned form) noexcept {
  const std::uint8_t marker = kMarker[form];
  if constexpr (sizeof(R) == 8) {
    const unsigned width = kWidth[form];
    const unsigned shift = kShift[form];
    for (std::size_t j = 0; j < kBlock; ++j) {
      p[0] = marker;
      endian::store(p + 1, static_cast<std::uint64_t>(v[j]) << shift);
      p += 1 + width;
    }
    return p;
  } else {
    switch (kWidth[form]) {
      case 1:
        for (std::size_t j = 0; j < kBlock; ++j) {
          const auto byte = static_cast<std::uint8_t>(v[j]);
          endian::store(p + 2 * j, static_cast<std::uint16_t>(marker << 8 | byte));
        }
        return p + 2 * kBlock;
      case 2:
        for (std::size_t j = 0; j < kBlock; ++j) {
          const auto payload = static_cast<std::uint32_t>(static_cast<std::uint16_t>(v[j]));
          endian::store(p + 3 * j, std::uint32_t{marker} << 24 | payload << 8);
        }
        return p + 3 * kBlock;
      default:  // 4: R has no wider form
        for (std::size_t j = 0; j < kBlock; ++j) {
          const auto payload = static_cast<std::uint64_t>(static_cast<std::uint32_t>(v[j]));
          endian::store(p + 5 * j, std::uint64_t{marker} << 56 | payload << 24);
        }
        return p + 5 * kBlock;
    }
  }
}

#if defined(MSGPACK_GEN_NUMERIC_NEON)
// NEON: 16 bytes at p as a vector of V (whatever the type of the values there: through memcpy,
// which compiles to one load).
template <class V>
MSGPACK_GEN_ALWAYS_INLINE V load_lanes(const void* p) noexcept {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
// The low bytes of 8 lanes of 16 or 32 bits (two vectors of 4), or of 64 bits (four of 2).
MSGPACK_GEN_ALWAYS_INLINE uint8x8_t low_bytes(int16x8_t a) noexcept {
  return vreinterpret_u8_s8(vmovn_s16(a));
}
MSGPACK_GEN_ALWAYS_INLINE uint8x8_t low_bytes(int32x4_t a, int32x4_t b) noexcept {
  return low_bytes(vcombine_s16(vmovn_s32(a), vmovn_s32(b)));
}
MSGPACK_GEN_ALWAYS_INLINE uint8x8_t low_bytes(int64x2_t a, int64x2_t b, int64x2_t c,
                                              int64x2_t d) noexcept {
  return low_bytes(vcombine_s32(vmovn_s64(a), vmovn_s64(b)),
                   vcombine_s32(vmovn_s64(c), vmovn_s64(d)));
}
#endif

// For 16- and 32-bit integers: the form when every value of the block at v takes R's own width
// (uint16 or int16, uint32 or int32: the form of most values spread over R's range), else 0.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE unsigned full_width_form(const R* v) noexcept {
  static_assert(sizeof(R) == 2 || sizeof(R) == 4, "16- and 32-bit integers");
  constexpr unsigned kUnsignedForm = sizeof(R) == 2 ? 2 : 3;  // uint16, uint32
  constexpr unsigned kSignedForm = sizeof(R) == 2 ? 6 : 7;    // int16, int32
  // The largest value of the next narrower unsigned form, the smallest of the signed one.
  constexpr std::int64_t kAbove = sizeof(R) == 2 ? 0xff : 0xffff;
  constexpr std::int64_t kBelow = sizeof(R) == 2 ? -128 : -32768;
#if defined(MSGPACK_GEN_NUMERIC_SSE2)
  if constexpr (sizeof(R) == 2) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    if constexpr (std::is_unsigned_v<R>) {
      // uint16 when the high byte is not zero.
      const __m128i narrow = _mm_cmpeq_epi16(_mm_srli_epi16(a, 8), _mm_setzero_si128());
      return _mm_movemask_epi8(narrow) == 0 ? kUnsignedForm : 0;
    } else {
      if (_mm_movemask_epi8(_mm_cmpgt_epi16(a, _mm_set1_epi16(kAbove))) == 0xffff) {
        return kUnsignedForm;
      }
      const __m128i below = _mm_cmpgt_epi16(_mm_set1_epi16(kBelow), a);
      return _mm_movemask_epi8(below) == 0xffff ? kSignedForm : 0;
    }
  } else {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + 4));
    if constexpr (std::is_unsigned_v<R>) {
      // uint32 when the high half is not zero.
      const __m128i zero = _mm_setzero_si128();
      const __m128i narrow = _mm_or_si128(_mm_cmpeq_epi32(_mm_srli_epi32(a, 16), zero),
                                          _mm_cmpeq_epi32(_mm_srli_epi32(b, 16), zero));
      return _mm_movemask_epi8(narrow) == 0 ? kUnsignedForm : 0;
    } else {
      const __m128i above = _mm_set1_epi32(static_cast<int>(kAbove));
      if (_mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi32(a, above), _mm_cmpgt_epi32(b, above))) ==
          0xffff) {
        return kUnsignedForm;
      }
      const __m128i below = _mm_set1_epi32(static_cast<int>(kBelow));
      return _mm_movemask_epi8(
                 _mm_and_si128(_mm_cmpgt_epi32(below, a), _mm_cmpgt_epi32(below, b))) == 0xffff
                 ? kSignedForm
                 : 0;
    }
  }
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  // The block's least and greatest value, as R's own lanes.
  if constexpr (sizeof(R) == 2) {
    if constexpr (std::is_unsigned_v<R>) {
      return vminvq_u16(load_lanes<uint16x8_t>(v)) > kAbove ? kUnsignedForm : 0;
    } else {
      const int16x8_t a = load_lanes<int16x8_t>(v);
      if (vminvq_s16(a) > kAbove) return kUnsignedForm;
      return vmaxvq_s16(a) < kBelow ? kSignedForm : 0;
    }
  } else {
    if constexpr (std::is_unsigned_v<R>) {
      const uint32x4_t least = vminq_u32(load_lanes<uint32x4_t>(v), load_lanes<uint32x4_t>(v + 4));
      return vminvq_u32(least) > kAbove ? kUnsignedForm : 0;
    } else {
      const int32x4_t a = load_lanes<int32x4_t>(v);
      const int32x4_t b = load_lanes<int32x4_t>(v + 4);
      if (vminvq_s32(vminq_s32(a, b)) > kAbove) return kUnsignedForm;
      return vmaxvq_s32(vmaxq_s32(a, b)) < kBelow ? kSignedForm : 0;
    }
  }
#else
  bool above = true;
  bool below = true;
  for (std::size_t j = 0; j < kBlock; ++j) {
    above &= static_cast<std::int64_t>(v[j]) > kAbove;
    below &= static_cast<std::int64_t>(v[j]) < kBelow;
  }
  return above ? kUnsignedForm : below ? kSignedForm : 0;
#endif
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
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  // The low byte of each lane, narrowed.
  if constexpr (sizeof(R) == 8) {
    vst1_u8(p, low_bytes(load_lanes<int64x2_t>(v), load_lanes<int64x2_t>(v + 2),
                         load_lanes<int64x2_t>(v + 4), load_lanes<int64x2_t>(v + 6)));
    return;
  } else if constexpr (sizeof(R) == 4) {
    vst1_u8(p, low_bytes(load_lanes<int32x4_t>(v), load_lanes<int32x4_t>(v + 4)));
    return;
  } else if constexpr (sizeof(R) == 2) {
    vst1_u8(p, low_bytes(load_lanes<int16x8_t>(v)));
    return;
  }
#endif
  for (std::size_t j = 0; j < kBlock; ++j) p[j] = static_cast<std::uint8_t>(v[j]);
}

// SSE2 or NEON, 16- and 32-bit integers: when the block at v is all fixints, writes them and
// returns true.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE bool try_fixint_block(std::uint8_t* p, const R* v) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_SSE2)
  // As signed lanes, a fixint is in -32..127 (0..127 for an unsigned type, whose values at or
  // above 2^31 or 2^15 are negative lanes).
  constexpr int kLow = -kFixintBias<R>;  // lanes below it are not fixints
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
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  // The block's least and greatest value as signed lanes, as with SSE2.
  constexpr int kLow = -kFixintBias<R>;
  if constexpr (sizeof(R) == 4) {
    const int32x4_t a = load_lanes<int32x4_t>(v);
    const int32x4_t b = load_lanes<int32x4_t>(v + 4);
    if (vminvq_s32(vminq_s32(a, b)) < kLow || vmaxvq_s32(vmaxq_s32(a, b)) > 127) return false;
    vst1_u8(p, low_bytes(a, b));
    return true;
  } else if constexpr (sizeof(R) == 2) {
    const int16x8_t a = load_lanes<int16x8_t>(v);
    if (vminvq_s16(a) < kLow || vmaxvq_s16(a) > 127) return false;
    vst1_u8(p, low_bytes(a));
    return true;
  }
#endif
  (void)p;
  (void)v;
  return false;
}

#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
// ---- the shuffle kernels' 16-byte vectors, for each architecture ----------------------------
//
// The kernels below are written once, over a few operations on 16 bytes that each architecture
// provides: SSSE3's pshufb and NEON's tbl both take a table of source byte indexes, and both give
// a zero byte for the index 0xff (pshufb for any index with the top bit set, tbl for any index
// past the vector), so one table serves both.

// A byte table: shuffle indexes (0xff: a zero byte), or 0xff / 0x00 lane masks.
struct alignas(16) Table {
  std::uint8_t byte[16];
};
// -1 stands for 0xff, so that the tables read as indexes.
constexpr Table table(const int (&v)[16]) noexcept {
  Table t{};
  for (std::size_t i = 0; i < 16; ++i) t.byte[i] = static_cast<std::uint8_t>(v[i]);
  return t;
}

#if defined(MSGPACK_GEN_NUMERIC_X86)
using Vec = __m128i;
// A set of byte lanes, as the architecture tests it: the bits of pmovmskb.
using Lanes = int;
constexpr Lanes lanes_of(const Table& t) noexcept {
  Lanes bits = 0;
  for (int i = 0; i < 16; ++i) bits |= (t.byte[i] >> 7) << i;
  return bits;
}
MSGPACK_GEN_SHUFFLE_INLINE Vec load16(const void* p) noexcept {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}
MSGPACK_GEN_SHUFFLE_INLINE void store16(void* p, Vec v) noexcept {
  _mm_storeu_si128(static_cast<__m128i*>(p), v);
}
// The low 8 bytes.
MSGPACK_GEN_SHUFFLE_INLINE void store8(void* p, Vec v) noexcept {
  _mm_storel_epi64(static_cast<__m128i*>(p), v);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec splat(std::uint8_t b) noexcept {
  return _mm_set1_epi8(static_cast<char>(b));
}
MSGPACK_GEN_SHUFFLE_INLINE Vec vec_of(const Table& t) noexcept {
  return load16(t.byte);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_or(Vec a, Vec b) noexcept {
  return _mm_or_si128(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_and(Vec a, Vec b) noexcept {
  return _mm_and_si128(a, b);
}
// 0xff in the lanes where a and b are equal.
MSGPACK_GEN_SHUFFLE_INLINE Vec equal(Vec a, Vec b) noexcept {
  return _mm_cmpeq_epi8(a, b);
}
// Byte i: byte t[i] of v, or zero where t[i] is 0xff.
MSGPACK_GEN_SHUFFLE_INLINE Vec shuffle(Vec v, const Table& t) noexcept {
  return _mm_shuffle_epi8(v, vec_of(t));
}
// Whether every lane of `where` is 0xff in v (v: lanes of 0xff or 0).
MSGPACK_GEN_SHUFFLE_INLINE bool all_set(Vec v, Lanes where) noexcept {
  return (_mm_movemask_epi8(v) & where) == where;
}
// Whether a lane of `where` has its top bit set in v.
MSGPACK_GEN_SHUFFLE_INLINE bool any_top_bit(Vec v, Lanes where) noexcept {
  return (_mm_movemask_epi8(v) & where) != 0;
}
MSGPACK_GEN_SHUFFLE_INLINE Lanes no_lanes() noexcept {
  return 0;
}
MSGPACK_GEN_SHUFFLE_INLINE Vec shuffle(Vec v, Vec t) noexcept {
  return _mm_shuffle_epi8(v, t);
}
// Bytes 8..15 of v as bytes 0..7.
MSGPACK_GEN_SHUFFLE_INLINE Vec high8(Vec v) noexcept {
  return _mm_srli_si128(v, 8);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_xor(Vec a, Vec b) noexcept {
  return _mm_xor_si128(a, b);
}
// `bits` in the bytes of v whose top bit is set, 0 in the others.
MSGPACK_GEN_SHUFFLE_INLINE Vec where_negative(Vec v, Vec bits) noexcept {
  return _mm_and_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()), bits);
}
// The eight 16-bit lanes of v as signed: bit i set where lane i is outside [low1, 127], bit 8 + i
// where it is outside [low2, 255].
MSGPACK_GEN_SHUFFLE_INLINE unsigned outside16(Vec v, std::int16_t low1,
                                              std::int16_t low2) noexcept {
  const __m128i c1 = _mm_or_si128(_mm_cmpgt_epi16(v, _mm_set1_epi16(127)),
                                  _mm_cmpgt_epi16(_mm_set1_epi16(low1), v));
  const __m128i c2 = _mm_or_si128(_mm_cmpgt_epi16(v, _mm_set1_epi16(255)),
                                  _mm_cmpgt_epi16(_mm_set1_epi16(low2), v));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(c1, c2)));
}
MSGPACK_GEN_SHUFFLE_INLINE Vec add_bytes(Vec a, Vec b) noexcept {
  return _mm_add_epi8(a, b);
}
// 0xff in the bytes that are fixints (-32..127 as signed bytes), 0 in the others.
MSGPACK_GEN_SHUFFLE_INLINE Vec fixint_lanes(Vec v) noexcept {
  return _mm_cmpgt_epi8(v, _mm_set1_epi8(-33));
}
// table[i] in the lanes whose index i is below 16, 0 in the others (pshufb reads only an index's
// low 4 bits and bit 7: the saturating add sets bit 7 from 16 on and keeps the low bits below).
MSGPACK_GEN_SHUFFLE_INLINE Vec lookup(Vec table, Vec index) noexcept {
  return _mm_shuffle_epi8(table, _mm_adds_epu8(index, _mm_set1_epi8(0x70)));
}
#else
using Vec = uint8x16_t;
using Lanes = uint8x16_t;  // 0xff in the lanes of the set
MSGPACK_GEN_SHUFFLE_INLINE Vec load16(const void* p) noexcept {
  Vec v;
  std::memcpy(&v, p, sizeof v);  // any element type: no aliasing question
  return v;
}
MSGPACK_GEN_SHUFFLE_INLINE void store16(void* p, Vec v) noexcept {
  std::memcpy(p, &v, sizeof v);
}
MSGPACK_GEN_SHUFFLE_INLINE void store8(void* p, Vec v) noexcept {
  const uint8x8_t low = vget_low_u8(v);
  std::memcpy(p, &low, sizeof low);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec splat(std::uint8_t b) noexcept {
  return vdupq_n_u8(b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec vec_of(const Table& t) noexcept {
  return vld1q_u8(t.byte);
}
MSGPACK_GEN_SHUFFLE_INLINE Lanes lanes_of(const Table& t) noexcept {
  return vec_of(t);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_or(Vec a, Vec b) noexcept {
  return vorrq_u8(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_and(Vec a, Vec b) noexcept {
  return vandq_u8(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec equal(Vec a, Vec b) noexcept {
  return vceqq_u8(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec shuffle(Vec v, const Table& t) noexcept {
  return vqtbl1q_u8(v, vec_of(t));
}
MSGPACK_GEN_SHUFFLE_INLINE bool all_set(Vec v, Lanes where) noexcept {
  return vminvq_u8(vornq_u8(v, where)) == 0xff;  // the lanes outside `where` count as set
}
MSGPACK_GEN_SHUFFLE_INLINE bool any_top_bit(Vec v, Lanes where) noexcept {
  return vmaxvq_u8(vandq_u8(v, where)) >= 0x80;
}
MSGPACK_GEN_SHUFFLE_INLINE Lanes no_lanes() noexcept {
  return vdupq_n_u8(0);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec shuffle(Vec v, Vec t) noexcept {
  return vqtbl1q_u8(v, t);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec high8(Vec v) noexcept {
  return vextq_u8(v, v, 8);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec bits_xor(Vec a, Vec b) noexcept {
  return veorq_u8(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec where_negative(Vec v, Vec bits) noexcept {
  return vandq_u8(vcltzq_s8(vreinterpretq_s8_u8(v)), bits);
}
MSGPACK_GEN_SHUFFLE_INLINE unsigned outside16(Vec v, std::int16_t low1,
                                              std::int16_t low2) noexcept {
  const int16x8_t s = vreinterpretq_s16_u8(v);
  const uint16x8_t c1 = vorrq_u16(vcgtq_s16(s, vdupq_n_s16(127)), vcltq_s16(s, vdupq_n_s16(low1)));
  const uint16x8_t c2 = vorrq_u16(vcgtq_s16(s, vdupq_n_s16(255)), vcltq_s16(s, vdupq_n_s16(low2)));
  // One byte per lane (0xff or 0), each kept to its bit, then summed per half.
  static constexpr std::uint8_t kBit[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                            1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t bits = vandq_u8(vcombine_u8(vmovn_u16(c1), vmovn_u16(c2)), vld1q_u8(kBit));
  return unsigned{vaddv_u8(vget_low_u8(bits))} | unsigned{vaddv_u8(vget_high_u8(bits))} << 8;
}
MSGPACK_GEN_SHUFFLE_INLINE Vec add_bytes(Vec a, Vec b) noexcept {
  return vaddq_u8(a, b);
}
MSGPACK_GEN_SHUFFLE_INLINE Vec fixint_lanes(Vec v) noexcept {
  return vcgeq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(-32));
}
MSGPACK_GEN_SHUFFLE_INLINE Vec lookup(Vec table, Vec index) noexcept {
  return vqtbl1q_u8(table, index);  // 0 for an index from 16 on
}
#endif

// Tables of the writers and readers below: kPut* / kTake* shuffles, kMarks* lanes of markers.

// Each byte its own place: offsets (the mixed-form readers) and places to subtract from.
inline constexpr Table kLaneIndex = table({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});

// 8 values of 2 bytes as marker and big-endian payload, 24 bytes: bytes 0..15, then 16..23.
inline constexpr Table kPut3Take0 = table({-1, 1, 0, -1, 3, 2, -1, 5, 4, -1, 7, 6, -1, 9, 8, -1});
inline constexpr Table kPut3Take1 =
    table({11, 10, -1, 13, 12, -1, 15, 14, -1, -1, -1, -1, -1, -1, -1, -1});
inline constexpr Table kMarks3At0 = table({-1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1});
inline constexpr Table kMarks3At16 = table({0, 0, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
// 8 values of 4 bytes as marker and big-endian payload, 40 bytes: bytes 0..15 (values 0..2 and
// the marker of 3, from source bytes 0..15), 16..31 (the payload of 3, values 4 and 5, the marker
// and top byte of 6, from source 12..27), 32..39 (the rest of 6, value 7, from source 16..31).
inline constexpr Table kPut5Take0 = table({-1, 3, 2, 1, 0, -1, 7, 6, 5, 4, -1, 11, 10, 9, 8, -1});
inline constexpr Table kPut5Take1 = table({3, 2, 1, 0, -1, 7, 6, 5, 4, -1, 11, 10, 9, 8, -1, 15});
inline constexpr Table kPut5Take2 =
    table({10, 9, 8, -1, 15, 14, 13, 12, -1, -1, -1, -1, -1, -1, -1, -1});
inline constexpr Table kMarks5At0 = table({-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1});
inline constexpr Table kMarks5At16 = table({0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0});
inline constexpr Table kMarks5At32 = table({0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
// 8 doubles as float64, 72 bytes. 0..15: value 0 and the marker and top 6 bytes of 1 (source
// bytes 0..15); 16..31: the rest of 1, value 2, the top 4 bytes of 3 (source 8..23 and 16..31);
// 32..47: the rest of 3, value 4, the top 2 bytes of 5 (source 24..39 and 32..47); 48..63: the
// rest of 5, value 6, the marker of 7 (source 40..55); 64..71: 7 (source 56..63).
inline constexpr Table kPut9Take0 = table({-1, 7, 6, 5, 4, 3, 2, 1, 0, -1, 15, 14, 13, 12, 11, 10});
inline constexpr Table kPut9Take1a =
    table({1, 0, -1, 15, 14, 13, 12, 11, 10, 9, 8, -1, -1, -1, -1, -1});
inline constexpr Table kPut9Take1b =
    table({-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, 14, 13, 12});
inline constexpr Table kPut9Take2a =
    table({3, 2, 1, 0, -1, 15, 14, 13, 12, 11, 10, 9, 8, -1, -1, -1});
inline constexpr Table kPut9Take2b =
    table({-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, 14});
inline constexpr Table kPut9Take3 = table({5, 4, 3, 2, 1, 0, -1, 15, 14, 13, 12, 11, 10, 9, 8, -1});
inline constexpr Table kPut9Take4 =
    table({15, 14, 13, 12, 11, 10, 9, 8, -1, -1, -1, -1, -1, -1, -1, -1});
inline constexpr Table kMarks9At0 = table({-1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0});
inline constexpr Table kMarks9At16 = table({0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0});
inline constexpr Table kMarks9At32 = table({0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0});
inline constexpr Table kMarks9At48 = table({0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1});

// One marker in the marker lanes of a block's output: a block of 3-byte forms (kMarks3At0 and
// kMarks3At16), of 5-byte forms (kMarks5At0, 16 and 32). Made once per array or run.
struct Marks3 {
  Vec at[2];
};
struct Marks5 {
  Vec at[3];
};
MSGPACK_GEN_SHUFFLE_INLINE Marks3 marks3(std::uint8_t marker) noexcept {
  const Vec m = splat(marker);
  return {{bits_and(m, vec_of(kMarks3At0)), bits_and(m, vec_of(kMarks3At16))}};
}
MSGPACK_GEN_SHUFFLE_INLINE Marks5 marks5(std::uint8_t marker) noexcept {
  const Vec m = splat(marker);
  return {{bits_and(m, vec_of(kMarks5At0)), bits_and(m, vec_of(kMarks5At16)),
           bits_and(m, vec_of(kMarks5At32))}};
}

// 8 values of 2 bytes at v written as marker and big-endian payload, 24 bytes.
MSGPACK_GEN_SHUFFLE_INLINE void put_shuffled3(std::uint8_t* p, const void* v,
                                              const Marks3& marks) noexcept {
  const Vec a = load16(v);
  store16(p, bits_or(shuffle(a, kPut3Take0), marks.at[0]));
  store8(p + 16, bits_or(shuffle(a, kPut3Take1), marks.at[1]));
}

// 8 values of 4 bytes at v written as marker and big-endian payload, 40 bytes.
MSGPACK_GEN_SHUFFLE_INLINE void put_shuffled5(std::uint8_t* p, const void* v,
                                              const Marks5& marks) noexcept {
  const auto* in = static_cast<const std::uint8_t*>(v);
  const Vec a = load16(in);       // values 0..3
  const Vec c = load16(in + 12);  // 3..6
  const Vec d = load16(in + 16);  // 4..7
  store16(p, bits_or(shuffle(a, kPut5Take0), marks.at[0]));
  store16(p + 16, bits_or(shuffle(c, kPut5Take1), marks.at[1]));
  store8(p + 32, bits_or(shuffle(d, kPut5Take2), marks.at[2]));
}

// 4 values of 16 bits in any of their three sizes (1: a fixint; 2: uint8 or int8, marker and
// byte; 3: uint16 or int16, marker and big-endian payload), from the 8 source bytes of half a
// block, by the sizes' pattern: the value's bytes (take), the unsigned form's marker (marks:
// 0xcc, 0xcd), and the value's high byte at its marker (sign: a negative value's marker is the
// signed form's, 0xd0 or 0xd1). Built for each of the 81 patterns (base 3, lane 0 the lowest
// digit, 0 for 1 byte) and stored at the pattern's key (Mixed16Tables).
// An entry is one cache line, so that its address is the key shifted and a lookup reads one line;
// `length` is the bytes it writes.
struct alignas(64) Mixed16 {
  Table take, marks, sign;
  std::uint8_t length;
};
struct Mixed16Tables {
  // By the lanes' bits (low 4: wider than a fixint, high 4: 3 bytes), without an index table
  // between (one load fewer per 4 values). Keys with a 3-byte bit and not its wider bit never
  // occur.
  Mixed16 entry[256];
};
constexpr Mixed16Tables make_mixed16_tables() noexcept {
  Mixed16Tables t{};
  for (unsigned pattern = 0; pattern < 81; ++pattern) {
    Mixed16 e{};
    for (std::size_t i = 0; i < 16; ++i) {
      e.take.byte[i] = 0xff;
      e.sign.byte[i] = 0xff;
    }
    unsigned pos = 0;
    unsigned digits = pattern;
    unsigned key = 0;
    for (unsigned lane = 0; lane < 4; ++lane, digits /= 3) {
      const unsigned size = digits % 3 + 1;
      const auto low = static_cast<std::uint8_t>(2 * lane);
      const auto high = static_cast<std::uint8_t>(2 * lane + 1);
      if (size == 1) {
        e.take.byte[pos] = low;
      } else {
        e.marks.byte[pos] = size == 2 ? 0xcc : 0xcd;
        e.sign.byte[pos] = high;
        if (size == 3) e.take.byte[pos + 1] = high;
        e.take.byte[pos + size - 1] = low;
        key |= 1u << lane | (size == 3 ? 1u << (lane + 4) : 0u);
      }
      pos += size;
    }
    e.length = static_cast<std::uint8_t>(pos);
    t.entry[key] = e;
  }
  return t;
}
inline constexpr Mixed16Tables kMixed16 = make_mixed16_tables();

// A block of 8 values of 16 bits (R: a signed or unsigned 16-bit integer), loaded and classified:
// `outside` as outside16() gives it for R (bit i: value i is not a fixint, bit 8 + i: it takes 3
// bytes), and `full` the index of the full-width form all its values take (0: uint16, 1: int16),
// or -1 when they take mixed sizes (put_mixed16()).
struct Block16 {
  Vec values;
  unsigned outside;
  int full;
};
// The least fixint and the least value of one byte of a 16-bit R, as signed lanes: an unsigned
// value at or above 2^15 is below 0, and takes 3 bytes.
template <class R>
inline constexpr std::int16_t kLeastFixint16 = static_cast<std::int16_t>(-kFixintBias<R>);
template <class R>
inline constexpr std::int16_t kLeastByte16 = std::is_signed_v<R> ? -128 : 0;

// Block16::full for a block at v whose values all take 3 bytes: one form unless the signs differ.
template <class R>
MSGPACK_GEN_ALWAYS_INLINE int full_form16(const R* v) noexcept {
  const unsigned form = std::is_signed_v<R> ? full_width_form(v) : 2;
  return form == 0 ? -1 : form == 2 ? 0 : 1;
}

template <class R>
MSGPACK_GEN_SHUFFLE_INLINE Block16 block16(const R* v) noexcept {
  Block16 block{load16(v), 0, -1};
  block.outside = outside16(block.values, kLeastFixint16<R>, kLeastByte16<R>);
  if (block.outside == 0xffff) block.full = full_form16(v);
  return block;
}

// The kMixed16 keys of a block's halves from its `outside` bits: the first half's in bits 0-7,
// the second's in bits 8-15.
MSGPACK_GEN_ALWAYS_INLINE unsigned mixed16_keys(unsigned outside) noexcept {
  return (outside & 0xf) | (outside >> 4 & 0xf0) | (outside << 4 & 0xf00) | (outside & 0xf000);
}

// A block of any mix of sizes (values, its kMixed16 keys as mixed16_keys() gives them) written
// at p without a branch: each half through kMixed16. Returns the byte after it; stores up to 12
// bytes past it (within kSlack).
template <class R>
MSGPACK_GEN_SHUFFLE_INLINE std::uint8_t* put_mixed16(std::uint8_t* p, Vec values,
                                                     unsigned keys) noexcept {
  const Vec halves[2] = {values, high8(values)};
  for (int h = 0; h < 2; ++h) {
    const unsigned key = h == 0 ? keys & 0xff : keys >> 8;
    const Mixed16& e = kMixed16.entry[key];
    Vec marks = vec_of(e.marks);
    if constexpr (std::is_signed_v<R>) {
      // 0xcc ^ 0x1c = 0xd0 (int8), 0xcd ^ 0x1c = 0xd1 (int16).
      marks = bits_xor(marks, where_negative(shuffle(halves[h], e.sign), splat(0x1c)));
    }
    store16(p, bits_or(shuffle(halves[h], e.take), marks));
    p += e.length;
  }
  return p;
}

// n / kBlock blocks of 16-bit integers in any forms: blocks whose values all take the full width
// with one marker by put_shuffled3(), the others by put_mixed16(). Returns the byte after them.
template <class R>
MSGPACK_GEN_SHUFFLE_KERNEL std::uint8_t* put_int16_blocks(std::uint8_t* p, const R* v,
                                                          std::size_t n) noexcept {
  static_assert(sizeof(R) == 2, "16-bit integers");
  const Marks3 marks[2] = {marks3(0xcd), marks3(0xd1)};  // uint16, int16
  for (const R* end = v + n / kBlock * kBlock; v != end; v += kBlock) {
    const Block16 block = block16(v);
    if (block.full < 0) {
      p = put_mixed16<R>(p, block.values, mixed16_keys(block.outside));
      continue;
    }
    put_shuffled3(p, v, marks[block.full]);
    p += 3 * kBlock;
  }
  return p;
}

// The run of blocks of 32-bit integers at v (at most `blocks`, the first of which takes R's full
// width: `form`) whose values all take that same form, written at p. Returns the blocks written.
template <class R>
MSGPACK_GEN_SHUFFLE_KERNEL std::size_t put_full_width_run(std::uint8_t*& p, const R* v,
                                                          std::size_t blocks,
                                                          unsigned form) noexcept {
  static_assert(sizeof(R) == 4, "32-bit integers");
  const Marks5 marks = marks5(kMarker[form]);
  std::uint8_t* out = p;
  std::size_t b = 0;
  do {
    put_shuffled5(out, v, marks);
    out += 5 * kBlock;
    v += kBlock;
  } while (++b < blocks && full_width_form(v) == form);
  p = out;
  return b;
}

// n / kBlock blocks of doubles as float64, 72 bytes a block: five stores of shuffled payloads
// ORed with the markers, each from one or two loads of the 16 source bytes it needs.
MSGPACK_GEN_SHUFFLE_KERNEL std::uint8_t* put_double_blocks(std::uint8_t* p, const double* v,
                                                           std::size_t n) noexcept {
  const Vec marker = splat(0xcb);
  const Vec marks0 = bits_and(marker, vec_of(kMarks9At0));
  const Vec marks1 = bits_and(marker, vec_of(kMarks9At16));
  const Vec marks2 = bits_and(marker, vec_of(kMarks9At32));
  const Vec marks3 = bits_and(marker, vec_of(kMarks9At48));
  for (const double* end = v + n / kBlock * kBlock; v != end; v += kBlock, p += 9 * kBlock) {
    const auto* in = reinterpret_cast<const std::uint8_t*>(v);
    store16(p, bits_or(shuffle(load16(in), kPut9Take0), marks0));
    store16(p + 16, bits_or(bits_or(shuffle(load16(in + 8), kPut9Take1a),
                                    shuffle(load16(in + 16), kPut9Take1b)),
                            marks1));
    store16(p + 32, bits_or(bits_or(shuffle(load16(in + 24), kPut9Take2a),
                                    shuffle(load16(in + 32), kPut9Take2b)),
                            marks2));
    store16(p + 48, bits_or(shuffle(load16(in + 40), kPut9Take3), marks3));
    store8(p + 64, shuffle(load16(in + 48), kPut9Take4));
  }
  return p;
}

// n / kBlock blocks of floats as float32, 40 bytes a block. Returns the byte after them.
MSGPACK_GEN_SHUFFLE_KERNEL std::uint8_t* put_float_blocks(std::uint8_t* p, const float* v,
                                                          std::size_t n) noexcept {
  const Marks5 marks = marks5(0xca);
  for (const float* end = v + n / kBlock * kBlock; v != end; v += kBlock, p += 5 * kBlock) {
    put_shuffled5(p, v, marks);
  }
  return p;
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_WIDE)
// ---- AVX2: runs of one fixed-width form, a block per 32-byte shuffle ------------------------
//
// vpshufb shuffles each 16-byte half of a 32-byte vector on its own, so a block's source bytes
// are first placed in the halves (a broadcast, or vpermd), and each half takes the SSSE3 table
// of its part of the output. The bytes are those of the SSSE3 kernels above.
#define MSGPACK_GEN_WIDE_INLINE __attribute__((target("avx2"), always_inline)) inline

// Two 16-byte tables as the halves of one 32-byte vector.
MSGPACK_GEN_WIDE_INLINE __m256i vec_of(const Table& low, const Table& high) noexcept {
  return _mm256_setr_m128i(vec_of(low), vec_of(high));
}

// 8 values of 2 bytes with one marker: both halves see the values (a broadcast); the low half
// writes bytes 0..15, the high half 16..23 and 8 zero bytes past the block (within kSlack,
// overwritten by the next block).
struct Wide3 {
  __m256i take, marks;
};
MSGPACK_GEN_WIDE_INLINE Wide3 wide3(std::uint8_t marker) noexcept {
  return {vec_of(kPut3Take0, kPut3Take1),
          _mm256_and_si256(_mm256_set1_epi8(static_cast<char>(marker)),
                           vec_of(kMarks3At0, kMarks3At16))};
}
MSGPACK_GEN_WIDE_INLINE void put_wide3(std::uint8_t* p, const void* v, const Wide3& k) noexcept {
  const __m256i a = _mm256_broadcastsi128_si256(load16(v));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                      _mm256_or_si256(_mm256_shuffle_epi8(a, k.take), k.marks));
}

// 8 values of 4 bytes with one marker: the halves get values 0..3 and 3..6 (vpermd) and write
// bytes 0..31; the upper half of the load, values 4..7, gives bytes 32..39.
struct Wide5 {
  __m256i spread, take, marks;
  Vec last_marks;
};
MSGPACK_GEN_WIDE_INLINE Wide5 wide5(std::uint8_t marker) noexcept {
  const __m256i markers = _mm256_set1_epi8(static_cast<char>(marker));
  return {_mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6), vec_of(kPut5Take0, kPut5Take1),
          _mm256_and_si256(markers, vec_of(kMarks5At0, kMarks5At16)),
          bits_and(_mm256_castsi256_si128(markers), vec_of(kMarks5At32))};
}
MSGPACK_GEN_WIDE_INLINE __m256i load32(const void* v) noexcept {
  return _mm256_loadu_si256(static_cast<const __m256i*>(v));
}
MSGPACK_GEN_WIDE_INLINE void put_wide5(std::uint8_t* p, __m256i a, const Wide5& k) noexcept {
  const __m256i halves = _mm256_permutevar8x32_epi32(a, k.spread);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                      _mm256_or_si256(_mm256_shuffle_epi8(halves, k.take), k.marks));
  store8(p + 32, bits_or(shuffle(_mm256_extracti128_si256(a, 1), kPut5Take2), k.last_marks));
}

// The lanes of a (8 values of 32 bits) outside a run's full-width form: for uint32, values whose
// high half is zero; for int32, values above -32769 (bound -32769, negative) or below 0x10000.
template <class R>
MSGPACK_GEN_WIDE_INLINE __m256i outside_form_wide(__m256i a, bool negative,
                                                  __m256i bound) noexcept {
  if constexpr (std::is_unsigned_v<R>) {
    (void)negative;
    (void)bound;
    return _mm256_cmpeq_epi32(_mm256_srli_epi32(a, 16), _mm256_setzero_si256());
  } else {
    return negative ? _mm256_cmpgt_epi32(a, bound) : _mm256_cmpgt_epi32(bound, a);
  }
}

// put_full_width_run() with AVX2.
template <class R>
MSGPACK_GEN_WIDE_KERNEL std::size_t put_full_width_run_wide(std::uint8_t*& p, const R* v,
                                                            std::size_t blocks,
                                                            unsigned form) noexcept {
  static_assert(sizeof(R) == 4, "32-bit integers");
  const Wide5 k = wide5(kMarker[form]);
  // A block is in the run when no lane is outside the form: for uint32 when no value's high
  // half is zero, for int32 when every value is below -32768 (its form, as the first block's).
  const bool negative = std::is_signed_v<R> && form == 7;
  const __m256i bound = _mm256_set1_epi32(negative ? -32769 : 0x10000);
  std::uint8_t* out = p;
  std::size_t b = 0;
  __m256i a = load32(v);  // the caller checked this first block
  for (;;) {
    put_wide5(out, a, k);
    out += 5 * kBlock;
    v += kBlock;
    if (++b == blocks) break;
    a = load32(v);
    if (_mm256_movemask_epi8(outside_form_wide<R>(a, negative, bound)) != 0) break;
  }
  p = out;
  return b;
}

// Each lane of x that is not a 32-bit fixint of R, all ones (least, greatest: the fixint range,
// as signed lanes; an unsigned value at or above 2^31 is below 0, outside the fixints too).
MSGPACK_GEN_WIDE_INLINE __m256i outside_fixints_wide(__m256i x, __m256i least,
                                                     __m256i greatest) noexcept {
  return _mm256_or_si256(_mm256_cmpgt_epi32(x, greatest), _mm256_cmpgt_epi32(least, x));
}

// The 16 fixints in x (values 0-7) and y (8-15), each value's low byte, stored at p.
MSGPACK_GEN_WIDE_INLINE void store_fixints_16(std::uint8_t* p, __m256i x, __m256i y) noexcept {
  // 16-bit lanes x0-3 y0-3 | x4-7 y4-7, then bytes x0-3 y0-3 x4-7 y4-7, then in order.
  const __m256i words = _mm256_packs_epi32(x, y);
  const __m128i bytes =
      _mm_packs_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                   _mm_shuffle_epi32(bytes, _MM_SHUFFLE(3, 1, 2, 0)));
}

// Blocks (8 values) of 32- or 64-bit integers R, for put_fixint_run_wide(): load() gives a
// block's values as eight 32-bit lanes and ORs into `outside` the lanes that are not fixints of
// R; store() writes two loaded blocks as 16 bytes in order; put_32() checks and writes 4 blocks.
// A 64-bit value is checked whole (its low half alone may look like a fixint), and its low half,
// which holds it, is kept: the second four values' low halves shifted into the first four's high
// halves, so no shuffle is needed until store() puts the 16 bytes in order with one.
template <class R>
struct FixintBlocksWide {
  static_assert(sizeof(R) == 4 || sizeof(R) == 8, "32- and 64-bit integers");
  using Lane = std::conditional_t<sizeof(R) == 4, std::int32_t, std::int64_t>;
  MSGPACK_GEN_WIDE_INLINE FixintBlocksWide() noexcept
      : least(set1(-kFixintBias<R>)), greatest(set1(127)) {}

  MSGPACK_GEN_WIDE_INLINE __m256i load(const R* v, __m256i& outside) const noexcept {
    if constexpr (sizeof(R) == 4) {
      const __m256i x = load32(v);
      outside = _mm256_or_si256(outside, outside_fixints_wide(x, least, greatest));
      return x;
    } else {
      const __m256i a = load32(v);      // values 0-3
      const __m256i b = load32(v + 4);  // values 4-7
      outside = _mm256_or_si256(outside, _mm256_or_si256(outside64(a), outside64(b)));
      // 32-bit lanes: values 0 4 1 5 | 2 6 3 7.
      return _mm256_blend_epi32(a, _mm256_slli_epi64(b, 32), 0xaa);
    }
  }

  // The 32 values (4 blocks) at v written at p when all are fixints: true; otherwise nothing is
  // written. 32-bit values are checked by their least and greatest lane, one comparison for the
  // four blocks, and packed into one store.
  MSGPACK_GEN_WIDE_INLINE bool put_32(std::uint8_t* p, const R* v) const noexcept {
    if constexpr (sizeof(R) == 4) {
      const __m256i a = load32(v);
      const __m256i b = load32(v + kBlock);
      const __m256i c = load32(v + 2 * kBlock);
      const __m256i d = load32(v + 3 * kBlock);
      const __m256i lo = _mm256_min_epi32(_mm256_min_epi32(a, b), _mm256_min_epi32(c, d));
      const __m256i hi = _mm256_max_epi32(_mm256_max_epi32(a, b), _mm256_max_epi32(c, d));
      const __m256i outside =
          _mm256_or_si256(_mm256_cmpgt_epi32(hi, greatest), _mm256_cmpgt_epi32(least, lo));
      if (!_mm256_testz_si256(outside, outside)) return false;
      // Words 0-3 8-11 | 4-7 12-15 and 16-19 24-27 | 20-23 28-31, then bytes 0-3 8-11 16-19
      // 24-27 | 4-7 12-15 20-23 28-31: four values to a 32-bit lane, put in order by one permute.
      const __m256i bytes = _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
      _mm256_storeu_si256(
          reinterpret_cast<__m256i*>(p),
          _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)));
      return true;
    } else {
      // AVX2 has no 64-bit minimum or maximum. With kFixintBias added, a fixint is 0..127 (an
      // unsigned one is then checked whole) or 0..kFixintBiased: one OR of the 32 values shows
      // whether all are below 256, and once they are bytes, a saturating subtraction shows
      // whether any is above kFixintBiased.
      constexpr bool kSigned = std::is_signed_v<R>;
      __m256i q[8];
      __m256i any = _mm256_setzero_si256();
      for (std::size_t k = 0; k < 8; ++k) {
        q[k] = load32(v + 4 * k);
        if constexpr (kSigned) q[k] = _mm256_add_epi64(q[k], _mm256_set1_epi64x(kFixintBias<R>));
        any = _mm256_or_si256(any, q[k]);
      }
      const std::int64_t low_bits = kSigned ? 0xff : 0x7f;
      if (!_mm256_testz_si256(any, _mm256_set1_epi64x(~low_bits))) return false;
      // Each value's low 32 bits, two vectors to one: values 0 1 4 5 | 2 3 6 7, 8 9 12 13 | ...;
      // after two packs, bytes 0 1 4 5 8 9 .. 28 29 | 2 3 6 7 .. 30 31.
      __m256i halves[4];
      for (std::size_t k = 0; k < 4; ++k) {
        halves[k] = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(q[2 * k]),
                                                          _mm256_castsi256_ps(q[2 * k + 1]),
                                                          _MM_SHUFFLE(2, 0, 2, 0)));
      }
      __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(halves[0], halves[1]),
                                          _mm256_packs_epi32(halves[2], halves[3]));
      if constexpr (kSigned) {
        const __m256i above =
            _mm256_subs_epu8(bytes, _mm256_set1_epi8(static_cast<char>(kFixintBiased<R>)));
        if (!_mm256_testz_si256(above, above)) return false;
        bytes = _mm256_sub_epi8(bytes, _mm256_set1_epi8(static_cast<char>(kFixintBias<R>)));
      }
      // The 16-bit lanes hold pairs 0 2 4 .. 14 | 1 3 5 .. 15 (pair k: values 2k and 2k + 1);
      // the vpermq gives the halves pairs 0 2 4 6 1 3 5 7 | 8 10 12 14 9 11 13 15, the shuffle
      // puts each half's in order.
      const __m256i pairs = _mm256_permute4x64_epi64(bytes, _MM_SHUFFLE(3, 1, 2, 0));
      const __m256i order = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                             0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_shuffle_epi8(pairs, order));
      return true;
    }
  }

  MSGPACK_GEN_WIDE_INLINE void store(std::uint8_t* p, __m256i x, __m256i y) const noexcept {
    if constexpr (sizeof(R) == 4) {
      store_fixints_16(p, x, y);
    } else {
      // x: values 0 4 1 5 | 2 6 3 7, y: 8 12 9 13 | 10 14 11 15; after the packs, bytes 0 4 1 5
      // 8 12 9 13 2 6 3 7 10 14 11 15.
      const __m256i words = _mm256_packs_epi32(x, y);
      const __m128i bytes =
          _mm_packs_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
      const __m128i order = _mm_setr_epi8(0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_shuffle_epi8(bytes, order));
    }
  }

 private:
  MSGPACK_GEN_WIDE_INLINE static __m256i set1(Lane x) noexcept {
    if constexpr (sizeof(R) == 4) {
      return _mm256_set1_epi32(x);
    } else {
      return _mm256_set1_epi64x(x);
    }
  }
  MSGPACK_GEN_WIDE_INLINE __m256i outside64(__m256i x) const noexcept {
    return _mm256_or_si256(_mm256_cmpgt_epi64(x, greatest), _mm256_cmpgt_epi64(least, x));
  }

  // As signed lanes, as in outside_fixints_wide(): an unsigned value at or above 2^63 (2^31) is
  // below 0.
  __m256i least;
  __m256i greatest;
};

// The run of fixints at v (32- or 64-bit integers R), up to `blocks` blocks, written at p with
// AVX2: 16 values a step (a range check of each block, then two saturating packs), and once a
// step holds only fixints, the rest of the run 32 a step with one branch. Stops at the first 16
// values that are not all fixints, or when fewer than 16 are left. Returns the blocks written. p
// has room for the largest form of every value, so the 16-byte stores fit.
template <class R>
MSGPACK_GEN_WIDE_KERNEL std::size_t put_fixint_run_wide(std::uint8_t*& p, const R* v,
                                                        std::size_t blocks) noexcept {
  const FixintBlocksWide<R> fixints;
  std::uint8_t* out = p;
  std::size_t b = 0;
  while (blocks - b >= 2) {
    __m256i outside = _mm256_setzero_si256();
    const __m256i x = fixints.load(v, outside);
    const __m256i y = fixints.load(v + kBlock, outside);
    if (!_mm256_testz_si256(outside, outside)) break;
    fixints.store(out, x, y);
    out += 2 * kBlock;
    v += 2 * kBlock;
    b += 2;
    // More fixints likely follow. A step that holds another value ends this loop, and the
    // 16-value step above takes what it can of it. The loop counts by its input pointer alone.
    const R* const from = v;
    const R* const last_step = v + (blocks - b) / 4 * (4 * kBlock);
    while (v != last_step && fixints.put_32(out, v)) {
      out += 4 * kBlock;
      v += 4 * kBlock;
    }
    b += static_cast<std::size_t>(v - from) / kBlock;
  }
  p = out;
  return b;
}

// The kMixed16 keys of two blocks of 16-bit integers R (x: 16 values), a byte per half block in
// order, as mixed16_keys() gives them for each block: the compares of outside16() on 16 lanes,
// and one shuffle that puts each half block's two sets of 4 bits side by side.
template <class R>
MSGPACK_GEN_WIDE_INLINE unsigned mixed16_keys_wide(__m256i x) noexcept {
  const __m256i low_fixint = _mm256_set1_epi16(kLeastFixint16<R>);
  const __m256i low_byte = _mm256_set1_epi16(kLeastByte16<R>);
  const __m256i wider = _mm256_or_si256(_mm256_cmpgt_epi16(x, _mm256_set1_epi16(127)),
                                        _mm256_cmpgt_epi16(low_fixint, x));
  const __m256i three = _mm256_or_si256(_mm256_cmpgt_epi16(x, _mm256_set1_epi16(255)),
                                        _mm256_cmpgt_epi16(low_byte, x));
  // Each half: bytes "wider" of values 0-7, then "three" of values 0-7; to 0-3 of each, then 4-7.
  const __m256i order = _mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15, 0, 1,
                                         2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15);
  return static_cast<unsigned>(
      _mm256_movemask_epi8(_mm256_shuffle_epi8(_mm256_packs_epi16(wider, three), order)));
}

// A block of 16-bit integers R at v (values: its 8 values; keys: its kMixed16 keys) written at
// p with AVX2: in one form (uint16 or int16) by put_wide3(), else by put_mixed16().
template <class R>
MSGPACK_GEN_WIDE_INLINE std::uint8_t* put_block16_wide(std::uint8_t* p, const R* v, Vec values,
                                                       unsigned keys,
                                                       const Wide3 (&forms)[2]) noexcept {
  if (keys == 0xffff) {  // all take 3 bytes
    const int full = full_form16(v);
    if (full >= 0) {
      put_wide3(p, v, forms[full]);
      return p + 3 * kBlock;
    }
  }
  return put_mixed16<R>(p, values, keys);
}

// put_int16_blocks() with AVX2: two blocks classified at once.
template <class R>
MSGPACK_GEN_WIDE_KERNEL std::uint8_t* put_int16_blocks_wide(std::uint8_t* p, const R* v,
                                                            std::size_t n) noexcept {
  static_assert(sizeof(R) == 2, "16-bit integers");
  const Wide3 forms[2] = {wide3(0xcd), wide3(0xd1)};  // uint16, int16
  const R* const end = v + n / kBlock * kBlock;
  for (const R* pairs_end = v + n / (2 * kBlock) * (2 * kBlock); v != pairs_end; v += 2 * kBlock) {
    const __m256i x = load32(v);
    const unsigned keys = mixed16_keys_wide<R>(x);
    p = put_block16_wide<R>(p, v, _mm256_castsi256_si128(x), keys & 0xffff, forms);
    p = put_block16_wide<R>(p, v + kBlock, _mm256_extracti128_si256(x, 1), keys >> 16, forms);
  }
  if (v != end) {
    const Vec values = load16(v);
    const unsigned outside = outside16(values, kLeastFixint16<R>, kLeastByte16<R>);
    p = put_block16_wide<R>(p, v, values, mixed16_keys(outside), forms);
  }
  return p;
}

// put_float_blocks() with AVX2.
MSGPACK_GEN_WIDE_KERNEL std::uint8_t* put_float_blocks_wide(std::uint8_t* p, const float* v,
                                                            std::size_t n) noexcept {
  const Wide5 k = wide5(0xca);
  for (const float* end = v + n / kBlock * kBlock; v != end; v += kBlock, p += 5 * kBlock) {
    put_wide5(p, load32(v), k);
  }
  return p;
}

// Output bytes 16..31 of a block of doubles (see kPut9Take1a), from the source's 32-bit words 2,
// 4, 5 and 7 (bytes 8..11, 16..23, 28..31); bytes 32..47 (kPut9Take2a) from words 6, 8, 9 and 11
// (bytes 24..27, 32..39, 44..47).
inline constexpr Table kWide9Take1 =
    table({1, 0, -1, 11, 10, 9, 8, 7, 6, 5, 4, -1, 15, 14, 13, 12});
inline constexpr Table kWide9Take2 = table({3, 2, 1, 0, -1, 11, 10, 9, 8, 7, 6, 5, 4, -1, 15, 14});

// put_double_blocks() with AVX2: bytes 0..31 and 32..63 of a block each take one 32-byte load,
// a vpermd that gives each half the 32-bit words it needs, and one shuffle; 64..71 as there.
MSGPACK_GEN_WIDE_KERNEL std::uint8_t* put_double_blocks_wide(std::uint8_t* p, const double* v,
                                                             std::size_t n) noexcept {
  const __m256i markers = _mm256_set1_epi8(static_cast<char>(0xcb));
  const __m256i spread0 = _mm256_setr_epi32(0, 1, 2, 3, 2, 4, 5, 7);  // from source byte 0
  const __m256i spread1 = _mm256_setr_epi32(0, 2, 3, 5, 4, 5, 6, 7);  // from source byte 24
  const __m256i take0 = vec_of(kPut9Take0, kWide9Take1);
  const __m256i take1 = vec_of(kWide9Take2, kPut9Take3);
  const __m256i marks0 = _mm256_and_si256(markers, vec_of(kMarks9At0, kMarks9At16));
  const __m256i marks1 = _mm256_and_si256(markers, vec_of(kMarks9At32, kMarks9At48));
  for (const double* end = v + n / kBlock * kBlock; v != end; v += kBlock, p += 9 * kBlock) {
    const auto* in = reinterpret_cast<const std::uint8_t*>(v);
    const __m256i a = _mm256_permutevar8x32_epi32(load32(in), spread0);
    const __m256i b = _mm256_permutevar8x32_epi32(load32(in + 24), spread1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                        _mm256_or_si256(_mm256_shuffle_epi8(a, take0), marks0));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 32),
                        _mm256_or_si256(_mm256_shuffle_epi8(b, take1), marks1));
    store8(p + 64, shuffle(load16(in + 48), kPut9Take4));
  }
  return p;
}

// ---- AVX2: integers of mixed forms, 4 at a time ---------------------------------------------
//
// put_any() for 4 values widened to 64 bits. Compares against each form's greatest value give a
// value's form as a table index in every byte of its lane; shuffles of two 16-byte tables turn
// the indexes into markers and widths. Each value gets a 16-byte half of its own, holding its
// value bytes with the marker just above the width it keeps (and again in the upper 8 bytes,
// for the 8-byte forms), and one shuffle per two halves reverses the kept bytes behind the
// marker. Four 16-byte stores at the running offsets write them; each overwrites the spare bytes
// of the one before (at most 15 past the last value, within kSlack).

// The form (kMarker's index) of each index of the tables: the number of the forms' intervals
// (fixint, 8, 16, 32 bits) the value lies in, 0..4 (uint64 .. a fixint), plus 5 for a negative
// value (int64 .. a negative fixint).
constexpr unsigned mixed4_form(unsigned index) noexcept {
  const unsigned intervals = index < 5 ? index : index - 5;
  if (index < 5) return 4 - intervals;
  return intervals == 4 ? 0 : 8 - intervals;
}
enum class Mixed4Field { marker, width };
constexpr Table mixed4_table(Mixed4Field field) noexcept {
  Table t{};
  for (unsigned i = 0; i < 10; ++i) {
    const unsigned form = mixed4_form(i);
    t.byte[i] = field == Mixed4Field::marker ? kMarker[form] : kWidth[form];
  }
  return t;
}
inline constexpr Table kMixed4Marker = mixed4_table(Mixed4Field::marker);
inline constexpr Table kMixed4Width = mixed4_table(Mixed4Field::width);

MSGPACK_GEN_WIDE_INLINE __m256i lanes64(std::uint64_t bits) noexcept {
  return _mm256_set1_epi64x(static_cast<long long>(bits));
}

// The 4 values of x (sign- or zero-extended to 64 bits) at p; returns the byte after them.
template <bool kSigned>
MSGPACK_GEN_WIDE_INLINE std::uint8_t* put_mixed_4(std::uint8_t* p, __m256i x) noexcept {
  // m: the value, or for a negative one its complement shifted left once, so that the signed
  // forms' bounds become the unsigned ones (~x <= 0x7f: int8, as m <= 0xff). Compared signed
  // after flipping the top bit, as AVX2 compares only signed.
  constexpr std::uint64_t kFlip = std::uint64_t{1} << 63;
  __m256i negative = _mm256_setzero_si256();
  __m256i m = x;
  __m256i fixint_end = lanes64(kFlip + 0x80);  // fixints: m < 0x80, or ~x < 0x20 when negative
  if constexpr (kSigned) {
    negative = _mm256_cmpgt_epi64(_mm256_setzero_si256(), x);
    const __m256i complement = _mm256_xor_si256(x, negative);
    m = _mm256_add_epi64(complement, _mm256_and_si256(complement, negative));
    fixint_end =
        _mm256_add_epi64(fixint_end, _mm256_and_si256(negative, lanes64(~std::uint64_t{0x3f})));
  }
  m = _mm256_xor_si256(m, lanes64(kFlip));
  // The number of forms' intervals the value lies in: its index among each sign's forms. The
  // masks (-1 each) are summed by byte, so every byte of a lane holds the index, and the lookups
  // below give every byte of a lane the value's marker and width.
  const __m256i in_fixint = _mm256_cmpgt_epi64(fixint_end, m);
  const __m256i in_8 = _mm256_cmpgt_epi64(lanes64(kFlip + 0x100), m);
  const __m256i in_16 = _mm256_cmpgt_epi64(lanes64(kFlip + 0x10000), m);
  const __m256i in_32 = _mm256_cmpgt_epi64(lanes64(kFlip + 0x100000000), m);
  __m256i index = _mm256_abs_epi8(
      _mm256_add_epi8(_mm256_add_epi8(in_fixint, in_8), _mm256_add_epi8(in_16, in_32)));
  if constexpr (kSigned)
    index = _mm256_add_epi8(index, _mm256_and_si256(negative, _mm256_set1_epi8(5)));
  const __m256i markers = _mm256_shuffle_epi8(vec_of(kMixed4Marker, kMixed4Marker), index);
  const __m256i widths = _mm256_shuffle_epi8(vec_of(kMixed4Width, kMixed4Width), index);
  // Each byte's place in its lane, and whether it lies above the value's width.
  const __m256i places = vec_of(kLaneIndex, kLaneIndex);
  const __m256i lane_places = _mm256_and_si256(places, _mm256_set1_epi8(7));
  __m256i bytes = x;
  if constexpr (kSigned) {
    // A negative value's bytes above its width (above its own byte for a fixint) are 0xff:
    // cleared, so that the marker fits.
    const __m256i clear =
        _mm256_cmpgt_epi8(_mm256_max_epu8(widths, _mm256_set1_epi8(1)), lane_places);
    bytes = _mm256_xor_si256(bytes, _mm256_andnot_si256(clear, negative));
  }
  bytes =
      _mm256_or_si256(bytes, _mm256_andnot_si256(_mm256_cmpgt_epi8(widths, lane_places), markers));
  // Values 0 and 2 in the halves of `even`, 1 and 3 in those of `odd`, the marker in the upper
  // 8 bytes. Output byte j of a half takes its byte width - j: the marker, then the value's
  // bytes from the highest kept one (a negative index, past the width, gives a zero).
  const __m256i even = _mm256_unpacklo_epi64(bytes, markers);
  const __m256i odd = _mm256_unpackhi_epi64(bytes, markers);
  const __m256i even_out =
      _mm256_shuffle_epi8(even, _mm256_sub_epi8(_mm256_unpacklo_epi64(widths, widths), places));
  const __m256i odd_out =
      _mm256_shuffle_epi8(odd, _mm256_sub_epi8(_mm256_unpackhi_epi64(widths, widths), places));
  // The widths of values 0 and 1 in bytes 0 and 1, of 2 and 3 in bytes 16 and 17; then the
  // running sums of the sizes (width + 1), byte k the end of value k.
  const __m256i pairs = _mm256_shuffle_epi8(
      widths, _mm256_setr_epi8(0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 8,
                               -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
  const auto low = static_cast<std::uint32_t>(_mm256_cvtsi256_si32(pairs));
  const auto high =
      static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm256_extracti128_si256(pairs, 1)));
  const std::uint32_t ends = ((low | high << 16) + 0x01010101u) * 0x01010101u;
  store16(p, _mm256_castsi256_si128(even_out));
  store16(p + (ends & 0xff), _mm256_castsi256_si128(odd_out));
  store16(p + (ends >> 8 & 0xff), _mm256_extracti128_si256(even_out, 1));
  store16(p + (ends >> 16 & 0xff), _mm256_extracti128_si256(odd_out, 1));
  return p + (ends >> 24);
}

// Blocks of 32- or 64-bit integers of mixed forms (R: the underlying integer of an enum; the
// vector loads read it in place) written 4 values at a time. Returns the byte after them.
template <class R>
MSGPACK_GEN_WIDE_KERNEL std::uint8_t* put_mixed_blocks_wide(std::uint8_t* p, const R* v,
                                                            std::size_t blocks) noexcept {
  static_assert(sizeof(R) == 4 || sizeof(R) == 8, "32- and 64-bit integers");
  for (const R* end = v + blocks * kBlock; v != end; v += 4) {
    __m256i x;
    if constexpr (sizeof(R) == 8) {
      x = load32(v);
    } else if constexpr (std::is_signed_v<R>) {
      x = _mm256_cvtepi32_epi64(load16(v));
    } else {
      x = _mm256_cvtepu32_epi64(load16(v));
    }
    p = put_mixed_4<std::is_signed_v<R>>(p, x);
  }
  return p;
}
#endif

// The last few after the blocks (fewer than kBlock), and short arrays: put()'s branches cost
// fewer instructions than put_any() when they predict well, and there are not enough values here
// to mispredict often.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_tail(std::uint8_t* p, const T* v,
                                                 std::size_t n) noexcept {
  for (std::size_t j = 0; j < n; ++j) p = gen::encode::put(p, static_cast<raw_t<T>>(v[j]));
  return p;
}

#if defined(MSGPACK_GEN_NUMERIC_VBMI)
// ---- AVX-512 VBMI2: arrays of 32- and 64-bit integers ----------------------------------------
//
// put_any() for 7 values at once. A value's form follows from its leading zero bytes (vplzcntq
// / 8) and its sign, which pick a table entry holding the marker and the width of the value
// bytes to keep; one compare finds the fixints. A value's slot is 9 bytes, its marker (the
// value's own byte for a fixint) and its 8 bytes big-endian, so one byte permute (vpermi2b)
// builds 7 slots in a 64-byte vector; a byte permute of the entries' widths and one compare give
// the mask of kept bytes, vpcompressb packs them together, and one store writes them.
// Blocks of fixints and runs of 32-bit values of one full-width form take shorter ways. The bytes
// are put_any()'s.
#define MSGPACK_GEN_VBMI_INLINE \
  __attribute__((target(MSGPACK_GEN_VBMI_TARGET), always_inline)) inline

// table[index] by each index's low 6 bits. (The masked form: GCC 12's unmasked one warns of an
// undefined vector it passes through.)
MSGPACK_GEN_VBMI_INLINE __m512i all_lanes_permute(__m512i index, __m512i table) noexcept {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, index, table);
}

// An entry: the form's marker in bits 0-7 (0 for fixints, whose byte is the value's) and its
// width (the value bytes kept after the marker, 0 for fixints) in bits 8-15.
constexpr std::int64_t put_slot_entry(unsigned form) noexcept {
  return std::int64_t{kMarker[form]} | std::int64_t{kWidth[form]} << 8;
}
// By index, the leading zero bits / 8 of the value's magnitude (see magnitudes()), plus 8 for a
// negative value: 0-3 64 bits, 4-5 32, 6 16, 7 8 (fixints are told apart by a compare).
struct PutSlots {
  std::int64_t entry[16];
};
constexpr PutSlots make_put_slots() noexcept {
  PutSlots t{};
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned bytes = 8 - i % 8;  // the magnitude's significant bytes
    const unsigned unsigned_form = bytes >= 5 ? 4 : bytes >= 3 ? 3 : bytes == 2 ? 2 : 1;
    t.entry[i] = put_slot_entry(i < 8 ? unsigned_form : unsigned_form + 4);
  }
  return t;
}
inline constexpr PutSlots kPutSlots = make_put_slots();
inline constexpr std::int64_t kFixintSlot = put_slot_entry(0);

// The 64 byte indices of one vpermi2b (0..63 the first vector's bytes, 64..127 the second's).
struct PermuteIndices {
  std::uint8_t index[64];
};

// Values per step of put_mixed_7(): a value's slot is its marker and its 8 bytes, so 7 slots fill
// 63 bytes of one vector.
constexpr unsigned kSlotValues = 7;
constexpr unsigned kSlotSize = 9;

// vpermi2b indices building the slots of values 0..6 from the values (indices 0..63) and the
// markers (64..127, one per 8-byte lane): slot byte 0 the marker, bytes 1..8 the value big-endian.
// Byte 63 is no slot's (its index 0 is any byte; it is never kept).
constexpr PermuteIndices make_slot_indices() noexcept {
  PermuteIndices t{};
  for (unsigned s = 0; s < kSlotValues; ++s) {
    t.index[kSlotSize * s] = static_cast<std::uint8_t>(64 + 8 * s);
    for (unsigned j = 1; j < kSlotSize; ++j)
      t.index[kSlotSize * s + j] = static_cast<std::uint8_t>(8 * s + 8 - j);
  }
  return t;
}
inline constexpr PermuteIndices kSlotIndices = make_slot_indices();

// For each byte of the slots, the byte of the entries holding its slot's width (vpermb indices;
// for byte 63, a byte that is always 0), and its place in the slot (byte j of 1..8 is kept when
// j + width >= 9; the marker always: 9; byte 63 never: 0).
constexpr PermuteIndices make_width_indices() noexcept {
  PermuteIndices t{};
  for (unsigned k = 0; k < 63; ++k) t.index[k] = static_cast<std::uint8_t>(8 * (k / kSlotSize) + 1);
  t.index[63] = 2;  // a zero byte of the entries
  return t;
}
inline constexpr PermuteIndices kWidthIndices = make_width_indices();
constexpr PermuteIndices make_slot_places() noexcept {
  PermuteIndices t{};
  for (unsigned k = 0; k < 63; ++k) {
    const unsigned j = k % kSlotSize;
    t.index[k] = static_cast<std::uint8_t>(j == 0 ? kSlotSize : j);
  }
  return t;
}
inline constexpr PermuteIndices kSlotPlaces = make_slot_places();

// 8 values of R at v as 64-bit lanes, sign-extended when R is signed.
template <class R>
MSGPACK_GEN_VBMI_INLINE __m512i load_8_integers(const R* v) noexcept {
  if constexpr (sizeof(R) == 8) {
    return _mm512_loadu_si512(v);
  } else if constexpr (std::is_signed_v<R>) {
    return _mm512_maskz_cvtepi32_epi64(0xff,
                                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v)));
  } else {
    return _mm512_maskz_cvtepu32_epi64(0xff,
                                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v)));
  }
}

// The magnitudes of 8 values x, whose leading zero bits give the form's width: the value itself,
// or for a negative one (~x) << 1, which has 8k leading zeros exactly when x lies in the signed
// form of 64 - 8k bits (-128 <= x: ~x <= 127, (~x) << 1 <= 254).
template <class R>
MSGPACK_GEN_VBMI_INLINE __m512i magnitudes(__m512i x, __mmask8 negative) noexcept {
  if constexpr (std::is_signed_v<R>) {
    const __m512i inverted = _mm512_ternarylogic_epi64(x, x, x, 0x55);  // ~x
    return _mm512_mask_slli_epi64(x, negative, inverted, 1);
  } else {
    (void)negative;
    return x;
  }
}

// The first 7 of 8 values x, the lanes `wide` not fixints, whose magnitudes are m (negative: the
// lanes below zero), written at p with one 64-byte store (p has room for it). Returns the byte
// after them.
MSGPACK_GEN_VBMI_INLINE std::uint8_t* put_mixed_7(std::uint8_t* p, __m512i x, __m512i m,
                                                  __mmask8 wide, __mmask8 negative) noexcept {
  __m512i index = _mm512_maskz_srli_epi64(0xff, _mm512_lzcnt_epi64(m), 3);
  index = _mm512_mask_add_epi64(index, negative, index, _mm512_set1_epi64(8));
  // (A magnitude of 0, x = 0 or -1, indexes past the table: a fixint, whose entry the mask
  // replaces.)
  const __m512i entry =
      _mm512_mask_mov_epi64(_mm512_set1_epi64(kFixintSlot), wide,
                            _mm512_permutex2var_epi64(_mm512_loadu_si512(kPutSlots.entry), index,
                                                      _mm512_loadu_si512(kPutSlots.entry + 8)));
  // A fixint's marker is its value's byte.
  const __m512i markers = _mm512_mask_mov_epi64(entry, static_cast<__mmask8>(~wide), x);
  const __m512i widths = all_lanes_permute(_mm512_loadu_si512(kWidthIndices.index), entry);
  const auto keep = static_cast<std::uint64_t>(
      _mm512_cmpge_epu8_mask(_mm512_add_epi8(widths, _mm512_loadu_si512(kSlotPlaces.index)),
                             _mm512_set1_epi8(static_cast<char>(kSlotSize))));
  const __m512i slots =
      _mm512_permutex2var_epi8(x, _mm512_loadu_si512(kSlotIndices.index), markers);
  _mm512_storeu_si512(p, _mm512_maskz_compress_epi8(keep, slots));
  return p + __builtin_popcountll(keep);
}

// x's lanes (of kLaneBytes: 4 or 8) with kFixintBias<R> added.
template <class R, std::size_t kLaneBytes>
MSGPACK_GEN_VBMI_INLINE __m512i fixint_biased(__m512i x) noexcept {
  if constexpr (kFixintBias<R> == 0) {
    return x;
  } else if constexpr (kLaneBytes == 4) {
    return _mm512_add_epi32(x, _mm512_set1_epi32(kFixintBias<R>));
  } else {
    return _mm512_maskz_add_epi64(0xff, x, _mm512_set1_epi64(kFixintBias<R>));
  }
}

// The lanes of 8 values x (64-bit lanes) that are not fixints of R.
template <class R>
MSGPACK_GEN_VBMI_INLINE __mmask8 past_fixints(__m512i x) noexcept {
  // (Through a local: Clang's compare intrinsics are macros, and the template's comma would
  // split their arguments.)
  const __m512i biased = fixint_biased<R, 8>(x);
  return _mm512_cmpgt_epu64_mask(biased, _mm512_set1_epi64(kFixintBiased<R>));
}
// The same for 16 values x of 32 bits (R: a 32-bit integer) in 32-bit lanes.
template <class R>
MSGPACK_GEN_VBMI_INLINE __mmask16 past_fixints_16(__m512i x) noexcept {
  const __m512i biased = fixint_biased<R, 4>(x);
  return _mm512_cmpgt_epu32_mask(biased, _mm512_set1_epi32(kFixintBiased<R>));
}

// vpermi2b indices putting in order the fixints of 64 values of 64 bits, from the two vectors of
// bytes that saturating packs (32 to 16 bits, then 16 to 8) make of them. Value j is in vector
// q = j / 8, lane j % 8 / 2, at the low half of qword j % 2; the packs take each 128-bit lane's
// halves of two vectors in turn, so its byte is there in vector q / 4 (the index's bit 6).
constexpr PermuteIndices make_fixint64_indices() noexcept {
  PermuteIndices t{};
  for (unsigned j = 0; j < 64; ++j) {
    const unsigned q = j / 8;
    const unsigned byte = 16 * (j % 8 / 2) + 8 * (q / 2 % 2) + 4 * (q % 2) + 2 * (j % 2);
    t.index[j] = static_cast<std::uint8_t>(64 * (q / 4) + byte);
  }
  return t;
}
inline constexpr PermuteIndices kFixint64Indices = make_fixint64_indices();

// Runs of fixints of R (32- or 64-bit integers) at v written at p, 64 values a step, at most
// `steps` steps: a step is checked with one compare of its greatest biased value (as
// past_fixints(), over a tree of maximums) and written with one 64-byte store, after two rounds
// of saturating packs and one permute. Stops at the first step that holds another value; returns
// the steps written. p has room for the largest form of each value.
template <class R>
MSGPACK_GEN_VBMI_INLINE std::size_t put_fixint_steps_vbmi(std::uint8_t*& p, const R* v,
                                                          std::size_t steps) noexcept {
  constexpr std::size_t kLanes = 64 / sizeof(R);  // values per vector
  constexpr std::size_t kVectors = 64 / kLanes;   // vectors per step: 4 or 8
  std::uint8_t* out = p;
  std::size_t s = 0;
  for (; s < steps; ++s, v += 64, out += 64) {
    __m512i q[kVectors];
    __m512i top[kVectors];
    for (std::size_t k = 0; k < kVectors; ++k) {
      q[k] = _mm512_loadu_si512(v + kLanes * k);
      top[k] = fixint_biased<R, sizeof(R)>(q[k]);
    }
    for (std::size_t width = kVectors / 2; width != 0; width /= 2) {
      for (std::size_t k = 0; k < width; ++k) {
        // (The maskz forms: GCC 12 warns of an uninitialized operand in the plain ones.)
        top[k] = sizeof(R) == 4 ? _mm512_maskz_max_epu32(0xffff, top[k], top[k + width])
                                : _mm512_maskz_max_epu64(0xff, top[k], top[k + width]);
      }
    }
    if constexpr (sizeof(R) == 4) {
      if (_mm512_cmpgt_epu32_mask(top[0], _mm512_set1_epi32(kFixintBiased<R>)) != 0) break;
      // 128-bit lane i holds the lane's four values of q0, q1, q2 and q3 in turn: its dword k
      // (4i + k of the vector) is values 16k + 4i..; dword d of the output is values 4d...
      const __m512i bytes =
          _mm512_packs_epi16(_mm512_packs_epi32(q[0], q[1]), _mm512_packs_epi32(q[2], q[3]));
      const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
      _mm512_storeu_si512(out, _mm512_maskz_permutexvar_epi32(0xffff, order, bytes));
    } else {
      if (_mm512_cmpgt_epu64_mask(top[0], _mm512_set1_epi64(kFixintBiased<R>)) != 0) break;
      const __m512i low =
          _mm512_packs_epi16(_mm512_packs_epi32(q[0], q[1]), _mm512_packs_epi32(q[2], q[3]));
      const __m512i high =
          _mm512_packs_epi16(_mm512_packs_epi32(q[4], q[5]), _mm512_packs_epi32(q[6], q[7]));
      _mm512_storeu_si512(
          out, _mm512_permutex2var_epi8(low, _mm512_loadu_si512(kFixint64Indices.index), high));
    }
  }
  p = out;
  return s;
}

// The values at v (n of them, at least 8) written at p, 7 a step, while the 8 from the step's
// first have a value past the fixints (the first 8 do), and a run of one full-width 32-bit form
// in blocks of 8 (put_full_width_run_wide()). Returns the values written. Out of line, so that
// the caller's loop over blocks of fixints keeps its few registers and constants (with this loop
// inlined into it, the bench's blocks of small int32 ran 30% slower).
template <class R>
__attribute__((target(MSGPACK_GEN_VBMI_TARGET), noinline)) std::size_t put_wide_values_vbmi(
    std::uint8_t*& p, const R* v, std::size_t n) noexcept {
  // A step's 64-byte store: p has room for the largest form of each value left (8 or more) and
  // kSlack.
  static_assert(kBlock * gen::encode::kMaxIntSize + kSlack >= 64, "room for a whole store");
  // The position in a local: through the reference, each step's store could change p itself,
  // so p would be stored and loaded again around it, a chain through memory from step to step.
  std::uint8_t* out = p;
  std::size_t done = 0;
  while (n - done >= kBlock) {
    const R* at = v + done;
    const __m512i x = load_8_integers(at);
    const __mmask8 wide = past_fixints<R>(x);
    if (wide == 0) break;
    __mmask8 negative = 0;
    if constexpr (std::is_signed_v<R>) {
      negative = _mm512_cmplt_epi64_mask(x, _mm512_setzero_si512());
    }
    const __m512i m = magnitudes<R>(x, negative);
    if constexpr (sizeof(R) == 4) {
      // All past 16 bits: uint32, or int32 when all are negative (below -32768).
      if (_mm512_cmpgt_epu64_mask(m, _mm512_set1_epi64(0xffff)) == 0xff &&
          (negative == 0 || negative == 0xff)) {
        const unsigned form = negative == 0 ? 3 : 7;
        done += kBlock * put_full_width_run_wide(out, at, (n - done) / kBlock, form);
        continue;
      }
    }
    out = put_mixed_7(out, x, m, wide, negative);
    done += kSlotValues;
  }
  p = out;
  return done;
}

// put_integers() with AVX-512 VBMI2, for 32- and 64-bit integers and enums.
template <class T>
MSGPACK_GEN_VBMI_KERNEL std::uint8_t* put_integers_vbmi(std::uint8_t* p, const T* v,
                                                        std::size_t n) noexcept {
  using R = raw_t<T>;
  static_assert(sizeof(R) == 4 || sizeof(R) == 8, "32- and 64-bit integers");
  // The vector loads read an enum's values as its underlying integers.
  const R* r = reinterpret_cast<const R*>(v);
  std::size_t done = 0;
  unsigned fixint_blocks = 0;  // 64-bit values: blocks of fixints just written, in a row
  while (n - done >= kBlock) {
    // Whether the next 8 values are all fixints: for 32-bit values with 16 left, from one check
    // of 16, which writes all 16 when they all are.
    bool fixints = false;
    if (sizeof(R) == 4 && n - done >= 2 * kBlock) {
      const __m512i x = _mm512_loadu_si512(r + done);
      const __mmask16 wide = past_fixints_16<R>(x);
      if (wide == 0) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm512_maskz_cvtepi32_epi8(0xffff, x));
        p += 2 * kBlock;
        done += 2 * kBlock;
        // More fixints likely follow: the rest of their run 64 at a time, one branch a step.
        done += 64 * put_fixint_steps_vbmi(p, r + done, (n - done) / 64);
        continue;
      }
      fixints = (wide & 0xff) == 0;
    } else {
      fixints = past_fixints<R>(load_8_integers(r + done)) == 0;
    }
    if (fixints) {
      // Each value's low byte.
      _mm_storel_epi64(reinterpret_cast<__m128i*>(p),
                       _mm512_maskz_cvtepi64_epi8(0xff, load_8_integers(r + done)));
      p += kBlock;
      done += kBlock;
      if constexpr (sizeof(R) == 8) {
        // Once 16 in a row are fixints, as for 32-bit values above: the rest of the run 64 at a
        // time. (After any one block, a mix that is mostly fixints would try a step each time.)
        if (fixint_blocks++ != 0) done += 64 * put_fixint_steps_vbmi(p, r + done, (n - done) / 64);
      }
    } else {
      fixint_blocks = 0;
      // Through a copy: with p's own address taken, p lived on the stack, and each block of
      // fixints stored and reloaded it (a store-forwarding chain of ~5 cycles a block).
      std::uint8_t* out = p;
      done += put_wide_values_vbmi(out, r + done, n - done);
      p = out;
    }
  }
  return put_tail(p, v + done, n - done);
}

// 16-bit integers: 32 values a step. A step whose values all take one full-width form (uint16,
// or int16 when all are below -128) is two byte permutes of the values and its marker into 96
// bytes; any other step is two of put_mixed16_vbmi(), 16 values each.

// vpermi2b indices of 3-byte forms: output byte j (of 96; half h of 64) is the marker (index 64,
// from a vector of it) or a byte of value j / 3, high byte first.
constexpr PermuteIndices make_put3_indices(unsigned h) noexcept {
  PermuteIndices t{};
  for (unsigned j = 0; j < 64; ++j) {
    const unsigned out = 64 * h + j;
    const unsigned value = out / 3;
    const unsigned at = out % 3;
    t.index[j] = static_cast<std::uint8_t>(at == 0 ? 64 : 2 * value + 2 - at);
  }
  return t;
}
inline constexpr PermuteIndices kPut3Low = make_put3_indices(0);
inline constexpr PermuteIndices kPut3High = make_put3_indices(1);

// 16 values of any mix of forms at v written at p with one 64-byte store (p has room for it).
// Each value gets a 32-bit lane holding its bytes as written (the fixint's byte; the marker and
// the low byte; the marker, then the high and the low byte), two compares pick the form, and
// vpcompressb packs the kept bytes of the lanes together. Returns the byte after them.
template <class R>
MSGPACK_GEN_VBMI_INLINE std::uint8_t* put_mixed16_vbmi(std::uint8_t* p, const R* v) noexcept {
  const __m256i in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v));
  const __m512i x = std::is_signed_v<R> ? _mm512_maskz_cvtepi16_epi32(0xffff, in)
                                        : _mm512_maskz_cvtepu16_epi32(0xffff, in);
  // Fixints: 0..127 (-32..127 signed); 3 bytes: past 255 (or below -128 signed). With a bias,
  // each range is one unsigned compare.
  constexpr int kByteBias = std::is_signed_v<R> ? 128 : 0;
  const __m512i fixint_lanes = fixint_biased<R, 4>(x);  // a local: Clang's compares are macros
  const __mmask16 one = _mm512_cmple_epu32_mask(fixint_lanes, _mm512_set1_epi32(kFixintBiased<R>));
  const __mmask16 three = _mm512_cmpgt_epu32_mask(_mm512_add_epi32(x, _mm512_set1_epi32(kByteBias)),
                                                  _mm512_set1_epi32(255 + kByteBias));
  // Each lane's bytes in place (low byte first, the marker's byte left 0): {-, high, low, -}
  // and {-, low, -, -}. (vpshufb indexes within 16-byte lanes: value k's bytes are 4k, 4k + 1.)
  const __m512i take3 = _mm512_maskz_broadcast_i32x4(
      0xffff, _mm_setr_epi8(-1, 1, 0, -1, -1, 5, 4, -1, -1, 9, 8, -1, -1, 13, 12, -1));
  const __m512i take2 = _mm512_maskz_broadcast_i32x4(
      0xffff, _mm_setr_epi8(-1, 0, -1, -1, -1, 4, -1, -1, -1, 8, -1, -1, -1, 12, -1, -1));
  __m512i mark3 = _mm512_set1_epi32(0xcd);  // uint16
  __m512i mark2 = _mm512_set1_epi32(0xcc);  // uint8
  if constexpr (std::is_signed_v<R>) {
    const __mmask16 negative = _mm512_cmplt_epi32_mask(x, _mm512_setzero_si512());
    mark3 = _mm512_mask_mov_epi32(mark3, negative, _mm512_set1_epi32(0xd1));  // int16
    mark2 = _mm512_mask_mov_epi32(mark2, negative, _mm512_set1_epi32(0xd0));  // int8
  }
  const __m512i bytes3 = _mm512_or_si512(_mm512_shuffle_epi8(x, take3), mark3);
  const __m512i bytes2 = _mm512_or_si512(_mm512_shuffle_epi8(x, take2), mark2);
  __m512i lanes = _mm512_mask_mov_epi32(bytes2, one, x);
  lanes = _mm512_mask_mov_epi32(lanes, three, bytes3);
  // The kept bytes: 1, 2 or 3 of each lane.
  __m512i kept = _mm512_mask_mov_epi32(_mm512_set1_epi32(0xffff), one, _mm512_set1_epi32(0xff));
  kept = _mm512_mask_mov_epi32(kept, three, _mm512_set1_epi32(0xffffff));
  const __mmask64 keep = _mm512_test_epi8_mask(kept, kept);
  _mm512_storeu_si512(p, _mm512_maskz_compress_epi8(keep, lanes));
  return p + __builtin_popcountll(keep);
}

template <class R>
MSGPACK_GEN_VBMI_KERNEL std::uint8_t* put_int16_blocks_vbmi(std::uint8_t* p, const R* v,
                                                            std::size_t n) noexcept {
  static_assert(sizeof(R) == 2, "16-bit integers");
  constexpr std::size_t kStep = 32;
  constexpr std::uint32_t kAll = ~std::uint32_t{0};
  const __m512i low = _mm512_loadu_si512(kPut3Low.index);
  const __m512i high = _mm512_loadu_si512(kPut3High.index);
  std::size_t done = 0;
  while (n - done >= kStep) {
    const __m512i x = _mm512_loadu_si512(v + done);
    std::uint8_t marker = 0xcd;  // uint16
    const __m512i narrow_end = _mm512_set1_epi16(0xff);
    const std::uint32_t above = std::is_signed_v<R> ? _mm512_cmpgt_epi16_mask(x, narrow_end)
                                                    : _mm512_cmpgt_epu16_mask(x, narrow_end);
    if (above != kAll) {
      // Not all uint16: then all int16 (below -128), or mixed forms 16 values at a time.
      if (!std::is_signed_v<R> || _mm512_cmplt_epi16_mask(x, _mm512_set1_epi16(-128)) != kAll) {
        p = put_mixed16_vbmi(p, v + done);
        p = put_mixed16_vbmi(p, v + done + kStep / 2);
        done += kStep;
        continue;
      }
      marker = 0xd1;
    }
    const __m512i markers = _mm512_set1_epi8(static_cast<char>(marker));
    _mm512_storeu_si512(p, _mm512_permutex2var_epi8(x, low, markers));
    // The second store's last 32 bytes are past the step's: room the next step writes over, or
    // the caller's room for the largest forms (9 bytes an element, kSlack after).
    _mm512_storeu_si512(p + 64, _mm512_permutex2var_epi8(x, high, markers));
    p += 3 * kStep;
    done += kStep;
  }
  // The last 16 or more values but a step's: 16 of them at once, whatever their forms.
  if (n - done >= kStep / 2) {
    p = put_mixed16_vbmi(p, v + done);
    done += kStep / 2;
  }
  return put_int16_blocks_wide(p, v + done, n - done);
}
#endif

// Blocks written without the min/max pass after a mixed one (put_integers()).
constexpr unsigned kUnclassifiedAfterMixed = 3;
// At the AVX2 level, the longest stretch of blocks written 4 values at a time without being
// classified (put_integers()): 256 values.
constexpr std::size_t kMaxWideStretch = 32;

#if defined(MSGPACK_GEN_NUMERIC_WIDE)
// After block b at v, which was all fixints and is written: more likely follow, so the rest of
// their run 16, then 32, at a time, with b and v moved to the run's last block. An enum's values
// are read in place as its integers: the kernel loads them as vectors, not as enums or integers.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE void put_rest_of_fixint_run(std::uint8_t*& p, const T*& v, std::size_t& b,
                                                      std::size_t blocks) noexcept {
  using R = raw_t<T>;
  const std::size_t run =
      put_fixint_run_wide(p, reinterpret_cast<const R*>(v + kBlock), blocks - b - 1);
  b += run;
  v += run * kBlock;
}
#endif

// T: an integer or an enum, written as its underlying integer R.
template <class T>
inline std::uint8_t* put_integers(std::uint8_t* p, const T* v, std::size_t n) noexcept {
  using R = raw_t<T>;
  const std::size_t blocks = n / kBlock;
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
  // 16-bit integers: every block through the shuffles; 32-bit: the runs of full-width blocks
  // (not enums: their values are copied first).
  constexpr bool kShuffles = (sizeof(R) == 2 || sizeof(R) == 4) && !std::is_enum_v<T>;
#else
  constexpr bool kShuffles = false;
#endif
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  constexpr bool kVbmi = sizeof(R) >= 4;  // 32- and 64-bit integers: put_integers_vbmi()
#else
  constexpr bool kVbmi = false;
#endif
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  constexpr bool kWideMixed = sizeof(R) >= 4;  // mixed blocks: put_mixed_blocks_wide()
#else
  constexpr bool kWideMixed = false;
#endif
  const Simd level = (kShuffles || kVbmi || kWideMixed) && blocks != 0 ? simd_level() : Simd::base;
  (void)level;  // unused where no SIMD kernel is compiled
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  if constexpr (kVbmi) {
    if (level >= Simd::vbmi) return put_integers_vbmi(p, v, n);
  }
#endif
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
  if constexpr (kShuffles && sizeof(R) == 2) {
    if (level >= Simd::shuffles) {
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
      p = level >= Simd::vbmi   ? put_int16_blocks_vbmi(p, v, n)
          : level >= Simd::wide ? put_int16_blocks_wide(p, v, n)
                                : put_int16_blocks(p, v, n);
#else
      p = put_int16_blocks(p, v, n);
#endif
      return put_tail(p, v + blocks * kBlock, n % kBlock);
    }
  }
#endif
  // Blocks still to write element by element without classifying them: after a block of mixed
  // forms, the next few are likely mixed too (the bytes are the same either way).
  unsigned unclassified = 0;
  // The AVX2 level's stretches from a mixed block: one that starts right where the last one
  // ended is twice as long (to kMaxWideStretch), so a long run of mixed forms is classified
  // about once per 256 values, and after it ends at most as many blocks as it had go the mixed
  // way. Any other starts at 1 + kUnclassifiedAfterMixed blocks.
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  std::size_t wide_stretch = 0;
  std::size_t after_stretch = ~std::size_t{0};  // the block after the last stretch
#endif
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
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
      if constexpr (sizeof(R) == 4) {
        if (level >= Simd::wide) put_rest_of_fixint_run(p, v, b, blocks);
      }
#endif
      continue;
    }
    if constexpr (sizeof(R) == 2 || sizeof(R) == 4) {
      // Values spread over R's range mostly take its full width: one check for the block.
      if (const unsigned form = full_width_form(block); form != 0) {
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
        if constexpr (kShuffles && sizeof(R) == 4) {
          if (level >= Simd::shuffles) {
            // This block and the ones of its form after it; the loop steps past the last.
            std::size_t run = 0;
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
            if (level >= Simd::wide) {
              run = put_full_width_run_wide(p, block, blocks - b, form);
            } else
#endif
            {
              run = put_full_width_run(p, block, blocks - b, form);
            }
            b += run - 1;
            v += (run - 1) * kBlock;
            continue;
          }
        }
#endif
        p = put_block(p, block, form);
        continue;
      }
    }
    if constexpr (sizeof(R) <= 2) {
      // Narrow integers have three forms: measured, put()'s well-predicted branches beat
      // classifying the block by its least and greatest value (uint16 vectors: 10 vs 19 us).
      for (std::size_t j = 0; j < kBlock; ++j) p = gen::encode::put(p, block[j]);
      continue;
    }
    if (unclassified != 0) {
      --unclassified;
      for (std::size_t j = 0; j < kBlock; ++j) p = put_any(p, block[j]);
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
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
      if constexpr (sizeof(R) == 8) {
        // 64-bit integers, which try_fixint_block() leaves to this check.
        if (level >= Simd::wide) put_rest_of_fixint_run(p, v, b, blocks);
      }
#endif
      continue;
    }
    const unsigned form = form_of(lo);
    if (form == form_of(hi)) {
      p = put_block(p, block, form);
    } else {
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
      if constexpr (kWideMixed) {
        if (level >= Simd::wide) {
          // This block and the ones after it, likely mixed too, 4 values at a time.
          if (b != after_stretch) {
            wide_stretch = 1 + kUnclassifiedAfterMixed;
          } else if (wide_stretch < kMaxWideStretch) {
            wide_stretch *= 2;
          }
          const std::size_t stretch = blocks - b < wide_stretch ? blocks - b : wide_stretch;
          after_stretch = b + stretch;
          p = put_mixed_blocks_wide(p, reinterpret_cast<const R*>(v), stretch);
          b += stretch - 1;
          v += (stretch - 1) * kBlock;
          continue;
        }
      }
#endif
      for (std::size_t j = 0; j < kBlock; ++j) p = put_any(p, block[j]);
      unclassified = kUnclassifiedAfterMixed;
    }
  }
  return put_tail(p, v, n % kBlock);
}

// Floats as float32 / float64: marker and big-endian payload, a block at a time (constant
// offsets, one pointer update per block).
template <class F>
inline std::uint8_t* put_floats(std::uint8_t* p, const F* v, std::size_t n, Simd level) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
  if (level >= Simd::shuffles && n >= kBlock) {
    if constexpr (sizeof(F) == 4) {
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
      p = level >= Simd::wide ? put_float_blocks_wide(p, v, n) : put_float_blocks(p, v, n);
#else
      p = put_float_blocks(p, v, n);
#endif
    } else {
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
      p = level >= Simd::wide ? put_double_blocks_wide(p, v, n) : put_double_blocks(p, v, n);
#else
      p = put_double_blocks(p, v, n);
#endif
    }
    v += n / kBlock * kBlock;
    n %= kBlock;
  }
#endif
  (void)level;
  using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr std::uint8_t kMarkerOfF = sizeof(F) == 4 ? 0xca : 0xcb;
  constexpr std::size_t kStride = 1 + sizeof(F);
  auto put = [](std::uint8_t* at, const F* value) {
    Bits bits;
    std::memcpy(&bits, value, sizeof bits);
    at[0] = kMarkerOfF;
    endian::store(at + 1, bits);
  };
  const F* const block_end = v + n / kBlock * kBlock;
  for (; v != block_end; v += kBlock, p += kStride * kBlock) {
    for (std::size_t j = 0; j < kBlock; ++j) put(p + kStride * j, v + j);
  }
  for (const F* end = v + n % kBlock; v != end; ++v, p += kStride) put(p, v);
  return p;
}

// Whether msgpack-c writes v as a float in its float mode (Writer::integral_floats_as_ints), read
// from the bits: NaN, the infinities and values with a fraction are floats; zero and other
// integral values, except those too large for any integer, are integers. The large ones count
// as integers here too (false): the caller then writes them through float_as_msgpack_c().
template <class F>
MSGPACK_GEN_ALWAYS_INLINE bool surely_float(F v) noexcept {
  using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr unsigned kMantissa = sizeof(F) == 4 ? 23 : 52;
  constexpr unsigned kBias = sizeof(F) == 4 ? 127 : 1023;
  constexpr unsigned kAllOnes = sizeof(F) == 4 ? 0xff : 0x7ff;
  Bits bits;
  std::memcpy(&bits, &v, sizeof bits);
  const auto exponent = static_cast<unsigned>(bits >> kMantissa) & kAllOnes;
  if (exponent == kAllOnes) return true;                           // NaN, infinite
  if (exponent < kBias) return static_cast<Bits>(bits << 1) != 0;  // |v| < 1: not zero
  if (exponent >= kBias + kMantissa) return false;                 // no fraction bits
  const Bits fraction = (Bits{1} << (kBias + kMantissa - exponent)) - 1;
  return (bits & fraction) != 0;
}

// Floats in msgpack-c's float mode: a block whose values all have a fraction (the usual
// measurements) is written as floats at once; a block holding an integral value goes element by
// element through float_as_msgpack_c(), as Writer::f32() / f64() write it.
template <class F>
inline std::uint8_t* put_floats_msgpack_c(std::uint8_t* p, const F* v, std::size_t n,
                                          Simd level) noexcept {
  const F* const block_end = v + n / kBlock * kBlock;
  for (; v != block_end; v += kBlock) {
    bool floats = true;
    for (std::size_t j = 0; j < kBlock; ++j) floats &= surely_float(v[j]);
    if (floats) {
      p = put_floats(p, v, kBlock, level);
    } else {
      for (std::size_t j = 0; j < kBlock; ++j) p = gen::encode::float_as_msgpack_c(p, v[j]);
    }
  }
  for (const F* end = v + n % kBlock; v != end; ++v) p = gen::encode::float_as_msgpack_c(p, *v);
  return p;
}

// Writes n numbers at p, which has room for n * gen::encode::max_size(T{}) + kSlack bytes (9
// bytes a float in msgpack-c's mode), and returns the byte after them.
template <class T>
inline std::uint8_t* put_numbers(std::uint8_t* p, const T* v, std::size_t n,
                                 bool integral_floats_as_ints) noexcept {
  static_assert(encodes_in_bulk_v<T>, "integers, enums, float and double");
  if constexpr (is_float_v<T>) {
    const Simd level = n >= kBlock ? simd_level() : Simd::base;  // short arrays: no blocks
    return integral_floats_as_ints ? put_floats_msgpack_c(p, v, n, level)
                                   : put_floats(p, v, n, level);
  } else {
    (void)integral_floats_as_ints;
    return put_integers(p, v, n);
  }
}

// An array header and n numbers (n fits the 32-bit count), with one capacity check; floats as
// the writer's mode says (Writer::integral_floats_as_ints).
template <class T>
inline void write_numbers(Writer& out, const T* v, std::size_t n) {
  Buffer& buffer = out.buffer();
  const bool msgpack_c_floats = is_float_v<T> && out.integral_floats_as_ints();
  const std::size_t max =
      is_float_v<T> && !msgpack_c_floats ? 1 + sizeof(T) : gen::encode::kMaxIntSize;
  std::uint8_t* p = buffer.prepare(gen::encode::kMaxHeaderSize + n * max + kSlack);
  p = gen::encode::array_header(p, static_cast<std::uint32_t>(n));
  buffer.commit(put_numbers(p, v, n, msgpack_c_floats));
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
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  // The least byte, signed.
  return vminv_s8(vld1_s8(reinterpret_cast<const std::int8_t*>(p))) >= (positive_only ? 0 : -32);
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

// Runs of blocks. Each take_*() below reads up to `blocks` whole blocks at p (`remaining` bytes
// readable) that all have the form of the first one, stops at the first block that does not (a
// marker of another form, a value out of range, fewer bytes left than a block needs), and returns
// the elements taken, their bytes in `used`. It may have written out[] of the block it stopped
// at: the caller decodes those elements again, element by element, and overwrites them.

// Blocks of integers of the form `m` (0xcc..0xd3) with kWidthBytes of payload each, into R.
template <std::size_t kWidthBytes, class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_integer_blocks(const std::uint8_t* p,
                                                          std::size_t remaining, std::uint8_t m,
                                                          T* out, std::size_t blocks,
                                                          std::size_t& used) noexcept {
  using R = raw_t<T>;
  constexpr std::size_t kStride = 1 + kWidthBytes;
  constexpr std::size_t kBytes = kStride * kBlock;
  const std::size_t limit = blocks < remaining / kBytes ? blocks : remaining / kBytes;
  // Mixed forms usually differ by the second element: no block's worth of work to find that.
  if (limit == 0 || p[kStride] != m) return 0;
  std::size_t b = 0;
  if (m <= 0xcf) {
    for (; b < limit; ++b, p += kBytes, out += kBlock) {
      bool ok = true;
      for (std::size_t j = 0; j < kBlock; ++j) {
        const std::uint64_t v = load_payload<kWidthBytes>(p + kStride * j + 1);
        ok &= (p[kStride * j] == m) & holds_unsigned<R>(v);
        out[j] = static_cast<T>(static_cast<R>(v));
      }
      if (!ok) break;
    }
  } else {
    constexpr unsigned kSignShift = 64 - 8 * kWidthBytes;
    for (; b < limit; ++b, p += kBytes, out += kBlock) {
      bool ok = true;
      for (std::size_t j = 0; j < kBlock; ++j) {
        const std::uint64_t bits = load_payload<kWidthBytes>(p + kStride * j + 1);
        const auto v = static_cast<std::int64_t>(bits << kSignShift) >> kSignShift;
        ok &= (p[kStride * j] == m) & holds_signed<R>(v);
        out[j] = static_cast<T>(static_cast<R>(v));
      }
      if (!ok) break;
    }
  }
  used = b * kBytes;
  return b * kBlock;
}

#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
// Gathers (the shuffle kernels' helpers and tables: above). Each takes up to `blocks` whole
// blocks at p (`remaining` bytes readable) of one form, marker m, into words of the form's width:
// a block is taken when its 8 markers are m and, with `high_bit_free`, no word has its top bit
// set (a uint form into a signed type, an int form into an unsigned one: the values that fit).
// Returns the elements taken, their bytes in `used`; it stores nothing of the block it stops at.
// The loads stay inside each block.

// 3-byte forms: values 0..4 and the marker of 5 lie in bytes 0..15; values 5..7 in bytes 8..23.
inline constexpr Table kTake3a = table({2, 1, 5, 4, 8, 7, 11, 10, 14, 13, -1, -1, -1, -1, -1, -1});
inline constexpr Table kTake3b =
    table({-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 9, 8, 12, 11, 15, 14});
// The markers of values 6 and 7 in the load at 8 (values 0..5: kMarks3At0 in the load at 0).
inline constexpr Table kMarks3At8 = table({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0, 0});
// The high byte of each 16-, 32- and 64-bit word, for the sign test.
inline constexpr Table kTop16 = table({0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1});
inline constexpr Table kTop32 = table({0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1});
inline constexpr Table kTop64 = table({0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1});
// 5-byte forms: values 0..2 and the marker of 3 lie in bytes 0..15 (markers: kMarks5At0), the
// payload of 3 in bytes 16..19 (12..15 of a load at 4); likewise values 4..7 twenty bytes on.
inline constexpr Table kTake5a = table({4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, -1, -1, -1, -1});
inline constexpr Table kTake5b =
    table({-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, 14, 13, 12});
// 9-byte forms, two values at a time: the first and the second's marker from a load at 0
// (markers: kMarks9At0), the second's payload from a load at 2.
inline constexpr Table kTake9a = table({8, 7, 6, 5, 4, 3, 2, 1, -1, -1, -1, -1, -1, -1, -1, -1});
inline constexpr Table kTake9b =
    table({-1, -1, -1, -1, -1, -1, -1, -1, 15, 14, 13, 12, 11, 10, 9, 8});

// 3-byte forms (uint16, int16) into 16-bit words: 24 bytes a block.
MSGPACK_GEN_SHUFFLE_KERNEL std::size_t take_gathered3(const std::uint8_t* p, std::size_t remaining,
                                                      std::uint8_t m, bool high_bit_free, void* out,
                                                      std::size_t blocks,
                                                      std::size_t& used) noexcept {
  constexpr std::size_t kBytes = 3 * kBlock;
  const std::size_t limit = blocks < remaining / kBytes ? blocks : remaining / kBytes;
  const Vec expected = splat(m);
  const Lanes markers_a = lanes_of(kMarks3At0);
  const Lanes markers_c = lanes_of(kMarks3At8);
  const Lanes top = high_bit_free ? lanes_of(kTop16) : no_lanes();
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t b = 0;
  for (; b < limit; ++b, p += kBytes, dst += 2 * kBlock) {
    const Vec a = load16(p);
    const Vec c = load16(p + 8);
    const Vec words = bits_or(shuffle(a, kTake3a), shuffle(c, kTake3b));
    if (!all_set(equal(a, expected), markers_a) || !all_set(equal(c, expected), markers_c) ||
        any_top_bit(words, top)) {
      break;
    }
    store16(dst, words);
  }
  used = b * kBytes;
  return b * kBlock;
}

// 5-byte forms (uint32, int32, float32) into 32-bit words: 40 bytes a block.
MSGPACK_GEN_SHUFFLE_KERNEL std::size_t take_gathered5(const std::uint8_t* p, std::size_t remaining,
                                                      std::uint8_t m, bool high_bit_free, void* out,
                                                      std::size_t blocks,
                                                      std::size_t& used) noexcept {
  constexpr std::size_t kBytes = 5 * kBlock;
  const std::size_t limit = blocks < remaining / kBytes ? blocks : remaining / kBytes;
  const Vec expected = splat(m);
  const Lanes markers = lanes_of(kMarks5At0);
  const Lanes top = high_bit_free ? lanes_of(kTop32) : no_lanes();
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t b = 0;
  for (; b < limit; ++b, p += kBytes, dst += 4 * kBlock) {
    const Vec a0 = load16(p);
    const Vec b0 = load16(p + 4);
    const Vec a1 = load16(p + 20);
    const Vec b1 = load16(p + 24);
    const Vec words0 = bits_or(shuffle(a0, kTake5a), shuffle(b0, kTake5b));
    const Vec words1 = bits_or(shuffle(a1, kTake5a), shuffle(b1, kTake5b));
    if (!all_set(bits_and(equal(a0, expected), equal(a1, expected)), markers) ||
        any_top_bit(bits_or(words0, words1), top)) {
      break;
    }
    store16(dst, words0);
    store16(dst + 16, words1);
  }
  used = b * kBytes;
  return b * kBlock;
}

// 9-byte forms (uint64, int64, float64) into 64-bit words: 72 bytes a block, two values at a
// time (18 bytes).
MSGPACK_GEN_SHUFFLE_KERNEL std::size_t take_gathered9(const std::uint8_t* p, std::size_t remaining,
                                                      std::uint8_t m, bool high_bit_free, void* out,
                                                      std::size_t blocks,
                                                      std::size_t& used) noexcept {
  constexpr std::size_t kBytes = 9 * kBlock;
  const std::size_t limit = blocks < remaining / kBytes ? blocks : remaining / kBytes;
  const Vec expected = splat(m);
  const Lanes markers = lanes_of(kMarks9At0);
  const Lanes top = high_bit_free ? lanes_of(kTop64) : no_lanes();
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t b = 0;
  for (; b < limit; ++b, p += kBytes, dst += 8 * kBlock) {
    Vec words[4];
    Vec same = splat(0xff);  // lanes where every pair's byte is m
    Vec high = splat(0);     // the words ORed
    for (std::size_t k = 0; k < 4; ++k) {
      const Vec a = load16(p + 18 * k);
      const Vec c = load16(p + 18 * k + 2);
      words[k] = bits_or(shuffle(a, kTake9a), shuffle(c, kTake9b));
      same = bits_and(same, equal(a, expected));
      high = bits_or(high, words[k]);
    }
    if (!all_set(same, markers) || any_top_bit(high, top)) break;
    for (std::size_t k = 0; k < 4; ++k) store16(dst + 16 * k, words[k]);
  }
  used = b * kBytes;
  return b * kBlock;
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_WIDE)
// ---- AVX2 readers: two of the SSSE3 readers' 16-byte loads side by side -------------------------
//
// Each half of a 32-byte vector holds what one 16-byte load of take_gathered3(),
// take_gathered5() or take_gathered9() holds, so the SSSE3 tables serve both halves and one
// shuffle does the work of two.

// Bytes p..p+15 in the low half, p+apart..p+apart+15 in the high half.
MSGPACK_GEN_WIDE_INLINE __m256i load_halves(const std::uint8_t* p, std::size_t apart) noexcept {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(load16(p)), load16(p + apart), 1);
}
// A 16-byte set of lanes in both halves, as the bits of vpmovmskb.
constexpr std::uint32_t wide_lanes_of(const Table& t) noexcept {
  return static_cast<std::uint32_t>(lanes_of(t)) * 0x10001u;
}
MSGPACK_GEN_WIDE_INLINE std::uint32_t wide_lanes(__m256i v) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
}
// No lanes: the second load of 5- and 9-byte forms holds no marker its first does not.
inline constexpr Table kNoMarks = table({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});

// take_gathered3/5/9() (kStride 3, 5, 9) with AVX2: the same checks, a 32-byte shuffle for the
// values of two of their 16-byte loads. The halves of a vector lie kApart bytes apart in the
// input: a block of 3-byte forms (so a step takes two blocks), 4 values of 5 bytes, 2 of 9. The
// tables are the SSSE3 reader's: the shuffles of its load at 0 (kTakeA) and of its load
// kApart - 16 bytes on (kTakeB), the marker lanes of each load, the lanes of its values' top
// bytes. Unlike them it takes, of the step it stops at (but the first), the elements before
// the first that fails a check, so its count need not be whole blocks. A step of 3-byte forms
// is two blocks: take_gathered3() reads the block left after the last step.
template <std::size_t kStride, const Table& kTakeA, const Table& kTakeB, const Table& kMarkersA,
          const Table& kMarkersB, const Table& kTopBytes>
MSGPACK_GEN_WIDE_KERNEL std::size_t take_gathered_wide(const std::uint8_t* p, std::size_t remaining,
                                                       std::uint8_t m, bool high_bit_free,
                                                       void* out, std::size_t blocks,
                                                       std::size_t& used) noexcept {
  static_assert(kStride == 3 || kStride == 5 || kStride == 9, "2-, 4- and 8-byte payloads");
  constexpr std::size_t kBytes = kStride * kBlock;
  constexpr std::size_t kApart = kStride * 16 / (kStride - 1);
  constexpr std::size_t kBlocksPerStep = 2 * kApart > kBytes ? 2 * kApart / kBytes : 1;
  constexpr std::size_t kStepBytes = kBytes * kBlocksPerStep;
  constexpr std::size_t kVectors = kStepBytes / (2 * kApart);  // of values, per step
  constexpr std::size_t kStepElements = kBlocksPerStep * kBlock;
  constexpr std::uint32_t kMarkerLanesA = wide_lanes_of(kMarkersA);
  constexpr std::uint32_t kMarkerLanesB = wide_lanes_of(kMarkersB);
  const std::size_t whole = blocks < remaining / kBytes ? blocks : remaining / kBytes;
  const std::size_t limit = whole / kBlocksPerStep;
  const __m256i expected = _mm256_set1_epi8(static_cast<char>(m));
  const __m256i take_a = vec_of(kTakeA, kTakeA);
  const __m256i take_b = vec_of(kTakeB, kTakeB);
  const std::uint32_t top = high_bit_free ? wide_lanes_of(kTopBytes) : 0;
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t s = 0;
  for (; s < limit; ++s, p += kStepBytes, dst += 32 * kVectors) {
    __m256i words[kVectors];
    __m256i same_a = _mm256_set1_epi8(-1);  // lanes where every vector's byte is m
    __m256i same_b = _mm256_set1_epi8(-1);  // the same in the second loads
    __m256i high = _mm256_setzero_si256();  // the words ORed
    for (std::size_t k = 0; k < kVectors; ++k) {
      const std::uint8_t* at = p + 2 * kApart * k;
      const __m256i a = load_halves(at, kApart);
      const __m256i b = load_halves(at + kApart - 16, kApart);
      words[k] = _mm256_or_si256(_mm256_shuffle_epi8(a, take_a), _mm256_shuffle_epi8(b, take_b));
      same_a = _mm256_and_si256(same_a, _mm256_cmpeq_epi8(a, expected));
      if constexpr (kMarkerLanesB != 0) {
        same_b = _mm256_and_si256(same_b, _mm256_cmpeq_epi8(b, expected));
      }
      high = _mm256_or_si256(high, words[k]);
    }
    if ((wide_lanes(same_a) & kMarkerLanesA) != kMarkerLanesA ||
        (wide_lanes(same_b) & kMarkerLanesB) != kMarkerLanesB || (wide_lanes(high) & top) != 0) {
      // A run ends in this step: take its elements before the first one the checks refuse, so
      // that one value of another form in uniform input is decoded alone, not with its block.
      // When the first step fails there is no run (mixed forms): whole blocks only, so that the
      // caller's failed tries lead it to its loop for mixed forms.
      std::size_t e = 0;
      if (s != 0 || kBlocksPerStep > 1) {
        while (e < kStepElements && p[kStride * e] == m &&
               !(high_bit_free && (p[kStride * e + 1] & 0x80) != 0)) {
          ++e;
        }
        if (s == 0) e -= e % kBlock;
      }
      std::uint8_t taken_words[32 * kVectors];
      for (std::size_t k = 0; k < kVectors; ++k) {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(taken_words + 32 * k), words[k]);
      }
      std::memcpy(dst, taken_words, e * (kStride - 1));
      used = s * kStepBytes + e * kStride;
      return s * kStepElements + e;
    }
    for (std::size_t k = 0; k < kVectors; ++k) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 32 * k), words[k]);
    }
  }
  used = s * kStepBytes;
  std::size_t taken = s * kStepElements;
  if constexpr (kBlocksPerStep == 2) {
    if (whole % 2 != 0) {  // the block after the last step: the SSSE3 reader's
      std::size_t last_used = 0;
      taken += take_gathered3(p, remaining - used, m, high_bit_free, dst, 1, last_used);
      used += last_used;
    }
  }
  return taken;
}

// take_gathered_wide() with the tables of kStride-byte forms.
template <std::size_t kStride>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_gathered_wide_of(const std::uint8_t* p,
                                                            std::size_t remaining, std::uint8_t m,
                                                            bool high_bit_free, void* out,
                                                            std::size_t blocks,
                                                            std::size_t& used) noexcept {
  if constexpr (kStride == 3) {
    return take_gathered_wide<3, kTake3a, kTake3b, kMarks3At0, kMarks3At8, kTop16>(
        p, remaining, m, high_bit_free, out, blocks, used);
  } else if constexpr (kStride == 5) {
    return take_gathered_wide<5, kTake5a, kTake5b, kMarks5At0, kNoMarks, kTop32>(
        p, remaining, m, high_bit_free, out, blocks, used);
  } else {
    return take_gathered_wide<9, kTake9a, kTake9b, kMarks9At0, kNoMarks, kTop64>(
        p, remaining, m, high_bit_free, out, blocks, used);
  }
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_VBMI)
// ---- AVX-512 VBMI reader of runs: 64 bytes of values per step ---------------------------------
//
// The values of a step (32 of 3-byte forms, 16 of 5-byte, 8 of 9-byte) lie in at most 96 input
// bytes: one byte permute across two 64-byte loads (vpermi2b) gathers their payloads byte-swapped
// into a vector, a second gathers their markers, and a compare per step checks them all.

// vpermi2b indices of a step of kStride-byte forms: each value's payload, last byte first (values)
// and each value's marker in its own lane (markers; the lanes past the step's values unused).
template <std::size_t kStride>
struct GatherIndices {
  std::uint8_t values[64];
  std::uint8_t markers[64];
};
template <std::size_t kStride>
constexpr GatherIndices<kStride> make_gather_indices() noexcept {
  constexpr std::size_t kPayload = kStride - 1;
  GatherIndices<kStride> t{};
  for (std::size_t j = 0; j < 64; ++j) {
    const std::size_t value = j / kPayload;
    t.values[j] = static_cast<std::uint8_t>(kStride * value + kPayload - j % kPayload);
    t.markers[j] = static_cast<std::uint8_t>(j < 64 / kPayload ? kStride * j : 0);
  }
  return t;
}
template <std::size_t kStride>
inline constexpr GatherIndices<kStride> kGather = make_gather_indices<kStride>();

// The lanes of v whose kPayload-byte word has its top bit set.
template <std::size_t kPayload>
MSGPACK_GEN_VBMI_INLINE std::uint64_t top_bits_set(__m512i v) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  if constexpr (kPayload == 2) {
    return _mm512_cmplt_epi16_mask(v, zero);
  } else if constexpr (kPayload == 4) {
    return _mm512_cmplt_epi32_mask(v, zero);
  } else {
    return _mm512_cmplt_epi64_mask(v, zero);
  }
}

// take_gathered_wide() with AVX-512 VBMI: the same checks and result, a step of 64 bytes of
// values at a time; the whole blocks left after the last step go to take_gathered_wide(). With
// kSmallIntegers (integers of 16 bits or more, which hold any value 0..255) a positive fixint or
// a uint8 inside a run is taken too and the run goes on: a small value now and then in uniform
// input (a uint16 vector's values below 256) does not end the run.
template <std::size_t kStride, bool kSmallIntegers>
MSGPACK_GEN_VBMI_KERNEL std::size_t take_gathered_vbmi(const std::uint8_t* p, std::size_t remaining,
                                                       std::uint8_t m, bool high_bit_free,
                                                       void* out, std::size_t blocks,
                                                       std::size_t& used) noexcept {
  static_assert(kStride == 3 || kStride == 5 || kStride == 9, "2-, 4- and 8-byte payloads");
  constexpr std::size_t kPayload = kStride - 1;
  constexpr std::size_t kStepElements = 64 / kPayload;
  constexpr std::size_t kStepBytes = kStride * kStepElements;  // 96, 80, 72
  constexpr std::uint64_t kAll = (std::uint64_t{1} << kStepElements) - 1;
  // The step's bytes after the first 64, loaded with a mask: no read past the step.
  constexpr std::uint64_t kSecondLoad = (std::uint64_t{1} << (kStepBytes - 64)) - 1;
  const std::size_t wanted = blocks * kBlock;
  const __m512i values = _mm512_loadu_si512(kGather<kStride>.values);
  const __m512i markers = _mm512_loadu_si512(kGather<kStride>.markers);
  const __m512i expected = _mm512_set1_epi8(static_cast<char>(m));
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t taken = 0;
  used = 0;
  for (;;) {
    const std::size_t steps_left = (wanted - taken) / kStepElements;
    const std::size_t steps_in_input = (remaining - used) / kStepBytes;
    const std::size_t steps = steps_left < steps_in_input ? steps_left : steps_in_input;
    std::size_t s = 0;
    std::uint64_t ok = kAll;
    __m512i words = _mm512_setzero_si512();
    for (; s < steps; ++s, p += kStepBytes, dst += 64) {
      const __m512i a = _mm512_loadu_si512(p);
      const __m512i b = _mm512_maskz_loadu_epi8(kSecondLoad, p + 64);
      words = _mm512_permutex2var_epi8(a, values, b);
      ok = _mm512_cmpeq_epi8_mask(_mm512_permutex2var_epi8(a, markers, b), expected);
      if (high_bit_free) ok &= ~top_bits_set<kPayload>(words);
      if ((ok & kAll) != kAll) break;
      _mm512_storeu_si512(dst, words);
    }
    taken += s * kStepElements;
    used += s * kStepBytes;
    if (s == steps) break;
    // A run ends in this step: its elements before the first one refused ...
    auto e = static_cast<std::size_t>(__builtin_ctzll(~ok));
    _mm512_mask_storeu_epi8(dst, (std::uint64_t{1} << (e * kPayload)) - 1, words);
    const std::uint8_t* at = p + kStride * e;
    if constexpr (kSmallIntegers) {
      // ... but a small value there is taken as well, and the run read on after it, when at
      // least one whole step came before it since the start or the last small value: in input
      // of mixed forms the next step fails at once, and the caller's loop for them is faster.
      if (s != 0 && (at[0] < 0x80 || at[0] == 0xcc)) {
        const std::size_t size = at[0] < 0x80 ? 1 : 2;
        std::uint8_t word[kPayload] = {};
        word[0] = at[size - 1];
        std::memcpy(dst + e * kPayload, word, kPayload);
        p = at + size;
        dst += (e + 1) * kPayload;
        taken += e + 1;
        used += kStride * e + size;
        continue;
      }
    }
    // (whole blocks only in the first step, as take_gathered_wide() does: what it stored of
    // the others is past the count returned).
    if (taken == 0) e -= e % kBlock;
    used += kStride * e;
    return taken + e;
  }
  const std::size_t left_bytes = (remaining - used) / (kStride * kBlock);
  const std::size_t left_blocks = (wanted - taken) / kBlock;
  if (const std::size_t left = left_blocks < left_bytes ? left_blocks : left_bytes; left != 0) {
    std::size_t left_used = 0;
    taken +=
        take_gathered_wide_of<kStride>(p, remaining - used, m, high_bit_free, dst, left, left_used);
    used += left_used;
  }
  return taken;
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
// The reader of runs of kStride-byte forms (3, 5 or 9) at the best level the CPU runs, with the
// arguments and result of take_gathered3/5/9(); kSmallIntegers: into integers of 16 bits or
// more (take_gathered_vbmi()).
template <std::size_t kStride, bool kSmallIntegers>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_gathered(Simd level, const std::uint8_t* p,
                                                    std::size_t remaining, std::uint8_t m,
                                                    bool high_bit_free, void* out,
                                                    std::size_t blocks,
                                                    std::size_t& used) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  if (level >= Simd::vbmi) {
    return take_gathered_vbmi<kStride, kSmallIntegers>(p, remaining, m, high_bit_free, out, blocks,
                                                       used);
  }
#endif
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  if (level >= Simd::wide) {
    return take_gathered_wide_of<kStride>(p, remaining, m, high_bit_free, out, blocks, used);
  }
#endif
  (void)level;
  if constexpr (kStride == 3) {
    return take_gathered3(p, remaining, m, high_bit_free, out, blocks, used);
  } else if constexpr (kStride == 5) {
    return take_gathered5(p, remaining, m, high_bit_free, out, blocks, used);
  } else {
    return take_gathered9(p, remaining, m, high_bit_free, out, blocks, used);
  }
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_NEON)
// NEON: kBlock fixints at p into out: each byte sign-extended to T's width (or converted to a
// float), the value static_cast<T>(int8_t) gives.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE void widen_fixints(const std::uint8_t* p, T* out) noexcept {
  const int16x8_t h = vmovl_s8(vld1_s8(reinterpret_cast<const std::int8_t*>(p)));
  const int32x4_t w[2] = {vmovl_s16(vget_low_s16(h)), vmovl_high_s16(h)};
  if constexpr (std::is_same_v<T, float>) {
    const float32x4_t f[2] = {vcvtq_f32_s32(w[0]), vcvtq_f32_s32(w[1])};
    std::memcpy(out, f, sizeof f);
  } else if constexpr (std::is_same_v<T, double>) {
    const float64x2_t d[4] = {
        vcvtq_f64_s64(vmovl_s32(vget_low_s32(w[0]))), vcvtq_f64_s64(vmovl_high_s32(w[0])),
        vcvtq_f64_s64(vmovl_s32(vget_low_s32(w[1]))), vcvtq_f64_s64(vmovl_high_s32(w[1]))};
    std::memcpy(out, d, sizeof d);
  } else if constexpr (sizeof(T) == 1) {
    std::memcpy(out, p, kBlock);
  } else if constexpr (sizeof(T) == 2) {
    std::memcpy(out, &h, sizeof h);
  } else if constexpr (sizeof(T) == 4) {
    std::memcpy(out, w, sizeof w);
  } else {
    static_assert(sizeof(T) == 8, "integers of 1, 2, 4 or 8 bytes");
    const int64x2_t q[4] = {vmovl_s32(vget_low_s32(w[0])), vmovl_high_s32(w[0]),
                            vmovl_s32(vget_low_s32(w[1])), vmovl_high_s32(w[1])};
    std::memcpy(out, q, sizeof q);
  }
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_WIDE)
// Runs of fixints (-32..127; 0..127 when `positive_only`) into integers of kWidth bytes, 32 at a
// time with AVX2: one signed compare checks 32 bytes, sign-extending moves from memory widen
// them. Takes whole steps of 32 while every byte is a fixint, at most `steps` (32 bytes each
// readable at p); returns the steps taken. The caller's block loop goes on from there.
template <std::size_t kWidth>
MSGPACK_GEN_WIDE_KERNEL std::size_t take_fixint_steps_wide(const std::uint8_t* p,
                                                           bool positive_only, void* out,
                                                           std::size_t steps) noexcept {
  const __m256i floor = _mm256_set1_epi8(static_cast<char>(positive_only ? -1 : -33));
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t s = 0;
  for (; s < steps; ++s, p += 32, dst += 32 * kWidth) {
    const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi8(bytes, floor)) != -1) break;
    auto* d = reinterpret_cast<__m256i*>(dst);
    if constexpr (kWidth == 1) {
      _mm256_storeu_si256(d, bytes);
    } else if constexpr (kWidth == 2) {
      _mm256_storeu_si256(d, _mm256_cvtepi8_epi16(_mm256_castsi256_si128(bytes)));
      _mm256_storeu_si256(d + 1, _mm256_cvtepi8_epi16(_mm256_extracti128_si256(bytes, 1)));
    } else if constexpr (kWidth == 4) {
      for (int k = 0; k < 4; ++k) {
        const __m128i eight = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8 * k));
        _mm256_storeu_si256(d + k, _mm256_cvtepi8_epi32(eight));
      }
    } else {
      static_assert(kWidth == 8, "integers of 1, 2, 4 or 8 bytes");
      for (int k = 0; k < 8; ++k) {
        std::uint32_t four;
        std::memcpy(&four, p + 4 * k, sizeof four);
        _mm256_storeu_si256(d + k, _mm256_cvtepi8_epi64(_mm_cvtsi32_si128(static_cast<int>(four))));
      }
    }
  }
  return s;
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_VBMI)
// take_fixint_steps_wide() 64 at a time with AVX-512 BW: one compare into a mask register.
template <std::size_t kWidth>
MSGPACK_GEN_VBMI_KERNEL std::size_t take_fixint_steps_vbmi(const std::uint8_t* p,
                                                           bool positive_only, void* out,
                                                           std::size_t steps) noexcept {
  const __m512i floor = _mm512_set1_epi8(static_cast<char>(positive_only ? -1 : -33));
  auto* dst = static_cast<std::uint8_t*>(out);
  std::size_t s = 0;
  for (; s < steps; ++s, p += 64, dst += 64 * kWidth) {
    const __m512i bytes = _mm512_loadu_si512(p);
    if (_mm512_cmpgt_epi8_mask(bytes, floor) != ~std::uint64_t{0}) break;
    // The widening moves in their zero-masked form with every lane kept: GCC 12 warns that the
    // plain form's (unused) source is uninitialized.
    if constexpr (kWidth == 1) {
      _mm512_storeu_si512(dst, bytes);
    } else if constexpr (kWidth == 2) {
      for (int k = 0; k < 2; ++k) {
        const __m256i half = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * k));
        _mm512_storeu_si512(dst + 64 * k, _mm512_maskz_cvtepi8_epi16(~__mmask32{0}, half));
      }
    } else if constexpr (kWidth == 4) {
      for (int k = 0; k < 4; ++k) {
        const __m128i sixteen = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        _mm512_storeu_si512(dst + 64 * k, _mm512_maskz_cvtepi8_epi32(0xffff, sixteen));
      }
    } else {
      static_assert(kWidth == 8, "integers of 1, 2, 4 or 8 bytes");
      for (int k = 0; k < 8; ++k) {
        const __m128i eight = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8 * k));
        _mm512_storeu_si512(dst + 64 * k, _mm512_maskz_cvtepi8_epi64(0xff, eight));
      }
    }
  }
  return s;
}
#endif

// Whole steps of fixints with the widest kernel the level has, at most `blocks` blocks (readable
// at p). Returns the blocks taken: a multiple of the step's blocks, 0 below the AVX2 level.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_fixint_steps(Simd level, const std::uint8_t* p,
                                                        bool positive_only, T* out,
                                                        std::size_t blocks) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  if (level >= Simd::vbmi) {
    return 8 * take_fixint_steps_vbmi<sizeof(T)>(p, positive_only, out, blocks / 8);
  }
#endif
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  if (level >= Simd::wide) {
    return 4 * take_fixint_steps_wide<sizeof(T)>(p, positive_only, out, blocks / 4);
  }
#endif
  (void)level, (void)p, (void)positive_only, (void)out, (void)blocks;
  return 0;
}

// Blocks of fixints (-32..127; 0..127 into an unsigned type), one byte each. Integers take whole
// steps of 4 or 8 blocks first where the level has them (take_fixint_steps()).
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_fixint_blocks(const std::uint8_t* p,
                                                         std::size_t remaining, bool positive_only,
                                                         T* out, std::size_t blocks,
                                                         std::size_t& used, Simd level) noexcept {
  const std::size_t limit = blocks < remaining / kBlock ? blocks : remaining / kBlock;
  std::size_t b = 0;
  if constexpr (!is_float_v<T>) {
    // Only for a run that starts here: a fixint among other forms costs no kernel call.
    if (limit >= 4 && all_fixints(p, positive_only)) {
      b = take_fixint_steps(level, p, positive_only, out, limit);
      p += b * kBlock;
      out += b * kBlock;
    }
  } else {
    (void)level;
  }
  for (; b < limit && all_fixints(p, positive_only); ++b, p += kBlock, out += kBlock) {
#if defined(MSGPACK_GEN_NUMERIC_NEON)
    widen_fixints(p, out);
#else
    for (std::size_t j = 0; j < kBlock; ++j) {
      if constexpr (is_float_v<T>) {
        out[j] = static_cast<T>(static_cast<std::int8_t>(p[j]));
      } else {
        out[j] = static_cast<T>(static_cast<raw_t<T>>(static_cast<std::int8_t>(p[j])));
      }
    }
#endif
  }
  used = b * kBlock;
  return b * kBlock;
}

// Integers (or enums: their underlying integers R): the run of blocks of the first one's form.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_integers(const std::uint8_t* p, std::size_t remaining,
                                                    T* out, std::size_t blocks, std::size_t& used,
                                                    Simd level) noexcept {
  using R = raw_t<T>;
  const std::uint8_t m = p[0];
  if (static_cast<std::int8_t>(m) >= -32) {  // fixints fit every R, but negative ones
    return take_fixint_blocks(p, remaining, std::is_unsigned_v<R>, out, blocks, used, level);
  }
  if (m < 0xcc || m > 0xd3) return 0;
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
  // Forms of R's own width, gathered with shuffles: R holds a form of its own sign, and one of
  // the other sign when the top bit is clear (int16 holds a uint16 below 2^15, uint16 an int16
  // that is not negative). A block whose second marker differs is left at once.
  constexpr unsigned kOwnWidth = sizeof(R) == 2 ? 1 : sizeof(R) == 4 ? 2 : sizeof(R) == 8 ? 3 : 9;
  if (level >= Simd::shuffles && (m & 3) == kOwnWidth) {
    constexpr std::size_t kStride = 1 + sizeof(R);
    if (remaining < kStride * kBlock || p[kStride] != m) return 0;
    const bool high_bit_free = std::is_signed_v<R> == (m <= 0xcf);
    if constexpr (sizeof(R) >= 2) {
      return take_gathered<kStride, true>(level, p, remaining, m, high_bit_free, out, blocks, used);
    }
  }
#endif
  (void)level;
  switch (m & 3) {
    case 0:
      return take_integer_blocks<1>(p, remaining, m, out, blocks, used);
    case 1:
      return take_integer_blocks<2>(p, remaining, m, out, blocks, used);
    case 2:
      return take_integer_blocks<4>(p, remaining, m, out, blocks, used);
    default:
      return take_integer_blocks<8>(p, remaining, m, out, blocks, used);
  }
}

// Floats: runs of float32 blocks into float, float64 blocks into double (the forms each is
// written in; Reader::read_float converts the others, element by element), and fixint blocks
// (integral values written as integers: zeros, small counts).
template <class F>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_floats(const std::uint8_t* p, std::size_t remaining,
                                                  F* out, std::size_t blocks, std::size_t& used,
                                                  Simd level) noexcept {
  const std::uint8_t m = p[0];
  constexpr std::uint8_t kMarkerOfF = sizeof(F) == 4 ? 0xca : 0xcb;
  if (m == kMarkerOfF) {
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
    if (level >= Simd::shuffles) {
      return take_gathered<1 + sizeof(F), false>(level, p, remaining, m, false, out, blocks, used);
    }
#endif
    (void)level;
    using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
    constexpr std::size_t kStride = 1 + sizeof(F);
    constexpr std::size_t kBytes = kStride * kBlock;
    const std::size_t limit = blocks < remaining / kBytes ? blocks : remaining / kBytes;
    std::size_t b = 0;
    for (; b < limit; ++b, p += kBytes, out += kBlock) {
      unsigned other = 0;  // any bit set: a marker that is not m
      for (std::size_t j = 0; j < kBlock; ++j) {
        other |= p[kStride * j] ^ m;
        const Bits bits = endian::load<Bits>(p + kStride * j + 1);
        std::memcpy(out + j, &bits, sizeof bits);
      }
      if (other != 0) break;
    }
    used = b * kBytes;
    return b * kBlock;
  }
  if (static_cast<std::int8_t>(m) >= -32) {
    return take_fixint_blocks(p, remaining, false, out, blocks, used, level);
  }
  return 0;
}

// Integers of mixed forms, element by element without a branch on the width: the marker indexes a
// table giving the element's size, where its big-endian 8-byte load starts (the marker itself for
// a fixint, the byte after it otherwise), the shift that leaves the value in the low bits and
// how to read it. One byte per field, so that each is one load, not a load and a mask.
enum IntReading : std::uint8_t { kReadUnsigned, kReadSigned, kNotAnInteger };
struct IntForm {
  std::uint8_t size;  // 0: not an integer form
  std::uint8_t shift;
  std::uint8_t load_offset;
  IntReading reading;
};
constexpr IntForm int_form(unsigned m) noexcept {
  // A fixint is its own byte, read as signed only when negative: non-negative input then only
  // takes the unsigned reading, the one checked first.
  if (m <= 0x7f) return {1, 56, 0, kReadUnsigned};
  if (m >= 0xe0) return {1, 56, 0, kReadSigned};
  if (m < 0xcc || m > 0xd3) return {0, 0, 0, kNotAnInteger};
  const unsigned width = 1u << (m & 3);
  return {static_cast<std::uint8_t>(1 + width), static_cast<std::uint8_t>((64 - 8 * width) % 64), 1,
          m >= 0xd0 ? kReadSigned : kReadUnsigned};
}
struct IntForms {
  IntForm form[256];
};
constexpr IntForms make_int_forms() noexcept {
  IntForms forms{};
  for (unsigned m = 0; m < 256; ++m) forms.form[m] = int_form(m);
  return forms;
}
inline constexpr IntForms kIntForms = make_int_forms();

// One integer at p into *out when its marker (whose form is f) is an integer form whose value T
// holds; false otherwise. 9 bytes must be readable at p (one 8-byte load past the marker).
template <class T>
MSGPACK_GEN_ALWAYS_INLINE bool take_one_integer(const std::uint8_t* p, const IntForm& f,
                                                T* out) noexcept {
  using R = raw_t<T>;
  const std::uint64_t bits = endian::load<std::uint64_t>(p + f.load_offset);
  const unsigned shift = f.shift;
  if (MSGPACK_GEN_LIKELY(f.reading == kReadUnsigned)) {
    const std::uint64_t u = bits >> shift;
    if (!holds_unsigned<R>(u)) return false;
    *out = static_cast<T>(static_cast<R>(u));
    return true;
  }
  const std::int64_t s = static_cast<std::int64_t>(bits) >> shift;
  if (f.reading != kReadSigned || !holds_signed<R>(s)) return false;
  *out = static_cast<T>(static_cast<R>(s));
  return true;
}

// Bytes an element readable at p must have: one 8-byte load past its marker.
inline constexpr std::size_t kMixedLoad = 9;

// Up to `count` integers at p (`remaining` bytes readable) into out, while each is a fixint or a
// uint/int form whose value T holds and 9 bytes are readable from it (one 8-byte load past the
// marker). Returns the elements taken, their bytes in `used`; the element it stops at is left
// to codec<T> (another type, a value out of range, the last bytes of the input: its errors).
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t take_mixed_integers(const std::uint8_t* p,
                                                          std::size_t remaining, T* out,
                                                          std::size_t count,
                                                          std::size_t& used) noexcept {
  std::size_t left = remaining;
  std::size_t k = 0;
  for (; k < count && left >= kMixedLoad; ++k) {
    const IntForm& f = kIntForms.form[*p];
    if (!take_one_integer(p, f, out + k)) break;
    p += f.size;
    left -= f.size;
  }
  used = remaining - left;
  return k;
}

#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
// Element sizes by marker - 0xcc, from kIntForms: 2, 3, 5, 9 for uint8..uint64 and int8..int64.
constexpr Table make_form_sizes() noexcept {
  Table t{};
  for (unsigned i = 0; i < 8; ++i) t.byte[i] = int_form(0xcc + i).size;
  return t;
}
inline constexpr Table kFormSizes = make_form_sizes();

// The size of the element each byte of v would start: 1 for a fixint, 2..9 for an integer form's
// marker, 0 for any other byte.
MSGPACK_GEN_SHUFFLE_INLINE Vec element_sizes(Vec v) noexcept {
  // marker - 0xcc: 0..7 for the integer forms; kFormSizes is 0 from 8 on, lookup() past 15.
  const Vec sizes = lookup(vec_of(kFormSizes), add_bytes(v, splat(0x34)));
  return bits_or(sizes, bits_and(fixint_lanes(v), splat(1)));
}

// The walk of the mixed-form readers (take_mixed_chunks()) through windows of 128 bytes at
// fixed offsets.
inline constexpr std::size_t kWindow = 128;
// For every byte i of a window: next[i], i + the size of the element byte i would start (at most
// 143 + 9), i for a byte that starts no integer; after_next[i], next[next[i]], two elements on.
struct WindowSteps {
  alignas(16) std::uint8_t next[kWindow + 16];
  alignas(16) std::uint8_t after_next[kWindow];
};
// Fills `steps` for the window at `window` (kWindow + 16 bytes readable).
MSGPACK_GEN_SHUFFLE_INLINE void fill_window_steps(const std::uint8_t* window,
                                                  WindowSteps& steps) noexcept {
  for (std::size_t j = 0; j < kWindow + 16; j += 16) {
    const Vec offsets = add_bytes(vec_of(kLaneIndex), splat(static_cast<std::uint8_t>(j)));
    store16(steps.next + j, add_bytes(element_sizes(load16(window + j)), offsets));
  }
  for (std::size_t j = 0; j < kWindow; j += 16) {
    // next[i] - j for the 16 bytes from j: 0..24, an index into next[j..j + 32), taken from
    // the first vector below 16 and from the second from 16 (rel - 16 wraps to 240 and more).
    const Vec here = load16(steps.next + j);
    const Vec rel = add_bytes(here, splat(static_cast<std::uint8_t>(0u - j)));
    store16(steps.after_next + j, bits_or(lookup(here, rel), lookup(load16(steps.next + j + 16),
                                                                    add_bytes(rel, splat(0xf0)))));
  }
}

// The end of a chunked mixed-form reader that took elements up to out + count - (last - dst),
// and either stopped at the element at p + at (for its codec) or reached at, from where
// take_mixed_integers() reads the rest. Returns the elements taken, their bytes in `used`.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE std::size_t finish_mixed_chunks(const std::uint8_t* p,
                                                          std::size_t remaining, std::size_t at,
                                                          bool stopped, T* dst, T* last,
                                                          std::size_t count,
                                                          std::size_t& used) noexcept {
  const std::size_t count_left = static_cast<std::size_t>(last - dst);
  std::size_t tail_used = 0;
  std::size_t k = count - count_left;
  if (!stopped) k += take_mixed_integers(p + at, remaining - at, dst, count_left, tail_used);
  used = at + tail_used;
  return k;
}

// The walk of take_mixed_chunks() through one window (see there): from the element at pos,
// while elements start below `window_size` (and, when kCounted, dst is not last). False when
// an element is not taken, pos then at it; true with pos at the first element past the window.
template <bool kCounted, class T>
MSGPACK_GEN_ALWAYS_INLINE bool walk_window(const std::uint8_t* window, const std::uint8_t* next,
                                           const std::uint8_t* after_next, std::size_t window_size,
                                           std::size_t& pos, T*& dst, T* last) noexcept {
  while (pos < window_size) {
    if ((kCounted && dst == last) ||
        !take_one_integer(window + pos, kIntForms.form[window[pos]], dst))
      return false;
    ++dst;
    const std::size_t second = next[pos];
    if (second >= window_size) {
      pos = second;
      return true;
    }
    if ((kCounted && dst == last) ||
        !take_one_integer(window + second, kIntForms.form[window[second]], dst)) {
      pos = second;
      return false;
    }
    ++dst;
    pos = after_next[pos];
  }
  return true;
}

// take_mixed_integers() with the elements' boundaries found ahead, over windows of 128 bytes at
// fixed offsets. Decoding element by element, the next element's position waits for two loads
// (its marker, then the marker's table entry) and an add. Here the walk waits for one load per
// two elements: for every byte of the window, vector operations find where the element after
// the one the byte would start begins, and the one after that. Those arrays do not depend on
// where the elements start, so the next window's are filled without waiting for the walk
// through this one; an element that ends past a window is where the walk goes on in the next.
// The values are decoded off that chain as before, with the same checks.
template <class T>
MSGPACK_GEN_SHUFFLE_KERNEL std::size_t take_mixed_chunks(const std::uint8_t* p,
                                                         std::size_t remaining, T* out,
                                                         std::size_t count,
                                                         std::size_t& used) noexcept {
  std::size_t base = 0;  // the window's offset from p
  std::size_t pos = 0;   // the current element's offset from base: below kWindow + 9
  T* dst = out;
  T* const last = out + count;
  bool stopped = false;
  WindowSteps steps;
  // The vectors read kWindow + 16 bytes; an element starting below kWindow reads to kWindow + 8.
  while (!stopped && dst != last && remaining - base >= kWindow + 16) {
    const std::uint8_t* window = p + base;
    const std::uint8_t* next = steps.next;
    const std::uint8_t* after_next = steps.after_next;
    fill_window_steps(window, steps);
    // A window holds at most kWindow elements: with that many wanted, no count check.
    stopped = static_cast<std::size_t>(last - dst) >= kWindow
                  ? !walk_window<false>(window, next, after_next, kWindow, pos, dst, last)
                  : !walk_window<true>(window, next, after_next, kWindow, pos, dst, last);
    if (!stopped) {
      base += kWindow;
      pos -= kWindow;
    }
  }
  return finish_mixed_chunks(p, remaining, base + pos, stopped, dst, last, count, used);
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_WIDE)
// ---- AVX2: integers of mixed forms, 4 at a time ----------------------------------------------
//
// take_mixed_chunks() at the `wide` level. That walk waits for one table load per two elements
// and decodes each element on its own (its marker, its form, a load, a shift); this one waits
// for one load per four. For every byte of a 128-byte window, 32-byte shuffles fill next[] and
// after_next[] as there, and four_on[], the element four on (after_next[] composed with
// itself). From the element at s, next[s], after_next[s] and next[after_next[s]] are the other
// three, and four_on[s] is where the next four begin. Each element's 16 bytes go to one half of
// a vector, and one 32-byte shuffle per two elements, chosen by each marker, moves the value's
// big-endian bytes into a little-endian 64-bit lane and clears the others; for a signed T a
// second one copies a signed value's top byte above it, whose sign then fills those bytes. The
// lanes' upper halves carry what the step checks (see IntegerTakes). When a check fails,
// take_mixed_chunks()'s walk goes on from the first of the four, with the checks and errors of
// each element's codec. The last four of a window may start past it: their positions are exact,
// as next[] runs 64 bytes past it. An unsigned type of one or two bytes first tries a cheaper
// step for four elements of small forms (see SmallShapes).

// What the four-element step does with a form, for an integer type of `bytes` bytes: takes
// it when the type holds its every value, takes it when its top byte is below 0x80 (a signed
// form into an unsigned type, an unsigned form of the type's width into a signed one), or
// leaves it to the element walk (another type, a form wider than the type, a negative fixint
// into an unsigned type).
enum StepTake { kStepRefuses, kStepTakes, kStepTakesNonNegative };
constexpr StepTake step_take(const IntForm& f, std::size_t bytes, bool is_signed) noexcept {
  const std::size_t width = f.size > 1 ? f.size - 1u : 0u;  // 0: a fixint, its own value
  if (f.reading == kNotAnInteger || width > bytes) return kStepRefuses;
  if (width == 0) return f.reading == kReadSigned && !is_signed ? kStepRefuses : kStepTakes;
  if (f.reading == kReadSigned) return is_signed ? kStepTakes : kStepTakesNonNegative;
  return is_signed && width == bytes ? kStepTakesNonNegative : kStepTakes;
}
// For each marker m, the 16-byte shuffle of its element (see above): the value's bytes
// little-endian in the low 8. The upper 8 are zero but for what the step checks: the marker of
// a form it refuses, the value's top byte where that must be below 0x80. Every refused marker is
// 0x80 or more, so one test of the top bits of the upper halves checks four elements.
struct IntegerTakes {
  alignas(16) std::uint8_t take[256][16];
};
constexpr IntegerTakes make_integer_takes(std::size_t bytes, bool is_signed) noexcept {
  IntegerTakes t{};
  for (unsigned m = 0; m < 256; ++m) {
    for (unsigned i = 0; i < 16; ++i) t.take[m][i] = 0x80;
    const IntForm f = int_form(m);
    const unsigned width = f.size > 1 ? f.size - 1u : 0u;
    const StepTake what = step_take(f, bytes, is_signed);
    if (what == kStepRefuses) {
      t.take[m][8] = 0;
    } else if (width == 0) {
      t.take[m][0] = 0;
    } else {
      for (unsigned i = 0; i < width; ++i) t.take[m][i] = static_cast<std::uint8_t>(width - i);
      if (what == kStepTakesNonNegative) t.take[m][9] = 1;
    }
  }
  return t;
}
template <std::size_t kBytes, bool kSigned>
inline constexpr IntegerTakes kIntegerTakes = make_integer_takes(kBytes, kSigned);
// For each marker of a signed form (a negative fixint's too): the shuffle that copies the
// value's top byte to the bytes above its width, whose sign then fills them.
constexpr IntegerTakes make_sign_copies() noexcept {
  IntegerTakes t{};
  for (unsigned m = 0; m < 256; ++m) {
    for (unsigned i = 0; i < 16; ++i) t.take[m][i] = 0x80;
    const IntForm f = int_form(m);
    if (f.reading != kReadSigned) continue;
    const unsigned width = f.size > 1 ? f.size - 1u : 1u;
    for (unsigned i = width; i < 8; ++i) t.take[m][i] = f.size > 1 ? 1 : 0;
  }
  return t;
}
inline constexpr IntegerTakes kSignCopies = make_sign_copies();

// A window's steps for the AVX2 reader: next[] to 64 bytes past the window (a step reads it at
// its third element, below kWindow + 18), after_next[] and four_on[] for the window's positions.
// For an unsigned type of one or two bytes, shape[] (see SmallShapes).
struct WideWindowSteps {
  alignas(32) std::uint8_t next[kWindow + 64];
  alignas(32) std::uint8_t after_next[kWindow];
  alignas(32) std::uint8_t four_on[kWindow];
  alignas(32) std::uint8_t shape[kWindow];
};
// 0 in the low half, 16 in the high half: each half's first position.
MSGPACK_GEN_WIDE_INLINE __m256i half_starts() noexcept {
  return _mm256_setr_m128i(_mm_setzero_si128(), _mm_set1_epi8(16));
}
// Positions j..j+31.
MSGPACK_GEN_WIDE_INLINE __m256i positions_from(std::size_t j) noexcept {
  return _mm256_add_epi8(_mm256_add_epi8(vec_of(kLaneIndex, kLaneIndex), half_starts()),
                         _mm256_set1_epi8(static_cast<char>(j)));
}
// lookup() in each half: t[index] below 16, 0 from 16 on.
MSGPACK_GEN_WIDE_INLINE __m256i lookup_halves(__m256i t, __m256i index) noexcept {
  return _mm256_shuffle_epi8(t, _mm256_adds_epu8(index, _mm256_set1_epi8(0x70)));
}
// The high half of a and the low half of b: a table 16 entries on. Taken from registers: a
// 32-byte load across two of the stores just made would wait for them (no store forwarding).
MSGPACK_GEN_WIDE_INLINE __m256i halves_on(__m256i a, __m256i b) noexcept {
  return _mm256_permute2x128_si256(a, b, 0x21);
}
// t[v] for the 32 entries v of a table from position j, whose entries j..j+63 are t0 and t1,
// when each v lies less than 32 past the half it is in (48 with kThree). vpshufb looks up in
// each half on its own, so a half looks in its own 16 entries and the 16 (or 32) after them.
// Each lookup past the first XORs away the one before: an index below 16 reads the first 16
// entries, the same index less 16 (bit 7 set below 16, so 0) reads t0 ^ the next 16, and so on.
// Past the reach the result is an XOR of the tables' entries, not 0.
template <bool kThree>
MSGPACK_GEN_WIDE_INLINE __m256i step_on(__m256i v, std::size_t j, __m256i t0, __m256i t1) noexcept {
  const __m256i own =
      _mm256_sub_epi8(v, _mm256_add_epi8(half_starts(), _mm256_set1_epi8(static_cast<char>(j))));
  const __m256i t01 = halves_on(t0, t1);
  __m256i r = _mm256_xor_si256(
      _mm256_shuffle_epi8(t0, own),
      _mm256_shuffle_epi8(_mm256_xor_si256(t0, t01), _mm256_sub_epi8(own, _mm256_set1_epi8(16))));
  if constexpr (kThree) {
    r = _mm256_xor_si256(r, _mm256_shuffle_epi8(_mm256_xor_si256(t01, t1),
                                                _mm256_sub_epi8(own, _mm256_set1_epi8(32))));
  }
  return r;
}
// The size of the element each of the 32 bytes of v would start: `sizes` (in both halves) by
// marker - 0xcc, or 1 for a byte above `below_fixints` as a signed byte (a fixint); else 0.
MSGPACK_GEN_WIDE_INLINE __m256i marker_sizes_wide(__m256i v, __m256i sizes,
                                                  std::int8_t below_fixints) noexcept {
  return _mm256_or_si256(
      lookup_halves(sizes, _mm256_add_epi8(v, _mm256_set1_epi8(0x34))),
      _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(below_fixints)), _mm256_set1_epi8(1)));
}

// ---- Small forms, four elements in one shuffle --------------------------------------------
//
// An unsigned type of one or two bytes (uint16_t, an enum on uint8_t) mostly comes as fixints,
// uint8s and (two bytes) uint16s: forms of 1 to 3 bytes, so four elements lie in the 16 bytes
// from the first. The fill gives each byte j of a window the sizes of the four elements from
// j, 2 bits each (1 to 3; 0 for any other form) in shape[j]; the walk turns four such elements
// into values with one 16-byte shuffle looked up by that byte. A shape with a 0 goes to the
// general four-element step.
template <class T>
inline constexpr bool kSmallFormSteps = !std::is_signed_v<raw_t<T>> && sizeof(T) <= 2;
// For each shape: the shuffle from the 16 bytes at the first element to the four values,
// little-endian, `bytes` each; and whether all four are small forms (no size 0).
struct SmallShapes {
  alignas(16) std::uint8_t take[256][16];
  bool small[256];
};
constexpr SmallShapes make_small_shapes(std::size_t bytes) noexcept {
  SmallShapes t{};
  for (unsigned shape = 0; shape < 256; ++shape) {
    for (unsigned i = 0; i < 16; ++i) t.take[shape][i] = 0x80;
    unsigned start = 0;
    t.small[shape] = true;
    for (unsigned e = 0; e < 4; ++e) {
      const unsigned size = (shape >> (2 * e)) & 3u;
      if (size == 0) {
        t.small[shape] = false;
        break;
      }
      // A fixint is its own value; a uint8 or uint16 is the bytes after its marker, big-endian.
      std::uint8_t* value = t.take[shape] + bytes * e;
      value[0] = static_cast<std::uint8_t>(start + size - 1);
      if (size == 3) value[1] = static_cast<std::uint8_t>(start + 1);
      start += size;
    }
  }
  return t;
}
template <std::size_t kBytes>
inline constexpr SmallShapes kSmallShapes = make_small_shapes(kBytes);
// shape[] for the window at `window`, from the vectors of its next[] and after_next[].
template <std::size_t kBytes>
MSGPACK_GEN_WIDE_INLINE void fill_window_shapes(const std::uint8_t* window, const __m256i* next,
                                                const __m256i* after,
                                                WideWindowSteps& steps) noexcept {
  // A small form's size by marker - 0xcc (uint8 2, uint16 3 when the type has two bytes), 1 for a
  // positive fixint (0..127), 0 for any other byte.
  Table marker_sizes{};
  marker_sizes.byte[0] = 2;
  marker_sizes.byte[1] = kBytes == 2 ? 3 : 0;
  const __m256i small_sizes = vec_of(marker_sizes, marker_sizes);
  __m256i sizes[kWindow / 32 + 2];
  for (std::size_t k = 0; k < kWindow / 32 + 2; ++k) {
    sizes[k] = marker_sizes_wide(load32(window + 32 * k), small_sizes, -1);
  }
  // Two elements' sizes, then four: the next one's (the second's) shifted above. next[j] is at
  // most 9 on, within step_on()'s reach; after_next[j] may be past it (18 on), but only when
  // one of the first two forms is not small, whose 0 already marks the shape. Every entry, and
  // so every XOR of entries, is below 4 (then 16), so the 16-bit shifts carry nothing into the
  // byte above.
  __m256i twos[kWindow / 32 + 1];
  for (std::size_t k = 0; k < kWindow / 32 + 1; ++k) {
    twos[k] = _mm256_or_si256(
        sizes[k], _mm256_slli_epi16(step_on<false>(next[k], 32 * k, sizes[k], sizes[k + 1]), 2));
  }
  for (std::size_t k = 0; k < kWindow / 32; ++k) {
    _mm256_store_si256(
        reinterpret_cast<__m256i*>(steps.shape + 32 * k),
        _mm256_or_si256(
            twos[k], _mm256_slli_epi16(step_on<false>(after[k], 32 * k, twos[k], twos[k + 1]), 4)));
  }
}
// Fills `steps` for the window at `window` (kWindow + 64 bytes readable); shape[] too for an
// element type of kShapeBytes (0: none).
template <std::size_t kShapeBytes>
MSGPACK_GEN_WIDE_INLINE void fill_window_steps_wide(const std::uint8_t* window,
                                                    WideWindowSteps& steps) noexcept {
  constexpr std::size_t kNext = (kWindow + 64) / 32;
  constexpr std::size_t kAfter = (kWindow + 32) / 32;
  const __m256i form_sizes = vec_of(kFormSizes, kFormSizes);
  __m256i next[kNext];
  for (std::size_t k = 0; k < kNext; ++k) {
    // A negative fixint is -32..-1, a positive one 0..127.
    const __m256i sizes = marker_sizes_wide(load32(window + 32 * k), form_sizes, -33);
    next[k] = _mm256_add_epi8(sizes, positions_from(32 * k));
    _mm256_store_si256(reinterpret_cast<__m256i*>(steps.next + 32 * k), next[k]);
  }
  // after_next[] to kWindow + 32 in registers, for four_on[] and the shapes.
  __m256i after[kAfter];
  for (std::size_t k = 0; k < kAfter; ++k) {
    after[k] = step_on<false>(next[k], 32 * k, next[k], next[k + 1]);
    if (k < kWindow / 32) {
      _mm256_store_si256(reinterpret_cast<__m256i*>(steps.after_next + 32 * k), after[k]);
    }
  }
  for (std::size_t k = 0; k < kWindow / 32; ++k) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(steps.four_on + 32 * k),
                       step_on<true>(after[k], 32 * k, after[k], after[k + 1]));
  }
  if constexpr (kShapeBytes != 0) fill_window_shapes<kShapeBytes>(window, next, after, steps);
}

// The four elements of small forms at window + pos into out[0..3], by their shape; false when
// the shape has another form.
template <class T>
MSGPACK_GEN_WIDE_INLINE bool take_small_4(const std::uint8_t* window, std::size_t pos,
                                          std::uint8_t shape, T* out) noexcept {
  constexpr const SmallShapes& kShapes = kSmallShapes<sizeof(T)>;
  if (!kShapes.small[shape]) return false;
  const __m128i values = _mm_shuffle_epi8(load16(window + pos), load16(kShapes.take[shape]));
  if constexpr (sizeof(T) == 2) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), values);
  } else {
    const std::uint32_t four = static_cast<std::uint32_t>(_mm_cvtsi128_si32(values));
    std::memcpy(out, &four, sizeof four);
  }
  return true;
}

// Within each half of a vector of two 64-bit values: their low `bytes` bytes side by side.
constexpr Table make_narrow_lanes(std::size_t bytes) noexcept {
  Table t{};
  for (unsigned i = 0; i < 16; ++i) t.byte[i] = 0x80;
  for (unsigned i = 0; i < bytes; ++i) {
    t.byte[i] = static_cast<std::uint8_t>(i);
    t.byte[bytes + i] = static_cast<std::uint8_t>(8 + i);
  }
  return t;
}
template <std::size_t kBytes>
inline constexpr Table kNarrowLanes = make_narrow_lanes(kBytes);

// Each half of `in` shuffled by the table's entry for its element's marker (a, b).
MSGPACK_GEN_WIDE_INLINE __m256i shuffle_by_marker(__m256i in, const IntegerTakes& table,
                                                  std::uint8_t a, std::uint8_t b) noexcept {
  return _mm256_shuffle_epi8(in, _mm256_setr_m128i(load16(table.take[a]), load16(table.take[b])));
}

// The 4 elements at window + s[0..3] into out[0..3] when the step takes each (IntegerTakes);
// false otherwise (out[0..3] then written but not taken). 16 bytes readable at each.
template <class T>
MSGPACK_GEN_WIDE_INLINE bool take_integers_4(const std::uint8_t* window, std::size_t s0,
                                             std::size_t s1, std::size_t s2, std::size_t s3,
                                             T* out) noexcept {
  constexpr std::size_t kBytes = sizeof(T);
  constexpr bool kSigned = std::is_signed_v<raw_t<T>>;
  constexpr const IntegerTakes& kTakes = kIntegerTakes<kBytes, kSigned>;
  const std::uint8_t m0 = window[s0], m1 = window[s1], m2 = window[s2], m3 = window[s3];
  // Elements 0 and 2 in one vector, 1 and 3 in the other: one unpack puts the four in order.
  const __m256i in02 = load_halves(window + s0, s2 - s0);
  const __m256i in13 = load_halves(window + s1, s3 - s1);
  __m256i x02 = shuffle_by_marker(in02, kTakes, m0, m2);
  __m256i x13 = shuffle_by_marker(in13, kTakes, m1, m3);
  if constexpr (kSigned) {
    // The bytes above a signed value's width: 0xff where its top byte is negative.
    const __m256i zero = _mm256_setzero_si256();
    x02 =
        _mm256_or_si256(x02, _mm256_cmpgt_epi8(zero, shuffle_by_marker(in02, kSignCopies, m0, m2)));
    x13 =
        _mm256_or_si256(x13, _mm256_cmpgt_epi8(zero, shuffle_by_marker(in13, kSignCopies, m1, m3)));
  }
  const __m256i refused = _mm256_unpackhi_epi64(x02, x13);
  const __m256i values = _mm256_unpacklo_epi64(x02, x13);
  if constexpr (kBytes == 8) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), values);
  } else {
    // Each value's low kBytes: two side by side in each half, then the halves side by side.
    const __m256i pairs =
        _mm256_shuffle_epi8(values, vec_of(kNarrowLanes<kBytes>, kNarrowLanes<kBytes>));
    if constexpr (kBytes == 1) {
      const std::uint32_t four = static_cast<std::uint32_t>(_mm256_extract_epi16(pairs, 0)) |
                                 static_cast<std::uint32_t>(_mm256_extract_epi16(pairs, 8)) << 16;
      std::memcpy(out, &four, sizeof four);
    } else {
      // The halves' pairs: two 4-byte words each (kBytes 4), one (kBytes 2).
      const __m256i words = kBytes == 4 ? _mm256_setr_epi32(0, 1, 4, 5, 0, 0, 0, 0)
                                        : _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0);
      const __m128i all = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(pairs, words));
      if constexpr (kBytes == 4) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), all);
      } else {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out), all);
      }
    }
  }
  return _mm256_movemask_epi8(refused) == 0;
}
// The walk by fours through a window, from the element at pos while it starts in the window
// (and, when kCounted, four more are wanted). True with pos past the window; false with pos at
// the first of four not taken.
template <bool kCounted, class T>
MSGPACK_GEN_WIDE_INLINE bool walk_window_fours(const std::uint8_t* window,
                                               const WideWindowSteps& steps, std::size_t& pos,
                                               T*& dst, T* last) noexcept {
  while (pos < kWindow) {
    if (kCounted && static_cast<std::size_t>(last - dst) < 4) return false;
    bool taken = false;
    if constexpr (kSmallFormSteps<T>) taken = take_small_4(window, pos, steps.shape[pos], dst);
    if (!taken) {
      const std::size_t third = steps.after_next[pos];
      if (!take_integers_4(window, pos, steps.next[pos], third, steps.next[third], dst))
        return false;
    }
    dst += 4;
    pos = steps.four_on[pos];
  }
  return true;
}

// How take_mixed_integers_wide() fills a window's steps: with AVX2 (inlined into the walk), or
// at the vbmi level with byte permutes (VbmiStepsFill, a call per window).
struct WideStepsFill {
  template <std::size_t kShapeBytes>
  MSGPACK_GEN_WIDE_INLINE static void fill(const std::uint8_t* window,
                                           WideWindowSteps& steps) noexcept {
    fill_window_steps_wide<kShapeBytes>(window, steps);
  }
};

// take_mixed_chunks() with AVX2, for any integer T (see the top of this part).
template <class T, class Fill = WideStepsFill>
MSGPACK_GEN_WIDE_KERNEL std::size_t take_mixed_integers_wide(const std::uint8_t* p,
                                                             std::size_t remaining, T* out,
                                                             std::size_t count,
                                                             std::size_t& used) noexcept {
  std::size_t base = 0;  // the window's offset from p
  std::size_t pos = 0;   // the current element's offset from base: below kWindow + 36
  T* dst = out;
  T* const last = out + count;
  bool stopped = false;
  WideWindowSteps steps;
  // The vectors read kWindow + 64 bytes; a step's last element starts below kWindow + 27, and
  // 16 bytes are read from it.
  while (!stopped && dst != last && remaining - base >= kWindow + 64) {
    const std::uint8_t* window = p + base;
    Fill::template fill<kSmallFormSteps<T> ? sizeof(T) : 0>(window, steps);
    // A window starts at most kWindow elements and a step takes 4: with that many more
    // wanted, no count check.
    const bool whole = static_cast<std::size_t>(last - dst) >= kWindow + 4
                           ? walk_window_fours<false>(window, steps, pos, dst, last)
                           : walk_window_fours<true>(window, steps, pos, dst, last);
    if (!whole) {
      // The rest of the window element by element, from the four that were not taken.
      stopped =
          static_cast<std::size_t>(last - dst) >= kWindow
              ? !walk_window<false>(window, steps.next, steps.after_next, kWindow, pos, dst, last)
              : !walk_window<true>(window, steps.next, steps.after_next, kWindow, pos, dst, last);
    }
    if (!stopped) {
      base += kWindow;
      pos -= kWindow;
    }
  }
  return finish_mixed_chunks(p, remaining, base + pos, stopped, dst, last, count, used);
}
#endif

#if defined(MSGPACK_GEN_NUMERIC_VBMI)
// ---- AVX-512 VBMI: integers of mixed forms, 8 at a time ------------------------------------
//
// The mixed-form reader without a walk from element to element. For the 128 bytes of a window,
// vector operations give every byte i the position next1[i] of the element after the one byte i
// would start, and by composing that table with itself (vpermi2b: a byte permute across two
// 64-byte vectors, a table of 128 entries) the positions 2, 4 and 8 elements on. From the first
// element of 8 at s, three masked permutes of a vector holding s give all 8 starts at once, and
// the next 8 start at next8[s]: one more permute, of that vector, per 8 elements. Each 8 are
// then read by position with two independent permutes: one reads the markers, the other the 8
// bytes after each marker, big-endian, into its little-endian lane. A per-lane shift by the
// marker's form (logical, or arithmetic for signed forms) leaves a sized form's value; a
// fixint's value is its marker, sign-extended for a negative one. The checks are
// take_one_integer()'s, per lane: the first lane that is not an integer form, or whose value T does
// not hold, ends the reading there, for the element's own codec. A byte that starts no integer has
// size 0, so the tables stay at it, and the reading stops at it.

struct Iota128 {
  std::uint8_t index[128];
};
constexpr Iota128 make_iota128() noexcept {
  Iota128 t{};
  for (unsigned i = 0; i < 128; ++i) t.index[i] = static_cast<std::uint8_t>(i);
  return t;
}
inline constexpr Iota128 kIota128 = make_iota128();

// A table of 128 byte positions, in two vectors.
struct Positions {
  __m512i low, high;
};
// The size of the element each byte from 0x80 on starts, by byte - 0x80 (0: no integer).
struct HighSizes {
  std::uint8_t size[128];
};
constexpr HighSizes make_high_sizes() noexcept {
  HighSizes t{};
  for (unsigned i = 0; i < 128; ++i) {
    const unsigned byte = 0x80 + i;
    if (byte >= 0xe0) {
      t.size[i] = 1;
    } else if (byte >= 0xcc && byte <= 0xd3) {
      t.size[i] = static_cast<std::uint8_t>(1 + (1u << (byte & 3)));
    }
  }
  return t;
}
inline constexpr HighSizes kHighSizes = make_high_sizes();
// The size of the element each byte of v would start: by `high` for a byte from 0x80 on (one
// permute over its 128 entries, indexed by the byte's low 7 bits), 1 for a positive fixint.
MSGPACK_GEN_VBMI_INLINE __m512i sizes_by_marker(__m512i v, const HighSizes& high) noexcept {
  const __m512i size = _mm512_permutex2var_epi8(_mm512_loadu_si512(high.size), v,
                                                _mm512_loadu_si512(high.size + 64));
  return _mm512_mask_mov_epi8(size, ~_mm512_movepi8_mask(v), _mm512_set1_epi8(1));
}
// i + the size of the element byte i of v would start (0 for a byte that starts no integer).
MSGPACK_GEN_VBMI_INLINE __m512i next_positions(__m512i v, const std::uint8_t* iota) noexcept {
  return _mm512_add_epi8(_mm512_loadu_si512(iota), sizes_by_marker(v, kHighSizes));
}
// t[t[i]] for every i whose t[i] is below 128 (the others are not used).
MSGPACK_GEN_VBMI_INLINE Positions twice(const Positions& t) noexcept {
  return {_mm512_permutex2var_epi8(t.low, t.low, t.high),
          _mm512_permutex2var_epi8(t.low, t.high, t.high)};
}
// For the bytes set in `lanes`, the position t gives for that byte.
MSGPACK_GEN_VBMI_INLINE __m512i step(__m512i at, const Positions& t, __mmask64 lanes) noexcept {
  return _mm512_mask2_permutex2var_epi8(t.low, at, lanes, t.high);
}

// The shift that leaves a uint/int form's value in the low bits of its 8-byte lane, by marker &
// 7 (0xcc..0xcf, 0xd0..0xd3), from kIntForms.
struct FormShifts {
  std::int64_t shift[8];
};
constexpr FormShifts make_form_shifts() noexcept {
  FormShifts t{};
  for (unsigned i = 0; i < 8; ++i) t.shift[i] = int_form(0xcc + i).shift;
  return t;
}
inline constexpr FormShifts kFormShifts = make_form_shifts();

// Up to 8 elements (the lanes set in `lanes`, a prefix) whose starts are at `first` plus the
// 8-byte lanes of `offsets` (each byte of a lane its offset, below 128), into dst, while each is
// an integer form whose value T holds. Returns the elements taken: all lanes, or those before the
// first refused. 128 bytes must be readable from `first`.
template <class T>
MSGPACK_GEN_VBMI_INLINE unsigned take_8_mixed(const std::uint8_t* first, __m512i offset_bytes,
                                              unsigned lanes, T* dst) noexcept {
  using R = raw_t<T>;
  const __m512i low = _mm512_loadu_si512(first);
  const __m512i high = _mm512_loadu_si512(first + 64);
  // The marker, alone in the lane's low byte.
  const __m512i marker =
      _mm512_maskz_permutex2var_epi8(0x0101010101010101, low, offset_bytes, high);
  const __m512i form = _mm512_sub_epi64(marker, _mm512_set1_epi64(0xcc));  // 0..7: uint/int
  const __mmask8 positive_fixint = _mm512_cmplt_epu64_mask(marker, _mm512_set1_epi64(0x80));
  const __mmask8 negative_fixint = _mm512_cmpge_epu64_mask(marker, _mm512_set1_epi64(0xe0));
  const __mmask8 sized = _mm512_cmplt_epu64_mask(form, _mm512_set1_epi64(8));
  const __mmask8 signed_form = _mm512_mask_cmpge_epu64_mask(sized, form, _mm512_set1_epi64(4));
  const auto is_signed = static_cast<__mmask8>(negative_fixint | signed_form);
  const auto integer = static_cast<__mmask8>(positive_fixint | negative_fixint | sized);
  // The payload's big-endian bytes reversed into the lane, read from the byte after the marker
  // whatever the form (in parallel with the marker's read); a fixint's value is its marker.
  const __m512i from = _mm512_add_epi64(offset_bytes, _mm512_set1_epi64(0x0102030405060708));
  const __m512i bits = _mm512_permutex2var_epi8(low, from, high);
  const __m512i shift =
      _mm512_maskz_permutexvar_epi64(0xff, form, _mm512_loadu_si512(kFormShifts.shift));
  // (The masked forms: GCC 12's unmasked ones warn of an undefined vector they pass through.)
  __m512i value =
      _mm512_mask_srav_epi64(_mm512_maskz_srlv_epi64(0xff, bits, shift), signed_form, bits, shift);
  value = _mm512_mask_mov_epi64(value, positive_fixint, marker);
  value =
      _mm512_mask_or_epi64(value, negative_fixint, marker, _mm512_set1_epi64(~std::int64_t{0xff}));
  // holds_unsigned<R>() for the unsigned readings, holds_signed<R>() for the signed ones.
  unsigned holds_u = 0xff;
  if constexpr (sizeof(R) < 8 || std::is_signed_v<R>) {
    holds_u = _mm512_cmple_epu64_mask(
        value, _mm512_set1_epi64(static_cast<std::int64_t>(std::numeric_limits<R>::max())));
  }
  unsigned holds_s = 0xff;
  if constexpr (!std::is_same_v<R, std::int64_t>) {
    holds_s = _mm512_cmpge_epi64_mask(
        value, _mm512_set1_epi64(static_cast<std::int64_t>(std::numeric_limits<R>::min())));
    // (A signed reading never exceeds the maximum of a 64-bit R.)
    if constexpr (sizeof(R) < 8) {
      holds_s &= _mm512_cmple_epi64_mask(
          value, _mm512_set1_epi64(static_cast<std::int64_t>(std::numeric_limits<R>::max())));
    }
  }
  const unsigned good = integer & ((holds_u & ~unsigned{is_signed}) | (holds_s & is_signed));
  const unsigned taken = (good & lanes) == lanes ? static_cast<unsigned>(__builtin_popcount(lanes))
                                                 : static_cast<unsigned>(__builtin_ctz(~good));
  // All 8 taken (the common case) is a plain store: cheaper than a masked one.
  const auto store = static_cast<__mmask8>((1u << taken) - 1);
  if constexpr (sizeof(R) == 8) {
    if (taken == 8) {
      _mm512_storeu_si512(dst, value);
    } else {
      _mm512_mask_storeu_epi64(dst, store, value);
    }
  } else if constexpr (sizeof(R) == 4) {
    const __m256i narrow = _mm512_maskz_cvtepi64_epi32(0xff, value);
    if (taken == 8) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), narrow);
    } else {
      _mm256_mask_storeu_epi32(dst, store, narrow);
    }
  } else if constexpr (sizeof(R) == 2) {
    const __m128i narrow = _mm512_maskz_cvtepi64_epi16(0xff, value);
    if (taken == 8) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), narrow);
    } else {
      _mm_mask_storeu_epi16(dst, store, narrow);
    }
  } else {
    const __m128i narrow = _mm512_maskz_cvtepi64_epi8(0xff, value);
    if (taken == 8) {
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), narrow);
    } else {
      _mm_mask_storeu_epi8(dst, store, narrow);
    }
  }
  return taken;
}

// take_mixed_integers() 8 elements at a time (see above): the same elements taken, and the same
// element to stop at.
template <class T>
MSGPACK_GEN_VBMI_KERNEL std::size_t take_mixed_chunks_vbmi(const std::uint8_t* p,
                                                           std::size_t remaining, T* out,
                                                           std::size_t count,
                                                           std::size_t& used) noexcept {
  // Windows of 64 bytes: the first of 8 elements starts in the window, the 8 within 63 + 72
  // bytes, so the tables cover 128 bytes (next8 is right for the first 64), and reading them
  // loads 128 bytes from the first.
  constexpr std::size_t kStep = 64;
  std::size_t base = 0;  // the window's offset from p
  std::size_t pos = 0;   // the current element's offset from base
  T* dst = out;
  T* const last = out + count;
  bool stopped = false;
  while (!stopped && dst != last && remaining - base >= 3 * kStep) {
    const std::uint8_t* window = p + base;
    const Positions next1 = {next_positions(_mm512_loadu_si512(window), kIota128.index),
                             next_positions(_mm512_loadu_si512(window + 64), kIota128.index + 64)};
    const Positions next2 = twice(next1);
    const Positions next4 = twice(next2);
    const __m512i next8v = _mm512_permutex2var_epi8(next4.low, next4.low, next4.high);
    // pos in every byte: a permute by it reads next8[pos] into every byte, the next 8's `at`.
    __m512i at = _mm512_set1_epi8(static_cast<char>(pos));
    while (pos < kStep) {
      // The starts 1, 2 and 4 elements on: in the odd 8-byte lanes, in lanes 2, 3, 6 and 7, in
      // lanes 4 to 7.
      __m512i starts = step(at, next1, 0xff00ff00ff00ff00);
      starts = step(starts, next2, 0xffff0000ffff0000);
      starts = step(starts, next4, 0xffffffff00000000);
      const std::size_t wanted = static_cast<std::size_t>(last - dst);
      const unsigned lanes = wanted < 8 ? (1u << wanted) - 1 : 0xffu;
      const __m512i offsets = _mm512_sub_epi8(starts, at);
      const unsigned taken = take_8_mixed(window + pos, offsets, lanes, dst);
      if (taken != 8) {
        // Refused, or as many as wanted: stop at the element after the last taken.
        dst += taken;
        alignas(64) std::uint8_t stops[64];
        _mm512_store_si512(stops, starts);
        pos = stops[8 * taken];
        stopped = true;
        break;
      }
      // A constant step: dst waits on no element's checks, so the next 8 start before they end.
      dst += 8;
      at = all_lanes_permute(at, next8v);
      pos = static_cast<std::uint8_t>(_mm512_cvtsi512_si32(at));
    }
    if (!stopped) {
      base += kStep;
      pos -= kStep;
    }
  }
  return finish_mixed_chunks(p, remaining, base + pos, stopped, dst, last, count, used);
}

// ---- AVX-512 VBMI: the steps of the AVX2 reader's windows ----------------------------------
//
// For the types the AVX2 reader takes four small forms at a time into (kSmallFormSteps), that
// walk is faster than the 8-element reader above, so the vbmi level keeps it and only fills its
// window steps here. Each lookup of one table by another (after_next[] from next[], four_on[]
// from after_next[], the shapes from the sizes) is one vpermi2b per 64 positions over a table of
// 128: the AVX2 fill takes two or three vpshufb per 32, with their index arithmetic. The entries
// are the AVX2 fill's wherever the walk reads them; past that reach they are exact here too.

// A small form's size by byte - 0x80 (see SmallShapes): 2 for a uint8, 3 for a uint16 when the
// type has two bytes, 0 for any other byte.
constexpr HighSizes make_small_high_sizes(std::size_t bytes) noexcept {
  HighSizes t{};
  t.size[0xcc - 0x80] = 2;
  if (bytes == 2) t.size[0xcd - 0x80] = 3;
  return t;
}
template <std::size_t kBytes>
inline constexpr HighSizes kSmallHighSizes = make_small_high_sizes(kBytes);

// t[at] for 64 positions `at`, each in [from, from + 128), of a table whose entries from `from`
// on are the 128 bytes of low and high.
MSGPACK_GEN_VBMI_INLINE __m512i look_up_from(__m512i low, __m512i at, __m512i high,
                                             int from) noexcept {
  return _mm512_permutex2var_epi8(
      low, _mm512_sub_epi8(at, _mm512_set1_epi8(static_cast<char>(from))), high);
}

// WideStepsFill's counterpart: the same steps (kWindow + 64 bytes readable at `window`), for the
// small-form types only, so shape[] always.
struct VbmiStepsFill {
  template <std::size_t kShapeBytes>
  MSGPACK_GEN_VBMI_KERNEL static void fill(const std::uint8_t* window,
                                           WideWindowSteps& steps) noexcept {
    static_assert(kWindow == 128, "a window is two 64-byte vectors");
    static_assert(kShapeBytes == 1 || kShapeBytes == 2, "the types of kSmallFormSteps");
    const __m512i bytes[3] = {_mm512_loadu_si512(window), _mm512_loadu_si512(window + 64),
                              _mm512_loadu_si512(window + 128)};
    const __m512i iota = _mm512_loadu_si512(kIota128.index);
    // next[]: positions 0 to 191, each entry at most 9 on.
    __m512i next[3];
    for (int k = 0; k < 3; ++k) {
      next[k] = _mm512_add_epi8(sizes_by_marker(bytes[k], kHighSizes),
                                _mm512_add_epi8(iota, _mm512_set1_epi8(static_cast<char>(64 * k))));
      _mm512_storeu_si512(steps.next + 64 * k, next[k]);
    }
    // after_next[]: the window's positions stored, the next 32 for four_on[] and the shapes.
    // The last vector looks up in its own 64 entries (vpermb takes an index's low 6 bits),
    // which is right up to position 182.
    const __m512i after[3] = {look_up_from(next[0], next[0], next[1], 0),
                              look_up_from(next[1], next[1], next[2], 64),
                              all_lanes_permute(next[2], next[2])};
    _mm512_storeu_si512(steps.after_next, after[0]);
    _mm512_storeu_si512(steps.after_next + 64, after[1]);
    // four_on[]: after_next[after_next[i]], at most 36 on, for the window's 128 positions.
    _mm512_storeu_si512(steps.four_on, look_up_from(after[0], after[0], after[1], 0));
    _mm512_storeu_si512(steps.four_on + 64, look_up_from(after[1], after[1], after[2], 64));
    // The small sizes of one element, then of two (the next one's above), then four. Every entry
    // is below 4 (then 16), so the 16-bit shifts carry nothing into the byte above.
    __m512i small[3];
    for (int k = 0; k < 3; ++k) small[k] = sizes_by_marker(bytes[k], kSmallHighSizes<kShapeBytes>);
    const __m512i seconds[3] = {look_up_from(small[0], next[0], small[1], 0),
                                look_up_from(small[1], next[1], small[2], 64),
                                all_lanes_permute(next[2], small[2])};
    __m512i twos[3];
    for (int k = 0; k < 3; ++k)
      twos[k] = _mm512_or_si512(small[k], _mm512_slli_epi16(seconds[k], 2));
    for (int k = 0; k < 2; ++k) {
      const __m512i later = look_up_from(twos[k], after[k], twos[k + 1], 64 * k);
      _mm512_storeu_si512(steps.shape + 64 * k,
                          _mm512_or_si512(twos[k], _mm512_slli_epi16(later, 4)));
    }
  }
};
#endif

#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
// A stretch of integers of mixed forms, with the best chunked reader the level has.
template <class T>
MSGPACK_GEN_NOINLINE inline std::size_t take_mixed_stretch(Simd level, const std::uint8_t* p,
                                                           std::size_t remaining, T* out,
                                                           std::size_t count,
                                                           std::size_t& used) noexcept {
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  if (level >= Simd::vbmi) {
    // The types the AVX2 reader takes four small forms at a time into keep that walk, faster
    // than the 8-element one (uint16 in [0, 1000): 9.0-10.1 against 11.2-11.8 us per 10,000 on
    // a Zen 4 core), with its steps filled by byte permutes.
    if constexpr (kSmallFormSteps<T>) {
      return take_mixed_integers_wide<T, VbmiStepsFill>(p, remaining, out, count, used);
    } else {
      return take_mixed_chunks_vbmi(p, remaining, out, count, used);
    }
  }
#endif
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  if (level >= Simd::wide) return take_mixed_integers_wide(p, remaining, out, count, used);
#endif
  (void)level;
  return take_mixed_chunks(p, remaining, out, count, used);
}
#endif

// decode_numbers() for fewer elements than a block: no blocks to try, so none of their
// bookkeeping. Integers go through take_mixed_integers() up to an element it leaves to its codec
// (another form, a value out of range, the input's last bytes), and the rest one by one.
template <class T>
inline bool decode_short_numbers(Reader& in, T* out, std::uint32_t n) {
  std::uint32_t i = 0;
  if constexpr (is_integer_v<T>) {
    std::size_t used = 0;
    i = static_cast<std::uint32_t>(
        take_mixed_integers(in.position(), in.remaining(), out, n, used));
    in.advance(used);
  }
  for (; i < n; ++i) {
    if (!codec<T>::decode(in, out[i])) return in.in_element(i);
  }
  return true;
}

// Decodes n numbers into out[0..n), after the array header. The same result, error and path as
// decoding each element with codec<T>::decode.
template <class T>
inline bool decode_numbers(Reader& in, T* out, std::uint32_t n) {
  static_assert(decodes_in_bulk_v<T>, "integers, enums without a range, float and double");
  if (n < kBlock) return decode_short_numbers(in, out, n);
  const Simd level = simd_level();
  std::uint32_t i = 0;
  // After a block try that took a run, the elements to decode one by one before the next try:
  // one when the run stopped inside a block (at an element its form or range refuses), else a
  // block. 0 when the last try took nothing.
  std::uint32_t after_run = 0;
  // Elements decoded one by one between block tries while no block takes a run: two blocks,
  // then from the fourth failed try in a row on doubling up to 128 blocks, so that input of
  // mixed forms pays for few failed tries and the chunked loop gets long stretches (each ends
  // partway through a window whose steps it filled), while uniform input with a few odd values
  // soon tries blocks again.
  std::uint32_t misses = 0;  // block tries failed in a row
  while (i < n) {
    if (n - i >= kBlock && in.remaining() >= kBlock) {
      const std::size_t blocks = (n - i) / kBlock;
      std::size_t used = 0;
      std::size_t taken;
      if constexpr (is_float_v<T>) {
        taken = take_floats(in.position(), in.remaining(), out + i, blocks, used, level);
      } else {
        taken = take_integers(in.position(), in.remaining(), out + i, blocks, used, level);
      }
      if (MSGPACK_GEN_LIKELY(taken != 0)) {
        in.advance(used);
        i += static_cast<std::uint32_t>(taken);
        after_run = taken % kBlock != 0 ? 1 : std::uint32_t{kBlock};
        misses = 0;
        continue;  // the next block may start a run of another form
      }
    }
    // Element by element (or to the end): mixed forms, other types, errors. Right after a run
    // an element or a block (one odd value in uniform input), else a stretch.
    std::uint32_t fallback = after_run;
    if (after_run == 0) {
      ++misses;
      const std::uint32_t doublings = misses <= 3 ? 0 : misses - 3;
      fallback = std::uint32_t{2 * kBlock} << (doublings < 6 ? doublings : 6);
    }
    after_run = 0;
    const std::uint32_t stop = n - i > fallback ? i + fallback : n;
    for (; i < stop; ++i) {
      if constexpr (is_integer_v<T>) {
        std::size_t used = 0;
#if defined(MSGPACK_GEN_NUMERIC_SHUFFLES)
        // The chunked loop for stretches of 4 blocks or more: on fewer elements, filling its
        // sizes costs more than it saves.
        const std::size_t taken =
            level >= Simd::shuffles && stop - i >= 4 * kBlock
                ? take_mixed_stretch(level, in.position(), in.remaining(), out + i, stop - i, used)
                : take_mixed_integers(in.position(), in.remaining(), out + i, stop - i, used);
#else
        const std::size_t taken =
            take_mixed_integers(in.position(), in.remaining(), out + i, stop - i, used);
#endif
        i += static_cast<std::uint32_t>(taken);
        in.advance(used);
        if (i == stop) break;
      }
      if (!codec<T>::decode(in, out[i])) return in.in_element(i);
    }
  }
  return true;
}

}  // namespace msgpack_gen::detail::numeric
