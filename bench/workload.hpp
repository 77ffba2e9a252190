// The seed workload: instances of Data and Flat made by a fixed-seed generator (so every run and
// every codec sees the same values), copies of them as msgpack-c peers, and field-by-field
// comparison. Works for the map-mode and the as_array structs alike: they have the same fields.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace bench {

// splitmix64: tiny, fast, and the same sequence on every platform and standard library
// (std::uniform_int_distribution is not specified bit for bit, so it is not used).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform enough in [lo, hi] for a benchmark (the modulo bias is below 2^-50).
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool coin() { return (next() >> 63) != 0; }
  std::string hex(std::int64_t min_length, std::int64_t max_length) {
    static const char kDigits[] = "0123456789abcdef";
    std::string text(static_cast<std::size_t>(between(min_length, max_length)), '\0');
    for (char& c : text) c = kDigits[next() & 15];
    return text;
  }

 private:
  std::uint64_t state_;
};

constexpr std::uint64_t kSeed = 20240601;

// A value in [0, 100) that is never integral: msgpack-c 4 packs an integral float (3.0) as an
// integer while msgpack-gen always writes float32, and the byte-equality check must compare
// like with like.
inline float non_integral_percent(Rng& rng) {
  float value = static_cast<float>(rng.between(0, 99999)) / 1000.0f;
  if (value == std::floor(value)) value += 0.5f;
  return value;
}

template <class SubT>
SubT make_sub(Rng& rng, std::int64_t min_key, std::int64_t max_key) {
  SubT sub;
  sub.key = rng.hex(min_key, max_key);
  sub.active = rng.coin();
  return sub;
}

// Data: name 5-24 chars, count 0-99999, 0-10 subs (key 5-14 chars), internal.value in [0,100),
// 0-15 weights over the full uint64 range, 0-5 meta entries (8-char keys), 0-5 flags (6-char keys).
template <class DataT>
DataT make_data(Rng& rng) {
  using SubT = typename decltype(DataT::subs)::value_type;
  DataT data;
  data.name = rng.hex(5, 24);
  data.count = rng.between(0, 99999);
  for (std::int64_t n = rng.between(0, 10); n > 0; --n)
    data.subs.push_back(make_sub<SubT>(rng, 5, 14));
  data.internal.value = non_integral_percent(rng);
  for (std::int64_t n = rng.between(0, 15); n > 0; --n) data.weights.push_back(rng.next());
  for (std::int64_t n = rng.between(0, 5); n > 0; --n) {
    std::string key = rng.hex(8, 8);
    data.meta[key] = make_sub<SubT>(rng, 5, 14);
  }
  for (std::int64_t n = rng.between(0, 5); n > 0; --n) {
    std::string key = rng.hex(6, 6);
    data.flags[key] = rng.coin();
  }
  return data;
}

// Flat: name 5-14, surname 5-19, patronymic 5-19, city 4-15 chars; age 0-99, weight 40-159,
// fortune 0-9999999.
template <class FlatT>
FlatT make_flat(Rng& rng) {
  FlatT flat;
  flat.name = rng.hex(5, 14);
  flat.surname = rng.hex(5, 19);
  flat.patronymic = rng.hex(5, 19);
  flat.city = rng.hex(4, 15);
  flat.age = rng.between(0, 99);
  flat.weight = rng.between(40, 159);
  flat.fortune = rng.between(0, 9999999);
  return flat;
}

// --- copies between the msgpack-gen structs and their msgpack-c peers ------------------------

template <class From, class To>
void copy_sub(const From& from, To& to) {
  to.key = from.key;
  to.active = from.active;
}

template <class From, class To>
void copy_data(const From& from, To& to) {
  to.name = from.name;
  to.count = from.count;
  to.subs.resize(from.subs.size());
  for (std::size_t i = 0; i < from.subs.size(); ++i) copy_sub(from.subs[i], to.subs[i]);
  to.internal.value = from.internal.value;
  to.weights = from.weights;
  to.meta.clear();
  for (const auto& [key, sub] : from.meta) copy_sub(sub, to.meta[key]);
  to.flags = from.flags;
}

template <class From, class To>
void copy_flat(const From& from, To& to) {
  to.name = from.name;
  to.surname = from.surname;
  to.patronymic = from.patronymic;
  to.city = from.city;
  to.age = from.age;
  to.weight = from.weight;
  to.fortune = from.fortune;
}

// --- field-by-field equality, across the two families of structs -----------------------------

template <class A, class B>
bool same_sub(const A& a, const B& b) {
  return a.key == b.key && a.active == b.active;
}

template <class A, class B>
bool same_data(const A& a, const B& b) {
  if (a.name != b.name || a.count != b.count || a.internal.value != b.internal.value ||
      a.weights != b.weights || a.flags != b.flags || a.subs.size() != b.subs.size() ||
      a.meta.size() != b.meta.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.subs.size(); ++i) {
    if (!same_sub(a.subs[i], b.subs[i])) return false;
  }
  auto b_entry = b.meta.begin();
  for (const auto& [key, sub] : a.meta) {
    if (key != b_entry->first || !same_sub(sub, b_entry->second)) return false;
    ++b_entry;
  }
  return true;
}

template <class A, class B>
bool same_flat(const A& a, const B& b) {
  return a.name == b.name && a.surname == b.surname && a.patronymic == b.patronymic &&
         a.city == b.city && a.age == b.age && a.weight == b.weight && a.fortune == b.fortune;
}

}  // namespace bench
