// Types with exactly one value, written as nil: std::monostate (variant.hpp) and msgpack-c's
// msgpack::type::nil_t, whose codec generated code declares as a nil_codec (the runtime does not
// depend on msgpack-c).
#pragma once

#include "msgpack_gen/codec.hpp"

namespace msgpack_gen {

template <class T>
struct nil_codec {
  static void encode(Writer& out, const T&) { out.nil(); }
  // Only nil is accepted, as msgpack-c's converter does: anything else is a type mismatch.
  static bool decode(Reader& in, T&) { return in.read_nil(); }
};

}  // namespace msgpack_gen
