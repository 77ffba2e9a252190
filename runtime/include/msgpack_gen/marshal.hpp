// The entry points: marshal(buffer, value) and unmarshal(bytes, size, value).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen {

// Appends value's msgpack encoding to out.
template <class T>
void marshal(Buffer& out, const T& value) {
  static_assert(detail::has_encode<T>::value,
                "msgpack_gen::marshal: no marshaler for this type; was it generated with "
                "msgpack-gen, and not as unmarshal-only (Type:-+)?");
  Writer writer(out);
  codec<T>::encode(writer, value);
}

// Decodes the single msgpack value in [data, data + size) into value. Fields absent from the
// input keep the value they had. Bytes after the value are an error (use a Reader to decode a
// stream of values).
template <class T>
Status unmarshal(const void* data, std::size_t size, T& value, ReaderOptions options = {}) {
  static_assert(detail::has_decode<T>::value,
                "msgpack_gen::unmarshal: no unmarshaler for this type; was it generated with "
                "msgpack-gen, and not as marshal-only (Type:+-)?");
  Reader reader(data, size, options);
  if (!codec<T>::decode(reader, value)) return reader.status();
  if (!reader.at_end()) {
    reader.fail(ErrorCode::trailing_bytes, "end of input after the value, found " +
                                               detail::quantity(reader.remaining(), "more byte"));
    return reader.status();
  }
  return Status();
}

template <class T>
Status unmarshal(const Buffer& in, T& value, ReaderOptions options = {}) {
  return unmarshal(in.data(), in.size(), value, options);
}

}  // namespace msgpack_gen
