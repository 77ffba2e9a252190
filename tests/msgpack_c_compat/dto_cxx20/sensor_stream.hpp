// A sensor stream from a C++20 codebase: concepts, std::span and designated initialisers in the
// helpers around the DTOs, defaulted comparisons in them. Parsed with --std=c++20.
#pragma once

#include <msgpack.hpp>

#include <array>
#include <concepts>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace stream20 {

enum class Unit : std::uint8_t { none, meter, kelvin, pascal };

}  // namespace stream20

MSGPACK_ADD_ENUM(stream20::Unit);

namespace stream20 {

struct Reading {
  std::uint32_t channel = 0;
  Unit unit = Unit::none;
  char label[12] = {};
  std::vector<float> values;
  std::array<std::int32_t, 3> offsets{};
  bool operator==(const Reading&) const = default;
  MSGPACK_DEFINE_MAP(MSGPACK_NVP("ch", channel), unit, label, MSGPACK_NVP("v", values), offsets);
};

class Packet {
 public:
  Packet() = default;
  Packet(std::uint64_t stamp, std::vector<Reading> readings, std::map<std::string, double> gains)
      : stamp_(stamp), readings_(std::move(readings)), gains_(std::move(gains)) {}
  std::span<const Reading> readings() const { return readings_; }
  bool operator==(const Packet&) const = default;

  MSGPACK_DEFINE_ARRAY(stamp_, readings_, gains_, crc_);

 private:
  std::uint64_t stamp_ = 0;
  std::vector<Reading> readings_;
  std::map<std::string, double> gains_;
  std::uint16_t crc_ = 0;
};

// Helpers that only C++20 parses.
template <class T>
  requires std::integral<T>
constexpr T clamp_channel(T channel) {
  return channel < T{0} ? T{0} : channel;
}

inline double sum(std::span<const float> values) {
  double total = 0;
  for (float v : values) total += v;
  return total;
}

inline Reading make_reading(std::uint32_t channel) {
  return Reading{.channel = clamp_channel(channel), .unit = Unit::meter, .label = "x", .values = {}};
}

}  // namespace stream20
