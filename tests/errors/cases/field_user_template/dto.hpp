#pragma once
#include <msgpack_gen/annotate.hpp>
template <class T> struct Box { T value; };
struct Order {
  int id;
  Box<int> boxed;
};
