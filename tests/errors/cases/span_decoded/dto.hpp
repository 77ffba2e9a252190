#pragma once
#include <span>
#include <vector>
struct Point {
  int x = 0;
};
// A span owns no elements: a type that is decoded cannot hold one, however deep.
struct Path {
  std::vector<std::span<const Point>> legs;
};
struct Samples {
  std::span<const double> values;
};
