#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Payload {
  std::int64_t amount;
};
template <class T>
struct Envelope {
  std::string kind;
  T body MSGPACK_TAG(",inline");
};
struct Message {
  Envelope<Payload> envelope;
};
