#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id MSGPACK_TAG(",as_string");
};
