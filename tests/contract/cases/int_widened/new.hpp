#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Order {
  std::int64_t id;
  std::uint32_t count;
};
