// Codecs for C arrays (T[N]), written as msgpack-c 4.1.3's carray adaptors write them:
//   char[N]                            a str of the bytes before the first NUL (all N if none)
//   unsigned char[N] (uint8_t[N]),     a bin of all N bytes
//   std::byte[N]
//   any other T[N]                     an array of N elements, each through codec<T>; so
//                                      float[4][4] is an array of 4 arrays of 4 floats
// signed char[N] is an array of integers, as in msgpack-c.
//
// Decoding takes fewer elements (bytes) than N too, as msgpack-c does: the first M are decoded
// into (elements already there are decoded into, like std::vector's), and the other N - M are
// set to T{} (bytes to '\0'), where msgpack-c leaves them as they were. char[N] takes a str or a
// bin, unsigned char[N] and std::byte[N] a bin or a str. More than N elements (bytes) is
// invalid_value, reported before anything is decoded or copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/gen/bounded.hpp"

namespace msgpack_gen {

namespace detail {

// What an element the input did not reach becomes: T{}, element by element for an array.
template <class T>
void reset_value(T& value) {
  if constexpr (std::is_array_v<T>) {
    for (auto& item : value) reset_value(item);
  } else {
    value = T{};
  }
}

// "expected at most 4 elements, found 5"; noun is singular ("element", "byte").
inline std::string too_many(std::size_t n, const char* noun, std::size_t found) {
  std::string text = "expected at most " + std::to_string(n) + " " + noun;
  if (n != 1) text += 's';
  return text + ", found " + std::to_string(found);
}

// char[N] (a str), unsigned char[N] and std::byte[N] (a bin): raw bytes.
template <class Byte, std::size_t N>
struct byte_array_codec {
  static void encode(Writer& out, const Byte (&value)[N]) {
    if constexpr (std::is_same_v<Byte, char>) {
      // Like msgpack-c: up to the first NUL, and all N bytes when there is none.
      const char* nul = static_cast<const char*>(std::memchr(value, '\0', N));
      out.str(value, nul != nullptr ? static_cast<std::size_t>(nul - value) : N);
    } else {
      out.bin(value, N);
    }
  }

  // Both read_str() and read_bin() take a str or a bin; they differ in the family an error
  // names as expected.
  static bool decode(Reader& in, Byte (&value)[N]) {
    std::string_view bytes;
    const bool read = std::is_same_v<Byte, char> ? in.read_str(bytes) : in.read_bin(bytes);
    if (!read) return false;
    if (bytes.size() > N) return in.invalid(too_many(N, "byte", bytes.size()));
    if (!bytes.empty()) std::memcpy(value, bytes.data(), bytes.size());
    std::memset(value + bytes.size(), 0, N - bytes.size());
    return true;
  }
};

}  // namespace detail

template <class T, std::size_t N>
struct codec<T[N]> {
  // As a std::array of N: the bytes (char, unsigned char, std::byte) have codecs of their own.
  static void encode(Writer& out, const T (&value)[N]) { detail::write_contiguous(out, value, N); }

  static bool decode(Reader& in, T (&value)[N]) {
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;
    if (n > N) return in.invalid(detail::too_many(N, "element", n));
    if (!in.enter()) return false;
    if constexpr (detail::numeric::decodes_in_bulk_v<T>) {
      if (!detail::numeric::decode_numbers(in, value, n)) return false;
    } else {
      if (!detail::decode_elements(in, value, n)) return false;
    }
    for (std::size_t i = n; i < N; ++i) detail::reset_value(value[i]);
    in.leave();
    return true;
  }
};

template <std::size_t N>
struct codec<char[N]> : detail::byte_array_codec<char, N> {};

template <std::size_t N>
struct codec<unsigned char[N]> : detail::byte_array_codec<unsigned char, N> {};

template <std::size_t N>
struct codec<std::byte[N]> : detail::byte_array_codec<std::byte, N> {};

}  // namespace msgpack_gen
