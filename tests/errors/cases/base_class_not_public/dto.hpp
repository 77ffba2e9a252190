#pragma once
#include <msgpack_gen/annotate.hpp>
struct Base {
  int id;
};
struct Order : private Base {
  int qty;
};
