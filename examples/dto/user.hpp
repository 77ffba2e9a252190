// Tags: rename, skip, omitempty, inline, and a Tarantool tuple (as_array).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace shop {

struct Audit {
  int64_t created_at;
  std::string created_by;
};

struct User {
  std::string name MSGPACK_TAG("username");                   // key "username"
  std::string password MSGPACK_TAG("-");                      // never encoded or decoded
  std::optional<std::string> note MSGPACK_TAG(",omitempty");  // left out when empty
  std::vector<std::string> roles;
  Audit audit MSGPACK_TAG(",inline");  // created_at, created_by go straight into User's map
};

// A row of a Tarantool space: a msgpack array in declaration order.
struct MSGPACK_TAG("as_array") UserTuple {
  uint64_t id;
  std::string name;
  std::vector<std::string> roles;
};

}  // namespace shop
