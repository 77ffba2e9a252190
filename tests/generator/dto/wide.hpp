// A struct with more required fields than one 64-bit word of "seen" bits holds.
#pragma once

#include <cstdint>

#include <msgpack_gen/annotate.hpp>

namespace wide {

struct ManyRequired {
  std::int32_t f00 MSGPACK_TAG(",required");
  std::int32_t f01 MSGPACK_TAG(",required");
  std::int32_t f02 MSGPACK_TAG(",required");
  std::int32_t f03 MSGPACK_TAG(",required");
  std::int32_t f04 MSGPACK_TAG(",required");
  std::int32_t f05 MSGPACK_TAG(",required");
  std::int32_t f06 MSGPACK_TAG(",required");
  std::int32_t f07 MSGPACK_TAG(",required");
  std::int32_t f08 MSGPACK_TAG(",required");
  std::int32_t f09 MSGPACK_TAG(",required");
  std::int32_t f10 MSGPACK_TAG(",required");
  std::int32_t f11 MSGPACK_TAG(",required");
  std::int32_t f12 MSGPACK_TAG(",required");
  std::int32_t f13 MSGPACK_TAG(",required");
  std::int32_t f14 MSGPACK_TAG(",required");
  std::int32_t f15 MSGPACK_TAG(",required");
  std::int32_t f16 MSGPACK_TAG(",required");
  std::int32_t f17 MSGPACK_TAG(",required");
  std::int32_t f18 MSGPACK_TAG(",required");
  std::int32_t f19 MSGPACK_TAG(",required");
  std::int32_t f20 MSGPACK_TAG(",required");
  std::int32_t f21 MSGPACK_TAG(",required");
  std::int32_t f22 MSGPACK_TAG(",required");
  std::int32_t f23 MSGPACK_TAG(",required");
  std::int32_t f24 MSGPACK_TAG(",required");
  std::int32_t f25 MSGPACK_TAG(",required");
  std::int32_t f26 MSGPACK_TAG(",required");
  std::int32_t f27 MSGPACK_TAG(",required");
  std::int32_t f28 MSGPACK_TAG(",required");
  std::int32_t f29 MSGPACK_TAG(",required");
  std::int32_t f30 MSGPACK_TAG(",required");
  std::int32_t f31 MSGPACK_TAG(",required");
  std::int32_t f32 MSGPACK_TAG(",required");
  std::int32_t f33 MSGPACK_TAG(",required");
  std::int32_t f34 MSGPACK_TAG(",required");
  std::int32_t f35 MSGPACK_TAG(",required");
  std::int32_t f36 MSGPACK_TAG(",required");
  std::int32_t f37 MSGPACK_TAG(",required");
  std::int32_t f38 MSGPACK_TAG(",required");
  std::int32_t f39 MSGPACK_TAG(",required");
  std::int32_t f40 MSGPACK_TAG(",required");
  std::int32_t f41 MSGPACK_TAG(",required");
  std::int32_t f42 MSGPACK_TAG(",required");
  std::int32_t f43 MSGPACK_TAG(",required");
  std::int32_t f44 MSGPACK_TAG(",required");
  std::int32_t f45 MSGPACK_TAG(",required");
  std::int32_t f46 MSGPACK_TAG(",required");
  std::int32_t f47 MSGPACK_TAG(",required");
  std::int32_t f48 MSGPACK_TAG(",required");
  std::int32_t f49 MSGPACK_TAG(",required");
  std::int32_t f50 MSGPACK_TAG(",required");
  std::int32_t f51 MSGPACK_TAG(",required");
  std::int32_t f52 MSGPACK_TAG(",required");
  std::int32_t f53 MSGPACK_TAG(",required");
  std::int32_t f54 MSGPACK_TAG(",required");
  std::int32_t f55 MSGPACK_TAG(",required");
  std::int32_t f56 MSGPACK_TAG(",required");
  std::int32_t f57 MSGPACK_TAG(",required");
  std::int32_t f58 MSGPACK_TAG(",required");
  std::int32_t f59 MSGPACK_TAG(",required");
  std::int32_t f60 MSGPACK_TAG(",required");
  std::int32_t f61 MSGPACK_TAG(",required");
  std::int32_t f62 MSGPACK_TAG(",required");
  std::int32_t f63 MSGPACK_TAG(",required");
  std::int32_t f64 MSGPACK_TAG(",required");
  std::int32_t f65 MSGPACK_TAG(",required");
  std::int32_t f66 MSGPACK_TAG(",required");
  std::int32_t f67 MSGPACK_TAG(",required");
  std::int32_t f68 MSGPACK_TAG(",required");
  std::int32_t f69 MSGPACK_TAG(",required");
  std::int32_t optional_tail = 0;
};

}  // namespace wide
