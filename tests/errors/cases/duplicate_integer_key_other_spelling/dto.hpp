#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  int id MSGPACK_TAG("#16");
  int qty MSGPACK_TAG("#0x10");
};
