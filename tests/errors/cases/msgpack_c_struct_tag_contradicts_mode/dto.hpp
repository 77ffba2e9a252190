#pragma once
#include <msgpack.hpp>
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_map") Point {
  int x;
  int y;
  MSGPACK_DEFINE(x, y);
};
