// The application's DTOs: tuples of the spaces init.lua creates, and the map-mode argument and
// result of the Lua function score().
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

namespace app {

// A tuple of the `users` space: a msgpack array in the order of the space's format.
struct MSGPACK_TAG("as_array") User {
  uint64_t id;
  std::string name;
  std::vector<std::string> tags;
  std::map<std::string, std::string> meta;
  msgpack_gen::Decimal balance;      // MP_EXT type 1
  msgpack_gen::Uuid uuid;            // MP_EXT type 2
  std::optional<std::string> email;  // nullable field: nil in the tuple when absent
};

// The primary key of `users`, as IPROTO wants keys: an array of parts.
struct MSGPACK_TAG("as_array") UserKey {
  uint64_t id;
};

// A tuple of `ext_values`: decimals and uuids alone.
struct MSGPACK_TAG("as_array") ExtRow {
  uint64_t id;
  msgpack_gen::Decimal amount;
  msgpack_gen::Uuid uuid;
};

// What score() takes: a map with string keys (the Lua side indexes it by name).
struct ScoreRequest {
  std::string name;
  std::vector<int64_t> points;
  std::map<std::string, double> weights;
  msgpack_gen::Decimal bonus;
  std::optional<std::string> note MSGPACK_TAG(",omitempty");
};

// What score() returns: a Lua table, encoded by Tarantool as a map.
struct ScoreResult {
  std::string greeting;
  int64_t total;
  double average;  // Lua sends an integer when the value is integral
  msgpack_gen::Decimal with_bonus;
  std::vector<std::string> heavy MSGPACK_TAG("heavy_weights");
  std::optional<std::string> missing;  // Lua's nil: absent from the map, or an explicit nil
};

// CALL's arguments and results are arrays (one element per argument / returned value).
struct MSGPACK_TAG("as_array") ScoreArgs {
  ScoreRequest request;
};
struct MSGPACK_TAG("as_array") ScoreReturn {
  ScoreResult result;
};

}  // namespace app
