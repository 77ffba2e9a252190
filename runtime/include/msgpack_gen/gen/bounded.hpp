// Values whose encoded size has a cheap upper bound (scalars, strings, byte vectors), written
// straight into memory reserved beforehand. Generated code sums the bounds of a run of such
// fields, checks the buffer's capacity once, and writes the whole run with these:
//
//   std::uint8_t* p = out.buffer().prepare(sizeof kName - 1 + gen::encode::max_size(value.name));
//   p = gen::encode::put_raw(p, kName);
//   p = gen::encode::put(p, value.name);
//   out.buffer().commit(p);
//
// Part of the codegen interface (namespace msgpack_gen::gen, docs/runtime.md); the runtime's
// container codecs use it too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/copy.hpp"
#include "msgpack_gen/detail/payload.hpp"
#include "msgpack_gen/gen/wire.hpp"

namespace msgpack_gen::detail {
// The most a str or bin of n bytes takes, header included. A payload too long to encode throws
// std::length_error; without exceptions its bound is kUnencodableBound (detail/payload.hpp), and
// put() writes nothing for it (MSGPACK_GEN_SKIP_UNENCODABLE below).
MSGPACK_GEN_ALWAYS_INLINE std::size_t payload_bound(std::size_t n) {
#if MSGPACK_GEN_EXCEPTIONS
  check_payload_length(n);
#else
  if (MSGPACK_GEN_UNLIKELY(!payload_fits(n))) return kUnencodableBound;
#endif
  return gen::encode::kMaxHeaderSize + n;
}
}  // namespace msgpack_gen::detail

#if MSGPACK_GEN_EXCEPTIONS
#define MSGPACK_GEN_SKIP_UNENCODABLE(p, n)
#else
#define MSGPACK_GEN_SKIP_UNENCODABLE(p, n) \
  if (MSGPACK_GEN_UNLIKELY(!::msgpack_gen::detail::payload_fits(n))) return p
#endif

namespace msgpack_gen::gen::encode {

// A pre-encoded constant (all of it but the terminating NUL).
template <std::size_t N>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_raw(std::uint8_t* p, const char (&bytes)[N]) {
  std::memcpy(p, bytes, N - 1);
  return p + (N - 1);
}

// Pre-encoded bytes whose length is known to the caller.
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_raw(std::uint8_t* p, std::string_view bytes) {
  detail::copy_payload(p, bytes.data(), bytes.size());
  return p + bytes.size();
}

MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(bool) {
  return 1;
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, bool v) {
  *p = v ? 0xc3 : 0xc2;
  return p + 1;
}

template <class T, std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(T) {
  return kMaxIntSize;
}
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, T v) {
  if constexpr (std::is_signed_v<T>) {
    return sint(p, static_cast<std::int64_t>(v));
  } else {
    return uint(p, static_cast<std::uint64_t>(v));
  }
}
template <class T, std::enable_if_t<std::is_enum_v<T>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, T v) {
  return put(p, static_cast<std::underlying_type_t<T>>(v));
}

MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(float) {
  return 5;
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, float v) {
  return f32(p, v);
}
MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(double) {
  return 9;
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, double v) {
  return f64(p, v);
}

// A float or double of a struct laid out by a msgpack-c macro, in msgpack-c 4's form
// (float_as_msgpack_c(): an integral value as that integer). The Writer does the same while
// IntegralFloatsAsInts is in force; generated code writes such a field directly, in its run.
template <class F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size_as_msgpack_c(F) {
  return 9;
}
template <class F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put_as_msgpack_c(std::uint8_t* p, F v) {
  return float_as_msgpack_c(p, v);
}

MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(std::string_view s) {
  return detail::payload_bound(s.size());
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, std::string_view s) {
  MSGPACK_GEN_SKIP_UNENCODABLE(p, s.size());
  p = str_header(p, static_cast<std::uint32_t>(s.size()));
  detail::copy_payload(p, s.data(), s.size());
  return p + s.size();
}
MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(const std::string& s) {
  return detail::payload_bound(s.size());
}
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, const std::string& s) {
  MSGPACK_GEN_SKIP_UNENCODABLE(p, s.size());
  p = str_header(p, static_cast<std::uint32_t>(s.size()));
  detail::copy_payload(p, s.data(), s.size());
  return p + s.size();
}

// Byte vectors are bin, as everywhere else.
template <class T, class A, std::enable_if_t<detail::is_byte_v<T>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::size_t max_size(const std::vector<T, A>& bytes) {
  return detail::payload_bound(bytes.size());
}
template <class T, class A, std::enable_if_t<detail::is_byte_v<T>, int> = 0>
MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* put(std::uint8_t* p, const std::vector<T, A>& bytes) {
  MSGPACK_GEN_SKIP_UNENCODABLE(p, bytes.size());
  p = bin_header(p, static_cast<std::uint32_t>(bytes.size()));
  detail::copy_payload(p, bytes.data(), bytes.size());
  return p + bytes.size();
}

// Whether T has max_size() and put() above: values a container writes with one capacity check
// for several of them.
template <class T, class = void>
struct is_bounded : std::false_type {};
template <class T>
struct is_bounded<
    T, std::void_t<decltype(max_size(std::declval<const T&>())),
                   decltype(put(std::declval<std::uint8_t*>(), std::declval<const T&>()))>>
    : std::true_type {};
template <class T>
inline constexpr bool is_bounded_v = is_bounded<T>::value;

}  // namespace msgpack_gen::gen::encode

#undef MSGPACK_GEN_SKIP_UNENCODABLE
