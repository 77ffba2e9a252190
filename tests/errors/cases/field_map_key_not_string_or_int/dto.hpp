#pragma once
#include <msgpack_gen/annotate.hpp>
#include <map>
struct Order {
  int id;
  std::map<double, int> by_price;
};
