#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  int qty MSGPACK_TAG("as_array");
};
