#pragma once

#include <cstdint>
#include <string>

#include "shop/units.hpp"

namespace shop {

struct Line {
  std::string sku;
  std::uint32_t quantity = 0;
  Cents unit_price = 0;
};

}  // namespace shop
