// The seed workload of msgpack-go-gen, in C++: plain structs, no macros, no base classes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace shop {

struct Sub {
  std::string key;
  bool active;
};

struct Data {
  std::string name;
  int64_t count;
  std::vector<Sub> subs;
  struct {
    float value;
  } internal;  // an unnamed struct is fine: its code is generated too
  std::vector<uint64_t> weights;
  std::map<std::string, Sub> meta;
  std::map<std::string, bool> flags;
};

}  // namespace shop
