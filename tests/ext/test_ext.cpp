#include "msgpack_gen/ext/ext.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "ext_test_support.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Ext;
using namespace ext_test;

TEST_CASE("ext passthrough writes the smallest header for each length") {
  struct Case {
    std::size_t length;
    const char* header;  // marker [length] type
  };
  const Case cases[] = {
      {0, "c7 00 05"},   {1, "d4 05"},         {2, "d5 05"},           {3, "c7 03 05"},
      {4, "d6 05"},      {8, "d7 05"},         {16, "d8 05"},          {17, "c7 11 05"},
      {255, "c7 ff 05"}, {256, "c8 01 00 05"}, {65535, "c8 ff ff 05"}, {65536, "c9 00 01 00 00 05"},
  };
  for (const Case& c : cases) {
    INFO(c.length);
    Ext value{5, std::vector<std::uint8_t>(c.length, 0xab)};
    Bytes wire = encode(value);
    Bytes header = from_hex(c.header);
    REQUIRE(wire.size() == header.size() + c.length);
    CHECK(to_hex(Bytes(wire.begin(), wire.begin() + static_cast<std::ptrdiff_t>(header.size()))) ==
          c.header);
  }
}

TEST_CASE("ext passthrough decodes every header form and keeps type and payload") {
  const std::pair<const char*, Ext> cases[] = {
      {"d4 ff 01", Ext{-1, {1}}},
      {"d5 03 01 02", Ext{3, {1, 2}}},
      {"d6 06 01 02 03 04", Ext{6, {1, 2, 3, 4}}},
      {"d7 80 01 02 03 04 05 06 07 08", Ext{-128, {1, 2, 3, 4, 5, 6, 7, 8}}},
      {"d8 7f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f",
       Ext{127, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}},
      {"c7 00 09", Ext{9, {}}},
      {"c7 03 09 aa bb cc", Ext{9, {0xaa, 0xbb, 0xcc}}},
      {"c8 00 02 09 aa bb", Ext{9, {0xaa, 0xbb}}},  // re-encodes as fixext 2
      {"c9 00 00 00 01 09 aa", Ext{9, {0xaa}}},     // re-encodes as fixext 1
  };
  for (const auto& [wire, expected] : cases) {
    INFO(wire);
    Ext value{1, {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}};
    REQUIRE(decode(from_hex(wire), value).ok());
    CHECK(value == expected);
    Ext again;
    REQUIRE(decode(encode(value), again).ok());
    CHECK(again == expected);
  }
  // Smallest header on re-encode.
  CHECK(to_hex(encode(Ext{9, {0xaa, 0xbb}})) == "d5 09 aa bb");
}

TEST_CASE("ext passthrough rejects non-ext values and cut payloads") {
  Ext value{4, {1, 2}};
  CHECK(decode(from_hex("c4 01 00"), value).code() == ErrorCode::type_mismatch);  // bin
  CHECK(decode(from_hex("d6 01 00 00"), value).code() == ErrorCode::incomplete);
  CHECK(decode(from_hex("c7 05 01 00"), value).code() == ErrorCode::incomplete);
  CHECK(decode(from_hex("c8 00"), value).code() == ErrorCode::incomplete);
  CHECK(decode(from_hex("d4"), value).code() == ErrorCode::incomplete);
  CHECK(value == Ext{4, {1, 2}});
}

TEST_CASE("ext passthrough random round trips") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> type(-128, 127);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> length(0, 300);
  for (int i = 0; i < 500; ++i) {
    Ext value;
    value.type = static_cast<std::int8_t>(type(rng));
    value.data.resize(static_cast<std::size_t>(length(rng)));
    for (auto& b : value.data) b = static_cast<std::uint8_t>(byte(rng));
    Ext back;
    REQUIRE(decode(encode(value), back).ok());
    CHECK(back == value);
  }
}
