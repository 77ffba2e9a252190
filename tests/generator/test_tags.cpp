// The MSGPACK_TAG grammar.
#include <catch2/catch.hpp>

#include "frontend/tags.hpp"

using namespace msgpack_gen::frontend;

TEST_CASE("field tags", "[tags]") {
  FieldTag tag;
  CHECK(parse_field_tag("username", tag).empty());
  CHECK(tag.key == "username");
  CHECK_FALSE(tag.omit_empty);

  tag = {};
  CHECK(parse_field_tag("-", tag).empty());
  CHECK(tag.skip);

  tag = {};
  CHECK(parse_field_tag(",omitempty", tag).empty());
  CHECK(tag.key.empty());
  CHECK(tag.omit_empty);

  tag = {};
  CHECK(parse_field_tag("n,omitempty", tag).empty());
  CHECK(tag.key == "n");

  tag = {};
  CHECK(parse_field_tag(",inline", tag).empty());
  CHECK(tag.inline_fields);
}

TEST_CASE("bad field tags say what is wrong", "[tags]") {
  FieldTag tag;
  CHECK_THAT(parse_field_tag(",omitempt", tag), Catch::Contains("unknown field option 'omitempt'"));
  tag = {};
  CHECK_THAT(parse_field_tag("a,,omitempty", tag), Catch::Contains("empty option"));
  tag = {};
  CHECK_THAT(parse_field_tag("k,inline", tag), Catch::Contains("no key of its own"));
  tag = {};
  CHECK_THAT(parse_field_tag("a\"b", tag), Catch::Contains("character"));
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
  tag = {};
  CHECK_THAT(parse_struct_tag("as_list", tag), Catch::Contains("unknown struct option 'as_list'"));
  tag = {};
  CHECK_THAT(parse_struct_tag("as_map,as_array", tag), Catch::Contains("exclude"));
}

TEST_CASE("integer keys", "[tags][int-keys]") {
  FieldTag tag;
  CHECK(parse_field_tag("#16", tag).empty());
  CHECK(tag.has_int_key);
  CHECK(tag.int_key == 16);
  tag = {};
  CHECK(parse_field_tag("#0x21,omitempty", tag).empty());
  CHECK(tag.int_key == 0x21);
  CHECK(tag.omit_empty);
  tag = {};
  CHECK(parse_field_tag("#-7", tag).empty());
  CHECK(tag.int_key == -7);
  tag = {};
  CHECK_THAT(parse_field_tag("#12abc", tag), Catch::Contains("is not a number"));
  tag = {};
  CHECK_THAT(parse_field_tag("#", tag), Catch::Contains("is not a number"));
  tag = {};
  CHECK_THAT(parse_field_tag("#--1", tag), Catch::Contains("is not a number"));
}
