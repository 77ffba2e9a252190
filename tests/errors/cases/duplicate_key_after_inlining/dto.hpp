#pragma once
#include <msgpack_gen/annotate.hpp>
struct Meta {
  int id;
};
struct Order {
  int id;
  Meta meta MSGPACK_TAG(",inline");
};
