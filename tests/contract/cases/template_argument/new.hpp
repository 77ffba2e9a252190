#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Other {
  std::string text;
};
struct Payload {
  std::int32_t amount;
};
template <class T>
struct Envelope {
  std::string kind;
  T body MSGPACK_TAG(",inline");
};
struct Message {
  Envelope<Other> envelope;
};
