#pragma once
#include <msgpack.hpp>
struct Point {
  int x;
  int y;
  MSGPACK_DEFINE_ARRAY(MSGPACK_NVP("x", x), y);
};
