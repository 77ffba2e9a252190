#pragma once
#include <msgpack.hpp>
#include <ctime>
struct Everything {
  msgpack::type::raw_ref raw;
  msgpack::type::fix_uint32 fixed;
  msgpack::type::tuple<int, int> pair;
  msgpack::type::ext ext;
  msgpack::object object;
  timespec when;
  MSGPACK_DEFINE(raw, fixed, pair, ext, object, when);
};
