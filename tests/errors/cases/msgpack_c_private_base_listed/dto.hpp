#pragma once
#include <msgpack.hpp>
struct Audit {
  int by = 0;
  MSGPACK_DEFINE(by);
};
class Entry : private Audit {
 public:
  int amount = 0;
  MSGPACK_DEFINE(amount, MSGPACK_BASE(Audit));
};
