// Issue 19, item 6: reference members are packed through the reference; such a type is
// generated marshal-only (a decoder cannot assign through a reference).
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>

namespace semantics {

struct Params {
  std::int32_t x = 1;
  std::string s = "p";
  MSGPACK_DEFINE_MAP(x, s);
};

// (msgpack-c's macros do not compile with const members: its msgpack_unpack assigns to them.)
struct Request {
  Params& params;
  std::string& method;
  std::uint32_t id = 2;
  MSGPACK_DEFINE_MAP(params, method, id);
};

}  // namespace semantics
