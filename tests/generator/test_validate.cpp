// The IR's rules (tool/ir/validate.hpp) from a hand-built IR: what each finds, where, and that a
// module following them gives no finding.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "hand_built_ir.hpp"
#include "ir/validate.hpp"

using namespace msgpack_gen;
using hand_built::make_struct;
using hand_built::member;
using hand_built::struct_member;

namespace {

ir::Field inline_member(const char* name, const char* struct_id) {
  return struct_member(name, struct_id, true);
}

std::vector<std::string> messages(const ir::Module& module, const std::string& id) {
  std::vector<std::string> out;
  for (const ir::Finding& f : ir::validate_struct(module, *module.find(id))) {
    out.push_back(f.message);
  }
  return out;
}

}  // namespace

TEST_CASE("validate: a struct that follows the rules has no finding", "[validate]") {
  ir::Module module;
  module.structs.push_back(make_struct("Meta", {member("version")}));
  module.structs.push_back(make_struct("Order", {member("id"), member("name", ir::TypeKind::String),
                                                 inline_member("meta", "Meta")}));
  module.structs.back().fields[1].limit = 10;
  CHECK(messages(module, "Order").empty());
}

TEST_CASE("validate: a key used twice, through an inline struct too, with where it was first",
          "[validate]") {
  ir::Module module;
  module.structs.push_back(make_struct("Meta", {member("id", ir::TypeKind::Int, 2)}));
  module.structs.push_back(
      make_struct("Order", {member("id", ir::TypeKind::Int, 5), inline_member("meta", "Meta")}));
  std::vector<ir::Finding> findings = ir::validate_struct(module, module.structs[1]);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].message == "key \"id\" of field 'id' is already used by field 'id'");
  CHECK(findings[0].location.line == 2);  // Meta's id comes second on the wire
  REQUIRE(findings[0].notes.size() == 1);
  CHECK(findings[0].notes[0].location.line == 5);
  CHECK(findings[0].notes[0].message == "first used here");

  SECTION("integer keys compare by value") {
    ir::Module ints;
    ir::Field a = member("a"), b = member("b");
    a.has_int_key = b.has_int_key = true;
    a.int_key = b.int_key = 16;
    ints.structs.push_back(make_struct("Keys", {a, b}));
    CHECK(messages(ints, "Keys") ==
          std::vector<std::string>{"key \"#16\" of field 'b' is already used by field 'a'"});
  }
}

TEST_CASE("validate: inline needs a map-mode struct that is not itself", "[validate]") {
  ir::Module module;
  module.structs.push_back(make_struct("Tuple", {member("x")}));
  module.structs.back().as_array = true;
  module.structs.push_back(make_struct("Loop", {inline_member("self", "Loop")}));
  module.structs.push_back(make_struct(
      "Holder", {inline_member("tuple", "Tuple"), inline_member("number", "NotAStruct")}));
  module.structs.back().fields[1].type.kind = ir::TypeKind::Int;
  CHECK(messages(module, "Loop") ==
        std::vector<std::string>{"field 'self' inlines Loop into itself"});
  CHECK(messages(module, "Holder") ==
        std::vector<std::string>{
            "field 'tuple' inlines Tuple, which is as_array; only map-mode structs can be inlined",
            "field 'number' is tagged inline but its type 'NotAStruct' is not a struct"});
}

TEST_CASE("validate: options an as_array struct cannot have", "[validate]") {
  ir::Module module;
  ir::Field f = member("x");
  f.required = f.omit_empty = true;
  module.structs.push_back(make_struct("Row", {f}));
  module.structs.back().as_array = true;
  module.structs.back().strict = true;
  std::vector<std::string> found = messages(module, "Row");
  REQUIRE(found.size() == 3);
  CHECK_THAT(found[0], Catch::StartsWith("field 'x': required has no meaning in as_array"));
  CHECK_THAT(found[1], Catch::StartsWith("field 'x': omitempty cannot be used in as_array"));
  CHECK(found[2] == "struct Row: strict applies to map keys, but it is as_array");
}

TEST_CASE("validate: tag options that do not fit the field's type", "[validate]") {
  ir::Module module;
  ir::Field limited = member("count");
  limited.limit = 4;
  ir::Field named = member("kind");
  named.as_string = true;
  ir::Field strict = member("mode", ir::TypeKind::Enum);
  strict.strict_enum = true;  // an enum, but without enumerators
  module.structs.push_back(make_struct("Tags", {limited, named, strict}));
  CHECK(messages(module, "Tags") ==
        std::vector<std::string>{
            "field 'count': limit bounds strings, byte strings and containers, but its type is "
            "'int'",
            "field 'kind': as_string needs an enum, but its type is 'int'",
            "field 'kind': as_string needs an enum with enumerators",
            "field 'mode': strict needs an enum with enumerators"});
}

TEST_CASE(
    "validate: alterFieldCount inside another value, and read-only members of a decoded "
    "type",
    "[validate]") {
  ir::Module module;
  module.structs.push_back(make_struct("Hooked", {member("x")}));
  module.structs.back().has_alter_field_count = true;
  ir::Field held = member("items", ir::TypeKind::Vector);
  held.type.args.push_back(member("h", ir::TypeKind::Struct).type);
  held.type.args[0].struct_id = "Hooked";
  ir::Field ref = member("ref");
  ref.read_only = "a reference";
  module.structs.push_back(make_struct("Outer", {held, ref}));
  std::vector<std::string> found = messages(module, "Outer");
  REQUIRE(found.size() == 2);
  CHECK_THAT(found[0], Catch::StartsWith("field 'items' of Outer holds Hooked, whose "
                                         "alterFieldCount()"));
  CHECK_THAT(found[1], Catch::StartsWith("field 'ref' of Outer is a reference, which the decoder "
                                         "cannot assign to"));
  SECTION("a span that owns nothing to decode into is read-only too, at any depth") {
    ir::Field spans = member("legs", ir::TypeKind::Vector);
    ir::Type span;
    span.kind = ir::TypeKind::Span;
    span.spelling = "std::span<const double>";
    span.args.push_back(member("x", ir::TypeKind::Float).type);
    spans.type.args.push_back(span);
    module.structs.push_back(make_struct("Path", {spans}));
    const std::vector<std::string> path = messages(module, "Path");
    REQUIRE(path.size() == 1);
    CHECK_THAT(path[0], Catch::StartsWith("field 'legs' of Path is a view of elements it does not "
                                          "own (std::span<const double>), which the decoder "
                                          "cannot assign to"));
    module.structs.back().directions = ir::kMarshal;
    CHECK(messages(module, "Path").empty());
  }
  SECTION("a marshal-only type may hold references; an unmarshal-only one the hooked struct") {
    module.structs[1].directions = ir::kMarshal;
    CHECK(messages(module, "Outer").size() == 1);
    module.structs[1].directions = ir::kUnmarshal;
    CHECK(messages(module, "Outer").size() == 1);
  }
}

TEST_CASE("validate: an optional or pointer that directly holds another nullable type",
          "[validate]") {
  const auto type = [](ir::TypeKind kind, const char* spelling, std::vector<ir::Type> args) {
    ir::Type t;
    t.kind = kind;
    t.spelling = spelling;
    t.args = std::move(args);
    return t;
  };
  const ir::Type number = type(ir::TypeKind::Int, "int", {});
  const ir::Type inner = type(ir::TypeKind::Optional, "std::optional<int>", {number});
  const ir::Type nested =
      type(ir::TypeKind::Optional, "std::optional<std::optional<int>>", {inner});
  ir::Module module;
  ir::Field plain = member("plain"), twice = member("twice"), deep = member("deep"),
            pointer = member("pointer"), listed = member("listed");
  plain.type = inner;
  twice.type = nested;
  deep.type =
      type(ir::TypeKind::Vector, "std::vector<std::optional<std::optional<int>>>", {nested});
  pointer.type = type(ir::TypeKind::Pointer, "std::unique_ptr<std::optional<int>>", {inner});
  // Optionals side by side, or inside a container inside an optional, keep every level.
  listed.type = type(ir::TypeKind::Optional, "std::optional<std::vector<std::optional<int>>>",
                     {type(ir::TypeKind::Vector, "std::vector<std::optional<int>>", {inner})});
  module.structs.push_back(make_struct("Levels", {plain, twice, deep, pointer, listed}));
  const std::vector<std::string> found = messages(module, "Levels");
  REQUIRE(found.size() == 3);
  CHECK_THAT(found[0], Catch::StartsWith("field 'twice': 'std::optional<std::optional<int>>' "
                                         "holds a value that is nil when empty "
                                         "('std::optional<int>') in another"));
  CHECK_THAT(found[1], Catch::StartsWith("field 'deep': 'std::optional<std::optional<int>>'"));
  CHECK_THAT(found[2], Catch::StartsWith("field 'pointer': 'std::unique_ptr<std::optional<int>>'"));
}

TEST_CASE("validate: an UnknownFields member takes no options and fits its struct", "[validate]") {
  ir::Module module;
  ir::Field unknown = member("unknown", ir::TypeKind::Custom);
  module.structs.push_back(make_struct("Plain", {member("id")}));
  module.structs.back().unknown_fields = unknown;
  CHECK(messages(module, "Plain").empty());

  SECTION("tag options") {
    module.structs.back().unknown_fields->omit_empty = true;
    CHECK(messages(module, "Plain") ==
          std::vector<std::string>{"field 'unknown' keeps the unknown fields of Plain and takes no "
                                   "tag options: it has no key and no value of its own"});
  }
  SECTION("a renamed key") {
    module.structs.back().unknown_fields->key = "extra";
    CHECK(messages(module, "Plain").size() == 1);
  }
  SECTION("strict") {
    module.structs.back().strict = true;
    CHECK(messages(module, "Plain") ==
          std::vector<std::string>{"struct Plain is strict, so an unknown key is an error, yet "
                                   "'unknown' keeps unknown fields; drop one of the two"});
  }
  SECTION("const: refused when decoded, fine marshal-only") {
    module.structs.back().unknown_fields->read_only = "const";
    CHECK(messages(module, "Plain").size() == 1);
    module.structs.back().directions = ir::kMarshal;
    CHECK(messages(module, "Plain").empty());
  }
  SECTION("inlined into another struct, with a note at the member") {
    module.structs.back().unknown_fields->location.line = 7;
    module.structs.push_back(make_struct("Outer", {inline_member("plain", "Plain")}));
    std::vector<ir::Finding> findings = ir::validate_struct(module, module.structs[1]);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message.rfind("field 'plain' inlines Plain, which keeps unknown fields", 0) ==
          0);
    REQUIRE(findings[0].notes.size() == 1);
    CHECK(findings[0].notes[0].location.line == 7);
  }
}
