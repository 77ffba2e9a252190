// Generated code round trips, decoding of non-canonical and evolving input, and bad input.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "account.msgpack.hpp"
#include "dto_compare.hpp"
#include "everything.msgpack.hpp"
#include "wide.msgpack.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::ErrorCode;
using msgpack_gen::Status;
using msgpack_gen::Writer;

namespace {

template <class T>
T round_trip(const T& value) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  T back{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
  INFO(status.message());
  REQUIRE(status);
  return back;
}

template <class T>
void require_every_prefix_fails(const T& value) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  for (std::size_t n = 0; n < buffer.size(); ++n) {
    T back{};
    Status status = msgpack_gen::unmarshal(buffer.data(), n, back);
    INFO("prefix of " << n << " of " << buffer.size() << " bytes");
    REQUIRE_FALSE(status);
  }
}

}  // namespace

TEST_CASE("random values of every type survive a round trip", "[roundtrip]") {
  golden::RandomDto random(20261129);
  for (int i = 0; i < 300; ++i) {
    golden::Scalars scalars = random.scalars();
    CHECK(round_trip(scalars) == scalars);
    golden::Containers containers = random.containers();
    CHECK(round_trip(containers) == containers);
    golden::Tagged tagged = random.tagged();
    CHECK(round_trip(tagged) == tagged);
    golden::Row row = random.row();
    CHECK(round_trip(row) == row);
    golden::Tree tree = random.tree(3);
    CHECK(round_trip(tree) == tree);
  }
}

TEST_CASE("every truncated prefix of a valid message is an error", "[roundtrip][bad-input]") {
  golden::RandomDto random(7);
  require_every_prefix_fails(random.scalars());
  golden::Containers containers = random.containers();
  containers.blob.resize(3);
  containers.name = "short";
  require_every_prefix_fails(containers);
  require_every_prefix_fails(random.tagged());
  require_every_prefix_fails(random.row());
  require_every_prefix_fails(random.tree(2));
}

TEST_CASE("skip tag: the field is neither written nor read", "[tags]") {
  golden::Tagged tagged{};
  tagged.secret = "hunter2";
  Buffer buffer;
  msgpack_gen::marshal(buffer, tagged);
  std::string bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  CHECK(bytes.find("secret") == std::string::npos);
  CHECK(bytes.find("hunter2") == std::string::npos);
  golden::Tagged back{};
  back.secret = "kept";
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), back));
  CHECK(back.secret == "kept");
}

TEST_CASE("omitempty leaves out empty values and the header counts what is written", "[tags]") {
  golden::Tagged tagged{};
  tagged.name = "n";
  Buffer buffer;
  msgpack_gen::marshal(buffer, tagged);
  // username, version, origin, where: note, s and zero are empty.
  CHECK(buffer.data()[0] == 0x84);
  tagged.note = "x";
  tagged.zero = 3;
  buffer.clear();
  msgpack_gen::marshal(buffer, tagged);
  CHECK(buffer.data()[0] == 0x86);
  CHECK(round_trip(tagged) == tagged);
}

TEST_CASE("inline: the inner struct's fields are keys of the outer map", "[tags][inline]") {
  golden::Tagged tagged{};
  tagged.meta.version = 9;
  tagged.meta.origin = "eu";
  Buffer buffer;
  msgpack_gen::marshal(buffer, tagged);
  std::string bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  CHECK(bytes.find("\xa7version\x09", 0, 9) != std::string::npos);
  CHECK(bytes.find("meta") == std::string::npos);
  golden::Tagged back{};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), back));
  CHECK(back.meta == tagged.meta);
}

TEST_CASE("keys in any order, non-canonical widths, unknown keys of any shape", "[decode]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(5);
  w.str("y");                                                // Point's keys reversed
  buffer.append("\xd3\xff\xff\xff\xff\xff\xff\xff\xfe", 9);  // -2 as int64
  w.str("unknown");
  w.map_header(1);
  w.str("deep");
  w.array_header(2);
  w.nil();
  w.ext(5, "abc", 3);
  w.str("x");
  buffer.append("\xcf\x00\x00\x00\x00\x00\x00\x00\x07", 9);  // 7 as uint64
  buffer.append("\x07", 1);  // an integer key: skipped with its value
  w.str("ignored");
  buffer.append("\xda\x00\x01z", 4);  // a str16 key that is unknown
  w.f64(1.5);
  golden::Point point{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), point);
  INFO(status.message());
  REQUIRE(status);
  CHECK(point.x == 7);
  CHECK(point.y == -2);
}

TEST_CASE("missing keys keep the value the object had", "[decode]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(1);
  w.str("x");
  w.sint(-1);
  golden::Point point{10, 20};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), point));
  CHECK(point.x == -1);
  CHECK(point.y == 20);
}

TEST_CASE("as_array: shorter arrays keep trailing fields, longer ones are skipped",
          "[decode][array]") {
  Buffer buffer;
  Writer w(buffer);
  w.array_header(2);
  w.uint(5);
  w.str("five");
  golden::Row row{1, "one", 2.5, {"t"}};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), row));
  CHECK(row.id == 5);
  CHECK(row.name == "five");
  REQUIRE(row.balance.has_value());
  CHECK(*row.balance == 2.5);
  CHECK(row.tags == std::vector<std::string>{"t"});

  buffer.clear();
  w.array_header(6);
  w.uint(6);
  w.str("six");
  w.nil();  // nil for an optional: empty
  w.array_header(0);
  w.map_header(1);  // two extra elements of any shape
  w.str("k");
  w.array_header(1);
  w.uint(1);
  w.bin("xy", 2);
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), row));
  CHECK(row.id == 6);
  CHECK_FALSE(row.balance.has_value());
  CHECK(row.tags.empty());
}

TEST_CASE("integers are accepted for float fields, as Lua sends them", "[decode]") {
  golden::Row row{};
  Buffer buffer;
  Writer w(buffer);
  w.array_header(3);
  w.uint(1);
  w.str("a");
  w.sint(-42);
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), row));
  REQUIRE(row.balance.has_value());
  CHECK(*row.balance == -42.0);
}

TEST_CASE("errors name what was expected, what was found, where and in which field", "[errors]") {
  golden::Containers c{};
  c.points = {{1, 2}, {3, 4}};
  Buffer buffer;
  msgpack_gen::marshal(buffer, c);
  // Corrupt points[1].y: find the second "\xa1y" key and replace its value with a string.
  std::string bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  std::size_t first = bytes.find("\xa1y");
  std::size_t second = bytes.find("\xa1y", first + 1);
  REQUIRE(second != std::string::npos);
  buffer.data()[second + 2] = 0xa0;  // an empty str where int32 is expected
  golden::Containers back{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "points[1].y");
  CHECK(status.offset() == second + 2);
  CHECK_THAT(status.message(), Catch::Contains("expected int") && Catch::Contains("found str"));
}

TEST_CASE("out-of-range integers are errors for every width", "[errors]") {
  struct Case {
    const char* key;
    std::int64_t value;
  };
  const Case cases[] = {{"i8", 128},        {"i8", -129}, {"i16", 32768}, {"i16", -32769},
                        {"i32", 1ll << 31}, {"u8", 256},  {"u8", -1},     {"u16", 65536},
                        {"u32", 1ll << 32}, {"u32", -1},  {"u64", -1},    {"color", 256}};
  for (const Case& c : cases) {
    Buffer buffer;
    Writer w(buffer);
    w.map_header(1);
    w.str(c.key);
    w.sint(c.value);
    golden::Scalars s{};
    Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), s);
    INFO(c.key << " = " << c.value);
    REQUIRE_FALSE(status);
    CHECK(status.code() == ErrorCode::out_of_range);
    CHECK(status.path() == c.key);
  }
  // uint64 above INT64_MAX into int64_t
  Buffer buffer;
  Writer w(buffer);
  w.map_header(1);
  w.str("i64");
  w.uint(1ull << 63);
  golden::Scalars s{};
  CHECK(msgpack_gen::unmarshal(buffer.data(), buffer.size(), s).code() == ErrorCode::out_of_range);
}

TEST_CASE("nil is accepted for optionals only", "[decode][errors]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(2);
  w.str("maybe");
  w.nil();
  w.str("name");
  w.nil();
  golden::Containers c{};
  c.maybe = 3;
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), c);
  REQUIRE_FALSE(status);
  CHECK_FALSE(c.maybe.has_value());
  CHECK(status.path() == "name");
  CHECK(status.code() == ErrorCode::type_mismatch);
}

TEST_CASE("a map-mode struct given an array, and the reverse, is a type mismatch", "[errors]") {
  Buffer buffer;
  Writer w(buffer);
  w.array_header(2);
  w.uint(1);
  w.uint(2);
  golden::Point point{};
  CHECK(msgpack_gen::unmarshal(buffer.data(), buffer.size(), point).code() ==
        ErrorCode::type_mismatch);
  buffer.clear();
  w.map_header(0);
  golden::Row row{};
  CHECK(msgpack_gen::unmarshal(buffer.data(), buffer.size(), row).code() ==
        ErrorCode::type_mismatch);
}

TEST_CASE("200,000 nested arrays in an unknown field are an error, not a crash", "[bad-input]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(1);
  w.str("unknown");
  for (int i = 0; i < 200000; ++i) w.array_header(1);
  w.nil();
  golden::Point point{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), point);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::too_deep);
}

TEST_CASE("a recursive type nests up to the reader's depth limit", "[decode][bad-input]") {
  golden::Tree tree{"root", {}};
  golden::Tree* leaf = &tree;
  for (int i = 0; i < 100; ++i) {
    leaf->children.push_back(golden::Tree{"n", {}});
    leaf = &leaf->children.back();
  }
  Buffer buffer;
  msgpack_gen::marshal(buffer, tree);
  golden::Tree back;
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
  REQUIRE_FALSE(status);
  CHECK(status.code() == ErrorCode::too_deep);
  msgpack_gen::ReaderOptions deep;
  deep.max_depth = 400;
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), back, deep));
  CHECK(back == tree);
}

TEST_CASE("string_view fields point into the input", "[decode]") {
  golden::Views views{"zero-copy", 3};
  Buffer buffer;
  msgpack_gen::marshal(buffer, views);
  golden::Views back{};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), back));
  CHECK(back.text == "zero-copy");
  const char* begin = reinterpret_cast<const char*>(buffer.data());
  CHECK(back.text.data() >= begin);
  CHECK(back.text.data() < begin + buffer.size());
}

TEST_CASE("marshal-only and unmarshal-only types get one direction each", "[directions]") {
  STATIC_REQUIRE(msgpack_gen::detail::has_encode<golden::WriteOnly>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_decode<golden::WriteOnly>::value);
  STATIC_REQUIRE(msgpack_gen::detail::has_decode<golden::ReadOnly>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_encode<golden::ReadOnly>::value);
  STATIC_REQUIRE(msgpack_gen::codec<golden::Scalars>::kFieldCount == 16);
  STATIC_REQUIRE(msgpack_gen::codec<golden::Tagged>::kFieldCount == 7);  // meta counts 2
}

TEST_CASE("integer keys: canonical bytes, any integer width on input, mixed with strings",
          "[int-keys]") {
  golden::IntKeys value{1, 77, std::nullopt, -3, "x"};
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  const unsigned char expected[] = {0x84, 0x00, 0x01, 0x01, 0x4d, 0xfd, 0xfd,
                                    0xa4, 'n',  'a',  'm',  'e',  0xa1, 'x'};
  REQUIRE(buffer.size() == sizeof expected);
  CHECK(std::memcmp(buffer.data(), expected, sizeof expected) == 0);

  value.schema_version = 9;
  buffer.clear();
  msgpack_gen::marshal(buffer, value);
  CHECK(buffer.data()[0] == 0x85);

  // Keys as Tarantool may send them: uint32 and int8 forms, unknown integer keys, any order.
  buffer.clear();
  Writer w(buffer);
  w.map_header(4);
  buffer.append("\xce\x00\x00\x00\x05", 5);  // schema_version, key 5 as uint32
  w.uint(12);
  buffer.append("\xd0\x01", 2);  // sync, key 1 as int8
  w.uint(1ull << 40);
  w.uint(0x31);  // an unknown integer key
  w.array_header(2);
  w.nil();
  w.nil();
  w.str("name");
  w.str("y");
  golden::IntKeys back{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
  INFO(status.message());
  REQUIRE(status);
  CHECK(back.sync == (1ull << 40));
  CHECK(back.schema_version == std::optional<uint64_t>(12));
  CHECK(back.name == "y");

  // Keys of neither type are skipped with their values, which may look like keys themselves.
  buffer.clear();
  w.map_header(3);
  w.nil();  // a nil key whose value is a string key's bytes
  w.str("name");
  w.array_header(1);  // an array key, a map value
  w.uint(1);
  w.map_header(0);
  w.str("name");
  w.str("z");
  golden::IntKeys other{};
  status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), other);
  INFO(status.message());
  REQUIRE(status);
  CHECK(other.name == "z");
}

// 70 required fields: more than one 64-bit word of "seen" bits. Each missing key is caught,
// whichever word its bit lives in, and a complete message decodes.
TEST_CASE("required fields beyond the 64th are checked", "[required]") {
  wide::ManyRequired full{};
  std::int32_t* fields[] = {&full.f00, &full.f01, &full.f63, &full.f64, &full.f69};
  for (std::int32_t* f : fields) *f = 7;
  CHECK(round_trip(full).f69 == 7);

  for (int missing : {0, 1, 63, 64, 69}) {
    // The map of every required key but one, written by hand so nothing else differs.
    Buffer buffer;
    Writer out(buffer);
    out.map_header(69);
    for (int i = 0; i < 70; ++i) {
      if (i == missing) continue;
      char key[4];
      std::snprintf(key, sizeof key, "f%02d", i);
      out.str(key, 3);
      out.sint(i);
    }
    wide::ManyRequired back{};
    Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
    INFO("missing f" << missing << ": " << status.message());
    CHECK(status.code() == ErrorCode::missing_field);
    char expected[4];
    std::snprintf(expected, sizeof expected, "f%02d", missing);
    CHECK_THAT(status.message(), Catch::Contains(expected));
  }

  // Keys in reverse order are looked up, not predicted: each lookup marks its own field too.
  Buffer reversed;
  Writer out(reversed);
  out.map_header(70);
  for (int i = 69; i >= 0; --i) {
    char key[4];
    std::snprintf(key, sizeof key, "f%02d", i);
    out.str(key, 3);
    out.sint(i);
  }
  wide::ManyRequired back{};
  Status status = msgpack_gen::unmarshal(reversed.data(), reversed.size(), back);
  INFO(status.message());
  REQUIRE(status);
  CHECK(back.f00 == 0);
  CHECK(back.f63 == 63);
  CHECK(back.f64 == 64);
  CHECK(back.f69 == 69);
}

TEST_CASE("private_fields: private and protected fields are encoded with no friend", "[private]") {
  bank::Account account("ada", 1200, {"gold", "eu"});
  account.revision = 3;
  Buffer buffer;
  msgpack_gen::marshal(buffer, account);
  // {"revision": 3, "owner": "ada", "balance": 1200, "level": 7, "level_": 9,
  //  "tags": ["gold", "eu"]}, in declaration order.
  const std::string expected =
      "\x86\xa8revision\x03\xa5owner\xa3"
      "ada\xa7"
      "balance\xcd\x04\xb0"
      "\xa5level\x07\xa6level_\x09\xa4tags\x92\xa4gold\xa2"
      "eu";
  CHECK(std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size()) == expected);
  bank::Account back = round_trip(account);
  CHECK(back.owner() == "ada");
  CHECK(back.balance() == 1200);
  CHECK(back.tags() == std::vector<std::string>{"gold", "eu"});
  CHECK(back.revision == 3);
  CHECK(back.levels() == 79);
}

// Decoders expect the keys in declaration order (compared as pre-encoded bytes) and fall back to
// looking keys up from the first one that is not: every mix must decode as a lookup would.
TEST_CASE("predicted keys: in order, a duplicate after them, a miss mid-way, a failed value",
          "[decode]") {
  Buffer buffer;
  Writer w(buffer);
  w.map_header(3);  // x, y in order, then x again: the last one wins
  w.str("x");
  w.sint(1);
  w.str("y");
  w.sint(2);
  w.str("x");
  w.sint(3);
  golden::Point point{};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), point));
  CHECK(point.x == 3);
  CHECK(point.y == 2);

  buffer.clear();
  w.map_header(3);  // x, then an unknown key where y is expected, then y
  w.str("x");
  w.sint(4);
  w.str("z");
  w.sint(0);
  w.str("y");
  w.sint(5);
  point = {};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), point));
  CHECK(point.x == 4);
  CHECK(point.y == 5);

  buffer.clear();
  w.map_header(2);  // y's value fails where y was predicted: the path names the key
  w.str("x");
  w.sint(4);
  w.str("y");
  w.str("not a number");
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), point);
  CHECK(status.code() == msgpack_gen::ErrorCode::type_mismatch);
  CHECK(status.path() == "y");
  CHECK(status.offset() == 6);

  // A renamed field: the path names its key, predicted or looked up, not the C++ member.
  for (bool predicted : {true, false}) {
    buffer.clear();
    w.map_header(predicted ? 1 : 2);
    if (!predicted) {  // another key first: "username" is then looked up
      w.str("zero");
      w.sint(0);
    }
    w.str("username");
    w.sint(5);
    golden::Tagged tagged{};
    status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), tagged);
    INFO((predicted ? "predicted" : "looked up"));
    CHECK(status.code() == msgpack_gen::ErrorCode::type_mismatch);
    CHECK(status.path() == "username");
  }

  buffer.clear();
  w.map_header(1);  // fewer pairs than fields: the rest keep their values
  w.str("x");
  w.sint(8);
  point = {0, 9};
  REQUIRE(msgpack_gen::unmarshal(buffer.data(), buffer.size(), point));
  CHECK(point.x == 8);
  CHECK(point.y == 9);
}

TEST_CASE("predicted keys stop at the map's end, before bytes that spell the next key",
          "[decode]") {
  // Tagged's map holds its first field only. The bytes after it (trailing bytes here, the next
  // value of a stream below) start as Tagged's next key, an omitempty one: they are not Tagged's.
  Buffer buffer;
  Writer w(buffer);
  w.map_header(1);
  w.str("username");
  w.str("ann");
  w.str("note");
  w.str("not in the map");
  golden::Tagged tagged{};
  Status status = msgpack_gen::unmarshal(buffer.data(), buffer.size(), tagged);
  CHECK(status.code() == ErrorCode::trailing_bytes);

  msgpack_gen::Reader in(buffer.data(), buffer.size());
  tagged = golden::Tagged{};
  REQUIRE(msgpack_gen::codec<golden::Tagged>::decode(in, tagged));
  CHECK(tagged.name == "ann");
  CHECK_FALSE(tagged.note.has_value());
  std::string_view next;
  REQUIRE(in.read_str(next));
  CHECK(next == "note");
}

namespace {

// The generated codec's bytes through every marshal target (docs/runtime.md, "Marshal targets"):
// a std::string and a byte vector appended to, fixed memory of every size around the encoding's
// (never written past), encoded_size().
template <class T>
void check_marshal_targets(const T& value) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  const std::string expected(reinterpret_cast<const char*>(buffer.data()), buffer.size());
  const std::size_t n = expected.size();
  INFO("an encoding of " << n << " bytes");
  std::string text = "head";
  REQUIRE(msgpack_gen::marshal(text, value).size == n);
  CHECK(text == "head" + expected);
  std::vector<std::uint8_t> bytes;
  REQUIRE(msgpack_gen::marshal(bytes, value));
  CHECK(std::string(bytes.begin(), bytes.end()) == expected);
  CHECK(msgpack_gen::encoded_size(value) == n);
  // Every capacity up to n + 1 for small encodings; the two ends and a stride for large ones.
  const std::string guard(8, '\x5c');
  for (std::size_t capacity = 0; capacity <= n + 1; ++capacity) {
    if (n > 1024 && capacity > 256 && capacity + 256 < n && capacity % 251 != 0) continue;
    std::string memory(capacity + guard.size(), guard[0]);
    const msgpack_gen::MarshalResult result =
        msgpack_gen::marshal_to(memory.data(), capacity, value);
    const bool as_expected =
        memory.compare(capacity, guard.size(), guard) == 0 && result.needed == n &&
        (capacity >= n ? result.size == n && memory.compare(0, n, expected) == 0
                       : result.error == msgpack_gen::EncodeError::too_small);
    if (!as_expected) {
      INFO("capacity " << capacity << ": " << result.message());
      REQUIRE(as_expected);
    }
  }
}

}  // namespace

TEST_CASE("generated codecs write the Buffer's bytes into every marshal target",
          "[roundtrip][marshal-targets]") {
  golden::RandomDto random(20261224);
  for (int i = 0; i < 20; ++i) {
    check_marshal_targets(random.scalars());
    check_marshal_targets(random.containers());
    check_marshal_targets(random.tagged());
    check_marshal_targets(random.row());
    check_marshal_targets(random.tree(3));
  }
  check_marshal_targets(golden::Views{"zero-copy", 3});
}

// A generated run of bounded fields (Views: a string_view and an int after one capacity check)
// whose string claims 4 GiB: with exceptions, std::length_error before anything is written;
// without, the Buffer's error and nothing of the value kept (detail/payload.hpp).
TEST_CASE("a generated struct with a payload over 4 GiB is not encoded", "[marshal-targets]") {
  if constexpr (sizeof(std::size_t) <= sizeof(std::uint32_t)) {
    SUCCEED("no payload can reach 4 GiB with a 32-bit size_t");
    return;
  }
  static const char kByte = 'x';
  const golden::Views views{std::string_view(&kByte, std::size_t{0xffffffffu} + 1), 3};
  Buffer buffer;
  buffer.append("\x01", 1);
  std::string text = "kept";
  char memory[32];
#if MSGPACK_GEN_EXCEPTIONS
  CHECK_THROWS_AS(msgpack_gen::marshal(buffer, views), std::length_error);
  CHECK(buffer.size() == 1);
  CHECK_THROWS_AS(msgpack_gen::marshal(text, views), std::length_error);
  CHECK_THROWS_AS(msgpack_gen::marshal_to(memory, views), std::length_error);
#else
  msgpack_gen::marshal(buffer, views);
  CHECK(buffer.error() == msgpack_gen::EncodeError::payload_too_long);
  CHECK(buffer.size() == 1);
  CHECK(msgpack_gen::marshal(text, views).error == msgpack_gen::EncodeError::payload_too_long);
  CHECK(msgpack_gen::marshal_to(memory, views).error == msgpack_gen::EncodeError::payload_too_long);
  CHECK(msgpack_gen::encoded_size(views) == 0);
#endif
  CHECK(text == "kept");
}
