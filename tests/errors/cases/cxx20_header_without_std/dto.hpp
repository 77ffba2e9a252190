#pragma once
#include <concepts>
#include <cstdint>
template <class T> concept Small = sizeof(T) <= 8;
struct Order {
  int id;
  template <Small T> void set(T v) { id = v; }
};
