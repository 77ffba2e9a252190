#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <vector>
struct Order {
  std::vector<std::int32_t> quantities;
  std::map<std::string, std::vector<double>> prices;
};
