#include "msgpack_gen/ext/datetime.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "ext_test_support.hpp"

using msgpack_gen::Datetime;
using msgpack_gen::ErrorCode;
using namespace ext_test;

// Expected bytes are derived by hand from Tarantool's documented MP_DATETIME layout (tarantool
// 2.6, installed here, predates datetime, so it cannot confirm them): int64 seconds, then int32
// nsec, int16 tzoffset, int16 tzindex, all little-endian, the last three only when not all 0.
// 1700000000 = 0x6553f100, 123456789 = 0x075bcd15, 180 = 0x00b4, -60 = 0xffc4.

TEST_CASE("datetime with only seconds is fixext8 type 4, little-endian") {
  CHECK(to_hex(encode(Datetime{1700000000, 0, 0, 0})) == "d7 04 00 f1 53 65 00 00 00 00");
  CHECK(to_hex(encode(Datetime{})) == "d7 04 00 00 00 00 00 00 00 00");
  CHECK(to_hex(encode(Datetime{-1, 0, 0, 0})) == "d7 04 ff ff ff ff ff ff ff ff");
  CHECK(to_hex(encode(Datetime{INT64_MIN, 0, 0, 0})) == "d7 04 00 00 00 00 00 00 00 80");
}

TEST_CASE("datetime with nsec, tzoffset or tzindex is fixext16") {
  CHECK(to_hex(encode(Datetime{1700000000, 123456789, 180, 0})) ==
        "d8 04 00 f1 53 65 00 00 00 00 15 cd 5b 07 b4 00 00 00");
  CHECK(to_hex(encode(Datetime{1700000000, 0, -60, 0})) ==
        "d8 04 00 f1 53 65 00 00 00 00 00 00 00 00 c4 ff 00 00");
  CHECK(to_hex(encode(Datetime{0, 0, 0, 1})) ==
        "d8 04 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00");
  CHECK(to_hex(encode(Datetime{0, 1, 0, 0})) ==
        "d8 04 00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00");
}

TEST_CASE("datetime decodes both documented forms") {
  Datetime value;
  REQUIRE(decode(from_hex("d7 04 00 f1 53 65 00 00 00 00"), value).ok());
  CHECK(value == Datetime{1700000000, 0, 0, 0});
  REQUIRE(decode(from_hex("d8 04 00 f1 53 65 00 00 00 00 15 cd 5b 07 c4 ff 2a 01"), value).ok());
  CHECK(value.seconds == 1700000000);
  CHECK(value.nsec == 123456789);
  CHECK(value.tzoffset == -60);
  CHECK(value.tzindex == 298);
  // The short form resets the optional fields.
  REQUIRE(decode(from_hex("d7 04 ff ff ff ff ff ff ff ff"), value).ok());
  CHECK(value == Datetime{-1, 0, 0, 0});
  // A 16-byte payload whose tail is zero is accepted too (and re-encodes short).
  REQUIRE(decode(from_hex("d8 04 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"), value).ok());
  CHECK(value == Datetime{1, 0, 0, 0});
  CHECK(encode(value).size() == 10);
}

TEST_CASE("datetime rejects other ext types, other lengths and nsec out of range") {
  const Datetime original{5, 6, 7, 8};
  struct Case {
    const char* wire;
    ErrorCode code;
    const char* detail;
  };
  const Case cases[] = {
      {"d7 01 00 f1 53 65 00 00 00 00", ErrorCode::type_mismatch,
       "datetime (ext type 4) instead of ext type 1"},
      {"d6 04 00 f1 53 65", ErrorCode::invalid_value, "4 bytes"},
      {"c7 0c 04 00 f1 53 65 00 00 00 00 00 00 00 00", ErrorCode::invalid_value, "12 bytes"},
      {"d8 04 00 00 00 00 00 00 00 00 00 ca 9a 3b 00 00 00 00", ErrorCode::invalid_value,
       "nsec 1000000000"},
      {"d8 04 00 00 00 00 00 00 00 00 ff ff ff ff 00 00 00 00", ErrorCode::invalid_value,
       "nsec -1"},
      {"d7 04 00 f1 53 65", ErrorCode::incomplete, "payload of 8 bytes"},
      {"cb 00 00 00 00 00 00 00 00", ErrorCode::type_mismatch, "datetime"},
  };
  for (const Case& c : cases) {
    INFO(c.wire);
    Datetime value = original;
    auto status = decode(from_hex(c.wire), value);
    CHECK(status.code() == c.code);
    CHECK(status.offset() == 0);
    CHECK(status.detail().find(c.detail) != std::string::npos);
    CHECK(value == original);
  }
  // The largest valid nsec is fine.
  Datetime value;
  REQUIRE(decode(from_hex("d8 04 00 00 00 00 00 00 00 00 ff c9 9a 3b 00 00 00 00"), value).ok());
  CHECK(value.nsec == 999999999);
}

TEST_CASE("datetime random values round trip") {
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<std::int32_t> nsec(0, Datetime::kNanosPerSecond - 1);
  std::uniform_int_distribution<int> tzoffset(-720, 840);
  std::uniform_int_distribution<int> tzindex(0, 1024);
  for (int i = 0; i < 1000; ++i) {
    Datetime value;
    value.seconds = static_cast<std::int64_t>(rng());
    // Half of them with no optional part, to exercise both forms.
    if (rng() & 1) {
      value.nsec = nsec(rng);
      value.tzoffset = static_cast<std::int16_t>(tzoffset(rng));
      value.tzindex = static_cast<std::int16_t>(tzindex(rng));
    }
    Bytes wire = encode(value);
    CHECK(wire.size() == (value.seconds_only() ? 10u : 18u));
    for (std::size_t k = 0; k < 8; ++k) {
      CHECK(wire[2 + k] ==
            static_cast<std::uint8_t>(static_cast<std::uint64_t>(value.seconds) >> (8 * k)));
    }
    Datetime back{1, 2, 3, 4};
    REQUIRE(decode(wire, back).ok());
    CHECK(back == value);
  }
}
