#pragma once
#include <msgpack_gen/annotate.hpp>
struct MSGPACK_TAG("as_array") Order {
  int id MSGPACK_TAG(",required");
};
