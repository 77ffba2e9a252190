#pragma once
#include <cstdint>
#include <optional>
struct Event {
  std::uint64_t id;
  int level;
};
