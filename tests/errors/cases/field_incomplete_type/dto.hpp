#pragma once
#include <msgpack_gen/annotate.hpp>
#include <vector>
struct Later;
struct Order {
  int id;
  std::vector<Later> later;
};
