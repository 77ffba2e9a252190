// DTOs only the tests need: replies of the Lua helpers in init.lua, and probes that decode the
// same bytes a second way to prove how the server encoded them.
#pragma once

#include <cstdint>
#include <string>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/ext/raw.hpp>

namespace checks {

// lua_ext_values(): the stored tuple (kept as its bytes) and Lua's text for its two values.
struct MSGPACK_TAG("as_array") LuaExtReply {
  msgpack_gen::RawMsgpack row;
  std::string amount_text;
  std::string uuid_text;
};

// describe_ext(): how Lua sees a row the client stored.
struct ExtDescription {
  std::string amount;
  std::string uuid;
  bool is_decimal;
  bool is_uuid;
};

// score()'s average read as an integer: decoding succeeds only if Lua sent an integer.
struct AverageAsInt {
  int64_t average;
};

// A `users` tuple whose name is a number, which the space's format refuses.
struct MSGPACK_TAG("as_array") WrongTypeUser {
  uint64_t id;
  int64_t name;
};

}  // namespace checks
