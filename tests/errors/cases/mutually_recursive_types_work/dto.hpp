#pragma once
#include <msgpack_gen/annotate.hpp>
#include <vector>
struct B;
struct A {
  std::vector<B> bs;
};
struct B {
  std::vector<A> as;
};
