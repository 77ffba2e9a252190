#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
enum class Status : std::uint16_t { active = 1 };
struct Order {
  Status status;
};
