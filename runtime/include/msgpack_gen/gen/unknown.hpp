// What generated code calls for a struct with a msgpack_gen::UnknownFields member: keep an entry
// the struct does not know while decoding, and write the kept ones back.
//
// Part of the codegen interface (namespace msgpack_gen::gen, docs/runtime.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/unknown_fields.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen::gen {

struct UnknownFieldsAccess {
  // Skips the value at the reader and keeps [entry, end of that value) as one entry: a map's
  // key and value (`entry` before the key) or an array's element (`entry` at the reader). The
  // skip applies the reader's limits and depth, and the memory the entries grow into counts
  // against ReaderOptions::max_allocation, as a string's would.
  static bool keep(Reader& in, const std::uint8_t* entry, UnknownFields& unknown) {
    if (!in.skip()) return false;
    std::string& bytes = unknown.bytes_;
    const std::size_t n = static_cast<std::size_t>(in.position() - entry);
    if (n > bytes.capacity() - bytes.size()) {
      const std::size_t grown = std::max(bytes.size() + n, 2 * bytes.capacity());
      if (!in.charge(grown - bytes.capacity())) return false;
      bytes.reserve(grown);
    }
    bytes.append(reinterpret_cast<const char*>(entry), n);
    ++unknown.count_;
    return true;
  }
};

inline bool keep_unknown(Reader& in, const std::uint8_t* entry, UnknownFields& unknown) {
  return UnknownFieldsAccess::keep(in, entry, unknown);
}

// The kept entries, after the struct's own fields (their count is in the header already).
inline void write_unknown(Writer& out, const UnknownFields& unknown) {
  out.raw(unknown.bytes());
}

}  // namespace msgpack_gen::gen
