#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string_view>
struct Extra {
  int id;
  bool readExtraField(std::string_view key, msgpack_gen::Reader& in);
};
