#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Line {
  std::int32_t qty;
};
struct Order {
  Line line;
};
