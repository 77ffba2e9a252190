#pragma once
#include <msgpack_gen/annotate.hpp>
#include <functional>
struct Order {
  int id;
  std::function<void()> callback;
};
