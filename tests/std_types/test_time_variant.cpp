// system_clock time_points and durations (chrono.hpp) and std::variant (variant.hpp): the
// timestamp extension's three forms against msgpack-c and hand-written bytes, negative times,
// coarse and odd periods, and variant's [index, value] layout with every way to get it wrong.
#include "support.hpp"

// msgpack-c compiles its time_point adaptor only with Boost (MSGPACK_NO_BOOST is set for the
// tests); Boost comes with libmsgpack-cxx-dev, and the adaptor needs only a header of it.
#undef MSGPACK_NO_BOOST
#include <msgpack/adaptor/cpp11/chrono.hpp>
#define MSGPACK_NO_BOOST

#include <chrono>
#include <cstdint>
#include <ctime>
#include <limits>
#include <map>
#include <ratio>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

using namespace std_types_test;
using msgpack_gen::Timestamp;
using std::chrono::system_clock;

namespace {

template <class Duration>
using Time = std::chrono::time_point<system_clock, Duration>;

using Nanos = Time<std::chrono::nanoseconds>;
using Micros = Time<std::chrono::microseconds>;
using Millis = Time<std::chrono::milliseconds>;
using Seconds = Time<std::chrono::seconds>;
using Minutes = Time<std::chrono::minutes>;
using Hours = Time<std::chrono::hours>;
using Weeks = Time<std::chrono::duration<std::int64_t, std::ratio<604800>>>;
using SevenMillis = Time<std::chrono::duration<std::int64_t, std::ratio<7, 1000>>>;
using Seconds32 = Time<std::chrono::duration<std::int32_t>>;
using UnsignedMillis = Time<std::chrono::duration<std::uint64_t, std::milli>>;

template <class TimePoint>
TimePoint at(std::int64_t count) {
  return TimePoint(typename TimePoint::duration(count));
}

// A timestamp as the extension carries it, to decode into any time_point.
Bytes timestamp32(std::uint32_t seconds) {
  Bytes b = {0xd6, 0xff};
  for (int shift = 24; shift >= 0; shift -= 8)
    b.push_back(static_cast<std::uint8_t>(seconds >> shift));
  return b;
}
Bytes timestamp64(std::uint32_t nanoseconds, std::uint64_t seconds) {
  const std::uint64_t packed = std::uint64_t{nanoseconds} << 34 | seconds;
  Bytes b = {0xd7, 0xff};
  for (int shift = 56; shift >= 0; shift -= 8)
    b.push_back(static_cast<std::uint8_t>(packed >> shift));
  return b;
}
Bytes timestamp96(std::uint32_t nanoseconds, std::int64_t seconds) {
  Bytes b = {0xc7, 0x0c, 0xff};
  for (int shift = 24; shift >= 0; shift -= 8)
    b.push_back(static_cast<std::uint8_t>(nanoseconds >> shift));
  const auto s = static_cast<std::uint64_t>(seconds);
  for (int shift = 56; shift >= 0; shift -= 8) b.push_back(static_cast<std::uint8_t>(s >> shift));
  return b;
}

template <class TimePoint>
TimePoint decoded_time(const Bytes& bytes) {
  TimePoint value{};
  const Status status = decode(bytes, value);
  INFO(test_support::to_hex(bytes) << ": " << status.message());
  REQUIRE(status.ok());
  return value;
}

// Compares our bytes with msgpack-c's and checks the round trip.
template <class TimePoint>
void check_time(const TimePoint& value) {
  INFO("count " << value.time_since_epoch().count());
  const Hex bytes = ours(value);
  CHECK(bytes == theirs(value));
  CHECK(round_trip(value) == value);
}

}  // namespace

// --- time_point --------------------------------------------------------------------------------

TEST_CASE("time_point: the documented examples", "[chrono]") {
  using namespace std::chrono_literals;
  CHECK(ours(system_clock::time_point{} + 1s) == hex({0xd6, 0xff, 0, 0, 0, 1}));
  CHECK(ours(Millis{} + 1500ms) == hex({0xd7, 0xff, 0x77, 0x35, 0x94, 0, 0, 0, 0, 1}));
  CHECK(ours(Nanos{} - 1ns) == hex({0xc7, 0x0c, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0xff}));
  CHECK(ours(1500ms) == hex({0xcd, 0x05, 0xdc}));
}

TEST_CASE("time_point: the smallest exact form, byte-equal to msgpack-c", "[chrono]") {
  constexpr std::int64_t kBillion = 1000000000;
  constexpr std::int64_t k2to32 = std::int64_t{1} << 32;
  constexpr std::int64_t k2to34 = std::int64_t{1} << 34;
  // The edges of each form: timestamp32 up to 2^32 - 1 whole seconds, timestamp64 up to
  // 2^34 - 1 seconds with nanoseconds, timestamp96 beyond and before 1970.
  const std::vector<std::pair<Nanos, std::size_t>> nanos_and_size = {
      {at<Nanos>(0), 6},
      {at<Nanos>(kBillion), 6},
      {at<Nanos>((k2to32 - 1) * kBillion), 6},
      {at<Nanos>(k2to32 * kBillion), 10},
      {at<Nanos>(1), 10},
      {at<Nanos>(kBillion - 1), 10},
      {at<Nanos>(-1), 15},
      {at<Nanos>(-kBillion), 15},
      {at<Nanos>(std::numeric_limits<std::int64_t>::min()), 15},
      {at<Nanos>(std::numeric_limits<std::int64_t>::max()), 10},  // 2262: still under 2^34 s
  };
  for (const auto& [time, size] : nanos_and_size) {
    CHECK(ours(time).bytes.size() == size);
    check_time(time);
  }
  const std::vector<std::pair<Seconds, std::size_t>> seconds_and_size = {
      {at<Seconds>(k2to32 - 1), 6},  {at<Seconds>(k2to32), 10},
      {at<Seconds>(k2to34 - 1), 10}, {at<Seconds>(k2to34), 15},
      {at<Seconds>(-k2to34), 15},    {at<Seconds>(std::numeric_limits<std::int64_t>::max()), 15},
  };
  for (const auto& [time, size] : seconds_and_size) {
    CHECK(ours(time).bytes.size() == size);
    check_time(time);
  }
  // The last timestamp64 time with nanoseconds, as a Timestamp: the same bytes as msgpack-c's
  // struct timespec adaptor.
  // timespec's fields are time_t and long, which is 32 bits on Windows: convert, not narrow.
  const auto as_timespec = [](const Timestamp& t) {
    return timespec{static_cast<std::time_t>(t.seconds), static_cast<long>(t.nanoseconds)};
  };
  const Timestamp last64{k2to34 - 1, 999999999};
  CHECK(ours(last64).bytes.size() == 10);
  CHECK(ours(last64) == theirs(as_timespec(last64)));
  const Timestamp first96{k2to34, 1};
  CHECK(ours(first96).bytes.size() == 15);
  CHECK(ours(first96) == theirs(as_timespec(first96)));
  for (int i = 0; i < 2000; ++i) {
    const std::int64_t count = random_wide_int();
    check_time(at<Nanos>(count));
    check_time(at<Micros>(count));
    check_time(at<Millis>(count));
    check_time(at<Seconds>(count));
  }
}

TEST_CASE("time_point: all three forms decode from hand-written bytes", "[chrono]") {
  CHECK(decoded_time<Seconds>(timestamp32(1717171717)) == at<Seconds>(1717171717));
  CHECK(decoded_time<Nanos>(timestamp32(0xffffffff)) == at<Nanos>(0xffffffffLL * 1000000000));
  CHECK(decoded_time<Nanos>(timestamp64(123456789, 1717171717)) ==
        at<Nanos>(1717171717LL * 1000000000 + 123456789));
  // Seconds that use timestamp64's two top bits (beyond 2106).
  CHECK(decoded_time<Seconds>(timestamp64(0, (std::uint64_t{1} << 34) - 1)) ==
        at<Seconds>((std::int64_t{1} << 34) - 1));
  CHECK(decoded_time<Nanos>(timestamp96(500000000, -2)) == at<Nanos>(-1500000000));
  CHECK(decoded_time<Seconds>(timestamp96(0, std::numeric_limits<std::int64_t>::min())) ==
        at<Seconds>(std::numeric_limits<std::int64_t>::min()));
  // Larger forms than needed are still accepted.
  CHECK(decoded_time<Millis>(timestamp64(0, 5)) == at<Millis>(5000));
  CHECK(decoded_time<Millis>(timestamp96(0, 5)) == at<Millis>(5000));
  CHECK(decoded_time<Millis>(timestamp96(1000000, 0)) == at<Millis>(1));
}

TEST_CASE("time_point: negative and pre-1970 times", "[chrono]") {
  // 1969-12-31T23:59:59.999999999Z: seconds -1 and 999999999 ns, never a negative nanosecond.
  Timestamp raw;
  REQUIRE(decode(ours(at<Nanos>(-1)).bytes, raw).ok());
  CHECK(raw == Timestamp{-1, 999999999});
  REQUIRE(decode(ours(at<Millis>(-1500)).bytes, raw).ok());
  CHECK(raw == Timestamp{-2, 500000000});
  REQUIRE(decode(ours(at<Seconds>(-86400LL * 365 * 70)).bytes, raw).ok());  // about 1900
  CHECK(raw == Timestamp{-86400LL * 365 * 70, 0});
  CHECK(ours(at<Seconds>(-1)) ==
        hex({0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
  for (std::int64_t nanos = -3000000001; nanos <= 3000000001; nanos += 250000000) {
    check_time(at<Nanos>(nanos));
  }
}

TEST_CASE("time_point: a coarser time_point truncates toward negative infinity", "[chrono]") {
  CHECK(decoded_time<Millis>(timestamp64(1999999, 1)) == at<Millis>(1001));
  CHECK(decoded_time<Seconds>(timestamp64(999999999, 1)) == at<Seconds>(1));
  CHECK(decoded_time<Millis>(timestamp96(999999999, -1)) == at<Millis>(-1));  // -1 ns
  CHECK(decoded_time<Seconds>(timestamp96(1, -1)) == at<Seconds>(-1));
  CHECK(decoded_time<Minutes>(timestamp96(0, -1)) == at<Minutes>(-1));
  CHECK(decoded_time<Minutes>(timestamp32(119)) == at<Minutes>(1));
  CHECK(decoded_time<Hours>(timestamp96(0, -3601)) == at<Hours>(-2));
  for (int i = 0; i < 2000; ++i) {
    const Nanos exact = at<Nanos>(random_wide_int());
    const Bytes bytes = ours(exact).bytes;
    CHECK(decoded_time<Millis>(bytes) == std::chrono::floor<std::chrono::milliseconds>(exact));
    CHECK(decoded_time<Minutes>(bytes) == std::chrono::floor<std::chrono::minutes>(exact));
    CHECK(decoded_time<SevenMillis>(bytes) == std::chrono::floor<SevenMillis::duration>(exact));
  }
}

TEST_CASE("time_point: periods of minutes, hours, weeks and 7 ms convert exactly", "[chrono]") {
  for (int i = 0; i < 2000; ++i) {
    // Counts whose seconds fit an int64 for every period here.
    const std::int64_t count = random_int(-(std::int64_t{1} << 42), std::int64_t{1} << 42);
    const auto check = [](auto value, std::int64_t seconds, std::uint32_t nanoseconds) {
      Timestamp raw;
      REQUIRE(decode(ours(value).bytes, raw).ok());
      CHECK(raw == Timestamp{seconds, nanoseconds});
      CHECK(round_trip(value) == value);
    };
    check(at<Minutes>(count), count * 60, 0);
    check(at<Hours>(count), count * 3600, 0);
    check(at<Weeks>(count), count * 604800, 0);
    const std::int64_t millis = count * 7;
    const std::int64_t seconds = millis / 1000 - (millis % 1000 < 0);
    check(at<SevenMillis>(count), seconds,
          static_cast<std::uint32_t>((millis - seconds * 1000) * 1000000));
  }
  // msgpack-c gets periods that do not divide a second wrong: it takes 1 s as 142 ticks of 7 ms
  // (integer division), so -143 ticks (-1.001 s) become -2 s + 993000000 ns instead of
  // -2 s + 999000000 ns. (For periods over a second its arithmetic divides by zero.)
  CHECK(ours(at<SevenMillis>(-143)) == hex({0xc7, 0x0c, 0xff, 0x3b, 0x8b, 0x87, 0xc0, 0xff, 0xff,
                                            0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}));
  CHECK(theirs(at<SevenMillis>(-143)) == theirs(timespec{-2, 993000000}));
}

TEST_CASE("time_point: msgpack-c decodes what we write, we decode what it writes", "[chrono]") {
  for (int i = 0; i < 500; ++i) {
    const Nanos value = at<Nanos>(random_wide_int());
    const Bytes bytes = ours(value).bytes;
    const msgpack::object_handle handle =
        msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    CHECK(handle.get().as<Nanos>() == value);
    CHECK(decoded_time<Nanos>(theirs(value).bytes) == value);
  }
}

TEST_CASE("time_point: out-of-range times fail to decode and throw when encoded", "[chrono]") {
  Nanos nanos;
  Status status = decode(timestamp96(0, std::numeric_limits<std::int64_t>::max()), nanos);
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.offset() == 0);
  status = decode(timestamp96(0, -9223372037), nanos);  // one second before the int64 ns minimum
  CHECK(status.code() == ErrorCode::out_of_range);
  // The extremes of int64 nanoseconds themselves are fine.
  CHECK(decoded_time<Nanos>(timestamp96(854775807, 9223372036)) ==
        at<Nanos>(std::numeric_limits<std::int64_t>::max()));
  CHECK(decoded_time<Nanos>(timestamp96(145224192, -9223372037)) ==
        at<Nanos>(std::numeric_limits<std::int64_t>::min()));

  Seconds32 narrow;
  CHECK(decode(timestamp32(0x7fffffff), narrow).ok());
  CHECK(decode(timestamp32(0x80000000), narrow).code() == ErrorCode::out_of_range);
  UnsignedMillis unsigned_millis;
  CHECK(decode(timestamp96(0, -1), unsigned_millis).code() == ErrorCode::out_of_range);
  CHECK(decoded_time<UnsignedMillis>(timestamp32(3)) == at<UnsignedMillis>(3000));

  // No timestamp holds more than int64 seconds: encoding refuses instead of wrapping around.
  msgpack_gen::Buffer buffer;
  CHECK_THROWS_AS(msgpack_gen::marshal(buffer, at<Hours>(std::numeric_limits<std::int64_t>::max())),
                  std::overflow_error);
  CHECK_THROWS_AS(msgpack_gen::marshal(buffer, UnsignedMillis(UnsignedMillis::duration(
                                                   std::numeric_limits<std::uint64_t>::max()))),
                  std::overflow_error);
  CHECK(buffer.size() == 0);
  // Timestamp itself spans every int64 second.
  const Timestamp farthest{std::numeric_limits<std::int64_t>::max(), 999999999};
  CHECK(round_trip(farthest) == farthest);  // not `far`: a macro of <windows.h>
}

TEST_CASE("time_point: invalid timestamps are rejected", "[chrono]") {
  Nanos value = at<Nanos>(77);
  // timestamp64 has 30 bits for nanoseconds: 10^9 and above are invalid.
  Status status = decode(timestamp64(1000000000, 1), value);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() ==
        "timestamp (ext type -1) with nanoseconds 1000000000 outside [0, 999999999]");
  CHECK(decode(timestamp64((1u << 30) - 1, 1), value).code() == ErrorCode::invalid_value);
  CHECK(decode(timestamp96(1000000000, 0), value).code() == ErrorCode::invalid_value);
  CHECK(decode(timestamp96(0xffffffff, -1), value).code() == ErrorCode::invalid_value);

  // Other payload sizes, other ext types, other msgpack types.
  status = decode(Bytes{0xd5, 0xff, 0x00, 0x01}, value);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() ==
        "timestamp (ext type -1) payload of 2 bytes; a timestamp has 4, 8 or 12");
  CHECK(decode(Bytes{0xc7, 0x05, 0xff, 0, 0, 0, 0, 1}, value).code() == ErrorCode::invalid_value);
  CHECK(decode(Bytes{0xd8, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, value).code() ==
        ErrorCode::invalid_value);
  CHECK(decode(Bytes{0xd6, 0x01, 0, 0, 0, 1}, value).code() == ErrorCode::type_mismatch);
  CHECK(decode(Bytes{0x01}, value).code() == ErrorCode::type_mismatch);
  CHECK(decode(Bytes{0xc0}, value).code() == ErrorCode::type_mismatch);
  CHECK(value == at<Nanos>(77));  // untouched by every failure
  CHECK(decode(timestamp96(999999999, 0), value).ok());
  CHECK(value == at<Nanos>(999999999));
}

TEST_CASE("time_point: every prefix of every form fails", "[chrono]") {
  for (const Bytes& bytes : {timestamp32(5), timestamp64(5, 5), timestamp96(5, -5)}) {
    check_every_prefix_fails<Nanos>(bytes);
    check_every_prefix_fails<Timestamp>(bytes);
  }
  check_every_prefix_fails<std::chrono::milliseconds>(
      ours(std::chrono::milliseconds(-70000)).bytes);
}

TEST_CASE("time_point fields in containers and maps", "[chrono]") {
  const std::map<std::string, std::vector<Micros>> log{
      {"a", {at<Micros>(1), at<Micros>(-1), at<Micros>(1700000000000000)}}, {"b", {}}};
  CHECK(ours(log) == theirs(log));
  CHECK(round_trip(log) == log);
}

// --- duration ----------------------------------------------------------------------------------

TEST_CASE("duration: its count, in the encoding of its Rep", "[chrono]") {
  for (int i = 0; i < 2000; ++i) {
    const std::int64_t count = random_wide_int();
    const std::chrono::nanoseconds value(count);
    CHECK(ours(value) == theirs(count));
    CHECK(round_trip(value) == value);
  }
  const std::chrono::duration<std::uint8_t> small(200);
  CHECK(ours(small) == hex({0xcc, 0xc8}));
  CHECK(round_trip(small) == small);
  const std::chrono::duration<double, std::milli> fractional(2.5);
  CHECK(ours(fractional) == hex({0xcb, 0x40, 0x04, 0, 0, 0, 0, 0, 0}));
  CHECK(round_trip(fractional) == fractional);
}

TEST_CASE("duration: decoding checks the count against Rep's range", "[chrono]") {
  std::chrono::duration<std::int8_t> tiny(5);
  Status status = decode(Bytes{0xcd, 0x01, 0x2c}, tiny);  // 300
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(decode(Bytes{0xd0, 0x80}, tiny).ok());
  CHECK(tiny.count() == -128);
  std::chrono::duration<std::uint32_t> positive;
  CHECK(decode(Bytes{0xff}, positive).code() == ErrorCode::out_of_range);
  CHECK(decode(Bytes{0xa1, '1'}, positive).code() == ErrorCode::type_mismatch);
}

// --- variant -----------------------------------------------------------------------------------

namespace {

using Value = std::variant<std::monostate, bool, std::int64_t, double, std::string,
                           std::vector<std::int32_t>, std::map<std::string, std::int64_t>>;

// Each alternative, with the bytes of its value (after the index).
std::vector<std::pair<Value, Bytes>> every_alternative() {
  return {
      {Value{}, {0xc0}},
      {Value{true}, {0xc3}},
      {Value{std::int64_t{-300}}, {0xd1, 0xfe, 0xd4}},
      {Value{0.5}, {0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0}},
      {Value{std::string("hi")}, {0xa2, 'h', 'i'}},
      {Value{std::vector<std::int32_t>{1, -1}}, {0x92, 0x01, 0xff}},
      {Value{std::map<std::string, std::int64_t>{{"k", 1}}}, {0x81, 0xa1, 'k', 0x01}},
  };
}

// Constructing it from an int throws, which leaves a variant valueless_by_exception.
// Its moves may throw too, so the standard library cannot build it aside first.
struct Fragile {
  Fragile() = default;
  explicit Fragile(int) { throw std::runtime_error("no"); }
  Fragile(const Fragile&) {}
  Fragile(Fragile&&) {}
  Fragile& operator=(const Fragile&) { return *this; }
  bool operator==(const Fragile&) const { return true; }
};

}  // namespace

namespace msgpack_gen {
template <>
struct codec<Fragile> {
  static void encode(Writer& out, const Fragile&) { out.array_header(0); }
  static bool decode(Reader& in, Fragile&) {
    std::uint32_t n = 0;
    return in.read_array_header(n);
  }
};
}  // namespace msgpack_gen

TEST_CASE("variant: [index, value] for every alternative", "[variant]") {
  for (const auto& [value, value_bytes] : every_alternative()) {
    INFO("alternative " << value.index());
    Bytes expected = {0x92, static_cast<std::uint8_t>(value.index())};
    expected.insert(expected.end(), value_bytes.begin(), value_bytes.end());
    const Hex bytes = ours(value);
    CHECK(bytes == Hex{expected});
    CHECK(round_trip(value) == value);
    check_every_prefix_fails<Value>(bytes.bytes);
    // Decoding switches whatever alternative the variant held to the encoded one.
    for (const auto& [previous, ignored] : every_alternative()) {
      Value decoded = previous;
      REQUIRE(decode(bytes.bytes, decoded).ok());
      CHECK(decoded == value);
    }
  }
  using Text = std::variant<int, std::string>;
  CHECK(ours(Text{std::string("hi")}) ==
        hex({0x92, 0x01, 0xa2, 'h', 'i'}));  // the header's example
}

TEST_CASE("variant: repeated alternative types keep their index", "[variant]") {
  using Twice = std::variant<int, int>;
  const Twice second(std::in_place_index<1>, 9);
  CHECK(ours(second) == hex({0x92, 0x01, 0x09}));
  const Twice decoded = round_trip(second);
  CHECK(decoded.index() == 1);
  CHECK(std::get<1>(decoded) == 9);
}

TEST_CASE("variant: the index may be any integer encoding", "[variant]") {
  Value value;
  REQUIRE(decode(Bytes{0x92, 0xcf, 0, 0, 0, 0, 0, 0, 0, 0x04, 0xa1, 'x'}, value).ok());
  CHECK(value == Value{std::string("x")});
  REQUIRE(decode(Bytes{0x92, 0xd0, 0x01, 0xc2}, value).ok());
  CHECK(value == Value{false});
}

TEST_CASE("variant: decoding into the held alternative reuses it", "[variant]") {
  Value value{std::vector<std::int32_t>{}};
  std::get<std::vector<std::int32_t>>(value).reserve(64);
  const std::int32_t* storage = std::get<std::vector<std::int32_t>>(value).data();
  REQUIRE(decode(ours(Value{std::vector<std::int32_t>{4, 5}}).bytes, value).ok());
  CHECK(std::get<std::vector<std::int32_t>>(value) == std::vector<std::int32_t>{4, 5});
  CHECK(std::get<std::vector<std::int32_t>>(value).data() == storage);
}

TEST_CASE("variant: bad input is rejected with the reason", "[variant]") {
  Value value{std::string("before")};
  Status status = decode(Bytes{0x92, 0x07, 0xc0}, value);  // 7 alternatives: 0..6
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() == "variant index 7 out of range (7 alternatives)");
  status = decode(Bytes{0x92, 0xcc, 0xff, 0xc0}, value);
  CHECK(status.detail() == "variant index 255 out of range (7 alternatives)");
  status = decode(Bytes{0x92, 0xff, 0xc0}, value);  // -1
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.path() == "[0]");
  status = decode(Bytes{0x92, 0xa1, '0', 0xc0}, value);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[0]");

  status = decode(Bytes{0x93, 0x01, 0xc3, 0xc0}, value);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() ==
        "expected a variant as an array of 2 elements [index, value], found 3 elements");
  CHECK(decode(Bytes{0x91, 0x01}, value).code() == ErrorCode::invalid_value);
  CHECK(decode(Bytes{0x90}, value).code() == ErrorCode::invalid_value);
  CHECK(decode(Bytes{0x81, 0x01, 0xc3}, value).code() == ErrorCode::type_mismatch);

  // The value does not match the alternative the index names.
  status = decode(Bytes{0x92, 0x01, 0xa1, 'x'}, value);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");
  CHECK(status.offset() == 2);

  status = decode(Bytes{0xc0}, value);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() == "expected a variant, found nil (how a valueless variant is encoded)");
}

TEST_CASE("variant: a valueless variant encodes as nil", "[variant]") {
  std::variant<Fragile, int> broken{5};
  CHECK_THROWS_AS(broken.emplace<Fragile>(1), std::runtime_error);
  REQUIRE(broken.valueless_by_exception());
  CHECK(ours(broken) == hex({0xc0}));
  // Inside a container it keeps the container well-formed.
  const std::vector<std::variant<Fragile, int>> items{std::move(broken), 5};
  CHECK(ours(items) == hex({0x92, 0xc0, 0x92, 0x01, 0x05}));
  std::vector<std::variant<Fragile, int>> decoded;
  const Status status = decode(ours(items).bytes, decoded);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.path() == "[0]");
}

TEST_CASE("variant: nested variants and the depth limit", "[variant]") {
  using Inner = std::variant<int, std::string>;
  using Outer = std::variant<Inner, std::vector<Inner>>;
  const Outer value{std::vector<Inner>{1, std::string("two")}};
  CHECK(ours(value) == hex({0x92, 0x01, 0x92, 0x92, 0x00, 0x01, 0x92, 0x01, 0xa3, 't', 'w', 'o'}));
  CHECK(round_trip(value) == value);
  Outer decoded;
  const Bytes bytes = ours(value).bytes;
  CHECK(decode(bytes, decoded, ReaderOptions{3}).ok());
  const Status status = decode(bytes, decoded, ReaderOptions{2});
  CHECK(status.code() == ErrorCode::too_deep);
  CHECK(status.path() == "[1][0]");
}

TEST_CASE("variant: random values round trip", "[variant]") {
  for (int i = 0; i < 1000; ++i) {
    Value value;
    switch (random_int(0, 6)) {
      case 0:
        value = std::monostate{};
        break;
      case 1:
        value = random_int(0, 1) == 1;
        break;
      case 2:
        value = random_wide_int();
        break;
      case 3:
        value = static_cast<double>(random_wide_int()) / 7;
        break;
      case 4:
        value = random_text();
        break;
      case 5:
        value = std::vector<std::int32_t>(static_cast<std::size_t>(random_int(0, 20)),
                                          static_cast<std::int32_t>(random_int(-99, 99)));
        break;
      default:
        value = std::map<std::string, std::int64_t>{{random_text(), random_wide_int()}};
    }
    CHECK(round_trip(value) == value);
  }
}
