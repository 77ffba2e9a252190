#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string>
struct Order {
  int id;
  std::wstring name;
};
