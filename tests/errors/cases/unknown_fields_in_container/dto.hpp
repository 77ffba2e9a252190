#pragma once
#include <vector>
#include <msgpack_gen/unknown_fields.hpp>
struct Order {
  int id;
  std::vector<msgpack_gen::UnknownFields> history;
};
