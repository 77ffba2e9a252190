// The writer against msgpack-c: byte-for-byte the same output for every type both support, and
// the canonical encodings the msgpack spec prescribes.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "test_support.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::Writer;
using test_support::Bytes;
using test_support::hex;
using test_support::Hex;
using test_support::ours;
using test_support::theirs;

namespace {

// Every width/sign boundary of the msgpack integer formats.
const std::vector<std::uint64_t> kNonNegativeBoundaries = {
    0,
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
    2147483647u,
    2147483648u,
    4294967295u,
    4294967296u,
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()),
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1,
    std::numeric_limits<std::uint64_t>::max(),
};
const std::vector<std::int64_t> kNegativeBoundaries = {
    -1,
    -32,
    -33,
    -127,
    -128,
    -129,
    -32767,
    -32768,
    -32769,
    static_cast<std::int64_t>(std::numeric_limits<std::int32_t>::min()),
    static_cast<std::int64_t>(std::numeric_limits<std::int32_t>::min()) - 1,
    std::numeric_limits<std::int64_t>::min() + 1,
    std::numeric_limits<std::int64_t>::min(),
};

// The boundaries that type T can hold, plus its own minimum and maximum.
template <class T>
std::vector<T> boundaries_of() {
  std::vector<T> values = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max()};
  for (std::uint64_t v : kNonNegativeBoundaries) {
    if (v <= static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
      values.push_back(static_cast<T>(v));
    }
  }
  if constexpr (std::is_signed_v<T>) {
    for (std::int64_t v : kNegativeBoundaries) {
      if (v >= static_cast<std::int64_t>(std::numeric_limits<T>::min())) {
        values.push_back(static_cast<T>(v));
      }
    }
  }
  return values;
}

}  // namespace

TEMPLATE_TEST_CASE("integers encode exactly as msgpack-c encodes them", "[writer][int]",
                   std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t) {
  const std::vector<TestType> values = boundaries_of<TestType>();
  REQUIRE(values.size() >= 6);
  for (TestType value : values) {
    INFO("value " << +value);
    CHECK(ours(value) == theirs(value));
  }
}

TEST_CASE("integers use the smallest encoding the spec allows", "[writer][int]") {
  // Expected bytes from the msgpack spec, independent of msgpack-c.
  CHECK(ours(std::uint64_t{0}) == hex({0x00}));
  CHECK(ours(std::uint64_t{127}) == hex({0x7f}));
  CHECK(ours(std::uint64_t{128}) == hex({0xcc, 0x80}));
  CHECK(ours(std::uint64_t{255}) == hex({0xcc, 0xff}));
  CHECK(ours(std::uint64_t{256}) == hex({0xcd, 0x01, 0x00}));
  CHECK(ours(std::uint64_t{65535}) == hex({0xcd, 0xff, 0xff}));
  CHECK(ours(std::uint64_t{65536}) == hex({0xce, 0x00, 0x01, 0x00, 0x00}));
  CHECK(ours(std::uint64_t{4294967295u}) == hex({0xce, 0xff, 0xff, 0xff, 0xff}));
  CHECK(ours(std::uint64_t{4294967296u}) ==
        hex({0xcf, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00}));
  CHECK(ours(std::numeric_limits<std::uint64_t>::max()) ==
        hex({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
  // Non-negative signed values take the unsigned forms.
  CHECK(ours(std::int64_t{200}) == hex({0xcc, 0xc8}));
  CHECK(ours(std::int16_t{32767}) == hex({0xcd, 0x7f, 0xff}));
  CHECK(ours(std::int64_t{-1}) == hex({0xff}));
  CHECK(ours(std::int64_t{-32}) == hex({0xe0}));
  CHECK(ours(std::int64_t{-33}) == hex({0xd0, 0xdf}));
  CHECK(ours(std::int64_t{-128}) == hex({0xd0, 0x80}));
  CHECK(ours(std::int64_t{-129}) == hex({0xd1, 0xff, 0x7f}));
  CHECK(ours(std::int64_t{-32768}) == hex({0xd1, 0x80, 0x00}));
  CHECK(ours(std::int64_t{-32769}) == hex({0xd2, 0xff, 0xff, 0x7f, 0xff}));
  CHECK(ours(std::int64_t{std::numeric_limits<std::int32_t>::min()}) ==
        hex({0xd2, 0x80, 0x00, 0x00, 0x00}));
  CHECK(ours(std::int64_t{std::numeric_limits<std::int32_t>::min()} - 1) ==
        hex({0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff}));
  CHECK(ours(std::numeric_limits<std::int64_t>::min()) ==
        hex({0xd3, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}));
}

TEST_CASE("char types and enums encode as integers", "[writer][int]") {
  CHECK(ours(static_cast<signed char>(-100)) == theirs(static_cast<signed char>(-100)));
  CHECK(ours(static_cast<unsigned char>(200)) == theirs(static_cast<unsigned char>(200)));
  enum class Color : std::int16_t { red = -300, green = 7 };
  CHECK(ours(Color::red) == ours(std::int16_t{-300}));
  CHECK(ours(Color::green) == hex({0x07}));
  enum Plain { kZero, kOne };
  CHECK(ours(kOne) == hex({0x01}));
}

TEST_CASE("bool and nil encode as msgpack-c encodes them", "[writer]") {
  CHECK(ours(true) == theirs(true));
  CHECK(ours(false) == theirs(false));
  CHECK(ours(true) == hex({0xc3}));
  CHECK(ours(false) == hex({0xc2}));
  const std::optional<int> none;
  CHECK(ours(none) == theirs(none));
  CHECK(ours(none) == hex({0xc0}));
  CHECK(ours(std::optional<int>(-5)) == theirs(std::optional<int>(-5)));
  CHECK(ours(std::optional<std::string>("x")) == theirs(std::optional<std::string>("x")));
}

TEST_CASE("non-integral floats encode exactly as msgpack-c encodes them", "[writer][float]") {
  const std::vector<float> floats = {0.5f,
                                     -0.1f,
                                     3.25f,
                                     1e-30f,
                                     -1e-45f,
                                     std::numeric_limits<float>::min(),
                                     std::numeric_limits<float>::denorm_min(),
                                     std::numeric_limits<float>::infinity(),
                                     -std::numeric_limits<float>::infinity(),
                                     std::numeric_limits<float>::quiet_NaN()};
  for (float value : floats) {
    INFO("float " << value);
    CHECK(ours(value) == theirs(value));
    CHECK(ours(value).bytes.size() == 5);
    CHECK(ours(value).bytes[0] == 0xca);
  }
  const std::vector<double> doubles = {0.5,
                                       -0.1,
                                       3.141592653589793,
                                       1e-300,
                                       -2.5e-308,
                                       std::numeric_limits<double>::denorm_min(),
                                       std::numeric_limits<double>::infinity(),
                                       -std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::quiet_NaN()};
  for (double value : doubles) {
    INFO("double " << value);
    CHECK(ours(value) == theirs(value));
    CHECK(ours(value).bytes.size() == 9);
    CHECK(ours(value).bytes[0] == 0xcb);
  }
  // Spec bytes: 1.5 is 0x3ff8000000000000 as a double and 0x3fc00000 as a float.
  CHECK(ours(1.5) == hex({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}));
  CHECK(ours(1.5f) == hex({0xca, 0x3f, 0xc0, 0, 0}));
}

TEST_CASE("integral floats: msgpack-c writes an integer, msgpack-gen keeps the float type",
          "[writer][float][difference]") {
  // A documented difference: msgpack-c 4.x packs a float whose value is integral as an integer;
  // msgpack-gen always writes float32/float64 so that the receiver sees the declared type.
  CHECK(theirs(3.0) == hex({0x03}));
  CHECK(ours(3.0) == hex({0xcb, 0x40, 0x08, 0, 0, 0, 0, 0, 0}));
  CHECK(theirs(-2.0f) == hex({0xfe}));
  CHECK(ours(-2.0f) == hex({0xca, 0xc0, 0x00, 0x00, 0x00}));
  // The same rule makes msgpack-c lose the sign of -0.0; msgpack-gen keeps it.
  CHECK(theirs(-0.0) == hex({0x00}));
  CHECK(ours(-0.0) == hex({0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0}));
}

TEMPLATE_TEST_CASE("msgpack-c's float form: integral or not at every exponent and fraction bit",
                   "[writer][float]", float, double) {
  // gen::encode::float_as_msgpack_c(), which structs laid out by msgpack-c macros write with,
  // tells an integral value from its exponent and the mantissa bits below the binary point.
  // Each exponent from below 1 to past 2^64, both signs, with no mantissa bit set, each single
  // bit, and all bits: the bytes are msgpack-c's. Not +-2^64 itself: msgpack-c converts it to
  // uint64_t, which is undefined behaviour (test_numeric_blocks.cpp says more).
  using F = TestType;
  using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr int kMantissaBits = std::numeric_limits<F>::digits - 1;
  constexpr int kBias = std::numeric_limits<F>::max_exponent - 1;
  std::vector<Bits> mantissas = {0, (Bits{1} << kMantissaBits) - 1};
  for (int bit = 0; bit < kMantissaBits; ++bit) mantissas.push_back(Bits{1} << bit);
  int checked = 0;
  for (const Bits sign : {Bits{0}, Bits{1} << (sizeof(F) * 8 - 1)}) {
    for (int exponent = -3; exponent <= 66; ++exponent) {
      for (const Bits mantissa : mantissas) {
        const Bits bits = sign | (static_cast<Bits>(exponent + kBias) << kMantissaBits) | mantissa;
        F value;
        std::memcpy(&value, &bits, sizeof value);
        if (std::fabs(value) == F(18446744073709551616.0)) continue;
        std::uint8_t out[9];
        std::uint8_t* end = msgpack_gen::gen::encode::float_as_msgpack_c(out, value);
        INFO("value " << value << ", exponent " << exponent << ", mantissa " << mantissa);
        CHECK(Hex{Bytes(out + 0, end)} == theirs(value));
        ++checked;
      }
    }
  }
  // Zeros, denormals, infinities and NaN.
  for (const F value : {F(0), F(-0.0), std::numeric_limits<F>::denorm_min(),
                        -std::numeric_limits<F>::denorm_min(), std::numeric_limits<F>::infinity(),
                        -std::numeric_limits<F>::infinity(), std::numeric_limits<F>::quiet_NaN()}) {
    std::uint8_t out[9];
    std::uint8_t* end = msgpack_gen::gen::encode::float_as_msgpack_c(out, value);
    INFO("value " << value);
    CHECK(Hex{Bytes(out + 0, end)} == theirs(value));
  }
  CHECK(checked == 2 * 70 * (kMantissaBits + 2) - 2);
}

TEST_CASE("strings of every header size encode as msgpack-c encodes them", "[writer][str]") {
  // 0..31: fixstr; 32..255: str8; 256..65535: str16; 65536..: str32.
  const std::vector<std::pair<std::size_t, std::uint8_t>> cases = {
      {0, 0xa0},   {1, 0xa1},   {31, 0xbf},    {32, 0xd9},
      {255, 0xd9}, {256, 0xda}, {65535, 0xda}, {65536, 0xdb},
  };
  for (const auto& [length, marker] : cases) {
    INFO("length " << length);
    std::string text(length, 'x');
    for (std::size_t i = 0; i < length; ++i) text[i] = static_cast<char>('a' + i % 26);
    const Hex encoded = ours(text);
    CHECK(encoded == theirs(text));
    REQUIRE(!encoded.bytes.empty());
    CHECK(encoded.bytes[0] == marker);
    CHECK(ours(std::string_view(text)) == encoded);
  }
}

// Payloads up to 32 bytes are copied inline by width class (detail::copy_payload): every length
// on both sides of each class boundary, at every alignment, must copy exactly its own bytes.
TEST_CASE("short payloads copy exactly their bytes at every length and alignment",
          "[writer][str]") {
  for (std::size_t n = 0; n <= 70; ++n) {
    for (std::size_t align = 0; align < 16; ++align) {
      INFO("length " << n << ", offset " << align);
      std::uint8_t source[128];
      std::uint8_t target[128];
      for (std::size_t i = 0; i < sizeof source; ++i) {
        source[i] = static_cast<std::uint8_t>(i * 37 + 11);
      }
      std::memset(target, 0xee, sizeof target);
      msgpack_gen::detail::copy_payload(target + 16 + align, source + align, n);
      for (std::size_t i = 0; i < sizeof target; ++i) {
        const bool inside = i >= 16 + align && i < 16 + align + n;
        const std::uint8_t expected = inside ? source[i - 16] : std::uint8_t{0xee};
        if (target[i] != expected) FAIL("byte " << i << " is " << int{target[i]});
      }
    }
  }
  msgpack_gen::detail::copy_payload(nullptr, nullptr, 0);  // an empty view's data() may be null
}

TEST_CASE("strings of every short length encode as msgpack-c encodes them", "[writer][str]") {
  // Each path that writes a string: the Writer (a string value), the bounded writes (map
  // entries and vectors of strings after one capacity check), bin from byte vectors.
  for (std::size_t n = 0; n <= 70; ++n) {
    INFO("length " << n);
    std::string text(n, '\0');
    for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('A' + (i * 7) % 58);
    CHECK(ours(text) == theirs(text));
    CHECK(ours(std::string_view(text)) == theirs(text));
    const std::map<std::string, bool> entry = {{text, true}, {text + "!", false}};
    CHECK(ours(entry) == theirs(entry));
    const std::vector<std::string> list = {text, "x", text};
    CHECK(ours(list) == theirs(list));
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    CHECK(ours(bytes) == theirs(bytes));
  }
}

TEST_CASE("byte vectors encode as bin, as msgpack-c encodes them", "[writer][bin]") {
  const std::vector<std::pair<std::size_t, std::uint8_t>> cases = {
      {0, 0xc4}, {1, 0xc4}, {255, 0xc4}, {256, 0xc5}, {65535, 0xc5}, {65536, 0xc6},
  };
  for (const auto& [length, marker] : cases) {
    INFO("length " << length);
    std::vector<std::uint8_t> bytes(length);
    std::vector<char> chars(length);
    std::vector<std::byte> raw(length);
    for (std::size_t i = 0; i < length; ++i) {
      bytes[i] = static_cast<std::uint8_t>(i * 7);
      chars[i] = static_cast<char>(i * 7);
      raw[i] = static_cast<std::byte>(i * 7);
    }
    const Hex encoded = ours(bytes);
    CHECK(encoded == theirs(bytes));
    REQUIRE(!encoded.bytes.empty());
    CHECK(encoded.bytes[0] == marker);
    CHECK(ours(chars) == encoded);
    CHECK(theirs(chars) == encoded);
    CHECK(ours(raw) == encoded);
    CHECK(theirs(raw) == encoded);
  }
}

TEST_CASE("vectors and arrays encode as msgpack-c encodes them", "[writer][array]") {
  for (std::size_t length : {0u, 1u, 15u, 16u, 65535u, 65536u}) {
    INFO("length " << length);
    std::vector<std::int64_t> numbers(length);
    for (std::size_t i = 0; i < length; ++i) {
      numbers[i] = static_cast<std::int64_t>(i * 2654435761u) - 40000;
    }
    CHECK(ours(numbers) == theirs(numbers));
  }
  CHECK(ours(std::vector<std::int64_t>(16)).bytes[0] == 0xdc);
  CHECK(ours(std::vector<std::int64_t>(65536)).bytes[0] == 0xdd);

  const std::vector<std::string> words = {"", "alpha", std::string(40, 'b')};
  CHECK(ours(words) == theirs(words));
  const std::vector<bool> flags = {true, false, true};
  CHECK(ours(flags) == theirs(flags));
  const std::vector<double> reals = {0.5, -1.25, 1e100};
  CHECK(ours(reals) == theirs(reals));

  const std::array<int, 3> triple = {1, -200, 70000};
  CHECK(ours(triple) == theirs(triple));
  CHECK(ours(triple) == hex({0x93, 0x01, 0xd1, 0xff, 0x38, 0xce, 0x00, 0x01, 0x11, 0x70}));
  const std::array<std::string, 2> pair = {"a", "bc"};
  CHECK(ours(pair) == theirs(pair));
  const std::array<int, 0> nothing = {};
  CHECK(ours(nothing) == hex({0x90}));
}

TEST_CASE("maps encode as msgpack-c encodes them", "[writer][map]") {
  const std::map<std::string, int> by_name = {{"one", 1}, {"two", -2}, {"", 300}};
  CHECK(ours(by_name) == theirs(by_name));
  const std::map<int, std::string> by_number = {{-1, "minus"}, {0, ""}, {100000, "big"}};
  CHECK(ours(by_number) == theirs(by_number));
  const std::map<std::string, int> empty;
  CHECK(ours(empty) == hex({0x80}));

  for (int count : {15, 16, 65535, 65536}) {
    INFO("entries " << count);
    std::map<std::uint32_t, bool> large;
    for (int i = 0; i < count; ++i) large.emplace(static_cast<std::uint32_t>(i) * 3, i % 2 == 0);
    const Hex encoded = ours(large);
    CHECK(encoded == theirs(large));
    CHECK(encoded.bytes[0] == (count <= 15 ? 0x8f : count <= 65535 ? 0xde : 0xdf));
  }

  // Same object, same iteration order: both encoders walk it the same way.
  const std::unordered_map<std::string, std::int64_t> hashed = {
      {"a", 1}, {"b", -1}, {"c", 1LL << 40}, {"d", 0}};
  CHECK(ours(hashed) == theirs(hashed));
}

TEST_CASE("nested containers encode as msgpack-c encodes them", "[writer][nested]") {
  const std::vector<std::map<std::string, std::vector<std::int32_t>>> nested = {
      {},
      {{"k", {1, 2, 3}}, {"empty", {}}},
      {{"neg", {-1, -129, std::numeric_limits<std::int32_t>::min()}}},
  };
  CHECK(ours(nested) == theirs(nested));

  const std::map<std::string, std::vector<std::optional<double>>> optionals = {
      {"some", {0.5, std::nullopt, -2.75}}, {"none", {std::nullopt}}};
  CHECK(ours(optionals) == theirs(optionals));

  const std::optional<std::vector<std::vector<std::uint8_t>>> blobs =
      std::vector<std::vector<std::uint8_t>>{{1, 2}, {}, {255}};
  CHECK(ours(blobs) == theirs(blobs));

  const std::map<std::int64_t, std::map<std::string, std::array<std::uint16_t, 2>>> deep = {
      {-5, {{"x", {{1, 65535}}}}}, {1LL << 33, {}}};
  CHECK(ours(deep) == theirs(deep));
}

TEST_CASE("Writer methods for headers, ext and raw bytes", "[writer]") {
  for (std::uint32_t n : {0u, 15u, 16u, 65535u, 65536u, 4294967295u}) {
    INFO("count " << n);
    Buffer ours_buffer;
    Writer writer(ours_buffer);
    writer.array_header(n);
    writer.map_header(n);
    msgpack::sbuffer theirs_buffer;
    msgpack::packer<msgpack::sbuffer> packer(theirs_buffer);
    packer.pack_array(n);
    packer.pack_map(n);
    REQUIRE(ours_buffer.size() == theirs_buffer.size());
    CHECK(std::memcmp(ours_buffer.data(), theirs_buffer.data(), ours_buffer.size()) == 0);
  }

  for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 5u, 8u, 16u, 17u, 255u, 256u, 65535u, 65536u}) {
    INFO("ext payload " << n);
    std::string payload(n, '\0');
    for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>(i);
    Buffer ours_buffer;
    Writer writer(ours_buffer);
    writer.ext(-7, payload.data(), payload.size());
    msgpack::sbuffer theirs_buffer;
    msgpack::packer<msgpack::sbuffer> packer(theirs_buffer);
    packer.pack_ext(n, -7);
    packer.pack_ext_body(payload.data(), static_cast<std::uint32_t>(n));
    REQUIRE(ours_buffer.size() == theirs_buffer.size());
    CHECK(std::memcmp(ours_buffer.data(), theirs_buffer.data(), ours_buffer.size()) == 0);
  }

  Buffer buffer;
  Writer writer(buffer);
  CHECK(&writer.buffer() == &buffer);
  writer.raw("\x92", 1);
  writer.nil();
  writer.raw(std::string_view("\xa1z", 2));
  const std::uint8_t expected[] = {0x92, 0xc0, 0xa1, 'z'};
  REQUIRE(buffer.size() == sizeof expected);
  CHECK(std::memcmp(buffer.data(), expected, sizeof expected) == 0);
}

TEST_CASE("marshal appends to what the buffer already holds", "[writer]") {
  Buffer buffer;
  msgpack_gen::marshal(buffer, std::string("ab"));
  msgpack_gen::marshal(buffer, 1000);
  const std::uint8_t expected[] = {0xa2, 'a', 'b', 0xcd, 0x03, 0xe8};
  REQUIRE(buffer.size() == sizeof expected);
  CHECK(std::memcmp(buffer.data(), expected, sizeof expected) == 0);
}

TEST_CASE("payloads over 4 GiB are a length_error before anything is written", "[writer]") {
  // msgpack lengths are 32-bit: 0xffffffff bytes is the longest str, bin or ext payload.
  CHECK_NOTHROW(msgpack_gen::detail::check_payload_length(0xffffffffu));
  if constexpr (sizeof(std::size_t) > sizeof(std::uint32_t)) {
    const std::size_t too_long = std::size_t{0xffffffffu} + 1;
    CHECK_THROWS_AS(msgpack_gen::detail::check_payload_length(too_long), std::length_error);
    // Only the length is looked at: nothing is read from the (far shorter) payload.
    const char byte = 'x';
    Buffer buffer;
    Writer writer(buffer);
    CHECK_THROWS_AS(writer.str(&byte, too_long), std::length_error);
    CHECK_THROWS_AS(writer.bin(&byte, too_long), std::length_error);
    CHECK_THROWS_AS(writer.ext(1, &byte, too_long), std::length_error);
    CHECK(buffer.empty());
  }
}
