#pragma once
#include <msgpack.hpp>
template <class T>
class Box {
  T value;
 public:
  MSGPACK_DEFINE(value);
};
