// Byte-for-byte equality with msgpack-c (MSGPACK_DEFINE_MAP / MSGPACK_DEFINE / MSGPACK_NVP) for
// the same values, and decoding what msgpack-c writes.
#include <catch2/catch.hpp>

#include <msgpack.hpp>

#include "dto_compare.hpp"
#include "everything.msgpack.hpp"
#include "test_support.hpp"

namespace peer {

// The same wire shapes, described with msgpack-c's reflection macros.
struct Scalars {
  bool flag;
  int8_t i8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  int plain_int;
  long plain_long;
  unsigned long long plain_ull;
  float f32;
  double f64;
  uint8_t color;
  int16_t level;
  MSGPACK_DEFINE_MAP(flag, i8, i16, i32, i64, u8, u16, u32, u64, plain_int, plain_long, plain_ull,
                     f32, f64, color, level);
};
struct Point {
  int32_t x;
  int32_t y;
  MSGPACK_DEFINE_MAP(x, y);
};
struct Inner {
  uint16_t depth;
  MSGPACK_DEFINE_MAP(depth);
};
struct Anonymous {
  std::string label;
  Inner inner;
  MSGPACK_DEFINE_MAP(label, inner);
};
struct Containers {
  std::string name;
  std::vector<unsigned char> blob;
  std::vector<unsigned char> bytes;
  std::vector<int32_t> numbers;
  std::array<double, 3> triple;
  std::vector<Point> points;
  std::map<std::string, int64_t> by_name;
  std::map<int32_t, std::string> by_id;
  std::map<std::string, Point> lookup;  // one entry in the test, so order cannot differ
  std::optional<int32_t> maybe;
  std::optional<Point> maybe_point;
  std::vector<std::vector<std::string>> nested;
  Anonymous anonymous;
  MSGPACK_DEFINE_MAP(name, blob, bytes, numbers, triple, points, by_name, by_id, lookup, maybe,
                     maybe_point, nested, anonymous);
};
// Tagged with every optional value present (msgpack-c has no omitempty) and meta flattened.
struct Tagged {
  std::string name;
  std::optional<std::string> note;
  std::vector<int32_t> scores;
  int32_t zero;
  int64_t version;
  std::string origin;
  Point where;
  MSGPACK_DEFINE_MAP(MSGPACK_NVP("username", name), note, MSGPACK_NVP("s", scores), zero, version,
                     origin, where);
};
struct Row {
  uint64_t id;
  std::string name;
  std::optional<double> balance;
  std::vector<std::string> tags;
  MSGPACK_DEFINE(id, name, balance, tags);
};
struct Tree {
  std::string label;
  std::vector<Tree> children;
  MSGPACK_DEFINE_MAP(label, children);
};

Point from(const golden::Point& p) {
  return {p.x, p.y};
}
Scalars from(const golden::Scalars& s) {
  return {s.flag,
          s.i8,
          s.i16,
          s.i32,
          s.i64,
          s.u8,
          s.u16,
          s.u32,
          s.u64,
          s.plain_int,
          s.plain_long,
          s.plain_ull,
          s.f32,
          s.f64,
          static_cast<uint8_t>(s.color),
          static_cast<int16_t>(s.level)};
}
Containers from(const golden::Containers& c) {
  Containers p;
  p.name = c.name;
  p.blob.assign(c.blob.begin(), c.blob.end());
  for (std::byte b : c.bytes) p.bytes.push_back(static_cast<unsigned char>(b));
  p.numbers = c.numbers;
  p.triple = c.triple;
  for (const auto& point : c.points) p.points.push_back(from(point));
  p.by_name = c.by_name;
  p.by_id = c.by_id;
  for (const auto& [k, v] : c.lookup) p.lookup[k] = from(v);
  p.maybe = c.maybe;
  if (c.maybe_point) p.maybe_point = from(*c.maybe_point);
  p.nested = c.nested;
  p.anonymous = {c.anonymous.label, {c.anonymous.inner.depth}};
  return p;
}
Tagged from(const golden::Tagged& t) {
  return {t.name, t.note, t.scores, t.zero, t.meta.version, t.meta.origin, from(t.where)};
}
Row from(const golden::Row& r) {
  return {r.id, r.name, r.balance, r.tags};
}
Tree from(const golden::Tree& t) {
  Tree p{t.label, {}};
  for (const auto& child : t.children) p.children.push_back(from(child));
  return p;
}

}  // namespace peer

namespace {

using test_support::decoded;
using test_support::ours;
using test_support::theirs;

// msgpack-c 4 writes a float whose value is integral as an integer; keep them fractional so
// both sides write float32/float64 (the difference itself is tested below).
void make_fractional(golden::Scalars& s) {
  if (s.f32 == static_cast<float>(static_cast<long long>(s.f32))) s.f32 += 0.5f;
  if (s.f64 == static_cast<double>(static_cast<long long>(s.f64))) s.f64 += 0.5;
}

}  // namespace

TEST_CASE("map mode: the same bytes as MSGPACK_DEFINE_MAP", "[msgpack-c]") {
  golden::RandomDto random(42);
  for (int i = 0; i < 200; ++i) {
    golden::Scalars s = random.scalars();
    make_fractional(s);
    REQUIRE(ours(s) == theirs(peer::from(s)));
    CHECK(decoded<golden::Scalars>(theirs(peer::from(s))) == s);

    golden::Containers c = random.containers();
    while (c.lookup.size() > 1) c.lookup.erase(c.lookup.begin());
    for (double& d : c.triple) d += 0.125;
    REQUIRE(ours(c) == theirs(peer::from(c)));
    CHECK(decoded<golden::Containers>(theirs(peer::from(c))) == c);

    golden::Tree t = random.tree(3);
    REQUIRE(ours(t) == theirs(peer::from(t)));
    CHECK(decoded<golden::Tree>(theirs(peer::from(t))) == t);
  }
}

TEST_CASE("renamed keys and inline fields: the same bytes as MSGPACK_NVP and a flat struct",
          "[msgpack-c][tags]") {
  golden::RandomDto random(43);
  for (int i = 0; i < 100; ++i) {
    golden::Tagged t = random.tagged();
    t.note = "present";  // omitempty fields present: msgpack-c always writes them
    t.scores = {1, -2, 300};
    t.zero = 5;
    REQUIRE(ours(t) == theirs(peer::from(t)));
    CHECK(decoded<golden::Tagged>(theirs(peer::from(t))) == t);
  }
}

TEST_CASE("array mode: the same bytes as MSGPACK_DEFINE", "[msgpack-c][array]") {
  golden::RandomDto random(44);
  for (int i = 0; i < 200; ++i) {
    golden::Row r = random.row();
    REQUIRE(ours(r) == theirs(peer::from(r)));
    CHECK(decoded<golden::Row>(theirs(peer::from(r))) == r);
  }
}

TEST_CASE("msgpack-c decodes what we write into equal values", "[msgpack-c]") {
  golden::RandomDto random(45);
  golden::Containers c = random.containers();
  std::string bytes = ours(c);
  msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
  peer::Containers back = handle.get().as<peer::Containers>();
  peer::Containers expected = peer::from(c);
  CHECK(back.name == expected.name);
  CHECK(back.blob == expected.blob);
  CHECK(back.by_name == expected.by_name);
  CHECK(back.by_id == expected.by_id);
  CHECK(back.nested == expected.nested);
  CHECK(back.anonymous.inner.depth == expected.anonymous.inner.depth);
}

TEST_CASE("known difference: msgpack-c 4 writes integral floats as integers, we keep floats",
          "[msgpack-c]") {
  golden::Scalars s{};
  s.f64 = 3.0;
  std::string mine = ours(s);
  std::string peer_bytes = theirs(peer::from(s));
  CHECK(mine.find("\xa3"
                  "f64\xcb",
                  0, 5) != std::string::npos);
  CHECK(peer_bytes.find("\xa3"
                        "f64\x03",
                        0, 5) != std::string::npos);
  // Both decode to the same value.
  CHECK(decoded<golden::Scalars>(peer_bytes).f64 == 3.0);
  CHECK(decoded<golden::Scalars>(mine).f64 == 3.0);
}

TEST_CASE("byte arrays are bin, like msgpack-c's std::array<unsigned char, N>", "[msgpack-c]") {
  std::array<unsigned char, 4> bytes{1, 2, 3, 250};
  CHECK(ours(bytes) == theirs(bytes));
  std::array<unsigned char, 4> back{};
  std::string encoded = theirs(bytes);
  REQUIRE(msgpack_gen::unmarshal(encoded.data(), encoded.size(), back));
  CHECK(back == bytes);
  std::array<unsigned char, 5> wrong_size{};
  CHECK(msgpack_gen::unmarshal(encoded.data(), encoded.size(), wrong_size).code() ==
        msgpack_gen::ErrorCode::invalid_value);
}
