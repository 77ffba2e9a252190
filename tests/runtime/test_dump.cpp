// msgpack_gen::dump(): any msgpack value as JSON text, and what it does with hostile input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "msgpack_gen/dump.hpp"
#include "test_support.hpp"

using msgpack_gen::DumpOptions;
using msgpack_gen::DumpResult;
using msgpack_gen::ErrorCode;
using test_support::Bytes;
using test_support::from_hex;

namespace {

std::string dumped(const Bytes& bytes, const DumpOptions& options = {}) {
  std::string text;
  const DumpResult result = msgpack_gen::dump(bytes.data(), bytes.size(), text, options);
  REQUIRE(result.status);
  CHECK(result.size == bytes.size());
  CHECK_FALSE(result.cut);
  return text;
}

std::string dumped_hex(std::string_view hex, const DumpOptions& options = {}) {
  return dumped(from_hex(hex), options);
}

// What msgpack-c writes for value, as dumped text.
template <class T>
std::string dumped_value(const T& value) {
  return dumped(test_support::theirs(value).bytes);
}

// What msgpack-gen writes for value (types msgpack-c has no adaptor for), as dumped text.
template <class T>
std::string dumped_ours(const T& value) {
  return dumped(test_support::ours(value).bytes);
}

}  // namespace

TEST_CASE("dump: scalars as JSON", "[dump]") {
  CHECK(dumped_hex("c0") == "null");
  CHECK(dumped_hex("c3") == "true");
  CHECK(dumped_hex("c2") == "false");
  CHECK(dumped_hex("00") == "0");
  CHECK(dumped_hex("7f") == "127");
  CHECK(dumped_hex("ff") == "-1");
  CHECK(dumped_hex("e0") == "-32");
  CHECK(dumped_value(std::numeric_limits<std::uint64_t>::max()) == "18446744073709551615");
  CHECK(dumped_value(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
  // A signed form holding a positive value, as other writers may send it.
  CHECK(dumped_hex("d3 00 00 00 00 00 00 00 05") == "5");
  CHECK(dumped_value(1.5) == "1.5");
  CHECK(dumped_hex("cb 3f b9 99 99 99 99 99 9a") == "0.1");
  CHECK(dumped_hex("ca 3d cc cc cd") == "0.1");  // float32 0.1f: its own shortest text
  CHECK(dumped_hex("cb 7f f8 00 00 00 00 00 00") == "\"NaN\"");
  CHECK(dumped_hex("cb 7f f0 00 00 00 00 00 00") == "\"Infinity\"");
  CHECK(dumped_hex("ca ff 80 00 00") == "\"-Infinity\"");
}

TEST_CASE("dump: strings are always valid JSON", "[dump]") {
  CHECK(dumped_value(std::string("plain")) == "\"plain\"");
  CHECK(dumped_value(std::string("q\"b\\n\nt\tc\x01")) == R"("q\"b\\n\nt\tc\u0001")");
  CHECK(dumped_value(std::string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80")) ==
        "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");  // UTF-8 passes through
  // Bytes that are not UTF-8: each as \udcXX, never passed through.
  CHECK(dumped_value(std::string("a\xff"
                                 "b")) == R"("a\udcffb")");
  CHECK(dumped_value(std::string("\xc0\xaf")) == R"("\udcc0\udcaf")");            // overlong '/'
  CHECK(dumped_value(std::string("\xed\xa0\x80")) == R"("\udced\udca0\udc80")");  // a surrogate
  CHECK(dumped_value(std::string("\xe2\x82")) == R"("\udce2\udc82")");            // cut short
  CHECK(dumped_value(std::string("\xf4\x90\x80\x80")) ==
        R"("\udcf4\udc90\udc80\udc80")");  // above U+10FFFF
}

TEST_CASE("dump: bin as base64", "[dump]") {
  CHECK(dumped_hex("c4 00") == "\"\"");
  CHECK(dumped_hex("c4 01 00") == "\"AA==\"");
  CHECK(dumped_hex("c4 02 00 01") == "\"AAE=\"");
  CHECK(dumped_hex("c4 03 66 6f 6f") == "\"Zm9v\"");
  CHECK(dumped_hex("c4 06 66 6f 6f 62 61 72") == "\"Zm9vYmFy\"");
}

TEST_CASE("dump: arrays and maps, on one line or indented", "[dump]") {
  std::map<std::string, std::vector<int>> value{{"a", {1, 2}}, {"b", {}}};
  CHECK(dumped_value(value) == R"({"a": [1, 2], "b": []})");
  DumpOptions pretty;
  pretty.indent = 2;
  CHECK(dumped(test_support::theirs(value).bytes, pretty) ==
        "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": []\n}");
  CHECK(dumped_hex("80") == "{}");
  CHECK(dumped_hex("90") == "[]");
}

TEST_CASE("dump: map keys of any type", "[dump]") {
  std::map<int, std::string> by_int{{1, "a"}, {-2, "b"}};
  CHECK(dumped_value(by_int) == R"({"-2": "b", "1": "a"})");
  DumpOptions bare;
  bare.quote_keys = false;
  CHECK(dumped(test_support::theirs(by_int).bytes, bare) == R"({-2: "b", 1: "a"})");
  // A key that is a map with a key of its own: the inner key is written bare inside the outer
  // key's string, so keys within keys are escaped once, not once per level (fuzz_dump found
  // the text doubling with each level, without bound when max_output is 0).
  CHECK(dumped_hex("81 81 01 c0 c3") == R"({"{1: null}": true})");
  CHECK(dumped_hex("81 81 81 a1 61 c0 c0 c3") == R"({"{{\"a\": null}: null}": true})");
  // An array key and a str key with a quote: each a valid JSON string.
  CHECK(dumped_hex("82 92 01 a1 22 c0 a1 22 c3") == R"({"[1, \"\\\"\"]": null, "\"": true})");
}

TEST_CASE("dump: extension values", "[dump]") {
  // An unknown type: its type and payload.
  CHECK(dumped_hex("d4 05 2a") == R"({"ext": 5, "data": "Kg=="})");
  CHECK(dumped_hex("c7 00 7f") == R"({"ext": 127, "data": ""})");
  // Tarantool's decimal 12.50 (scale 2, BCD 01 25 0c): the exact number.
  CHECK(dumped_hex("d6 01 02 01 25 0c") == "\"12.50\"");
  // uuid: canonical form.
  CHECK(dumped_hex("d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6") ==
        "\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"");
  // The msgpack timestamp, all three forms.
  CHECK(dumped_hex("d6 ff 00 00 00 01") == "\"1970-01-01T00:00:01Z\"");
  CHECK(dumped_hex("d7 ff 77 35 94 00 00 00 00 01") == "\"1970-01-01T00:00:01.500000000Z\"");
  CHECK(dumped_hex("c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff") ==
        "\"1969-12-31T23:59:59.999999999Z\"");
  // Tarantool's datetime: 2024-02-29T12:00:00Z shown at its offset +05:30.
  // 1709208000 = 0x65e071c0, little-endian; nsec 0, tzoffset 330 = 0x014a.
  CHECK(dumped_hex("d8 04 c0 71 e0 65 00 00 00 00 00 00 00 00 4a 01 00 00") ==
        "\"2024-02-29T17:30:00+05:30\"");
  CHECK(dumped_hex("d7 04 c0 71 e0 65 00 00 00 00") == "\"2024-02-29T12:00:00Z\"");
  // A known type whose payload is not valid prints the generic way.
  CHECK(dumped_hex("d4 02 00") == R"({"ext": 2, "data": "AA=="})");
  DumpOptions raw;
  raw.known_extensions = false;
  CHECK(dumped(from_hex("d6 ff 00 00 00 01"), raw) == R"({"ext": -1, "data": "AAAAAQ=="})");
}

TEST_CASE("dump: times far from today", "[dump]") {
  // Year 0 and years past 9999 (ISO 8601's expanded years).
  CHECK(dumped_ours(msgpack_gen::Timestamp{-62167219200, 0}) == "\"0000-01-01T00:00:00Z\"");
  CHECK(dumped_ours(msgpack_gen::Timestamp{253402300800, 0}) == "\"+10000-01-01T00:00:00Z\"");
  CHECK(dumped_ours(msgpack_gen::Timestamp{951782400, 0}) == "\"2000-02-29T00:00:00Z\"");
  CHECK(dumped_ours(msgpack_gen::Timestamp{std::numeric_limits<std::int64_t>::min(), 0}).size() >
        10);  // no overflow at the ends of the range
}

TEST_CASE("dump: hostile input stops at the first error and says where", "[dump]") {
  std::string text;
  Bytes bytes = from_hex("93 01 a5 61 62");  // [1, "ab... cut short
  DumpResult result = msgpack_gen::dump(bytes.data(), bytes.size(), text);
  CHECK(result.status.code() == ErrorCode::incomplete);
  CHECK(result.status.path() == "[1]");
  CHECK(text == "[1, ");

  text.clear();
  bytes = from_hex("81 a1 6b c1");  // {"k": <0xc1>}
  result = msgpack_gen::dump(bytes.data(), bytes.size(), text);
  CHECK(result.status.code() == ErrorCode::invalid_marker);
  CHECK(result.status.offset() == 3);
  CHECK(result.status.path() == "[\"k\"]");

  // A length the input does not hold: refused before anything is allocated.
  text.clear();
  bytes = from_hex("dd ff ff ff ff");
  result = msgpack_gen::dump(bytes.data(), bytes.size(), text);
  CHECK(result.status.code() == ErrorCode::incomplete);

  // Nesting deeper than the reader allows.
  text.clear();
  bytes.assign(100, 0x91);
  bytes.push_back(0xc0);
  result = msgpack_gen::dump(bytes.data(), bytes.size(), text);
  CHECK(result.status.code() == ErrorCode::too_deep);
  DumpOptions deep;
  deep.reader.max_depth = 200;
  text.clear();
  result = msgpack_gen::dump(bytes.data(), bytes.size(), text, deep);
  CHECK(result.status);
  CHECK(text == std::string(100, '[') + "null" + std::string(100, ']'));

  CHECK_THAT(msgpack_gen::dump_text("\x92\x01\xa5\x61", 4),
             Catch::StartsWith("[1,  <- incomplete input at offset 2 in [1]: expected str"));
}

TEST_CASE("dump: the text is bounded, the walk is not", "[dump]") {
  std::vector<std::string> many(1000, std::string(50, 'x'));
  const Bytes bytes = test_support::theirs(many).bytes;
  DumpOptions small;
  small.max_output = 100;
  std::string text = "prefix:";
  const DumpResult result = msgpack_gen::dump(bytes.data(), bytes.size(), text, small);
  CHECK(result.status);
  CHECK(result.cut);
  CHECK(result.size == bytes.size());  // the whole value was still walked
  CHECK(text.size() == 7 + 100 + 3);
  CHECK(text.substr(text.size() - 3) == "...");
  CHECK(text.substr(0, 10) == "prefix:[\"x");

  // One long string or bin: cut inside it, not written whole first.
  const Bytes long_bin = test_support::theirs(std::vector<char>(1 << 20, 'a')).bytes;
  text.clear();
  CHECK(msgpack_gen::dump(long_bin.data(), long_bin.size(), text, small).cut);
  CHECK(text.size() <= 100 + 3);
}

TEST_CASE("dump: values of a stream, one after the other", "[dump]") {
  const Bytes stream = from_hex("01 a1 61 92 c3 c2");
  std::size_t at = 0;
  std::vector<std::string> values;
  while (at < stream.size()) {
    std::string text;
    const DumpResult result = msgpack_gen::dump(stream.data() + at, stream.size() - at, text);
    REQUIRE(result.status);
    values.push_back(text);
    at += result.size;
  }
  CHECK(values == std::vector<std::string>{"1", "\"a\"", "[true, false]"});
}
