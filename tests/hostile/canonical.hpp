// Canonical form of one msgpack value, for comparing two encodings of the same object: map
// entries are sorted by their encoded key, so the iteration order of an unordered_map does not
// matter; everything else (integer widths, float bits, ext payloads) is kept byte for byte.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <msgpack_gen/reader.hpp>

namespace fuzz {

// Appends the canonical form of the next value of `in` to `out`; false if it is not msgpack.
inline bool append_canonical(msgpack_gen::Reader& in, std::string& out, int depth = 0) {
  constexpr int kMaxDepth = 2048;  // far beyond what the decoder's depth limit lets through
  if (depth > kMaxDepth) return false;
  const std::uint8_t* start = in.position();
  auto bytes_since = [&](const std::uint8_t* from) {
    return std::string(reinterpret_cast<const char*>(from),
                       static_cast<std::size_t>(in.position() - from));
  };
  msgpack_gen::Family family = msgpack_gen::Family::nil;
  if (!in.peek(family)) return false;
  std::uint32_t n = 0;
  if (family == msgpack_gen::Family::array) {
    if (!in.read_array_header(n)) return false;
    out += bytes_since(start);
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!append_canonical(in, out, depth + 1)) return false;
    }
    return true;
  }
  if (family == msgpack_gen::Family::map) {
    if (!in.read_map_header(n)) return false;
    const std::string header = bytes_since(start);
    std::vector<std::pair<std::string, std::string>> entries(n);
    for (auto& [key, value] : entries) {
      if (!append_canonical(in, key, depth + 1) || !append_canonical(in, value, depth + 1)) {
        return false;
      }
    }
    std::sort(entries.begin(), entries.end());
    out += header;
    for (const auto& [key, value] : entries) out.append(key).append(value);
    return true;
  }
  if (!in.skip()) return false;
  out += bytes_since(start);
  return true;
}

// The canonical form of a whole buffer that holds exactly one value; false if it does not.
inline bool canonical(const void* data, std::size_t size, std::string& out) {
  msgpack_gen::ReaderOptions options;
  options.max_depth = msgpack_gen::Reader::kDepthLimit;
  msgpack_gen::Reader in(data, size, options);
  out.clear();
  return append_canonical(in, out) && in.at_end();
}

}  // namespace fuzz
