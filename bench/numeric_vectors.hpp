// The numeric-array workload of issue 22: 10,000-element vectors of one number type each, made by
// the fixed-seed generator of workload.hpp. Shared by bench.cpp (time) and instructions.cpp
// (callgrind counts per element).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "workload.hpp"

namespace bench {

constexpr std::size_t kVectorLength = 10000;

// Never integral: msgpack-c 4 packs an integral double (3.0) as an integer, msgpack-gen as
// float64, and the byte-equality check compares like with like.
inline double non_integral(double v) {
  return v == std::floor(v) ? v + 0.5 : v;
}

// double: values in (-1e6, 1e6) with fractions.
inline std::vector<double> make_doubles(Rng& rng) {
  std::vector<double> values(kVectorLength);
  for (double& v : values) {
    v = non_integral(static_cast<double>(rng.between(-1000000000000, 1000000000000)) / 1e6);
  }
  return values;
}

// float: values in (-1000, 1000) with fractions.
inline std::vector<float> make_floats(Rng& rng) {
  std::vector<float> values(kVectorLength);
  for (float& v : values) {
    v = static_cast<float>(rng.between(-1000000, 1000000)) / 1000.0f;
    if (v == std::floor(v)) v += 0.5f;
  }
  return values;
}

// uint64: each value in a form drawn at random (fixint, uint8, uint16, uint32, uint64), so the
// forms change from element to element: the mixed-block path.
inline std::vector<std::uint64_t> make_uint64s(Rng& rng) {
  static const std::uint64_t kLow[] = {0, 128, 256, 65536, 4294967296ull};
  static const std::uint64_t kHigh[] = {127, 255, 65535, 4294967295ull, ~0ull};
  std::vector<std::uint64_t> values(kVectorLength);
  for (std::uint64_t& v : values) {
    const std::size_t form = static_cast<std::size_t>(rng.next() % 5);
    const std::uint64_t span = kHigh[form] - kLow[form];
    v = kLow[form] + (span == ~0ull ? rng.next() : rng.next() % (span + 1));
  }
  return values;
}

// uint32: uniform over the whole range (almost all uint32 form).
inline std::vector<std::uint32_t> make_uint32s(Rng& rng) {
  std::vector<std::uint32_t> values(kVectorLength);
  for (std::uint32_t& v : values) v = static_cast<std::uint32_t>(rng.next());
  return values;
}

// uint16: uniform over the whole range (uint16 form but for 1 value in 256).
inline std::vector<std::uint16_t> make_uint16s(Rng& rng) {
  std::vector<std::uint16_t> values(kVectorLength);
  for (std::uint16_t& v : values) v = static_cast<std::uint16_t>(rng.next());
  return values;
}

// int32 with small values: uniform in [-32, 127], positive and negative fixints mixed.
inline std::vector<std::int32_t> make_small_int32s(Rng& rng) {
  std::vector<std::int32_t> values(kVectorLength);
  for (std::int32_t& v : values) v = static_cast<std::int32_t>(rng.between(-32, 127));
  return values;
}

}  // namespace bench
