// The benchmark workload, ported from the Go tool msgpack-go-gen: the structs msgpack-gen
// generates codecs for. Map mode (the default: field names are the keys) and as_array copies
// with the same fields, which travel as arrays in declaration order.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace bench {

struct Sub {
  std::string key;
  bool active = false;
};

struct Data {
  std::string name;
  std::int64_t count = 0;
  std::vector<Sub> subs;
  struct {
    float value = 0;
  } internal;
  std::vector<std::uint64_t> weights;
  std::map<std::string, Sub> meta;
  std::map<std::string, bool> flags;
};

struct Flat {
  std::string name, surname, patronymic, city;
  std::int64_t age = 0, weight = 0, fortune = 0;
};

struct MSGPACK_TAG("as_array") SubArray {
  std::string key;
  bool active = false;
};

struct MSGPACK_TAG("as_array") DataArray {
  std::string name;
  std::int64_t count = 0;
  std::vector<SubArray> subs;
  struct MSGPACK_TAG("as_array") {
    float value = 0;
  } internal;
  std::vector<std::uint64_t> weights;
  std::map<std::string, SubArray> meta;
  std::map<std::string, bool> flags;
};

struct MSGPACK_TAG("as_array") FlatArray {
  std::string name, surname, patronymic, city;
  std::int64_t age = 0, weight = 0, fortune = 0;
};

}  // namespace bench
