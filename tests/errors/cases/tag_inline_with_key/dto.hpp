#pragma once
#include <msgpack_gen/annotate.hpp>
struct Inner {
  int x;
};
struct Order {
  int id;
  Inner inner MSGPACK_TAG("in,inline");
};
