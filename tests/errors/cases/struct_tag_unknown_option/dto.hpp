#pragma once
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_arry") Order {
  int id;
};
