#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int qty MSGPACK_TAG(",strict");
};
