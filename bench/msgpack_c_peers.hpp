// The same workload for msgpack-c "reflection": MSGPACK_DEFINE_MAP (map mode, field names as
// keys) and MSGPACK_DEFINE (array mode). msgpack-c cannot describe Data's unnamed member struct,
// so these copies name it Internal; its wire shape is the same ({"value": float32} or [float32]),
// which the benchmark checks byte for byte before it times anything.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <msgpack.hpp>

namespace bench::msgpack_c {

struct Sub {
  std::string key;
  bool active = false;
  MSGPACK_DEFINE_MAP(key, active);
};

struct Internal {
  float value = 0;
  MSGPACK_DEFINE_MAP(value);
};

struct Data {
  std::string name;
  std::int64_t count = 0;
  std::vector<Sub> subs;
  Internal internal;
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

struct InternalArray {
  float value = 0;
  MSGPACK_DEFINE(value);
};

struct DataArray {
  std::string name;
  std::int64_t count = 0;
  std::vector<SubArray> subs;
  InternalArray internal;
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

}  // namespace bench::msgpack_c
