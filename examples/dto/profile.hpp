// A service in the middle: this program reads a profile, changes one field and writes it on.
// Newer peers send fields this version does not declare; the UnknownFields member keeps them, so
// they reach the next reader instead of being dropped here.
#pragma once

#include <cstdint>
#include <string>

#include <msgpack_gen/unknown_fields.hpp>

namespace shop {

struct Profile {
  uint64_t id = 0;
  std::string display_name;
  msgpack_gen::UnknownFields unknown;  // what newer peers added: kept, written back after the rest
};

}  // namespace shop
