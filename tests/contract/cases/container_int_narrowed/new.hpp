#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <vector>
struct Order {
  std::vector<std::int16_t> quantities;
  std::map<std::string, std::vector<float>> prices;
};
