#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Meta {
  std::int32_t version;
};
struct Order {
  std::int32_t id;
  Meta meta MSGPACK_TAG(",inline");
};
