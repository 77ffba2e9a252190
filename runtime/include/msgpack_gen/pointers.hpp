// Codecs for std::unique_ptr and std::shared_ptr: nil when null, else the pointee's encoding
// (as msgpack-c packs them). This is what makes recursive DTOs possible:
//   struct Node { std::int64_t value; std::unique_ptr<Node> next; };
//
// Decoding nil resets the pointer. Anything else is decoded into the pointee, created first with
// make_unique / make_shared when the pointer is null (so T must be default-constructible), else
// reused in place. A shared_ptr's pointee may be shared with other owners: they see the new value.
// Nesting depth stays bounded by the reader's max_depth, since every struct or container on the
// way down enters a level; a chain of pointers to scalars has nothing to nest.
// Custom deleters: unique_ptr<T, D> is supported only with the default deleter, which is the one
// make_unique pairs with.
#pragma once

#include <memory>

#include "msgpack_gen/codec.hpp"

namespace msgpack_gen {

namespace detail {

template <class Pointer, class T>
struct pointer_codec {
  static void encode(Writer& out, const Pointer& value) {
    if (value) {
      codec<T>::encode(out, *value);
    } else {
      out.nil();
    }
  }

  static bool decode(Reader& in, Pointer& value) {
    if (in.next_is_nil()) {
      in.read_nil();
      value.reset();
      return true;
    }
    if (!value) {
      if (!in.charge(sizeof(T))) return false;
      value = make();
    }
    return codec<T>::decode(in, *value);
  }

 private:
  static Pointer make() {
    if constexpr (std::is_same_v<Pointer, std::shared_ptr<T>>) {
      return std::make_shared<T>();
    } else {
      return std::make_unique<T>();
    }
  }
};

}  // namespace detail

template <class T>
struct codec<std::unique_ptr<T>> : detail::pointer_codec<std::unique_ptr<T>, T> {};

template <class T>
struct codec<std::shared_ptr<T>> : detail::pointer_codec<std::shared_ptr<T>, T> {};

}  // namespace msgpack_gen
