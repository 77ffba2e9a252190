#include "msgpack_gen/ext/raw.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "ext_test_support.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/writer.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::RawMsgpack;
using msgpack_gen::RawMsgpackView;
using msgpack_gen::Reader;
using namespace ext_test;

namespace {
// One value of each shape, nested containers included.
const char* const kValues[] = {
    "c0",                                                     // nil
    "2a",                                                     // fixint
    "cd 01 00",                                               // uint16
    "cb 3f f8 00 00 00 00 00 00",                             // float64 1.5
    "a3 61 62 63",                                            // "abc"
    "c4 02 00 ff",                                            // bin
    "d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b",  // uuid ext
    "93 01 92 02 03 81 a1 6b c3",                             // [1, [2, 3], {"k": true}]
    "82 a1 61 90 a1 62 80",                                   // {"a": [], "b": {}}
};
}  // namespace

TEST_CASE("raw msgpack captures exactly one whole value") {
  for (const char* text : kValues) {
    INFO(text);
    Bytes value = from_hex(text);
    // The value followed by a marker the raw value must not swallow.
    Bytes input = value;
    input.push_back(0x07);
    Reader reader(input.data(), input.size());
    RawMsgpack raw;
    REQUIRE(msgpack_gen::codec<RawMsgpack>::decode(reader, raw));
    CHECK(Bytes(raw.bytes.begin(), raw.bytes.end()) == value);
    CHECK(reader.remaining() == 1);

    Reader view_reader(input.data(), input.size());
    RawMsgpackView view;
    REQUIRE(msgpack_gen::codec<RawMsgpackView>::decode(view_reader, view));
    CHECK(std::string(view.bytes) == raw.bytes);
    // Zero-copy: the view points into the input.
    CHECK(reinterpret_cast<const std::uint8_t*>(view.bytes.data()) == input.data());
  }
}

TEST_CASE("raw msgpack encodes its bytes verbatim") {
  for (const char* text : kValues) {
    INFO(text);
    Bytes value = from_hex(text);
    RawMsgpack raw{std::string(value.begin(), value.end())};
    CHECK(encode(raw) == value);
    RawMsgpackView view{raw.bytes};
    CHECK(encode(view) == value);
  }
  // Trusted, not checked: even bytes that are not one msgpack value are copied as they are.
  CHECK(to_hex(encode(RawMsgpack{std::string("\xc1\x01", 2)})) == "c1 01");
}

TEST_CASE("an empty raw msgpack encodes as nil and counts as empty") {
  CHECK(to_hex(encode(RawMsgpack{})) == "c0");
  CHECK(to_hex(encode(RawMsgpackView{})) == "c0");
  CHECK(msgpack_gen::is_empty(RawMsgpack{}));
  CHECK_FALSE(msgpack_gen::is_empty(RawMsgpack{"\xc0"}));
  RawMsgpack decoded{"junk"};
  REQUIRE(decode(from_hex("c0"), decoded).ok());
  CHECK(decoded.bytes == "\xc0");
}

TEST_CASE("raw msgpack rejects malformed or cut values and leaves the field alone") {
  const std::pair<const char*, ErrorCode> cases[] = {
      {"c1", ErrorCode::invalid_marker},
      {"92 01", ErrorCode::incomplete},        // array of 2 with one element
      {"92 01 cd 01", ErrorCode::incomplete},  // the last element is cut
      {"a5 61 62", ErrorCode::incomplete},
      {"cd 01", ErrorCode::incomplete},
      {"91 c1", ErrorCode::invalid_marker},
  };
  for (const auto& [text, code] : cases) {
    INFO(text);
    RawMsgpack raw{"\x2a"};
    CHECK(decode(from_hex(text), raw).code() == code);
    CHECK(raw.bytes == "\x2a");
  }
}

TEST_CASE("raw msgpack respects the reader's depth limit") {
  Bytes deep(100, 0x91);  // [[[[...]]]] 100 levels
  deep.push_back(0x01);
  RawMsgpack raw;
  CHECK(decode(deep, raw).code() == ErrorCode::too_deep);
  msgpack_gen::ReaderOptions options;
  options.max_depth = 200;
  REQUIRE(msgpack_gen::unmarshal(deep.data(), deep.size(), raw, options).ok());
  CHECK(raw.bytes.size() == deep.size());
}

TEST_CASE("raw msgpack values round trip inside arrays") {
  std::mt19937 rng(99);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(kValues) - 1);
  for (int i = 0; i < 200; ++i) {
    std::vector<RawMsgpack> values(rng() % 6);
    for (auto& value : values) {
      Bytes bytes = from_hex(kValues[pick(rng)]);
      value.bytes.assign(bytes.begin(), bytes.end());
    }
    Bytes wire = encode(values);
    std::vector<RawMsgpack> back;
    REQUIRE(decode(wire, back).ok());
    CHECK(back == values);
    std::vector<RawMsgpackView> views;
    REQUIRE(decode(wire, views).ok());
    REQUIRE(views.size() == values.size());
    for (std::size_t k = 0; k < views.size(); ++k)
      CHECK(std::string(views[k].bytes) == values[k].bytes);
  }
}
