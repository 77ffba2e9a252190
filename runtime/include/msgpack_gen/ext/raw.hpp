// msgpack_gen::RawMsgpack and RawMsgpackView: a field holding one already-encoded msgpack value
// (of any type) as its bytes, to pass a value through without decoding it, or to decode it later
// (e.g. with msgpack_gen::unmarshal once its type is known).
//
// Decoding captures exactly one whole value, nested containers included, after checking that it
// is well formed (Reader::skip(), so the reader's depth limit applies). RawMsgpack copies the
// bytes; RawMsgpackView points into the input, which must outlive it.
//
// Encoding trusts the bytes: they are written verbatim, without any check. They must be exactly
// one valid msgpack value, or the output is corrupt. The one exception is no bytes at all (a
// default-constructed value), which is written as nil, so an unset field still yields valid
// msgpack; with omitempty such a field is left out, since empty() is true. Decoding nil gives
// the one byte 0xc0, not empty bytes.
//
// Not included by msgpack_gen.hpp: include this header to use the types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "msgpack_gen/codec.hpp"

namespace msgpack_gen {

struct RawMsgpack {
  std::string bytes;  // one encoded msgpack value

  bool empty() const noexcept { return bytes.empty(); }

  friend bool operator==(const RawMsgpack& a, const RawMsgpack& b) noexcept {
    return a.bytes == b.bytes;
  }
  friend bool operator!=(const RawMsgpack& a, const RawMsgpack& b) noexcept { return !(a == b); }
};

// Zero-copy: views the input buffer, which must outlive it.
struct RawMsgpackView {
  std::string_view bytes;  // one encoded msgpack value

  bool empty() const noexcept { return bytes.empty(); }

  friend bool operator==(const RawMsgpackView& a, const RawMsgpackView& b) noexcept {
    return a.bytes == b.bytes;
  }
  friend bool operator!=(const RawMsgpackView& a, const RawMsgpackView& b) noexcept {
    return !(a == b);
  }
};

namespace detail {

inline void write_raw(Writer& out, std::string_view bytes) {
  if (bytes.empty()) {
    out.nil();
  } else {
    out.raw(bytes);
  }
}

// Skips the next value and returns the bytes it spanned.
inline bool capture_value(Reader& in, std::string_view& bytes) {
  const std::uint8_t* start = in.position();
  if (!in.skip()) return false;
  bytes = std::string_view(reinterpret_cast<const char*>(start),
                           static_cast<std::size_t>(in.position() - start));
  return true;
}

}  // namespace detail

template <>
struct codec<RawMsgpack> {
  static void encode(Writer& out, const RawMsgpack& value) { detail::write_raw(out, value.bytes); }
  // Reuses the string's capacity.
  static bool decode(Reader& in, RawMsgpack& value) {
    std::string_view bytes;
    if (!detail::capture_value(in, bytes)) return false;
    value.bytes.assign(bytes.data(), bytes.size());
    return true;
  }
};

template <>
struct codec<RawMsgpackView> {
  static void encode(Writer& out, const RawMsgpackView& value) {
    detail::write_raw(out, value.bytes);
  }
  static bool decode(Reader& in, RawMsgpackView& value) {
    return detail::capture_value(in, value.bytes);
  }
};

}  // namespace msgpack_gen
