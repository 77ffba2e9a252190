// msgpack-c compatibility for a C++20 header (dto_cxx20/sensor_stream.hpp: concepts, std::span,
// designated initialisers, defaulted comparisons), generated with --std=c++20 and compiled as
// C++20; and std::span members (dto_cxx20/frames.hpp): byte spans as msgpack-c writes them,
// spans of other elements as the containers that own such elements.
#include <catch2/catch.hpp>

#include <msgpack_gen/print.hpp>

#include "compat_support.hpp"
#include "frames.msgpack.hpp"
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

namespace {

std::vector<std::byte> random_bytes(Gen& g, std::size_t n) {
  std::vector<std::byte> bytes(n);
  for (std::byte& b : bytes) b = static_cast<std::byte>(g.integer<std::uint8_t>());
  return bytes;
}

// Bytes as the views of a decoded span show them.
template <class Byte>
compat::Bytes as_bytes(std::span<const Byte> view) {
  return compat::Bytes(reinterpret_cast<const char*>(view.data()), view.size());
}

}  // namespace

TEST_CASE("stream20::Frame: byte spans are msgpack-c's bin and decode as views of the input",
          "[msgpack-c][cxx20][span]") {
  Gen g(8003);
  for (int i = 0; i < 500; ++i) {
    // Lengths around the bin8/bin16 boundaries, and empty spans.
    const std::size_t sizes[] = {0, 1, 31, 255, 256, 300, 70000};
    const std::vector<std::byte> payload = random_bytes(g, sizes[g.below(7)]);
    const std::vector<std::byte> trailer_bytes = random_bytes(g, g.below(40));
    const std::vector<unsigned char> trailer(
        reinterpret_cast<const unsigned char*>(trailer_bytes.data()),
        reinterpret_cast<const unsigned char*>(trailer_bytes.data()) + trailer_bytes.size());
    const std::string note = g.text();
    const stream20::Frame frame{g.integer<std::uint32_t>(), payload, trailer, note};
    const compat::Bytes bytes = compat::ours(frame);
    INFO("frame " << i << ": " << payload.size() << " payload bytes");
    REQUIRE(bytes == compat::theirs(frame));

    stream20::Frame back;
    REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), back));
    CHECK(back.id == frame.id);
    CHECK(as_bytes(back.payload) == as_bytes(frame.payload));
    CHECK(as_bytes(back.trailer) == as_bytes(frame.trailer));
    CHECK(as_bytes(back.note) == note);
    // Zero-copy: the views point into the input.
    const auto* first = reinterpret_cast<const std::byte*>(bytes.data());
    const auto* last = first + bytes.size();
    if (!payload.empty()) {
      CHECK(back.payload.data() >= first);
      CHECK(back.payload.data() + back.payload.size() <= last);
    }

    // msgpack-c reads what msgpack-gen wrote, with its own span adaptor.
    msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    stream20::Frame theirs_back;
    handle.get().convert(theirs_back);
    CHECK(as_bytes(theirs_back.payload) == as_bytes(frame.payload));
    CHECK(theirs_back.id == frame.id);
  }
}

TEST_CASE("a byte span takes a str too and refuses other types", "[cxx20][span]") {
  const compat::Bytes from_str = compat::packed([](auto& p) {
    p.pack_map(1);
    p.pack(std::string("payload"));
    p.pack(std::string("abc"));
  });
  stream20::Frame back;
  REQUIRE(msgpack_gen::unmarshal(from_str.data(), from_str.size(), back));
  CHECK(as_bytes(back.payload) == "abc");

  const compat::Bytes from_int = compat::packed([](auto& p) {
    p.pack_map(1);
    p.pack(std::string("payload"));
    p.pack(7);
  });
  const msgpack_gen::Status status = msgpack_gen::unmarshal(from_int.data(), from_int.size(), back);
  REQUIRE_FALSE(status);
  CHECK(status.code() == msgpack_gen::ErrorCode::type_mismatch);
  CHECK_THAT(status.message(), Catch::Contains("payload"));
}

TEST_CASE("a span of a fixed extent decodes exactly that many bytes", "[cxx20][span]") {
  std::array<std::byte, 4> storage{};
  std::span<const std::byte, 4> view(storage);
  const std::array<std::byte, 4> four{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}};
  const compat::Bytes bytes = compat::ours(std::span<const std::byte, 4>(four));
  REQUIRE(bytes == compat::theirs(std::span<const std::byte>(four)));
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), view));
  CHECK(as_bytes(std::span<const std::byte>(view)) == as_bytes(std::span<const std::byte>(four)));

  const compat::Bytes three = compat::ours(std::span<const std::byte>(four.data(), 3));
  const msgpack_gen::Status status = msgpack_gen::unmarshal(three.data(), three.size(), view);
  REQUIRE_FALSE(status);
  CHECK(status.code() == msgpack_gen::ErrorCode::invalid_value);
  CHECK_THAT(status.message(), Catch::Contains("expected a bin of 4 bytes, found 3"));
}

TEST_CASE("stream20::Pose: spans write what the containers that own the elements write",
          "[cxx20][span]") {
  Gen g(8004);
  for (int i = 0; i < 300; ++i) {
    stream20::PoseRecord record;
    record.values = g.vector_of<double>([&] { return g.floating<double>(); }, 40);
    record.counts = g.vector_of<std::int32_t>([&] { return g.integer<std::int32_t>(); }, 40);
    record.units =
        g.vector_of<stream20::Unit>([&] { return static_cast<stream20::Unit>(g.below(4)); }, 40);
    record.readings = g.vector_of<stream20::Reading>([&] { return reading(g); }, 4);
    for (float& f : record.xyz) f = g.floating<float>();
    record.scratch = random_bytes(g, g.below(20));
    const stream20::Pose pose{record.values,
                              record.counts,
                              record.units,
                              record.readings,
                              std::span<const float, 3>(record.xyz),
                              record.scratch};
    const compat::Bytes bytes = compat::ours(pose);
    INFO("pose " << i);
    REQUIRE(bytes == compat::ours(record));
    stream20::PoseRecord back;
    REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), back));
    CHECK(compat::ours(back) == bytes);
  }
  // Numbers long enough for the bulk paths' blocks, as a span and as a vector.
  std::vector<std::uint16_t> many(1000);
  for (std::uint16_t& v : many) v = g.integer<std::uint16_t>();
  CHECK(compat::ours(std::span<const std::uint16_t>(many)) == compat::ours(many));
  CHECK(compat::ours(std::span<const std::uint16_t>(many)) == compat::theirs(many));
}

TEST_CASE("only spans of const bytes have a decoder", "[cxx20][span]") {
  STATIC_REQUIRE(msgpack_gen::detail::has_decode<std::span<const std::byte>>::value);
  STATIC_REQUIRE(msgpack_gen::detail::has_decode<std::span<const char, 8>>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_decode<std::span<std::byte>>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_decode<std::span<const int>>::value);
  STATIC_REQUIRE(msgpack_gen::detail::has_encode<std::span<int>>::value);
  STATIC_REQUIRE(msgpack_gen::detail::has_decode<stream20::Frame>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_decode<stream20::Pose>::value);
}

TEST_CASE("spans print as the containers they view", "[cxx20][span]") {
  const std::vector<std::int32_t> counts{1, -2, 300};
  const std::array<float, 3> xyz{0.5f, 1.5f, 2.5f};
  const std::vector<std::byte> scratch{std::byte{0xff}};
  const stream20::Pose pose{{}, counts, {}, {}, std::span<const float, 3>(xyz), {}};
  CHECK(msgpack_gen::to_json(pose) ==
        R"({"values": [], "counts": [1, -2, 300], "units": [], "readings": [], )"
        R"("xyz": [0.5, 1.5, 2.5], "scratch": ""})");
  CHECK(msgpack_gen::to_json(std::span<const std::byte>(scratch)) == R"("/w==")");
}
