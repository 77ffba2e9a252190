#pragma once
#include <msgpack.hpp>
struct Params { int x = 0; MSGPACK_DEFINE(x); };
class Request {
  Params& params_;
 public:
  explicit Request(Params& p) : params_(p) {}
  MSGPACK_DEFINE(params_);
};
