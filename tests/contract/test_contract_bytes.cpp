// The contract describes the bytes the generated code writes: every golden DTO of
// tests/generator, marshalled by its generated code, is read back with nothing but the contract
// msgpack-gen wrote for the same headers (tool/contract/bytes.hpp). And bytes the contract does
// not describe are reported where they go wrong.
#include <catch2/catch.hpp>

// First, so that the generated headers below declare operator<< for their structs.
#include <msgpack_gen/fmt.hpp>
#include <msgpack_gen/print.hpp>

#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "account.msgpack.hpp"
#include "contract/bytes.hpp"
#include "dto_compare.hpp"
#include "everything.msgpack.hpp"
#include "generic.msgpack.hpp"
#include "limits.msgpack.hpp"
#include "modern.msgpack.hpp"
#include "wide.msgpack.hpp"

using namespace msgpack_gen;

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

}  // namespace

TEST_CASE("the contract reads random values of the golden DTOs field by field", "[bytes]") {
  golden::RandomDto random(20261201);
  std::size_t fields = 0;
  for (int i = 0; i < 100; ++i) {
    fields += require_described("golden::Scalars", random.scalars());
    fields += require_described("golden::Containers", random.containers());
    fields += require_described("golden::Tagged", random.tagged());
    fields += require_described("golden::Row", random.row());
    fields += require_described("golden::Tree", random.tree(3));
  }
  // Scalars alone has 16 fields a message: the values were read, not skipped.
  CHECK(fields > 100 * 16);
}

TEST_CASE("the contract reads every other golden DTO as its generated code writes it", "[bytes]") {
  CHECK(require_described("golden::Views", golden::Views{"text", 7}) == 2);
  golden::IntKeys keys{};
  keys.schema_version = 3;
  keys.name = "k";
  CHECK(require_described("golden::IntKeys", keys) == 5);
  CHECK(require_described("golden::Empty", golden::Empty{}) == 0);
  CHECK(require_described("golden::WriteOnly", golden::WriteOnly{5}) == 1);

  // Class templates: an inline parameter's keys are its own struct's, which the contract skips.
  generic::Request<generic::Payload> request{"m", {7, "seven"}};
  CHECK(require_described("generic::Request", request) == 1);
  generic::UsesTemplates uses{};
  uses.others.resize(2);
  uses.others[0].payload.tags = {"a", "b"};
  CHECK(require_described("generic::UsesTemplates", uses) >= 3);
  generic::Envelope<generic::Payload, 2> envelope{};
  envelope.history.resize(1);
  CHECK(require_described("generic::Envelope", envelope) >= 3);
  // Bases: flattened, nested under their names, and in array mode.
  generic::Derived derived;
  derived.id = 1;
  derived.created_by = "me";
  derived.title = "t";
  CHECK(require_described("generic::Derived", derived) == 3);
  generic::NestedDerived nested;
  nested.id = 1;
  nested.title = "t";
  CHECK(require_described("generic::NestedDerived", nested) == 4);
  generic::RowDerived row;
  row.id = 1;
  row.title = "t";
  CHECK(require_described("generic::RowDerived", row) == 3);
  generic::Checked checked{};
  checked.name = "n";
  checked.status = generic::Status::published;
  CHECK(require_described("generic::Checked", checked) == 4);

  // Pointers, variants, chrono, sets, sequences, pairs and tuples.
  modern::Node list{"a", std::make_unique<modern::Node>()};
  list.next->label = "b";
  CHECK(require_described("modern::Node", list) == 4);
  modern::Shapes shapes{};
  shapes.value = std::string("text");
  shapes.shared = std::make_shared<std::string>("s");
  shapes.tags = {"x", "y"};
  shapes.ids = {1, 2};
  shapes.samples = {0.5, 2};
  shapes.log = {"l"};
  shapes.entry = {"e", 3};
  shapes.triple = {true, 9, "t"};
  CHECK(require_described("modern::Shapes", shapes) == 10);
  shapes.value = std::monostate{};
  CHECK(require_described("modern::Shapes", shapes) == 10);

  CHECK(require_described("wide::ManyRequired", wide::ManyRequired{}) > 64);
  // Its as_string enum `shade` is 0, which has no name: written as its number, which the
  // field's "str" admits (the decoder takes the name or the number).
  CHECK(require_described("guarded::Request", guarded::Request{}) == 10);
  CHECK(require_described("bank::Account", bank::Account("me", 10, {"vip"})) > 3);
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
    CHECK_THAT(cut.message, Catch::Contains("truncated"));
    // Four elements cannot fit in three bytes: the reader says so at the header.
    contract::BytesCheck short_row = contract::check_bytes(c, "golden::Row", row.substr(0, 4));
    CHECK(short_row.offset == 0);
    CHECK_THAT(short_row.message, Catch::Contains("length exceeds input"));
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
  auto agrees = [](const std::string& id, const auto& value) {
    const std::string bytes = bytes_of(value);
    std::string expected;
    contract::BytesCheck check = contract::print_bytes(golden_contract(), id, bytes, expected);
    REQUIRE(check.ok);
    CHECK(msgpack_gen::to_json(value) == expected);
    std::ostringstream stream;
    stream << value;  // the generated operator<<
    CHECK(stream.str() == expected);
    CHECK(fmt::format("{}", value) == expected);
  };
  for (int i = 0; i < 50; ++i) {
    agrees("golden::Scalars", random.scalars());
    agrees("golden::Containers", random.containers());
    agrees("golden::Tagged", random.tagged());
    agrees("golden::Row", random.row());
    agrees("golden::Tree", random.tree(3));
  }
  golden::IntKeys keys;
  keys.request_type = 1;
  keys.sync = 2;
  keys.schema_version = 3;
  keys.name = "n";
  agrees("golden::IntKeys", keys);
  agrees("golden::Empty", golden::Empty{});
  agrees("golden::Point", golden::Point{3, 4});
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
