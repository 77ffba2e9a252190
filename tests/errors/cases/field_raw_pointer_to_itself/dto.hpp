#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  Order* parent;
};
namespace shop {
struct Node {
  struct Edge { shop::Node* up; } edge;
};
}  // namespace shop
