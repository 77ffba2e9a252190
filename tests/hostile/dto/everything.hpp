// The DTOs the hostile-input tests and the fuzzer decode: between them they use every field type
// and every tag option msgpack-gen supports, so every generated decoding path meets bad bytes.
// Defaults are all zero or empty, so a value that omitempty leaves out decodes back to itself.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/chrono.hpp>
#include <msgpack_gen/ext/datetime.hpp>
#include <msgpack_gen/ext/decimal.hpp>
#include <msgpack_gen/ext/ext.hpp>
#include <msgpack_gen/ext/raw.hpp>
#include <msgpack_gen/ext/uuid.hpp>
#include <msgpack_gen/unknown_fields.hpp>

namespace hostile {

enum class Color : std::uint8_t { red = 1, green = 2, blue = 3 };
enum Level : std::int16_t { kLow = -100, kHigh = 1000 };

// One field per integer width and signedness.
struct Ints {
  std::int8_t i8 = 0;
  std::int16_t i16 = 0;
  std::int32_t i32 = 0;
  std::int64_t i64 = 0;
  std::uint8_t u8 = 0;
  std::uint16_t u16 = 0;
  std::uint32_t u32 = 0;
  std::uint64_t u64 = 0;
};

// A tuple-style record: an msgpack array, fields by position.
struct MSGPACK_TAG("as_array") Point {
  double x = 0;
  float y = 0;
  std::int32_t z = 0;
};

// Inlined into Everything: its keys sit beside Everything's own.
struct Header {
  std::string id;
  std::uint32_t version = 0;
};

// IPROTO-style: integer keys.
struct Keyed {
  std::uint32_t code MSGPACK_TAG("#0") = 0;
  std::uint64_t sync MSGPACK_TAG("#1") = 0;
  std::string error MSGPACK_TAG("#0x31,omitempty");
  std::int32_t negative MSGPACK_TAG("#-5") = 0;
};

struct Everything {
  bool flag = false;
  Ints ints;
  float f32 = 0;
  double f64 = 0;
  std::string text;
  std::string_view view;
  std::vector<std::int32_t> numbers;
  std::vector<std::string> words;
  std::array<std::uint16_t, 3> triple{};
  std::map<std::string, std::int64_t> by_name;
  std::unordered_map<std::string, Point> points_by_name;
  std::map<std::int32_t, std::string> by_id;
  std::unordered_map<std::uint64_t, bool> flags_by_id;
  std::optional<std::int32_t> maybe_int;
  std::optional<Point> maybe_point;
  std::vector<std::uint8_t> bytes;
  std::vector<char> chars;
  std::vector<std::byte> raw_bytes;
  Color color = Color{};
  Level level = Level{};
  struct {
    std::string name;
    std::int32_t count = 0;
  } unnamed;
  Point point;
  std::vector<Point> path;
  std::vector<std::vector<std::int8_t>> grid;
  std::map<std::string, std::vector<Point>> routes;
  Header header MSGPACK_TAG(",inline");
  std::string renamed MSGPACK_TAG("r");
  std::uint32_t sparse MSGPACK_TAG("sparse,omitempty") = 0;
  std::vector<std::string> labels MSGPACK_TAG(",omitempty");
  std::int32_t internal MSGPACK_TAG("-") = 0;
  msgpack_gen::Uuid uuid;
  msgpack_gen::Decimal amount;
  msgpack_gen::Datetime when;
  msgpack_gen::Ext ext;
  msgpack_gen::RawMsgpack raw;
  msgpack_gen::RawMsgpackView raw_view;
  std::optional<msgpack_gen::Decimal> maybe_amount;
  Keyed iproto;
};

// A struct that holds itself through a vector: legal C++, decoded as deep as the input nests up
// to the reader's depth limit.
struct Tree {
  std::int32_t value = 0;
  std::vector<Tree> children;
};

// The standard types beyond vector/map, class templates, bases, and the required, strict and
// as_string options.
template <class T>
struct Box {
  T value{};
  std::uint8_t revision = 0;
};

struct Stamped {
  std::int64_t created = 0;
};

struct MSGPACK_TAG("strict") Strict {
  std::int32_t a = 0;
  std::string b;
};

struct Modern : Stamped {
  std::uint32_t version MSGPACK_TAG(",required") = 0;
  Color color_name MSGPACK_TAG(",as_string") = Color::red;
  Strict strict;
  Box<std::string> boxed;
  Box<Point> boxed_point;
  std::deque<std::int16_t> deque;
  std::list<std::string> list;
  std::set<std::int32_t> set;
  std::multiset<std::string> multiset;
  std::pair<std::string, double> pair;
  std::tuple<std::int8_t, std::string, Point> tuple;
  std::variant<std::monostate, std::int64_t, std::string, Point> variant;
  std::chrono::system_clock::time_point at;
  std::chrono::time_point<std::chrono::system_clock, std::chrono::seconds> at_seconds;
  std::chrono::milliseconds timeout{0};
  std::chrono::duration<double> seconds{0};
  msgpack_gen::Timestamp stamp;
  std::shared_ptr<Point> shared;
  std::optional<std::variant<std::string, Tree>> maybe_variant;
};

// Move-only and recursive through unique_ptr: nil ends the chain.
struct Chain {
  std::int32_t value = 0;
  std::unique_ptr<Chain> next;
};

// Unordered sets encode in their iteration order, which another decode need not reproduce, so
// the fuzzer checks these for safety but not for byte-stable round trips.
struct Unordered {
  std::unordered_set<std::string> names;
  std::unordered_multiset<std::int32_t> numbers;
};

// Keep what they do not know (msgpack_gen::UnknownFields): any other root's message decoded as
// one of these keeps most of its entries, and marshal writes them back.
struct Evolving {
  bool flag = false;
  std::string text;
  msgpack_gen::UnknownFields unknown;
};

struct MSGPACK_TAG("as_array") EvolvingRow {
  double x = 0;
  msgpack_gen::UnknownFields rest;
};

struct EvolvingKeyed {
  std::uint32_t code MSGPACK_TAG("#0") = 0;
  std::string error MSGPACK_TAG("#0x31,omitempty");
  msgpack_gen::UnknownFields unknown;
};

}  // namespace hostile
