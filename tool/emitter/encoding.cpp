#include "emitter/encoding.hpp"

#include <cctype>

namespace msgpack_gen::emitter {

std::string map_header_bytes(std::uint32_t n) {
  std::string bytes;
  if (n <= 15) {
    bytes += static_cast<char>(0x80 | n);
  } else if (n <= 0xffff) {
    bytes += static_cast<char>(0xde);
    bytes += static_cast<char>(n >> 8);
    bytes += static_cast<char>(n & 0xff);
  } else {
    bytes += static_cast<char>(0xdf);
    for (int shift = 24; shift >= 0; shift -= 8) bytes += static_cast<char>((n >> shift) & 0xff);
  }
  return bytes;
}

std::string array_header_bytes(std::uint32_t n) {
  std::string bytes = map_header_bytes(n);
  // Same layout one family over: fixarray 0x90, array16 0xdc, array32 0xdd.
  unsigned char first = static_cast<unsigned char>(bytes[0]);
  bytes[0] = static_cast<char>(n <= 15 ? (0x90 | n) : (first == 0xde ? 0xdc : 0xdd));
  return bytes;
}

std::string cpp_literal(const std::string& bytes) {
  static const char* const kHex = "0123456789abcdef";
  std::string out = "\"";
  bool after_escape = false;
  for (char c : bytes) {
    unsigned char u = static_cast<unsigned char>(c);
    bool printable = u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != '?';
    if (printable) {
      if (after_escape && std::isxdigit(u)) out += "\" \"";
      out += c;
      after_escape = false;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
      after_escape = true;
    }
  }
  out += '"';
  return out;
}

std::string encoded_int_key(std::int64_t key) {
  std::string bytes;
  auto big_endian = [&](std::uint64_t v, int size) {
    for (int shift = (size - 1) * 8; shift >= 0; shift -= 8)
      bytes += static_cast<char>((v >> shift) & 0xff);
  };
  if (key >= 0) {
    std::uint64_t v = static_cast<std::uint64_t>(key);
    if (v < 0x80) {
      bytes += static_cast<char>(v);
    } else if (v <= 0xff) {
      bytes += '\xcc';
      big_endian(v, 1);
    } else if (v <= 0xffff) {
      bytes += '\xcd';
      big_endian(v, 2);
    } else if (v <= 0xffffffffu) {
      bytes += '\xce';
      big_endian(v, 4);
    } else {
      bytes += '\xcf';
      big_endian(v, 8);
    }
    return bytes;
  }
  std::uint64_t bits = static_cast<std::uint64_t>(key);
  if (key >= -32) {
    bytes += static_cast<char>(bits & 0xff);
  } else if (key >= -128) {
    bytes += '\xd0';
    big_endian(bits, 1);
  } else if (key >= -32768) {
    bytes += '\xd1';
    big_endian(bits, 2);
  } else if (key >= INT32_MIN) {
    bytes += '\xd2';
    big_endian(bits, 4);
  } else {
    bytes += '\xd3';
    big_endian(bits, 8);
  }
  return bytes;
}

std::string encoded_key(const std::string& key) {
  std::string bytes;
  std::size_t n = key.size();
  if (n < 32) {
    bytes += static_cast<char>(0xa0 | n);
  } else if (n <= 0xff) {
    bytes += static_cast<char>(0xd9);
    bytes += static_cast<char>(n);
  } else {
    bytes += static_cast<char>(0xda);
    bytes += static_cast<char>(n >> 8);
    bytes += static_cast<char>(n & 0xff);
  }
  return bytes + key;
}

}  // namespace msgpack_gen::emitter
