// The inline-field feature of msgpack-go-gen: the generated marshaler leaves room in the map
// header for pairs the caller appends, and the same struct reads such messages back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/codec.hpp>

namespace shop {

struct Request {
  std::string user;
  std::vector<std::string> args;

  // The map header counts 2 more pairs than the struct encodes: the caller appends
  // "funcname" and "reqid" right after marshal() returns.
  int alterFieldCount() const { return 2; }

  // Filled from those extra pairs when a Request is unmarshalled; never marshalled itself.
  std::string funcname MSGPACK_TAG("-");
  uint64_t reqid MSGPACK_TAG("-") = 0;

  // Unmarshal hands every key the struct does not declare to this hook. Return true when the
  // value was consumed; false leaves it to be skipped (or reports the reader's error).
  bool readExtraField(std::string_view key, msgpack_gen::Reader& in) {
    if (key == "funcname") return msgpack_gen::read_value(in, funcname);
    if (key == "reqid") return msgpack_gen::read_value(in, reqid);
    return false;
  }
};

}  // namespace shop
