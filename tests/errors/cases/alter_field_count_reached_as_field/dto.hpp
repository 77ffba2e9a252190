#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string_view>
#include <vector>
struct Req {
  int id;
  int alterFieldCount() const { return 1; }
};
struct Batch {
  std::vector<Req> reqs;
  Req one MSGPACK_TAG(",inline");
};
