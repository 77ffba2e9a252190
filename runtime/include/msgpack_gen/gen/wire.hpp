// The wire primitives: unchecked encoders of every msgpack form, the smallest (canonical) one
// for each value, byte for byte what msgpack-c writes. Each writes at p, which must have room
// for the worst case, and returns the byte after what it wrote; the Writer checks capacity and
// calls these, and so does generated code after one capacity check for a run of fields.
//
// Part of the codegen interface (namespace msgpack_gen::gen, docs/runtime.md):
// generated code and the runtime's own codecs call it; hand-written codecs use the Writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/endian.hpp"

namespace msgpack_gen::gen::encode {

constexpr std::size_t kMaxIntSize = 9;     // 0xcf + 8 bytes
constexpr std::size_t kMaxHeaderSize = 5;  // 0xdb/0xdd/0xdf + 4 bytes

inline std::uint8_t* wide_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  if (v <= 0xff) {
    p[0] = 0xcc;
    p[1] = static_cast<std::uint8_t>(v);
    return p + 2;
  }
  if (v <= 0xffff) {
    *p = 0xcd;
    return endian::store(p + 1, static_cast<std::uint16_t>(v));
  }
  if (v <= 0xffffffffu) {
    *p = 0xce;
    return endian::store(p + 1, static_cast<std::uint32_t>(v));
  }
  *p = 0xcf;
  return endian::store(p + 1, v);
}

// positive fixint inline, the rest out of line: most numbers are small.
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* uint(std::uint8_t* p, std::uint64_t v) noexcept {
  if (MSGPACK_GEN_LIKELY(v < 0x80)) {
    *p = static_cast<std::uint8_t>(v);
    return p + 1;
  }
  return wide_uint(p, v);
}

inline std::uint8_t* wide_sint(std::uint8_t* p, std::int64_t v) noexcept {
  if (v >= 0) return wide_uint(p, static_cast<std::uint64_t>(v));
  if (v >= -32) {
    *p = static_cast<std::uint8_t>(v);
    return p + 1;
  }
  if (v >= -128) {
    p[0] = 0xd0;
    p[1] = static_cast<std::uint8_t>(v);
    return p + 2;
  }
  if (v >= -32768) {
    *p = 0xd1;
    return endian::store(p + 1, static_cast<std::uint16_t>(v));
  }
  if (v >= INT32_MIN) {
    *p = 0xd2;
    return endian::store(p + 1, static_cast<std::uint32_t>(v));
  }
  *p = 0xd3;
  return endian::store(p + 1, static_cast<std::uint64_t>(v));
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* sint(std::uint8_t* p, std::int64_t v) noexcept {
  if (MSGPACK_GEN_LIKELY(static_cast<std::uint64_t>(v) < 0x80)) {  // 0..127
    *p = static_cast<std::uint8_t>(v);
    return p + 1;
  }
  return wide_sint(p, v);
}

inline std::uint8_t* f32(std::uint8_t* p, float v) noexcept {
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  *p = 0xca;
  return endian::store(p + 1, bits);
}

inline std::uint8_t* f64(std::uint8_t* p, double v) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  *p = 0xcb;
  return endian::store(p + 1, bits);
}

// msgpack-c 4's form of a float: a value that is an integer in the 64-bit ranges is written as
// that integer (3.0 as 3, -0.0 as 0), anything else (fractions, NaN, infinities, large values)
// as the float itself. Needs 9 bytes. Whether the value is integral is read from its bits (the
// exponent says which mantissa bits are fraction), so a fraction, the usual case, costs no
// conversion to an integer and back.
template <class F>
inline std::uint8_t* float_as_msgpack_c(std::uint8_t* p, F v) noexcept {
  using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr int kMantissaBits = sizeof(F) == 4 ? 23 : 52;
  constexpr int kBias = sizeof(F) == 4 ? 127 : 1023;
  constexpr Bits kExponentMask = sizeof(F) == 4 ? 0xff : 0x7ff;
  Bits bits;
  std::memcpy(&bits, &v, sizeof bits);
  const int exponent = static_cast<int>((bits >> kMantissaBits) & kExponentMask) - kBias;
  bool integral;
  if (exponent < 0) {
    integral = (bits << 1) == 0;  // +0.0 and -0.0; other values below 1 are fractions
  } else if (exponent < kMantissaBits) {
    integral = (bits & ((Bits{1} << (kMantissaBits - exponent)) - 1)) == 0;
  } else {
    integral = exponent < 64;  // below 2^64 (infinities and NaN have the largest exponent)
  }
  if (integral) {
    const bool negative = (bits >> (sizeof(F) * 8 - 1)) != 0;
    if (!negative || exponent < 0) return uint(p, static_cast<std::uint64_t>(negative ? F(0) : v));
    // -2^63 is the one value with exponent 63 that fits in int64_t.
    if (exponent < 63 || (bits & ((Bits{1} << kMantissaBits) - 1)) == 0) {
      return sint(p, static_cast<std::int64_t>(v));
    }
  }
  if constexpr (sizeof(F) == sizeof(float)) {
    return f32(p, v);
  } else {
    return f64(p, v);
  }
}

// A header with a fix form (fix_base | n for n <= fix_max) and 16/32-bit forms.
inline std::uint8_t* header(std::uint8_t* p, std::uint32_t n, std::uint8_t fix_base,
                            std::uint32_t fix_max, std::uint8_t marker16) noexcept {
  if (n <= fix_max) {
    *p = static_cast<std::uint8_t>(fix_base | n);
    return p + 1;
  }
  if (n <= 0xffff) {
    *p = marker16;
    return endian::store(p + 1, static_cast<std::uint16_t>(n));
  }
  *p = static_cast<std::uint8_t>(marker16 + 1);
  return endian::store(p + 1, n);
}

inline std::uint8_t* array_header(std::uint8_t* p, std::uint32_t n) noexcept {
  return header(p, n, 0x90, 15, 0xdc);
}
inline std::uint8_t* map_header(std::uint8_t* p, std::uint32_t n) noexcept {
  return header(p, n, 0x80, 15, 0xde);
}

inline std::uint8_t* long_str_header(std::uint8_t* p, std::uint32_t n) noexcept {
  if (n <= 0xff) {
    p[0] = 0xd9;
    p[1] = static_cast<std::uint8_t>(n);
    return p + 2;
  }
  if (n <= 0xffff) {
    *p = 0xda;
    return endian::store(p + 1, static_cast<std::uint16_t>(n));
  }
  *p = 0xdb;
  return endian::store(p + 1, n);
}
// fixstr inline: most strings are short.
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* str_header(std::uint8_t* p, std::uint32_t n) noexcept {
  if (MSGPACK_GEN_LIKELY(n < 32)) {
    *p = static_cast<std::uint8_t>(0xa0 | n);
    return p + 1;
  }
  return long_str_header(p, n);
}

inline std::uint8_t* bin_header(std::uint8_t* p, std::uint32_t n) noexcept {
  if (n <= 0xff) {
    p[0] = 0xc4;
    p[1] = static_cast<std::uint8_t>(n);
    return p + 2;
  }
  if (n <= 0xffff) {
    *p = 0xc5;
    return endian::store(p + 1, static_cast<std::uint16_t>(n));
  }
  *p = 0xc6;
  return endian::store(p + 1, n);
}

inline std::uint8_t* ext_header(std::uint8_t* p, std::int8_t type, std::uint32_t n) noexcept {
  switch (n) {
    case 1:
      *p++ = 0xd4;
      break;
    case 2:
      *p++ = 0xd5;
      break;
    case 4:
      *p++ = 0xd6;
      break;
    case 8:
      *p++ = 0xd7;
      break;
    case 16:
      *p++ = 0xd8;
      break;
    default:
      if (n <= 0xff) {
        *p++ = 0xc7;
        *p++ = static_cast<std::uint8_t>(n);
      } else if (n <= 0xffff) {
        *p = 0xc8;
        p = endian::store(p + 1, static_cast<std::uint16_t>(n));
      } else {
        *p = 0xc9;
        p = endian::store(p + 1, n);
      }
  }
  *p = static_cast<std::uint8_t>(type);
  return p + 1;
}

}  // namespace msgpack_gen::gen::encode
