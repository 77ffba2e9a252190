// The bulk paths for arrays of numbers (detail/numeric_block.hpp): the bytes are msgpack-c's for
// every value and every length (whole blocks, partial blocks, mixed blocks), and decoding gives
// what decoding element by element gives, values and errors alike. The element-by-element
// decoder used as the oracle is std::deque's (tests of the sequences codec cover it on its own),
// which decodes each element through codec<T>. This file is built twice: with the SIMD the
// compiler targets, and with MSGPACK_GEN_NO_SIMD (the portable code; tests/runtime/CMakeLists.txt).
// Each test runs once per SIMD level the binary and the CPU have (SIMD_LEVELS below): the
// portable, SSE2 or NEON-compare code, then the shuffle kernels (SSSE3, which x86-64 builds choose
// at run time, or NEON on aarch64).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "test_support.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Status;
using test_support::Bytes;
using test_support::decode;
using test_support::encode;
using test_support::Hex;
using test_support::theirs;

namespace {

namespace numeric = msgpack_gen::detail::numeric;

// The levels this binary runs on this CPU, lowest first: Simd::base only without SIMD, or off
// x86-64 and little-endian aarch64.
std::vector<int> simd_levels() {
  std::vector<int> levels;
  for (int level = 0; level <= static_cast<int>(numeric::detected_simd()); ++level) {
    levels.push_back(level);
  }
  return levels;
}

// Forces a level for the scope (detail::numeric::simd_override, for tests only).
struct ForcedSimd {
  explicit ForcedSimd(int level) { numeric::simd_override = level; }
  ~ForcedSimd() { numeric::simd_override = -1; }
  ForcedSimd(const ForcedSimd&) = delete;
  ForcedSimd& operator=(const ForcedSimd&) = delete;
};

// Runs the rest of the test case once per level (a Catch2 generator).
#define SIMD_LEVELS()                                         \
  const int simd_level = GENERATE(from_range(simd_levels())); \
  const ForcedSimd forced_simd(simd_level);                   \
  INFO("SIMD level " << simd_level)

enum class Level : std::int16_t { low = -300, zero = 0, high = 20000 };
enum class Code : std::uint32_t { none = 0, big = 4000000000u };
enum class Octet : std::uint8_t { zero = 0, top = 255 };
// An enum on a 64-bit integer: the fixint run writers read its values in place as int64.
enum class Stamp : std::int64_t { epoch = 0 };

// splitmix64: the same sequence everywhere.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

// The integers at the edges of msgpack's forms, as long double so every one compares exactly.
const std::vector<long double>& edges() {
  static const std::vector<long double> values = {
      0,  1,   127, 128,  255,  256,    65535,  65536,          4294967295.0L, 4294967296.0L,
      -1, -32, -33, -128, -129, -32768, -32769, -2147483648.0L, -2147483649.0L};
  return values;
}

// The edges T can hold, with its own min and max.
template <class T>
std::vector<T> edge_values() {
  std::vector<T> values;
  if constexpr (std::is_floating_point_v<T>) {
    for (long double v : edges()) values.push_back(static_cast<T>(v));
    values.push_back(std::numeric_limits<T>::quiet_NaN());
    values.push_back(std::numeric_limits<T>::infinity());
    values.push_back(-std::numeric_limits<T>::infinity());
    values.push_back(static_cast<T>(-0.0));
    values.push_back(static_cast<T>(0.5));
    values.push_back(static_cast<T>(-1e30));
    values.push_back(std::numeric_limits<T>::denorm_min());
  } else {
    for (long double v : edges()) {
      if (v >= static_cast<long double>(std::numeric_limits<T>::min()) &&
          v <= static_cast<long double>(std::numeric_limits<T>::max())) {
        values.push_back(static_cast<T>(v));
      }
    }
  }
  values.push_back(std::numeric_limits<T>::lowest());
  values.push_back(std::numeric_limits<T>::max());
  return values;
}

// Any value of T: random bits, shifted right by a random amount so small values come often.
template <class T>
T any_value(std::uint64_t bits) {
  T value;
  if constexpr (sizeof(T) == 8) {
    std::memcpy(&value, &bits, sizeof value);
  } else if constexpr (sizeof(T) == 4) {
    const auto low = static_cast<std::uint32_t>(bits >> (bits & 31));
    std::memcpy(&value, &low, sizeof value);
  } else if constexpr (sizeof(T) == 2) {
    const auto low = static_cast<std::uint16_t>(bits >> (bits & 15));
    std::memcpy(&value, &low, sizeof value);
  } else {
    const auto low = static_cast<std::uint8_t>(bits >> (bits & 7));
    std::memcpy(&value, &low, sizeof value);
  }
  return value;
}

// An edge moved by 0..3 towards the inside of T's range, where a block's forms change.
template <class T>
T neighbour_of(T base, std::uint64_t bits) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<std::int64_t>(bits)) / static_cast<T>(1 << 20);
  } else {
    const auto step = static_cast<long double>(bits & 3);
    const auto b = static_cast<long double>(base);
    if ((bits & 4) != 0 && b + step <= static_cast<long double>(std::numeric_limits<T>::max())) {
      return static_cast<T>(b + step);
    }
    if (b - step >= static_cast<long double>(std::numeric_limits<T>::lowest())) {
      return static_cast<T>(b - step);
    }
    return base;
  }
}

// A value of T (or of an enum's underlying type): an edge, a neighbour of one, or anything.
template <class T>
T draw(Rng& rng, const std::vector<T>& edge) {
  const std::uint64_t bits = rng.next();
  const std::size_t kind = rng.below(4);
  if (kind == 0) return edge[rng.below(edge.size())];
  if (kind == 1) return neighbour_of(edge[rng.below(edge.size())], bits);
  return any_value<T>(bits);
}

// Vectors that hit whole blocks of one form, mixed blocks and partial blocks: by element, in runs
// of one value's neighbourhood, and all the same.
template <class T>
std::vector<T> make_vector(Rng& rng, std::size_t n, const std::vector<T>& edge) {
  std::vector<T> values(n);
  switch (rng.below(3)) {
    case 0:
      for (T& v : values) v = draw(rng, edge);
      break;
    case 1:
      for (std::size_t i = 0; i < n; ++i) {
        values[i] = i % 8 == 0 || rng.below(16) == 0 ? draw(rng, edge) : values[i - 1];
      }
      break;
    default: {
      const T v = draw(rng, edge);
      for (T& item : values) item = v;
    }
  }
  return values;
}

// make_vector() for T or for the enum T over its underlying type.
template <class T>
std::vector<T> make_values(Rng& rng, std::size_t n) {
  if constexpr (std::is_enum_v<T>) {
    using U = std::underlying_type_t<T>;
    static const std::vector<U> edge = edge_values<U>();
    std::vector<T> values;
    for (U v : make_vector(rng, n, edge)) values.push_back(static_cast<T>(v));
    return values;
  } else {
    static const std::vector<T> edge = edge_values<T>();
    return make_vector(rng, n, edge);
  }
}

// A value of T in its largest form: the most negative of a signed type, else the greatest.
template <class T>
T widest_value() {
  using U = numeric::raw_t<T>;
  return static_cast<T>(std::is_signed_v<U> ? std::numeric_limits<U>::lowest()
                                            : std::numeric_limits<U>::max());
}

// Equal as stored: NaN equals NaN, -0.0 differs from 0.0.
template <class T>
bool same_values(const T* a, const T* b, std::size_t n) {
  return n == 0 || std::memcmp(a, b, n * sizeof(T)) == 0;
}

// msgpack's float32 / float64 forms, written here from the spec: what msgpack-gen writes for
// floats unless the writer is in msgpack-c's mode (which writes integral values as integers).
template <class T>
Bytes spec_float_array(const std::vector<T>& values) {
  msgpack::sbuffer header;
  msgpack::packer<msgpack::sbuffer>(header).pack_array(static_cast<std::uint32_t>(values.size()));
  Bytes bytes(header.data(), header.data() + header.size());
  for (T v : values) {
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    bytes.push_back(sizeof(T) == 4 ? 0xca : 0xcb);
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      // Big-endian, whatever the host's byte order.
      const std::size_t from =
          msgpack_gen::endian::to_big(std::uint16_t{1}) == 1 ? i : sizeof(T) - 1 - i;
      bytes.push_back(raw[from]);
    }
  }
  return bytes;
}

template <class T>
Hex expected_bytes(const std::vector<T>& values) {
  if constexpr (std::is_floating_point_v<T>) {
    return Hex{spec_float_array(values)};
  } else if constexpr (std::is_enum_v<T>) {
    std::vector<std::underlying_type_t<T>> raw;
    for (T v : values) raw.push_back(static_cast<std::underlying_type_t<T>>(v));
    return theirs(raw);
  } else {
    return theirs(values);
  }
}

// values encode to msgpack-c's bytes and decode back to themselves.
template <class T>
void check_bytes_and_back(const std::vector<T>& values) {
  const Bytes bytes = encode(values);
  CHECK(Hex{bytes} == expected_bytes(values));
  std::vector<T> back;
  REQUIRE(decode(bytes, back).ok());
  REQUIRE(back.size() == values.size());
  CHECK(same_values(back.data(), values.data(), values.size()));
}

// Decoding `bytes` into a vector<T> gives what decoding them element by element gives: the same
// status (code, offset, path, detail) and, on success, the same values.
template <class T>
void check_like_per_element(const Bytes& bytes) {
  std::vector<T> bulk;
  std::deque<T> one_by_one;
  const Status a = decode(bytes, bulk);
  const Status b = decode(bytes, one_by_one);
  INFO("bytes " << test_support::to_hex(bytes, 96));
  REQUIRE(a.message() == b.message());
  CHECK(a.code() == b.code());
  CHECK(a.offset() == b.offset());
  CHECK(a.path() == b.path());
  if (a.ok()) {
    const std::vector<T> expected(one_by_one.begin(), one_by_one.end());
    CHECK(same_values(bulk.data(), expected.data(), bulk.size()));
  }
}

// Integer elements whose value the integer type U does not hold, one past each end of its range
// in the form of U's width or the next, and in the 64-bit form of the other signedness: the
// range checks of each reading (unsigned, signed), whatever the marker.
template <class U>
std::vector<Bytes> out_of_range_elements() {
  std::vector<Bytes> out;
  auto put = [&out](unsigned marker, std::uint64_t bits, unsigned width) {
    Bytes b{static_cast<std::uint8_t>(marker)};
    for (unsigned i = width; i-- > 0;) b.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    out.push_back(b);
  };
  // The uint/int marker of a width: 0xcc/0xd0 + log2(width).
  constexpr unsigned kSize = sizeof(U);
  constexpr unsigned kLog = kSize == 1 ? 0 : kSize == 2 ? 1 : kSize == 4 ? 2 : 3;
  const auto max_plus_one = static_cast<std::uint64_t>(std::numeric_limits<U>::max()) + 1;
  if constexpr (std::is_signed_v<U>) {
    put(0xcf, std::uint64_t{1} << 63, 8);
    if constexpr (kSize < 8) {
      put(0xcc + kLog, max_plus_one, kSize);
      const std::int64_t min_minus_one = std::int64_t{std::numeric_limits<U>::min()} - 1;
      put(0xd0 + kLog + 1, static_cast<std::uint64_t>(min_minus_one), 2 * kSize);
    }
  } else {
    put(0xd3, static_cast<std::uint64_t>(std::int64_t{-2}), 8);
    put(0xff, 0, 0);  // -1, a negative fixint
    put(0xd0 + kLog, static_cast<std::uint64_t>(std::int64_t{-1}), kSize);
    if constexpr (kSize < 8) put(0xcc + kLog + 1, max_plus_one, 2 * kSize);
  }
  // One past the maximum in the signed form of the next width.
  if constexpr (kSize < 8) put(0xd0 + kLog + 1, max_plus_one, 2 * kSize);
  return out;
}

// One value of T in each of msgpack's forms that can carry it (not only the smallest).
template <class T>
std::vector<Bytes> every_form(T value) {
  std::vector<Bytes> forms;
  auto put = [&forms](std::uint8_t marker, std::uint64_t bits, unsigned width) {
    Bytes b{marker};
    for (unsigned i = width; i-- > 0;) b.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    forms.push_back(b);
  };
  if constexpr (std::is_floating_point_v<T>) {
    float f = static_cast<float>(value);
    double d = static_cast<double>(value);
    std::uint32_t fb;
    std::uint64_t db;
    std::memcpy(&fb, &f, sizeof fb);
    std::memcpy(&db, &d, sizeof db);
    put(0xca, fb, 4);
    put(0xcb, db, 8);
  } else {
    using V = numeric::raw_t<T>;
    const auto v = static_cast<V>(value);
    if constexpr (std::is_signed_v<V>) {
      const auto s = static_cast<std::int64_t>(v);
      if (s >= -32 && s <= 127) put(static_cast<std::uint8_t>(s), 0, 0);
      if (s >= -128 && s <= 127) put(0xd0, static_cast<std::uint64_t>(s), 1);
      if (s >= -32768 && s <= 32767) put(0xd1, static_cast<std::uint64_t>(s), 2);
      if (s >= INT32_MIN && s <= INT32_MAX) put(0xd2, static_cast<std::uint64_t>(s), 4);
      put(0xd3, static_cast<std::uint64_t>(s), 8);
      if (s < 0) return forms;
    }
    const auto u = static_cast<std::uint64_t>(v);
    if (u <= 127 && !std::is_signed_v<V>) put(static_cast<std::uint8_t>(u), 0, 0);
    if (u <= 0xff) put(0xcc, u, 1);
    if (u <= 0xffff) put(0xcd, u, 2);
    if (u <= 0xffffffffu) put(0xce, u, 4);
    put(0xcf, u, 8);
    if (!std::is_signed_v<V> && u <= 0x7fffffffffffffffull) {
      if (u <= 127) put(0xd0, u, 1);
      if (u <= 32767) put(0xd1, u, 2);
      if (u <= 0x7fffffffu) put(0xd2, u, 4);
      put(0xd3, u, 8);
    }
  }
  return forms;
}

Bytes array_of(const std::vector<Bytes>& elements) {
  msgpack::sbuffer header;
  msgpack::packer<msgpack::sbuffer>(header).pack_array(static_cast<std::uint32_t>(elements.size()));
  Bytes bytes(header.data(), header.data() + header.size());
  for (const Bytes& e : elements) bytes.insert(bytes.end(), e.begin(), e.end());
  return bytes;
}

// The array of `elements` with element k replaced by `wrong`: an error at "[k]", the one
// decoding element by element gives.
template <typename T>
void check_wrong_element(std::vector<Bytes> elements, std::size_t k, const Bytes& wrong) {
  elements[k] = wrong;
  INFO("wrong element " << Hex{wrong} << " at " << k);
  const Bytes with_wrong = array_of(elements);
  std::vector<T> bulk;
  CHECK(decode(with_wrong, bulk).path() == "[" + std::to_string(k) + "]");
  check_like_per_element<T>(with_wrong);
}

// The first `size` bytes of a whole message: an error, the one decoding element by element gives.
template <typename T>
void check_cut(const Bytes& whole, std::size_t size) {
  INFO("cut to " << size << " of " << whole.size() << " bytes");
  // A copy of exactly `size` bytes, so ASan sees a read past its end.
  const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size));
  std::vector<T> bulk;
  CHECK_FALSE(decode(cut, bulk).ok());
  check_like_per_element<T>(cut);
}

// n values of T drawn from its edge values, each in its smallest form or, one in `other_every`
// (never when 0), in any form that holds it: decoded back as they were. Returns the elements.
template <typename T>
std::vector<Bytes> check_mixed_forms(Rng& rng, std::size_t n, std::size_t other_every) {
  using U = numeric::raw_t<T>;
  static const std::vector<U> edge = edge_values<U>();
  std::vector<T> values(n);
  std::vector<Bytes> elements(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = static_cast<T>(draw(rng, edge));
    const std::vector<Bytes> forms = every_form(static_cast<U>(values[i]));
    const bool other = other_every != 0 && rng.below(other_every) == 0;
    elements[i] = forms[other ? rng.below(forms.size()) : 0];
  }
  std::vector<T> back;
  REQUIRE(decode(array_of(elements), back).ok());
  REQUIRE(back.size() == n);
  CHECK(same_values(back.data(), values.data(), n));
  return elements;
}

}  // namespace

#define NUMERIC_TYPES                                                                  \
  std::int8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t, \
      std::uint64_t, long long, unsigned long long, float, double, Level, Code

TEMPLATE_TEST_CASE("numeric vectors: msgpack-c's bytes at every length and form, and back",
                   "[numeric][bulk]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  using T = TestType;
  Rng rng{sizeof(T) * 1000 + std::is_signed_v<T>};
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int round = 0; round < 12; ++round) {
      const std::vector<T> values = make_values<T>(rng, n);
      INFO("n " << n << ", round " << round);
      const Bytes bytes = encode(values);
      REQUIRE(Hex{bytes} == expected_bytes(values));
      std::vector<T> back(n / 2 + 3);  // decoded into a vector of another size
      REQUIRE(decode(bytes, back).ok());
      REQUIRE(back.size() == n);
      CHECK(same_values(back.data(), values.data(), n));
      check_like_per_element<T>(bytes);
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: the writers stay within the room they are given",
                   "[numeric][bulk]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  // put_numbers() may write whole vectors past the last element's bytes, but only into the room
  // its contract gives: the elements' largest forms and kSlack. Bytes after that room are a
  // canary that must come back untouched, for every length and in both float modes.
  using T = TestType;
  constexpr std::uint8_t kCanary = 0xa5;
  Rng rng{sizeof(T) * 1000 + std::is_signed_v<T> + 7};
  for (const bool msgpack_c_floats : {false, true}) {
    if (msgpack_c_floats && !std::is_floating_point_v<T>) continue;
    const std::size_t per_element = msgpack_c_floats ? msgpack_gen::gen::encode::kMaxIntSize
                                                     : msgpack_gen::gen::encode::max_size(T{});
    for (std::size_t n = 0; n <= 90; ++n) {
      for (int round = 0; round < 6; ++round) {
        // Round 0: every element in its largest form; the others mixed.
        std::vector<T> values = make_values<T>(rng, n);
        if (round == 0) std::fill(values.begin(), values.end(), widest_value<T>());
        INFO("n " << n << ", round " << round << ", msgpack-c floats " << msgpack_c_floats);
        const std::size_t room = n * per_element + numeric::kSlack;
        std::vector<std::uint8_t> out(room + 96, kCanary);
        const std::uint8_t* end =
            numeric::put_numbers(out.data(), values.data(), n, msgpack_c_floats);
        REQUIRE(static_cast<std::size_t>(end - out.data()) <= n * per_element);
        CHECK(std::count(out.begin() + static_cast<std::ptrdiff_t>(room), out.end(), kCanary) ==
              96);
      }
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: a block of full-width values with one narrower at each place",
                   "[numeric][bulk]", std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                   long, Level) {
  SIMD_LEVELS();
  // A block of 16- or 32-bit values that all take the type's own width is written with one check;
  // a single value one form narrower, or of the other sign's full-width form, anywhere in the
  // block must send it the general way. Each edge pair: the first value takes the full width (or
  // is negative), the second the next form in.
  using T = TestType;
  using V = numeric::raw_t<T>;
  const bool wide = sizeof(V) >= 4;
  const bool sign = std::is_signed_v<V>;
  const auto lowest = static_cast<long long>(std::numeric_limits<V>::lowest());
  const std::vector<std::pair<long long, long long>> edges = {
      {wide ? 65536 : 256, wide ? 65535 : 255},
      {static_cast<long long>(std::numeric_limits<V>::max()), 127},
      {sign ? (wide ? -32769 : -129) : 300, sign ? (wide ? -32768 : -128) : 3},
      {sign ? lowest : (wide ? 70000 : 4464), 0},
      {sign ? (wide ? -40000 : -200) : 1000, wide ? 40000 : 1000},
  };
  for (const auto& [full, other] : edges) {
    for (std::size_t k = 0; k <= 8; ++k) {  // k == 8: all eight take the full width
      std::vector<T> values(11, static_cast<T>(static_cast<V>(full)));
      if (k < 8) values[k] = static_cast<T>(static_cast<V>(other));
      INFO("full " << full << ", other " << other << " at " << k);
      check_bytes_and_back(values);
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: a run of fixints with one value past them at each place",
                   "[numeric][bulk]", std::int32_t, std::uint32_t, std::int64_t, std::uint64_t,
                   Code, Stamp) {
  SIMD_LEVELS();
  // Runs of fixints are written 8, 16, 32 or 64 at a time once their first block is checked; a
  // single value just past the fixints (either edge, or far past: a uint32 at or above 2^31 looks
  // negative to signed compares) anywhere in the run must leave it. 160 values: the checked first
  // block or 16, two 64-value steps, a tail. For a signed type the run is also all positive or all
  // negative fixints: a check that mishandles one sign then meets the other edge's values alone.
  using T = TestType;
  using V = numeric::raw_t<T>;
  const bool sign = std::is_signed_v<V>;
  std::vector<std::vector<long long>> runs = {{0, 1, 126, 127}};
  if (sign) runs.insert(runs.end(), {{-32, -1, 0, 127}, {-32, -31, -2, -1}});
  std::vector<long long> past = {128, 255};
  if (sign) past.insert(past.end(), {-33, -128});
  if (sign && sizeof(V) >= 4) past.push_back(std::numeric_limits<std::int32_t>::min());
  if (!sign && sizeof(V) >= 4) past.push_back(0x80000000ll);
  if (!sign && sizeof(V) >= 4) past.push_back(0xffffffffll);
  if (sizeof(V) == 8) {
    // The low half a fixint, the high half not: a 64-bit value checked by its low half only
    // would pass. For an unsigned type the last is 2^63, below 0 as a signed lane.
    past.insert(past.end(),
                {0x100000005ll, -0x100000000ll + 5, std::numeric_limits<long long>::min()});
  }
  for (const std::vector<long long>& fixints : runs) {
    for (const long long other : past) {
      for (std::size_t k = 0; k <= 160; ++k) {  // k == 160: the whole run is fixints
        std::vector<T> values(160);
        for (std::size_t i = 0; i < values.size(); ++i) {
          values[i] = static_cast<T>(static_cast<V>(fixints[i % fixints.size()]));
        }
        if (k < 160) values[k] = static_cast<T>(static_cast<V>(other));
        INFO("run of " << fixints.front() << " to " << fixints.back()
                       << ", past the fixints: " << other << " at " << k);
        check_bytes_and_back(values);
      }
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: a fixint run stops at its count and not at the memory end",
                   "[numeric][bulk]", std::int32_t, std::uint32_t, std::int64_t, std::uint64_t,
                   Code, Stamp) {
  SIMD_LEVELS();
  // The array's memory goes on with fixints past its count (a vector's spare capacity, the rest
  // of a struct): a step of 16, 32 or 64 values that starts with fewer left must not take them.
  // Every count up to three 64-value steps and a tail, so each step size meets every remainder.
  using T = TestType;
  using V = numeric::raw_t<T>;
  // Every fixint of V in turn: -32 to 127, or 0 to 127.
  const long long least = std::is_signed_v<V> ? -32 : 0;
  const auto fixints = static_cast<std::size_t>(128 - least);
  std::vector<T> memory(200 + 128);
  for (std::size_t i = 0; i < memory.size(); ++i) {
    memory[i] = static_cast<T>(static_cast<V>(least + static_cast<long long>(i % fixints)));
  }
  for (std::size_t n = 0; n <= 200; ++n) {
    INFO("count " << n);
    Bytes expected;
    for (std::size_t i = 0; i < n; ++i) {
      // A fixint's byte is the value's low byte (0x00-0x7f, or 0xe0-0xff for -32 to -1).
      expected.push_back(static_cast<std::uint8_t>(static_cast<V>(memory[i])));
    }
    std::vector<std::uint8_t> out(n * msgpack_gen::gen::encode::max_size(T{}) + numeric::kSlack);
    const std::uint8_t* begin = out.data();
    const std::uint8_t* end = numeric::put_numbers(out.data(), memory.data(), n, false);
    REQUIRE(static_cast<std::size_t>(end - begin) == n);
    CHECK(Hex{Bytes(begin, end)} == Hex{expected});
  }
}

TEST_CASE("numeric vectors of floats: msgpack-c's own bytes in its float mode", "[numeric][bulk]") {
  SIMD_LEVELS();
  Rng rng{7};
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::vector<float> floats = make_values<float>(rng, n);
    const std::vector<double> doubles = make_values<double>(rng, n);
    for (int which = 0; which < 2; ++which) {
      msgpack_gen::Buffer buffer;
      msgpack_gen::Writer out(buffer);
      msgpack_gen::IntegralFloatsAsInts mode(out);
      if (which == 0) {
        msgpack_gen::codec<std::vector<float>>::encode(out, floats);
        CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} == theirs(floats));
      } else {
        msgpack_gen::codec<std::vector<double>>::encode(out, doubles);
        CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} == theirs(doubles));
      }
    }
    // What msgpack-c writes (integers for integral values) decodes back.
    check_like_per_element<float>(Bytes(theirs(floats).bytes));
    check_like_per_element<double>(Bytes(theirs(doubles).bytes));
  }
}

TEMPLATE_TEST_CASE("numeric vectors in msgpack-c's float mode: one integral value at each place",
                   "[numeric][bulk]", float, double) {
  SIMD_LEVELS();
  // A block of values with fractions is written as floats at once; one value that msgpack-c
  // writes as an integer (zero, -0.0, integral, the ends of the integer ranges), or one it writes
  // as a float although it looks integral (too large for an integer, NaN, infinite), anywhere
  // in the block must give msgpack-c's bytes all the same. Not 2^64: msgpack-c converts it to
  // uint64_t, which is undefined behaviour (x86-64 then writes a float, s390x saturates and
  // writes 2^64 - 1); msgpack-gen writes a float everywhere.
  using F = TestType;
  const std::vector<F> odd = {F(0),
                              F(-0.0),
                              F(1),
                              F(-1),
                              F(3.0e9),
                              F(-2.0e9),
                              F(4194304),  // 2^22: no fraction bits left in a float
                              F(9007199254740992.0),
                              F(-9223372036854775808.0),  // -2^63: the smallest int64
                              F(1.0e30),
                              std::numeric_limits<F>::quiet_NaN(),
                              std::numeric_limits<F>::infinity(),
                              std::numeric_limits<F>::denorm_min(),
                              F(0.5),
                              F(-1.25)};
  for (const F special : odd) {
    for (std::size_t k = 0; k <= 8; ++k) {  // k == 8: a block of fractions only
      std::vector<F> values = {F(0.25), F(-1.5), F(1000.75), F(-3.125), F(7.5),
                               F(0.1),  F(-0.3), F(12345.5), F(2.5),    F(-9.75)};
      if (k < 8) values[k] = special;
      msgpack_gen::Buffer buffer;
      msgpack_gen::Writer out(buffer);
      msgpack_gen::IntegralFloatsAsInts mode(out);
      msgpack_gen::codec<std::vector<F>>::encode(out, values);
      INFO("value " << special << " at " << k);
      CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} == theirs(values));
    }
  }
}

TEMPLATE_TEST_CASE("numeric arrays: std::array and C arrays take the bulk path too",
                   "[numeric][bulk]", std::int16_t, std::uint32_t, std::int64_t, float, double,
                   Level) {
  SIMD_LEVELS();
  using T = TestType;
  constexpr std::size_t kN = 37;
  Rng rng{99};
  for (int round = 0; round < 20; ++round) {
    const std::vector<T> values = make_values<T>(rng, kN);
    std::array<T, kN> array{};
    T carray[kN] = {};
    std::copy(values.begin(), values.end(), array.begin());
    std::copy(values.begin(), values.end(), carray);
    const Hex expected = expected_bytes(values);
    CHECK(Hex{encode(array)} == expected);
    CHECK(Hex{encode(carray)} == expected);
    std::array<T, kN> array_back{};
    T carray_back[kN] = {};
    REQUIRE(decode(expected.bytes, array_back).ok());
    REQUIRE(decode(expected.bytes, carray_back).ok());
    CHECK(same_values(array_back.data(), values.data(), kN));
    CHECK(same_values(carray_back, values.data(), kN));
    // A C array takes fewer elements: the rest become T{}.
    const std::vector<T> fewer(values.begin(), values.begin() + 20);
    REQUIRE(decode(expected_bytes(fewer).bytes, carray_back).ok());
    CHECK(same_values(carray_back, fewer.data(), 20));
    for (std::size_t i = 20; i < kN; ++i) CHECK(carray_back[i] == T{});
  }
}

TEMPLATE_TEST_CASE("numeric vectors decode every form that holds the value, in whole blocks",
                   "[numeric][bulk][forms]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  using T = TestType;
  // Every edge value in every form of the widest integer type of its sign, decoded into T: the
  // wide forms other writers use (uint64 holding 5) are taken into every type they fit, and the
  // ones that do not fit fail as element by element.
  std::vector<std::int64_t> signed_values;
  for (auto v : edge_values<std::int64_t>()) signed_values.push_back(v);
  std::vector<std::uint64_t> unsigned_values;
  for (auto v : edge_values<std::uint64_t>()) unsigned_values.push_back(v);
  std::vector<Bytes> singles;
  for (auto v : signed_values) {
    for (const Bytes& form : every_form(v)) singles.push_back(form);
  }
  for (auto v : unsigned_values) {
    for (const Bytes& form : every_form(v)) singles.push_back(form);
  }
  for (double v : {0.5, -2.0, 1e300}) {
    for (const Bytes& form : every_form(v)) singles.push_back(form);
  }
  for (const Bytes& form : singles) {
    for (std::size_t n : {8u, 16u, 17u, 24u}) {
      check_like_per_element<T>(array_of(std::vector<Bytes>(n, form)));
    }
  }
  // Blocks of one form with another form at each position.
  Rng rng{3};
  for (int round = 0; round < 300; ++round) {
    const Bytes& form = singles[rng.below(singles.size())];
    const Bytes& other = singles[rng.below(singles.size())];
    std::vector<Bytes> elements(16, form);
    elements[rng.below(16)] = other;
    check_like_per_element<T>(array_of(elements));
  }
}

TEMPLATE_TEST_CASE("numeric vectors: 16-bit blocks in every pattern of value sizes",
                   "[numeric][bulk][mixed16]", std::int16_t, std::uint16_t) {
  SIMD_LEVELS();
  // The shuffle levels write a block of 16-bit values of mixed sizes (1 byte: a fixint; 2: uint8
  // or int8; 3: uint16 or int16) through one table entry per half block, by the pattern of
  // sizes: each of the 81 patterns of a half, in both halves, with values at the edges of each
  // size (and of each sign for int16), must give msgpack-c's bytes and read back.
  using T = TestType;
  const bool sign = std::is_signed_v<T>;
  const std::vector<std::vector<long>> by_size = {
      sign ? std::vector<long>{0, 127, -1, -32, 5} : std::vector<long>{0, 127, 64},
      sign ? std::vector<long>{128, 255, -33, -128, -100} : std::vector<long>{128, 255, 200},
      sign ? std::vector<long>{256, 32767, -129, -32768, -5000}
           : std::vector<long>{256, 65535, 32768, 4464}};
  std::size_t pick = 0;
  for (unsigned pattern = 0; pattern < 81; ++pattern) {
    const unsigned other = (pattern * 7 + 3) % 81;  // the other half's pattern
    std::vector<T> values;
    for (const unsigned half : {pattern, other, other, pattern}) {  // two blocks
      unsigned digits = half;
      for (int lane = 0; lane < 4; ++lane, digits /= 3) {
        const std::vector<long>& choices = by_size[digits % 3];
        values.push_back(static_cast<T>(choices[pick++ % choices.size()]));
      }
    }
    values.push_back(static_cast<T>(300));  // a tail element after the blocks
    INFO("pattern " << pattern << ", other half " << other);
    check_bytes_and_back(values);
  }
}

// A value of T that takes T's full width, negative or not (floats: any bits).
template <class T>
T full_width_value(Rng& rng, bool negative) {
  if constexpr (std::is_floating_point_v<T>) {
    return any_value<T>(rng.next());
  } else {
    // The least value of T's own width (uint16 / int16, ...) above zero, and the greatest below.
    const std::uint64_t above = sizeof(T) == 2 ? 0x100 : sizeof(T) == 4 ? 0x10000 : 0x100000000;
    const std::uint64_t max = static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    if (!std::is_signed_v<T> || !negative) {
      return static_cast<T>(above + rng.next() % (max - above));
    }
    // Negative: below -128, -32768, -2^31.
    const std::uint64_t below = above / 2 + 1;  // its magnitude
    return static_cast<T>(-static_cast<std::int64_t>(below + rng.next() % (max - below)));
  }
}

// The first n of `values` as an array followed by the rest: decode_numbers() takes n elements
// and their bytes, and writes nothing past them (a canary).
template <class T>
void check_takes_count(const std::vector<T>& values, std::size_t n) {
  const std::size_t after = values.size() - n;
  std::vector<std::uint8_t> bytes(values.size() * msgpack_gen::gen::encode::kMaxIntSize +
                                  numeric::kSlack);
  std::uint8_t* array_end = numeric::put_numbers(bytes.data(), values.data(), n, false);
  const std::uint8_t* end = numeric::put_numbers(array_end, values.data() + n, after, false);
  INFO("n " << n);
  const T canary = static_cast<T>(99);
  std::vector<T> out(values.size(), canary);
  msgpack_gen::Reader in(bytes.data(), static_cast<std::size_t>(end - bytes.data()));
  REQUIRE(numeric::decode_numbers(in, out.data(), static_cast<std::uint32_t>(n)));
  CHECK(in.offset() == static_cast<std::size_t>(array_end - bytes.data()));
  CHECK(same_values(out.data(), values.data(), n));
  CHECK(static_cast<std::size_t>(
            std::count(out.begin() + static_cast<std::ptrdiff_t>(n), out.end(), canary)) == after);
}

TEMPLATE_TEST_CASE("numeric vectors: the readers take the array's count, not the run after it",
                   "[numeric][bulk][runs]", std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  SIMD_LEVELS();
  // The input goes on in the same form after the array's n elements (the next field of a
  // struct, the next message): decode_numbers() must take n elements and their bytes, and
  // write nothing past them, whatever n's blocks and the readers' steps are.
  using T = TestType;
  constexpr std::size_t kAfter = 72;  // elements of the same form after the array
  Rng rng{sizeof(T) * 53 + std::is_signed_v<T>};
  for (std::size_t n = 0; n <= 140; ++n) {
    std::vector<T> values(n + kAfter);
    for (T& v : values) v = full_width_value<T>(rng, false);
    if (n % 3 == 1 && n > 20) values[n - 11] = static_cast<T>(7);  // a small one in the run
    check_takes_count(values, n);
  }
}

TEMPLATE_TEST_CASE("numeric vectors: the mixed-form readers take the array's count too",
                   "[numeric][bulk][mixed]", std::int8_t, std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t) {
  SIMD_LEVELS();
  // As above with values of mixed forms, in the array and after it: the readers of stretches
  // of mixed forms (8 elements a step at the AVX-512 level) must stop at n, whatever n is
  // modulo their step, and write nothing past it.
  using T = TestType;
  // Elements after the array: more than the 192 bytes the AVX-512 reader wants ahead of it,
  // even in one-byte forms.
  constexpr std::size_t kAfter = 200;
  Rng rng{sizeof(T) * 59 + std::is_signed_v<T>};
  static const std::vector<T> edge = edge_values<T>();
  for (std::size_t n = 0; n <= 140; ++n) {
    std::vector<T> values(n + kAfter);
    for (T& v : values) v = draw(rng, edge);
    check_takes_count(values, n);
  }
}

TEMPLATE_TEST_CASE("numeric vectors: long runs of whole blocks with one other element far in",
                   "[numeric][bulk][runs]", std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  SIMD_LEVELS();
  // The shuffle kernels write and read runs of blocks in one call: runs much longer than the
  // other tests' vectors, of full-width values (each block of one sign, the sign changing from
  // block to block or not) and of fixints, with one value of another form, or an element of
  // another type, at the start, the middle or the end of the run.
  using T = TestType;
  constexpr std::size_t kN = 8 * 25 + 3;
  Rng rng{sizeof(T) * 31 + std::is_signed_v<T>};
  for (int round = 0; round < 6; ++round) {
    std::vector<T> values(kN);
    const bool fixints = round >= 4;
    for (std::size_t i = 0; i < kN; ++i) {
      const bool negative = std::is_signed_v<T> && round % 2 == 0 && (i / 8) % 3 == 1;
      values[i] = fixints ? static_cast<T>(static_cast<int>(rng.below(128)) - (negative ? 32 : 0))
                          : full_width_value<T>(rng, negative);
    }
    // Another value: a fixint, a uint8 and (signed) a negative fixint in runs of full-width
    // values (the AVX-512 reader takes the first two inside the run), a wider one among fixints.
    std::vector<T> others = {static_cast<T>(1000)};
    if (!fixints) others = {static_cast<T>(5), static_cast<T>(200), static_cast<T>(-5)};
    if (!fixints && !std::is_signed_v<T>) others.pop_back();
    for (const std::size_t k :
         {kN, std::size_t{0}, std::size_t{9}, std::size_t{31}, std::size_t{32}, std::size_t{100},
          std::size_t{195}, std::size_t{201}}) {
      for (const T other : others) {
        std::vector<T> odd = values;
        if (k < kN) odd[k] = other;
        INFO("round " << round << ", other value " << +other << " at " << k);
        check_bytes_and_back(odd);
        // An element of another type at k (nil, an empty map, a one-byte string): the same
        // error as element by element.
        if (k >= kN || other != others.front()) continue;
        std::vector<Bytes> elements;
        for (const T& v : values) elements.push_back(encode(std::vector<T>{v}));
        for (Bytes& e : elements) e.erase(e.begin());  // the fixarray header of one element
        for (const Bytes& wrong : {Bytes{0xc0}, Bytes{0x80}, Bytes{0xa1, 0x61}}) {
          check_wrong_element<T>(elements, k, wrong);
        }
      }
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: long runs of mixed forms between runs of one form",
                   "[numeric][bulk][mixed]", std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t, Code) {
  SIMD_LEVELS();
  // The writers of 32- and 64-bit integers take a run of mixed blocks in stretches that grow
  // while the run lasts (to 256 values at the AVX2 level) and start over after a block of one
  // form: runs of mixed values up to 700 long (past the longest stretch), of fixints and of one
  // value, in any order, each run any length (most not whole blocks), and whole arrays up to
  // 5,600 values: msgpack-c's bytes, within the room the writer is given, and back.
  using T = TestType;
  using U = numeric::raw_t<T>;
  static const std::vector<U> edge = edge_values<U>();
  constexpr std::uint8_t kCanary = 0xa5;
  Rng rng{sizeof(T) * 77 + std::is_signed_v<U> + std::is_enum_v<T>};
  for (int round = 0; round < 10; ++round) {
    std::vector<T> values;
    const std::size_t runs = 1 + rng.below(8);
    for (std::size_t r = 0; r < runs; ++r) {
      const std::size_t kind = r == 0 ? 0 : rng.below(3);  // the first run is mixed
      const std::size_t length = kind == 0 ? rng.below(700) + 1 : rng.below(60) + 1;
      const U one = draw(rng, edge);
      for (std::size_t i = 0; i < length; ++i) {
        const U v = kind == 0 ? draw(rng, edge) : kind == 1 ? static_cast<U>(rng.below(100)) : one;
        values.push_back(static_cast<T>(v));
      }
    }
    const std::size_t n = values.size();
    INFO("round " << round << ", " << n << " values in " << runs << " runs");
    const Bytes bytes = encode(values);
    REQUIRE(Hex{bytes} == expected_bytes(values));
    const std::size_t room = n * msgpack_gen::gen::encode::max_size(T{}) + numeric::kSlack;
    std::vector<std::uint8_t> out(room + 96, kCanary);
    const std::uint8_t* end = numeric::put_numbers(out.data(), values.data(), n, false);
    const std::ptrdiff_t header = n <= 15 ? 1 : n <= 0xffff ? 3 : 5;
    const std::uint8_t* const begin = out.data();
    CHECK(Hex{Bytes(begin, end)} == Hex{Bytes(bytes.begin() + header, bytes.end())});
    CHECK(std::count(out.begin() + static_cast<std::ptrdiff_t>(room), out.end(), kCanary) == 96);
    std::vector<T> back;
    REQUIRE(decode(bytes, back).ok());
    REQUIRE(back.size() == n);
    CHECK(same_values(back.data(), values.data(), n));
  }
}

TEMPLATE_TEST_CASE("numeric vectors: long stretches of mixed forms with a wrong or cut element",
                   "[numeric][bulk][mixed]", std::int8_t, std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t, Level, Code) {
  SIMD_LEVELS();
  // Values of mixed forms element by element: no block takes a run, so the decoder goes through
  // long stretches element by element (with the shuffle kernels, 64 bytes of element sizes at a
  // time). Any form that holds the value is accepted (not only the smallest), and a wrong
  // element, a value out of range or the end of the input anywhere in a stretch is the error
  // decoding element by element gives, at the same offset and "[k]".
  using T = TestType;
  using U = numeric::raw_t<T>;
  constexpr std::size_t kN = 300;
  Rng rng{sizeof(T) * 77 + std::is_signed_v<U>};
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    // The first of the value's forms mostly, now and then (one in 4) any other.
    const std::vector<Bytes> elements = check_mixed_forms<T>(rng, kN, round == 0 ? 0 : 4);
    const Bytes bytes = array_of(elements);
    static const std::vector<Bytes> out_of_range = out_of_range_elements<U>();
    for (std::size_t k = static_cast<std::size_t>(round); k < kN; k += 3) {
      check_wrong_element<T>(elements, k,
                             round == 1 ? out_of_range[k / 3 % out_of_range.size()] : Bytes{0xc0});
    }
    for (std::size_t size = static_cast<std::size_t>(round); size < bytes.size(); size += 3) {
      check_cut<T>(bytes, size);
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: long arrays of mixed forms, read four at a time",
                   "[numeric][bulk][mixed]", std::int8_t, std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t, Level, Code, Octet) {
  SIMD_LEVELS();
  // Long enough for stretches of mixed forms of hundreds of elements, which the AVX2 level reads
  // four elements a step. The values come in their smallest forms, then now
  // and then in any other form that holds them: one the step checks (a signed form of a value
  // >= 0 into an unsigned T, an unsigned form of T's width into a signed T) or leaves to the
  // element walk (a form wider than T). Then a wrong element (another type, a value T does not
  // hold) and the input's end, each at 40 places over the array: the error decoding element by
  // element gives.
  using T = TestType;
  using U = numeric::raw_t<T>;
  constexpr std::size_t kN = 1200;
  Rng rng{sizeof(T) * 91 + 5};
  static const std::vector<Bytes> out_of_range = out_of_range_elements<U>();
  for (int round = 0; round < 2; ++round) {
    INFO("round " << round);
    const std::vector<Bytes> elements = check_mixed_forms<T>(rng, kN, round == 0 ? 0 : 16);
    const Bytes bytes = array_of(elements);
    for (std::size_t trial = 0; trial < 40; ++trial) {
      // The first and last elements, then places anywhere.
      const std::size_t k = trial < 4 ? trial : trial < 8 ? kN - 8 + trial : rng.below(kN);
      check_wrong_element<T>(elements, k,
                             trial % 3 == 0   ? Bytes{0xc0}
                             : trial % 3 == 1 ? out_of_range[trial % out_of_range.size()]
                                              : Bytes{0xa1, 0x61});
    }
    for (std::size_t trial = 0; trial < 40; ++trial) {
      check_cut<T>(bytes, trial < 4 ? bytes.size() - 1 - trial : rng.below(bytes.size()));
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: a wrong marker at every position of a block",
                   "[numeric][bulk][errors]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  using T = TestType;
  // Blocks of fixints, of each fixed-width form, of floats, with a value of another type (nil,
  // bool, str, array, the never-valid 0xc1, map32 0xdf just below the negative fixints) or of
  // another numeric form at position k.
  const std::vector<Bytes> blocks = {{0x05},
                                     {0xfb},
                                     {0xcc, 0x05},
                                     {0xcd, 0x01, 0x02},
                                     {0xce, 0, 0, 1, 2},
                                     {0xcf, 0, 0, 0, 0, 0, 0, 1, 2},
                                     {0xd0, 0xfb},
                                     {0xd1, 0xff, 0x00},
                                     {0xd2, 0xff, 0xff, 0xff, 0},
                                     {0xd3, 0, 0, 0, 0, 0, 0, 0, 9},
                                     {0xca, 0x3f, 0xc0, 0, 0},
                                     {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}};
  const std::vector<Bytes> wrong = {{0xc0},
                                    {0xc3},
                                    {0xa1, 0x41},
                                    {0x91, 0x01},
                                    {0xc1},
                                    {0xcc, 0x05},
                                    {0xd1, 0x00, 0x05},
                                    {0x7f},
                                    {0xe0},
                                    {0xdf, 0, 0, 0, 0},  // map32: the byte below the fixints
                                    {0xcb, 0, 0, 0, 0, 0, 0, 0, 0}};
  // 40 elements: five blocks, so a wrong marker ends a run of blocks at each of its blocks, and
  // within the second and third two-block step of the AVX2 reader of 3-byte forms.
  for (const Bytes& form : blocks) {
    for (const Bytes& bad : wrong) {
      for (std::size_t k = 0; k < 40; ++k) {
        std::vector<Bytes> elements(40, form);
        elements[k] = bad;
        check_like_per_element<T>(array_of(elements));
      }
    }
  }
}

TEMPLATE_TEST_CASE("numeric vectors: long runs of fixints with another element at every position",
                   "[numeric][bulk][errors]", NUMERIC_TYPES, Octet) {
  SIMD_LEVELS();
  using T = TestType;
  // The AVX2 and AVX-512 levels take runs of fixints 32 and 64 at a time. A run of three 64-element
  // steps and 11 more (negative fixints too for a signed type) with, at every position, an element
  // such a step must not take: the bytes either side of the fixints (0x80 a fixmap, 0xdf a map32),
  // negative fixints into an unsigned type, a fixint's value in a wider form, nil; then the run
  // cut short at every length.
  constexpr std::size_t kN = 3 * 64 + 11;
  Rng rng{static_cast<std::uint64_t>(sizeof(T)) * 7 + std::is_signed_v<numeric::raw_t<T>>};
  const bool negatives = std::is_signed_v<numeric::raw_t<T>>;  // float and double too
  std::vector<Bytes> run(kN);
  for (Bytes& e : run) {
    const int value = static_cast<int>(rng.below(negatives ? 160 : 128)) - (negatives ? 32 : 0);
    e = {static_cast<std::uint8_t>(value)};
  }
  const std::vector<Bytes> others = {{0x80},       {0xdf, 0, 0, 0, 0}, {0xe0}, {0xff},
                                     {0xcc, 0x05}, {0xd0, 0x7f},       {0xc0}};
  for (std::size_t k = 0; k < kN; ++k) {
    for (const Bytes& other : others) {
      std::vector<Bytes> elements = run;
      elements[k] = other;
      INFO("element " << k << " is " << test_support::to_hex(other, 8));
      check_like_per_element<T>(array_of(elements));
    }
  }
  const Bytes whole = array_of(run);
  check_like_per_element<T>(whole);
  for (std::size_t size = 1; size < whole.size(); ++size) {
    INFO("cut to " << size << " bytes");
    check_like_per_element<T>(
        Bytes(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size)));
  }
}

TEMPLATE_TEST_CASE(
    "numeric vectors: a block cut at every length is an error, never a read past "
    "the end",
    "[numeric][bulk][errors]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  using T = TestType;
  const std::vector<Bytes> blocks = {{0x05},
                                     {0xcc, 0x05},
                                     {0xcd, 0x01, 0x02},
                                     {0xce, 0, 0, 1, 2},
                                     {0xcf, 0, 0, 0, 0, 0, 0, 1, 2},
                                     {0xd1, 0xff, 0x00},
                                     {0xd2, 0xff, 0xff, 0xff, 0},
                                     {0xd3, 0, 0, 0, 0, 0, 0, 0, 9},
                                     {0xca, 0x3f, 0xc0, 0, 0},
                                     {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}};
  for (const Bytes& form : blocks) {
    const Bytes whole = array_of(std::vector<Bytes>(17, form));
    for (std::size_t size = 0; size < whole.size(); ++size) check_cut<T>(whole, size);
  }
}

// Arrays shorter than a block skip the block tries (decode_short_numbers()): each element that
// is another type, out of range for T or cut short must give the per-element status, path
// included, at every place; 8 and 9 elements are the first lengths with a block.
TEMPLATE_TEST_CASE("numeric vectors shorter than a block: a wrong, cut or out-of-range element",
                   "[numeric][bulk][errors]", NUMERIC_TYPES) {
  SIMD_LEVELS();
  using T = TestType;
  const std::vector<Bytes> forms = {{0x05},
                                    {0xfb},
                                    {0xcc, 0xc8},
                                    {0xcd, 0x01, 0x02},
                                    {0xcf, 0, 0, 0, 0, 0, 0, 1, 2},
                                    {0xd1, 0xff, 0x00},
                                    {0xca, 0x3f, 0xc0, 0, 0}};
  const std::vector<Bytes> wrong = {{0xc0},
                                    {0xa1, 0x41},
                                    {0xcf, 0xff, 0, 0, 0, 0, 0, 0, 0},  // above every int64
                                    {0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0},  // below every uint
                                    {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}};
  for (std::size_t n = 1; n <= 9; ++n) {
    for (const Bytes& form : forms) {
      const Bytes whole = array_of(std::vector<Bytes>(n, form));
      check_like_per_element<T>(whole);
      for (std::size_t size = 0; size < whole.size(); ++size) check_cut<T>(whole, size);
      for (const Bytes& bad : wrong) {
        for (std::size_t k = 0; k < n; ++k) {
          std::vector<Bytes> elements(n, form);
          elements[k] = bad;
          check_like_per_element<T>(array_of(elements));
        }
      }
    }
  }
}

TEST_CASE("numeric vectors: a value out of range in a block is the same error at [k]",
          "[numeric][bulk][errors]") {
  SIMD_LEVELS();
  // 40 elements: the value at k ends a run of blocks at each block, and inside the later steps
  // of the AVX2 readers.
  constexpr std::size_t kN = 40;
  for (std::size_t k = 0; k < kN; ++k) {
    // int16 forms holding values that fit int8, but 300 at k.
    std::vector<Bytes> elements(kN, Bytes{0xd1, 0x00, 0x64});
    elements[k] = Bytes{0xd1, 0x01, 0x2c};
    const Bytes bytes = array_of(elements);
    std::vector<std::int8_t> values;
    const Status status = decode(bytes, values);
    CHECK(status.code() == ErrorCode::out_of_range);
    CHECK(status.path() == "[" + std::to_string(k) + "]");
    CHECK(status.detail() == "value 300 does not fit the field's type");
    CHECK(status.offset() == 3 + 3 * k);  // after the array16 header
    check_like_per_element<std::int8_t>(bytes);

    // uint32 forms into uint16, 70000 at k; int32 forms into uint32, -1 at k.
    std::vector<Bytes> wide(kN, Bytes{0xce, 0, 0, 0, 7});
    wide[k] = Bytes{0xce, 0, 1, 0x11, 0x70};
    std::vector<std::uint16_t> u16;
    const Status s16 = decode(array_of(wide), u16);
    CHECK(s16.detail() == "value 70000 does not fit the field's type");
    CHECK(s16.path() == "[" + std::to_string(k) + "]");
    std::vector<Bytes> negative(kN, Bytes{0xd2, 0, 0, 0, 7});
    negative[k] = Bytes{0xd2, 0xff, 0xff, 0xff, 0xff};
    std::vector<std::uint32_t> u32;
    const Status s32 = decode(array_of(negative), u32);
    CHECK(s32.detail() == "value -1 does not fit the field's type");
    CHECK(s32.path() == "[" + std::to_string(k) + "]");
    // A negative fixint among positive ones, into an unsigned type.
    std::vector<Bytes> fixints(kN, Bytes{0x05});
    fixints[k] = Bytes{0xff};
    std::vector<std::uint64_t> u64;
    const Status sfix = decode(array_of(fixints), u64);
    CHECK(sfix.detail() == "value -1 does not fit the field's type");
    CHECK(sfix.path() == "[" + std::to_string(k) + "]");

    // Forms of the destination's own width but of the other sign, whose values fit but one
    // (the gathers' sign test): uint16 forms into int16, 40000 at k; int16 forms into uint16,
    // -2 at k; uint32 forms into int32, 3000000000 at k; uint64 forms into int64, 2^63 at k;
    // int64 forms into uint64, -1 at k.
    auto one_wrong = [k](Bytes fits, Bytes bad) {
      std::vector<Bytes> items(kN, fits);
      items[k] = bad;
      return array_of(items);
    };
    const std::string at = "[" + std::to_string(k) + "]";
    std::vector<std::int16_t> i16;
    const Status si16 = decode(one_wrong({0xcd, 0x12, 0x34}, {0xcd, 0x9c, 0x40}), i16);
    CHECK(si16.detail() == "value 40000 does not fit the field's type");
    CHECK(si16.path() == at);
    std::vector<std::uint16_t> u16b;
    const Status su16 = decode(one_wrong({0xd1, 0x12, 0x34}, {0xd1, 0xff, 0xfe}), u16b);
    CHECK(su16.detail() == "value -2 does not fit the field's type");
    CHECK(su16.path() == at);
    std::vector<std::int32_t> i32;
    const Status si32 =
        decode(one_wrong({0xce, 0x12, 0x34, 0x56, 0x78}, {0xce, 0xb2, 0xd0, 0x5e, 0x00}), i32);
    CHECK(si32.detail() == "value 3000000000 does not fit the field's type");
    CHECK(si32.path() == at);
    std::vector<std::int64_t> i64;
    const Status si64 =
        decode(one_wrong({0xcf, 0, 0, 0, 1, 0, 0, 0, 0}, {0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0}), i64);
    CHECK(si64.detail() == "value 9223372036854775808 does not fit the field's type");
    CHECK(si64.path() == at);
    std::vector<std::uint64_t> u64b;
    const Status su64 = decode(one_wrong({0xd3, 0, 0, 0, 1, 0, 0, 0, 0},
                                         {0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}),
                               u64b);
    CHECK(su64.detail() == "value -1 does not fit the field's type");
    CHECK(su64.path() == at);
  }
}

TEST_CASE("numeric vectors: the allocation limit and reuse are as before", "[numeric][bulk]") {
  SIMD_LEVELS();
  const std::vector<std::uint32_t> values(100, 70000);
  const Bytes bytes = encode(values);
  msgpack_gen::ReaderOptions options;
  options.max_allocation = 100 * sizeof(std::uint32_t) - 1;
  std::vector<std::uint32_t> fresh;
  const Status status = decode(bytes, fresh, options);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  options.max_allocation = 100 * sizeof(std::uint32_t);
  CHECK(decode(bytes, fresh, options).ok());
  // Decoding into a vector with the capacity allocates nothing, so a zero budget passes.
  options.max_allocation = 0;
  CHECK(decode(bytes, fresh, options).ok());
  CHECK(fresh == values);
}

TEST_CASE("numeric vectors: the SIMD level is the CPU's unless a test forces one",
          "[numeric][bulk][simd]") {
  // The tests above run each level in simd_levels(): on an x86-64 build with GCC or Clang and a
  // CPU with SSSE3 that must include the SSSE3 kernels, with AVX2 too the AVX2 ones (but with
  // MinGW-w64 GCC, which has none), with AVX-512 (VBMI, VBMI2, CD) the kernels of 8 at a
  // time, on aarch64 the NEON shuffle kernels, or they would go untested silently.
#if defined(MSGPACK_GEN_NUMERIC_X86)
  const bool cpu_ssse3 = __builtin_cpu_supports("ssse3") != 0;
#if defined(MSGPACK_GEN_NUMERIC_WIDE)
  const bool cpu_avx2 = __builtin_cpu_supports("avx2") != 0;
#else
  const bool cpu_avx2 = false;
#endif
#if defined(MSGPACK_GEN_NUMERIC_VBMI)
  const bool cpu_vbmi =
      __builtin_cpu_supports("avx512vbmi") != 0 && __builtin_cpu_supports("avx512vbmi2") != 0 &&
      __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512vl") != 0 &&
      __builtin_cpu_supports("avx512cd") != 0;
#else
  const bool cpu_vbmi = false;
#endif
  const numeric::Simd expected = cpu_vbmi    ? numeric::Simd::vbmi
                                 : cpu_avx2  ? numeric::Simd::wide
                                 : cpu_ssse3 ? numeric::Simd::shuffles
                                             : numeric::Simd::base;
  CHECK(numeric::detected_simd() == expected);
  CHECK(simd_levels().size() == static_cast<std::size_t>(expected) + 1);
#elif defined(MSGPACK_GEN_NUMERIC_NEON)
  // aarch64 (little-endian): NEON is always there, so both levels run.
  CHECK(numeric::detected_simd() == numeric::Simd::shuffles);
  CHECK(simd_levels().size() == 2u);
#else
  CHECK(numeric::detected_simd() == numeric::Simd::base);
  CHECK(simd_levels().size() == 1u);
#endif
  CHECK(numeric::simd_level() == numeric::detected_simd());
  {
    const ForcedSimd forced(0);
    CHECK(numeric::simd_level() == numeric::Simd::base);
  }
  CHECK(numeric::simd_override == -1);
  CHECK(numeric::simd_level() == numeric::detected_simd());
}
