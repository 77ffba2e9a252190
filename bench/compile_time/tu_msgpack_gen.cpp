// Compile-time probe: marshals and unmarshals Data and Flat with the generated code. Compare its
// compile time with tu_msgpack_c.cpp, which does the same with msgpack-c reflection.
#include <cstddef>

#include "workload.msgpack.hpp"

bool round_trip_with_msgpack_gen(const bench::Data& data, const bench::Flat& flat,
                                 bench::Data& data_out, bench::Flat& flat_out) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, data);
  const std::size_t data_size = buffer.size();
  msgpack_gen::marshal(buffer, flat);
  return msgpack_gen::unmarshal(buffer.data(), data_size, data_out).ok() &&
         msgpack_gen::unmarshal(buffer.data() + data_size, buffer.size() - data_size, flat_out)
             .ok();
}
