#pragma once
#include <cstdint>
#include <optional>
struct Event {
  std::uint32_t id;
  std::optional<int> level;
};
