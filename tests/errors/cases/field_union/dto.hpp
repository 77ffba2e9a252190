#pragma once
#include <msgpack_gen/annotate.hpp>
union Number { int i; float f; };
struct Order {
  int id;
  Number n;
};
