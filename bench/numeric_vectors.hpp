// The numeric-array workload of issue 22: 10,000-element vectors of one number type each, made by
// the fixed-seed generator of workload.hpp. Shared by bench.cpp (time) and instructions.cpp
// (callgrind counts per element).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
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

// uint16 in [0, 1000): fixints, uint8 and uint16 forms mixed in most blocks (counts, histogram
// bins, sensor readings), so the blocks' sizes vary.
inline std::vector<std::uint16_t> make_mixed_uint16s(Rng& rng) {
  std::vector<std::uint16_t> values(kVectorLength);
  for (std::uint16_t& v : values) v = static_cast<std::uint16_t>(rng.between(0, 999));
  return values;
}

// int32 with small values: uniform in [-32, 127], positive and negative fixints mixed.
inline std::vector<std::int32_t> make_small_int32s(Rng& rng) {
  std::vector<std::int32_t> values(kVectorLength);
  for (std::int32_t& v : values) v = static_cast<std::int32_t>(rng.between(-32, 127));
  return values;
}

// int64 with small values, as make_small_int32s (ids, counters and deltas declared 64-bit).
inline std::vector<std::int64_t> make_small_int64s(Rng& rng) {
  std::vector<std::int64_t> values(kVectorLength);
  for (std::int64_t& v : values) v = static_cast<std::int64_t>(rng.between(-32, 127));
  return values;
}

// An enum's values, all fixints: a state or kind per element (0 to 11).
enum class Phase : std::uint32_t {
  idle,
  starting,
  running,
  paused,
  stopping,
  stopped,
  failed,
  retrying,
  draining,
  drained,
  restarting,
  unknown
};
inline std::vector<Phase> make_phases(Rng& rng) {
  std::vector<Phase> values(kVectorLength);
  for (Phase& v : values) v = static_cast<Phase>(rng.between(0, 11));
  return values;
}

// The nested object: 8 scans of 360 ranges (float, with fractions) and 360 intensities (uint16),
// a pose with a 36-element covariance each, 64 counters of small values, a few strings and bools.
inline Telemetry make_telemetry(Rng& rng) {
  Telemetry t;
  t.robot = "rover-" + std::to_string(rng.between(1, 999));
  t.tags = {"lidar", "outdoor", "calibrated"};
  t.moving = true;
  for (int s = 0; s < 8; ++s) {
    Scan scan;
    scan.frame = "base_laser_" + std::to_string(s);
    scan.valid = s % 3 != 0;
    scan.stamp = 1700000000000000000ull + rng.next() % 1000000000ull;
    for (int i = 0; i < 360; ++i) {
      float range = static_cast<float>(rng.between(100, 30000)) / 1000.0f;
      if (range == std::floor(range)) range += 0.5f;
      scan.ranges.push_back(range);
      scan.intensities.push_back(static_cast<std::uint16_t>(rng.next()));
    }
    scan.pose.x = non_integral(static_cast<double>(rng.between(-100000, 100000)) / 1000.0);
    scan.pose.y = non_integral(static_cast<double>(rng.between(-100000, 100000)) / 1000.0);
    scan.pose.theta = non_integral(static_cast<double>(rng.between(-3141, 3141)) / 1000.0);
    for (int i = 0; i < 36; ++i) {
      scan.pose.covariance.push_back(non_integral(static_cast<double>(rng.between(1, 1000)) / 7.0));
    }
    t.scans.push_back(std::move(scan));
  }
  for (int i = 0; i < 64; ++i) t.counters.push_back(static_cast<std::int32_t>(rng.between(0, 100)));
  return t;
}

inline bool operator==(const Pose& a, const Pose& b) {
  return a.x == b.x && a.y == b.y && a.theta == b.theta && a.covariance == b.covariance;
}
inline bool operator==(const Scan& a, const Scan& b) {
  return a.frame == b.frame && a.valid == b.valid && a.stamp == b.stamp && a.ranges == b.ranges &&
         a.intensities == b.intensities && a.pose == b.pose;
}
inline bool operator==(const Telemetry& a, const Telemetry& b) {
  return a.robot == b.robot && a.tags == b.tags && a.moving == b.moving && a.scans == b.scans &&
         a.counters == b.counters;
}
inline bool operator!=(const Telemetry& a, const Telemetry& b) {
  return !(a == b);
}

}  // namespace bench
