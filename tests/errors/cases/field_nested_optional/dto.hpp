#include <optional>
#include <vector>

struct Reading {
  std::optional<std::optional<int>> level;
  std::vector<std::optional<int>> samples;  // fine: one level
};
