// Big-endian loads and stores: msgpack stores every multi-byte number big-endian.
#pragma once

#include <cstdint>
#include <cstring>

namespace msgpack_gen::endian {

inline std::uint16_t swap16(std::uint16_t v) noexcept {
  return __builtin_bswap16(v);
}
inline std::uint32_t swap32(std::uint32_t v) noexcept {
  return __builtin_bswap32(v);
}
inline std::uint64_t swap64(std::uint64_t v) noexcept {
  return __builtin_bswap64(v);
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
inline std::uint16_t to_big(std::uint16_t v) noexcept {
  return v;
}
inline std::uint32_t to_big(std::uint32_t v) noexcept {
  return v;
}
inline std::uint64_t to_big(std::uint64_t v) noexcept {
  return v;
}
#else
inline std::uint16_t to_big(std::uint16_t v) noexcept {
  return swap16(v);
}
inline std::uint32_t to_big(std::uint32_t v) noexcept {
  return swap32(v);
}
inline std::uint64_t to_big(std::uint64_t v) noexcept {
  return swap64(v);
}
#endif

// Writes v big-endian at p and returns the byte after it.
template <class U>
inline std::uint8_t* store(std::uint8_t* p, U v) noexcept {
  U big = to_big(v);
  std::memcpy(p, &big, sizeof big);
  return p + sizeof big;
}

// Reads a big-endian U at p.
template <class U>
inline U load(const std::uint8_t* p) noexcept {
  U big;
  std::memcpy(&big, p, sizeof big);
  return to_big(big);
}

}  // namespace msgpack_gen::endian
