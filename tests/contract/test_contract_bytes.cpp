// The contract describes the bytes the generated code writes: every golden DTO of
// tests/generator, marshalled by its generated code, is read back with nothing but the contract
// msgpack-gen wrote for the same headers (tool/contract/bytes.hpp). And bytes the contract does
// not describe are reported where they go wrong. The way back, msgpack-gen --from-json
// (tool/contract/json_to_bytes.hpp), writes the same bytes again from the printed JSON.
#include <catch2/catch.hpp>

// First, so that the generated headers below declare operator<< for their structs.
#include <msgpack_gen/fmt.hpp>
#include <msgpack_gen/print.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>

#include "../support/bytes.hpp"
#include "account.msgpack.hpp"
#include "contract/bytes.hpp"
#include "contract/json_to_bytes.hpp"
#include "dto_compare.hpp"
#include "everything.msgpack.hpp"
#include "evolution.msgpack.hpp"
#include "generic.msgpack.hpp"
#include "limits.msgpack.hpp"
#include "modern.msgpack.hpp"
#include "wide.msgpack.hpp"

using namespace msgpack_gen;
using test_support::to_hex;

namespace {

const contract::Contract& golden_contract() {
  static const contract::Contract loaded = [] {
    std::ifstream in(MSGPACK_GEN_TEST_CONTRACT, std::ios::binary);
    REQUIRE(in);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    contract::Contract c;
    std::string problem = contract::from_json(text, c);
    INFO(problem);
    REQUIRE(problem.empty());
    return c;
  }();
  return loaded;
}

template <class T>
std::string bytes_of(const T& value) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

// The contract reads `value`'s bytes as struct `id`, field by field; returns the fields read.
template <class T>
std::size_t require_described(const std::string& id, const T& value) {
  const std::string bytes = bytes_of(value);
  contract::BytesCheck check = contract::check_bytes(golden_contract(), id, bytes);
  INFO(id << ": at offset " << check.offset << " in " << check.path << ": " << check.message);
  REQUIRE(check.ok);
  return check.fields;
}

std::string map_with(const char* key, void (*write)(Writer&)) {
  Buffer buffer;
  Writer out(buffer);
  out.map_header(1);
  out.str(key);
  write(out);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

// Every golden DTO with values that reach its fields' forms: `rounds` random values of the types
// RandomDto makes, then fixed values of the rest (bases, class templates, enums by name,
// variants, pointers, chrono, sets, tuples) and of the forms random values miss (floats JSON has
// no numbers for, negative zero, strings that are not UTF-8). `visit(id, value)` sees each.
template <class Visit>
void for_each_golden_value(golden::RandomDto& random, int rounds, Visit&& visit) {
  for (int i = 0; i < rounds; ++i) {
    visit("golden::Scalars", random.scalars());        // every width, float32 and 64
    visit("golden::Containers", random.containers());  // bin, maps with int keys
    visit("golden::Tagged", random.tagged());          // omitempty, inline
    visit("golden::Row", random.row());                // as_array
    visit("golden::Tree", random.tree(3));             // recursive
    visit("golden::Point", random.point());
    golden::IntKeys keys{};  // integer keys, one omitempty
    keys.request_type = random.integer<std::uint32_t>();
    keys.sync = random.integer<std::uint64_t>();
    if (random.pick(2)) keys.schema_version = random.integer<std::uint64_t>();
    keys.negative = random.integer<std::int32_t>();
    keys.name = random.text();
    visit("golden::IntKeys", keys);
  }
  visit("golden::Views", golden::Views{"text", 7});
  visit("golden::Empty", golden::Empty{});
  visit("golden::WriteOnly", golden::WriteOnly{5});

  golden::Scalars odd = random.scalars();
  odd.f32 = std::numeric_limits<float>::infinity();
  odd.f64 = -0.0;
  visit("golden::Scalars", odd);
  odd.f64 = -std::numeric_limits<double>::infinity();
  odd.f32 = std::numeric_limits<float>::denorm_min();
  visit("golden::Scalars", odd);
  odd.f32 = std::numeric_limits<float>::quiet_NaN();
  odd.f64 = std::numeric_limits<double>::max();
  visit("golden::Scalars", odd);
  odd.f32 = 0.1f;  // printed as "0.1", the shortest text that reads back as this float
  odd.f64 = std::numeric_limits<double>::quiet_NaN();
  visit("golden::Scalars", odd);
  golden::Tree tree;
  tree.label = std::string("\xff\x80 caf\xc3\xa9 \xf0\x9f\x98\x80 \"q\"\n\x01", 19);
  visit("golden::Tree", tree);

  visit("generic::Request", generic::Request<generic::Payload>{"m", {7, "seven"}});
  generic::UsesTemplates uses{};
  uses.others.resize(2);
  uses.others[0].payload.tags = {"a", "b"};
  visit("generic::UsesTemplates", uses);
  generic::Envelope<generic::Payload, 2> envelope{};
  envelope.history.resize(1);
  visit("generic::Envelope", envelope);
  generic::Derived derived;
  derived.id = 1;
  derived.created_by = "me";
  derived.title = "t";
  visit("generic::Derived", derived);
  generic::NestedDerived nested;
  nested.id = 1;
  nested.title = "t";
  visit("generic::NestedDerived", nested);
  generic::RowDerived row;
  row.id = 1;
  row.title = "t";
  visit("generic::RowDerived", row);
  generic::Checked checked{};
  checked.name = "n";
  checked.status = generic::Status::published;
  visit("generic::Checked", checked);
  modern::Node list{"a", std::make_unique<modern::Node>()};
  list.next->label = "b";
  visit("modern::Node", list);
  modern::Shapes shapes{};
  shapes.value = std::string("text");
  shapes.at = std::chrono::system_clock::time_point(std::chrono::seconds(1700000000) +
                                                    std::chrono::microseconds(123456));
  shapes.shared = std::make_shared<std::string>("s");
  shapes.tags = {"x", "y"};
  shapes.ids = {1, 2};
  shapes.samples = {0.5, 2};
  shapes.log = {"l"};
  shapes.entry = {"e", 3};
  shapes.triple = {true, 9, "t"};
  visit("modern::Shapes", shapes);
  shapes.value = std::monostate{};
  shapes.at = std::chrono::system_clock::time_point(std::chrono::seconds(-86401));
  visit("modern::Shapes", shapes);
  visit("wide::ManyRequired", wide::ManyRequired{});
  guarded::Request guarded{};  // strict enums hold a value they name
  guarded.name = "ab";
  guarded.ids = {1, -2};
  guarded.note = "n";
  guarded.tags = {"x"};
  guarded.color = guarded::Color::green;
  guarded.shade = guarded::Color::blue;  // as_string: by name
  guarded.legacy = guarded::kLink;
  guarded.balances = {guarded::kDebit, guarded::kCredit};
  guarded.meta = {{"k", "v"}};
  visit("guarded::Request", guarded);
  visit("bank::Account", bank::Account("me", 10, {"vip"}));
}

}  // namespace

TEST_CASE("the contract reads every golden DTO as its generated code writes it", "[bytes]") {
  // The most fields read for one value of each struct, and the fields read in all.
  std::map<std::string, std::size_t> most;
  std::size_t total = 0;
  golden::RandomDto random(20261201);
  for_each_golden_value(random, 100, [&](const std::string& id, const auto& value) {
    const std::size_t fields = require_described(id, value);
    most[id] = std::max(most[id], fields);
    total += fields;
  });
  // Scalars alone has 16 fields a message: the values were read, not skipped.
  CHECK(total > 100 * 16);
  CHECK(most["golden::Scalars"] == 16);
  CHECK(most["golden::Views"] == 2);
  CHECK(most["golden::IntKeys"] == 5);  // with its omitempty schema_version
  CHECK(most["golden::Empty"] == 0);
  CHECK(most["golden::WriteOnly"] == 1);
  // Class templates: an inline parameter's keys are its own struct's, which the contract skips.
  CHECK(most["generic::Request"] == 1);
  CHECK(most["generic::UsesTemplates"] >= 3);
  CHECK(most["generic::Envelope"] >= 3);
  // Bases: flattened, nested under their names, and in array mode.
  CHECK(most["generic::Derived"] == 3);
  CHECK(most["generic::NestedDerived"] == 4);
  CHECK(most["generic::RowDerived"] == 3);
  CHECK(most["generic::Checked"] == 4);
  // Pointers, variants, chrono, sets, sequences, pairs and tuples.
  CHECK(most["modern::Node"] == 4);
  CHECK(most["modern::Shapes"] == 10);
  CHECK(most["wide::ManyRequired"] > 64);
  CHECK(most["guarded::Request"] == 10);
  CHECK(most["bank::Account"] > 3);
  // guarded::Request's as_string enum `shade` at 0, which has no name: written as its number,
  // which the field's "str" admits (the decoder takes the name or the number).
  CHECK(require_described("guarded::Request", guarded::Request{}) == 10);
}

TEST_CASE("the contract reads the entries a struct keeps without knowing them", "[bytes]") {
  const contract::Contract& c = golden_contract();
  auto entry = [&](const std::string& id) {
    auto it = std::find_if(c.structs.begin(), c.structs.end(),
                           [&](const contract::StructEntry& s) { return s.id == id; });
    REQUIRE(it != c.structs.end());
    return *it;
  };
  CHECK(entry("evolution::v1::User").keeps_unknown);
  CHECK(entry("evolution::v1::Derived").keeps_unknown);  // through its base
  CHECK_FALSE(entry("evolution::v2::User").keeps_unknown);

  evolution::v2::User user;
  user.id = 4;
  user.name = "n";
  user.address.city = "c";
  user.scores = {1.5};
  evolution::v1::User middle;
  REQUIRE(test_support::decode(bytes_of(user), middle));
  REQUIRE(middle.unknown.size() == 4);
  // The two known fields, then the four kept ones printed as they are.
  CHECK(require_described("evolution::v1::User", middle) == 2);
  // A key of another type (an array) among them.
  Buffer buffer;
  Writer out(buffer);
  out.map_header(2);
  out.str("id");
  out.uint(1);
  out.array_header(1);
  out.nil();
  out.str("kept");
  REQUIRE(test_support::decode(
      std::string_view(reinterpret_cast<const char*>(buffer.data()), buffer.size()), middle));
  CHECK(require_described("evolution::v1::User", middle) == 2);  // name, absent, is written

  evolution::v2::Row row;
  row.id = 2;
  evolution::v1::Row kept_row;
  REQUIRE(test_support::decode(bytes_of(row), kept_row));
  REQUIRE(kept_row.rest.size() == 2);
  CHECK(require_described("evolution::v1::Row", kept_row) == 2);
  // A struct that does not keep them still refuses what its contract does not list.
  contract::BytesCheck refused =
      contract::check_bytes(c, "evolution::v2::Keyed", bytes_of(kept_row));
  CHECK_FALSE(refused.ok);
}

TEST_CASE("bytes the contract does not describe are reported where they go wrong", "[bytes]") {
  const contract::Contract& c = golden_contract();
  SECTION("a value of another family: the offset of the value and the field path") {
    std::string bytes = map_with("flag", [](Writer& out) { out.str("yes"); });
    contract::BytesCheck check = contract::check_bytes(c, "golden::Scalars", bytes);
    CHECK_FALSE(check.ok);
    CHECK(check.offset == 6);  // map header, fixstr header, "flag"
    CHECK(check.path == "flag");
    CHECK(check.message == "expected bool, found str");
  }
  SECTION("inside a container") {
    std::string bytes = map_with("numbers", [](Writer& out) {
      out.array_header(2);
      out.sint(1);
      out.str("two");
    });
    contract::BytesCheck check = contract::check_bytes(c, "golden::Containers", bytes);
    CHECK_FALSE(check.ok);
    CHECK(check.path == "numbers[1]");
    CHECK(check.message == "expected int, found str");
  }
  SECTION("a negative number where the contract has an unsigned field") {
    std::string bytes = map_with("u8", [](Writer& out) { out.sint(-1); });
    contract::BytesCheck check = contract::check_bytes(c, "golden::Scalars", bytes);
    CHECK_FALSE(check.ok);
    CHECK(check.message == "expected uint, found a negative integer");
  }
  SECTION("a key that is no field, and bytes after the value") {
    std::string unknown = map_with("nope", [](Writer& out) { out.nil(); });
    CHECK(contract::check_bytes(c, "golden::Scalars", unknown).message ==
          "key \"nope\" is not a field of golden::Scalars");
    std::string trailing = bytes_of(golden::Empty{}) + '\xc0';
    contract::BytesCheck check = contract::check_bytes(c, "golden::Empty", trailing);
    CHECK(check.message == "bytes after the value");
    CHECK(check.offset == 1);
  }
  SECTION("an array where a map-mode struct is expected, and a cut message") {
    std::string row = bytes_of(golden::Row{1, "r", 2.5, {"t"}});
    CHECK(contract::check_bytes(c, "golden::Scalars", row).message ==
          "expected golden::Scalars as a map, found array");
    // [1, "r", then the first byte of the float64 2.5: the float is cut.
    contract::BytesCheck cut = contract::check_bytes(c, "golden::Row", row.substr(0, 5));
    CHECK_FALSE(cut.ok);
    CHECK(cut.path == "balance");
    CHECK_THAT(cut.message, Catch::Contains("incomplete input"));
    // Four elements cannot fit in three bytes: the reader says so at the header.
    contract::BytesCheck short_row = contract::check_bytes(c, "golden::Row", row.substr(0, 4));
    CHECK(short_row.offset == 0);
    CHECK_THAT(short_row.message, Catch::Contains("incomplete input"));
  }
}

namespace {

// What msgpack-gen --dump --contract prints for `value`'s bytes read as struct `id`.
template <class T>
std::string printed(const std::string& id, const T& value) {
  const std::string bytes = bytes_of(value);
  std::string text;
  contract::BytesCheck check = contract::print_bytes(golden_contract(), id, bytes, text);
  INFO(id << ": at offset " << check.offset << " in " << check.path << ": " << check.message);
  REQUIRE(check.ok);
  CHECK(check.size == bytes.size());
  return text;
}

}  // namespace

TEST_CASE("the contract names the fields of map, as_array and integer-key structs", "[bytes]") {
  golden::Row row;
  row.id = 7;
  row.name = "ann";
  row.tags = {"a", "b"};
  CHECK(printed("golden::Row", row) ==
        R"({"id": 7, "name": "ann", "balance": null, "tags": ["a", "b"]})");

  golden::IntKeys keys;
  keys.request_type = 1;
  keys.sync = 42;
  keys.negative = -3;
  keys.name = "ping";
  CHECK(printed("golden::IntKeys", keys) ==
        R"({"request_type": 1, "sync": 42, "negative": -3, "name": "ping"})");

  golden::Point point{1, -2};
  CHECK(printed("golden::Point", point) == R"({"x": 1, "y": -2})");

  // Nested structs, containers and optionals print through, and a stream of values is read one
  // value at a time.
  golden::RandomDto random(7);
  for (int i = 0; i < 20; ++i) {
    const std::string text = printed("golden::Tree", random.tree(3));
    CHECK(text.front() == '{');
    CHECK(text.back() == '}');
  }
  const std::string two = bytes_of(point) + bytes_of(point);
  std::string text;
  contract::BytesCheck first = contract::print_bytes(golden_contract(), "golden::Point", two, text);
  REQUIRE(first.ok);
  CHECK(first.size == two.size() / 2);
}

TEST_CASE("printing stops where the bytes leave the contract", "[bytes]") {
  // A Row whose id is a str: the text so far, and where it went wrong.
  Buffer buffer;
  Writer out(buffer);
  out.array_header(2);
  out.uint(1);
  out.str("x");
  const std::string good(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  std::string text;
  CHECK(contract::print_bytes(golden_contract(), "golden::Row", good, text).ok);
  CHECK(text == R"({"id": 1, "name": "x"})");

  buffer.clear();
  out.array_header(2);
  out.str("x");
  out.uint(1);
  const std::string bad(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  text.clear();
  contract::BytesCheck check = contract::print_bytes(golden_contract(), "golden::Row", bad, text);
  CHECK_FALSE(check.ok);
  CHECK(check.offset == 1);
  CHECK(check.path == "id");
  CHECK(check.message == "expected uint, found str");
  CHECK(text == R"({"id": )");
}

TEST_CASE("generated printing gives the contract's text of the same bytes", "[print]") {
  // to_json(value) of every golden DTO equals what --dump --contract prints for marshal(value):
  // names, order, omitempty, nesting, variants, enums by name, and values as dump() prints them.
  golden::RandomDto random(20261202);
  for_each_golden_value(random, 50, [](const std::string& id, const auto& value) {
    const std::string bytes = bytes_of(value);
    std::string expected;
    contract::BytesCheck check = contract::print_bytes(golden_contract(), id, bytes, expected);
    INFO(id << ": " << check.path << ": " << check.message);
    REQUIRE(check.ok);
    CHECK(msgpack_gen::to_json(value) == expected);
    std::ostringstream stream;
    stream << value;  // the generated operator<<
    CHECK(stream.str() == expected);
    CHECK(fmt::format("{}", value) == expected);
  });
}

TEST_CASE("printing: indentation, redacted fields, types printed without encoders", "[print]") {
  golden::Row row;
  row.id = 1;
  row.name = "a";
  row.tags = {"x"};
  CHECK(msgpack_gen::to_json(row, 2) ==
        "{\n  \"id\": 1,\n  \"name\": \"a\",\n  \"balance\": null,\n  \"tags\": [\n    "
        "\"x\"\n  ]\n}");

  golden::Login login{"ann", "hunter2", std::string("tok")};
  CHECK(msgpack_gen::to_json(login) == R"({"user": "ann", "password": "***", "token": "***"})");
  login.token.reset();  // omitempty: left out, as on the wire
  CHECK(msgpack_gen::to_json(login) == R"({"user": "ann", "password": "***"})");
  // Redaction is for printing only: the bytes carry the password.
  CHECK(bytes_of(login).find("hunter2") != std::string::npos);

  // An unmarshal-only struct has no encoder, and prints all the same.
  golden::ReadOnly read_only;
  CHECK(msgpack_gen::to_json(read_only).front() == '{');

  // Containers of structs print each struct with its names.
  std::vector<golden::Row> rows(2, row);
  CHECK(msgpack_gen::to_json(rows) == R"([{"id": 1, "name": "a", "balance": null, "tags": ["x"]}, )"
                                      R"({"id": 1, "name": "a", "balance": null, "tags": ["x"]}])");
  std::map<int, golden::Point> by_id{{7, golden::Point{1, 2}}};
  CHECK(msgpack_gen::to_json(by_id) == R"({"7": {"x": 1, "y": 2}})");
  CHECK(fmt::format("[{:>10}]", golden::Empty{}) == "[        {}]");
}

namespace {

// msgpack-gen --from-json's encoder on to_json(value): the generated code's own bytes again,
// exactly.
template <class T>
void require_round_trip(const std::string& id, const T& value) {
  const std::string text = msgpack_gen::to_json(value);
  INFO(id << ": " << text);
  contract::JsonToBytes written = contract::json_to_bytes(golden_contract(), id, text);
  INFO(written.error());
  REQUIRE(written.ok);
  REQUIRE(written.messages.size() == 1);
  CHECK(to_hex(written.messages[0]) == to_hex(bytes_of(value)));
}

// The encoder on `json` as struct `id`: its error ("line N: $.path: message"), or "" if none.
std::string json_error(const std::string& id, const std::string& json) {
  contract::JsonToBytes written = contract::json_to_bytes(golden_contract(), id, json);
  if (written.ok) return "";
  CHECK(written.messages.empty());  // nothing is written unless all of it is right
  return written.error();
}

std::string json_hex(const std::string& id, const std::string& json) {
  contract::JsonToBytes written = contract::json_to_bytes(golden_contract(), id, json);
  INFO(written.error());
  REQUIRE(written.ok);
  std::string all;
  for (const std::string& message : written.messages) all += to_hex(message) + "\n";
  return all;
}

}  // namespace

TEST_CASE("from JSON, to_json's text gives back the generated code's bytes exactly",
          "[bytes][from-json]") {
  golden::RandomDto random(20261202);
  for_each_golden_value(
      random, 100, [](const std::string& id, const auto& value) { require_round_trip(id, value); });
  // An as_string enum whose value has no name is written and printed as its number.
  require_round_trip("guarded::Request", guarded::Request{});
}

TEST_CASE("from JSON: a stream of values, and the forms a person writes", "[bytes][from-json]") {
  // Two values one after the other, as --dump prints a stream; fields in any order.
  CHECK(json_hex("golden::Point", "{\"x\": 1, \"y\": -2}\n{\"y\": 300, \"x\": 0}") ==
        "82 a1 78 01 a1 79 fe\n82 a1 78 00 a1 79 cd 01 2c\n");
  // An as_array struct (a Tarantool tuple) as an object by field name, or as an array.
  CHECK(json_hex("golden::Row", R"({"id": 7, "name": "ann", "balance": null, "tags": ["a"]})") ==
        "94 07 a3 61 6e 6e c0 91 a1 61\n");
  CHECK(json_hex("golden::Row", R"([7, "ann", 2.5, []])") ==
        "94 07 a3 61 6e 6e cb 40 04 00 00 00 00 00 00 90\n");
  // Integer keys by the fields' names; an absent omitempty field is not written.
  CHECK(json_hex("golden::IntKeys",
                 R"({"request_type": 1, "sync": 2, "negative": -3, "name": "n"})") ==
        "84 00 01 01 02 fd fd a4 6e 61 6d 65 a1 6e\n");
  // An omitempty field that is empty is left out, as the generated code leaves it out.
  CHECK(json_hex("golden::Tagged", R"({"username": "u", "note": null, "s": [], "zero": 0,
      "version": 1, "origin": "o", "where": {"x": 0, "y": 0}})") ==
        json_hex("golden::Tagged", R"({"username": "u", "version": 1, "origin": "o",
      "where": {"x": 0, "y": 0}})"));
}

TEST_CASE("from JSON: what the contract does not allow is an error at its JSON path",
          "[bytes][from-json]") {
  const std::string point = "golden::Point";
  // Invalid JSON: the line, no path.
  CHECK(json_error(point, "{\"x\": 1,\n \"y\": }") == "line 2: unexpected '}'");
  CHECK(json_error(point, "{\"x\": 1, \"y\": 2} [") == "line 1: unexpected end of the file");
  CHECK(json_error(point, "{\"x\": 01, \"y\": 2}") == "line 1: a number with a leading zero");
  CHECK(json_error(point, R"({"x": "\ud800", "y": 2})").find("half of a surrogate pair") !=
        std::string::npos);
  // Wrong types, out of range, unknown and missing fields.
  CHECK(json_error(point, R"({"x": "1", "y": 2})") ==
        "line 1: $.x: expected an integer, found a string");
  CHECK(json_error(point, R"({"x": 1.5, "y": 2})") ==
        "line 1: $.x: expected an integer, found a number");
  CHECK(json_error(point, R"({"x": 2147483648, "y": 2})") ==
        "line 1: $.x: 2147483648 is out of range for int32");
  const std::string scalars = printed("golden::Scalars", golden::Scalars{});
  auto scalars_with = [&](const std::string& field, const std::string& value) {
    std::string text = scalars;
    const std::string member = "\"" + field + "\": 0";
    REQUIRE(text.find(member) != std::string::npos);
    return text.replace(text.find(member), member.size(), "\"" + field + "\": " + value);
  };
  CHECK(json_error("golden::Scalars", scalars_with("u8", "-1")) ==
        "line 1: $.u8: -1 is out of range for uint8");
  CHECK(json_error("golden::Scalars", scalars_with("u8", "256")) ==
        "line 1: $.u8: 256 is out of range for uint8");
  CHECK(json_error("golden::Scalars", scalars_with("i8", "-129")) ==
        "line 1: $.i8: -129 is out of range for int8");
  CHECK(json_error("golden::Scalars", scalars_with("u64", "18446744073709551616")) ==
        "line 1: $.u64: 18446744073709551616 is out of range for uint64");
  CHECK(json_error(point, R"({"x": 1, "y": 2, "z": 3})") ==
        "line 1: $.z: unknown field \"z\" of golden::Point");
  CHECK(json_error(point, R"({"x": 1})") ==
        "line 1: $: missing field \"y\" of golden::Point (the generated code always writes it; "
        "only omitempty fields may be left out)");
  CHECK(json_error(point, R"({"x": 1, "y": 2, "x": 3})") ==
        "line 1: $.x: field \"x\" is given twice");
  // Deep in containers: the path and the line of the value.
  CHECK(json_error("golden::Tree",
                   "{\"label\": \"a\", \"children\": [\n"
                   "  {\"label\": \"b\", \"children\": []},\n"
                   "  {\"label\": 5, \"children\": []}]}") ==
        "line 3: $.children[1].label: expected a string, found an integer");
  // Bad base64, a float out of float32's range, an enum name that is not one.
  golden::Containers containers{};
  std::string text;
  REQUIRE(contract::print_bytes(golden_contract(), "golden::Containers", bytes_of(containers), text)
              .ok);
  const std::string with_blob = text.replace(text.find("\"blob\": \"\""), 10, "\"blob\": \"A=\"");
  CHECK(json_error("golden::Containers", with_blob) ==
        "line 1: $.blob: bad base64 (standard alphabet, padded with '=')");
  CHECK(json_error("golden::Scalars", scalars_with("f32", "1e39")) ==
        "line 1: $.f32: 1e39 is out of range for float32");
  CHECK(json_error("generic::Checked", R"({"name": "c", "n": 1, "status": "nope", "extra": 7})")
            .find("$.status: \"nope\" is not an enumerator of generic::Status") !=
        std::string::npos);
  // The second value of a stream is wrong: nothing of the first is written either.
  CHECK(json_error(point, "{\"x\": 1, \"y\": 2}\n{\"x\": true, \"y\": 2}") ==
        "line 2: $.x: expected an integer, found a boolean");
}

TEST_CASE("from JSON: a msgpack-c struct's integral floats are written as integers",
          "[bytes][from-json]") {
  // A contract entry as --write-contract writes it for MSGPACK_DEFINE(x, y) of two doubles.
  contract::Contract c;
  contract::StructEntry entry;
  entry.id = "legacy::Vec";
  entry.as_array = true;
  entry.integral_floats_as_ints = true;
  for (const char* name : {"x", "y"}) {
    contract::FieldEntry field;
    field.name = name;
    field.wire = "float";
    field.bits = 64;
    entry.fields.push_back(field);
  }
  c.structs.push_back(entry);
  contract::JsonToBytes written = contract::json_to_bytes(c, "legacy::Vec", "[3, -0.5]");
  INFO(written.error());
  REQUIRE(written.ok);
  CHECK(to_hex(written.messages.at(0)) == "92 03 cb bf e0 00 00 00 00 00 00");
  // The contract file keeps the flag.
  contract::Contract back;
  REQUIRE(contract::from_json(contract::to_json(c), back).empty());
  CHECK(back.structs.at(0).integral_floats_as_ints);
}

TEST_CASE("printed values and their bytes for a reader that is not ours", "[print][python]") {
  // One line per value: "<struct id> TAB <marshal(value) as hex> TAB <to_json(value)>".
  // tests/contract/check_python_round_trip.py runs this test case with MSGPACK_GEN_PRINT_CORPUS
  // naming the file to write, decodes each message with python3-msgpack and compares what it
  // finds, field by field through the contract, with Python's json.loads of the text. Here, each
  // value's bytes decode to a value that prints the same text again.
  std::string corpus;
  std::size_t lines = 0;
  golden::RandomDto random(20261203);
  for_each_golden_value(random, 20, [&](const std::string& id, const auto& value) {
    using T = std::decay_t<decltype(value)>;
    const std::string bytes = bytes_of(value);
    const std::string text = msgpack_gen::to_json(value);
    INFO(id << ": " << text);
    REQUIRE(text.find_first_of("\t\n") == std::string::npos);   // one line, three columns
    if constexpr (msgpack_gen::detail::has_decode<T>::value) {  // not marshal-only
      T back{};
      REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), back).ok());
      // Unordered containers may come back in another order: the same text up to order.
      CHECK(msgpack_gen::to_json(back).size() == text.size());
    }
    corpus += id + '\t' + to_hex(bytes) + '\t' + text + '\n';
    ++lines;
  });
  CHECK(lines > 150);
  if (const char* path = std::getenv("MSGPACK_GEN_PRINT_CORPUS")) {
    std::ofstream out(path, std::ios::binary);
    out << corpus;
    out.close();
    REQUIRE(out.good());
  }
}
