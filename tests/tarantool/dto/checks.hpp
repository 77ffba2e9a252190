// DTOs only the tests need: replies of the Lua helpers in init.lua, and probes that decode the
// same bytes a second way to prove how the server encoded them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/ext/decimal.hpp>
#include <msgpack_gen/ext/raw.hpp>
#include <msgpack_gen/ext/uuid.hpp>

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

// A nested array-mode struct: an `array` field of the space.
struct MSGPACK_TAG("as_array") Point {
  int32_t x;
  int32_t y;
};

// A nested map-mode struct: a `map` field of the space.
struct Label {
  std::string text;
};

// The tuple of `contract_rows`, whose format init.lua takes from the contract msgpack-gen wrote
// for this struct (its "space_format"): one field of each Tarantool type the mapping gives.
struct MSGPACK_TAG("as_array") FormatRow {
  uint64_t id;                       // unsigned
  int64_t delta;                     // integer
  double ratio;                      // double
  bool flag;                         // boolean
  std::string name;                  // string
  std::vector<uint8_t> blob;         // varbinary
  std::vector<int32_t> list;         // array
  std::map<std::string, int> attrs;  // map
  Point point;                       // array
  Label label;                       // map
  msgpack_gen::Decimal amount;       // decimal
  msgpack_gen::Uuid uid;             // uuid
  std::optional<std::string> note;   // string, is_nullable
};

// One entry of box.space.<name>:format().
struct SpaceFormatField {
  std::string name;
  std::string type;
  std::optional<bool> is_nullable;
};

}  // namespace checks
