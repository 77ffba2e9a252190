// Decode limits and strict enums through generated code: ReaderOptions for every message, and
// MSGPACK_TAG(",limit=N") / (",strict") for one field. Each limit is checked at the value's
// header, before anything is allocated, and names the field.
#include <catch2/catch.hpp>

#include <string>

#include "limits.msgpack.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::ErrorCode;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;

namespace {

guarded::Request valid_request() {
  guarded::Request r;
  r.name = "eight ch";
  r.ids = {1, 2, 3, 4};
  r.note = std::string(16, 'n');
  r.tags = {"a", "bb", "ccc"};
  r.color = guarded::Color::blue;
  r.shade = guarded::Color::green;
  r.meta = {{"k", "v"}};
  return r;
}

Buffer encode(const guarded::Request& r) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, r);
  return buffer;
}

Status decode(const Buffer& buffer, ReaderOptions options = {}) {
  guarded::Request back;
  return msgpack_gen::unmarshal(buffer.data(), buffer.size(), back, options);
}

}  // namespace

TEST_CASE("values at a field's limit decode, one more is refused with the field's name",
          "[limits]") {
  guarded::Request r = valid_request();
  Status ok = decode(encode(r));
  INFO(ok.message());
  REQUIRE(ok);

  struct Case {
    const char* what;
    void (*spoil)(guarded::Request&);
    const char* field;
  };
  const Case cases[] = {
      {"name of 9 bytes", [](guarded::Request& x) { x.name = "nine char"; }, "name"},
      {"5 ids", [](guarded::Request& x) { x.ids.push_back(5); }, "ids"},
      {"a note of 17 bytes", [](guarded::Request& x) { x.note = std::string(17, 'n'); }, "note"},
      {"4 tags", [](guarded::Request& x) { x.tags.push_back("d"); }, "tags"},
      {"a tag of 4 bytes (nested values are bounded too)",
       [](guarded::Request& x) { x.tags[0] = "dddd"; }, "tags[0]"},
  };
  for (const Case& c : cases) {
    guarded::Request bad = valid_request();
    c.spoil(bad);
    Status status = decode(encode(bad));
    INFO(c.what << ": " << status.message());
    CHECK(status.code() == ErrorCode::limit_exceeded);
    CHECK_THAT(status.message(), Catch::Contains(c.field));
    CHECK_THAT(status.message(), Catch::Contains("over the limit"));
  }
}

TEST_CASE("ReaderOptions bound every string, array, map and the allocation of a message",
          "[limits]") {
  Buffer buffer = encode(valid_request());
  ReaderOptions str;
  str.max_str_length = 2;  // "eight ch" is over
  Status status = decode(buffer, str);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("str of 8 bytes is over the limit of 2"));

  ReaderOptions map;
  map.max_map_length = 3;  // the struct itself is a map of 8 pairs
  CHECK(decode(buffer, map).code() == ErrorCode::limit_exceeded);

  ReaderOptions array;
  array.max_array_length = 3;  // ids has 4
  status = decode(buffer, array);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("ids"));

  // The budget counts what decoding allocates: here the note (16 bytes, beyond the small-string
  // buffer), the vectors' storage and a map node.
  ReaderOptions tight;
  tight.max_allocation = 20;
  status = decode(buffer, tight);
  INFO(status.message());
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("allocation limit"));
  ReaderOptions enough;
  enough.max_allocation = 4096;
  CHECK(decode(buffer, enough));

  // A limit below a field's own tag wins, and the tag wins below the option: the smaller one.
  ReaderOptions loose;
  loose.max_str_length = 1000;
  guarded::Request long_name = valid_request();
  long_name.name = "nine char";
  CHECK(decode(encode(long_name), loose).code() == ErrorCode::limit_exceeded);
}

TEST_CASE("a strict enum takes only its declared enumerators, as a number or a name", "[enums]") {
  guarded::Request r = valid_request();
  r.loose = static_cast<guarded::Color>(9);  // not strict: any number of the type
  CHECK(decode(encode(r)));

  guarded::Request bad = valid_request();
  bad.color = static_cast<guarded::Color>(3);
  Status status = decode(encode(bad));
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK_THAT(status.message(), Catch::Contains("3 is not a value of the enum"));
  CHECK_THAT(status.message(), Catch::Contains("color"));

  // as_string and strict: a number it has no name for is refused too (it is written as one).
  guarded::Request bad_shade = valid_request();
  bad_shade.shade = static_cast<guarded::Color>(9);
  status = decode(encode(bad_shade));
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK_THAT(status.message(), Catch::Contains("9 is not a value of the enum"));
  CHECK_THAT(status.message(), Catch::Contains("shade"));
}

TEST_CASE("an enum without a fixed underlying type takes only the values it can hold", "[enums]") {
  guarded::Request r = valid_request();
  r.legacy = guarded::kLink;
  r.balances = {guarded::kDebit, guarded::kCredit, static_cast<guarded::Balance>(-1)};
  CHECK(decode(encode(r)));  // 3 and -2..1: every value the bit-fields hold

  // Numbers those bit-fields cannot hold, written by hand (casting them in C++ is undefined).
  // (-1 does not even fit the underlying unsigned type: out_of_range, as for any integer.)
  for (std::int64_t number : {4, 82}) {
    Buffer buffer;
    msgpack_gen::Writer out(buffer);
    out.map_header(1);
    out.str("legacy", 6);
    out.sint(number);
    guarded::Request back;
    Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
    INFO(number << ": " << status.message());
    CHECK(status.code() == ErrorCode::invalid_value);
    CHECK_THAT(status.message(), Catch::Contains("(0..3)"));
    CHECK_THAT(status.message(), Catch::Contains("legacy"));
  }
  Buffer buffer;
  msgpack_gen::Writer out(buffer);
  out.map_header(1);
  out.str("balances", 8);
  out.array_header(1);
  out.sint(2);
  guarded::Request back;
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK_THAT(status.message(), Catch::Contains("(-2..1)"));
}
