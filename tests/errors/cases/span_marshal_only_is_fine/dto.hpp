#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
enum class Kind : std::uint8_t { a, b };
struct Point {
  int x = 0;
};
// Marshal-only: spans of anything are written; a decoded type may hold spans of const bytes.
struct Batch {
  std::span<const double> values;
  std::span<const Kind, 2> kinds;
  std::span<const Point> points;
  std::span<std::byte> scratch;
};
struct Frame {
  std::span<const std::byte> payload;
  std::span<const char, 8> tag;
};
