#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
enum class Status : std::uint8_t { active = 1, closed = 2 };
struct Order {
  Status status MSGPACK_TAG(",as_string");
};
