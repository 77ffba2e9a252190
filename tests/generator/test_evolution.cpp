// Unknown fields survive a service in the middle: a newer peer (evolution::v2) writes, a service
// built against the older DTO (evolution::v1, with a msgpack_gen::UnknownFields member) decodes,
// edits a known field and marshals, and the peer reads every one of its fields back.
#include <catch2/catch.hpp>

#include <string>

#include <msgpack_gen/marshal.hpp>
#include <msgpack_gen/writer.hpp>

#include "../support/bytes.hpp"
#include "evolution.msgpack.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::ErrorCode;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;
using msgpack_gen::Writer;
using test_support::decode;
using test_support::encode;
using test_support::to_hex;

namespace {

template <class T>
T decoded(const std::string& bytes, ReaderOptions options = {}) {
  T value{};
  Status status = decode(bytes, value, options);
  INFO(status.message());
  REQUIRE(status);
  return value;
}

// The bytes `write` puts through a Writer: a message as some peer wrote it.
template <class Write>
std::string written(Write write) {
  Buffer buffer;
  Writer out(buffer);
  write(out);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

// Hex as to_hex() prints it, from compact hex.
std::string hex_text(std::string_view compact) {
  return to_hex(test_support::from_hex(compact));
}

evolution::v2::Address sample_address() {
  return {"Lisbon", {"Rua Augusta 1", "3rd floor"}, {{"zip", 1100}, {"box", -7}}};
}

evolution::v2::User sample_user() {
  evolution::v2::User user;
  user.id = 90001;
  user.name = "ana";
  user.address = sample_address();
  user.created = msgpack_gen::Datetime{1700000000, 123456789, 60, 0};
  user.session = msgpack_gen::Uuid::parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8");
  user.scores = {0.5, -2.25, 1e300};
  return user;
}

void require_same(const evolution::v2::Address& a, const evolution::v2::Address& b) {
  CHECK(a.city == b.city);
  CHECK(a.lines == b.lines);
  CHECK(a.codes == b.codes);
}

}  // namespace

TEST_CASE("a v1 service keeps what a v2 peer added and writes it back (map)", "[evolution]") {
  const evolution::v2::User sent = sample_user();
  const std::string bytes = encode<std::string>(sent);

  auto middle = decoded<evolution::v1::User>(bytes);
  CHECK(middle.id == sent.id);
  CHECK(middle.name == sent.name);
  CHECK(middle.unknown.size() == 4);  // address, created, session, scores

  // Unchanged, the service writes the peer's bytes: known fields first, then the unknown ones in
  // the order they arrived, which is where v2 put them.
  CHECK(to_hex(encode<std::string>(middle)) == to_hex(bytes));

  middle.name = "ana maria";
  auto back = decoded<evolution::v2::User>(encode<std::string>(middle));
  CHECK(back.id == sent.id);
  CHECK(back.name == "ana maria");
  require_same(back.address, sent.address);
  CHECK(back.created == sent.created);
  REQUIRE(back.session.has_value());
  CHECK(*back.session == *sent.session);
  CHECK(back.scores == sent.scores);
}

TEST_CASE("unknown fields are kept in arrival order after the known ones", "[evolution]") {
  // A peer that writes v1's keys last and the new ones first, in its own order.
  const std::string bytes = written([](Writer& out) {
    out.map_header(4);
    out.str("zeta");
    out.uint(1);
    out.str("name");
    out.str("bo");
    out.str("alpha");
    out.boolean(true);
    out.str("id");
    out.uint(7);
  });

  auto middle = decoded<evolution::v1::User>(bytes);
  CHECK(middle.id == 7);
  CHECK(middle.name == "bo");
  REQUIRE(middle.unknown.size() == 2);
  CHECK(to_hex(middle.unknown.bytes()) ==
        hex_text("a47a65746101a5616c706861c3"));  // "zeta" 1 "alpha" true

  // 4 pairs: id, name, then zeta and alpha as they came.
  CHECK(to_hex(encode<std::string>(middle)) ==
        hex_text("84a2696407a46e616d65a2626fa47a65746101a5616c706861c3"));
}

TEST_CASE("keys of other types are kept too", "[evolution]") {
  const std::string bytes = written([](Writer& out) {
    out.map_header(4);
    out.str("id");
    out.uint(3);
    out.sint(-5);  // an integer key in a string-keyed struct
    out.str("minus five");
    out.nil();  // a nil key
    out.array_header(1);
    out.uint(1);
    out.array_header(2);  // an array key
    out.uint(1);
    out.uint(2);
    out.str("pair");
  });

  auto middle = decoded<evolution::v1::User>(bytes);
  CHECK(middle.id == 3);
  CHECK(middle.unknown.size() == 3);
  // name was absent: written with its (empty) value after id, then the three kept entries.
  const std::string again = encode<std::string>(middle);
  auto reread = decoded<evolution::v1::User>(again);
  CHECK(reread.unknown == middle.unknown);
  const test_support::Bytes head = test_support::from_hex("85a2696403a46e616d65a0");
  CHECK(to_hex(again) ==
        to_hex(std::string(head.begin(), head.end()) + std::string(middle.unknown.bytes())));
}

TEST_CASE("decoding again replaces the unknown fields of the last message", "[evolution]") {
  const std::string bytes = encode<std::string>(sample_user());
  evolution::v1::User user;
  REQUIRE(decode(bytes, user));
  REQUIRE(user.unknown.size() == 4);
  const msgpack_gen::UnknownFields first = user.unknown;
  REQUIRE(decode(bytes, user));
  CHECK(user.unknown == first);

  evolution::v1::User plain;
  plain.id = 1;
  REQUIRE(decode(encode<std::string>(plain), user));
  CHECK(user.unknown.empty());
  CHECK(user.unknown.bytes().empty());
}

TEST_CASE("a v1 service keeps the elements a v2 peer appended (array mode)", "[evolution]") {
  evolution::v2::Row sent;
  sent.id = 12;
  sent.name = "row";
  sent.balance = *msgpack_gen::Decimal::parse("-1234.5678");
  sent.address = sample_address();
  const std::string bytes = encode<std::string>(sent);

  auto middle = decoded<evolution::v1::Row>(bytes);
  CHECK(middle.id == 12);
  CHECK(middle.rest.size() == 2);
  CHECK(to_hex(encode<std::string>(middle)) == to_hex(bytes));

  middle.id = 13;
  auto back = decoded<evolution::v2::Row>(encode<std::string>(middle));
  CHECK(back.id == 13);
  CHECK(back.name == "row");
  CHECK(back.balance == sent.balance);
  require_same(back.address, sent.address);

  // A shorter array keeps nothing, and writes only the struct's own elements.
  evolution::v1::Row short_row;
  short_row.id = 1;
  auto again = decoded<evolution::v1::Row>(encode<std::string>(short_row));
  CHECK(again.rest.empty());
  CHECK(to_hex(encode<std::string>(again)) == hex_text("9201a0"));
}

TEST_CASE("a v1 service keeps the integer keys a v2 peer added", "[evolution]") {
  evolution::v2::Keyed sent;
  sent.sync = 77;
  sent.body = "select";
  sent.blob = {0, 1, 2, 255};
  sent.trace = *msgpack_gen::Uuid::parse("00112233-4455-6677-8899-aabbccddeeff");
  const std::string bytes = encode<std::string>(sent);

  auto middle = decoded<evolution::v1::Keyed>(bytes);
  CHECK(middle.sync == 77);
  CHECK(middle.body == "select");
  CHECK(middle.unknown.size() == 2);  // #2 and #40
  CHECK(to_hex(encode<std::string>(middle)) == to_hex(bytes));

  middle.body = "replace";
  auto back = decoded<evolution::v2::Keyed>(encode<std::string>(middle));
  CHECK(back.sync == 77);
  CHECK(back.body == "replace");
  CHECK(back.blob == sent.blob);
  CHECK(back.trace == sent.trace);
}

TEST_CASE("inline fields: what neither the struct nor its inlined one knows is kept",
          "[evolution]") {
  evolution::v2::Document sent;
  sent.title = "report";
  sent.meta = {"ops", 4};
  sent.summary = "all fine";
  sent.places = {sample_address(), {"Porto", {}, {}}};
  const std::string bytes = encode<std::string>(sent);

  auto middle = decoded<evolution::v1::Document>(bytes);
  CHECK(middle.title == "report");
  CHECK(middle.meta.owner == "ops");
  CHECK(middle.unknown.size() == 3);  // version (of the inlined Meta), summary, places
  CHECK(to_hex(encode<std::string>(middle)) == to_hex(bytes));

  middle.meta.owner = "sre";
  auto back = decoded<evolution::v2::Document>(encode<std::string>(middle));
  CHECK(back.title == "report");
  CHECK(back.meta.owner == "sre");
  CHECK(back.meta.version == 4);
  CHECK(back.summary == "all fine");
  REQUIRE(back.places.size() == 2);
  require_same(back.places[0], sent.places[0]);
  CHECK(back.places[1].city == "Porto");
}

TEST_CASE("alterFieldCount and readExtraField with unknown fields", "[evolution]") {
  // A v2 request, finished by its caller with the two pairs alterFieldCount() announced.
  evolution::v2::Request sent;
  sent.method = "replace";
  sent.args = {1, -2, 300000};
  sent.deadline = "2026-12-02T05:00:00Z";
  Buffer buffer;
  msgpack_gen::marshal(buffer, sent);
  Writer out(buffer);
  out.str("funcname");
  out.str("box.space.users:replace");
  out.str("reqid");
  out.uint(42);
  const std::string bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size());

  // The hook takes its two keys; the v2 fields it leaves are kept.
  auto middle = decoded<evolution::v1::Request>(bytes);
  CHECK(middle.method == "replace");
  CHECK(middle.funcname == "box.space.users:replace");
  CHECK(middle.reqid == 42);
  CHECK(middle.unknown.size() == 2);  // args, deadline

  // Marshalled again: its field, the kept ones, then the caller appends its two pairs.
  Buffer again;
  msgpack_gen::marshal(again, middle);
  Writer tail(again);
  tail.str("funcname");
  tail.str(middle.funcname);
  tail.str("reqid");
  tail.uint(middle.reqid);
  const std::string rewritten(reinterpret_cast<const char*>(again.data()), again.size());
  CHECK(to_hex(rewritten) == to_hex(bytes));

  auto back = decoded<evolution::v2::Request>(rewritten);
  CHECK(back.method == "replace");
  CHECK(back.args == sent.args);
  CHECK(back.deadline == sent.deadline);
}

TEST_CASE("a base's UnknownFields member keeps the derived struct's unknown keys", "[evolution]") {
  const std::string bytes = written([](Writer& out) {
    out.map_header(4);
    out.str("id");
    out.uint(5);
    out.str("name");
    out.str("derived");
    out.str("color");
    out.str("teal");
    out.str("weight");
    out.f64(2.5);
  });

  auto middle = decoded<evolution::v1::Derived>(bytes);
  CHECK(middle.id == 5);
  CHECK(middle.name == "derived");
  CHECK(middle.unknown.size() == 2);
  CHECK(to_hex(encode<std::string>(middle)) == to_hex(bytes));
}

TEST_CASE("a private UnknownFields member works like a public one", "[evolution]") {
  const std::string bytes = written([](Writer& out) {
    out.map_header(2);
    out.str("id_");
    out.uint(9);
    out.str("added");
    out.str("later");
  });

  auto middle = decoded<evolution::v1::Account>(bytes);
  CHECK(middle.id() == 9);
  CHECK(middle.unknown().size() == 1);
  middle.set_id(10);
  auto back = decoded<evolution::v1::Account>(encode<std::string>(middle));
  CHECK(back.id() == 10);
  CHECK(back.unknown() == middle.unknown());
}

TEST_CASE("unknown fields are bounded by the reader's limits", "[evolution]") {
  const std::string bytes = encode<std::string>(sample_user());

  SECTION("depth") {
    ReaderOptions options;
    options.max_depth = 2;  // the user's map, then the address map: its lines array is too deep
    evolution::v1::User user;
    Status status = decode(bytes, user, options);
    REQUIRE_FALSE(status);
    CHECK(status.code() == ErrorCode::too_deep);
    CHECK(status.message().find("address") != std::string::npos);
  }
  SECTION("length") {
    ReaderOptions options;
    options.max_str_length = 8;  // "Rua Augusta 1" in the kept address is longer
    evolution::v1::User user;
    Status status = decode(bytes, user, options);
    REQUIRE_FALSE(status);
    CHECK(status.code() == ErrorCode::limit_exceeded);
  }
  SECTION("allocation") {
    ReaderOptions options;
    options.max_allocation = 16;  // "ana" fits; the kept entries do not
    evolution::v1::User user;
    Status status = decode(bytes, user, options);
    REQUIRE_FALSE(status);
    CHECK(status.code() == ErrorCode::limit_exceeded);
    CHECK(status.message().find("allocation") != std::string::npos);
  }
  SECTION("input cut inside a kept entry") {
    for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
      evolution::v1::User user;
      Status status = decode(std::string_view(bytes).substr(0, cut), user);
      INFO("cut at " << cut);
      REQUIRE_FALSE(status);
      CHECK(status.code() == ErrorCode::incomplete);
    }
  }
}
