// A project header that is not part of the DTO package: the DTO headers include it through the
// target's include path.
#pragma once

#include <cstdint>

namespace shop {
using Cents = std::int64_t;
}  // namespace shop
