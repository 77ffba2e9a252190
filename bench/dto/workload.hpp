// The benchmark workload, ported from the Go tool msgpack-go-gen. One header serves both
// libraries: msgpack-c's reflection macros describe each struct, msgpack-c encodes them through
// those macros, and msgpack-gen generates code from the same macros (map mode for
// MSGPACK_DEFINE_MAP, array mode for MSGPACK_DEFINE), byte for byte alike.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

// The compile-time probe of the generated code builds without msgpack-c: the macros then stay
// as the schema and expand to nothing.
#if defined(BENCH_WITHOUT_MSGPACK_C)
#include <msgpack_gen/msgpack_c_macros.hpp>
#else
#include <msgpack.hpp>
#endif

namespace bench {

struct Sub {
  std::string key;
  bool active = false;
  MSGPACK_DEFINE_MAP(key, active);
};

struct Data {
  std::string name;
  std::int64_t count = 0;
  std::vector<Sub> subs;
  struct {
    float value = 0;
    MSGPACK_DEFINE_MAP(value);
  } internal;
  std::vector<std::uint64_t> weights;
  std::map<std::string, Sub> meta;
  std::map<std::string, bool> flags;
  MSGPACK_DEFINE_MAP(name, count, subs, internal, weights, meta, flags);
};

struct Flat {
  std::string name, surname, patronymic, city;
  std::int64_t age = 0, weight = 0, fortune = 0;
  MSGPACK_DEFINE_MAP(name, surname, patronymic, city, age, weight, fortune);
};

struct SubArray {
  std::string key;
  bool active = false;
  MSGPACK_DEFINE(key, active);
};

struct DataArray {
  std::string name;
  std::int64_t count = 0;
  std::vector<SubArray> subs;
  struct {
    float value = 0;
    MSGPACK_DEFINE(value);
  } internal;
  std::vector<std::uint64_t> weights;
  std::map<std::string, SubArray> meta;
  std::map<std::string, bool> flags;
  MSGPACK_DEFINE(name, count, subs, internal, weights, meta, flags);
};

struct FlatArray {
  std::string name, surname, patronymic, city;
  std::int64_t age = 0, weight = 0, fortune = 0;
  MSGPACK_DEFINE(name, surname, patronymic, city, age, weight, fortune);
};

// The nested-object row of issue 22: strings, numeric arrays and bools two levels deep, as
// robotics and telemetry DTOs carry them (a frame of laser scans, each with its pose).
struct Pose {
  double x = 0, y = 0, theta = 0;
  std::vector<double> covariance;
  MSGPACK_DEFINE_MAP(x, y, theta, covariance);
};

struct Scan {
  std::string frame;
  bool valid = false;
  std::uint64_t stamp = 0;
  std::vector<float> ranges;
  std::vector<std::uint16_t> intensities;
  Pose pose;
  MSGPACK_DEFINE_MAP(frame, valid, stamp, ranges, intensities, pose);
};

struct Telemetry {
  std::string robot;
  std::vector<std::string> tags;
  bool moving = false;
  std::vector<Scan> scans;
  std::vector<std::int32_t> counters;
  MSGPACK_DEFINE_MAP(robot, tags, moving, scans, counters);
};

}  // namespace bench
