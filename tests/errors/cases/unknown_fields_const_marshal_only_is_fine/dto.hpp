#pragma once
#include <msgpack_gen/unknown_fields.hpp>
struct Order {
  int id;
  const msgpack_gen::UnknownFields unknown;
};
