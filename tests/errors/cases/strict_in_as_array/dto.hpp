#pragma once
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_array,strict") Order {
  int id;
};
