#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  int values[4];
};
