// The ext types as elements of standard containers and as fields of a struct whose codec is
// written the way msgpack-gen generates one (a map keyed by field name).
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ext_test_support.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/ext/datetime.hpp"
#include "msgpack_gen/ext/decimal.hpp"
#include "msgpack_gen/ext/ext.hpp"
#include "msgpack_gen/ext/raw.hpp"
#include "msgpack_gen/ext/uuid.hpp"

using msgpack_gen::Datetime;
using msgpack_gen::Decimal;
using msgpack_gen::ErrorCode;
using msgpack_gen::Ext;
using msgpack_gen::RawMsgpack;
using msgpack_gen::Uuid;
using namespace ext_test;

namespace {

struct Payment {
  Uuid id;
  Decimal amount;
  std::optional<Datetime> at;
  std::vector<Ext> extras;
  RawMsgpack meta;
};

}  // namespace

namespace msgpack_gen {
template <>
struct codec<Payment> {
  static void encode(Writer& out, const Payment& value) {
    out.map_header(5);
    out.str("id");
    codec<Uuid>::encode(out, value.id);
    out.str("amount");
    codec<Decimal>::encode(out, value.amount);
    out.str("at");
    codec<std::optional<Datetime>>::encode(out, value.at);
    out.str("extras");
    codec<std::vector<Ext>>::encode(out, value.extras);
    out.str("meta");
    codec<RawMsgpack>::encode(out, value.meta);
  }
  static bool decode(Reader& in, Payment& value) {
    std::uint32_t n = 0;
    if (!in.read_map_header(n) || !in.enter()) return false;
    for (std::uint32_t i = 0; i < n; ++i) {
      std::string_view key;
      if (!in.read_str(key)) return false;
      bool ok = true;
      if (key == "id") {
        ok = codec<Uuid>::decode(in, value.id);
      } else if (key == "amount") {
        ok = codec<Decimal>::decode(in, value.amount);
      } else if (key == "at") {
        ok = codec<std::optional<Datetime>>::decode(in, value.at);
      } else if (key == "extras") {
        ok = codec<std::vector<Ext>>::decode(in, value.extras);
      } else if (key == "meta") {
        ok = codec<RawMsgpack>::decode(in, value.meta);
      } else {
        ok = in.skip();
      }
      if (!ok) return in.in_field(key);
    }
    in.leave();
    return true;
  }
};
}  // namespace msgpack_gen

TEST_CASE("ext types inside vector, optional and map") {
  std::vector<Uuid> ids = {*Uuid::parse("f6423bdf-b49e-4913-b361-0740c9702e4b"), Uuid{}};
  CHECK(to_hex(encode(ids)) ==
        "92 d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b "
        "d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
  std::vector<Uuid> ids_back;
  REQUIRE(decode(encode(ids), ids_back).ok());
  CHECK(ids_back == ids);

  std::optional<Decimal> none;
  CHECK(to_hex(encode(none)) == "c0");
  std::optional<Decimal> some = Decimal::parse("-12.34");
  CHECK(to_hex(encode(some)) == "d6 01 02 01 23 4d");
  std::optional<Decimal> back = Decimal::from_int(1);
  REQUIRE(decode(from_hex("c0"), back).ok());
  CHECK_FALSE(back.has_value());
  REQUIRE(decode(from_hex("d6 01 02 01 23 4d"), back).ok());
  REQUIRE(back.has_value());
  CHECK(back->to_string() == "-12.34");

  std::map<std::string, Datetime> times = {{"a", Datetime{1, 0, 0, 0}},
                                           {"b", Datetime{2, 5, 0, 0}}};
  CHECK(to_hex(encode(times)) ==
        "82 a1 61 d7 04 01 00 00 00 00 00 00 00 "
        "a1 62 d8 04 02 00 00 00 00 00 00 00 05 00 00 00 00 00 00 00");
  std::map<std::string, Datetime> times_back;
  REQUIRE(decode(encode(times), times_back).ok());
  CHECK(times_back == times);

  std::map<Uuid, Decimal> by_id = {{Uuid{}, Decimal::from_int(7)}};
  std::map<Uuid, Decimal> by_id_back;
  REQUIRE(decode(encode(by_id), by_id_back).ok());
  CHECK(by_id_back == by_id);
}

TEST_CASE("ext types as struct fields round trip") {
  Payment payment;
  payment.id = *Uuid::parse("00112233-4455-6677-8899-aabbccddeeff");
  payment.amount = *Decimal::parse("1234.50");
  payment.at = Datetime{1700000000, 500, 60, 0};
  payment.extras = {Ext{3, {1, 2, 3}}, Ext{-1, {0, 0, 0, 1}}};
  payment.meta = RawMsgpack{std::string("\x92\x01\xa1x", 4)};

  Bytes wire = encode(payment);
  Payment back;
  REQUIRE(decode(wire, back).ok());
  CHECK(back.id == payment.id);
  CHECK(back.amount.to_string() == "1234.50");
  CHECK(back.at == payment.at);
  CHECK(back.extras == payment.extras);
  CHECK(back.meta == payment.meta);
  CHECK(encode(back) == wire);
}

TEST_CASE("errors inside ext fields carry the field path and the value's offset") {
  // {"id": <decimal instead of uuid>}
  Bytes wrong_type = from_hex("81 a2 69 64 d5 01 01 1c");
  Payment payment;
  auto status = decode(wrong_type, payment);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "id");
  CHECK(status.offset() == 4);
  CHECK(status.message().find("uuid (ext type 2) instead of ext type 1") != std::string::npos);

  // {"amount": decimal with a bad digit nibble}
  Bytes bad_digit = from_hex("81 a6 61 6d 6f 75 6e 74 d5 01 00 f1");
  status = decode(bad_digit, payment);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.path() == "amount");
  CHECK(status.offset() == 8);

  // {"extras": [<ext>, <not an ext>]}
  Bytes bad_element = from_hex("81 a6 65 78 74 72 61 73 92 d4 01 00 01");
  status = decode(bad_element, payment);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "extras[1]");
}
