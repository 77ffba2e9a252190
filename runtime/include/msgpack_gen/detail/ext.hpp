// Internals shared by the ext codecs (ext/uuid.hpp, ext/decimal.hpp, ext/datetime.hpp,
// chrono.hpp): looking at an ext value before consuming it, so that a decoder can validate the
// payload and report an error at the value's first byte. Not part of the public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "msgpack_gen/detail/ext_header.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"

namespace msgpack_gen::detail {

// Reads the ext value at the reader's position without consuming it: on success, payload views
// its data. Fails (the error recorded in `in`, pointing at the value) when the next value is not
// an ext, is cut short, has a payload over ReaderOptions::max_bin_length, or has another ext type
// than `type`. `what` names the wanted type for
// messages, e.g. "uuid (ext type 2)".
inline bool peek_ext(Reader& in, std::int8_t type, const char* what, std::string_view& payload) {
  const std::uint8_t* p = in.position();
  const std::size_t available = in.remaining();
  if (available == 0) return in.fail(ErrorCode::incomplete, what);
  const std::size_t header = ext_header_size(p[0]);
  if (header == 0) return in.mismatch(what);
  if (available <= header) return in.fail(ErrorCode::incomplete, what);  // no type byte
  const std::uint32_t length = ext_payload_length(p);
  if (!in.ext_length_allowed(length)) return false;
  if (available - header - 1 < length) {
    return in.fail_at_marker(ErrorCode::incomplete,
                             std::string(what) + " payload of " + quantity(length, "byte"), true);
  }
  const auto found = static_cast<std::int8_t>(p[header]);
  if (found != type) {
    return in.fail(ErrorCode::type_mismatch,
                   std::string(what) + " instead of ext type " + std::to_string(found));
  }
  payload = std::string_view(reinterpret_cast<const char*>(p + header + 1), length);
  return true;
}

// Consumes the ext value that peek_ext has just accepted: peek_ext checked the same bytes and
// the same limit, so this cannot fail.
inline void consume_ext(Reader& in) {
  std::int8_t type = 0;
  std::string_view payload;
  in.read_ext(type, payload);
}

}  // namespace msgpack_gen::detail
