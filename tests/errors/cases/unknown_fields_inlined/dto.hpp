#pragma once
#include <string>
#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/unknown_fields.hpp>
struct Meta {
  std::string owner;
  msgpack_gen::UnknownFields unknown;
};
struct Document {
  std::string title;
  Meta meta MSGPACK_TAG(",inline");
};
