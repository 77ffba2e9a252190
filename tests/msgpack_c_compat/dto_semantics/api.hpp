// Issue 19, item 7: Msg is declared outside the package, in a header this one includes; a
// request for it puts its code into api.msgpack.hpp.
#pragma once

#include "../dto_semantics_outside/msg.hpp"

struct Api {
  Msg last;
};
