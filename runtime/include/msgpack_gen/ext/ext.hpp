// msgpack_gen::Ext: any msgpack extension value kept as its type and payload bytes, for ext
// types that have no dedicated class (Tarantool's MP_ERROR = 3, MP_INTERVAL = 6, the msgpack
// timestamp = -1, application-defined types...).
//
// Decoding accepts every ext form (fixext 1/2/4/8/16, ext 8/16/32) of any type. Encoding writes
// the smallest header for the payload length: fixext 1/2/4/8/16 when the length is one of those,
// else ext 8, ext 16 or ext 32. So a decode/encode round trip keeps the type and payload but may
// shorten the header (e.g. an ext 8 holding 4 bytes comes back as fixext 4). Not included by
// msgpack_gen.hpp: include this header to use the type.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "msgpack_gen/codec.hpp"

namespace msgpack_gen {

struct Ext {
  std::int8_t type = 0;
  std::vector<std::uint8_t> data;  // the payload, without header or type byte

  friend bool operator==(const Ext& a, const Ext& b) noexcept {
    return a.type == b.type && a.data == b.data;
  }
  friend bool operator!=(const Ext& a, const Ext& b) noexcept { return !(a == b); }
};

template <>
struct codec<Ext> {
  static void encode(Writer& out, const Ext& value) {
    out.ext(value.type, value.data.data(), value.data.size());
  }
  // Reuses the payload vector's capacity.
  static bool decode(Reader& in, Ext& value) {
    std::int8_t type = 0;
    std::string_view payload;
    if (!in.read_ext(type, payload)) return false;
    value.type = type;
    value.data.assign(payload.begin(), payload.end());
    return true;
  }
};

}  // namespace msgpack_gen
