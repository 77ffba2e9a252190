#pragma once
#include <msgpack.hpp>
struct Point {
  int x = 0;
  template <typename Packer>
  void msgpack_pack(Packer& pk) const { pk.pack(x); }
  void msgpack_unpack(msgpack::object const& o) { (void)o; }
};
struct Labelled : Point {
  int label = 0;
};
