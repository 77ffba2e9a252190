// The messages of the socket example: a client calls a method with numbers, the server replies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rpc {

struct Call {
  std::uint64_t id = 0;
  std::string method;  // "sum" or "max"
  std::vector<std::int64_t> args;
  std::optional<std::string> comment;
};

struct Reply {
  std::uint64_t id = 0;
  std::int64_t result = 0;
  std::string text;
};

}  // namespace rpc
