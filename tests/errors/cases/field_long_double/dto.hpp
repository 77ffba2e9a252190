#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  long double big;
};
