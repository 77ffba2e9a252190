#include "msgpack_gen/ext/decimal.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "ext_test_support.hpp"

using msgpack_gen::Decimal;
using msgpack_gen::ErrorCode;
using namespace ext_test;

namespace {

Decimal dec(const char* text) {
  auto value = Decimal::parse(text);
  if (!value) FAIL("test data does not parse: " << text);
  return *value;
}

struct Known {
  const char* text;
  const char* wire;
};

// Expected bytes derived by hand from Tarantool's documented format (scale as a msgpack int,
// BCD digits, sign nibble, smallest ext header); every row was also checked against
// tarantool 2.6: msgpack.encode(decimal.new(text)) gives the same bytes.
const Known kKnown[] = {
    {"0.1", "d5 01 01 1c"},             // fixext 2: scale 1, digit 1, plus
    {"-1.5e-10", "c7 03 01 0b 01 5d"},  // ext 8: scale 11, 0-pad, 1 5, minus
    {"12345", "d6 01 00 12 34 5c"},     // fixext 4
    {"-12.34", "d6 01 02 01 23 4d"},    // the documentation's example
    {"0.000000000000000000000000000000000010", "c7 03 01 24 01 0c"},  // documented: scale 36
    {"1E+3", "d5 01 fd 1c"},        // negative scale as negative fixint
    {"1e33", "c7 03 01 d0 df 1c"},  // scale -33 needs int8
    {"1.50", "c7 03 01 02 15 0c"},  // trailing zero kept
    {"0", "d5 01 00 0c"},
    {"-0", "d5 01 00 0d"},  // negative zero keeps its sign
    {"0.00", "d5 01 02 0c"},
    {"123", "c7 03 01 00 12 3c"},
    {"1234567890123", "d7 01 00 12 34 56 78 90 12 3c"},    // fixext 8
    {"-123456789012.3", "d7 01 01 12 34 56 78 90 12 3d"},  // fixext 8
    {"1234567890123456789012345678",                       // fixext 16
     "d8 01 00 01 23 45 67 89 01 23 45 67 89 01 23 45 67 8c"},
    {"99999999999999999999999999999999999999",  // 38 digits
     "c7 15 01 00 09 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 9c"},
    {"1e-38", "d5 01 26 1c"},
    {"-9223372036854775808", "c7 0b 01 00 92 23 37 20 36 85 47 75 80 8d"},
};

}  // namespace

TEST_CASE("decimal encodes known values byte for byte") {
  for (const Known& known : kKnown) {
    INFO(known.text);
    CHECK(to_hex(encode(dec(known.text))) == to_hex(from_hex(known.wire)));
  }
}

TEST_CASE("decimal decodes known bytes to the same representation") {
  for (const Known& known : kKnown) {
    INFO(known.text);
    Decimal value;
    REQUIRE(decode(from_hex(known.wire), value).ok());
    Decimal expected = dec(known.text);
    CHECK(value.digits() == expected.digits());
    CHECK(value.scale() == expected.scale());
    CHECK(value.negative() == expected.negative());
  }
}

TEST_CASE("decimal parse splits sign, digits and scale") {
  struct Case {
    const char* text;
    bool negative;
    const char* digits;
    int scale;
  };
  const Case cases[] = {
      {"123", false, "123", 0},     {"-1.50", true, "150", 2},
      {"1.5e-10", false, "15", 11}, {"1E+3", false, "1", -3},
      {"+5", false, "5", 0},        {".5", false, "5", 1},
      {"5.", false, "5", 0},        {"00012.3400", false, "123400", 4},
      {"0.0001", false, "1", 4},    {"1e-0", false, "1", 0},
      {"-0.00", true, "0", 2},      {"1.50e1", false, "150", 1},
      {"12E2", false, "12", -2},    {"0e3", false, "0", -3},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    auto value = Decimal::parse(c.text);
    REQUIRE(value.has_value());
    CHECK(value->negative() == c.negative);
    CHECK(value->digits() == c.digits);
    CHECK(value->scale() == c.scale);
  }
}

TEST_CASE("decimal parse rejects malformed text and values beyond 38 digits") {
  const char* const bad[] = {
      "",
      "-",
      "+",
      ".",
      "e5",
      "1e",
      "1e+",
      "1.2.3",
      " 1",
      "1 ",
      "abc",
      "0x10",
      "inf",
      "nan",
      "1,5",
      "--1",
      "1e5.0",
      "123456789012345678901234567890123456789",    // 39 significant digits
      "0.123456789012345678901234567890123456789",  // 39 significant digits after the point
      "1e-39",                                      // scale 39
      "0.000000000000000000000000000000000000000",  // scale 39, even for zero
      "1e38",                                       // 39 digits before the point
      "1e99999999999999999999",                     // huge exponent
      "1e-99999999999999999999",
  };
  for (const char* text : bad) {
    INFO(text);
    CHECK_FALSE(Decimal::parse(text).has_value());
  }
  // The limits themselves are fine.
  CHECK(Decimal::parse("1e37").has_value());
  CHECK(Decimal::parse("1e-38").has_value());
  CHECK(Decimal::parse("0.00000000000000000000000000000000000000").has_value());
}

TEST_CASE("decimal to_string is plain positional notation") {
  // Same text as tarantool 2.6's tostring(decimal.new(input)).
  const std::pair<const char*, const char*> cases[] = {
      {"-1.5e-10", "-0.00000000015"},
      {"1E+3", "1000"},
      {"-1E+3", "-1000"},
      {"1.50", "1.50"},
      {"-12.34", "-12.34"},
      {"0.1", "0.1"},
      {".5", "0.5"},
      {"00012.3400", "12.3400"},
      {"-0.00", "-0.00"},
      {"-0", "-0"},
      {"1e-38", "0.00000000000000000000000000000000000001"},
      {"1e33", "1000000000000000000000000000000000"},
      {"1.50e1", "15.0"},
      {"0.000000000000000000000000000000000010", "0.000000000000000000000000000000000010"},
  };
  for (const auto& [input, expected] : cases) {
    INFO(input);
    CHECK(dec(input).to_string() == expected);
  }
  // Where Tarantool prints "0000", a zero with a negative scale prints as "0".
  CHECK(dec("0e3").to_string() == "0");
}

TEST_CASE("decimal compares by value") {
  CHECK(dec("1.50") == dec("1.5"));
  CHECK(dec("1.50").compare(dec("1.5")) == 0);
  CHECK(dec("1E+3") == dec("1000"));
  CHECK(dec("-0") == dec("0"));
  CHECK(dec("0.00") == dec("0e5"));
  CHECK(dec("0.1") < dec("0.11"));
  CHECK(dec("0.11") > dec("0.1"));
  CHECK(dec("-0.1") > dec("-0.11"));
  CHECK(dec("-1") < dec("0"));
  CHECK(dec("0") < dec("0.00000000000000000000000000000000000001"));
  CHECK(dec("99") < dec("1E+2"));
  CHECK(dec("100.000") <= dec("1E+2"));
  CHECK(dec("100.001") >= dec("1E+2"));
  CHECK(dec("1.5") != dec("1.51"));
  CHECK(dec("-5").compare(dec("3")) == -1);
  CHECK(dec("5").compare(dec("-3")) == 1);
  CHECK(dec("12345").compare(dec("1234.5")) == 1);
}

TEST_CASE("decimal from_int and from_parts") {
  CHECK(Decimal::from_int(0).to_string() == "0");
  CHECK(Decimal::from_int(-42).to_string() == "-42");
  CHECK(Decimal::from_int(INT64_MIN).to_string() == "-9223372036854775808");
  CHECK(Decimal::from_int(INT64_MAX).to_string() == "9223372036854775807");
  auto parts = Decimal::from_parts(true, "000150", 2);
  REQUIRE(parts.has_value());
  CHECK(parts->digits() == "150");
  CHECK(parts->to_string() == "-1.50");
  CHECK_FALSE(Decimal::from_parts(false, "", 0).has_value());
  CHECK_FALSE(Decimal::from_parts(false, "1a", 0).has_value());
  CHECK_FALSE(Decimal::from_parts(false, "1", 39).has_value());
  CHECK_FALSE(Decimal::from_parts(false, "1", -38).has_value());
  CHECK(Decimal::from_parts(false, "1", -37).has_value());
  CHECK_FALSE(Decimal::from_parts(false, std::string(39, '7'), 0).has_value());
  Decimal zero;
  CHECK(zero.is_zero());
  CHECK(zero.to_string() == "0");
  CHECK(to_hex(encode(zero)) == "d5 01 00 0c");
}

TEST_CASE("decimal decodes every scale form and sign nibble Tarantool allows") {
  struct Case {
    const char* wire;
    const char* text;
  };
  const Case cases[] = {
      {"d6 01 cc 26 00 1c", "0.00000000000000000000000000000000000001"},  // uint8 scale
      {"c7 05 01 cd 00 02 15 0c", "1.50"},                                // uint16 scale
      {"c7 07 01 ce 00 00 00 02 15 0c", "1.50"},                          // uint32 scale
      {"c7 0b 01 cf 00 00 00 00 00 00 00 02 15 0c", "1.50"},              // uint64 scale
      {"c7 04 01 d0 02 15 0c", "1.50"},                                   // int8 scale
      {"c7 04 01 d1 ff fd 1c", "1000"},                                   // int16 scale -3
      {"c7 06 01 d2 ff ff ff fd 1c", "1000"},                             // int32 scale -3
      {"c7 0a 01 d3 ff ff ff ff ff ff ff fd 1c", "1000"},                 // int64 scale -3
      {"d5 01 00 1a", "1"},
      {"d5 01 00 1b", "-1"},
      {"d5 01 00 1e", "1"},
      {"d5 01 00 1f", "1"},
      {"c7 03 01 00 00 1c", "1"},  // leading zero digits are dropped
      {"c7 04 01 00 00 12 3c", "123"},
      {"c8 00 03 01 00 12 3c", "123"},        // ext 16 header
      {"c9 00 00 00 03 01 00 12 3c", "123"},  // ext 32 header
  };
  for (const Case& c : cases) {
    INFO(c.wire);
    Decimal value;
    auto status = decode(from_hex(c.wire), value);
    REQUIRE(status.ok());
    CHECK(value.to_string() == c.text);
  }
}

TEST_CASE("decimal rejects malformed payloads with a clear error at the value") {
  struct Case {
    const char* wire;
    ErrorCode code;
    const char* detail;
  };
  const Case cases[] = {
      {"d5 02 00 1c", ErrorCode::type_mismatch, "decimal (ext type 1) instead of ext type 2"},
      {"a1 31", ErrorCode::type_mismatch, "decimal (ext type 1)"},
      {"c7 00 01", ErrorCode::invalid_value, "without a valid msgpack integer scale"},
      {"d4 01 00", ErrorCode::invalid_value, "without digits"},
      {"d4 01 c0", ErrorCode::invalid_value, "scale"},               // nil as the scale
      {"c7 02 01 cd 00", ErrorCode::invalid_value, "scale"},         // cut scale
      {"d5 01 00 a1", ErrorCode::invalid_value, "nibble 10"},        // 0xa as a digit
      {"d6 01 00 1c", ErrorCode::incomplete, "payload of 4"},        // length beyond input
      {"d6 01 00 1c 00 00", ErrorCode::invalid_value, "nibble 12"},  // sign not last
      {"d5 01 00 10", ErrorCode::invalid_value, "is not a sign"},    // 0 as the sign
      {"d5 01 00 19", ErrorCode::invalid_value, "is not a sign"},    // a digit as the sign
      {"d5 01 27 1c", ErrorCode::invalid_value, "scale 39"},         // scale 39
      {"c7 03 01 d0 da 1c", ErrorCode::invalid_value, "scale -38"},  // 39 digits before '.'
      {"c7 0a 01 d3 80 00 00 00 00 00 00 00 1c", ErrorCode::invalid_value, "scale"},  // INT64_MIN
      {"c7 0a 01 cf ff ff ff ff ff ff ff ff 1c", ErrorCode::invalid_value, "scale"},  // 2^64-1
      // 39 digits and the sign: 40 nibbles, 20 bytes.
      {"c7 15 01 00 12 34 56 78 90 12 34 56 78 90 12 34 56 78 90 12 34 56 78 9c",
       ErrorCode::invalid_value, "more than 38 digits"},
  };
  for (const Case& c : cases) {
    INFO(c.wire);
    Decimal value = dec("7.5");
    auto status = decode(from_hex(c.wire), value);
    CHECK(status.code() == c.code);
    CHECK(status.offset() == 0);
    CHECK(status.detail().find(c.detail) != std::string::npos);
    CHECK(value.to_string() == "7.5");  // untouched
  }
}

TEST_CASE("decimal random values round trip through msgpack and text") {
  std::mt19937_64 rng(0x5eed);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> length(1, Decimal::kMaxDigits);
  for (int i = 0; i < 2000; ++i) {
    std::string digits;
    const int n = length(rng);
    for (int k = 0; k < n; ++k) digits += static_cast<char>('0' + digit(rng));
    const auto kept = digits.find_first_not_of('0');
    const int significant = kept == std::string::npos ? 1 : n - static_cast<int>(kept);
    // Any scale the limits allow for this many digits: [significant - 38, 38].
    std::uniform_int_distribution<int> scale_of(significant - Decimal::kMaxDigits,
                                                Decimal::kMaxDigits);
    const bool negative = (rng() & 1) != 0;
    auto value = Decimal::from_parts(negative, digits, scale_of(rng));
    REQUIRE(value.has_value());
    INFO(value->to_string() << " scale " << value->scale());

    Bytes wire = encode(*value);
    // The payload (scale + BCD) decides the header: fixext for 1/2/4/8/16 bytes, else ext 8.
    const std::size_t scale_size = (value->scale() >= -32 && value->scale() <= 127) ? 1 : 2;
    const std::size_t payload = scale_size + value->digits().size() / 2 + 1;
    switch (payload) {
      case 2:
        CHECK(wire[0] == 0xd5);
        break;
      case 4:
        CHECK(wire[0] == 0xd6);
        break;
      case 8:
        CHECK(wire[0] == 0xd7);
        break;
      case 16:
        CHECK(wire[0] == 0xd8);
        break;
      default:
        CHECK(wire[0] == 0xc7);
        CHECK(static_cast<std::size_t>(wire[1]) == payload);
    }
    CHECK(wire.size() == payload + (wire[0] == 0xc7 ? 3 : 2));

    Decimal back;
    REQUIRE(decode(wire, back).ok());
    CHECK(back.digits() == value->digits());
    CHECK(back.scale() == value->scale());
    CHECK(back.negative() == value->negative());
    CHECK(encode(back) == wire);

    auto reparsed = Decimal::parse(value->to_string());
    REQUIRE(reparsed.has_value());
    CHECK(*reparsed == *value);
    if (value->scale() >= 0) CHECK(reparsed->scale() == value->scale());
  }
}
