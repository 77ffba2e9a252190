// The MSGPACK_TAG grammar.
#include <catch2/catch.hpp>

#include <string_view>

#include "frontend/tags.hpp"

using namespace msgpack_gen::frontend;
using msgpack_gen::ir::Field;

namespace {

// A field tag read into a fresh field (whose key stays empty unless the tag names one).
struct Parsed {
  std::string problem;
  Field field;
  FieldTag tag;
};
Parsed field_tag(std::string_view text) {
  Parsed parsed;
  parsed.problem = parse_field_tag(text, parsed.field, parsed.tag);
  return parsed;
}

}  // namespace

TEST_CASE("field tags", "[tags]") {
  Parsed p = field_tag("username");
  CHECK(p.problem.empty());
  CHECK(p.field.key == "username");
  CHECK_FALSE(p.field.omit_empty);
  CHECK(p.tag.warning.empty());

  p = field_tag("-");
  CHECK(p.problem.empty());
  CHECK(p.tag.skip);

  p = field_tag(",omitempty");
  CHECK(p.problem.empty());
  CHECK(p.field.key.empty());
  CHECK(p.field.omit_empty);

  p = field_tag("n,omitempty");
  CHECK(p.problem.empty());
  CHECK(p.field.key == "n");

  p = field_tag(",inline");
  CHECK(p.problem.empty());
  CHECK(p.field.inline_fields);
}

TEST_CASE("every field option sets its flag of the field", "[tags]") {
  Parsed p = field_tag(",required,as_string,strict,limit=64");
  CHECK(p.problem.empty());
  CHECK(p.field.required);
  CHECK(p.field.as_string);
  CHECK(p.field.strict_enum);
  CHECK(p.field.limit == 64);
  CHECK_FALSE(p.field.omit_empty);
  CHECK_FALSE(p.field.inline_fields);
}

TEST_CASE("bad field tags say what is wrong", "[tags]") {
  CHECK_THAT(field_tag(",omitempt").problem, Catch::Contains("unknown field option 'omitempt'"));
  CHECK_THAT(field_tag("a,,omitempty").problem, Catch::Contains("empty option"));
  CHECK_THAT(field_tag("k,inline").problem, Catch::Contains("no key of its own"));
  CHECK_THAT(field_tag("a\"b").problem, Catch::Contains("character"));
  CHECK_THAT(field_tag(",required,omitempty").problem,
             Catch::Contains("a required field cannot be omitempty"));
  CHECK_THAT(field_tag(",limit=0").problem,
             Catch::Contains("limit=0 is not a length from 1 to 4294967295"));
  CHECK_THAT(field_tag(",limit=4294967296").problem, Catch::Contains("is not a length"));
  CHECK_THAT(field_tag(",limit=").problem, Catch::Contains("is not a length"));
}

TEST_CASE("unknown options: a close match, then the options of that kind", "[tags]") {
  CHECK(field_tag(",omitemtpy").problem ==
        "unknown field option 'omitemtpy' (did you mean 'omitempty'? field options: omitempty, "
        "inline, required, as_string, redact, strict, limit=N)");
  // A flag takes no value, and a number needs one.
  CHECK_THAT(field_tag(",omitempty=1").problem,
             Catch::Contains("unknown field option 'omitempty=1'"));
  CHECK_THAT(field_tag(",limit").problem,
             Catch::Contains("unknown field option 'limit' (did you mean 'limit=N'?"));
  // Struct options are not field options, and the other way round.
  CHECK_THAT(field_tag(",as_array").problem, Catch::Contains("unknown field option 'as_array'"));
  StructTag tag;
  CHECK(parse_struct_tag("omitempty", tag) ==
        "unknown struct option 'omitempty' (struct options: as_map, as_array, strict, "
        "nest_bases, private_fields)");
}

TEST_CASE("an option's name as the whole tag is a key, with a warning", "[tags]") {
  Parsed p = field_tag("omitempty");
  CHECK(p.problem.empty());
  CHECK(p.field.key == "omitempty");  // still renamed, as the grammar says
  CHECK_FALSE(p.field.omit_empty);
  CHECK_THAT(p.tag.warning, Catch::Contains("did you mean \",omitempty\""));

  for (const char* option : {"inline", "required", "as_string", "strict", "limit=8"}) {
    p = field_tag(option);
    CHECK(p.problem.empty());
    CHECK_THAT(p.tag.warning, Catch::Contains(std::string("did you mean \",") + option + "\""));
  }
  // A struct option belongs in the struct's tag.
  p = field_tag("as_array");
  CHECK(p.problem.empty());
  CHECK_THAT(p.tag.warning, Catch::Contains("as_array is a struct option"));
  CHECK_THAT(p.tag.warning, Catch::Contains("struct MSGPACK_TAG(\"as_array\")"));

  // With a comma it is what was meant; other keys are just keys.
  CHECK(field_tag(",omitempty").tag.warning.empty());
  CHECK(field_tag("omitempty,required").tag.warning.empty());
  CHECK(field_tag("limits").tag.warning.empty());
  CHECK(field_tag("").tag.warning.empty());
}

TEST_CASE("struct tags", "[tags]") {
  StructTag tag;
  CHECK(parse_struct_tag("as_array", tag).empty());
  CHECK(tag.as_array);
  tag = {};
  CHECK(parse_struct_tag(",as_array", tag).empty());
  CHECK(tag.as_array);
  tag = {};
  CHECK(parse_struct_tag("as_map", tag).empty());
  CHECK_FALSE(tag.as_array);
  CHECK(tag.as_map);
  tag = {};
  CHECK(parse_struct_tag("strict,nest_bases,private_fields", tag).empty());
  CHECK(tag.strict);
  CHECK(tag.nest_bases);
  CHECK(tag.private_fields);
  tag = {};
  CHECK_THAT(parse_struct_tag("as_list", tag), Catch::Contains("unknown struct option 'as_list'"));
  tag = {};
  CHECK_THAT(parse_struct_tag("as_map,as_array", tag), Catch::Contains("exclude"));
}

TEST_CASE("integer keys", "[tags][int-keys]") {
  Parsed p = field_tag("#16");
  CHECK(p.problem.empty());
  CHECK(p.field.has_int_key);
  CHECK(p.field.int_key == 16);
  CHECK(p.field.key.empty());  // the key is int_key alone
  CHECK(p.field.key_text() == "#16");
  p = field_tag("#0x21,omitempty");
  CHECK(p.problem.empty());
  CHECK(p.field.int_key == 0x21);
  CHECK(p.field.key_text() == "#33");  // one spelling for one key, however it was written
  CHECK(p.field.omit_empty);
  p = field_tag("#-7");
  CHECK(p.problem.empty());
  CHECK(p.field.int_key == -7);
  CHECK_THAT(field_tag("#12abc").problem, Catch::Contains("is not a number"));
  CHECK_THAT(field_tag("#").problem, Catch::Contains("is not a number"));
  CHECK_THAT(field_tag("#--1").problem, Catch::Contains("is not a number"));
}
