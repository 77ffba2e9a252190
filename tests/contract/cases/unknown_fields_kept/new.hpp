#pragma once
#include <cstdint>
#include <msgpack_gen/unknown_fields.hpp>
struct Event {
  std::uint64_t id;
  msgpack_gen::UnknownFields unknown;
};
