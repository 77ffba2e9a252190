#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string>
struct Order {
  int qty MSGPACK_TAG(",limit=10");
  std::string name MSGPACK_TAG(",limit=64");
};
