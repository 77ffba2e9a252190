// Hostile input: every strict prefix of a valid encoding must fail, and randomly corrupted
// encodings must either fail cleanly or decode to a value that survives a round trip. Run under
// AddressSanitizer this also shows that no decoder reads outside its input.
#include <catch2/catch.hpp>
#include <random>

#include "ext_test_support.hpp"
#include "msgpack_gen/chrono.hpp"
#include "msgpack_gen/ext/datetime.hpp"
#include "msgpack_gen/ext/decimal.hpp"
#include "msgpack_gen/ext/ext.hpp"
#include "msgpack_gen/ext/raw.hpp"
#include "msgpack_gen/ext/uuid.hpp"

using namespace ext_test;

namespace {

template <class T>
void check_hostile(const std::vector<Bytes>& samples, std::uint32_t seed) {
  std::mt19937 rng(seed);
  for (const Bytes& sample : samples) {
    INFO(to_hex(sample));
    {
      T value{};
      REQUIRE(decode(sample, value).ok());
    }
    for (std::size_t cut = 0; cut < sample.size(); ++cut) {
      // A copy of exactly the prefix, so that ASan sees any read past it.
      Bytes prefix(sample.begin(), sample.begin() + static_cast<std::ptrdiff_t>(cut));
      T value{};
      CHECK_FALSE(decode(prefix, value).ok());
    }
    for (int round = 0; round < 300; ++round) {
      Bytes corrupt = sample;
      const int flips = 1 + static_cast<int>(rng() % 3);
      for (int f = 0; f < flips; ++f) {
        corrupt[rng() % corrupt.size()] = static_cast<std::uint8_t>(rng());
      }
      T value{};
      if (!decode(corrupt, value).ok()) continue;
      T again{};
      REQUIRE(decode(encode(value), again).ok());
      CHECK(again == value);
    }
  }
}

}  // namespace

TEST_CASE("uuid decoding survives truncation and corruption") {
  check_hostile<msgpack_gen::Uuid>(
      {from_hex("d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b"),
       from_hex("c7 10 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b")},
      1);
}

TEST_CASE("decimal decoding survives truncation and corruption") {
  check_hostile<msgpack_gen::Decimal>(
      {from_hex("d5 01 01 1c"), from_hex("c7 03 01 0b 01 5d"), from_hex("d6 01 02 01 23 4d"),
       from_hex("c7 03 01 d0 df 1c"), from_hex("c7 0b 01 cf 00 00 00 00 00 00 00 02 15 0c"),
       from_hex("c7 15 01 00 09 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 99 9c")},
      2);
}

TEST_CASE("datetime decoding survives truncation and corruption") {
  check_hostile<msgpack_gen::Datetime>(
      {from_hex("d7 04 00 f1 53 65 00 00 00 00"),
       from_hex("d8 04 00 f1 53 65 00 00 00 00 15 cd 5b 07 b4 00 00 00")},
      3);
}

TEST_CASE("ext and raw decoding survive truncation and corruption") {
  check_hostile<msgpack_gen::Ext>({from_hex("d4 05 01"), from_hex("c7 03 09 aa bb cc"),
                                   from_hex("c8 00 02 09 aa bb"), from_hex("c9 00 00 00 01 09 aa")},
                                  4);
  check_hostile<msgpack_gen::RawMsgpack>(
      {from_hex("93 01 92 02 03 81 a1 6b c3"), from_hex("82 a1 61 90 a1 62 80"),
       from_hex("cd 01 00"), from_hex("d8 02 f6 42 3b df b4 9e 49 13 b3 61 07 40 c9 70 2e 4b")},
      5);
}

// The ext decoders look at the payload before they consume it: ReaderOptions::max_bin_length
// (which covers ext payloads) must stop them before they assign, with the error at the value.
template <class T>
void check_ext_limit(const T& sample, const T& previous) {
  const Bytes bytes = encode(sample);
  msgpack_gen::ReaderOptions tight;
  tight.max_bin_length = 3;  // below every payload these types have
  T value = previous;
  const msgpack_gen::Status status =
      msgpack_gen::unmarshal(bytes.data(), bytes.size(), value, tight);
  CHECK(status.code() == msgpack_gen::ErrorCode::limit_exceeded);
  CHECK(status.offset() == 0);
  CHECK(value == previous);
  msgpack_gen::ReaderOptions exact;
  exact.max_bin_length = static_cast<std::uint32_t>(bytes.size());  // the payload is shorter
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), value, exact).ok());
  CHECK(value == sample);
}

TEST_CASE("ext decoders check max_bin_length before they touch the value") {
  check_ext_limit(*msgpack_gen::Uuid::parse("f6423bdf-b49e-4913-b361-0740c9702e4b"),
                  msgpack_gen::Uuid{});
  check_ext_limit(*msgpack_gen::Decimal::parse("-12.345"), *msgpack_gen::Decimal::parse("7"));
  check_ext_limit(msgpack_gen::Datetime{1700000000, 123456789, 180, 0},
                  msgpack_gen::Datetime{1, 0, 0, 0});
  check_ext_limit(msgpack_gen::Timestamp{1700000000, 5}, msgpack_gen::Timestamp{2, 0});
}
