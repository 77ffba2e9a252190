#pragma once
#include <cstdint>
#include <optional>
struct Event {
  std::uint64_t id;
  std::uint32_t count;
  int level;
};
