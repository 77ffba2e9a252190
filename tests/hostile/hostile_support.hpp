// Helpers for the hostile-input suites: a builder for hand-made msgpack, decoding helpers, and a
// tally of the bad inputs checked (printed when a test binary exits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "../support/bytes.hpp"
#include "samples.hpp"

namespace hostile {

// Builds msgpack byte by byte, so tests can write what no encoder would.
class Msg {
 public:
  Msg() : writer_(buffer_) {}
  Msg(const Msg&) = delete;
  Msg& operator=(const Msg&) = delete;

  Msg& map(std::uint32_t n) {
    writer_.map_header(n);
    return *this;
  }
  Msg& array(std::uint32_t n) {
    writer_.array_header(n);
    return *this;
  }
  Msg& str(std::string_view s) {
    writer_.str(s);
    return *this;
  }
  Msg& bin(std::string_view b) {
    writer_.bin(b.data(), b.size());
    return *this;
  }
  Msg& uint(std::uint64_t v) {
    writer_.uint(v);
    return *this;
  }
  Msg& sint(std::int64_t v) {
    writer_.sint(v);
    return *this;
  }
  Msg& nil() {
    writer_.nil();
    return *this;
  }
  Msg& boolean(bool v) {
    writer_.boolean(v);
    return *this;
  }
  Msg& f32(float v) {
    writer_.f32(v);
    return *this;
  }
  Msg& f64(double v) {
    writer_.f64(v);
    return *this;
  }
  Msg& raw(std::string_view bytes) {
    writer_.raw(bytes);
    return *this;
  }
  Msg& repeat(std::string_view bytes, std::size_t times) {
    for (std::size_t i = 0; i < times; ++i) writer_.raw(bytes);
    return *this;
  }

  std::size_t size() const { return buffer_.size(); }
  std::string bytes() const {
    return std::string(reinterpret_cast<const char*>(buffer_.data()), buffer_.size());
  }

 private:
  msgpack_gen::Buffer buffer_;
  msgpack_gen::Writer writer_;
};

// The number of bad inputs the suite has checked; each test binary prints its total on exit.
inline std::size_t& bad_input_count() {
  static std::size_t count = 0;
  return count;
}
struct BadInputReport {
  const char* suite;
  ~BadInputReport() {
    if (bad_input_count() == 0) return;  // e.g. only listing the tests
    std::fprintf(stderr, "%s: %zu bad inputs checked\n", suite, bad_input_count());
  }
};

using test_support::decode;

}  // namespace hostile
