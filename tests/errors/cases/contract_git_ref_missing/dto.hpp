#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
};
