// Deterministic bad input for generated unmarshalers (DTOs in dto/everything.hpp): every
// truncation, every wrong marker per field type, lengths that lie, hostile nesting, integers out
// of range for every width, and the documented answers to duplicate keys, non-string keys and
// map/array confusion. Every failure must be an error Status (never a crash: this suite also runs
// under ASan+UBSan) that leaves the destination a valid object.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "canonical.hpp"
#include "hostile_support.hpp"

using hostile::decode;
using hostile::Everything;
using hostile::Msg;
using hostile::Point;
using hostile::Tree;
using msgpack_gen::ErrorCode;
using msgpack_gen::Family;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;

namespace {

hostile::BadInputReport g_report{"hostile_tests"};

// One value of each msgpack family, for the wrong-marker table.
struct Sample {
  Family family;
  const char* bytes;
  std::size_t size;
};
const Sample kSamples[] = {
    {Family::nil, "\xc0", 1},
    {Family::boolean, "\xc3", 1},
    {Family::integer, "\x01", 1},
    {Family::float32, "\xca\x3f\xc0\x00\x00", 5},
    {Family::float64, "\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00", 9},
    {Family::str, "\xa1x", 2},
    {Family::bin, "\xc4\x01x", 3},
    {Family::array, "\x90", 1},
    {Family::map, "\x80", 1},
    {Family::ext, "\xd4\x63\x00", 3},  // ext type 99: no ext codec here takes it
};

// What each field of Everything accepts; every other family must be a type mismatch.
struct FieldAccepts {
  const char* key;
  std::set<Family> accepts;
};
const std::set<Family> kNumber = {Family::integer, Family::float32, Family::float64};
const std::set<Family> kText = {Family::str, Family::bin};
const std::vector<FieldAccepts> kEverythingFields = {
    {"flag", {Family::boolean}},
    {"ints", {Family::map}},
    {"f32", kNumber},
    {"f64", kNumber},
    {"text", kText},
    {"view", kText},
    {"numbers", {Family::array}},
    {"words", {Family::array}},
    {"triple", {Family::array}},  // [] is the wrong size: checked separately
    {"by_name", {Family::map}},
    {"points_by_name", {Family::map}},
    {"by_id", {Family::map}},
    {"flags_by_id", {Family::map}},
    {"maybe_int", {Family::nil, Family::integer}},
    {"maybe_point", {Family::nil, Family::array}},
    {"bytes", kText},
    {"chars", kText},
    {"raw_bytes", kText},
    {"color", {Family::integer}},
    {"level", {Family::integer}},
    {"unnamed", {Family::map}},
    {"point", {Family::array}},
    {"path", {Family::array}},
    {"grid", {Family::array}},
    {"routes", {Family::map}},
    {"id", kText},  // inlined from Header
    {"version", {Family::integer}},
    {"r", kText},
    {"sparse", {Family::integer}},
    {"labels", {Family::array}},
    {"uuid", {}},  // only ext type 2, which no sample is
    {"amount", {}},
    {"when", {}},
    {"ext", {Family::ext}},
    {"maybe_amount", {Family::nil}},
    {"iproto", {Family::map}},
};

// {key: value}, and the offset at which value starts.
std::string one_field(std::string_view key, std::string_view value, std::size_t* value_offset) {
  Msg m;
  m.map(1).str(key);
  if (value_offset != nullptr) *value_offset = m.size();
  m.raw(value);
  return m.bytes();
}

ReaderOptions widest() {
  ReaderOptions options;
  options.max_depth = msgpack_gen::Reader::kDepthLimit;
  return options;
}
const ReaderOptions kWidest = widest();

// Two encodings of the same value; unordered maps may list their entries in any order.
bool same_value(const std::string& a, const std::string& b) {
  std::string canonical_a, canonical_b;
  return fuzz::canonical(a.data(), a.size(), canonical_a) &&
         fuzz::canonical(b.data(), b.size(), canonical_b) && canonical_a == canonical_b;
}

// Decodes bytes that must fail with `code`: into a fresh object, and into one holding the full
// sample, which must stay a valid object that marshals and decodes again.
template <class T>
Status expect_failure(const std::string& bytes, std::initializer_list<ErrorCode> codes,
                      const T& filled) {
  ++hostile::bad_input_count();
  T fresh;
  Status status = decode(bytes, fresh);
  INFO("status: " << status.message());
  CHECK(std::find(codes.begin(), codes.end(), status.code()) != codes.end());
  CHECK(status.offset() <= bytes.size());
  CHECK_FALSE(status.message().empty());
  // Filled by decoding, so move-only types work too; string_views point into filled_bytes.
  const std::string filled_bytes = hostile::encode(filled);
  T used;
  REQUIRE(decode(filled_bytes, used).ok());
  Status again = decode(bytes, used);
  CHECK(again.code() == status.code());
  // A failed decode may leave a value one level deeper than the limit it hit (the element being
  // decoded), so its own encoding is read back with the widest limit.
  T round_trip;
  CHECK(decode(hostile::encode(used), round_trip, kWidest).ok());
  used = T();  // still assignable, and usable again
  REQUIRE(decode(filled_bytes, used).ok());
  CHECK(same_value(hostile::encode(used), filled_bytes));
  return status;
}
template <class T>
Status expect_failure(const std::string& bytes, ErrorCode code, const T& filled) {
  return expect_failure(bytes, {code}, filled);
}

// Cut short anywhere (a missing byte, a length longer than what is left), a message is incomplete.
const std::initializer_list<ErrorCode> kCutShort = {ErrorCode::incomplete};

std::string be16(std::uint16_t v) {
  return {static_cast<char>(v >> 8), static_cast<char>(v & 0xff)};
}
std::string be32(std::uint32_t v) {
  return be16(static_cast<std::uint16_t>(v >> 16)) + be16(static_cast<std::uint16_t>(v));
}
std::string be64(std::uint64_t v) {
  return be32(static_cast<std::uint32_t>(v >> 32)) + be32(static_cast<std::uint32_t>(v));
}

// Every msgpack encoding of the integer v: fixints, uint8..uint64 and int8..int64 that hold it.
std::vector<std::string> all_encodings(bool negative, std::uint64_t magnitude) {
  std::vector<std::string> out;
  if (!negative) {
    const std::uint64_t u = magnitude;
    if (u <= 0x7f) out.push_back(std::string(1, static_cast<char>(u)));
    if (u <= 0xff) out.push_back("\xcc" + std::string(1, static_cast<char>(u)));
    if (u <= 0xffff) out.push_back("\xcd" + be16(static_cast<std::uint16_t>(u)));
    if (u <= 0xffffffffu) out.push_back("\xce" + be32(static_cast<std::uint32_t>(u)));
    out.push_back("\xcf" + be64(u));
  }
  // Signed forms: the two's complement of v where it fits.
  const bool fits64 = negative ? magnitude <= (1ull << 63) : magnitude < (1ull << 63);
  if (!fits64) return out;
  const std::int64_t v =
      negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  if (v >= -32 && v < 0) out.push_back(std::string(1, static_cast<char>(v)));
  if (v >= INT8_MIN && v <= INT8_MAX) out.push_back("\xd0" + std::string(1, static_cast<char>(v)));
  if (v >= INT16_MIN && v <= INT16_MAX) out.push_back("\xd1" + be16(static_cast<std::uint16_t>(v)));
  if (v >= INT32_MIN && v <= INT32_MAX) out.push_back("\xd2" + be32(static_cast<std::uint32_t>(v)));
  out.push_back("\xd3" + be64(static_cast<std::uint64_t>(v)));
  return out;
}

}  // namespace

TEST_CASE("every truncation of a valid message is an error, never a crash", "[hostile]") {
  const Everything full = hostile::full_everything();
  const Everything defaults;
  const std::vector<std::string> messages = {
      hostile::encode(full),
      hostile::encode(hostile::non_finite_everything()),
      hostile::encode(defaults),
  };
  for (const std::string& message : messages) {
    Everything whole;
    REQUIRE(decode(message, whole).ok());
    for (std::size_t n = 0; n < message.size(); ++n) {
      INFO("prefix of " << n << " of " << message.size() << " bytes");
      expect_failure(message.substr(0, n), kCutShort, full);
    }
  }
}

TEST_CASE("every truncation of nested trees, points and ints is an error", "[hostile]") {
  const Tree tree = hostile::deep_tree(12);
  const std::string tree_bytes = hostile::encode(tree);
  for (std::size_t n = 0; n < tree_bytes.size(); ++n) {
    expect_failure(tree_bytes.substr(0, n), kCutShort, tree);
  }
  const Point point{1.5, 2.5f, -3};
  const std::string point_bytes = hostile::encode(point);
  for (std::size_t n = 0; n < point_bytes.size(); ++n) {
    expect_failure(point_bytes.substr(0, n), kCutShort, point);
  }
  const hostile::Ints ints = hostile::full_everything().ints;
  const std::string ints_bytes = hostile::encode(ints);
  for (std::size_t n = 0; n < ints_bytes.size(); ++n) {
    expect_failure(ints_bytes.substr(0, n), kCutShort, ints);
  }
}

TEST_CASE("a length cut short by the end of input is incomplete at the header", "[hostile]") {
  // Containers and strings whose declared size is larger than what remains fail on the header,
  // before their elements: the error names the length, not a missing element.
  const Everything full = hostile::full_everything();
  std::size_t at = 0;
  std::string message = one_field("text", "\xa5hel", &at);
  Status status = expect_failure(message, ErrorCode::incomplete, full);
  CHECK(status.path() == "text");
  CHECK(status.offset() == at);
  message = one_field("numbers", "\x93\x01\x02", &at);
  status = expect_failure(message, ErrorCode::incomplete, full);
  CHECK(status.path() == "numbers");
}

TEST_CASE("each wrong marker for each field type is a type mismatch naming the field",
          "[hostile]") {
  const Everything full = hostile::full_everything();
  std::size_t checked = 0;
  for (const FieldAccepts& field : kEverythingFields) {
    for (const Sample& sample : kSamples) {
      const std::string value(sample.bytes, sample.size);
      std::size_t at = 0;
      const std::string message = one_field(field.key, value, &at);
      INFO("field " << field.key << " given " << msgpack_gen::family_name(sample.family));
      if (field.accepts.count(sample.family) != 0) {
        Everything e;
        Status status = decode(message, e);
        if (std::string(field.key) != "triple") CHECK(status.ok());
        continue;
      }
      Status status = expect_failure(message, ErrorCode::type_mismatch, full);
      CHECK(status.path() == field.key);
      CHECK(status.offset() == at);
      CHECK(status.detail().find("expected") != std::string::npos);
      CHECK(status.detail().find(std::string("found ") + msgpack_gen::family_name(sample.family)) !=
            std::string::npos);
      ++checked;
    }
  }
  CHECK(checked > 250);
}

TEST_CASE("wrong markers inside nested structs, containers and as_array fields", "[hostile]") {
  const Everything full = hostile::full_everything();
  struct Case {
    std::string bytes;
    const char* path;
  };
  std::vector<Case> cases;
  const char* int_fields[] = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"};
  for (const char* field : int_fields) {
    for (const Sample& sample : kSamples) {
      if (sample.family == Family::integer) continue;
      Msg m;
      m.map(1).str("ints").map(1).str(field).raw(std::string(sample.bytes, sample.size));
      cases.push_back({m.bytes(), nullptr});
      cases.back().path = field;
    }
  }
  for (Case& c : cases) {
    Status status = expect_failure(c.bytes, ErrorCode::type_mismatch, full);
    CHECK(status.path() == std::string("ints.") + c.path);
  }
  // Elements and map values carry their index or key in the path.
  Msg element;
  element.map(1).str("numbers").array(3).uint(1).uint(2).str("three");
  CHECK(expect_failure(element.bytes(), ErrorCode::type_mismatch, full).path() == "numbers[2]");
  Msg value;
  value.map(1).str("by_name").map(2).str("a").uint(1).str("b").boolean(true);
  CHECK(expect_failure(value.bytes(), ErrorCode::type_mismatch, full).path() == "by_name[\"b\"]");
  Msg int_key;
  int_key.map(1).str("by_id").map(1).str("not an int").str("x");
  CHECK(expect_failure(int_key.bytes(), ErrorCode::type_mismatch, full).path() == "by_id[0]");
  Msg in_point;
  in_point.map(1).str("point").array(3).f64(1).f32(2).str("z");
  CHECK(expect_failure(in_point.bytes(), ErrorCode::type_mismatch, full).path() == "point.z");
  Msg in_route;
  in_route.map(1).str("routes").map(1).str("r1").array(1).array(1).nil();
  CHECK(expect_failure(in_route.bytes(), ErrorCode::type_mismatch, full).path() ==
        "routes[\"r1\"][0].x");
  Msg wrong_size;
  wrong_size.map(1).str("triple").array(2).uint(1).uint(2);
  Status size_status = expect_failure(wrong_size.bytes(), ErrorCode::invalid_value, full);
  CHECK(size_status.path() == "triple");
  CHECK(size_status.detail() == "expected an array of 3 elements, found 2");
  // 0xc1 is never msgpack, whatever the field expects.
  for (const FieldAccepts& field : kEverythingFields) {
    expect_failure(one_field(field.key, "\xc1", nullptr), ErrorCode::invalid_marker, full);
  }
}

TEST_CASE("lengths that claim more than the input holds fail before allocating", "[hostile]") {
  // Memory is measured in hostile_memory_tests; here: the error, its place, every header form.
  const Everything full = hostile::full_everything();
  struct Lie {
    const char* field;  // a field of the right type; "unknown" is skipped
    std::string header;
  };
  const std::string max16 = "\xff\xff", max32 = "\xff\xff\xff\xff";
  const std::vector<Lie> lies = {
      {"text", "\xd9\xff"},
      {"text", "\xda" + max16},
      {"text", "\xdb" + max32},
      {"bytes", "\xc4\xff"},
      {"bytes", "\xc5" + max16},
      {"bytes", "\xc6" + max32},
      {"numbers", "\xdc" + max16},
      {"numbers", "\xdd" + max32},
      {"by_name", "\xde" + max16},
      {"by_name", "\xdf" + max32},
      {"ext", "\xc7\xff\x01"},
      {"ext", "\xc8" + max16 + "\x01"},
      {"ext", "\xc9" + max32 + "\x01"},
      {"uuid", "\xc9" + max32 + "\x02"},
      {"amount", "\xc8" + max16 + "\x01"},
      {"raw", "\xdd" + max32},
      {"raw_view", "\xdb" + max32},
      {"unknown", "\xdb" + max32},
      {"unknown", "\xc6" + max32},
      {"unknown", "\xdd" + max32},
      {"unknown", "\xdf" + max32},
      {"unknown", "\xc9" + max32 + "\x05"},
  };
  for (const Lie& lie : lies) {
    for (std::size_t tail : {0, 1, 100}) {
      INFO("field " << lie.field << ", " << lie.header.size() << "-byte header, " << tail
                    << " bytes after it");
      std::size_t at = 0;
      const std::string message = one_field(lie.field, lie.header + std::string(tail, '\0'), &at);
      Status status = expect_failure(message, ErrorCode::incomplete, full);
      CHECK(status.path() == lie.field);
      // At the value, or just after its header (array and map headers are consumed first).
      CHECK(status.offset() >= at);
      CHECK(status.offset() <= at + lie.header.size());
    }
  }
  // At the top level too: a 6-byte input that claims 4 billion fields or elements.
  Tree tree;
  CHECK(expect_failure(std::string("\xdf\xff\xff\xff\xff\x01", 6), ErrorCode::incomplete, full)
            .offset() <= 5);
  Msg children;
  children.map(1).str("children").raw("\xdd\xff\xff\xff\xff");
  CHECK(expect_failure(children.bytes(), ErrorCode::incomplete, tree).path() == "children");
  // An array count within the input but with too few values left: fails at the first missing one.
  Msg short_array;
  short_array.map(1)
      .str("numbers")
      .raw(std::string_view("\xdc\x00\x05", 3))
      .uint(1)
      .uint(2)
      .uint(3)
      .uint(4);
  CHECK(expect_failure(short_array.bytes(), ErrorCode::incomplete, full).path() == "numbers");
}

TEST_CASE("1 MB of nested array headers is too_deep, in known and unknown fields", "[hostile]") {
  const std::size_t kMegabyte = 1 << 20;
  const Everything full = hostile::full_everything();
  const Tree tree = hostile::deep_tree(3);
  // Skipped: an unknown key, and a key that is not a string (skipped with its value).
  Msg unknown;
  unknown.map(1).str("unknown").repeat("\x91", kMegabyte).uint(1);
  Status status = expect_failure(unknown.bytes(), ErrorCode::too_deep, full);
  CHECK(status.path() == "unknown");
  Msg non_string_key;
  non_string_key.map(1).uint(7).repeat("\x91", kMegabyte).uint(1);
  expect_failure(non_string_key.bytes(), ErrorCode::too_deep, full);
  Msg deep_key;
  deep_key.map(1).repeat("\x91", kMegabyte).uint(1).uint(1);
  expect_failure(deep_key.bytes(), ErrorCode::too_deep, full);
  // Captured as raw msgpack: also skipped, also bounded.
  Msg raw;
  raw.map(1).str("raw").repeat("\x91", kMegabyte).uint(1);
  CHECK(expect_failure(raw.bytes(), ErrorCode::too_deep, full).path() == "raw");
  // Decoded: a tree of trees, each level a map and an array.
  Msg known;
  known
      .repeat(std::string("\x81\xa8"
                          "children"
                          "\x91",
                          11),
              kMegabyte / 11)
      .map(0);
  status = expect_failure(known.bytes(), ErrorCode::too_deep, tree);
  CHECK(status.path().rfind("children[0].children[0].", 0) == 0);
  // Nested maps in an unknown field, and arrays of maps: the same limit.
  Msg maps;
  maps.map(1).str("unknown").repeat("\x81\x01", kMegabyte / 2).nil();
  expect_failure(maps.bytes(), ErrorCode::too_deep, full);
  // A struct field given deep arrays is a plain type mismatch at once.
  Msg top;
  top.repeat("\x91", kMegabyte).nil();
  CHECK(expect_failure(top.bytes(), ErrorCode::type_mismatch, full).offset() == 0);
}

TEST_CASE("the depth limit is exact, shared by decoded and skipped values, and configurable",
          "[hostile]") {
  const ReaderOptions defaults;
  REQUIRE(defaults.max_depth == 64);
  auto unknown_nested = [](std::uint32_t levels) {
    Msg m;
    m.map(1).str("unknown").repeat("\x91", levels).nil();
    return m.bytes();
  };
  // The struct itself is one level; the skipped arrays add theirs.
  Everything e;
  CHECK(decode(unknown_nested(63), e).ok());
  CHECK(decode(unknown_nested(64), e).code() == ErrorCode::too_deep);
  // A chain of d trees uses 2d levels: a map per tree and its children array, empty at the leaf.
  Tree tree;
  CHECK(decode(hostile::encode(hostile::deep_tree(32)), tree).ok());
  CHECK(decode(hostile::encode(hostile::deep_tree(33)), tree).code() == ErrorCode::too_deep);
  ReaderOptions deeper;
  deeper.max_depth = 201;
  CHECK(decode(hostile::encode(hostile::deep_tree(100)), tree, deeper).ok());
  CHECK(decode(hostile::encode(hostile::deep_tree(101)), tree, deeper).code() ==
        ErrorCode::too_deep);
  ReaderOptions shallow;
  shallow.max_depth = 2;
  CHECK(decode(hostile::encode(Tree{1, {}}), tree, shallow).ok());
  CHECK(decode(hostile::encode(hostile::deep_tree(2)), tree, shallow).code() ==
        ErrorCode::too_deep);
  // More than Reader::kDepthLimit is clamped to it.
  ReaderOptions huge;
  huge.max_depth = 1u << 30;
  const std::uint32_t limit = msgpack_gen::Reader::kDepthLimit;
  CHECK(decode(unknown_nested(limit - 1), e, huge).ok());
  CHECK(decode(unknown_nested(limit), e, huge).code() == ErrorCode::too_deep);
  hostile::bad_input_count() += 5;
}

TEST_CASE("integers out of range for every width and every encoding", "[hostile]") {
  struct Width {
    const char* field;
    bool is_signed;
    std::uint64_t max;            // the type's largest value
    std::uint64_t min_magnitude;  // -min for signed types
  };
  const Width widths[] = {
      {"i8", true, INT8_MAX, 128},           {"i16", true, INT16_MAX, 32768},
      {"i32", true, INT32_MAX, 2147483648u}, {"i64", true, INT64_MAX, 1ull << 63},
      {"u8", false, UINT8_MAX, 0},           {"u16", false, UINT16_MAX, 0},
      {"u32", false, UINT32_MAX, 0},         {"u64", false, UINT64_MAX, 0},
  };
  const hostile::Ints filled = hostile::full_everything().ints;
  std::size_t rejected = 0, accepted = 0;
  for (const Width& w : widths) {
    struct Value {
      bool negative;
      std::uint64_t magnitude;
      bool fits;
    };
    std::vector<Value> values = {{false, w.max, true}, {false, 0, true}};
    if (w.max != UINT64_MAX) values.push_back({false, w.max + 1, false});
    values.push_back({false, UINT64_MAX, w.max == UINT64_MAX});
    if (w.is_signed) {
      values.push_back({true, w.min_magnitude, true});
      if (w.min_magnitude < (1ull << 63)) values.push_back({true, w.min_magnitude + 1, false});
    } else {
      values.push_back({true, 1, false});
      values.push_back({true, 1ull << 63, false});
    }
    for (const Value& v : values) {
      for (const std::string& encoding : all_encodings(v.negative, v.magnitude)) {
        Msg m;
        m.map(1).str(w.field).raw(encoding);
        INFO(w.field << " given " << (v.negative ? "-" : "") << v.magnitude << " as "
                     << encoding.size() << " bytes");
        if (v.fits) {
          hostile::Ints out;
          CHECK(decode(m.bytes(), out).ok());
          ++accepted;
        } else {
          Status status = expect_failure(m.bytes(), ErrorCode::out_of_range, filled);
          CHECK(status.path() == w.field);
          CHECK(status.offset() == m.size() - encoding.size());
          CHECK(status.detail().find(std::to_string(v.magnitude)) != std::string::npos);
          ++rejected;
        }
      }
    }
  }
  CHECK(rejected > 40);
  CHECK(accepted > 40);
  // Enums are checked against their underlying type.
  const Everything full = hostile::full_everything();
  Msg color;
  color.map(1).str("color").uint(256);
  CHECK(expect_failure(color.bytes(), ErrorCode::out_of_range, full).path() == "color");
  Msg level;
  level.map(1).str("level").sint(-32769);
  CHECK(expect_failure(level.bytes(), ErrorCode::out_of_range, full).path() == "level");
  Msg element;
  element.map(1).str("grid").array(1).array(2).sint(-128).sint(-129);
  CHECK(expect_failure(element.bytes(), ErrorCode::out_of_range, full).path() == "grid[0][1]");
  Msg key;
  key.map(1).str("by_id").map(1).uint(1ull << 31).str("x");
  CHECK(expect_failure(key.bytes(), ErrorCode::out_of_range, full).path() == "by_id[0]");
}

TEST_CASE("non-finite floats decode as they are", "[hostile]") {
  const float nan32 = std::numeric_limits<float>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  Msg m;
  m.map(4).str("f32").f32(nan32).str("f64").f64(-inf).str("point").array(2).f64(inf).f32(
      -std::numeric_limits<float>::infinity());
  m.str("numbers").array(0);
  Everything e;
  REQUIRE(decode(m.bytes(), e).ok());
  CHECK(std::isnan(e.f32));
  CHECK(e.f64 == -inf);
  CHECK(e.point.x == inf);
  CHECK(std::isinf(e.point.y));
  CHECK(e.point.y < 0);
  // A float64 NaN into a float field stays NaN; a huge float64 into float becomes infinity.
  Msg narrowed;
  narrowed.map(2).str("f32").f64(std::numeric_limits<double>::quiet_NaN()).str("point").array(2);
  narrowed.f64(0).f64(1e300);
  Everything n;
  REQUIRE(decode(narrowed.bytes(), n).ok());
  CHECK(std::isnan(n.f32));
  CHECK(std::isinf(n.point.y));
}

TEST_CASE("duplicate keys: the last one wins, field by field", "[hostile]") {
  // Documented in docs/hostile-input.md: a repeated key decodes again into the same field, so a
  // scalar takes the last value, a container the last container, and a nested map-mode struct
  // merges (fields the second copy lacks keep the first copy's values).
  Msg m;
  m.map(6).str("text").str("first").str("text").str("second");
  m.str("numbers").array(2).uint(1).uint(2).str("numbers").array(1).uint(9);
  m.str("unnamed").map(2).str("name").str("a").str("count").uint(1);
  m.str("unnamed").map(1).str("name").str("b");
  Everything e;
  REQUIRE(decode(m.bytes(), e).ok());
  CHECK(e.text == "second");
  CHECK(e.numbers == std::vector<std::int32_t>{9});
  CHECK(e.unnamed.name == "b");
  CHECK(e.unnamed.count == 1);
  // In a map field, the last value of a key wins too, and the key appears once.
  Msg map;
  map.map(1).str("by_name").map(3).str("k").uint(1).str("j").uint(5).str("k").uint(2);
  Everything f;
  REQUIRE(decode(map.bytes(), f).ok());
  CHECK(f.by_name == std::map<std::string, std::int64_t>{{"j", 5}, {"k", 2}});
  Msg ids;
  ids.map(1).str("flags_by_id").map(2).uint(3).boolean(true).raw("\xcf" + be64(3)).boolean(false);
  Everything g;
  REQUIRE(decode(ids.bytes(), g).ok());
  CHECK(g.flags_by_id.size() == 1);
  CHECK(g.flags_by_id.at(3) == false);
  // An inlined field and a renamed one obey the same rule.
  Msg renamed;
  renamed.map(3).str("r").str("x").str("id").str("1").str("r").str("y");
  Everything h;
  REQUIRE(decode(renamed.bytes(), h).ok());
  CHECK(h.renamed == "y");
  CHECK(h.header.id == "1");
}

TEST_CASE("keys that are not strings in a map-mode struct are skipped with their value",
          "[hostile]") {
  Msg m;
  m.map(7).uint(1).str("ignored").str("text").str("kept");
  m.nil().array(2).uint(1).uint(2);
  m.array(1).uint(1).map(1).str("text").str("not this");
  m.f64(1.5).str("x");
  m.raw(std::string_view("\xd4\x01\x00", 3)).boolean(true);  // an ext key
  m.str("flag").boolean(true);
  Everything e;
  REQUIRE(decode(m.bytes(), e).ok());
  CHECK(e.text == "kept");
  CHECK(e.flag);
  // ... unless the value after the key is itself bad.
  const Everything full = hostile::full_everything();
  Msg bad;
  bad.map(1).uint(1).raw("\xc1");
  expect_failure(bad.bytes(), ErrorCode::invalid_marker, full);
  Msg truncated;
  truncated.map(1).uint(1).raw(
      "\xa5"
      "ab");
  expect_failure(truncated.bytes(), ErrorCode::incomplete, full);
  // A bin key is treated as a string key (some encoders write text as bin).
  Msg bin_key;
  bin_key.map(1).bin("text").str("via bin");
  Everything b;
  REQUIRE(decode(bin_key.bytes(), b).ok());
  CHECK(b.text == "via bin");
}

TEST_CASE("a map for an as_array struct, or an array for a map-mode struct, is a type mismatch",
          "[hostile]") {
  const Point point{1, 2, 3};
  Msg map;
  map.map(3).str("x").f64(1).str("y").f32(2).str("z").uint(3);
  Status status = expect_failure(map.bytes(), ErrorCode::type_mismatch, point);
  CHECK(status.detail() == "expected array, found map (0x83)");
  const Everything full = hostile::full_everything();
  Msg array;
  array.array(2).uint(1).uint(2);
  status = expect_failure(array.bytes(), ErrorCode::type_mismatch, full);
  CHECK(status.detail() == "expected map, found array (0x92)");
  Msg nested;
  nested.map(1).str("point").map(0);
  CHECK(expect_failure(nested.bytes(), ErrorCode::type_mismatch, full).path() == "point");
  Msg nested_map;
  nested_map.map(1).str("unnamed").array(0);
  CHECK(expect_failure(nested_map.bytes(), ErrorCode::type_mismatch, full).path() == "unnamed");
  // Arrays of another length are accepted: missing trailing fields keep their value, extra
  // elements are skipped (still depth-bounded and checked).
  Point p{7, 8, 9};
  Msg shorter;
  shorter.array(1).f64(0.5);
  REQUIRE(decode(shorter.bytes(), p).ok());
  CHECK(p.x == 0.5);
  CHECK(p.z == 9);
  Msg longer;
  longer.array(5).f64(1).f32(2).uint(3).str("extra").map(0);
  REQUIRE(decode(longer.bytes(), p).ok());
  CHECK(p.z == 3);
  Msg bad_extra;
  bad_extra.array(4).f64(1).f32(2).uint(3).raw("\xc1");
  CHECK(expect_failure(bad_extra.bytes(), ErrorCode::invalid_marker, point).path() == "[3]");
}

TEST_CASE("bytes after the value are an error, the value decoded so far stays valid", "[hostile]") {
  const Everything full = hostile::full_everything();
  const std::string message = hostile::encode(full);
  for (const char* tail : {"\xc0", "\x01\x02", "\xc1"}) {
    Status status = expect_failure(message + tail, ErrorCode::trailing_bytes, full);
    CHECK(status.offset() == message.size());
  }
}

TEST_CASE("a failed unmarshal leaves an object that can be used, assigned and decoded into",
          "[hostile]") {
  const Everything full = hostile::full_everything();
  const std::string message = hostile::encode(full);
  // Fail in the middle of each field in turn: cut the message at every byte, decode into a
  // filled object, then decode the whole message into the same object.
  for (std::size_t n = 0; n < message.size(); n += 3) {
    const std::string prefix = message.substr(0, n);  // string_view fields may point into it
    Everything e = full;
    REQUIRE_FALSE(decode(prefix, e).ok());
    Everything copy = e;  // copyable
    CHECK(decode(hostile::encode(copy), copy).ok());
    REQUIRE(decode(message, e).ok());
    CHECK(same_value(hostile::encode(e), message));
  }
}

TEST_CASE("the newer type families: truncations, strict, required, variants, deep chains",
          "[hostile]") {
  const hostile::Modern modern = hostile::full_modern();
  const std::string modern_bytes = hostile::encode(modern);
  {
    hostile::Modern whole;
    REQUIRE(decode(modern_bytes, whole).ok());
  }
  for (std::size_t n = 0; n < modern_bytes.size(); ++n) {
    INFO("prefix of " << n << " bytes");
    expect_failure(modern_bytes.substr(0, n), kCutShort, modern);
  }
  const hostile::Chain chain = hostile::chain(6);
  const std::string chain_bytes = hostile::encode(chain);
  for (std::size_t n = 0; n < chain_bytes.size(); ++n) {
    expect_failure(chain_bytes.substr(0, n), kCutShort, chain);
  }
  // required: a message without the key fails, naming the field.
  Msg no_version;
  no_version.map(1).str("created").uint(1);
  Status missing = expect_failure(no_version.bytes(), ErrorCode::missing_field, modern);
  CHECK(missing.detail().find("version") != std::string::npos);
  // strict: an unknown key (or a key that is not a string) is an error, not skipped.
  Msg unknown;
  unknown.map(2).str("version").uint(1).str("strict").map(1).str("zzz").uint(1);
  CHECK(expect_failure(unknown.bytes(), ErrorCode::unknown_key, modern).path().rfind("strict", 0) ==
        0);
  // as_string: a name the enum does not have.
  Msg bad_name;
  bad_name.map(2).str("version").uint(1).str("color_name").str("purple");
  CHECK(expect_failure(bad_name.bytes(), ErrorCode::invalid_value, modern).path() == "color_name");
  // variant: an index past the alternatives, a malformed pair.
  Msg bad_index;
  bad_index.map(2).str("version").uint(1).str("variant").array(2).uint(4).nil();
  CHECK(expect_failure(bad_index.bytes(), ErrorCode::invalid_value, modern)
            .path()
            .rfind("variant", 0) == 0);
  Msg bad_pair;
  bad_pair.map(2).str("version").uint(1).str("variant").array(3).uint(1).uint(2).uint(3);
  CHECK(expect_failure(bad_pair.bytes(), ErrorCode::invalid_value, modern)
            .path()
            .rfind("variant", 0) == 0);
  // A fixed-size tuple given another size.
  Msg short_tuple;
  short_tuple.map(2).str("version").uint(1).str("tuple").array(2).uint(1).str("x");
  CHECK(expect_failure(short_tuple.bytes(), ErrorCode::invalid_value, modern)
            .path()
            .rfind("tuple", 0) == 0);
  // 1 MB of chained unique_ptrs: depth-limited, no stack overflow, and freed on failure.
  Msg deep;
  deep.repeat(std::string("\x81\xa4next", 6), (1 << 20) / 6).nil();
  expect_failure(deep.bytes(), ErrorCode::too_deep, chain);
  // Huge timestamps and durations decode or fail cleanly (UBSan checks the arithmetic).
  for (const char* ext : {"\xd7\xff\xff\xff\xff\xff\xff\xff\xff\xff", "\xd6\xff\x7f\xff\xff\xff"}) {
    Msg at;
    at.map(2).str("version").uint(1).str("at").raw(
        std::string_view(ext, ext[0] == '\xd7' ? 10 : 6));
    hostile::Modern out;
    const Status status = decode(at.bytes(), out);
    INFO(status.message());
    CHECK((status.ok() || status.code() == ErrorCode::out_of_range ||
           status.code() == ErrorCode::invalid_value));
  }
  hostile::bad_input_count() += 3;
}

namespace {

// What any Status::message() must be, whatever the input: no control byte or DEL, no byte that
// cannot start or continue UTF-8 (0xc0, 0xc1, 0xf5..0xff), within the documented bound.
void check_loggable(const Status& status) {
  const std::string message = status.message();
  INFO("message of " << message.size() << " bytes: " << message.substr(0, 300));
  bool bad_byte = false;
  for (char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    bad_byte =
        bad_byte || byte < 0x20 || byte == 0x7f || byte == 0xc0 || byte == 0xc1 || byte >= 0xf5;
  }
  CHECK_FALSE(bad_byte);
  CHECK(message.size() <= Status::kMaxMessageSize);
}

}  // namespace

TEST_CASE("messages quote hostile keys and enum names escaped, cut and bounded", "[hostile]") {
  // 1 MB of newlines, an ANSI colour sequence, invalid UTF-8, quotes and a bidi override.
  std::string evil;
  while (evil.size() < (1 << 20)) evil += "\n\x1b[31mEVIL\r\xff\xc3\"\\\xe2\x80\xae";
  evil.resize(1 << 20);
  const std::string shown = msgpack_gen::escaped(evil);
  const Everything full = hostile::full_everything();
  const hostile::Modern modern = hostile::full_modern();

  // An unknown key whose value cannot be skipped: the key names the place.
  Msg unknown;
  unknown.map(1).str(evil).raw("\xc1");
  Status status = expect_failure(unknown.bytes(), ErrorCode::invalid_marker, full);
  CHECK(status.path() == shown);
  check_loggable(status);
  // A key of a map field.
  Msg by_name;
  by_name.map(1).str("by_name").map(1).str(evil).str("x");
  status = expect_failure(by_name.bytes(), ErrorCode::type_mismatch, full);
  CHECK(status.path() == "by_name[\"" + shown + "\"]");
  check_loggable(status);
  // strict: the unknown key in the detail.
  Msg strict;
  strict.map(2).str("version").uint(1).str("strict").map(1).str(evil).uint(1);
  status = expect_failure(strict.bytes(), ErrorCode::unknown_key, modern);
  CHECK(status.detail() == "\"" + shown + "\" is not a field of this strict struct");
  check_loggable(status);
  // as_string: a name the enum does not have.
  Msg name;
  name.map(2).str("version").uint(1).str("color_name").str(evil);
  status = expect_failure(name.bytes(), ErrorCode::invalid_value, modern);
  CHECK(status.path() == "color_name");
  CHECK(status.detail() == "\"" + shown + "\" is not a name of the enum");
  check_loggable(status);
  // The example, short enough to be shown whole.
  Msg ansi;
  ansi.map(2).str("version").uint(1).str("color_name").str("\n\x1b[31mEVIL");
  status = expect_failure(ansi.bytes(), ErrorCode::invalid_value, modern);
  CHECK(status.detail() == "\"\\x0a\\x1b[31mEVIL\" is not a name of the enum");
}

TEST_CASE("numeric arrays decoded in blocks: cuts, wrong markers and overflow at every element",
          "[hostile][bulk]") {
  // numbers (vector<int32>) of 24 uint32-form values and grid rows of 16 fixints: whole blocks
  // for the bulk decoder (detail/numeric_block.hpp), whose errors must be the per-element ones.
  Everything value = hostile::full_everything();
  value.numbers.assign(24, 70000);
  value.grid = {std::vector<std::int8_t>(16, 85)};
  const std::string message = hostile::encode(value);
  Everything whole;
  REQUIRE(decode(message, whole).ok());
  CHECK(whole.numbers == value.numbers);
  for (std::size_t n = 0; n < message.size(); ++n) {
    INFO("prefix of " << n << " of " << message.size() << " bytes");
    Everything cut;
    CHECK_FALSE(decode(message.substr(0, n), cut).ok());
  }
  const std::string element("\xce\x00\x01\x11\x70", 5);
  const std::size_t first = message.find(element);
  REQUIRE(first != std::string::npos);
  for (std::size_t k = 0; k < 24; ++k) {
    std::string bad = message;
    bad[first + 5 * k] = '\xc0';  // nil where an int belongs
    Everything decoded;
    const Status status = decode(bad, decoded);
    CHECK(status.code() == ErrorCode::type_mismatch);
    CHECK(status.path() == "numbers[" + std::to_string(k) + "]");
    CHECK(status.offset() == first + 5 * k);
  }
  const std::size_t row = message.find(std::string(16, '\x55'));
  REQUIRE(row != std::string::npos);
  for (std::size_t k = 0; k < 16; ++k) {
    std::string bad = message;
    bad.replace(row + k, 1, std::string("\xd1\x01\x2c", 3));  // 300 into an int8
    Everything decoded;
    const Status status = decode(bad, decoded);
    CHECK(status.code() == ErrorCode::out_of_range);
    CHECK(status.path() == "grid[0][" + std::to_string(k) + "]");
    CHECK(status.detail() == "value 300 does not fit the field's type");
  }
}

TEST_CASE("structs that keep unknown fields: cuts, wrong markers and depth inside kept entries",
          "[hostile]") {
  // Everything's message read as Evolving keeps all but two of its fields as raw msgpack.
  const std::string message = hostile::encode(hostile::full_everything());
  hostile::Evolving evolving;
  REQUIRE(decode(message, evolving).ok());
  CHECK(evolving.unknown.size() > 10);
  for (std::size_t n = 0; n < message.size(); ++n) {
    INFO("prefix of " << n << " of " << message.size() << " bytes");
    expect_failure(message.substr(0, n), kCutShort, evolving);
  }
  // The depth limit holds in kept entries as in skipped ones.
  Msg deep;
  deep.map(1).str("kept").repeat("\x91", 100).uint(1);
  CHECK(expect_failure(deep.bytes(), ErrorCode::too_deep, evolving).path() == "kept");
  // Array mode: elements past the last field, cut anywhere.
  const std::string point = hostile::encode(Point{1.5, 2.5f, -3});
  hostile::EvolvingRow row;
  REQUIRE(decode(point, row).ok());
  CHECK(row.rest.size() == 2);
  for (std::size_t n = 0; n < point.size(); ++n) expect_failure(point.substr(0, n), kCutShort, row);
}

TEST_CASE("what a struct that keeps unknown fields passes on reads as the original", "[hostile]") {
  const std::string message = hostile::encode(hostile::full_everything());
  hostile::Evolving middle;
  REQUIRE(decode(message, middle).ok());
  // Known fields first, then the kept ones in arrival order: Everything's own bytes again when
  // the two known fields come first in it.
  // Everything's string_views point into the bytes they were decoded from: both stay alive.
  const std::string passed_on = hostile::encode(middle);
  Everything direct, through;
  REQUIRE(decode(message, direct).ok());
  REQUIRE(decode(passed_on, through).ok());
  CHECK(same_value(hostile::encode(direct), hostile::encode(through)));
}
