#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <map>
#include <string>
struct Order {
  std::map<std::string, std::int64_t> counts;
  std::map<std::string, std::string> labels;
};
