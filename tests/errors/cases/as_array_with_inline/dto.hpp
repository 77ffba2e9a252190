#pragma once
#include <msgpack_gen/annotate.hpp>
struct Meta {
  int id;
};
struct MSGPACK_TAG("as_array") Order {
  Meta meta MSGPACK_TAG(",inline");
};
