// The standard types beyond the core set: variant, chrono, smart pointers, sets, sequences,
// pairs and tuples, as DTO fields.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <variant>

#include <msgpack_gen/annotate.hpp>

namespace modern {

struct Node {
  std::string label;
  std::unique_ptr<Node> next;  // recursion through a pointer: nil ends the list
};

struct Shapes {
  std::variant<std::monostate, int64_t, std::string> value;
  std::chrono::system_clock::time_point at;
  std::chrono::milliseconds timeout;
  std::shared_ptr<std::string> shared MSGPACK_TAG(",omitempty");
  std::set<std::string> tags;
  std::unordered_set<int32_t> ids;
  std::deque<double> samples;
  std::list<std::string> log;
  std::pair<std::string, int32_t> entry;
  std::tuple<bool, uint8_t, std::string> triple;
};

}  // namespace modern
