// Equality and random values for the DTOs of dto/everything.hpp, shared by the tests.
#pragma once

#include <cstring>
#include <random>
#include <string>
#include <tuple>

#include "everything.hpp"

namespace golden {

inline auto tie_all(const Scalars& s) {
  return std::tie(s.flag, s.i8, s.i16, s.i32, s.i64, s.u8, s.u16, s.u32, s.u64, s.plain_int,
                  s.plain_long, s.plain_ull, s.f32, s.f64, s.color, s.level);
}
inline bool operator==(const Scalars& a, const Scalars& b) {
  return tie_all(a) == tie_all(b);
}
inline bool operator==(const Point& a, const Point& b) {
  return a.x == b.x && a.y == b.y;
}
inline bool operator==(const Meta& a, const Meta& b) {
  return a.version == b.version && a.origin == b.origin;
}
inline bool operator==(const Containers& a, const Containers& b) {
  return std::tie(a.name, a.blob, a.bytes, a.numbers, a.triple, a.points, a.by_name, a.by_id,
                  a.lookup, a.maybe, a.maybe_point, a.nested) ==
             std::tie(b.name, b.blob, b.bytes, b.numbers, b.triple, b.points, b.by_name, b.by_id,
                      b.lookup, b.maybe, b.maybe_point, b.nested) &&
         a.anonymous.label == b.anonymous.label &&
         a.anonymous.inner.depth == b.anonymous.inner.depth;
}
// `secret` is never encoded, so it is not compared.
inline bool operator==(const Tagged& a, const Tagged& b) {
  return std::tie(a.name, a.note, a.scores, a.zero, a.meta, a.where) ==
         std::tie(b.name, b.note, b.scores, b.zero, b.meta, b.where);
}
inline bool operator==(const Row& a, const Row& b) {
  return std::tie(a.id, a.name, a.balance, a.tags) == std::tie(b.id, b.name, b.balance, b.tags);
}
inline bool operator==(const Tree& a, const Tree& b) {
  return a.label == b.label && a.children == b.children;
}

// Random values with a fixed seed: every width's full range, strings of every header size.
class RandomDto {
 public:
  explicit RandomDto(unsigned seed) : rng_(seed) {}

  template <class T>
  T integer() {
    // Mix small and extreme values so every encoding width is exercised.
    switch (pick(4)) {
      case 0:
        return static_cast<T>(pick(64));
      case 1:
        return std::numeric_limits<T>::min();
      case 2:
        return std::numeric_limits<T>::max();
      default:
        return static_cast<T>(rng_());
    }
  }
  double real() { return std::uniform_real_distribution<double>(-1e6, 1e6)(rng_) + 0.25; }
  std::string text() {
    static const std::size_t kLengths[] = {0, 1, 31, 32, 255, 256, 70000};
    std::size_t length = pick(10) < 8 ? pick(20) : kLengths[pick(7)];
    std::string s(length, 'a');
    for (char& c : s) c = static_cast<char>('a' + pick(26));
    return s;
  }
  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }

  Scalars scalars() {
    Scalars s;
    s.flag = pick(2) == 1;
    s.i8 = integer<int8_t>();
    s.i16 = integer<int16_t>();
    s.i32 = integer<int32_t>();
    s.i64 = integer<int64_t>();
    s.u8 = integer<uint8_t>();
    s.u16 = integer<uint16_t>();
    s.u32 = integer<uint32_t>();
    s.u64 = integer<uint64_t>();
    s.plain_int = integer<int>();
    s.plain_long = integer<long>();
    s.plain_ull = integer<unsigned long long>();
    s.f32 = static_cast<float>(real());
    s.f64 = real();
    s.color = pick(2) ? Color::blue : Color::red;
    s.level = pick(2) ? high : low;
    return s;
  }
  Point point() { return Point{integer<int32_t>(), integer<int32_t>()}; }
  Containers containers() {
    Containers c;
    c.name = text();
    for (std::size_t i = pick(300); i > 0; --i) c.blob.push_back(integer<uint8_t>());
    for (std::size_t i = pick(5); i > 0; --i) c.bytes.push_back(std::byte{integer<uint8_t>()});
    for (std::size_t i = pick(20); i > 0; --i) c.numbers.push_back(integer<int32_t>());
    c.triple = {real(), real(), real()};
    for (std::size_t i = pick(20); i > 0; --i) c.points.push_back(point());
    for (std::size_t i = pick(20); i > 0; --i) c.by_name[text()] = integer<int64_t>();
    for (std::size_t i = pick(5); i > 0; --i) c.by_id[integer<int32_t>()] = text();
    for (std::size_t i = pick(5); i > 0; --i) c.lookup[text()] = point();
    if (pick(2)) c.maybe = integer<int32_t>();
    if (pick(2)) c.maybe_point = point();
    c.nested.resize(pick(4));
    for (auto& inner : c.nested) inner.resize(pick(4), text());
    c.anonymous.label = text();
    c.anonymous.inner.depth = integer<uint16_t>();
    return c;
  }
  Tagged tagged() {
    Tagged t;
    t.name = text();
    t.secret = "never on the wire";
    if (pick(2)) t.note = text();
    for (std::size_t i = pick(3); i > 0; --i) t.scores.push_back(integer<int32_t>());
    t.zero = pick(2) ? 0 : integer<int32_t>();
    t.meta = Meta{integer<int64_t>(), text()};
    t.where = point();
    return t;
  }
  Row row() {
    Row r;
    r.id = integer<uint64_t>();
    r.name = text();
    if (pick(2)) r.balance = real();
    for (std::size_t i = pick(4); i > 0; --i) r.tags.push_back(text());
    return r;
  }
  Tree tree(int depth) {
    Tree t;
    t.label = text();
    if (depth > 0) {
      for (std::size_t i = pick(3); i > 0; --i) t.children.push_back(tree(depth - 1));
    }
    return t;
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace golden
