#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct MSGPACK_TAG("as_array") Row {
  std::int32_t id;
  std::string name;
};
