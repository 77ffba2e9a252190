#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string>
struct Order : std::string {
  int qty;
};
