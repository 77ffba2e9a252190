// msgpack_gen::Datetime: a point in time encoded as Tarantool's MP_DATETIME extension
// (ext type 4, Tarantool 2.10+).
//
// Wire format (Tarantool "MessagePack extensions", the DATETIME type):
//   0xd7 0x04 <seconds: int64 little-endian>                                   nsec, tzoffset
//                                                                              and tzindex 0
//   0xd8 0x04 <seconds: int64 LE> <nsec: int32 LE> <tzoffset: int16 LE> <tzindex: int16 LE>
// Unlike the rest of msgpack these integers are little-endian: they are Tarantool's in-memory
// struct datetime. The 16-byte form is written whenever any of nsec, tzoffset, tzindex is not 0.
//
// Fields: seconds since 1970-01-01T00:00:00Z (the instant, in UTC), nsec within that second,
// tzoffset in minutes east of UTC, tzindex an Olson zone id in Tarantool's own numbering (0 when
// the offset alone defines the zone). The offset and zone are informative: they do not shift the
// instant.
//
// Decoding accepts ext type 4 with an 8- or 16-byte payload and nsec in [0, 999999999], as
// Tarantool does; it does not check the seconds, tzoffset or tzindex ranges, whose limits differ
// between Tarantool versions. Encoding writes the fields as they are. Not included by
// msgpack_gen.hpp: include this header to use the type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/ext.hpp"

namespace msgpack_gen {

struct Datetime {
  static constexpr std::int8_t kExtType = 4;
  static constexpr std::int32_t kNanosPerSecond = 1000000000;

  std::int64_t seconds = 0;
  std::int32_t nsec = 0;
  std::int16_t tzoffset = 0;
  std::int16_t tzindex = 0;

  // Whether the short (8-byte) form carries this value completely.
  bool seconds_only() const noexcept { return nsec == 0 && tzoffset == 0 && tzindex == 0; }

  // Field by field: the same instant with another offset is a different Datetime.
  friend bool operator==(const Datetime& a, const Datetime& b) noexcept {
    return a.seconds == b.seconds && a.nsec == b.nsec && a.tzoffset == b.tzoffset &&
           a.tzindex == b.tzindex;
  }
  friend bool operator!=(const Datetime& a, const Datetime& b) noexcept { return !(a == b); }
};

namespace detail {

// Little-endian stores and loads, byte by byte so they do not depend on the host's byte order.
template <class U>
inline std::uint8_t* store_le(std::uint8_t* p, U v) noexcept {
  for (std::size_t i = 0; i < sizeof(U); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  return p + sizeof(U);
}
template <class U>
inline U load_le(const char* p) noexcept {
  U v = 0;
  for (std::size_t i = 0; i < sizeof(U); ++i) {
    v = static_cast<U>(v |
                       static_cast<U>(static_cast<U>(static_cast<std::uint8_t>(p[i])) << (8 * i)));
  }
  return v;
}

}  // namespace detail

template <>
struct codec<Datetime> {
  static void encode(Writer& out, const Datetime& value) {
    std::uint8_t payload[16];
    std::uint8_t* p = detail::store_le(payload, static_cast<std::uint64_t>(value.seconds));
    if (!value.seconds_only()) {
      p = detail::store_le(p, static_cast<std::uint32_t>(value.nsec));
      p = detail::store_le(p, static_cast<std::uint16_t>(value.tzoffset));
      p = detail::store_le(p, static_cast<std::uint16_t>(value.tzindex));
    }
    out.ext(Datetime::kExtType, payload, static_cast<std::size_t>(p - payload));
  }

  static bool decode(Reader& in, Datetime& value) {
    std::string_view payload;
    if (!detail::peek_ext(in, Datetime::kExtType, "datetime (ext type 4)", payload)) {
      return false;
    }
    if (payload.size() != 8 && payload.size() != 16) {
      return in.invalid("datetime (ext type 4) payload of " +
                        detail::quantity(payload.size(), "byte") + "; a datetime has 8 or 16");
    }
    Datetime decoded;
    decoded.seconds = static_cast<std::int64_t>(detail::load_le<std::uint64_t>(payload.data()));
    if (payload.size() == 16) {
      decoded.nsec = static_cast<std::int32_t>(detail::load_le<std::uint32_t>(payload.data() + 8));
      decoded.tzoffset =
          static_cast<std::int16_t>(detail::load_le<std::uint16_t>(payload.data() + 12));
      decoded.tzindex =
          static_cast<std::int16_t>(detail::load_le<std::uint16_t>(payload.data() + 14));
      if (decoded.nsec < 0 || decoded.nsec >= Datetime::kNanosPerSecond) {
        return in.invalid("datetime (ext type 4) with nsec " + std::to_string(decoded.nsec) +
                          " outside [0, 999999999]");
      }
    }
    value = decoded;
    detail::consume_ext(in);
    return true;
  }
};

}  // namespace msgpack_gen
