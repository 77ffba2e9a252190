// Outside the package dto_semantics/; api.hpp there includes it.
#pragma once

#include <cstdint>
#include <string>

struct Msg {
  std::uint16_t code = 0;
  std::string text;
};
