#pragma once
#include <msgpack.hpp>
typedef struct {
  int channel;
  float value;
  MSGPACK_DEFINE(channel, value);
} Sample;
