#include "msgpack_gen/ext/uuid.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "ext_test_support.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Uuid;
using namespace ext_test;

namespace {
// The example in Tarantool's "MessagePack extensions" page (tarantool 2.6 writes the same).
constexpr const char* kDocUuid = "f6423bdf-b49e-4913-b361-0740c9702e4b";
constexpr const char* kDocBytes = "d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b";
}  // namespace

TEST_CASE("uuid encodes as fixext16 type 2 in canonical string order") {
  auto id = Uuid::parse(kDocUuid);
  REQUIRE(id.has_value());
  CHECK(to_hex(encode(*id)) == to_hex(from_hex(kDocBytes)));
}

TEST_CASE("uuid decodes the documented bytes") {
  Uuid id;
  REQUIRE(decode(from_hex(kDocBytes), id).ok());
  CHECK(id.to_string() == kDocUuid);
}

TEST_CASE("uuid to_string is lower case 8-4-4-4-12 and parse accepts upper case") {
  auto upper = Uuid::parse("F6423BDF-B49E-4913-B361-0740C9702E4B");
  REQUIRE(upper.has_value());
  CHECK(upper->to_string() == kDocUuid);
  CHECK(*upper == *Uuid::parse(kDocUuid));
  CHECK(upper->bytes[0] == 0xf6);
  CHECK(upper->bytes[15] == 0x4b);
}

TEST_CASE("uuid parse rejects everything but the canonical form") {
  CHECK_FALSE(Uuid::parse("").has_value());
  CHECK_FALSE(Uuid::parse("f6423bdfb49e4913b3610740c9702e4b").has_value());        // no hyphens
  CHECK_FALSE(Uuid::parse("{f6423bdf-b49e-4913-b361-0740c9702e4b}").has_value());  // braces
  CHECK_FALSE(Uuid::parse("f6423bdf-b49e-4913-b361-0740c9702e4").has_value());     // short
  CHECK_FALSE(Uuid::parse("f6423bdf-b49e-4913-b361-0740c9702e4bb").has_value());   // long
  CHECK_FALSE(Uuid::parse("f6423bdf-b49e-4913-b361_0740c9702e4b").has_value());    // separator
  CHECK_FALSE(Uuid::parse("f6423bdf-b49e-4913-b3610-740c9702e4b").has_value());    // misplaced
  CHECK_FALSE(Uuid::parse("g6423bdf-b49e-4913-b361-0740c9702e4b").has_value());    // not hex
  CHECK_FALSE(Uuid::parse(" f6423bdf-b49e-4913-b361-0740c9702e4").has_value());    // space
}

TEST_CASE("uuid nil and ordering follow the bytes") {
  Uuid nil;
  CHECK(nil.is_nil());
  CHECK(nil.to_string() == "00000000-0000-0000-0000-000000000000");
  auto a = *Uuid::parse("00000000-0000-0000-0000-000000000001");
  auto b = *Uuid::parse("00000001-0000-0000-0000-000000000000");
  CHECK_FALSE(a.is_nil());
  CHECK(nil < a);
  CHECK(a < b);
  CHECK(b > a);
  CHECK(a <= a);
  CHECK(a >= a);
  CHECK(a != b);
  CHECK((a.to_string() < b.to_string()) == (a < b));
}

TEST_CASE("uuid random round trips through bytes and text") {
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int i = 0; i < 500; ++i) {
    Uuid id;
    for (auto& b : id.bytes) b = static_cast<std::uint8_t>(byte(rng));
    if (!id.is_valid()) id.bytes[8] &= 0xdf;  // into variant 110, which Tarantool accepts
    Bytes wire = encode(id);
    REQUIRE(wire.size() == 18);
    CHECK(wire[0] == 0xd8);
    CHECK(wire[1] == 0x02);
    CHECK(std::equal(id.bytes.begin(), id.bytes.end(), wire.begin() + 2));
    Uuid back;
    REQUIRE(decode(wire, back).ok());
    CHECK(back == id);
    auto reparsed = Uuid::parse(id.to_string());
    REQUIRE(reparsed.has_value());
    CHECK(*reparsed == id);
  }
}

TEST_CASE("uuid accepts a 16-byte payload in a non-fixext header") {
  Bytes wire = from_hex("c7 10 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b");
  Uuid id;
  REQUIRE(decode(wire, id).ok());
  CHECK(id.to_string() == kDocUuid);
}

TEST_CASE("uuid rejects other ext types, other lengths, other msgpack types and cut input") {
  Uuid id;
  auto original = *Uuid::parse(kDocUuid);
  id = original;

  auto wrong_type = decode(from_hex("d8 01 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b"), id);
  CHECK(wrong_type.code() == ErrorCode::type_mismatch);
  CHECK(wrong_type.offset() == 0);
  CHECK(wrong_type.detail().find("uuid (ext type 2) instead of ext type 1") != std::string::npos);

  auto short_payload = decode(from_hex("d7 02 f6 42 3b df b4 9e 49 13"), id);
  CHECK(short_payload.code() == ErrorCode::invalid_value);
  CHECK(short_payload.detail().find("8 bytes") != std::string::npos);

  auto long_payload =
      decode(from_hex("c7 11 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b 00"), id);
  CHECK(long_payload.code() == ErrorCode::invalid_value);

  auto string = decode(from_hex("a3 61 62 63"), id);
  CHECK(string.code() == ErrorCode::type_mismatch);

  auto truncated = decode(from_hex("d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e"), id);
  CHECK(truncated.code() == ErrorCode::incomplete);

  auto header_only = decode(from_hex("d8"), id);
  CHECK(header_only.code() == ErrorCode::incomplete);

  auto ext8_cut = decode(from_hex("c7"), id);
  CHECK(ext8_cut.code() == ErrorCode::incomplete);

  auto empty = decode(Bytes{}, id);
  CHECK(empty.code() == ErrorCode::incomplete);

  CHECK(id == original);  // failed decodes leave the value alone
}

TEST_CASE("uuid with the reserved variant 111 is refused like Tarantool refuses it") {
  // tarantool 2.6: uuid.fromstr gives nil for these, msgpack.decode fails on their bytes.
  CHECK_FALSE(Uuid::parse("455f2ae7-b496-5ab1-e7b2-08db23d955fa").has_value());
  CHECK_FALSE(Uuid::parse("455f2ae7-b496-5ab1-f7b2-08db23d955fa").has_value());
  // Variants 0xx, 10x and 110 are fine.
  CHECK(Uuid::parse("455f2ae7-b496-5ab1-07b2-08db23d955fa").has_value());
  CHECK(Uuid::parse("455f2ae7-b496-5ab1-b7b2-08db23d955fa").has_value());
  CHECK(Uuid::parse("455f2ae7-b496-5ab1-d7b2-08db23d955fa").has_value());

  Uuid id = *Uuid::parse(kDocUuid);
  auto status = decode(from_hex("d8 02 45 5f 2a e7 b4 96 5a b1 e7 b2 08 db 23 d9 55 fa"), id);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.offset() == 0);
  CHECK(status.detail().find("reserved variant") != std::string::npos);
  CHECK(id.to_string() == kDocUuid);

  // Encoding does not check: the bytes go out as they are, and is_valid() says so.
  Uuid raw;
  raw.bytes[8] = 0xe7;
  CHECK_FALSE(raw.is_valid());
  CHECK(to_hex(encode(raw)) == "d8 02 00 00 00 00 00 00 00 00 e7 00 00 00 00 00 00 00");
}
