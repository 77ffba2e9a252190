#pragma once
#include <cstdint>
#include <optional>
struct Event {
  std::uint32_t id;
  std::uint32_t count;
  std::optional<int> level;
};
