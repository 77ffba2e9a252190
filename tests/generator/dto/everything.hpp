// Every supported field type and tag option, for the golden files and the round-trip tests.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace golden {

enum class Color : uint8_t { red = 1, green = 2, blue = 200 };
enum Level : int16_t { low = -5, high = 500 };

using Name = std::string;  // aliases resolve to the type they name
typedef std::vector<int32_t> Numbers;

struct Scalars {
  bool flag;
  int8_t i8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  int plain_int;
  long plain_long;
  unsigned long long plain_ull;
  float f32;
  double f64;
  Color color;
  Level level;
};

struct Point {
  int32_t x;
  int32_t y;
};

struct Containers {
  Name name;
  std::vector<uint8_t> blob;
  std::vector<std::byte> bytes;
  Numbers numbers;
  std::array<double, 3> triple;
  std::vector<Point> points;
  std::map<std::string, int64_t> by_name;
  std::map<int32_t, std::string> by_id;
  std::unordered_map<std::string, Point> lookup;
  std::optional<int32_t> maybe;
  std::optional<Point> maybe_point;
  std::vector<std::vector<std::string>> nested;
  struct {
    std::string label;
    struct {
      uint16_t depth;
    } inner;
  } anonymous;
};

struct Meta {
  int64_t version;
  std::string origin;
};

struct Tagged {
  std::string name MSGPACK_TAG("username");
  std::string secret MSGPACK_TAG("-");
  std::optional<std::string> note MSGPACK_TAG(",omitempty");
  std::vector<int32_t> scores MSGPACK_TAG("s,omitempty");
  int32_t zero MSGPACK_TAG(",omitempty");
  Meta meta MSGPACK_TAG(",inline");
  Point where;
};

struct MSGPACK_TAG("as_array") Row {
  uint64_t id;
  std::string name;
  std::optional<double> balance;
  std::vector<std::string> tags;
};

struct Views {
  std::string_view text;  // decoded zero-copy: points into the input
  int32_t n;
};

struct Tree {
  std::string label;
  std::vector<Tree> children;  // a recursive type through a vector
};

// IPROTO-style integer keys (Tarantool's binary protocol), mixed with a string key.
struct IntKeys {
  uint32_t request_type MSGPACK_TAG("#0x00");
  uint64_t sync MSGPACK_TAG("#0x01");
  std::optional<uint64_t> schema_version MSGPACK_TAG("#0x05,omitempty");
  int32_t negative MSGPACK_TAG("#-3");
  std::string name;
};

// Secrets: marshalled as usual, printed (to_json, operator<<, fmt) as "***".
struct Login {
  std::string user;
  std::string password MSGPACK_TAG(",redact");
  std::optional<std::string> token MSGPACK_TAG(",omitempty,redact");
};

struct Empty {};  // no fields: still a valid (empty) map

struct WriteOnly {
  int32_t a;
};

struct ReadOnly {
  int32_t b;
};

}  // namespace golden
