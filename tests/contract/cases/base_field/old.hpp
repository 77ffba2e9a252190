#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Base {
  std::int32_t id;
  std::string owner;
};
struct Order : Base {
  std::string note;
};
