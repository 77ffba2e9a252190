#pragma once
#include <msgpack_gen/annotate.hpp>
#include <set>
struct Order {
  int id;
  std::set<int> ids;
};
