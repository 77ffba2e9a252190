#pragma once
#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/unknown_fields.hpp>
struct Order {
  int id;
  msgpack_gen::UnknownFields unknown MSGPACK_TAG("extra,omitempty");
};
