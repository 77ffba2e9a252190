// msgpack-c compatibility: telemetry.hpp (private and protected members behind constructors,
// MSGPACK_NVP renames, a macro order unlike the declaration order, members left out,
// float[4][4], char[16], uint8_t[32]) and scene_graph.hpp (classes nested in a class). The
// headers are the ones msgpack-c compiles; msgpack-gen generated the codecs from them.
#include <catch2/catch.hpp>

#include "compat_support.hpp"
#include "scene_graph.msgpack.hpp"
#include "telemetry.msgpack.hpp"

namespace {

using compat::Bytes;
using compat::Gen;

constexpr int kValuesPerType = 2000;

// ---- telemetry.hpp: classes built through their constructors
// --------------------------------------

telemetry::Vector3 vector3(Gen& g) {
  return {g.floating<double>(), g.floating<double>(), g.floating<double>()};
}

telemetry::Pose pose(Gen& g) {
  char frame[16];
  g.c_string(frame);
  float matrix[4][4];
  for (auto& row : matrix)
    for (float& f : row) f = g.floating<float>();
  return telemetry::Pose(frame, sizeof frame, matrix, g.integer<std::uint64_t>());
}

telemetry::ImuSample imu_sample(Gen& g) {
  std::uint8_t raw[32];
  g.bytes(raw);
  const telemetry::Vector3 accel = vector3(g);
  const telemetry::Vector3 gyro = vector3(g);
  return telemetry::ImuSample(accel, gyro, g.floating<float>(), raw);
}

telemetry::RangeSensor range_sensor(Gen& g) {
  const std::uint32_t id = g.integer<std::uint32_t>();
  std::string label = g.text();
  const float range = g.floating<float>();
  const float min = g.floating<float>();
  const float max = g.floating<float>();
  return telemetry::RangeSensor(id, std::move(label), range, min, max, g.integer<std::int16_t>());
}

telemetry::TelemetryFrame telemetry_frame(Gen& g) {
  const std::uint64_t sequence = g.integer<std::uint64_t>();
  char robot[16];
  g.c_string(robot);
  telemetry::Pose p = pose(g);
  auto imu = g.vector_of<telemetry::ImuSample>([&] { return imu_sample(g); }, 8);
  auto joints = g.vector_of<double>([&] { return g.floating<double>(); });
  auto ranges = g.vector_of<telemetry::RangeSensor>([&] { return range_sensor(g); }, 6);
  auto diagnostics = g.map_of<float>([&] { return g.floating<float>(); });
  telemetry::TelemetryFrame frame(sequence, robot, sizeof robot, std::move(p), std::move(imu),
                                  std::move(joints), std::move(ranges), std::move(diagnostics),
                                  g.integer<std::int8_t>());
  frame.set_debug_note(g.key());  // never on the wire
  return frame;
}

// ---- scene_graph.hpp
// ------------------------------------------------------------------------------

scene::Scene::Node node(Gen& g) {
  scene::Scene::Node n;
  n.name = g.text();
  n.parent = g.integer<std::int32_t>();
  for (float& t : n.translation) t = g.floating<float>();
  n.scale = g.floating<double>();
  n.mesh_ids = g.vector_of<std::uint32_t>([&] { return g.integer<std::uint32_t>(); });
  return n;
}

scene::Scene::Layer layer(Gen& g) {
  std::string name = g.text();
  auto nodes = g.vector_of<scene::Scene::Node>([&] { return node(g); }, 8);
  const bool visible = g.integer<bool>();
  return scene::Scene::Layer(std::move(name), std::move(nodes), visible, g.integer<std::uint8_t>());
}

scene::Scene scene_value(Gen& g) {
  std::string title = g.text();
  auto layers = g.vector_of<scene::Scene::Layer>([&] { return layer(g); }, 5);
  return scene::Scene(std::move(title), std::move(layers), g.integer<std::uint64_t>());
}

template <class T>
msgpack_gen::Status unmarshal(const Bytes& bytes, T& value) {
  return msgpack_gen::unmarshal(bytes.data(), bytes.size(), value);
}

}  // namespace

// ---- Random values: (a)-(d) on each type
// ----------------------------------------------------------

TEST_CASE(
    "telemetry::Pose: private members and NVP renames in macro order with char and float C arrays",
    "[msgpack-c][telemetry]") {
  compat::run_corpus<telemetry::Pose>("telemetry::Pose", 5001, kValuesPerType, pose);
}

TEST_CASE("telemetry::ImuSample: private nested structs and a uint8_t C array",
          "[msgpack-c][telemetry]") {
  compat::run_corpus<telemetry::ImuSample>("telemetry::ImuSample", 5002, kValuesPerType,
                                           imu_sample);
}

TEST_CASE("telemetry::RangeSensor: protected members of a base listed by the derived macro",
          "[msgpack-c][telemetry]") {
  compat::run_corpus<telemetry::RangeSensor>("telemetry::RangeSensor", 5003, kValuesPerType,
                                             range_sensor);
}

TEST_CASE(
    "telemetry::TelemetryFrame: everything nested with vectors of doubles and a map of floats",
    "[msgpack-c][telemetry]") {
  compat::run_corpus<telemetry::TelemetryFrame>("telemetry::TelemetryFrame", 5004, kValuesPerType,
                                                telemetry_frame);
}

TEST_CASE("scene::Scene: a class with classes nested in it", "[msgpack-c][scene]") {
  compat::run_corpus<scene::Scene>("scene::Scene", 6001, kValuesPerType, scene_value);
}

TEST_CASE("scene::Scene::Layer: a nested class with private members named on its own",
          "[msgpack-c][scene]") {
  compat::run_corpus<scene::Scene::Layer>("scene::Scene::Layer", 6002, kValuesPerType, layer);
}

TEST_CASE("scene::Scene::Node: a nested struct reached through fields", "[msgpack-c][scene]") {
  compat::run_corpus<scene::Scene::Node>("scene::Scene::Node", 6003, kValuesPerType, node);
}

// ---- Layout spelled out
// ---------------------------------------------------------------------------

TEST_CASE("the macro decides the order and the keys and leaves members out",
          "[msgpack-c][telemetry]") {
  const float identity[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1.5f}};
  const telemetry::Pose p("map", 3, identity, 42);
  const Bytes bytes = compat::ours(p);
  REQUIRE(bytes == compat::theirs(p));
  // {"t": 42, "frame": "map", "m": [[1, 0, 0, 0], ...]}: the stamp first, as the macro says,
  // integral floats as integers, the last one a float32; cache_hits_ absent.
  const Bytes expected = Bytes(
                             "\x83\xa1t\x2a\xa5"
                             "frame\xa3map\xa1m\x94",
                             17) +
                         Bytes("\x94\x01\x00\x00\x00\x94\x00\x01\x00\x00\x94\x00\x00\x01\x00", 15) +
                         Bytes("\x94\x00\x00\x00\xca\x3f\xc0\x00\x00", 9);
  CHECK(test_support::Hex{test_support::Bytes(bytes.begin(), bytes.end())} ==
        test_support::Hex{test_support::Bytes(expected.begin(), expected.end())});

  // Members the macro leaves out keep their value when decoding.
  Gen g(7001);
  telemetry::TelemetryFrame frame = telemetry_frame(g);
  frame.set_debug_note("kept");
  const telemetry::TelemetryFrame other = telemetry_frame(g);
  REQUIRE(unmarshal(compat::theirs(other), frame));
  CHECK(frame.debug_note() == "kept");
  CHECK(compat::ours(frame) == compat::theirs(other));
}

// ---- C arrays at their limits
// ----------------------------------------------------------------------

TEST_CASE("C arrays: longer input is rejected by both and shorter input differs as documented",
          "[msgpack-c][telemetry]") {
  // A Pose map with only "m" (absent keys are fine for both), its rows as given.
  auto pose_with_matrix = [](const std::vector<std::vector<float>>& rows) {
    return compat::packed([&](auto& pk) {
      pk.pack_map(1);
      pk.pack(std::string("m"));
      pk.pack(rows);
    });
  };
  const std::vector<float> row4{1.5f, 2.5f, 3.5f, 4.5f};
  struct Case {
    const char* what;
    Bytes bytes;
  };
  const Case too_long[] = {
      {"float[4][4] from 5 rows", pose_with_matrix({row4, row4, row4, row4, row4})},
      {"float[4] from 5 floats", pose_with_matrix({row4, {1, 2, 3, 4, 5}})},
      {"char[16] from 17 bytes", compat::packed([](auto& pk) {
         pk.pack_map(1);
         pk.pack(std::string("frame"));
         pk.pack(std::string(17, 'f'));
       })},
  };
  for (const Case& c : too_long) {
    INFO(c.what);
    telemetry::Pose p;
    const msgpack_gen::Status status = unmarshal(c.bytes, p);
    CHECK(status.code() == msgpack_gen::ErrorCode::invalid_value);
    CHECK(compat::msgpack_c_rejects<telemetry::Pose>(c.bytes));
  }
  const Bytes raw33 = compat::packed([](auto& pk) {
    pk.pack_map(1);
    pk.pack(std::string("raw"));
    pk.pack(std::vector<unsigned char>(33, 7));
  });
  telemetry::ImuSample imu;
  CHECK(unmarshal(raw33, imu).code() == msgpack_gen::ErrorCode::invalid_value);
  CHECK(compat::msgpack_c_rejects<telemetry::ImuSample>(raw33));

  // Exactly full: 16 bytes without a NUL, written back as 16 bytes by both.
  const Bytes full = compat::packed([](auto& pk) {
    pk.pack_map(1);
    pk.pack(std::string("frame"));
    pk.pack(std::string(16, 'F'));
  });
  telemetry::Pose ours_full;
  REQUIRE(unmarshal(full, ours_full));
  telemetry::Pose theirs_full;
  msgpack::unpack(full.data(), full.size()).get().convert(theirs_full);
  CHECK(compat::ours(ours_full) == compat::theirs(theirs_full));
  CHECK(std::string(ours_full.frame_id(), 16) == std::string(16, 'F'));

  // Shorter (but not empty: msgpack-c 4.1.3 reads an empty array into T[N] through a null
  // pointer) rows: msgpack-c leaves the elements it does not reach as they were, msgpack-gen sets
  // them to zero (documented).
  const float ones[4][4] = {{9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}};
  const Bytes shorter = pose_with_matrix({{1.5f, 2.5f}, {3.5f}});
  telemetry::Pose ours_short("x", 1, ones, 1);
  telemetry::Pose theirs_short = ours_short;
  REQUIRE(unmarshal(shorter, ours_short));
  msgpack::unpack(shorter.data(), shorter.size()).get().convert(theirs_short);
  CHECK(ours_short.matrix()[0][0] == 1.5f);
  CHECK(theirs_short.matrix()[0][0] == 1.5f);
  CHECK(ours_short.matrix()[0][2] == 0.0f);
  CHECK(theirs_short.matrix()[0][2] == 9.0f);
  CHECK(ours_short.matrix()[3][3] == 0.0f);
  CHECK(theirs_short.matrix()[3][3] == 9.0f);
}
