#pragma once
#include <msgpack_gen/unknown_fields.hpp>
struct Order {
  int id;
  msgpack_gen::UnknownFields unknown;
  msgpack_gen::UnknownFields more;
};
