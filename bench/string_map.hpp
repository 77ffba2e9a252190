// A large map workload: 10,000 entries of std::map<std::string, std::int64_t>, string keys in
// sorted order (as any std::map writes them) and integer values of mixed forms. It measures the
// map codec's per-entry work: the key's string, the node, and where it goes in the tree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "workload.hpp"

namespace bench {

constexpr std::size_t kMapEntries = 10000;

// Keys "sensor/000000" to "sensor/029997" (every third number, zero-padded so that string order
// is number order); values from -1,000,000 to 1,000,000, so every int form up to int32 occurs.
inline std::map<std::string, std::int64_t> make_string_map(Rng& rng) {
  std::map<std::string, std::int64_t> entries;
  for (std::size_t i = 0; i < kMapEntries; ++i) {
    std::string key = std::to_string(3 * i);
    key.insert(0, 6 - key.size(), '0');
    entries.emplace_hint(entries.end(), "sensor/" + key, rng.between(-1000000, 1000000));
  }
  return entries;
}

}  // namespace bench
