// msgpack_gen::Uuid: a UUID encoded as Tarantool's MP_UUID extension (ext type 2).
//
// Wire format (Tarantool "MessagePack extensions", the UUID type): always fixext 16,
//   0xd8 0x02 <16 bytes>
// The 16 bytes are the RFC 4122 fields as big-endian unsigned integers, in order: time_low (4),
// time_mid (2), time_hi_and_version (2), clock_seq_hi_and_reserved (1), clock_seq_low (1),
// node (6). That is exactly the order of the hex digits in the canonical string, so
// "f6423bdf-b49e-4913-b361-0740c9702e4b" is d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b
// (the example in Tarantool's documentation; tarantool 2.6 writes the same bytes).
//
// Validity, as Tarantool checks it (tt_uuid_validate): the variant bits at the top of byte 8
// (clock_seq_hi_and_reserved) must not be 111, the variant RFC 4122 reserves for future use.
// Tarantool refuses such a UUID both as text (uuid.fromstr gives nil) and in msgpack (decoding
// fails), so parse() and decoding refuse it too. Encoding writes the bytes as they are: check
// is_valid() before sending a UUID built from raw bytes.
//
// Decoding accepts only ext type 2 with a 16-byte payload (any ext header form) holding a valid
// UUID; anything else is an error. Not included by msgpack_gen.hpp: include this header to use the
// type.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/ext.hpp"

namespace msgpack_gen {

struct Uuid {
  static constexpr std::int8_t kExtType = 2;

  // In wire (and canonical string) order. All zero is the nil UUID.
  std::array<std::uint8_t, 16> bytes{};

  bool is_nil() const noexcept {
    for (std::uint8_t b : bytes) {
      if (b != 0) return false;
    }
    return true;
  }

  // False for the reserved variant 111 (byte 8 >= 0xe0), which Tarantool rejects.
  bool is_valid() const noexcept { return (bytes[8] & 0xe0) != 0xe0; }

  // The canonical 8-4-4-4-12 form in lower case, e.g. "f6423bdf-b49e-4913-b361-0740c9702e4b".
  std::string to_string() const {
    static const char* const kHex = "0123456789abcdef";
    std::string text;
    text.reserve(36);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
      text += kHex[bytes[i] >> 4];
      text += kHex[bytes[i] & 15];
    }
    return text;
  }

  // Parses exactly the canonical 36-character form; hex digits may be upper or lower case.
  // Braces, "urn:uuid:" prefixes and the 32-digit form without hyphens are not accepted, nor
  // is a UUID that fails is_valid().
  static std::optional<Uuid> parse(std::string_view text) {
    if (text.size() != 36) return std::nullopt;
    Uuid id;
    std::size_t pos = 0;
    for (std::size_t i = 0; i < 16; ++i) {
      if (i == 4 || i == 6 || i == 8 || i == 10) {
        if (text[pos] != '-') return std::nullopt;
        ++pos;
      }
      int high = hex_value(text[pos]);
      int low = hex_value(text[pos + 1]);
      if (high < 0 || low < 0) return std::nullopt;
      id.bytes[i] = static_cast<std::uint8_t>(high << 4 | low);
      pos += 2;
    }
    if (!id.is_valid()) return std::nullopt;
    return id;
  }

  // Byte order, which is also the order of the canonical strings.
  friend bool operator==(const Uuid& a, const Uuid& b) noexcept { return a.bytes == b.bytes; }
  friend bool operator!=(const Uuid& a, const Uuid& b) noexcept { return a.bytes != b.bytes; }
  friend bool operator<(const Uuid& a, const Uuid& b) noexcept { return a.bytes < b.bytes; }
  friend bool operator<=(const Uuid& a, const Uuid& b) noexcept { return a.bytes <= b.bytes; }
  friend bool operator>(const Uuid& a, const Uuid& b) noexcept { return a.bytes > b.bytes; }
  friend bool operator>=(const Uuid& a, const Uuid& b) noexcept { return a.bytes >= b.bytes; }

 private:
  static int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
};

template <>
struct codec<Uuid> {
  static void encode(Writer& out, const Uuid& value) {
    out.ext(Uuid::kExtType, value.bytes.data(), value.bytes.size());
  }
  static bool decode(Reader& in, Uuid& value) {
    std::string_view payload;
    if (!detail::peek_ext(in, Uuid::kExtType, "uuid (ext type 2)", payload)) return false;
    if (payload.size() != value.bytes.size()) {
      return in.invalid("uuid (ext type 2) payload of " + detail::quantity(payload.size(), "byte") +
                        "; a uuid has 16");
    }
    Uuid decoded;
    for (std::size_t i = 0; i < decoded.bytes.size(); ++i) {
      decoded.bytes[i] = static_cast<std::uint8_t>(payload[i]);
    }
    if (!decoded.is_valid()) {
      return in.invalid("uuid (ext type 2) with the reserved variant 111 (byte 8 is " +
                        std::to_string(decoded.bytes[8]) + "), which Tarantool rejects");
    }
    value = decoded;
    detail::consume_ext(in);
    return true;
  }
};

}  // namespace msgpack_gen
