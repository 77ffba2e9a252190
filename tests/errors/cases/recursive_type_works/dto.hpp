#pragma once
#include <msgpack_gen/annotate.hpp>
#include <vector>
struct Node {
  int value;
  std::vector<Node> children;
};
