#pragma once
#include <msgpack.hpp>
#include <msgpack_gen/annotate.hpp>
struct Point {
  int x;
  int y MSGPACK_TAG("-");
  MSGPACK_DEFINE(x, y);
};
