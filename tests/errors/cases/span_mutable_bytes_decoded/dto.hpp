#pragma once
#include <cstddef>
#include <span>
// Decoding points a byte span into the input, which is const: only std::span<const B> can be
// decoded.
struct Frame {
  std::span<std::byte> payload;
};
