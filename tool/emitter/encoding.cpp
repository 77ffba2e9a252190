#include "emitter/encoding.hpp"

#include <msgpack_gen/buffer.hpp>
#include <msgpack_gen/writer.hpp>

#include <cctype>

namespace msgpack_gen::emitter {

namespace {

// The bytes the runtime's Writer produces for `write`: generated constants are encoded by the
// same code that encodes values at run time, so the two cannot drift apart.
template <class Write>
std::string encoded(Write write) {
  Buffer buffer;
  Writer writer(buffer);
  write(writer);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

}  // namespace

std::string map_header_bytes(std::uint32_t n) {
  return encoded([n](Writer& w) { w.map_header(n); });
}

std::string array_header_bytes(std::uint32_t n) {
  return encoded([n](Writer& w) { w.array_header(n); });
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
  return encoded([key](Writer& w) { w.sint(key); });
}

std::string encoded_key(const std::string& key) {
  return encoded([&key](Writer& w) { w.str(key); });
}

}  // namespace msgpack_gen::emitter
