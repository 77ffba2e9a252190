#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id;
  int order_id MSGPACK_TAG("id");
};
