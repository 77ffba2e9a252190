#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
struct Order {
  uint64_t id{0} MSGPACK_TAG("order_id");
  int qty = 1;
};
