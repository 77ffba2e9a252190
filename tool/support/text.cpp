#include "support/text.hpp"

#include <algorithm>

namespace msgpack_gen {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_match(const std::string& wrong, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 3;  // suggest only close matches
  for (const std::string& candidate : candidates) {
    std::size_t distance = edit_distance(wrong, candidate);
    if (distance < best_distance && distance * 2 < std::max<std::size_t>(wrong.size(), 2)) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

}  // namespace msgpack_gen
