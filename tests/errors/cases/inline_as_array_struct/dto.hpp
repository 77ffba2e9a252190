#pragma once
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_array") Pair {
  int a;
  int b;
};
struct Order {
  Pair pair MSGPACK_TAG(",inline");
};
