// Helpers for the ext type tests: encode to bytes, decode from bytes, hex literals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/marshal.hpp"
#include "msgpack_gen/status.hpp"

namespace ext_test {

using Bytes = std::vector<std::uint8_t>;

// "d5 01 01 1c" -> {0xd5, 0x01, 0x01, 0x1c}; spaces are ignored.
inline Bytes hex(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::invalid_argument("bad hex digit in test data");
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
  if (high >= 0) throw std::invalid_argument("odd number of hex digits in test data");
  return bytes;
}

inline std::string to_hex(const Bytes& bytes) {
  static const char* const kHex = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i != 0) text += ' ';
    text += kHex[bytes[i] >> 4];
    text += kHex[bytes[i] & 15];
  }
  return text;
}

template <class T>
Bytes encode(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return Bytes(buffer.data(), buffer.data() + buffer.size());
}

template <class T>
msgpack_gen::Status decode(const Bytes& bytes, T& value) {
  return msgpack_gen::unmarshal(bytes.data(), bytes.size(), value);
}

}  // namespace ext_test
