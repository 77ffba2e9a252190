// What generated decoders call beyond the Reader's API: key prediction against pre-encoded keys,
// and the loop that looks up the keys a struct's decoder did not predict.
//
// Part of the codegen interface (namespace msgpack_gen::gen, docs/runtime.md): generated code is
// written against it, and MSGPACK_GEN_CODEGEN_ABI changes when it does. Hand-written codecs use
// the Reader, and decode_map_by_key() (codec.hpp) for a decode_field() of their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/reader.hpp"

namespace msgpack_gen {

// What a decode_field() (generated, or hand-written for decode_map_by_key()) returns when the key
// is not one of the struct's fields, or when decoding the field's value failed (the reader holds
// the error). Otherwise: the field's index.
inline constexpr int kUnknownField = -1;
inline constexpr int kFieldFailed = -2;

namespace gen {

// Generated decoders predict keys: encoders write them in declaration order. True, past the key,
// when the next bytes are exactly `encoded` (a key's pre-encoded str or int, with its
// terminating NUL in N) and a byte of its value follows; false, consuming nothing, otherwise (the
// caller then reads the key the general way, which reports any error). A key written in another
// form than the canonical one (str8 for a short key) is not matched here, only there.
template <std::size_t N>
MSGPACK_GEN_ALWAYS_INLINE bool match_key(Reader& in, const char (&encoded)[N]) noexcept {
  constexpr std::size_t n = N - 1;
  static_assert(n > 0, "a pre-encoded key holds at least its header");
  if (MSGPACK_GEN_LIKELY(in.remaining() > n && std::memcmp(in.pos_, encoded, n) == 0)) {
    in.pos_ += n;
    return true;
  }
  return false;
}

// The rest of a map-mode struct whose keys are strings and whose unknown keys are skipped, after
// its generated decode() read the map header, entered it and matched the first `done` of the
// `count` pairs by predicting their keys: each remaining key is looked up by the codec's
// decode_field(). Leaves the map. Structs with integer keys, required fields, `strict` or a
// readExtraField hook get a loop of their own.
template <class Codec, class T>
bool decode_rest_by_key(Reader& in, T& value, std::uint32_t done, std::uint32_t count) {
  for (std::uint32_t i = done; i < count; ++i) {
    std::string_view key;
    if (in.read_key(key)) {
      int field = Codec::decode_field(in, key, value);
      if (field >= 0) continue;
      if (field == kFieldFailed) return in.in_field(key);
      if (!in.skip()) return in.in_field(key);  // an unknown key
      continue;
    }
    if (in.failed()) return false;
    if (!in.skip() || !in.skip()) return false;  // a key of another type, and its value
  }
  in.leave();
  return true;
}

}  // namespace gen
}  // namespace msgpack_gen
