// What the msgpack-c compatibility tests share: random values over the full ranges (with every
// msgpack format boundary), and the checks that run on each value:
//   (a) msgpack::pack and msgpack_gen::marshal write the same bytes;
//   (b) msgpack-c decodes our bytes, and packs what it decoded into the same bytes again;
//   (c) msgpack_gen::unmarshal decodes msgpack-c's bytes, and both libraries re-encode the
//       result into the same bytes again;
//   (d) broken input (every prefix, byte mutations, the other container type) gives a false
//       Status and never crashes.
// Values are compared through their bytes, so classes with private members need no operator==.
// Decoding goes into the object the previous value was decoded into, so stale vectors, maps,
// optionals and C arrays must be overwritten completely.
#pragma once

#include <catch2/catch.hpp>

#include <msgpack.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <msgpack_gen/msgpack_gen.hpp>

#include "../support/bytes.hpp"  // test_support::to_hex

namespace compat {

using Bytes = std::string;

// ---- Random values ------------------------------------------------------------------------------

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}

  std::mt19937& rng() { return rng_; }

  // Called before each top-level value. One value in four may hold empty char[N] strings
  // (msgpack-c cannot decode those, see check_value), so most values go through both decoders.
  void start_value() {
    empty_c_string_ = false;
    allow_empty_c_string_ = one_in(4);
  }
  // Whether the value holds a char[N] that starts with NUL (an empty str on the wire).
  bool made_empty_c_string() const { return empty_c_string_; }

  std::size_t below(std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }
  bool one_in(std::size_t n) { return below(n) == 0; }

  // How many elements a container gets: 0..max, 0 and max a little more often.
  std::size_t count(std::size_t max = 20) {
    switch (below(8)) {
      case 0:
        return 0;
      case 1:
        return max;
      default:
        return below(max + 1);
    }
  }

  // An integer of type I: a msgpack format boundary (fixint, 8/16/32/64 bits, each side, +-1),
  // a value of a random bit width, or uniform over the whole range.
  template <class I>
  I integer() {
    static_assert(std::is_integral_v<I>);
    if constexpr (std::is_same_v<I, bool>) {
      return below(2) == 1;
    } else {
      using Wide = __int128;
      constexpr Wide lo = std::numeric_limits<I>::min();
      constexpr Wide hi = std::numeric_limits<I>::max();
      switch (below(3)) {
        case 0: {
          static const Wide kBoundaries[] = {0,
                                             1,
                                             31,
                                             32,
                                             127,
                                             128,
                                             255,
                                             256,
                                             32767,
                                             32768,
                                             65535,
                                             65536,
                                             Wide(INT32_MAX),
                                             Wide(INT32_MAX) + 1,
                                             Wide(UINT32_MAX),
                                             Wide(UINT32_MAX) + 1,
                                             Wide(INT64_MAX),
                                             Wide(UINT64_MAX),
                                             -1,
                                             -31,
                                             -32,
                                             -33,
                                             -127,
                                             -128,
                                             -129,
                                             -255,
                                             -32767,
                                             -32768,
                                             -32769,
                                             Wide(INT32_MIN),
                                             Wide(INT32_MIN) - 1,
                                             Wide(INT64_MIN)};
          Wide v = kBoundaries[below(std::size(kBoundaries))] + Wide(below(3)) - 1;
          if (v < lo || v > hi) v = below(2) == 0 ? lo : hi;
          return static_cast<I>(v);
        }
        case 1: {
          constexpr int digits = std::numeric_limits<I>::digits;
          const int bits = static_cast<int>(below(digits + 1));
          std::uint64_t raw = bits == 0 ? 0 : bits64() >> (64 - bits);
          Wide v = raw;
          if (std::is_signed_v<I> && below(2) == 0) v = -v - 1;
          return static_cast<I>(v);
        }
        default: {
          std::uint64_t raw = bits64();
          I v;
          std::memcpy(&v, &raw, sizeof v);  // little-endian: the low bytes, all patterns
          return v;
        }
      }
    }
  }

  // A float or double: fractional values of every magnitude, integral values (which msgpack-c
  // writes as integers) up to and past the 64-bit range, zeros of both signs, infinities, NaN,
  // extremes and denormals.
  template <class F>
  F floating() {
    static_assert(std::is_floating_point_v<F>);
    using L = std::numeric_limits<F>;
    switch (below(4)) {
      case 0: {  // fractional or huge, every exponent
        const int max_exp = L::max_exponent - 1;
        const int min_exp = L::min_exponent - L::digits;
        const int e =
            min_exp + static_cast<int>(below(static_cast<std::size_t>(max_exp - min_exp)));
        F mantissa = std::uniform_real_distribution<F>(F(1), F(2))(rng_);
        F v = std::ldexp(mantissa, e);
        return below(2) == 0 ? v : -v;
      }
      case 1: {  // small values with a fraction: -1000.x .. 1000.x
        return static_cast<F>(static_cast<double>(integer<std::int16_t>() % 1000) +
                              static_cast<double>(below(1000) + 1) / 1024.0);
      }
      case 2: {  // integral: msgpack-c 4.1.3 writes these as integers
        F v = static_cast<F>(below(2) == 0 ? static_cast<double>(integer<std::int64_t>())
                                           : static_cast<double>(integer<std::uint32_t>()));
        return avoid_two_to_the_64(v);
      }
      default: {
        static const double kSpecial[] = {0.0,
                                          -0.0,
                                          1.0,
                                          -1.0,
                                          0.5,
                                          -0.5,
                                          127.0,
                                          128.0,
                                          -32.0,
                                          -33.0,
                                          255.0,
                                          65536.0,
                                          4294967296.0,
                                          -2147483649.0,
                                          9007199254740992.0,
                                          9007199254740993.0,
                                          9223372036854775808.0,
                                          -9223372036854775808.0,
                                          1e19,
                                          -1e19,
                                          1e30,
                                          -1e30,
                                          16777217.0};
        switch (below(7)) {
          case 0:
            return L::quiet_NaN();
          case 1:
            return L::infinity();
          case 2:
            return -L::infinity();
          case 3:
            return below(2) == 0 ? L::max() : L::lowest();
          case 4:
            return below(2) == 0 ? L::min() : L::denorm_min();
          default:
            return avoid_two_to_the_64(static_cast<F>(kSpecial[below(std::size(kSpecial))]));
        }
      }
    }
  }

  // A string: empty, fixstr (< 32), str8 (32..255), str16 (>= 256) and rarely str32
  // (>= 65536), of arbitrary bytes (NUL included: std::string keeps them).
  std::string text() {
    std::size_t size;
    switch (below(8)) {
      case 0:
        size = 0;
        break;
      case 1:
        size = below(32);
        break;
      case 2:
      case 3:
        size = below(12);
        break;
      case 4:
        size = 32 + below(224);
        break;
      case 5:
        size = 256 + below(100);
        break;
      case 6: {
        static const std::size_t kBoundaries[] = {31, 32, 255, 256, 65535};
        size = kBoundaries[below(std::size(kBoundaries))];
        break;
      }
      default:
        size = one_in(50) ? 65536 + below(3) : below(64);
        break;
    }
    std::string s(size, '\0');
    for (char& c : s) c = static_cast<char>(below(256));
    return s;
  }

  // A short key for maps: a few characters, so keys collide sometimes.
  std::string key() {
    std::string s(1 + below(4), '\0');
    for (char& c : s) c = static_cast<char>('a' + below(6));
    return s;
  }

  // A char[N]: empty (NUL first), shorter with a NUL (and anything after it), or full with no NUL.
  template <std::size_t N>
  void c_string(char (&out)[N]) {
    for (char& c : out) c = static_cast<char>(below(256));
    switch (allow_empty_c_string_ ? below(8) : 1 + below(7)) {
      case 0:
        out[0] = '\0';
        empty_c_string_ = true;
        break;
      case 1:
      case 2:  // full: no NUL at all
        for (char& c : out)
          if (c == '\0') c = 'x';
        break;
      default: {
        const std::size_t nul = allow_empty_c_string_ ? below(N) : 1 + below(N - 1);
        for (std::size_t i = 0; i < nul; ++i)
          if (out[i] == '\0') out[i] = 'y';
        out[nul] = '\0';
        if (nul == 0) empty_c_string_ = true;
      }
    }
  }

  template <std::size_t N>
  void bytes(unsigned char (&out)[N]) {
    for (unsigned char& b : out) b = static_cast<unsigned char>(below(256));
  }

  std::vector<std::uint8_t> byte_vector() {
    std::vector<std::uint8_t> v(one_in(40) ? 256 + below(300) : count(40));
    for (std::uint8_t& b : v) b = static_cast<std::uint8_t>(below(256));
    return v;
  }

  template <class T, class Make>
  std::vector<T> vector_of(Make make, std::size_t max = 20) {
    std::vector<T> v(count(max));
    for (T& item : v) item = make();
    return v;
  }

  template <class T, class Make>
  std::map<std::string, T> map_of(Make make, std::size_t max = 20) {
    std::map<std::string, T> m;
    const std::size_t n = count(max);
    for (std::size_t i = 0; i < n; ++i) m[below(4) == 0 ? text() : key()] = make();
    return m;
  }

  template <class T, class Make>
  std::optional<T> optional_of(Make make) {
    if (below(3) == 0) return std::nullopt;
    return make();
  }

 private:
  std::uint64_t bits64() {
    return (static_cast<std::uint64_t>(rng_()) << 32) | static_cast<std::uint64_t>(rng_());
  }

  // msgpack-c 4.1.3's packer::pack_float/pack_double test `d <= float(UINT64_MAX)`, which is
  // 2^64 after rounding, and then convert 2^64 itself to uint64_t: undefined behaviour (UBSan
  // reports it). So 2^64 exactly is never fed to msgpack-c; every other value is.
  template <class F>
  static F avoid_two_to_the_64(F v) {
    return std::fabs(v) == F(18446744073709551616.0) ? v / 2 : v;
  }

  std::mt19937 rng_;
  bool empty_c_string_ = false;
  bool allow_empty_c_string_ = false;
};

// ---- Encoding with either library ---------------------------------------------------------------

template <class T>
Bytes ours(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return Bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

template <class T>
Bytes theirs(const T& value) {
  msgpack::sbuffer buffer;
  msgpack::pack(buffer, value);
  return Bytes(buffer.data(), buffer.size());
}

// "first difference at byte 12 of 40 / 41: ours ... | theirs ...", with the bytes around it.
inline std::string describe_difference(const char* left_name, const Bytes& left,
                                       const char* right_name, const Bytes& right) {
  std::size_t at = 0;
  while (at < left.size() && at < right.size() && left[at] == right[at]) ++at;
  const std::size_t from = at < 8 ? 0 : at - 8;
  auto window = [&](const Bytes& bytes) {
    const std::size_t end = std::min(bytes.size(), from + 40);
    const std::size_t begin = std::min(from, bytes.size());
    const std::string_view part = std::string_view(bytes).substr(begin, end - begin);
    return "[" + test_support::to_hex(part) + (end < bytes.size() ? " ...]" : "]");
  };
  return "first difference at byte " + std::to_string(at) + " (sizes " +
         std::to_string(left.size()) + " / " + std::to_string(right.size()) + "), bytes from " +
         std::to_string(from) + ":\n  " + left_name + ": " + window(left) + "\n  " + right_name +
         ": " + window(right) + "\n  " + left_name +
         " in full: " + test_support::to_hex(left, test_support::kShownBytes) + "\n  " +
         right_name + " in full: " + test_support::to_hex(right, test_support::kShownBytes);
}

// ---- The checks ---------------------------------------------------------------------------------

struct Counts {
  int values = 0;
  int same_bytes = 0;            // (a)
  int decoded_by_msgpack_c = 0;  // (b)
  int decoded_by_us = 0;         // (c)
  int rejected_prefixes = 0;     // (d)
  int rejected_wrong_container = 0;
  int mutations_survived = 0;
};

// Fails the test case with the value's index and both byte strings when they differ.
#define COMPAT_REQUIRE_SAME(what, left_name, left, right_name, right)                  \
  do {                                                                                 \
    if ((left) != (right)) {                                                           \
      FAIL(what << " (value #" << index << ")\n"                                       \
                << ::compat::describe_difference(left_name, left, right_name, right)); \
    }                                                                                  \
  } while (0)

// (a), (b), (c) for one value. `msgpack_c_dst` and `our_dst` are the objects the previous value
// was decoded into.
template <class T>
void check_value(const T& value, T& msgpack_c_dst, T& our_dst, bool msgpack_c_may_decode, int index,
                 Counts& counts) {
  ++counts.values;
  const Bytes mine = ours(value);
  const Bytes peer = theirs(value);
  // (a) the same bytes
  COMPAT_REQUIRE_SAME("msgpack_gen::marshal and msgpack::pack differ", "msgpack-gen", mine,
                      "msgpack-c", peer);
  ++counts.same_bytes;

  // (b) msgpack-c decodes our bytes and packs the same bytes again. Not for a value holding an
  // empty char[N]: msgpack-c 4.1.3 converts an empty str into char[N] with memcpy from a null
  // pointer (undefined behaviour, reported by UBSan); it is still encoded and decoded above and
  // below.
  if (msgpack_c_may_decode) {
    try {
      msgpack::object_handle handle = msgpack::unpack(mine.data(), mine.size());
      handle.get().convert(msgpack_c_dst);
    } catch (const std::exception& e) {
      FAIL("msgpack-c cannot decode what msgpack-gen wrote (value #"
           << index << "): " << e.what()
           << "\n  bytes: " << test_support::to_hex(mine, test_support::kShownBytes));
    }
    COMPAT_REQUIRE_SAME("msgpack-c decoded our bytes into a different value", "re-packed",
                        theirs(msgpack_c_dst), "original", mine);
    ++counts.decoded_by_msgpack_c;
  }

  // (c) we decode msgpack-c's bytes; both libraries re-encode them unchanged.
  const msgpack_gen::Status status = msgpack_gen::unmarshal(peer.data(), peer.size(), our_dst);
  if (!status) {
    FAIL("msgpack_gen::unmarshal rejects msgpack-c's bytes (value #"
         << index << "): " << status.message()
         << "\n  bytes: " << test_support::to_hex(peer, test_support::kShownBytes));
  }
  COMPAT_REQUIRE_SAME("msgpack-gen decoded msgpack-c's bytes into a different value",
                      "re-marshalled", ours(our_dst), "original", peer);
  COMPAT_REQUIRE_SAME("msgpack-gen decoded msgpack-c's bytes into a different value",
                      "msgpack-c's packing of it", theirs(our_dst), "original", peer);
  ++counts.decoded_by_us;
}

// The same bytes with the outer container's type swapped: a map of n pairs becomes an array of
// 2n elements, an array of n elements a map of n/2 pairs (a nil appended when n is odd).
inline Bytes swap_outer_container(const Bytes& bytes) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(bytes[i]); };
  std::uint32_t n = 0;
  std::size_t header = 1;
  bool is_map = false;
  const std::uint8_t first = byte(0);
  if ((first & 0xf0) == 0x80) {
    is_map = true, n = first & 0x0f;
  } else if ((first & 0xf0) == 0x90) {
    n = first & 0x0f;
  } else if (first == 0xde || first == 0xdc) {
    is_map = first == 0xde, n = (byte(1) << 8) | byte(2), header = 3;
  } else {
    FAIL("not a fixmap/fixarray/map16/array16 at the top: " << int(first));
  }
  Bytes body = bytes.substr(header);
  std::uint32_t m = 0;
  Bytes out;
  if (is_map) {
    m = 2 * n;
    if (m < 16) {
      out += static_cast<char>(0x90 | m);
    } else {
      out += '\xdc', out += static_cast<char>(m >> 8), out += static_cast<char>(m & 0xff);
    }
  } else {
    if (n % 2 == 1) body += '\xc0', ++n;
    m = n / 2;
    if (m < 16) {
      out += static_cast<char>(0x80 | m);
    } else {
      out += '\xde', out += static_cast<char>(m >> 8), out += static_cast<char>(m & 0xff);
    }
  }
  return out + body;
}

template <class T>
bool msgpack_c_rejects(const Bytes& bytes) {
  try {
    msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    T value{};
    handle.get().convert(value);
    return false;
  } catch (const std::exception&) {
    return true;
  }
}

// (d) broken input for one value: prefixes (all of them for the first values, some later),
// single-byte mutations (no crash, and a decoded value re-encodes), and the other container
// type at the top (both libraries reject it).
template <class T>
void check_broken_input(const T& value, int index, Gen& gen, Counts& counts) {
  const Bytes mine = ours(value);
  T scratch{};
  // Every prefix of small values (early ones, or short ones); about 32 cuts of the others.
  const bool all_prefixes = mine.size() <= 64 || (index < 100 && mine.size() <= 1024);
  for (std::size_t cut = 0; cut < mine.size(); ++cut) {
    if (!all_prefixes && !gen.one_in(mine.size() / 32)) continue;
    const msgpack_gen::Status status = msgpack_gen::unmarshal(mine.data(), cut, scratch);
    if (status) {
      FAIL("msgpack_gen::unmarshal accepts the first "
           << cut << " of " << mine.size() << " bytes (value #" << index
           << "): " << test_support::to_hex(mine, test_support::kShownBytes));
    }
    ++counts.rejected_prefixes;
  }
  for (int i = 0; i < 4; ++i) {
    Bytes mutated = mine;
    mutated[gen.below(mutated.size())] = static_cast<char>(gen.below(256));
    if (msgpack_gen::unmarshal(mutated.data(), mutated.size(), scratch)) (void)ours(scratch);
    ++counts.mutations_survived;
  }
  const Bytes swapped = swap_outer_container(mine);
  const msgpack_gen::Status status =
      msgpack_gen::unmarshal(swapped.data(), swapped.size(), scratch);
  if (status || status.code() != msgpack_gen::ErrorCode::type_mismatch) {
    FAIL(
        "msgpack_gen::unmarshal should reject the other container type with type_mismatch "
        "(value #"
        << index << "): " << status.message()
        << "\n  bytes: " << test_support::to_hex(swapped, test_support::kShownBytes));
  }
  if (!msgpack_c_rejects<T>(swapped)) FAIL("msgpack-c accepts the other container type");
  ++counts.rejected_wrong_container;
}

// Runs (a)-(d) on `count` values made by `make(gen)` from the seed, and prints what was checked.
template <class T, class Make>
Counts run_corpus(const char* name, std::uint32_t seed, int count, Make make) {
  Gen gen(seed);
  T msgpack_c_dst{};
  T our_dst{};
  Counts counts;
  for (int index = 0; index < count; ++index) {
    gen.start_value();
    const T value = make(gen);
    check_value(value, msgpack_c_dst, our_dst, !gen.made_empty_c_string(), index, counts);
    check_broken_input(value, index, gen, counts);
  }
  CHECK(counts.same_bytes == count);
  CHECK(counts.decoded_by_us == count);
  // Three values in four have no empty char[N]: msgpack-c decodes at least those.
  CHECK(counts.decoded_by_msgpack_c >= count / 2);
  CHECK(counts.rejected_wrong_container == count);
  WARN(name << ": " << counts.values << " values; same bytes " << counts.same_bytes
            << ", decoded by msgpack-c " << counts.decoded_by_msgpack_c << ", decoded by us "
            << counts.decoded_by_us << "; rejected: " << counts.rejected_prefixes << " prefixes, "
            << counts.rejected_wrong_container << " wrong containers; " << counts.mutations_survived
            << " mutations decoded without a crash");
  return counts;
}

// Packs with msgpack-c's packer, for hand-made (often invalid) input.
template <class Build>
Bytes packed(Build build) {
  msgpack::sbuffer buffer;
  msgpack::packer<msgpack::sbuffer> packer(buffer);
  build(packer);
  return Bytes(buffer.data(), buffer.size());
}

}  // namespace compat
