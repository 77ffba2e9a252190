#pragma once
#include <cstdint>
struct Event {
  std::uint64_t id;
};
