#pragma once
#include <msgpack_gen/annotate.hpp>
#include <any>
struct Order {
  int id;
  std::any extra;
};
