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

std::string without_spaces(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c != ' ') out += c;
  }
  return out;
}

bool names_entity(const std::string& written_text, const std::string& qualified_text) {
  std::string written = without_spaces(written_text);
  std::string qualified = without_spaces(qualified_text);
  std::string want = written.rfind("::", 0) == 0 ? written.substr(2) : written;
  if (want == qualified) return true;
  if (written.rfind("::", 0) == 0) return false;  // fully qualified: exact match only
  return qualified.size() > want.size() + 2 &&
         qualified.compare(qualified.size() - want.size(), want.size(), want) == 0 &&
         qualified.compare(qualified.size() - want.size() - 2, 2, "::") == 0;
}

}  // namespace msgpack_gen
