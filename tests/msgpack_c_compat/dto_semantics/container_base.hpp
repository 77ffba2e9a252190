// Issue 19, item 5: MSGPACK_BASE of a standard container is that container.
#pragma once

#include <msgpack.hpp>

#include <list>
#include <vector>

namespace semantics {

enum class kind : int { a = 1, b = 2, c = 3 };

}  // namespace semantics

MSGPACK_ADD_ENUM(semantics::kind);

namespace semantics {

using kind_list = std::list<kind>;

class header : public std::list<kind> {
 public:
  MSGPACK_DEFINE(MSGPACK_BASE(kind_list));
};

struct Path : std::vector<int> {
  int closed = 0;
  MSGPACK_DEFINE(closed, MSGPACK_BASE(std::vector<int>));
};

}  // namespace semantics
