#pragma once
#include <msgpack_gen/annotate.hpp>
#include <tuple>
template <class... Ts>
struct Request {
  int sync;
};
