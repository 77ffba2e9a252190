#pragma once

#include <optional>
#include <string>
#include <vector>

#include "orders/line.hpp"

#ifndef SHOP_WITH_NOTES
#error "SHOP_WITH_NOTES must come from the target's compile definitions"
#endif

namespace shop {

// consteval is C++20: this header only parses with the target's standard.
consteval int order_schema_version() {
  return 2;
}

struct Order {
  std::uint64_t id = 0;
  std::vector<Line> lines;
#if SHOP_WITH_NOTES
  std::optional<std::string> note;
#endif
  int schema = order_schema_version();
};

struct Receipt {
  std::uint64_t order_id = 0;
  Cents total = 0;
};

}  // namespace shop
