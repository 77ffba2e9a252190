#pragma once
#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/unknown_fields.hpp>
struct MSGPACK_TAG("strict") Order {
  int id;
  msgpack_gen::UnknownFields unknown;
};
