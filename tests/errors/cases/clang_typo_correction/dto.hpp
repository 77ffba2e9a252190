#pragma once
#include <msgpack_gen/annotate.hpp>
#include <vector>
struct LineItem {
  int qty;
};
struct Order {
  std::vector<LineItm> items;
};
