#pragma once
#include <msgpack_gen/annotate.hpp>
#include <vector>
template <template <class> class C>
struct Holder {
  int n;
};
