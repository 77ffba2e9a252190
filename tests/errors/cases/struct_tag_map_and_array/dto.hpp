#pragma once
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_map,as_array") Order {
  int id;
};
