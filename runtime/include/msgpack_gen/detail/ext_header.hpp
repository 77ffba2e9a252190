// Internals shared by the reader and the ext codecs: the header of an ext value. An ext value is
// its header (the marker, then for ext 8/16/32 the payload's length, big-endian), the type byte
// and the payload. Not part of the public API.
#pragma once

#include <cstddef>
#include <cstdint>

#include "msgpack_gen/endian.hpp"

namespace msgpack_gen::detail {

// The size of the header that marker m starts: 1 for fixext 1/2/4/8/16, 2, 3 or 5 for
// ext 8/16/32; 0 when m is not an ext marker.
constexpr std::size_t ext_header_size(std::uint8_t m) noexcept {
  switch (m) {
    case 0xd4:
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8:
      return 1;
    case 0xc7:
      return 2;
    case 0xc8:
      return 3;
    case 0xc9:
      return 5;
    default:
      return 0;
  }
}

// The payload length the ext header at p gives. p[0] is an ext marker and its
// ext_header_size(p[0]) bytes are readable.
inline std::uint32_t ext_payload_length(const std::uint8_t* p) noexcept {
  switch (p[0]) {
    case 0xc7:
      return p[1];
    case 0xc8:
      return endian::load<std::uint16_t>(p + 1);
    case 0xc9:
      return endian::load<std::uint32_t>(p + 1);
    default:
      return std::uint32_t{1} << (p[0] - 0xd4);  // fixext 1, 2, 4, 8, 16: 0xd4..0xd8
  }
}

}  // namespace msgpack_gen::detail
