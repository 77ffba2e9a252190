#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  float matrix[4][4];
  int values[];
};
