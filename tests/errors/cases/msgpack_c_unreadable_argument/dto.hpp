#pragma once
#include <msgpack.hpp>
struct Point {
  int x;
  int y;
  MSGPACK_DEFINE(x + 0, y);
};
