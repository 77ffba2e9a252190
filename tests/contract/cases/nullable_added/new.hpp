#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
#include <optional>
struct Order {
  std::optional<std::int32_t> id;
};
