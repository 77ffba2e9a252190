#pragma once
#include <msgpack.hpp>
namespace geo {
struct Point { double lat, lon; };
enum class Unit { km, mi };
}
MSGPACK_ADD_ENUM(geo::Unit);  // an enum adaptor is fine: the underlying integer, as ours
namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
namespace adaptor {
template <>
struct pack<geo::Point> {
  template <typename Stream>
  packer<Stream>& operator()(packer<Stream>& o, const geo::Point& p) const {
    o.pack_array(2);
    o.pack(p.lat);
    o.pack(p.lon);
    return o;
  }
};
}  // namespace adaptor
}
}  // namespace msgpack
struct Route {
  geo::Point from;
  geo::Unit unit;
  MSGPACK_DEFINE(from, unit);
};
