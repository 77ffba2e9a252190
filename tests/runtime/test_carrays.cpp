// C arrays (carrays.hpp) against msgpack-c's carray adaptors: the same bytes for random values,
// each library decoding the other's bytes, shorter and longer input, wrong types, truncation,
// and the write_value/read_value calls generated code makes for a C array member.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "test_support.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Reader;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;
using msgpack_gen::Writer;
using test_support::Bytes;
using test_support::decode;
using test_support::hex;
using test_support::Hex;
using test_support::ours;
using test_support::theirs;

namespace {

// A C array in a struct, so that it can be returned and copied.
template <class T>
struct Box {
  T v;
};

// A fixed seed: failures reproduce.
std::mt19937& rng() {
  static std::mt19937 engine(20240611);
  return engine;
}

template <class Int>
Int uniform(Int lo, Int hi) {
  return std::uniform_int_distribution<Int>(lo, hi)(rng());
}

// An int32 of every msgpack width (fixint, 8, 16, 32 bits), both signs.
std::int32_t random_int32() {
  const auto magnitude = static_cast<std::int32_t>(rng()() >> uniform(1, 31));
  return uniform(0, 1) ? magnitude : -magnitude;
}

// A float with a fractional part: msgpack-c 4.1.3 writes integral floats as integers.
float random_fraction() {
  float value = std::uniform_real_distribution<float>(-1000.0f, 1000.0f)(rng());
  value *= std::pow(10.0f, static_cast<float>(uniform(-3, 3)));
  if (std::trunc(value) == value) value += 0.5f;
  return value;
}

char random_nonzero_char() {
  return static_cast<char>(uniform(1, 255));
}

// A char[N] as a C string: L < N characters, a NUL, then garbage after the NUL (which neither
// library writes). Every fourth one is full: N characters and no NUL at all.
template <std::size_t N>
void fill_chars(char (&value)[N]) {
  for (char& c : value) c = random_nonzero_char();
  if (uniform(0, 3) != 0) value[uniform<std::size_t>(0, N - 1)] = '\0';
}

std::string random_string() {
  // fixstr, str8 and str16 lengths; any byte, NUL included.
  const std::size_t size =
      uniform(0, 2) ? uniform<std::size_t>(0, 40) : uniform<std::size_t>(200, 300);
  std::string text(size, ' ');
  for (char& c : text) c = static_cast<char>(uniform(0, 255));
  return text;
}

// What decoding must give back: a char[N] holds its bytes before the first NUL and then only
// NULs (the bytes after the NUL are not on the wire).
template <class T>
void canonicalise(T& value) {
  if constexpr (std::is_same_v<std::remove_extent_t<T>, char>) {
    void* nul = std::memchr(value, '\0', std::extent_v<T>);
    if (nul != nullptr) {
      char* first = static_cast<char*>(nul);
      std::memset(first, 0, static_cast<std::size_t>(value + std::extent_v<T> - first));
    }
  } else if constexpr (std::is_array_v<T>) {
    for (auto& item : value) canonicalise(item);
  }
}

// Whether value holds a char[N] that is an empty string. msgpack-c 4.1.3 decodes an empty str
// into a char[N] with memcpy(v, nullptr, 0), which UBSan reports (carray.hpp, convert<char[N]>),
// so those values are not handed to msgpack-c.
template <class T>
bool has_empty_chars(const T& value) {
  if constexpr (std::is_same_v<std::remove_extent_t<T>, char>) {
    return value[0] == '\0';
  } else if constexpr (std::is_array_v<T>) {
    for (const auto& item : value) {
      if (has_empty_chars(item)) return true;
    }
    return false;
  } else {
    return false;
  }
}

template <class T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_array_v<T>) {
    for (std::size_t i = 0; i < std::extent_v<T>; ++i) {
      if (!same(a[i], b[i])) return false;
    }
    return true;
  } else {
    return a == b;
  }
}

Bytes bytes_of(const msgpack::sbuffer& buffer) {
  const auto* first = reinterpret_cast<const std::uint8_t*>(buffer.data());
  return Bytes(first, first + buffer.size());
}

template <class T>
void msgpack_c_decode(const Bytes& bytes, T& value) {
  msgpack::object_handle handle =
      msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  handle.get().convert(value);
}

// Every proper prefix of a valid encoding fails cleanly.
template <class T>
void check_every_prefix_fails(const Bytes& bytes) {
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    Box<T> decoded{};
    const Status status = decode(prefix, decoded.v);
    INFO("prefix of " << n << " of " << bytes.size() << " bytes");
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::incomplete);
  }
}

// `rounds` random values from make(): msgpack-gen writes msgpack-c's bytes, each library decodes
// the other's bytes to the same array, and every cut-short encoding fails.
template <class T, class Make>
void check_against_msgpack_c(Make make, int rounds = 300) {
  int decoded_by_msgpack_c = 0;
  for (int round = 0; round < rounds; ++round) {
    const Box<T> value = make();
    const Hex mine = ours(value.v);
    const Hex reference = theirs(value.v);
    INFO("round " << round << ": "
                  << test_support::to_hex(reference.bytes, test_support::kShownBytes));
    REQUIRE(mine == reference);

    Box<T> expected = value;
    canonicalise(expected.v);

    // msgpack-gen reads msgpack-c's bytes, into an array that held another value.
    Box<T> decoded = make();
    const Status status = decode(reference.bytes, decoded.v);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(same(decoded.v, expected.v));

    // msgpack-c reads msgpack-gen's bytes (into a zeroed array: it writes no more than the
    // bytes of a string and one NUL).
    if (!has_empty_chars(value.v)) {
      Box<T> by_msgpack_c{};
      msgpack_c_decode(mine.bytes, by_msgpack_c.v);
      CHECK(same(by_msgpack_c.v, expected.v));
      ++decoded_by_msgpack_c;
    }

    if (round < 10) check_every_prefix_fails<T>(mine.bytes);
  }
  CHECK(decoded_by_msgpack_c > rounds / 2);
}

}  // namespace

// The specialisations the compiler picks: byte arrays are raw bytes, everything else an array.
static_assert(
    std::is_base_of_v<msgpack_gen::detail::byte_array_codec<char, 4>, msgpack_gen::codec<char[4]>>);
static_assert(std::is_base_of_v<msgpack_gen::detail::byte_array_codec<unsigned char, 4>,
                                msgpack_gen::codec<std::uint8_t[4]>>);
static_assert(std::is_base_of_v<msgpack_gen::detail::byte_array_codec<std::byte, 4>,
                                msgpack_gen::codec<std::byte[4]>>);
static_assert(!std::is_base_of_v<msgpack_gen::detail::byte_array_codec<unsigned char, 4>,
                                 msgpack_gen::codec<signed char[4]>>);

TEST_CASE("C arrays: the bytes the msgpack spec prescribes", "[carrays]") {
  const std::int32_t ints[3] = {1, -1, 300};
  CHECK(ours(ints) == hex({0x93, 0x01, 0xff, 0xcd, 0x01, 0x2c}));
  const float floats[2][1] = {{1.5f}, {-2.0f}};
  CHECK(ours(floats) ==
        hex({0x92, 0x91, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0x91, 0xca, 0xc0, 0x00, 0x00, 0x00}));
  const char text[8] = "hi";
  CHECK(ours(text) == hex({0xa2, 'h', 'i'}));
  const char full[3] = {'a', 'b', 'c'};  // no NUL: all three bytes
  CHECK(ours(full) == hex({0xa3, 'a', 'b', 'c'}));
  const char inner_nul[4] = {'a', '\0', 'c', 'd'};  // up to the first NUL only
  CHECK(ours(inner_nul) == hex({0xa1, 'a'}));
  const char empty[4] = {};
  CHECK(ours(empty) == hex({0xa0}));
  const std::uint8_t bytes[3] = {1, 0, 255};  // all N bytes, NULs included
  CHECK(ours(bytes) == hex({0xc4, 0x03, 0x01, 0x00, 0xff}));
  const signed char small[2] = {-1, 5};  // an array of integers, not a bin
  CHECK(ours(small) == hex({0x92, 0xff, 0x05}));
  const bool flags[2] = {true, false};
  CHECK(ours(flags) == hex({0x92, 0xc3, 0xc2}));
  const char rows[2][3] = {"ab", {'x', 'y', 'z'}};
  CHECK(ours(rows) == hex({0x92, 0xa2, 'a', 'b', 0xa3, 'x', 'y', 'z'}));
  const std::string strings[2] = {"a", ""};
  CHECK(ours(strings) == hex({0x92, 0xa1, 'a', 0xa0}));
}

TEST_CASE("C arrays encode and decode as msgpack-c's carray adaptors do", "[carrays]") {
  SECTION("int32_t[3]") {
    check_against_msgpack_c<std::int32_t[3]>([] {
      Box<std::int32_t[3]> box;
      for (auto& item : box.v) item = random_int32();
      return box;
    });
  }
  SECTION("float[4][4], non-integral floats") {
    check_against_msgpack_c<float[4][4]>([] {
      Box<float[4][4]> box;
      for (auto& row : box.v) {
        for (float& item : row) item = random_fraction();
      }
      return box;
    });
  }
  SECTION("char[16]: with a NUL inside, and full without one") {
    int full = 0;
    int empty = 0;
    check_against_msgpack_c<char[16]>([&] {
      Box<char[16]> box;
      fill_chars(box.v);
      full += std::memchr(box.v, '\0', 16) == nullptr;
      empty += box.v[0] == '\0';
      return box;
    });
    CHECK(full > 20);  // both shapes were exercised
    CHECK(empty > 0);
    // Completely full, no NUL: all 16 bytes are the string.
    Box<char[16]> no_nul;
    std::memset(no_nul.v, 'x', 16);
    CHECK(ours(no_nul.v) == theirs(no_nul.v));
    CHECK(ours(no_nul.v).bytes.size() == 17);
  }
  SECTION("unsigned char[32] and uint8_t[32]: bin") {
    static_assert(std::is_same_v<std::uint8_t[32], unsigned char[32]>);
    check_against_msgpack_c<unsigned char[32]>([] {
      Box<unsigned char[32]> box;
      for (auto& item : box.v) item = static_cast<unsigned char>(uniform(0, 255));
      return box;
    });
    check_against_msgpack_c<std::uint8_t[32]>([] {
      Box<std::uint8_t[32]> box;
      for (auto& item : box.v) item = static_cast<std::uint8_t>(uniform(0, 3));  // many NULs
      return box;
    });
  }
  SECTION("signed char[4]: an array of integers") {
    check_against_msgpack_c<signed char[4]>([] {
      Box<signed char[4]> box;
      for (auto& item : box.v) item = static_cast<signed char>(uniform(-128, 127));
      return box;
    });
  }
  SECTION("std::byte[8]: bin, as msgpack-c's C++17 carray_byte adaptor writes it") {
    check_against_msgpack_c<std::byte[8]>([] {
      Box<std::byte[8]> box;
      for (auto& item : box.v) item = static_cast<std::byte>(uniform(0, 255));
      return box;
    });
  }
  SECTION("bool[5]") {
    check_against_msgpack_c<bool[5]>([] {
      Box<bool[5]> box;
      for (bool& item : box.v) item = uniform(0, 1) == 1;
      return box;
    });
  }
  SECTION("std::string[2]") {
    check_against_msgpack_c<std::string[2]>([] {
      Box<std::string[2]> box;
      for (auto& item : box.v) item = random_string();
      return box;
    });
  }
  SECTION("char[3][8]: an array of strings") {
    check_against_msgpack_c<char[3][8]>([] {
      Box<char[3][8]> box;
      for (auto& row : box.v) fill_chars(row);
      return box;
    });
  }
}

TEST_CASE("C arrays: shorter input sets the rest to T{}", "[carrays]") {
  SECTION("int32_t[4] from [7, 8]; msgpack-c leaves the rest as it was") {
    msgpack::sbuffer buffer;
    msgpack::pack(buffer, std::vector<std::int32_t>{7, 8});
    std::int32_t value[4] = {99, 99, 99, 99};
    REQUIRE(decode(bytes_of(buffer), value).ok());
    const std::int32_t expected[4] = {7, 8, 0, 0};
    CHECK(same(value, expected));

    std::int32_t by_msgpack_c[4] = {99, 99, 99, 99};
    msgpack_c_decode(bytes_of(buffer), by_msgpack_c);
    const std::int32_t untouched[4] = {7, 8, 99, 99};
    CHECK(same(by_msgpack_c, untouched));
  }
  SECTION("an empty array") {
    std::int32_t value[3] = {1, 2, 3};
    REQUIRE(decode(Bytes{0x90}, value).ok());
    const std::int32_t zeros[3] = {};
    CHECK(same(value, zeros));
  }
  SECTION("std::string[3]: decoded into, then emptied") {
    std::string value[3] = {"old", "old", "old"};
    REQUIRE(decode(Bytes{0x91, 0xa1, 'a'}, value).ok());
    CHECK(value[0] == "a");
    CHECK(value[1].empty());
    CHECK(value[2].empty());
  }
  SECTION("float[2][3]: a short row and a short outer array") {
    float value[2][3] = {{9, 9, 9}, {9, 9, 9}};
    // [[1.5], [2.5, 3.5, 4.5]]
    const Bytes rows = {0x92, 0x91, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0x93, 0xca, 0x40, 0x20, 0x00,
                        0x00, 0xca, 0x40, 0x60, 0x00, 0x00, 0xca, 0x40, 0x90, 0x00, 0x00};
    REQUIRE(decode(rows, value).ok());
    const float expected[2][3] = {{1.5f, 0, 0}, {2.5f, 3.5f, 4.5f}};
    CHECK(same(value, expected));

    // [[1.5]]: the second row is all zeros
    REQUIRE(decode(Bytes{0x91, 0x91, 0xca, 0x3f, 0xc0, 0x00, 0x00}, value).ok());
    const float first_only[2][3] = {{1.5f, 0, 0}, {0, 0, 0}};
    CHECK(same(value, first_only));
  }
  SECTION("char[8] from \"ab\": NULs to the end, where msgpack-c writes one") {
    char value[8];
    std::memset(value, 'z', sizeof value);
    REQUIRE(decode(Bytes{0xa2, 'a', 'b'}, value).ok());
    const char expected[8] = {'a', 'b', 0, 0, 0, 0, 0, 0};
    CHECK(same(value, expected));

    char by_msgpack_c[8];
    std::memset(by_msgpack_c, 'z', sizeof by_msgpack_c);
    msgpack_c_decode(Bytes{0xa2, 'a', 'b'}, by_msgpack_c);
    const char one_nul[8] = {'a', 'b', 0, 'z', 'z', 'z', 'z', 'z'};
    CHECK(same(by_msgpack_c, one_nul));
  }
  SECTION("char[4] from \"\"") {
    char value[4] = {'a', 'b', 'c', 'd'};
    REQUIRE(decode(Bytes{0xa0}, value).ok());
    const char zeros[4] = {};
    CHECK(same(value, zeros));
  }
  SECTION("unsigned char[4] from a bin of 1 byte") {
    unsigned char value[4] = {9, 9, 9, 9};
    REQUIRE(decode(Bytes{0xc4, 0x01, 0x07}, value).ok());
    const unsigned char expected[4] = {7, 0, 0, 0};
    CHECK(same(value, expected));
  }
  SECTION("the exact size fills the whole array") {
    char value[3] = {};
    REQUIRE(decode(Bytes{0xa3, 'x', 'y', 'z'}, value).ok());
    const char expected[3] = {'x', 'y', 'z'};
    CHECK(same(value, expected));
  }
}

TEST_CASE("C arrays: str and bin are both accepted for byte arrays", "[carrays]") {
  msgpack::sbuffer str_buffer;
  msgpack::packer<msgpack::sbuffer> str_packer(str_buffer);
  str_packer.pack_str(3);
  str_packer.pack_str_body("abc", 3);
  const Bytes str = bytes_of(str_buffer);

  msgpack::sbuffer bin_buffer;
  msgpack::packer<msgpack::sbuffer> bin_packer(bin_buffer);
  bin_packer.pack_bin(3);
  bin_packer.pack_bin_body("a\0c", 3);
  const Bytes bin = bytes_of(bin_buffer);
  REQUIRE(str.front() == 0xa3);
  REQUIRE(bin.front() == 0xc4);

  SECTION("a str into unsigned char[N] and std::byte[N]") {
    unsigned char value[4] = {9, 9, 9, 9};
    REQUIRE(decode(str, value).ok());
    const unsigned char expected[4] = {'a', 'b', 'c', 0};
    CHECK(same(value, expected));

    std::byte bytes[3] = {};
    REQUIRE(decode(str, bytes).ok());
    CHECK(bytes[2] == std::byte{'c'});

    unsigned char by_msgpack_c[4] = {};
    msgpack_c_decode(str, by_msgpack_c);  // msgpack-c takes it too
    CHECK(same(by_msgpack_c, expected));
  }
  SECTION("a bin into char[N], NUL bytes and all") {
    char value[5] = {'z', 'z', 'z', 'z', 'z'};
    REQUIRE(decode(bin, value).ok());
    const char expected[5] = {'a', '\0', 'c', '\0', '\0'};
    CHECK(same(value, expected));

    char by_msgpack_c[5] = {};
    msgpack_c_decode(bin, by_msgpack_c);
    CHECK(same(by_msgpack_c, expected));
  }
}

TEST_CASE("C arrays: longer input is invalid_value naming both sizes", "[carrays]") {
  SECTION("checked before any element is decoded") {
    // [\"x\", 2, 3, 4, 5] into int32_t[4]: the size is wrong before element 0's type is.
    const Bytes five = {0x95, 0xa1, 'x', 0x02, 0x03, 0x04, 0x05};
    std::int32_t value[4] = {};
    const Status status = decode(five, value);
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::invalid_value);
    CHECK(status.detail() == "expected at most 4 elements, found 5");
    CHECK(status.offset() == 1);  // just after the header
    CHECK(status.path().empty());

    std::int32_t by_msgpack_c[4] = {};
    CHECK_THROWS_AS(msgpack_c_decode(five, by_msgpack_c), msgpack::type_error);
  }
  SECTION("an inner array names its index") {
    // [[1.5, 2.5], [1.5, 2.5, 3.5]] into float[2][2]
    const Bytes rows = {0x92, 0x92, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0xca, 0x40, 0x20,
                        0x00, 0x00, 0x93, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0xca, 0x40,
                        0x20, 0x00, 0x00, 0xca, 0x40, 0x60, 0x00, 0x00};
    float value[2][2] = {};
    const Status status = decode(rows, value);
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::invalid_value);
    CHECK(status.detail() == "expected at most 2 elements, found 3");
    CHECK(status.path() == "[1]");
  }
  SECTION("char[4] from a str of 5 bytes") {
    char value[4] = {};
    const Status status = decode(Bytes{0xa5, 'h', 'e', 'l', 'l', 'o'}, value);
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::invalid_value);
    CHECK(status.detail() == "expected at most 4 bytes, found 5");
    char by_msgpack_c[4] = {};
    CHECK_THROWS_AS(msgpack_c_decode(Bytes{0xa5, 'h', 'e', 'l', 'l', 'o'}, by_msgpack_c),
                    msgpack::type_error);
  }
  SECTION("unsigned char[2] from a bin of 3 bytes") {
    unsigned char value[2] = {};
    const Status status = decode(Bytes{0xc4, 0x03, 1, 2, 3}, value);
    REQUIRE_FALSE(status.ok());
    CHECK(status.code() == ErrorCode::invalid_value);
    CHECK(status.detail() == "expected at most 2 bytes, found 3");
  }
  SECTION("N = 1: singular") {
    std::int32_t one[1] = {};
    Status status = decode(Bytes{0x92, 0x01, 0x02}, one);
    CHECK(status.detail() == "expected at most 1 element, found 2");
    char letter[1] = {};
    status = decode(Bytes{0xa2, 'a', 'b'}, letter);
    CHECK(status.detail() == "expected at most 1 byte, found 2");
  }
  SECTION("char[3][2]: the row is named") {
    char value[3][2] = {};
    const Status status = decode(Bytes{0x92, 0xa1, 'a', 0xa3, 'a', 'b', 'c'}, value);
    REQUIRE_FALSE(status.ok());
    CHECK(status.detail() == "expected at most 2 bytes, found 3");
    CHECK(status.path() == "[1]");
  }
}

TEST_CASE("C arrays: wrong types are type_mismatch with the element's path", "[carrays]") {
  std::int32_t ints[3] = {};
  Status status = decode(Bytes{0x81, 0xa1, 'a', 0x01}, ints);  // a map
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected array, found map (0x81)");

  status = decode(Bytes{0xa1, 'a'}, ints);  // a str
  CHECK(status.code() == ErrorCode::type_mismatch);

  status = decode(Bytes{0x93, 0x01, 0xa1, 'x', 0x03}, ints);  // [1, "x", 3]
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");

  char text[8] = {};
  status = decode(Bytes{0x05}, text);  // an int
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected str, found int (0x05)");
  status = decode(Bytes{0x91, 0xa1, 'a'}, text);  // an array
  CHECK(status.code() == ErrorCode::type_mismatch);

  unsigned char bytes[4] = {};
  status = decode(Bytes{0xc0}, bytes);  // nil
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.detail() == "expected bin, found nil (0xc0)");

  signed char small[2] = {};
  status = decode(Bytes{0xc4, 0x02, 0x01, 0x02}, small);  // a bin: signed char[N] is an array
  CHECK(status.code() == ErrorCode::type_mismatch);
  status = decode(Bytes{0x92, 0x01, 0xcc, 0xc8}, small);  // 200 does not fit
  CHECK(status.code() == ErrorCode::out_of_range);
  CHECK(status.path() == "[1]");

  float matrix[2][2] = {};
  // [[1.5, 2.5], [1.5, "x"]]
  status = decode(Bytes{0x92, 0x92, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0xca, 0x40, 0x20,
                        0x00, 0x00, 0x92, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0xa1, 'x'},
                  matrix);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1][1]");

  char rows[2][4] = {};
  status = decode(Bytes{0x92, 0xa1, 'a', 0x07}, rows);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");
}

TEST_CASE("C arrays: truncated and hostile input fails without a crash", "[carrays]") {
  // A header that claims more elements than the input holds.
  std::int32_t ints[3] = {};
  Status status = decode(Bytes{0x93, 0x01}, ints);
  CHECK(status.code() == ErrorCode::incomplete);
  status = decode(Bytes{0xdd, 0xff, 0xff, 0xff, 0xff}, ints);  // array32 of 2^32 - 1
  CHECK(status.code() == ErrorCode::incomplete);
  status = decode(Bytes{0xdc}, ints);
  CHECK(status.code() == ErrorCode::incomplete);

  char text[8] = {};
  status = decode(Bytes{0xa5, 'a'}, text);
  CHECK(status.code() == ErrorCode::incomplete);
  status = decode(Bytes{0xdb, 0xff, 0xff, 0xff}, text);
  CHECK(status.code() == ErrorCode::incomplete);
  status = decode(Bytes{}, text);
  CHECK(status.code() == ErrorCode::incomplete);

  unsigned char bytes[8] = {};
  status = decode(Bytes{0xc6, 0xff, 0xff, 0xff, 0xff, 0x00}, bytes);
  CHECK(status.code() == ErrorCode::incomplete);

  // A valid value followed by more bytes.
  status = decode(Bytes{0xa1, 'a', 0xc0}, text);
  CHECK(status.code() == ErrorCode::trailing_bytes);
}

TEST_CASE("C arrays: each level counts against max_depth, and leaves it", "[carrays]") {
  float matrix[4][4] = {};
  const Bytes bytes = ours(matrix).bytes;
  CHECK(decode(bytes, matrix, ReaderOptions{2}).ok());
  const Status status = decode(bytes, matrix, ReaderOptions{1});
  CHECK(status.code() == ErrorCode::too_deep);

  // Two matrices in a row through one reader: the depth returns to 0 after each.
  Bytes twice = bytes;
  twice.insert(twice.end(), bytes.begin(), bytes.end());
  Reader reader(twice.data(), twice.size(), ReaderOptions{2});
  REQUIRE(msgpack_gen::read_value(reader, matrix));
  CHECK(reader.depth() == 0);
  REQUIRE(msgpack_gen::read_value(reader, matrix));
  CHECK(reader.depth() == 0);
  CHECK(reader.at_end());

  // Byte arrays are not containers: no level.
  char text[4] = {};
  CHECK(decode(Bytes{0xa1, 'a'}, text, ReaderOptions{0}).ok());
}

TEST_CASE("C arrays of floats follow the writer's msgpack-c float mode", "[carrays]") {
  // Integral values, which msgpack-c 4.1.3 writes as integers.
  const float matrix[2][2] = {{3.0f, 1.5f}, {-0.0f, -2.0f}};
  const double doubles[3] = {1e10, 0.25, -7.0};

  msgpack_gen::Buffer buffer;
  Writer writer(buffer);
  {
    msgpack_gen::IntegralFloatsAsInts as_msgpack_c(writer);
    msgpack_gen::write_value(writer, matrix);
  }
  CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} == theirs(matrix));
  CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} ==
        hex({0x92, 0x92, 0x03, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0x92, 0x00, 0xfe}));

  buffer.clear();
  {
    msgpack_gen::IntegralFloatsAsInts as_msgpack_c(writer);
    msgpack_gen::write_value(writer, doubles);
  }
  CHECK(Hex{Bytes(buffer.data(), buffer.data() + buffer.size())} == theirs(doubles));

  // Otherwise a float is always a float.
  CHECK_FALSE(ours(matrix) == theirs(matrix));
  float back[2][2] = {};
  REQUIRE(decode(theirs(matrix).bytes, back).ok());  // integers are read as floats
  CHECK(same(back, matrix));
}

namespace {

// What generated code looks like for a struct with C array members: write_value/read_value per
// field, map mode, as MSGPACK_DEFINE_MAP writes it.
struct Pose {
  float matrix[4][4];
  char name[16];
  std::uint8_t key[32];
  std::int32_t ids[3];
  MSGPACK_DEFINE_MAP(matrix, name, key, ids)
};

}  // namespace

template <>
struct msgpack_gen::codec<Pose> {
  static void encode(Writer& out, const Pose& value) {
    out.map_header(4);
    out.str("matrix");
    write_value(out, value.matrix);
    out.str("name");
    write_value(out, value.name);
    out.str("key");
    write_value(out, value.key);
    out.str("ids");
    write_value(out, value.ids);
  }
  static int decode_field(Reader& in, std::string_view key, Pose& value) {
    bool ok = false;
    if (key == "matrix") {
      ok = read_value(in, value.matrix);
    } else if (key == "name") {
      ok = read_value(in, value.name);
    } else if (key == "key") {
      ok = read_value(in, value.key);
    } else if (key == "ids") {
      ok = read_value(in, value.ids);
    } else {
      return kUnknownField;
    }
    return ok ? 0 : kFieldFailed;
  }
  static bool decode(Reader& in, Pose& value) { return decode_map_by_key<codec<Pose>>(in, value); }
};

TEST_CASE("C arrays: write_value and read_value deduce the array type", "[carrays]") {
  // The exact functions generated code calls, with T deduced as the array type.
  void (*write_matrix)(Writer&, const float(&)[4][4]) = &msgpack_gen::write_value<float[4][4]>;
  bool (*read_matrix)(Reader&, float(&)[4][4]) = &msgpack_gen::read_value<float[4][4]>;
  CHECK(write_matrix != nullptr);
  CHECK(read_matrix != nullptr);

  float matrix[4][4];
  for (auto& row : matrix) {
    for (float& item : row) item = random_fraction();
  }
  msgpack_gen::Buffer buffer;
  Writer writer(buffer);
  msgpack_gen::write_value(writer, matrix);
  const Bytes written(buffer.data(), buffer.data() + buffer.size());
  CHECK(Hex{written} == theirs(matrix));

  float decoded[4][4] = {};
  Reader reader(written.data(), written.size());
  REQUIRE(msgpack_gen::read_value(reader, decoded));
  CHECK(reader.at_end());
  CHECK(same(decoded, matrix));

  SECTION("a struct with C array members, as MSGPACK_DEFINE_MAP writes it") {
    for (int round = 0; round < 100; ++round) {
      Pose pose{};
      for (auto& row : pose.matrix) {
        for (float& item : row) item = random_fraction();
      }
      fill_chars(pose.name);
      for (auto& item : pose.key) item = static_cast<std::uint8_t>(uniform(0, 255));
      for (auto& item : pose.ids) item = random_int32();
      const Hex bytes = ours(pose);
      REQUIRE(bytes == theirs(pose));

      Pose back{};
      REQUIRE(decode(bytes.bytes, back).ok());
      canonicalise(pose.name);
      CHECK(same(back.matrix, pose.matrix));
      CHECK(same(back.name, pose.name));
      CHECK(same(back.key, pose.key));
      CHECK(same(back.ids, pose.ids));
    }
  }
  SECTION("an error inside a member names the field and the element") {
    msgpack::sbuffer buffer_c;
    msgpack::packer<msgpack::sbuffer> packer(buffer_c);
    packer.pack_map(1);
    packer.pack(std::string("matrix"));
    packer.pack_array(2);
    packer.pack(std::vector<float>{1.5f});
    packer.pack(std::vector<std::string>{"x"});
    Pose pose{};
    const Status status = decode(bytes_of(buffer_c), pose);
    CHECK(status.code() == ErrorCode::type_mismatch);
    CHECK(status.path() == "matrix[1][0]");
  }
}
