#pragma once
#include <cstdint>
using OrderId = std::uint64_t;
