#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Line {
  double qty;
};
struct Order {
  Line line;
};
