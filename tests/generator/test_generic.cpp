// Class templates with inline payloads, base classes, required/strict/as_string.
#include <catch2/catch.hpp>

#include <msgpack.hpp>

#include "generic.msgpack.hpp"
#include "test_support.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::ErrorCode;
using msgpack_gen::Status;
using msgpack_gen::Writer;
using test_support::decoded;

namespace {

// The wire shape a Request<Payload> must have: one flat map.
struct FlatRequest {
  std::string mandatory;
  int64_t id;
  std::string name;
  MSGPACK_DEFINE_MAP(mandatory, id, name);
};

struct FlatDerived {
  uint64_t id;
  std::string created_by;
  std::string title;
  MSGPACK_DEFINE_MAP(id, created_by, title);
};

}  // namespace

namespace peer {
struct Base {
  uint64_t id;
  std::string created_by;
  MSGPACK_DEFINE_MAP(id, created_by);
};
struct NestedDerived : Base {
  std::string title;
  MSGPACK_DEFINE_MAP(MSGPACK_BASE_MAP(Base), title);
};
struct RowBase {
  uint64_t id;
  MSGPACK_DEFINE_ARRAY(id);
};
struct RowDerived : RowBase {
  std::string title;
  MSGPACK_DEFINE_ARRAY(MSGPACK_BASE_ARRAY(RowBase), title);
};
}  // namespace peer

TEST_CASE("a class template inlines its parameter's fields into one map", "[generic]") {
  generic::Request<generic::Payload> request{"must", {42, "answer"}};
  std::string ours = test_support::ours(request);
  CHECK(ours == test_support::theirs(FlatRequest{"must", 42, "answer"}));
  STATIC_REQUIRE(msgpack_gen::codec<generic::Request<generic::Payload>>::kFieldCount == 3);

  auto back = decoded<generic::Request<generic::Payload>>(ours);
  CHECK(back.mandatory == "must");
  CHECK(back.payload.id == 42);
  CHECK(back.payload.name == "answer");
}

TEST_CASE("the inlined parameter's omitempty fields are counted per value", "[generic]") {
  generic::Request<generic::Other> request{"m", {{"a", "b"}, false}};
  std::string bytes = test_support::ours(request);
  CHECK(static_cast<unsigned char>(bytes[0]) == 0x82);  // mandatory, tags; `on` is empty
  request.payload.on = true;
  bytes = test_support::ours(request);
  CHECK(static_cast<unsigned char>(bytes[0]) == 0x83);
  auto back = decoded<generic::Request<generic::Other>>(bytes);
  CHECK(back.payload.tags == std::vector<std::string>{"a", "b"});
  CHECK(back.payload.on);
}

TEST_CASE("templates compose: fields, vectors and inline specialisations", "[generic]") {
  generic::Envelope<generic::Payload, 3> envelope;
  envelope.request = {"r", {1, "one"}};
  envelope.history = {{"h1", {2, "two"}}, {"h2", {3, "three"}}};
  auto back = decoded<generic::Envelope<generic::Payload, 3>>(test_support::ours(envelope));
  CHECK(back.version == 3);
  CHECK(back.request.payload.name == "one");
  REQUIRE(back.history.size() == 2);
  CHECK(back.history[1].payload.id == 3);

  generic::UsesTemplates uses;
  uses.first = {"f", {9, "nine"}};
  uses.others = {{"o", {{"x"}, true}}};
  uses.flattened = {"flat", {{"y", "z"}, false}};
  std::string bytes = test_support::ours(uses);
  // first, others, then the inlined Request<Other>: mandatory, tags (on is empty)
  CHECK(static_cast<unsigned char>(bytes[0]) == 0x84);
  auto again = decoded<generic::UsesTemplates>(bytes);
  CHECK(again.first.payload.name == "nine");
  CHECK(again.others.at(0).payload.on);
  CHECK(again.flattened.mandatory == "flat");
  CHECK(again.flattened.payload.tags == std::vector<std::string>{"y", "z"});
}

TEST_CASE("public base classes: their fields come first", "[generic][bases]") {
  generic::Derived derived;
  derived.id = 7;
  derived.created_by = "me";
  derived.title = "t";
  std::string bytes = test_support::ours(derived);
  CHECK(bytes == test_support::theirs(FlatDerived{7, "me", "t"}));
  auto back = decoded<generic::Derived>(bytes);
  CHECK(back.id == 7);
  CHECK(back.created_by == "me");
  CHECK(back.title == "t");
}

TEST_CASE("required: an absent key is an error naming it", "[generic][required]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(1);
  w.str("name");
  w.str("x");
  generic::Checked checked{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), checked);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::missing_field);
  CHECK_THAT(status.message(), Catch::Contains("\"n\""));

  buffer.clear();
  w.map_header(2);
  w.str("n");
  w.uint(3);
  w.str("name");
  w.str("x");
  generic::Checked ok{};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), ok));
  CHECK(ok.count == 3);
  CHECK(ok.extra == 7);  // default member initialiser kept
}

TEST_CASE("strict: unknown keys are an error", "[generic][strict]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(3);
  w.str("n");
  w.uint(3);
  w.str("name");
  w.str("x");
  w.str("surprise");
  w.nil();
  generic::Checked checked{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), checked);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::unknown_key);
  CHECK_THAT(status.message(), Catch::Contains("surprise"));
}

TEST_CASE("as_string: enums travel as their enumerator's name", "[generic][as_string]") {
  generic::Checked checked{"n", 1, generic::Status::published, 0};
  std::string bytes = test_support::ours(checked);
  CHECK(bytes.find("\xa6status\xa9published", 0, 17) != std::string::npos);
  CHECK(decoded<generic::Checked>(bytes).status == generic::Status::published);

  Buffer buffer;
  Writer w(buffer);
  w.map_header(3);
  w.str("n");
  w.uint(1);
  w.str("name");
  w.str("x");
  w.str("status");
  w.str("deleted");
  generic::Checked bad{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), bad);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.path() == "status");
  CHECK_THAT(status.message(), Catch::Contains("deleted"));
}

TEST_CASE("as_string: the enum's names are public both ways", "[generic][as_string]") {
  STATIC_REQUIRE(msgpack_gen::has_enum_names<generic::Status>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::has_enum_names<ErrorCode>::value);  // no generated names
  CHECK(std::string(msgpack_gen::enum_to_string(generic::Status::archived)) == "archived");
  CHECK(msgpack_gen::enum_to_string(static_cast<generic::Status>(3)) == nullptr);
  generic::Status status = generic::Status::draft;
  CHECK(msgpack_gen::enum_from_string("published", status));
  CHECK(status == generic::Status::published);
  CHECK_FALSE(msgpack_gen::enum_from_string("Published", status));  // exact names only
  CHECK_FALSE(msgpack_gen::enum_from_string("", status));
  CHECK(status == generic::Status::published);  // untouched
}

TEST_CASE("nest_bases: the same bytes as msgpack-c's MSGPACK_BASE_MAP and MSGPACK_BASE_ARRAY",
          "[generic][bases][msgpack-c]") {
  generic::NestedDerived nested;
  nested.id = 3;
  nested.created_by = "me";
  nested.title = "t";
  peer::NestedDerived peer_nested;
  peer_nested.id = 3;
  peer_nested.created_by = "me";
  peer_nested.title = "t";
  std::string bytes = test_support::ours(nested);
  CHECK(bytes == test_support::theirs(peer_nested));
  auto back = decoded<generic::NestedDerived>(bytes);
  CHECK(back.id == 3);
  CHECK(back.created_by == "me");
  CHECK(back.title == "t");

  generic::RowDerived row;
  row.id = 9;
  row.title = "r";
  peer::RowDerived peer_row;
  peer_row.id = 9;
  peer_row.title = "r";
  CHECK(test_support::ours(row) == test_support::theirs(peer_row));
  CHECK(decoded<generic::RowDerived>(test_support::ours(row)).id == 9);
}
