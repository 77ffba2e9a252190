// The reader: decodes what msgpack-c writes, accepts every valid encoding, and rejects hostile or
// damaged input with the right error code, offset and path, without crashing or over-allocating.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "test_support.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Reader;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;
using test_support::Bytes;
using test_support::decode;
using test_support::theirs;

namespace {

// msgpack-c's encoding of value decoded by msgpack-gen into a fresh T.
template <class T>
T round_trip_from_msgpack_c(const T& value) {
  const Bytes bytes = theirs(value).bytes;
  T decoded{};
  const Status status = decode(bytes, decoded);
  INFO(status.message());
  REQUIRE(status.ok());
  return decoded;
}

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes all;
  for (const Bytes& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

Bytes text(const std::string& s) {
  return Bytes(s.begin(), s.end());
}

// A record with a hand-written codec in the shape generated code has (an array of fields), so
// the truncation tests cover every kind of marker in one nested value.
struct Record {
  std::int64_t id = 0;
  std::uint64_t big = 0;
  double ratio = 0;
  float weight = 0;
  bool active = false;
  std::string name;
  std::vector<std::uint8_t> blob;
  std::optional<std::string> note;
  std::vector<std::map<std::string, std::vector<std::int32_t>>> groups;
  bool operator==(const Record& o) const {
    return id == o.id && big == o.big && ratio == o.ratio && weight == o.weight &&
           active == o.active && name == o.name && blob == o.blob && note == o.note &&
           groups == o.groups;
  }
};

Record sample_record() {
  Record r;
  r.id = -40000;
  r.big = 1ULL << 40;
  r.ratio = 0.125;
  r.weight = -2.5f;
  r.active = true;
  r.name = std::string(40, 'n');                  // str8
  r.blob = std::vector<std::uint8_t>(300, 0xab);  // bin16
  r.note = "hello";
  r.groups = {{{"k", {1, -1, 70000}}}, {}, {{"a", {}}, {"b", {-129}}}};
  return r;
}

}  // namespace

template <>
struct msgpack_gen::codec<Record> {
  static void encode(Writer& out, const Record& r) {
    out.array_header(9);
    codec<std::int64_t>::encode(out, r.id);
    codec<std::uint64_t>::encode(out, r.big);
    codec<double>::encode(out, r.ratio);
    codec<float>::encode(out, r.weight);
    codec<bool>::encode(out, r.active);
    codec<std::string>::encode(out, r.name);
    codec<std::vector<std::uint8_t>>::encode(out, r.blob);
    codec<std::optional<std::string>>::encode(out, r.note);
    codec<decltype(r.groups)>::encode(out, r.groups);
  }
  static bool decode(Reader& in, Record& r) {
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;
    if (n != 9) return in.invalid("expected 9 fields");
    if (!in.enter()) return false;
    if (!codec<std::int64_t>::decode(in, r.id)) return in.in_field("id");
    if (!codec<std::uint64_t>::decode(in, r.big)) return in.in_field("big");
    if (!codec<double>::decode(in, r.ratio)) return in.in_field("ratio");
    if (!codec<float>::decode(in, r.weight)) return in.in_field("weight");
    if (!codec<bool>::decode(in, r.active)) return in.in_field("active");
    if (!codec<std::string>::decode(in, r.name)) return in.in_field("name");
    if (!codec<std::vector<std::uint8_t>>::decode(in, r.blob)) return in.in_field("blob");
    if (!codec<std::optional<std::string>>::decode(in, r.note)) return in.in_field("note");
    if (!codec<decltype(r.groups)>::decode(in, r.groups)) return in.in_field("groups");
    in.leave();
    return true;
  }
};

TEMPLATE_TEST_CASE("integers written by msgpack-c decode to the same value", "[reader][int]",
                   std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t) {
  using Limits = std::numeric_limits<TestType>;
  std::vector<TestType> values = {Limits::min(), Limits::max(), 0, 1, 127};
  if constexpr (Limits::is_signed) values.insert(values.end(), {-1, -32, -33, -128});
  if constexpr (sizeof(TestType) >= 2) {
    values.insert(values.end(), {128, 255, 256, 32767});
    if constexpr (Limits::is_signed) values.insert(values.end(), {-129, -32768});
  }
  if constexpr (sizeof(TestType) >= 4) {
    values.insert(values.end(), {65535, 65536, 2147483647});
    if constexpr (Limits::is_signed) {
      values.insert(values.end(), {-32769, static_cast<TestType>(Limits::min())});
    }
  }
  if constexpr (sizeof(TestType) == 8) {
    values.insert(values.end(),
                  {static_cast<TestType>(4294967295u), static_cast<TestType>(4294967296u)});
    if constexpr (Limits::is_signed) values.push_back(static_cast<TestType>(-2147483649LL));
  }
  for (TestType value : values) {
    INFO("value " << +value);
    CHECK(round_trip_from_msgpack_c(value) == value);
  }
}

TEST_CASE("every integer width is accepted when the value fits", "[reader][int]") {
  // 5 and -5 in every encoding that can hold them, canonical or not.
  const std::vector<Bytes> five = {
      {0x05},
      {0xcc, 0x05},
      {0xcd, 0x00, 0x05},
      {0xce, 0x00, 0x00, 0x00, 0x05},
      {0xcf, 0, 0, 0, 0, 0, 0, 0, 0x05},
      {0xd0, 0x05},
      {0xd1, 0x00, 0x05},
      {0xd2, 0x00, 0x00, 0x00, 0x05},
      {0xd3, 0, 0, 0, 0, 0, 0, 0, 0x05},
  };
  for (const Bytes& bytes : five) {
    INFO("marker " << +bytes[0]);
    std::int8_t i8 = 0;
    std::uint8_t u8 = 0;
    std::int64_t i64 = 0;
    std::uint64_t u64 = 0;
    std::uint16_t u16 = 0;
    CHECK(decode(bytes, i8).ok());
    CHECK(decode(bytes, u8).ok());
    CHECK(decode(bytes, i64).ok());
    CHECK(decode(bytes, u64).ok());
    CHECK(decode(bytes, u16).ok());
    CHECK(i8 == 5);
    CHECK(u8 == 5);
    CHECK(i64 == 5);
    CHECK(u64 == 5);
    CHECK(u16 == 5);
  }
  const std::vector<Bytes> minus_five = {
      {0xfb},
      {0xd0, 0xfb},
      {0xd1, 0xff, 0xfb},
      {0xd2, 0xff, 0xff, 0xff, 0xfb},
      {0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfb},
  };
  for (const Bytes& bytes : minus_five) {
    INFO("marker " << +bytes[0]);
    std::int8_t i8 = 0;
    std::int32_t i32 = 0;
    std::int64_t i64 = 0;
    CHECK(decode(bytes, i8).ok());
    CHECK(decode(bytes, i32).ok());
    CHECK(decode(bytes, i64).ok());
    CHECK(i8 == -5);
    CHECK(i32 == -5);
    CHECK(i64 == -5);
  }
}

TEST_CASE("integers that do not fit the target are out_of_range at the value's offset",
          "[reader][int]") {
  // Each bad value sits at index 1 of an array, after a one-byte element, so at offset 2.
  struct Case {
    const char* what;
    Bytes value;
  };
  const std::vector<Case> into_int8 = {
      {"300", {0xcd, 0x01, 0x2c}}, {"128", {0xcc, 0x80}}, {"-129", {0xd1, 0xff, 0x7f}}};
  for (const Case& c : into_int8) {
    INFO(c.what << " into int8_t");
    std::vector<std::int8_t> out;
    const Status status = decode(concat({{0x92, 0x01}, c.value}), out);
    CHECK(status.code() == ErrorCode::out_of_range);
    CHECK(status.offset() == 2);
    CHECK(status.path() == "[1]");
    CHECK(status.detail().find(c.what) != std::string::npos);
  }

  std::vector<std::uint32_t> u32;
  Status status = decode({0x92, 0x01, 0xff}, u32);
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.offset() == 2);
  CHECK(status.detail() == "value -1 does not fit the field's type");

  std::uint64_t u64 = 0;
  status = decode({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}, u64);  // INT64_MIN
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.offset() == 0);

  std::int64_t i64 = 0;
  status = decode({0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0}, i64);  // 2^63
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.detail().find("9223372036854775808") != std::string::npos);
  CHECK(decode({0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, i64).ok());
  CHECK(i64 == std::numeric_limits<std::int64_t>::max());

  std::uint8_t u8 = 0;
  status = decode({0xcd, 0x01, 0x00}, u8);  // 256
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(decode({0xcd, 0x00, 0xff}, u8).ok());
  CHECK(u8 == 255);

  std::int32_t i32 = 0;
  status = decode({0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff}, i32);  // INT32_MIN - 1
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(decode({0xd3, 0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0}, i32).ok());
  CHECK(i32 == std::numeric_limits<std::int32_t>::min());
}

TEST_CASE("floats and doubles decode from floats and from every integer form", "[reader][float]") {
  for (double value : {0.5, -0.1, 1e300, -2.5e-308}) {
    INFO("double " << value);
    CHECK(round_trip_from_msgpack_c(value) == value);
  }
  for (float value : {0.5f, -0.1f, 1e30f}) {
    INFO("float " << value);
    CHECK(round_trip_from_msgpack_c(value) == value);
  }
  // msgpack-c writes integral values as integers; they decode to the same number.
  CHECK(round_trip_from_msgpack_c(3.0) == 3.0);
  CHECK(round_trip_from_msgpack_c(-7.0f) == -7.0f);
  CHECK(round_trip_from_msgpack_c(4294967296.0) == 4294967296.0);

  double d = 0;
  CHECK(decode({0x7f}, d).ok());
  CHECK(d == 127.0);
  CHECK(decode({0xe0}, d).ok());
  CHECK(d == -32.0);
  CHECK(decode({0xcc, 0xff}, d).ok());
  CHECK(d == 255.0);
  CHECK(decode({0xd1, 0x80, 0x00}, d).ok());
  CHECK(d == -32768.0);
  CHECK(decode({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, d).ok());
  CHECK(d == 18446744073709551615.0);
  CHECK(decode({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}, d).ok());
  CHECK(d == -9223372036854775808.0);
  // float32 on the wire into a double, and float64 into a float.
  CHECK(decode({0xca, 0x3f, 0xc0, 0x00, 0x00}, d).ok());
  CHECK(d == 1.5);
  float f = 0;
  CHECK(decode({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}, f).ok());
  CHECK(f == 1.5f);
  CHECK(decode({0xca, 0x7f, 0xc0, 0x00, 0x00}, f).ok());
  CHECK(std::isnan(f));

  const Status status = decode({0xa1, 'x'}, d);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected float, found str (0xa1)");
  CHECK(decode({0xc3}, f).code() == ErrorCode::type_mismatch);
}

TEST_CASE("bool, nil and optionals decode", "[reader]") {
  CHECK(round_trip_from_msgpack_c(true) == true);
  bool b = true;
  CHECK(decode({0xc2}, b).ok());
  CHECK(b == false);
  CHECK(decode({0x01}, b).code() == ErrorCode::type_mismatch);

  std::optional<int> maybe = 5;
  CHECK(decode({0xc0}, maybe).ok());
  CHECK(!maybe.has_value());
  CHECK(decode({0xd0, 0x80}, maybe).ok());
  CHECK(maybe == -128);
  CHECK(round_trip_from_msgpack_c(std::optional<std::string>("text")) == "text");

  Reader reader("\xc0\x01", 2);
  CHECK(reader.next_is_nil());
  CHECK(reader.read_nil());
  CHECK(!reader.next_is_nil());
  CHECK(!reader.read_nil());
  CHECK(reader.status().code() == ErrorCode::type_mismatch);
  CHECK(reader.status().detail() == "expected nil, found int (0x01)");
}

TEST_CASE("strings decode from every str form and from bin", "[reader][str]") {
  for (std::size_t length : {0u, 31u, 32u, 255u, 256u, 65535u, 65536u}) {
    INFO("length " << length);
    std::string value(length, 'q');
    for (std::size_t i = 0; i < length; ++i) value[i] = static_cast<char>(i % 251);
    CHECK(round_trip_from_msgpack_c(value) == value);
  }
  const std::vector<Bytes> abc = {
      text("\xa3"
           "abc"),
      text("\xd9\x03"
           "abc"),
      concat({{0xda, 0x00, 0x03}, text("abc")}),
      concat({{0xdb, 0x00, 0x00, 0x00, 0x03}, text("abc")}),
      text("\xc4\x03"
           "abc"),
      concat({{0xc5, 0x00, 0x03}, text("abc")}),
      concat({{0xc6, 0x00, 0x00, 0x00, 0x03}, text("abc")}),
  };
  for (const Bytes& bytes : abc) {
    INFO("marker " << +bytes[0]);
    std::string s = "previous content";
    CHECK(decode(bytes, s).ok());
    CHECK(s == "abc");
    std::string_view view;
    CHECK(decode(bytes, view).ok());
    CHECK(view == "abc");
    CHECK(view.data() == reinterpret_cast<const char*>(bytes.data()) + bytes.size() - 3);
  }
  std::string s;
  Status status = decode({0x05}, s);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected str, found int (0x05)");
  CHECK(status.message() == "type mismatch at offset 0: expected str, found int (0x05)");
}

// A string decoded into one that already holds text is overwritten in place when it does not
// grow (detail::copy_payload, inline up to 32 bytes) and appended to when it does.
TEST_CASE("strings decode over every shorter and longer previous value", "[reader][str]") {
  for (std::size_t before = 0; before <= 40; ++before) {
    for (std::size_t after = 0; after <= 40; ++after) {
      INFO(before << " bytes before, " << after << " decoded");
      std::string expected(after, '\0');
      for (std::size_t i = 0; i < after; ++i) expected[i] = static_cast<char>('a' + (i * 5) % 26);
      msgpack::sbuffer packed;
      msgpack::pack(packed, expected);
      const auto* first = reinterpret_cast<const std::uint8_t*>(packed.data());
      std::string value(before, '#');
      REQUIRE(decode(Bytes(first, first + packed.size()), value).ok());
      CHECK(value == expected);
    }
  }
}

// codec<std::string> takes a fixstr inline and every other value out of line: each way reports
// what Reader::read_str() reports, at the same offset, and leaves the string as it was.
TEST_CASE("strings that fail to decode report read_str()'s error and keep their value",
          "[reader][str]") {
  ReaderOptions limited;
  limited.max_str_length = 2;
  ReaderOptions budget;
  budget.max_allocation = 3;
  const struct {
    Bytes bytes;
    ReaderOptions options;
  } cases[] = {
      // no input
      {{}, {}},
      // a fixstr the input ends inside
      {text("\xa5"
            "ab"),
       {}},
      // a fixstr over the length limit
      {text("\xa3"
            "abc"),
       limited},
      // a str8 the input ends inside, and one whose header it ends inside
      {text("\xd9\x05"
            "ab"),
       {}},
      {text("\xd9"), {}},
      // a str8 over the length limit
      {text("\xd9\x03"
            "abc"),
       limited},
      // nil and the invalid marker
      {{0xc0}, {}},
      {{0xc1}, {}},
      // a fixstr and a str8 over the allocation budget
      {text("\xb4"
            "0123456789abcdefghij"),
       budget},
      {text("\xd9\x20"
            "0123456789abcdef0123456789abcdef"),
       budget},
  };
  for (const auto& c : cases) {
    Reader reader(c.bytes.data(), c.bytes.size(), c.options);
    std::string_view view;
    const bool read = reader.read_str(view);
    const bool over_budget = read && view.size() > c.options.max_allocation;
    INFO("input of " << c.bytes.size() << " bytes");
    REQUIRE((!read || over_budget));
    for (const char* previous : {"", "x", "previous content"}) {
      INFO("previous value \"" << previous << '"');
      std::string value = previous;
      const Status status = decode(c.bytes, value, c.options);
      CHECK(value == previous);
      if (over_budget) {
        CHECK(status.code() == ErrorCode::limit_exceeded);
        CHECK(status.offset() == c.bytes.size());  // after the text, as charge() reports it
        continue;
      }
      const Status expected = reader.status();
      CHECK(status.code() == expected.code());
      CHECK(status.offset() == expected.offset());
      CHECK(status.message() == expected.message());
    }
  }
}

TEST_CASE("byte vectors decode from bin and str", "[reader][bin]") {
  for (std::size_t length : {0u, 255u, 256u, 65536u}) {
    INFO("length " << length);
    std::vector<std::uint8_t> bytes(length);
    for (std::size_t i = 0; i < length; ++i) bytes[i] = static_cast<std::uint8_t>(i * 13);
    CHECK(round_trip_from_msgpack_c(bytes) == bytes);
    std::vector<char> chars(bytes.begin(), bytes.end());
    CHECK(round_trip_from_msgpack_c(chars) == chars);
    std::vector<std::byte> raw(length);
    for (std::size_t i = 0; i < length; ++i) raw[i] = static_cast<std::byte>(bytes[i]);
    CHECK(round_trip_from_msgpack_c(raw) == raw);
  }
  std::vector<std::uint8_t> out;
  CHECK(decode(text("\xa2"
                    "hi"),
               out)
            .ok());
  CHECK(out == std::vector<std::uint8_t>{'h', 'i'});
  const Status status = decode({0x92, 0x01, 0x02}, out);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected bin, found array (0x92)");
}

TEST_CASE("arrays and maps decode from every header form", "[reader][array][map]") {
  const std::vector<Bytes> one_two = {
      {0x92, 0x01, 0x02},
      {0xdc, 0x00, 0x02, 0x01, 0x02},
      {0xdd, 0x00, 0x00, 0x00, 0x02, 0x01, 0x02},
  };
  for (const Bytes& bytes : one_two) {
    INFO("marker " << +bytes[0]);
    std::vector<int> v = {9, 9, 9, 9};
    CHECK(decode(bytes, v).ok());
    CHECK(v == std::vector<int>{1, 2});
    std::array<std::int16_t, 2> a{};
    CHECK(decode(bytes, a).ok());
    CHECK(a == std::array<std::int16_t, 2>{1, 2});
  }
  const std::vector<Bytes> k_five = {
      text("\x81\xa1k\x05"),
      concat({{0xde, 0x00, 0x01}, text("\xa1k\x05")}),
      concat({{0xdf, 0x00, 0x00, 0x00, 0x01}, text("\xa1k\x05")}),
  };
  for (const Bytes& bytes : k_five) {
    INFO("marker " << +bytes[0]);
    std::map<std::string, int> m = {{"stale", 1}};
    CHECK(decode(bytes, m).ok());
    CHECK(m == std::map<std::string, int>{{"k", 5}});
    std::unordered_map<std::string, std::uint8_t> u;
    CHECK(decode(bytes, u).ok());
    CHECK(u == std::unordered_map<std::string, std::uint8_t>{{"k", 5}});
  }
  // Duplicate keys: the last one wins.
  std::map<int, int> dup;
  CHECK(decode({0x82, 0x01, 0x0a, 0x01, 0x0b}, dup).ok());
  CHECK(dup == std::map<int, int>{{1, 11}});

  std::array<int, 3> three{};
  const Status status = decode({0x92, 0x01, 0x02}, three);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() == "expected an array of 3 elements, found 2");

  std::vector<int> v;
  CHECK(decode(text("\x81\xa1k\x05"), v).code() == ErrorCode::type_mismatch);
  std::map<int, int> m;
  CHECK(decode({0x91, 0x01}, m).code() == ErrorCode::type_mismatch);
}

namespace {

// A value whose decode adds to what it holds: a map entry that does not start from V{} shows.
struct Tally {
  std::int64_t sum = 0;
  bool operator==(const Tally& o) const { return sum == o.sum; }
};

}  // namespace

template <>
struct msgpack_gen::codec<Tally> {
  static void encode(Writer& out, const Tally& t) { codec<std::int64_t>::encode(out, t.sum); }
  static bool decode(Reader& in, Tally& t) {
    std::int64_t v = 0;
    if (!codec<std::int64_t>::decode(in, v)) return false;
    t.sum += v;
    return true;
  }
};

namespace {

using Entries = std::vector<std::pair<int, std::int64_t>>;

// A map of these entries in this order, duplicates included.
Bytes map_of(const Entries& entries) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::Writer out(buffer);
  out.map_header(static_cast<std::uint32_t>(entries.size()));
  for (const auto& [key, value] : entries) {
    msgpack_gen::codec<int>::encode(out, key);
    msgpack_gen::codec<std::int64_t>::encode(out, value);
  }
  return Bytes(buffer.data(), buffer.data() + buffer.size());
}

// Keys ascending, descending, in random order, or ascending with repeats; 0 to 39 entries.
Entries random_entries(std::mt19937& rng, int order) {
  Entries entries;
  const int n = static_cast<int>(rng() % 40);
  int key = static_cast<int>(rng() % 5);
  for (int i = 0; i < n; ++i) {
    const auto value = static_cast<std::int64_t>(rng() % 1000) - 500;
    switch (order) {
      case 0:
        key += 1 + static_cast<int>(rng() % 3);
        break;
      case 1:
        key -= 1 + static_cast<int>(rng() % 3);
        break;
      case 2:
        key = static_cast<int>(rng() % 50);
        break;
      default:
        key += static_cast<int>(rng() % 2);
        break;  // 0: the last key again
    }
    entries.emplace_back(key, value);
  }
  return entries;
}

}  // namespace

TEMPLATE_TEST_CASE("maps take keys in any order and the last of duplicates, into maps of any size",
                   "[reader][map]", (std::map<int, Tally>),
                   (std::map<int, Tally, std::greater<int>>), (std::unordered_map<int, Tally>)) {
  using Map = TestType;
  std::mt19937 rng(20261206);
  for (int round = 0; round < 800; ++round) {
    const int order = round % 4;
    const Entries entries = random_entries(rng, order);
    Map expected;
    for (const auto& [key, value] : entries) expected[key] = Tally{value};  // the last one wins
    // The destination holds 0 to 29 stale entries: their nodes are reused, and new ones made.
    Map into;
    const auto stale = static_cast<std::uint32_t>(rng() % 30);
    for (std::uint32_t i = 0; i < stale; ++i) into[static_cast<int>(rng() % 60)] = Tally{999};
    INFO("round " << round << ", order " << order << ", " << entries.size() << " entries, "
                  << into.size() << " stale");
    const Status status = decode(map_of(entries), into);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(into == expected);
  }

  // A repeated key makes no node, so it is not charged against the allocation budget.
  ReaderOptions one_node;
  one_node.max_allocation = msgpack_gen::codec<Map>::kNodeBytes;
  Map into;
  CHECK(decode(map_of({{4, 1}, {4, 2}, {4, 3}}), into, one_node).ok());
  CHECK(into == Map{{4, Tally{3}}});
  Map fresh;
  CHECK(decode(map_of({{4, 1}, {5, 2}}), fresh, one_node).code() == ErrorCode::limit_exceeded);
}

TEST_CASE("vector<bool> and array<bool> decode through bool proxies", "[reader][array]") {
  const std::vector<bool> flags = {true, false, false, true, true};
  CHECK(round_trip_from_msgpack_c(flags) == flags);
  std::vector<bool> into = {false};
  CHECK(decode({0x93, 0xc3, 0xc2, 0xc3}, into).ok());
  CHECK(into == std::vector<bool>{true, false, true});
  std::array<bool, 2> pair{};
  CHECK(decode({0x92, 0xc2, 0xc3}, pair).ok());
  CHECK(pair == std::array<bool, 2>{false, true});
  const Status status = decode({0x92, 0xc3, 0x01}, into);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");
}

TEST_CASE("containers written by msgpack-c decode to equal values", "[reader][nested]") {
  const std::vector<std::map<std::string, std::vector<std::int32_t>>> nested = {
      {}, {{"k", {1, 2, 3}}, {"empty", {}}}, {{"neg", {-1, -129, -2147483647 - 1}}}};
  CHECK(round_trip_from_msgpack_c(nested) == nested);

  std::vector<std::int64_t> large(70000);
  for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<std::int64_t>(i * i) - 7;
  CHECK(round_trip_from_msgpack_c(large) == large);

  std::map<std::uint32_t, std::string> many;
  for (std::uint32_t i = 0; i < 70000; ++i) many.emplace(i * 5, std::to_string(i));
  CHECK(round_trip_from_msgpack_c(many) == many);

  const std::map<std::string, std::vector<std::optional<double>>> optionals = {
      {"some", {0.5, std::nullopt, -2.75}}, {"none", {std::nullopt}}};
  CHECK(round_trip_from_msgpack_c(optionals) == optionals);

  const std::array<std::string, 2> pair = {"a", std::string(300, 'z')};
  CHECK(round_trip_from_msgpack_c(pair) == pair);
}

TEST_CASE("the invalid marker 0xc1 is reported as invalid_marker", "[reader]") {
  const Bytes bytes = {0x92, 0x01, 0xc1};
  std::vector<int> ints;
  Status status = decode(bytes, ints);
  CHECK(status.code() == ErrorCode::invalid_marker);
  CHECK(status.offset() == 2);
  CHECK(status.path() == "[1]");
  CHECK(status.detail() == "expected int, found invalid marker (0xc1)");

  std::vector<std::string> strings;
  CHECK(decode({0x92, 0xa0, 0xc1}, strings).code() == ErrorCode::invalid_marker);
  std::vector<double> reals;
  CHECK(decode(bytes, reals).code() == ErrorCode::invalid_marker);
  std::map<std::string, int> map;
  CHECK(decode({0xc1}, map).code() == ErrorCode::invalid_marker);

  Reader reader(bytes.data(), bytes.size());
  CHECK(!reader.skip());
  CHECK(reader.status().code() == ErrorCode::invalid_marker);
  CHECK(reader.status().offset() == 2);
}

TEST_CASE("every truncated prefix of a nested value is an error, never a success",
          "[reader][truncated]") {
  const Record original = sample_record();
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, original);
  const Bytes full(buffer.data(), buffer.data() + buffer.size());
  REQUIRE(full.size() > 400);

  Record decoded;
  REQUIRE(decode(full, decoded).ok());
  REQUIRE(decoded == original);

  for (std::size_t size = 0; size < full.size(); ++size) {
    // A copy of exactly `size` bytes, so a read past the end is a heap overflow under ASan.
    const Bytes prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(size));
    Record into;
    const Status status = decode(prefix, into);
    INFO("prefix of " << size << " bytes: " << status.message());
    CHECK(!status.ok());
    CHECK(status.code() == ErrorCode::incomplete);
    CHECK(status.offset() <= size);

    Reader reader(prefix.data(), prefix.size());
    CHECK(!reader.skip());
    CHECK(reader.status().code() == ErrorCode::incomplete);
  }
}

TEST_CASE("declared lengths larger than the input fail before anything is allocated",
          "[reader][hostile]") {
  std::vector<int> ints;
  Status status = decode({0xdd, 0xff, 0xff, 0xff, 0xff, 0x00}, ints);  // 4e9 elements, 6 bytes
  CHECK(status.code() == ErrorCode::incomplete);
  CHECK(ints.capacity() == 0);

  std::vector<std::vector<std::string>> nested;
  status = decode({0x91, 0xdc, 0xff, 0xff, 0x00}, nested);
  CHECK(status.code() == ErrorCode::incomplete);
  CHECK(status.path() == "[0]");

  std::string s;
  status = decode({0xdb, 0xff, 0xff, 0xff, 0xff, 'a'}, s);  // str32 of 4e9 bytes
  CHECK(status.code() == ErrorCode::incomplete);
  CHECK(s.empty());
  CHECK(decode({0xc6, 0xff, 0xff, 0xff, 0xff, 'a'}, s).code() == ErrorCode::incomplete);
  std::vector<std::uint8_t> bytes;
  CHECK(decode({0xc6, 0xff, 0xff, 0xff, 0xf0, 'a'}, bytes).code() == ErrorCode::incomplete);
  CHECK(bytes.capacity() == 0);
  std::map<int, int> map;
  CHECK(decode({0xdf, 0x80, 0x00, 0x00, 0x00, 0x01, 0x01}, map).code() == ErrorCode::incomplete);
  // Three map entries need at least six bytes.
  CHECK(decode({0x83, 0x01, 0x01, 0x02, 0x02, 0x03}, map).code() == ErrorCode::incomplete);

  for (const Bytes& hostile : std::vector<Bytes>{{0xdd, 0xff, 0xff, 0xff, 0xff, 0x00},
                                                 {0xdf, 0xff, 0xff, 0xff, 0xff, 0x00},
                                                 {0xdb, 0xff, 0xff, 0xff, 0xff, 'a'},
                                                 {0xc6, 0xff, 0xff, 0xff, 0xff, 'a'},
                                                 {0xc9, 0xff, 0xff, 0xff, 0xff, 0x01, 'a'}}) {
    INFO("marker " << +hostile[0]);
    Reader reader(hostile.data(), hostile.size());
    CHECK(!reader.skip());
    CHECK(reader.status().code() == ErrorCode::incomplete);
  }
}

TEST_CASE("skip() passes over one whole value of every type", "[reader][skip]") {
  const std::vector<Bytes> values = {
      {0xc0},
      {0xc2},
      {0xc3},
      {0x00},
      {0x7f},
      {0xe0},
      {0xff},
      {0xcc, 0x01},
      {0xcd, 0x01, 0x02},
      {0xce, 0x01, 0x02, 0x03, 0x04},
      {0xcf, 1, 2, 3, 4, 5, 6, 7, 8},
      {0xd0, 0x80},
      {0xd1, 0x80, 0x00},
      {0xd2, 0x80, 0, 0, 0},
      {0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0},
      {0xca, 0x3f, 0xc0, 0, 0},
      {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0},
      {0xa0},
      text("\xa3"
           "abc"),
      text("\xd9\x02"
           "ab"),
      concat({{0xda, 0x00, 0x02}, text("ab")}),
      concat({{0xdb, 0x00, 0x00, 0x00, 0x02}, text("ab")}),
      {0xc4, 0x00},
      {0xc4, 0x02, 0xc1, 0xc1},  // the payload is not parsed
      {0xc5, 0x00, 0x01, 0xc1},
      {0xc6, 0x00, 0x00, 0x00, 0x01, 0xc1},
      {0xd4, 0x01, 0xc1},
      {0xd5, 0x01, 0xc1, 0xc1},
      {0xd6, 0x01, 1, 2, 3, 4},
      {0xd7, 0x01, 1, 2, 3, 4, 5, 6, 7, 8},
      {0xd8, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
      {0xc7, 0x00, 0x05},
      {0xc7, 0x03, 0xff, 1, 2, 3},
      {0xc8, 0x00, 0x02, 0x05, 1, 2},
      {0xc9, 0x00, 0x00, 0x00, 0x01, 0x05, 1},
      {0x90},
      {0x93, 0x01, 0xa1, 'x', 0xc0},
      {0xdc, 0x00, 0x02, 0x01, 0x02},
      {0xdd, 0x00, 0x00, 0x00, 0x01, 0x90},
      {0x80},
      {0x82, 0x01, 0x02, 0xa1, 'k', 0x91, 0x80},
      {0xde, 0x00, 0x01, 0x01, 0x02},
      {0xdf, 0x00, 0x00, 0x00, 0x01, 0x01, 0x81, 0x02, 0x92, 0xc2, 0xc3},
  };
  for (const Bytes& value : values) {
    INFO("value starting with marker " << +value[0] << ", " << value.size() << " bytes");
    const Bytes followed = concat({value, {0x2a}});
    Reader reader(followed.data(), followed.size());
    REQUIRE(reader.skip());
    CHECK(reader.offset() == value.size());
    int sentinel = 0;
    CHECK(reader.read_int(sentinel));
    CHECK(sentinel == 42);
    CHECK(reader.at_end());
    CHECK(!reader.failed());

    // Every strict prefix of the value fails to skip.
    for (std::size_t size = 0; size < value.size(); ++size) {
      const Bytes prefix(value.begin(), value.begin() + static_cast<std::ptrdiff_t>(size));
      Reader truncated(prefix.data(), prefix.size());
      CHECK(!truncated.skip());
      CHECK(truncated.failed());
    }
  }

  // msgpack-c output of a complex value skips in one step too.
  const std::map<std::string, std::vector<std::optional<double>>> complex = {
      {"a", {0.5, std::nullopt}}, {std::string(300, 'b'), {}}};
  const Bytes bytes = theirs(complex).bytes;
  Reader reader(bytes.data(), bytes.size());
  CHECK(reader.skip());
  CHECK(reader.at_end());
}

TEST_CASE("hostile nesting is bounded by the depth limit", "[reader][hostile][depth]") {
  const Bytes fixarrays(200000, 0x91);  // [[[[...
  Reader reader(fixarrays.data(), fixarrays.size());
  CHECK(!reader.skip());
  CHECK(reader.status().code() == ErrorCode::too_deep);

  // Even when the caller asks for more, the reader stops at its hard limit.
  Reader permissive(fixarrays.data(), fixarrays.size(), ReaderOptions{1000000});
  CHECK(!permissive.skip());
  CHECK(permissive.status().code() == ErrorCode::too_deep);

  Bytes maps;
  for (int i = 0; i < 100000; ++i) maps.insert(maps.end(), {0x81, 0xa0});  // {"": {"": ...
  Reader map_reader(maps.data(), maps.size());
  CHECK(!map_reader.skip());
  CHECK(map_reader.status().code() == ErrorCode::too_deep);

  Bytes wide_headers;
  for (int i = 0; i < 60000; ++i) wide_headers.insert(wide_headers.end(), {0xdc, 0x00, 0x01});
  Reader wide_reader(wide_headers.data(), wide_headers.size());
  CHECK(!wide_reader.skip());
  CHECK(wide_reader.status().code() == ErrorCode::too_deep);
}

TEST_CASE("max_depth is honoured by decoders and by skip()", "[reader][depth]") {
  const Bytes three_levels = {0x91, 0x91, 0x91, 0x07};  // [[[7]]]
  using Nested = std::vector<std::vector<std::vector<int>>>;

  Nested value;
  Status status = decode(three_levels, value, ReaderOptions{2});
  CHECK(status.code() == ErrorCode::too_deep);
  CHECK(status.detail().find("at most 2 levels") != std::string::npos);
  CHECK(status.path() == "[0][0]");
  status = decode(three_levels, value, ReaderOptions{3});
  CHECK(status.ok());
  CHECK(value == Nested{{{7}}});

  Reader shallow(three_levels.data(), three_levels.size(), ReaderOptions{2});
  CHECK(!shallow.skip());
  CHECK(shallow.status().code() == ErrorCode::too_deep);
  Reader enough(three_levels.data(), three_levels.size(), ReaderOptions{3});
  CHECK(enough.skip());
  CHECK(enough.at_end());

  // The default limit is 64 levels.
  Bytes deep(64, 0x91);
  deep.push_back(0x90);
  Reader at_limit(deep.data(), deep.size());
  CHECK(!at_limit.skip());
  Reader below_limit(deep.data() + 1, deep.size() - 1);
  CHECK(below_limit.skip());
  CHECK(below_limit.at_end());

  // skip() inside a decoder counts the levels the decoder has entered.
  Reader inside(three_levels.data(), three_levels.size(), ReaderOptions{3});
  std::uint32_t n = 0;
  REQUIRE(inside.read_array_header(n));
  REQUIRE(inside.enter());
  CHECK(inside.depth() == 1);
  CHECK(inside.skip());
  inside.leave();
  CHECK(inside.depth() == 0);
  Reader inside_shallow(three_levels.data(), three_levels.size(), ReaderOptions{2});
  REQUIRE(inside_shallow.read_array_header(n));
  REQUIRE(inside_shallow.enter());
  CHECK(!inside_shallow.skip());
  CHECK(inside_shallow.status().code() == ErrorCode::too_deep);
}

TEST_CASE("bytes after the top-level value are trailing_bytes", "[reader]") {
  int value = 0;
  Status status = decode({0x05, 0x06, 0x07}, value);
  CHECK(status.code() == ErrorCode::trailing_bytes);
  CHECK(status.offset() == 1);
  CHECK(status.detail().find("2 more bytes") != std::string::npos);

  std::vector<std::string> strings;
  status = decode({0x91, 0xa1, 'x', 0xc0}, strings);
  CHECK(status.code() == ErrorCode::trailing_bytes);
  CHECK(status.offset() == 3);

  // A stream of values is read with a Reader, value after value.
  const Bytes stream = {0x05, 0xa1, 'x', 0xc3};
  Reader reader(stream.data(), stream.size());
  int number = 0;
  std::string_view word;
  bool flag = false;
  CHECK(reader.read_int(number));
  CHECK(reader.read_str(word));
  CHECK(reader.read_bool(flag));
  CHECK(reader.at_end());
  CHECK((number == 5 && word == "x" && flag));
}

TEST_CASE("errors inside containers carry the path to the failing value", "[reader][path]") {
  using Groups = std::vector<std::map<std::string, std::vector<int>>>;
  // [{}, {"a": [1], "k": [1, 2, "x"]}]
  const Bytes bytes = concat({{0x92, 0x80, 0x82},
                              text("\xa1"
                                   "a\x91\x01"),
                              text("\xa1"
                                   "k\x93\x01\x02\xa1x")});
  Groups groups;
  Status status = decode(bytes, groups);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1][\"k\"][2]");
  CHECK(status.offset() == bytes.size() - 2);
  CHECK(status.message() == "type mismatch at offset " + std::to_string(bytes.size() - 2) +
                                " in [1][\"k\"][2]: expected int, found str (0xa1)");

  // A key that fails to decode is named by the entry's position.
  std::map<std::string, int> by_name;
  status = decode({0x82, 0xa1, 'a', 0x01, 0x02, 0x02}, by_name);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");

  // Optionals add nothing to the path; arrays add the index.
  std::optional<std::array<std::optional<std::string>, 2>> optional_pair;
  status = decode({0x92, 0xc0, 0x07}, optional_pair);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");

  // Struct fields, as generated code reports them, join with dots.
  Record record;
  Bytes encoded;
  {
    Record bad = sample_record();
    bad.groups[2]["b"] = {1, 2};
    msgpack_gen::Buffer buffer;
    msgpack_gen::marshal(buffer, bad);
    encoded.assign(buffer.data(), buffer.data() + buffer.size());
    encoded[encoded.size() - 1] = 0xa0;  // the last int becomes an empty string
  }
  status = decode(encoded, record);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "groups[2][\"b\"][1]");
  CHECK(status.offset() == encoded.size() - 1);

  Reader reader("\x05", 1);
  std::string s;
  CHECK(!msgpack_gen::codec<std::string>::decode(reader, s));
  reader.in_field("key");
  reader.in_element(3);
  reader.in_field("subs");
  CHECK(reader.status().path() == "subs[3].key");
}

TEST_CASE("Reader primitives report position and remaining input", "[reader]") {
  const Bytes bytes = {0x93, 0xa2, 'h', 'i', 0xc4, 0x01, 0x09, 0xd6, 0x05, 1, 2, 3, 4};
  Reader reader(bytes.data(), bytes.size());
  msgpack_gen::Family family;
  REQUIRE(reader.peek(family));
  CHECK(family == msgpack_gen::Family::array);
  std::uint32_t n = 0;
  REQUIRE(reader.read_array_header(n));
  CHECK(n == 3);
  CHECK(reader.offset() == 1);
  CHECK(reader.remaining() == bytes.size() - 1);
  CHECK(reader.position() == bytes.data() + 1);
  std::string_view s;
  REQUIRE(reader.read_str(s));
  CHECK(s == "hi");
  std::string_view b;
  REQUIRE(reader.read_bin(b));
  CHECK(b == std::string_view("\x09", 1));
  std::int8_t type = 0;
  std::string_view payload;
  REQUIRE(reader.read_ext(type, payload));
  CHECK(type == 5);
  CHECK(payload == std::string_view("\x01\x02\x03\x04", 4));
  CHECK(reader.at_end());
  CHECK(!reader.peek(family));
  CHECK(reader.status().code() == ErrorCode::incomplete);
  CHECK(reader.status().offset() == bytes.size());

  // The first error wins; later failures do not overwrite it.
  Reader twice("\xc2", 1);
  int number = 0;
  CHECK(!twice.read_int(number));
  CHECK(!twice.read_nil());
  CHECK(twice.status().detail() == "expected int, found bool (0xc2)");
}

// --- Error text that is safe to log (input-derived text escaped and cut, messages bounded) -------

namespace {

// A UTF-8 check written apart from the runtime's: true when every sequence is well formed
// (shortest form, no surrogates, at most U+10FFFF).
bool valid_utf8(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (lead < 0x80) {
      length = 1;
      code = lead;
    } else if ((lead & 0xe0) == 0xc0) {
      length = 2;
      code = lead & 0x1f;
    } else if ((lead & 0xf0) == 0xe0) {
      length = 3;
      code = lead & 0x0f;
    } else if ((lead & 0xf8) == 0xf0) {
      length = 4;
      code = lead & 0x07;
    } else {
      return false;
    }
    if (text.size() - i < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0) != 0x80) return false;
      code = (code << 6) | (next & 0x3f);
    }
    static const std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      return false;
    }
    i += length;
  }
  return true;
}

// What the issue asks of every message: no control byte, no DEL, valid UTF-8, bounded.
void check_loggable(const Status& status) {
  const std::string message = status.message();
  INFO("message of " << message.size() << " bytes: " << message.substr(0, 300));
  bool control = false;
  for (char c : message) control = control || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  CHECK_FALSE(control);
  CHECK(valid_utf8(message));
  CHECK(message.size() <= Status::kMaxMessageSize);
  CHECK(status.path().size() <= Status::kMaxPathSize);
  CHECK(status.detail().size() <= Status::kMaxDetailSize);
}

// Control bytes, an ESC sequence, invalid UTF-8 and a quote, repeated to `size` bytes.
std::string hostile_text(std::size_t size) {
  const std::string unit = "\n\x1b[31mEVIL\r\x7f\xff\xc3\"\\\xe2\x80\xae";
  std::string text;
  while (text.size() < size) text += unit;
  text.resize(size);
  return text;
}

Bytes str32(const std::string& s) {
  Bytes bytes = {0xdb, static_cast<std::uint8_t>(s.size() >> 24),
                 static_cast<std::uint8_t>(s.size() >> 16),
                 static_cast<std::uint8_t>(s.size() >> 8), static_cast<std::uint8_t>(s.size())};
  bytes.insert(bytes.end(), s.begin(), s.end());
  return bytes;
}

enum class Shade { light, dark };

}  // namespace

// What a generated as_string enum provides.
template <>
struct msgpack_gen::enum_names<Shade> {
  static const char* name(Shade shade) { return shade == Shade::light ? "light" : "dark"; }
  static bool parse(std::string_view text, Shade& shade) {
    if (text == "light" || text == "dark") {
      shade = text == "light" ? Shade::light : Shade::dark;
      return true;
    }
    return false;
  }
};

TEST_CASE("escaped(): printable text as it is, control bytes and invalid UTF-8 as hex escapes",
          "[reader][messages]") {
  using msgpack_gen::escaped;
  CHECK(escaped("plain key_1 {x: [1, 2]}") == "plain key_1 {x: [1, 2]}");
  CHECK(escaped("a\nb\tc\rd") == "a\\x0ab\\x09c\\x0dd");
  CHECK(escaped("\x1b[31mEVIL") == "\\x1b[31mEVIL");
  CHECK(escaped(std::string("nul\0byte", 8)) == "nul\\x00byte");
  CHECK(escaped("del\x7f") == "del\\x7f");
  CHECK(escaped("say \"hi\" \\o/") == "say \\\"hi\\\" \\\\o/");
  // Valid UTF-8 passes: é, €, 😀, and a CJK character.
  CHECK(escaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe4\xb8\xad") ==
        "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe4\xb8\xad");
  // Invalid UTF-8, byte by byte: a stray byte, a cut sequence, an overlong form, a surrogate,
  // beyond U+10FFFF.
  CHECK(escaped("\xff") == "\\xff");
  CHECK(escaped("x\xc3") == "x\\xc3");
  CHECK(escaped("\xe2\x82x") == "\\xe2\\x82x");
  CHECK(escaped("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(escaped("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  CHECK(escaped("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
  // Valid, but able to disturb a log line: C1 controls (U+009B is an 8-bit CSI), line and
  // paragraph separators, bidi overrides.
  CHECK(escaped(std::string("\xc2\x9b") + "31m") == "\\xc2\\x9b31m");
  CHECK(escaped("\xe2\x80\xa8") == "\\xe2\\x80\\xa8");
  CHECK(escaped(std::string("\xe2\x80\xae") + "txt") == "\\xe2\\x80\\xaetxt");
  CHECK(escaped("\xe2\x81\xa6") == "\\xe2\\x81\\xa6");
  CHECK(escaped("\xc2\xa0\xe2\x80\x94") == "\xc2\xa0\xe2\x80\x94");  // nbsp, em dash: kept

  // Cut at 64 bytes of input, never inside a UTF-8 sequence, with "..." when there is more.
  CHECK(escaped(std::string(64, 'a')) == std::string(64, 'a'));
  CHECK(escaped(std::string(65, 'a')) == std::string(64, 'a') + "...");
  CHECK(escaped(std::string(63, 'a') + "\xc3\xa9") == std::string(63, 'a') + "...");
  CHECK(escaped(std::string(62, 'a') + "\xc3\xa9") == std::string(62, 'a') + "\xc3\xa9");
  CHECK(escaped(std::string(1 << 20, '\x01')).size() == 64 * 4 + 3);
  CHECK(escaped("abcdef", 3) == "abc...");
  CHECK(escaped("") == "");
}

TEST_CASE("keys with control bytes and invalid UTF-8 are escaped in paths", "[reader][messages]") {
  std::map<std::string, int> by_name;
  const std::string key = "line\n\x1b[31mred\xff\"";
  Bytes bytes = {0x81, static_cast<std::uint8_t>(0xa0 | key.size())};
  bytes.insert(bytes.end(), key.begin(), key.end());
  bytes.push_back(0xc0);  // nil where an int belongs
  const Status status = decode(bytes, by_name);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[\"line\\x0a\\x1b[31mred\\xff\\\"\"]");
  check_loggable(status);
}

TEST_CASE("a 1 MB key is cut in the path, and the message stays within its bound",
          "[reader][messages]") {
  std::map<std::string, std::vector<int>> by_name;
  const std::string key = hostile_text(1 << 20);
  Bytes bytes = {0x81};
  const Bytes encoded_key = str32(key);
  bytes.insert(bytes.end(), encoded_key.begin(), encoded_key.end());
  bytes.push_back(0xa1);  // a str where the vector belongs
  bytes.push_back('x');
  const Status status = decode(bytes, by_name);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[\"" + msgpack_gen::escaped(key) + "\"]");
  CHECK(status.path().size() < 300);
  CHECK(status.path().find("...\"]") != std::string::npos);
  check_loggable(status);
}

TEST_CASE("a 1 MB enum name is escaped and cut in the detail", "[reader][messages]") {
  const std::string name = hostile_text(1 << 20);
  const Bytes bytes = str32(name);
  Reader reader(bytes.data(), bytes.size());
  Shade shade = Shade::light;
  CHECK_FALSE(msgpack_gen::read_enum_name(reader, shade));
  reader.in_field("shade");
  const Status status = reader.status();
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.path() == "shade");
  CHECK(status.detail() == "\"" + msgpack_gen::escaped(name) + "\" is not a name of the enum");
  CHECK(status.detail().rfind("\"\\x0a\\x1b[31mEVIL\\x0d\\x7f\\xff\\xc3\\\"\\\\", 0) == 0);
  check_loggable(status);

  // The example: a short hostile name, whole.
  const std::string short_name = "\n\x1b[31mEVIL";
  const Bytes short_bytes =
      concat({{static_cast<std::uint8_t>(0xa0 | short_name.size())}, text(short_name)});
  Reader short_reader(short_bytes.data(), short_bytes.size());
  CHECK_FALSE(msgpack_gen::read_enum_name(short_reader, shade));
  short_reader.in_field("status");
  CHECK(short_reader.status().message() ==
        "invalid value at offset 11 in status: \"\\x0a\\x1b[31mEVIL\" is not a name of the enum");
}

TEST_CASE("unknown_key, missing_field and in_field escape and cut what they quote",
          "[reader][messages]") {
  const std::string key = hostile_text(1 << 20);
  Reader unknown("", 0);
  unknown.unknown_key(key);
  unknown.in_field(key);
  const Status unknown_status = unknown.status();
  CHECK(unknown_status.code() == ErrorCode::unknown_key);
  CHECK(unknown_status.detail() ==
        "\"" + msgpack_gen::escaped(key) + "\" is not a field of this strict struct");
  CHECK(unknown_status.path() == msgpack_gen::escaped(key));
  check_loggable(unknown_status);

  Reader missing("", 0);
  missing.missing_field("line\nbreak");
  CHECK(missing.status().detail() == "the map has no key \"line\\x0abreak\"");
  check_loggable(missing.status());
}

TEST_CASE("a deep or long path keeps its first and last components around \"...\"",
          "[reader][messages]") {
  // Unwinding goes from the innermost component out, as decoders report it.
  Reader deep("", 0);
  int number = 0;
  CHECK_FALSE(deep.read_int(number));
  deep.in_field("leaf");
  for (std::size_t i = 0; i < 1000; ++i) {
    deep.in_element(i);
    deep.in_key(std::string(40, static_cast<char>('a' + i % 26)) + "\n");
  }
  deep.in_field("root");
  const Status status = deep.status();
  INFO(status.path());
  CHECK(status.path().rfind("root[\"" + std::string(40, 'l') + "\\x0a\"][999]", 0) == 0);
  const std::string last = "[\"" + std::string(40, 'a') + "\\x0a\"][0].leaf";
  CHECK(status.path().size() > last.size());
  CHECK(status.path().compare(status.path().size() - last.size(), last.size(), last) == 0);
  CHECK(status.path().find("...") != std::string::npos);
  CHECK(status.path().size() <= 600);
  check_loggable(status);

  // After the gap, a field's dot is not doubled.
  Reader fields("", 0);
  CHECK_FALSE(fields.read_int(number));
  for (int i = 0; i < 200; ++i) fields.in_field("f" + std::to_string(i));
  const std::string path = fields.status().path();
  CHECK(path.rfind("f199.f198.", 0) == 0);
  CHECK(path.find("...f") != std::string::npos);
  CHECK(path.find("....") == std::string::npos);
  CHECK(path.compare(path.size() - 6, 6, ".f1.f0") == 0);

  // A short path is whole, as before.
  Reader shallow("", 0);
  CHECK_FALSE(shallow.read_int(number));
  for (int i = 0; i < 20; ++i) shallow.in_element(static_cast<std::size_t>(i));
  std::string whole;
  for (int i = 19; i >= 0; --i) whole += "[" + std::to_string(i) + "]";
  CHECK(shallow.status().path() == whole);
}

TEST_CASE("Status makes any detail and path loggable: a backstop for custom codecs",
          "[reader][messages]") {
  // A custom codec that quotes raw input in invalid().
  const std::string raw = hostile_text(1 << 20);
  Reader reader("", 0);
  reader.invalid("\"" + raw + "\" is not an amount");
  const Status status = reader.status();
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail().rfind("\"\\x0a\\x1b[31mEVIL", 0) == 0);
  CHECK(status.detail().size() <= Status::kMaxDetailSize);
  CHECK(status.detail().compare(status.detail().size() - 3, 3, "...") == 0);
  check_loggable(status);

  const Status built(ErrorCode::type_mismatch, 1, "found \x1b[2J", std::string(10000, 'p') + "\n");
  CHECK(built.detail() == "found \\x1b[2J");
  CHECK(built.path().size() <= Status::kMaxPathSize);
  check_loggable(built);

  // Text that is already safe is kept as it is, quotes and backslashes included.
  const Status plain(ErrorCode::invalid_value, 0, "\"a\\b\" is not \xc3\xa9", "x[\"k\"]");
  CHECK(plain.detail() == "\"a\\b\" is not \xc3\xa9");
  CHECK(plain.path() == "x[\"k\"]");
}

TEST_CASE("counts in messages agree with their number", "[reader][messages]") {
  int value = 0;
  Status status = decode({0x05, 0x06}, value);
  CHECK(status.code() == ErrorCode::trailing_bytes);
  CHECK(status.detail() == "expected end of input after the value, found 1 more byte");
  std::string s;
  status = decode({0xd9, 0x01}, s);
  CHECK(status.code() == ErrorCode::incomplete);
  CHECK(status.detail() == "expected str of 1 byte, found str (0xd9)");
  std::vector<int> v;
  status = decode({0xdc, 0x00, 0x02, 0x01}, v);
  CHECK(status.detail() ==
        "expected array of 2 elements to fit in the 1 remaining byte, found array (0xdc)");
}

namespace {
// msgpack-c's bytes for a value, as the reader sees them.
template <class T>
Bytes packed(const T& value) {
  return theirs(value).bytes;
}
}  // namespace

TEST_CASE("ReaderOptions limits are checked at the header, before anything is allocated",
          "[reader][limits]") {
  ReaderOptions options;
  options.max_str_length = 4;
  options.max_bin_length = 3;
  options.max_array_length = 2;
  options.max_map_length = 1;

  std::string text;
  CHECK(decode(packed(std::string("four")), text, options));
  Status status = decode(packed(std::string("fives")), text, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK(status.offset() == 0);
  CHECK_THAT(status.message(), Catch::Contains("str of 5 bytes is over the limit of 4"));

  std::vector<std::uint8_t> blob;
  CHECK(decode(packed(std::vector<unsigned char>{1, 2, 3}), blob, options));
  CHECK(decode(packed(std::vector<unsigned char>{1, 2, 3, 4}), blob, options).code() ==
        ErrorCode::limit_exceeded);

  std::vector<int> numbers;
  CHECK(decode(packed(std::vector<int>{1, 2}), numbers, options));
  status = decode(packed(std::vector<int>{1, 2, 3}), numbers, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("array of 3 elements is over the limit of 2"));

  std::map<int, int> pairs;
  status = decode(packed(std::map<int, int>{{1, 1}, {2, 2}}), pairs, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("map of 2 pairs is over the limit of 1"));

  // Nested values are bounded too, and the error names where.
  std::vector<std::string> words;
  status = decode(packed(std::vector<std::string>{"ok", "too long"}), words, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("[1]"));
}

TEST_CASE("the allocation budget counts what decoding newly allocates", "[reader][limits]") {
  ReaderOptions options;
  options.max_allocation = 100;
  std::vector<std::int64_t> numbers;
  CHECK(decode(packed(std::vector<std::int64_t>(12, 7)), numbers, options));  // 96 bytes
  std::vector<std::int64_t> fresh;
  Status status = decode(packed(std::vector<std::int64_t>(13, 7)), fresh, options);  // 104
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("allocation limit"));
  // Capacity the destination already has costs nothing: a reused vector decodes within it.
  std::vector<std::int64_t> reused;
  reused.reserve(13);
  CHECK(decode(packed(std::vector<std::int64_t>(13, 7)), reused, options));

  // Strings beyond what the string holds, map nodes and pointed-to objects count too.
  std::vector<std::string> texts;
  status = decode(packed(std::vector<std::string>{std::string(80, 'x'), std::string(80, 'y')}),
                  texts, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  std::map<std::string, int> nodes;
  std::map<std::string, int> many;
  for (int i = 0; i < 10; ++i) many["k" + std::to_string(i)] = i;
  CHECK(decode(packed(many), nodes, options).code() == ErrorCode::limit_exceeded);
}

// The limit is what may be allocated: a message that needs exactly max_allocation bytes decodes,
// one byte less refuses it.
TEST_CASE("the allocation budget is inclusive: exactly max_allocation bytes decode",
          "[reader][limits]") {
  const Bytes twelve = packed(std::vector<std::int64_t>(12, 7));  // 96 bytes of storage
  ReaderOptions exact;
  exact.max_allocation = 96;
  std::vector<std::int64_t> numbers;
  const Status status = decode(twelve, numbers, exact);
  INFO(status.message());
  CHECK(status.ok());
  CHECK(numbers == std::vector<std::int64_t>(12, 7));

  ReaderOptions short_by_one;
  short_by_one.max_allocation = 95;
  std::vector<std::int64_t> fresh;
  CHECK(decode(twelve, fresh, short_by_one).code() == ErrorCode::limit_exceeded);
}

TEST_CASE("a LimitScope lowers every length limit while it lives", "[reader][limits]") {
  Bytes bytes = packed(std::string("twelve bytes"));
  Reader in(bytes.data(), bytes.size());
  std::string_view text;
  {
    Reader::LimitScope scope(in, 5);
    CHECK_FALSE(in.read_str(text));
    CHECK(in.status().code() == ErrorCode::limit_exceeded);
  }
  Reader again(bytes.data(), bytes.size());
  {
    Reader::LimitScope scope(again, 5);  // too small for the string, but nothing is read here
  }
  CHECK(again.read_str(text));  // restored when the scope ended: unlimited again
  CHECK(text == "twelve bytes");
}

// read_int()'s fast path loads the 8 bytes that end where the value ends; values in the first
// bytes of the input, or at its very end, take the general path. Both must agree everywhere.
TEST_CASE("integers decode alike at every offset, near the start and at the end of the input",
          "[reader][int]") {
  struct Form {
    Bytes bytes;
    std::int64_t value;
  };
  const std::vector<Form> forms = {
      {{0xcc, 0xfe}, 254},
      {{0xcd, 0xfe, 0xdc}, 0xfedc},
      {{0xce, 0xfe, 0xdc, 0xba, 0x98}, 0xfedcba98},
      {{0xcf, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}, 0x0123456789abcdefll},
      {{0xd0, 0x85}, -123},
      {{0xd1, 0x80, 0x00}, -32768},
      {{0xd2, 0xff, 0xff, 0xff, 0xfe}, -2},
      {{0xd3, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10}, -0x0123456789abcdf0ll},
      {{0xd1, 0x01, 0x00}, 256},  // a signed form holding a positive value
  };
  for (const Form& form : forms) {
    for (std::size_t padding = 0; padding <= 10; ++padding) {
      for (std::size_t trailing : {0u, 1u, 9u}) {
        INFO("marker " << +form.bytes[0] << ", " << padding << " bytes before, " << trailing
                       << " after");
        Bytes input(padding, 0x07);  // fixints
        input.insert(input.end(), form.bytes.begin(), form.bytes.end());
        input.insert(input.end(), trailing, 0x07);
        Reader in(input.data(), input.size());
        for (std::size_t i = 0; i < padding; ++i) {
          int fixint = 0;
          REQUIRE(in.read_int(fixint));
          REQUIRE(fixint == 7);
        }
        std::int64_t value = 0;
        REQUIRE(in.read_int(value));
        CHECK(value == form.value);
        CHECK(in.offset() == padding + form.bytes.size());
        // A type too small: out_of_range at the value, which is not consumed.
        Reader narrow(input.data(), input.size());
        for (std::size_t i = 0; i < padding; ++i) {
          int fixint = 0;
          REQUIRE(narrow.read_int(fixint));
        }
        std::int8_t small = 0;
        if (form.value < -128 || form.value > 127) {
          CHECK_FALSE(narrow.read_int(small));
          CHECK(narrow.status().code() == ErrorCode::out_of_range);
          CHECK(narrow.status().offset() == padding);
        }
        // Truncated anywhere inside the value: truncated at the value.
        for (std::size_t cut = 1; cut < form.bytes.size(); ++cut) {
          Bytes head(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(padding + cut));
          Reader short_input(head.data(), head.size());
          for (std::size_t i = 0; i < padding; ++i) {
            int fixint = 0;
            REQUIRE(short_input.read_int(fixint));
          }
          CHECK_FALSE(short_input.read_int(value));
          CHECK(short_input.status().code() == ErrorCode::incomplete);
          CHECK(short_input.status().offset() == padding);
        }
      }
    }
  }
  // Negative values never go into unsigned types.
  const Bytes minus_one = {0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00};
  Reader in(minus_one.data(), minus_one.size());
  std::uint64_t u = 0;
  CHECK_FALSE(in.read_int(u));
  CHECK(in.status().code() == ErrorCode::out_of_range);
}

TEST_CASE(
    "msgpack_gen::gen::match_key() takes only the exact pre-encoded key with a value after it",
    "[reader][keys]") {
  static constexpr char kName[] = "\xa4name";
  const Bytes pair = {0xa4, 'n', 'a', 'm', 'e', 0x2a};
  Reader in(pair.data(), pair.size());
  CHECK(msgpack_gen::gen::match_key(in, kName));
  CHECK(in.offset() == 5);
  int value = 0;
  CHECK(in.read_int(value));
  CHECK(value == 42);

  // Another key, the same key in a non-canonical form (str8), or a key with no value after it:
  // nothing is consumed, and the general path reads or reports it.
  for (const Bytes& bytes :
       {Bytes{0xa4, 'n', 'a', 'm', 'x', 0x2a}, Bytes{0xd9, 0x04, 'n', 'a', 'm', 'e', 0x2a},
        Bytes{0xa4, 'n', 'a', 'm', 'e'}, Bytes{0xa4, 'n', 'a'}, Bytes{}}) {
    Reader other(bytes.data(), bytes.size());
    CHECK_FALSE(msgpack_gen::gen::match_key(other, kName));
    CHECK(other.offset() == 0);
    CHECK_FALSE(other.failed());
  }
  // Integer keys are pre-encoded too.
  static constexpr char kSync[] = "\x01";
  const Bytes int_pair = {0x01, 0x05};
  Reader ints(int_pair.data(), int_pair.size());
  CHECK(msgpack_gen::gen::match_key(ints, kSync));
  CHECK(ints.offset() == 1);
}
