#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  const int fixed = 1;
};
