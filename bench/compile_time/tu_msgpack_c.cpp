// Compile-time probe: marshals and unmarshals Data and Flat with msgpack-c reflection
// (MSGPACK_DEFINE_MAP in workload.hpp). Compare its compile time with tu_msgpack_gen.cpp.
#include <cstddef>

#include "workload.hpp"

bool round_trip_with_msgpack_c(const bench::Data& data, const bench::Flat& flat,
                               bench::Data& data_out, bench::Flat& flat_out) {
  msgpack::sbuffer buffer;
  msgpack::pack(buffer, data);
  const std::size_t data_size = buffer.size();
  msgpack::pack(buffer, flat);
  std::size_t offset = 0;
  msgpack::object_handle first = msgpack::unpack(buffer.data(), data_size, offset);
  first.get().convert(data_out);
  offset = 0;
  msgpack::object_handle second =
      msgpack::unpack(buffer.data() + data_size, buffer.size() - data_size, offset);
  second.get().convert(flat_out);
  return true;
}
