#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
#include <optional>
struct Order {
  std::int32_t id;
};
