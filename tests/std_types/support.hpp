// Helpers for the std_types tests: encode with msgpack-gen or msgpack-c into comparable byte
// strings (from the runtime tests), round trips, and checks that every cut-short encoding fails.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>

#include "../runtime/test_support.hpp"

namespace std_types_test {

using msgpack_gen::ErrorCode;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;
using test_support::Bytes;
using test_support::decode;
using test_support::hex;
using test_support::Hex;
using test_support::ours;
using test_support::theirs;

// Encodes value, decodes it into a fresh T and returns that.
template <class T>
T round_trip(const T& value) {
  const Bytes bytes = ours(value).bytes;
  T decoded{};
  const Status status = decode(bytes, decoded);
  INFO(status.message());
  REQUIRE(status.ok());
  return decoded;
}

// Every proper prefix of a valid encoding must fail cleanly, as incomplete input (one code for
// every place it can be cut).
template <class T>
void check_every_prefix_fails(const Bytes& bytes) {
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    T decoded{};
    const Status status = decode(prefix, decoded);
    INFO("prefix of " << n << " of " << bytes.size()
                      << " bytes: " << test_support::to_hex(prefix, test_support::kShownBytes));
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::incomplete);
  }
}

// A fixed seed: failures reproduce.
inline std::mt19937_64& rng() {
  static std::mt19937_64 engine(20240607);
  return engine;
}

inline std::int64_t random_int(std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng());
}

// Integers of every msgpack width, both signs.
inline std::int64_t random_wide_int() {
  const int bits = static_cast<int>(random_int(0, 62));
  const std::int64_t magnitude = random_int(0, (std::int64_t{1} << bits));
  return random_int(0, 1) ? magnitude : -magnitude;
}

inline std::string random_text() {
  std::string text(static_cast<std::size_t>(random_int(0, 40)), ' ');
  for (char& c : text) c = static_cast<char>(random_int('a', 'z'));
  return text;
}

}  // namespace std_types_test
