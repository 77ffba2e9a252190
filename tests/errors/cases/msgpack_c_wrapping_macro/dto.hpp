#pragma once
#include <msgpack.hpp>
// A project's own function-like macro around msgpack-c's: msgpack-gen reads only invocations of
// msgpack-c's macros (and object-like aliases of them) written in the class body.
#define DTO_FIELDS(...) MSGPACK_DEFINE_MAP(__VA_ARGS__)
struct Point {
  int x = 0;
  int y = 0;
  DTO_FIELDS(x, y);
};
