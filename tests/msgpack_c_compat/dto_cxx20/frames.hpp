// std::span in DTOs (C++20). A frame whose byte spans msgpack-c 4.1.3 packs as bin through its
// span adaptor (MSGPACK_DEFINE_MAP), decoded by msgpack-gen as views of the input; and a
// marshal-only pose that points at arrays it does not own (spans of numbers, enums and structs,
// one of a fixed extent), next to a record that holds the same fields, so that the spans can be
// checked to write what the owning containers write.
#pragma once

#include <msgpack.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sensor_stream.hpp"

namespace stream20 {

struct Frame {
  std::uint32_t id = 0;
  std::span<const std::byte> payload;
  std::span<const unsigned char> trailer;
  std::span<const char> note;
  MSGPACK_DEFINE_MAP(id, payload, trailer, note);
};

struct Pose {
  std::span<const double> values;
  std::span<const std::int32_t> counts;
  std::span<const Unit> units;
  std::span<const Reading> readings;
  std::span<const float, 3> xyz;
  std::span<std::byte> scratch;  // non-const bytes: written as a bin too
};

struct PoseRecord {
  std::vector<double> values;
  std::vector<std::int32_t> counts;
  std::vector<Unit> units;
  std::vector<Reading> readings;
  std::array<float, 3> xyz{};
  std::vector<std::byte> scratch;
};

}  // namespace stream20
