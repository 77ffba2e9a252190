#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  int qty MSGPACK_TAG("omitempty");
  int note MSGPACK_TAG("required");
  int total MSGPACK_TAG(",omitempty");
};
