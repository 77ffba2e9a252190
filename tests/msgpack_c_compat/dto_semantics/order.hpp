// Issue 19, items 8 and 9: a struct used as a class template's argument, in a header of its own.
#pragma once

#include <cstdint>
#include <string>

namespace inv {

struct Order {
  std::int64_t id = 0;
  std::string item;
};

}  // namespace inv
