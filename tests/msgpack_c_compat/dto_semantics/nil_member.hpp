// Issue 19, item 2: msgpack::type::nil_t is written as nil (c0), as msgpack-c writes it.
#pragma once

#include <msgpack.hpp>

#include <vector>

namespace semantics {

struct WithNil {
  int a = 1;
  msgpack::type::nil_t n;
  std::vector<msgpack::type::nil_t> nils;
  MSGPACK_DEFINE(a, n, nils);
};

}  // namespace semantics
