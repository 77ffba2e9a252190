#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Row {
  std::int32_t id;
};
