// Byte helpers every test suite shares: hex text to bytes and back, a byte string that test
// frameworks print as hex, and msgpack-gen's encode and decode over byte containers. Needs only
// the runtime, so Catch2 suites and the fuzz targets can all include it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/buffer.hpp>
#include <msgpack_gen/marshal.hpp>
#include <msgpack_gen/reader.hpp>
#include <msgpack_gen/status.hpp>

namespace test_support {

using Bytes = std::vector<std::uint8_t>;

// A mistake in a test's own data (hex text): std::invalid_argument, or without exceptions a
// message and abort(), which fails the test as surely.
[[noreturn]] inline void bad_test_data(const char* what) {
#if MSGPACK_GEN_EXCEPTIONS
  throw std::invalid_argument(what);
#else
  std::fprintf(stderr, "test data: %s\n", what);
  std::abort();
#endif
}

// "d5 01 01 1c" -> {0xd5, 0x01, 0x01, 0x1c}; spaces are ignored.
inline Bytes from_hex(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    bad_test_data("bad hex digit in test data");
  };
  Bytes bytes;
  int high = -1;
  for (char c : text) {
    if (c == ' ') continue;
    if (high < 0) {
      high = value(c);
    } else {
      bytes.push_back(static_cast<std::uint8_t>(high << 4 | value(c)));
      high = -1;
    }
  }
  if (high >= 0) bad_test_data("odd number of hex digits in test data");
  return bytes;
}

// How many bytes failure messages show: enough to spot a difference, short enough to read.
inline constexpr std::size_t kShownBytes = 64;
inline constexpr std::size_t kAllBytes = std::numeric_limits<std::size_t>::max();

// "d5 01 01 1c"; beyond `limit` bytes, "... (N bytes)".
inline std::string to_hex(const void* data, std::size_t size, std::size_t limit = kAllBytes) {
  static const char* const kDigits = "0123456789abcdef";
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  const std::size_t shown = size < limit ? size : limit;
  std::string text;
  for (std::size_t i = 0; i < shown; ++i) {
    if (i != 0) text += ' ';
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 15];
  }
  if (shown < size) text += " ... (" + std::to_string(size) + " bytes)";
  return text;
}
inline std::string to_hex(const Bytes& bytes, std::size_t limit = kAllBytes) {
  return to_hex(bytes.data(), bytes.size(), limit);
}
inline std::string to_hex(std::string_view bytes, std::size_t limit = kAllBytes) {
  return to_hex(bytes.data(), bytes.size(), limit);
}

// Bytes that compare as bytes and print as hex (Catch2 uses operator<<), so a failed comparison
// shows the offending bytes.
struct Hex {
  Bytes bytes;
  bool operator==(const Hex& other) const { return bytes == other.bytes; }
  bool operator!=(const Hex& other) const { return bytes != other.bytes; }
  friend std::ostream& operator<<(std::ostream& out, const Hex& value) {
    return out << '[' << to_hex(value.bytes, kShownBytes) << ']';
  }
};

inline Hex hex(std::initializer_list<std::uint8_t> bytes) {
  return Hex{Bytes(bytes)};
}

// msgpack-gen's encoding of value, as Bytes or as any container of chars (std::string).
template <class Out = Bytes, class T>
Out encode(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return Out(buffer.data(), buffer.data() + buffer.size());
}

template <class T>
msgpack_gen::Status decode(const Bytes& bytes, T& value, msgpack_gen::ReaderOptions options = {}) {
  return msgpack_gen::unmarshal(bytes.data(), bytes.size(), value, options);
}
template <class T>
msgpack_gen::Status decode(std::string_view bytes, T& value,
                           msgpack_gen::ReaderOptions options = {}) {
  return msgpack_gen::unmarshal(bytes.data(), bytes.size(), value, options);
}

}  // namespace test_support
