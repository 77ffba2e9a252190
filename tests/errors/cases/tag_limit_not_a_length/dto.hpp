#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string>
struct Order {
  std::string name MSGPACK_TAG(",limit=64k");
};
