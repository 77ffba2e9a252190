// msgpack-c compatibility for a C++20 header (dto_cxx20/sensor_stream.hpp: concepts, std::span,
// designated initialisers, defaulted comparisons), generated with --std=c++20 and compiled as
// C++20.
#include <catch2/catch.hpp>

#include "compat_support.hpp"
#include "sensor_stream.msgpack.hpp"

static_assert(__cplusplus >= 202002L, "this test is compiled as C++20");

namespace {

using compat::Gen;

constexpr int kValuesPerType = 2000;

stream20::Reading reading(Gen& g) {
  stream20::Reading r = stream20::make_reading(g.integer<std::uint32_t>());
  r.channel = g.integer<std::uint32_t>();
  r.unit = g.one_in(3) ? static_cast<stream20::Unit>(g.integer<std::uint8_t>())
                       : static_cast<stream20::Unit>(g.below(4));
  g.c_string(r.label);
  r.values = g.vector_of<float>([&] { return g.floating<float>(); });
  for (std::int32_t& o : r.offsets) o = g.integer<std::int32_t>();
  return r;
}

stream20::Packet packet(Gen& g) {
  const std::uint64_t stamp = g.integer<std::uint64_t>();
  auto readings = g.vector_of<stream20::Reading>([&] { return reading(g); }, 10);
  auto gains = g.map_of<double>([&] { return g.floating<double>(); });
  return stream20::Packet(stamp, std::move(readings), std::move(gains));
}

}  // namespace

TEST_CASE("stream20::Packet: MSGPACK_DEFINE_ARRAY in a C++20 header", "[msgpack-c][cxx20]") {
  compat::run_corpus<stream20::Packet>("stream20::Packet", 8001, kValuesPerType, packet);
}

TEST_CASE("stream20::Reading: MSGPACK_DEFINE_MAP with a char C array and std::array and an enum",
          "[msgpack-c][cxx20]") {
  compat::run_corpus<stream20::Reading>("stream20::Reading", 8002, kValuesPerType, reading);
}

TEST_CASE("C++20 helpers of the header still work next to the generated code", "[cxx20]") {
  const stream20::Reading r = stream20::make_reading(3);
  const float values[] = {1.5f, 2.5f};
  CHECK(stream20::sum(values) == 4.0);
  stream20::Reading back;
  const compat::Bytes bytes = compat::ours(r);
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), back));
  CHECK(back == r);  // the defaulted operator==
}
