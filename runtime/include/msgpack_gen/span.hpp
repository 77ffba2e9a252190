// Codecs for std::span (C++20; nothing before it), written as msgpack-c 4.1.3 writes them where
// it has an adaptor:
//   std::span<B> and std::span<const B>,    a bin of the bytes (msgpack-c's span adaptor)
//   B char, unsigned char (uint8_t), std::byte
//   any other std::span<T>                  an array of the elements, each through codec<T>
//                                           (numbers and enums in bulk, as std::vector's)
// A span of a fixed extent is written the same way.
//
// Only std::span<const B> of bytes decodes: like std::string_view, it is pointed at the bin's
// bytes in the input (zero-copy; the input must outlive it), and a str is taken too, as the
// byte vectors take one. A fixed extent takes exactly that many bytes. Other spans own no
// elements to decode into and have no decode(): msgpack-gen refuses to generate an unmarshaler
// for a struct that holds one (generate it marshal-only, or hold the elements in a vector).
#pragma once

#include <version>

#if defined(__cpp_lib_span)

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/detail/payload.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen {

namespace detail {

// As a std::vector of the same elements (containers.hpp).
template <class T, std::size_t Extent>
struct span_encode {
  static void encode(Writer& out, std::span<T, Extent> value) {
    write_contiguous(out, static_cast<const std::remove_cv_t<T>*>(value.data()), value.size());
  }
};

// A span of const bytes: a view of the bin's bytes in the input. Other spans: no decode().
template <class T, std::size_t Extent,
          bool = (std::is_const_v<T> && is_byte_v<std::remove_cv_t<T>>)>
struct span_decode {};

template <class T, std::size_t Extent>
struct span_decode<T, Extent, true> {
  static bool decode(Reader& in, std::span<T, Extent>& value) {
    std::string_view bytes;
    if (!in.read_bin(bytes)) return false;
    if constexpr (Extent != std::dynamic_extent) {
      if (bytes.size() != Extent) {
        return in.invalid("expected a bin of " + std::to_string(Extent) + " bytes, found " +
                          std::to_string(bytes.size()));
      }
    }
    value = std::span<T, Extent>(reinterpret_cast<T*>(bytes.data()), bytes.size());
    return true;
  }
};

}  // namespace detail

template <class T, std::size_t Extent>
struct codec<std::span<T, Extent>> : detail::span_encode<T, Extent>,
                                     detail::span_decode<T, Extent> {};

}  // namespace msgpack_gen

#endif  // __cpp_lib_span
