// The low-level msgpack writer: one call per msgpack value or header, always the smallest
// (canonical) encoding, byte-for-byte what msgpack-c writes for the same value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/copy.hpp"
#include "msgpack_gen/detail/payload.hpp"
#include "msgpack_gen/endian.hpp"
#include "msgpack_gen/gen/wire.hpp"

namespace msgpack_gen {

// Appends msgpack values to a Buffer. Cheap to create; holds only a reference.
class Writer {
 public:
  explicit Writer(Buffer& out) noexcept : out_(out) {}

  Buffer& buffer() noexcept { return out_; }

  void nil() { put1(0xc0); }
  MSGPACK_GEN_ALWAYS_INLINE void boolean(bool v) { put1(v ? 0xc3 : 0xc2); }

  MSGPACK_GEN_ALWAYS_INLINE void uint(std::uint64_t v) {
    out_.commit(gen::encode::uint(out_.prepare(gen::encode::kMaxIntSize), v));
  }
  MSGPACK_GEN_ALWAYS_INLINE void sint(std::int64_t v) {
    out_.commit(gen::encode::sint(out_.prepare(gen::encode::kMaxIntSize), v));
  }
  MSGPACK_GEN_ALWAYS_INLINE void f32(float v) {
    if (MSGPACK_GEN_UNLIKELY(integral_floats_as_ints_)) return float_as_msgpack_c(v);
    out_.commit(gen::encode::f32(out_.prepare(5), v));
  }
  MSGPACK_GEN_ALWAYS_INLINE void f64(double v) {
    if (MSGPACK_GEN_UNLIKELY(integral_floats_as_ints_)) return float_as_msgpack_c(v);
    out_.commit(gen::encode::f64(out_.prepare(9), v));
  }

  // msgpack-c 4 writes a float or double that holds an integral value as an integer. Generated
  // code for a struct whose layout comes from a msgpack-c macro turns this on while it writes
  // the struct (IntegralFloatsAsInts below), so its bytes match msgpack-c's; every reader,
  // ours included, accepts an integer where a float is expected.
  bool integral_floats_as_ints() const noexcept { return integral_floats_as_ints_; }
  void set_integral_floats_as_ints(bool on) noexcept { integral_floats_as_ints_ = on; }

  // Whether numbers of type T may be written with gen::encode::put after one capacity check of
  // gen::encode::max_size(T{}) each (containers of numbers do): not floats written msgpack-c's way.
  template <class T>
  bool puts_numbers_directly() const noexcept {
    return !std::is_floating_point_v<T> || !integral_floats_as_ints_;
  }

  MSGPACK_GEN_ALWAYS_INLINE void str(const char* s, std::size_t n) {
    if (!payload_length_ok(n)) return;
    std::uint8_t* p = out_.prepare(gen::encode::kMaxHeaderSize + n);
    p = gen::encode::str_header(p, static_cast<std::uint32_t>(n));
    detail::copy_payload(p, s, n);
    out_.commit(p + n);
  }
  void str(std::string_view s) { str(s.data(), s.size()); }

  void bin(const void* bytes, std::size_t n) {
    if (!payload_length_ok(n)) return;
    std::uint8_t* p = out_.prepare(gen::encode::kMaxHeaderSize + n);
    p = gen::encode::bin_header(p, static_cast<std::uint32_t>(n));
    detail::copy_payload(p, bytes, n);
    out_.commit(p + n);
  }

  void ext(std::int8_t type, const void* bytes, std::size_t n) {
    if (!payload_length_ok(n)) return;
    std::uint8_t* p = out_.prepare(6 + n);
    p = gen::encode::ext_header(p, type, static_cast<std::uint32_t>(n));
    detail::copy_payload(p, bytes, n);
    out_.commit(p + n);
  }

  MSGPACK_GEN_ALWAYS_INLINE void array_header(std::uint32_t n) {
    out_.commit(gen::encode::array_header(out_.prepare(gen::encode::kMaxHeaderSize), n));
  }
  MSGPACK_GEN_ALWAYS_INLINE void map_header(std::uint32_t n) {
    out_.commit(gen::encode::map_header(out_.prepare(gen::encode::kMaxHeaderSize), n));
  }

  // A constant of pre-encoded bytes (a string literal or a constexpr char array, as generated
  // code uses for keys): all of it but the terminating NUL. The length is known at compile time,
  // so the copy is a few moves.
  template <std::size_t N>
  MSGPACK_GEN_ALWAYS_INLINE void raw_constant(const char (&bytes)[N]) {
    constexpr std::size_t n = N - 1;
    std::uint8_t* p = out_.prepare(n);
    std::memcpy(p, bytes, n);
    out_.commit(p + n);
  }

  // Bytes that are already msgpack: pre-encoded keys and headers, or a whole encoded value.
  void raw(const void* bytes, std::size_t n) { out_.append(bytes, n); }
  void raw(std::string_view bytes) { out_.append(bytes.data(), bytes.size()); }

 private:
  // A str, bin or ext payload of n bytes can be encoded: msgpack lengths are 32-bit. A longer one
  // throws std::length_error before anything is written; without exceptions it is the Buffer's
  // error (EncodeError::payload_too_long) and nothing is written.
  MSGPACK_GEN_ALWAYS_INLINE bool payload_length_ok(std::size_t n) {
#if MSGPACK_GEN_EXCEPTIONS
    detail::check_payload_length(n);
#else
    if (MSGPACK_GEN_UNLIKELY(!detail::payload_fits(n))) {
      out_.fail(EncodeError::payload_too_long);
      return false;
    }
#endif
    return true;
  }

  template <class F>
  MSGPACK_GEN_COLD void float_as_msgpack_c(F v) {
    out_.commit(gen::encode::float_as_msgpack_c(out_.prepare(9), v));
  }

  void put1(std::uint8_t byte) {
    std::uint8_t* p = out_.prepare(1);
    *p = byte;
    out_.commit(p + 1);
  }

  Buffer& out_;
  bool integral_floats_as_ints_ = false;
};

// Writes floats as msgpack-c does (Writer::integral_floats_as_ints) while it lives, then
// restores the writer's previous setting.
class IntegralFloatsAsInts {
 public:
  explicit IntegralFloatsAsInts(Writer& out) noexcept
      : out_(out), saved_(out.integral_floats_as_ints()) {
    out.set_integral_floats_as_ints(true);
  }
  ~IntegralFloatsAsInts() { out_.set_integral_floats_as_ints(saved_); }
  IntegralFloatsAsInts(const IntegralFloatsAsInts&) = delete;
  IntegralFloatsAsInts& operator=(const IntegralFloatsAsInts&) = delete;

 private:
  Writer& out_;
  bool saved_;
};

}  // namespace msgpack_gen
