#pragma once
#include <msgpack.hpp>
struct Point {
  int x;
  int y;
  template <typename Packer>
  void msgpack_pack(Packer& pk) const {
    pk.pack_array(2);
    pk.pack(y);
    pk.pack(x);
  }
  void msgpack_unpack(msgpack::object const& o) { (void)o; }
};
