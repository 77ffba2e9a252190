// The marshal targets other than Buffer (docs/runtime.md, "Marshal targets"): marshal() appending
// to a std::string or a byte vector, marshal_to() into fixed memory, encoded_size(). Each writes
// exactly the bytes marshal(Buffer&) writes, for values of many shapes; marshal_to() is tried at
// every capacity around the encoding's size, between guard bytes it must never touch. Built with
// and without exceptions (tests/noexcept): no msgpack-c here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "../support/bytes.hpp"
#include "msgpack_gen/msgpack_gen.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::EncodeError;
using msgpack_gen::MarshalResult;
using test_support::Bytes;
using test_support::Hex;

namespace sample {

// A type with a hand-written codec: a map of two fields, written one Writer call at a time.
struct Point {
  std::int32_t x = 0;
  std::string label;
};

// A hand-written codec that writes a run of bounded values after one capacity check, as generated
// code does (gen/bounded.hpp): its bound is larger than what it writes.
struct Run {
  std::string name;
  std::uint64_t id = 0;
  bool flag = false;
};

// A hand-written codec that calls encoded_size() while it encodes: a length prefix, then the
// items. The thread's scratch Buffer is then lent twice at once.
struct Prefixed {
  std::vector<std::string> items;
};

}  // namespace sample

template <>
struct msgpack_gen::codec<sample::Point> {
  static void encode(Writer& out, const sample::Point& value) {
    out.map_header(2);
    out.str("x");
    out.sint(value.x);
    out.str("label");
    out.str(value.label);
  }
};

template <>
struct msgpack_gen::codec<sample::Run> {
  static void encode(Writer& out, const sample::Run& value) {
    Buffer& buffer = out.buffer();
    std::uint8_t* p =
        buffer.prepare(gen::encode::kMaxHeaderSize + gen::encode::max_size(value.name) +
                       gen::encode::max_size(value.id) + gen::encode::max_size(value.flag));
    p = gen::encode::array_header(p, 3);
    p = gen::encode::put(p, value.name);
    p = gen::encode::put(p, value.id);
    p = gen::encode::put(p, value.flag);
    buffer.commit(p);
  }
};

template <>
struct msgpack_gen::codec<sample::Prefixed> {
  static void encode(Writer& out, const sample::Prefixed& value) {
    out.array_header(2);
    out.uint(msgpack_gen::encoded_size(value.items));
    write_value(out, value.items);
  }
};

namespace {

std::string letters(std::size_t n, char first = 'a') {
  std::string text(n, ' ');
  for (std::size_t i = 0; i < n; ++i)
    text[i] = static_cast<char>(first + static_cast<char>(i % 26));
  return text;
}

// What marshal(Buffer&) writes (no assertion here: threads call it too).
template <class T>
Bytes by_buffer(const T& value) {
  Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return Bytes(buffer.data(), buffer.data() + buffer.size());
}

template <class Container>
Hex tail_of(const Container& container, std::size_t from) {
  Bytes bytes;
  for (std::size_t i = from; i < container.size(); ++i) {
    bytes.push_back(static_cast<std::uint8_t>(container[i]));
  }
  return Hex{bytes};
}

// Calls f with one value of each shape: scalars, strings across every str header width, vectors
// of numbers (the bulk paths), byte vectors, maps, optionals, tuples, variants, time points,
// nested containers and the hand-written codecs above.
template <class F>
void for_each_sample(F f) {
  f(true);
  f(std::int64_t{-33});
  f(std::numeric_limits<std::uint64_t>::max());
  f(1.5);
  f(2.25f);
  for (std::size_t n : {0u, 1u, 5u, 31u, 32u, 255u, 256u, 1000u, 65535u, 65536u}) {
    f(letters(n));
  }
  f(std::string_view("a view"));
  f(std::vector<std::int32_t>{});
  f(std::vector<std::int32_t>{0, -1, 127, -32, -33, 128, 70000, -70000});
  std::vector<std::uint64_t> wide;
  for (std::uint64_t i = 0; i < 300; ++i) wide.push_back(i * i * i * 0x9e3779b97f4a7c15ull);
  f(wide);
  std::vector<double> doubles;
  for (int i = 0; i < 100; ++i) doubles.push_back(i * 0.25 - 7.0);
  f(doubles);
  f(std::vector<float>{1.5f, -0.0f, 3.0f});
  f(std::vector<bool>{true, false, true, true});
  f(std::vector<std::uint8_t>{1, 2, 3, 0xff});
  f(std::vector<std::byte>(300, std::byte{0x7f}));
  f(std::array<std::int16_t, 4>{-1, 2, -300, 400});
  f(std::map<std::string, std::int32_t>{{"one", 1}, {"two", 2}, {letters(40), -40}});
  f(std::map<std::string, bool>{{"on", true}, {"off", false}});
  f(std::unordered_map<std::int32_t, std::string>{{1, "a"}, {2, letters(20)}});
  f(std::optional<std::string>{});
  f(std::optional<std::string>{"present"});
  f(std::pair<std::string, std::int32_t>{"pair", 7});
  f(std::tuple<bool, std::string, double>{false, "tuple", 0.5});
  f(std::variant<std::int32_t, std::string>{std::string("variant")});
  f(std::chrono::system_clock::time_point{} + std::chrono::milliseconds(1500));
  std::vector<std::map<std::string, std::vector<std::optional<std::string>>>> nested(3);
  nested[1]["k"] = {std::nullopt, std::string("v"), letters(33)};
  nested[2]["empty"] = {};
  f(nested);
  f(sample::Point{-5, "origin"});
  f(std::vector<sample::Point>{{1, "one"}, {2, letters(50)}});
  f(sample::Run{"run", 300, true});
  f(std::vector<sample::Run>(20, sample::Run{letters(12), 1u << 20, false}));
  f(sample::Prefixed{{"a", letters(40), ""}});
}

// The capacities marshal_to() is tried with for an encoding of n bytes: all of 0..n+1 when n is
// small, else the two ends and a stride through the middle.
std::vector<std::size_t> capacities_around(std::size_t n) {
  std::vector<std::size_t> capacities;
  for (std::size_t c = 0; c <= n + 1; ++c) {
    if (n <= 2048 || c <= 300 || c + 300 >= n || c % 997 == 0) capacities.push_back(c);
  }
  return capacities;
}

}  // namespace

TEST_CASE("marshal into a std::string or a byte vector writes the Buffer's bytes",
          "[marshal-targets]") {
  for_each_sample([](const auto& value) {
    const Bytes expected = by_buffer(value);
    INFO("an encoding of " << expected.size() << " bytes");
    std::string text;
    MarshalResult result = msgpack_gen::marshal(text, value);
    REQUIRE(result);
    CHECK(result.size == expected.size());
    CHECK(result.needed == expected.size());
    CHECK(tail_of(text, 0) == Hex{expected});

    std::vector<std::uint8_t> bytes;
    result = msgpack_gen::marshal(bytes, value);
    REQUIRE(result);
    CHECK(result.size == expected.size());
    CHECK(Hex{bytes} == Hex{expected});

    std::vector<std::byte> raw;
    result = msgpack_gen::marshal(raw, value);
    REQUIRE(result);
    CHECK(tail_of(raw, 0) == Hex{expected});

    std::vector<char> chars;
    result = msgpack_gen::marshal(chars, value);
    REQUIRE(result);
    CHECK(tail_of(chars, 0) == Hex{expected});
  });
}

TEST_CASE("marshal appends to what a container holds", "[marshal-targets]") {
  for_each_sample([](const auto& value) {
    const Bytes expected = by_buffer(value);
    INFO("an encoding of " << expected.size() << " bytes");
    std::string text = "prefix";
    text.reserve(text.size() + expected.size() / 2);  // room for part of it: it must grow
    REQUIRE(msgpack_gen::marshal(text, value).size == expected.size());
    REQUIRE(msgpack_gen::marshal(text, value).size == expected.size());
    REQUIRE(text.size() == 6 + 2 * expected.size());
    CHECK(text.compare(0, 6, "prefix") == 0);
    Bytes twice = expected;
    twice.insert(twice.end(), expected.begin(), expected.end());
    CHECK(tail_of(text, 6) == Hex{twice});

    std::vector<std::uint8_t> bytes = {0xde, 0xad};
    REQUIRE(msgpack_gen::marshal(bytes, value));
    REQUIRE(bytes.size() == 2 + expected.size());
    CHECK(bytes[0] == 0xde);
    CHECK(bytes[1] == 0xad);
    CHECK(tail_of(bytes, 2) == Hex{expected});

    std::vector<std::byte> raw(1000, std::byte{0x11});
    REQUIRE(msgpack_gen::marshal(raw, value));
    REQUIRE(raw.size() == 1000 + expected.size());
    CHECK(raw[999] == std::byte{0x11});
    CHECK(tail_of(raw, 1000) == Hex{expected});
  });
}

// With libstdc++ a container is written in its own memory (MSGPACK_GEN_CONTAINER_IN_PLACE), in
// C++23 without it a std::string is (MSGPACK_GEN_STRING_IN_PLACE): the encoding fits the spare
// capacity, fits it but a writer's bound does not, or does not fit (the container grows while it
// is written). Tried at every spare capacity around the encoding's size, then once more into the
// same container, whose room has grown. The scratch path gives the same result.
TEST_CASE("marshal into a container at every spare capacity appends the Buffer's bytes",
          "[marshal-targets]") {
  const sample::Run run{letters(150), 1u << 20, true};  // a bound larger than what it writes
  const std::vector<std::string> strings(5, letters(40));
  const auto check = [](auto container, const auto& value) {
    const Bytes expected = by_buffer(value);
    Bytes twice = expected;
    twice.insert(twice.end(), expected.begin(), expected.end());
    for (std::size_t spare = 0; spare <= expected.size() + 48; ++spare) {
      INFO(expected.size() << " bytes into a container with room for " << spare);
      auto text = container;
      text.reserve(text.size() + spare);
      const auto* memory = text.data();
      // The writers reserve bounds up to 11 bytes over what they write here (Run's header and
      // integer bounds), so 32 bytes more than the encoding is room for every bound as well.
      const bool fits = text.capacity() - text.size() >= expected.size() + 32;
      const MarshalResult first = msgpack_gen::marshal(text, value);
      REQUIRE(first);
      CHECK(first.size == expected.size());
      CHECK(first.needed == expected.size());
      // Room enough: the container's memory is written, not replaced by a larger one.
      if (fits) CHECK(text.data() == memory);
      const MarshalResult second = msgpack_gen::marshal(text, value);
      REQUIRE(second.size == expected.size());
      REQUIRE(text.size() == container.size() + 2 * expected.size());
      for (std::size_t i = 0; i < container.size(); ++i) REQUIRE(text[i] == container[i]);
      CHECK(tail_of(text, container.size()) == Hex{twice});
    }
  };
  const std::string prefix = "ab";
  const std::vector<std::uint8_t> bytes = {0xc1, 0x00, 0x7f};
  const std::vector<std::byte> none;
  check(prefix, run);
  check(bytes, run);
  check(none, run);
  check(prefix, strings);
  check(bytes, strings);
  check(none, strings);
}

// Which of the three ways marshal() into a container takes (marshal.hpp): the test builds name
// the one they are meant to cover, so that a build that lost its path fails here.
TEST_CASE("marshal into a container takes the path the build has", "[marshal-targets]") {
#if defined(MSGPACK_GEN_TEST_EXPECT_STRING_IN_PLACE)
  // C++23 with the container path turned off: resize_and_overwrite().
  STATIC_REQUIRE(MSGPACK_GEN_CONTAINER_IN_PLACE == 0);
  STATIC_REQUIRE(MSGPACK_GEN_STRING_IN_PLACE == 1);
#elif defined(MSGPACK_GEN_TEST_EXPECT_SCRATCH)
  STATIC_REQUIRE(MSGPACK_GEN_CONTAINER_IN_PLACE == 0);
  STATIC_REQUIRE(MSGPACK_GEN_STRING_IN_PLACE == 0);
#elif defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
  // Every other test build uses libstdc++ with its C++11 string ABI.
  STATIC_REQUIRE(MSGPACK_GEN_CONTAINER_IN_PLACE == 1);
  STATIC_REQUIRE(MSGPACK_GEN_STRING_IN_PLACE == 0);
  STATIC_REQUIRE(msgpack_gen::detail::sized_in_place<std::string>::value);
  STATIC_REQUIRE(msgpack_gen::detail::sized_in_place<std::vector<std::byte>>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::sized_in_place<std::vector<std::int16_t>>::value);
#endif
  // Whichever it is, an empty container holds exactly the encoding afterwards.
  std::string text;
  REQUIRE(msgpack_gen::marshal(text, 7));
  CHECK(text == "\x07");
  CHECK(text.c_str()[1] == '\0');
  std::vector<char> chars;
  REQUIRE(msgpack_gen::marshal(chars, std::string("hi")));
  CHECK(chars == std::vector<char>{'\xa2', 'h', 'i'});
}

TEST_CASE("marshal_to at every capacity writes the Buffer's bytes or says how many it needs",
          "[marshal-targets]") {
  constexpr std::size_t kFront = 16;
  constexpr std::size_t kBack = 64;
  for_each_sample([&](const auto& value) {
    const Bytes expected = by_buffer(value);
    const std::size_t n = expected.size();
    for (std::size_t capacity : capacities_around(n)) {
      // Two canaries: a stray byte cannot equal both.
      for (std::uint8_t canary : {std::uint8_t{0xa5}, std::uint8_t{0x5a}}) {
        Bytes memory(kFront + capacity + kBack, canary);
        const MarshalResult result =
            msgpack_gen::marshal_to(memory.data() + kFront, capacity, value);
        INFO("an encoding of " << n << " bytes into " << capacity << ": " << result.message());
        bool guards_intact = true;
        for (std::size_t i = 0; i < kFront; ++i) guards_intact &= memory[i] == canary;
        for (std::size_t i = kFront + capacity; i < memory.size(); ++i) {
          guards_intact &= memory[i] == canary;
        }
        REQUIRE(guards_intact);
        if (capacity >= n) {
          REQUIRE(result);
          REQUIRE(result.size == n);
          REQUIRE(result.needed == n);
          REQUIRE(Hex{Bytes(memory.data() + kFront, memory.data() + kFront + n)} == Hex{expected});
          // Past the encoding, the memory given is not written either.
          for (std::size_t i = kFront + n; i < kFront + capacity; ++i) REQUIRE(memory[i] == canary);
        } else {
          REQUIRE_FALSE(result);
          REQUIRE(result.error == EncodeError::too_small);
          REQUIRE(result.size == 0);
          REQUIRE(result.needed == n);
        }
      }
    }
  });
}

TEST_CASE("encoded_size is the size of the Buffer's encoding", "[marshal-targets]") {
  for_each_sample([](const auto& value) {
    CHECK(msgpack_gen::encoded_size(value) == by_buffer(value).size());
  });
  // Called again and again (the scratch Buffer reused, a large value between small ones).
  const std::string big = letters(3u << 20);  // above the 1 MiB a thread keeps
  for (int i = 0; i < 3; ++i) {
    CHECK(msgpack_gen::encoded_size(std::string("abc")) == 4);
    CHECK(msgpack_gen::encoded_size(big) == big.size() + 5);
  }
}

TEST_CASE("marshal_to takes byte arrays and anything with data() and size()", "[marshal-targets]") {
  const std::map<std::string, std::int32_t> value{{"a", 1}, {"b", -2}};
  const Bytes expected = by_buffer(value);

  std::array<std::uint8_t, 64> array{};
  MarshalResult result = msgpack_gen::marshal_to(array, value);
  REQUIRE(result);
  CHECK(Hex{Bytes(array.data(), array.data() + result.size)} == Hex{expected});

  unsigned char c_array[64] = {};
  result = msgpack_gen::marshal_to(c_array, value);
  REQUIRE(result);
  CHECK(Hex{Bytes(c_array, c_array + result.size)} == Hex{expected});

  std::byte bytes[4] = {};
  result = msgpack_gen::marshal_to(bytes, value);
  CHECK(result.error == EncodeError::too_small);
  CHECK(result.needed == expected.size());

  // A container is fixed memory of its size here: not resized, not appended to.
  std::string text(expected.size(), '#');
  result = msgpack_gen::marshal_to(text, value);
  REQUIRE(result);
  CHECK(text.size() == expected.size());
  CHECK(tail_of(text, 0) == Hex{expected});
  std::vector<char> short_vector(expected.size() - 1, '#');
  result = msgpack_gen::marshal_to(short_vector, value);
  CHECK(result.error == EncodeError::too_small);
  CHECK(short_vector.size() == expected.size() - 1);

  // A span-like view of someone's memory.
  struct View {
    std::uint8_t* first;
    std::size_t count;
    std::uint8_t* data() const { return first; }
    std::size_t size() const { return count; }
  };
  Bytes memory(expected.size() + 3, 0);
  View view{memory.data() + 3, expected.size()};
  result = msgpack_gen::marshal_to(view, value);
  REQUIRE(result);
  CHECK(Hex{Bytes(memory.data() + 3, memory.data() + memory.size())} == Hex{expected});
  // ... passed by value, as views are.
  std::fill(memory.begin(), memory.end(), std::uint8_t{0});
  result = msgpack_gen::marshal_to(View{memory.data() + 3, expected.size()}, value);
  REQUIRE(result);
  CHECK(Hex{Bytes(memory.data() + 3, memory.data() + memory.size())} == Hex{expected});
  result = msgpack_gen::marshal_to(View{memory.data(), 2}, value);
  CHECK(result.error == EncodeError::too_small);

  // No memory at all.
  result = msgpack_gen::marshal_to(nullptr, 0, value);
  CHECK(result.error == EncodeError::too_small);
  CHECK(result.needed == expected.size());
}

TEST_CASE("MarshalResult says what happened", "[marshal-targets]") {
  MarshalResult result;
  CHECK(result.ok());
  CHECK(result.message() == "ok");
  std::uint8_t memory[3];
  result = msgpack_gen::marshal_to(memory, sizeof memory, std::string("four"));
  CHECK_FALSE(result.ok());
  CHECK_FALSE(static_cast<bool>(result));
  CHECK(result.message() == "the encoding needs 5 bytes, more than the memory holds");
  result = msgpack_gen::marshal_to(memory, 0, true);
  CHECK(result.message() == "the encoding needs 1 byte, more than the memory holds");
  CHECK(std::string(msgpack_gen::to_string(EncodeError::payload_too_long)) ==
        "a str, bin or ext payload over 4 GiB - 1 bytes");
  CHECK(std::string(msgpack_gen::to_string(EncodeError::time_out_of_range)) ==
        "a time_point beyond the timestamp's int64 seconds");
}

TEST_CASE("the marshal targets nest: a codec may call encoded_size while it is marshalled",
          "[marshal-targets]") {
  const sample::Prefixed value{{"x", letters(70), letters(3)}};
  const Bytes expected = by_buffer(value);
  // [size of the items' encoding, items]: 1 + 1 + (1 + 2 + 72 + 4) bytes.
  REQUIRE(expected.size() == 81);
  CHECK(expected[1] == 79);
  std::string text;
  REQUIRE(msgpack_gen::marshal(text, value));
  CHECK(tail_of(text, 0) == Hex{expected});
  CHECK(msgpack_gen::encoded_size(value) == expected.size());
  // Too small: marshal_to() goes on in the scratch Buffer while the codec asks for sizes.
  Bytes memory(10);
  const MarshalResult result = msgpack_gen::marshal_to(memory.data(), memory.size(), value);
  CHECK(result.error == EncodeError::too_small);
  CHECK(result.needed == expected.size());
}

TEST_CASE("threads marshal into their own targets at once", "[marshal-targets][threads]") {
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (std::size_t t = 0; t < failures.size(); ++t) {
    threads.emplace_back([t, &failures] {
      for (std::size_t i = 0; i < 300; ++i) {
        const std::vector<std::string> value(i % 7, letters(i + t, static_cast<char>('a' + t)));
        const Bytes expected = by_buffer(value);
        std::string text;
        std::uint8_t fixed[256];
        const MarshalResult to_fixed = msgpack_gen::marshal_to(fixed, value);
        const bool fits = expected.size() <= sizeof fixed;
        if (!msgpack_gen::marshal(text, value) || tail_of(text, 0) != Hex{expected} ||
            msgpack_gen::encoded_size(value) != expected.size() ||
            static_cast<bool>(to_fixed) != fits || to_fixed.needed != expected.size() ||
            (fits && Hex{Bytes(fixed, fixed + expected.size())} != Hex{expected})) {
          ++failures[t];
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(failures == std::vector<int>(failures.size(), 0));
}

// A str of 4 GiB or more cannot be encoded. Only its length is looked at, so a string_view that
// claims one is enough. With exceptions the targets throw std::length_error, as marshal(Buffer&)
// does; without, they report payload_too_long. Either way the container keeps what it held and
// nothing is written outside the memory given.
TEST_CASE("a value that cannot be encoded leaves every target as it was", "[marshal-targets]") {
  if constexpr (sizeof(std::size_t) <= sizeof(std::uint32_t)) {
    SUCCEED("no payload can reach 4 GiB with a 32-bit size_t");
    return;
  }
  static const char kByte = 'x';
  const std::size_t too_long = std::size_t{0xffffffffu} + 1;
  const std::string_view huge(&kByte, too_long);
  // Writer::str(), and a map's run of bounded writes (its bound is what tells the Buffer).
  const std::vector<std::string_view> through_writer{"before", huge, "after"};
  const std::map<std::string_view, std::int32_t> through_run{{"a", 1}, {huge, 2}};
  // 5,000 bytes first: a container written in place grows before the error.
  static const std::string kLong = letters(5000);
  const std::vector<std::string_view> after_growth{kLong, huge};
  const auto check = [](const auto& value) {
    std::string text = "kept";
    std::vector<std::uint8_t> bytes = {1, 2};
    Bytes memory(64 + 16, 0xa5);
    Buffer buffer;
    buffer.append("ab", 2);
#if MSGPACK_GEN_EXCEPTIONS
    CHECK_THROWS_AS(msgpack_gen::marshal(text, value), std::length_error);
    CHECK_THROWS_AS(msgpack_gen::marshal(bytes, value), std::length_error);
    CHECK_THROWS_AS(msgpack_gen::marshal_to(memory.data(), 64, value), std::length_error);
    CHECK_THROWS_AS(msgpack_gen::encoded_size(value), std::length_error);
    CHECK_THROWS_AS(msgpack_gen::marshal(buffer, value), std::length_error);
#else
    MarshalResult result = msgpack_gen::marshal(text, value);
    CHECK(result.error == EncodeError::payload_too_long);
    CHECK(result.size == 0);
    CHECK(result.needed == 0);
    CHECK(result.message() == "a str, bin or ext payload over 4 GiB - 1 bytes");
    result = msgpack_gen::marshal(bytes, value);
    CHECK(result.error == EncodeError::payload_too_long);
    result = msgpack_gen::marshal_to(memory.data(), 64, value);
    CHECK(result.error == EncodeError::payload_too_long);
    CHECK(result.size == 0);
    result = msgpack_gen::marshal_to(memory.data(), 2, value);  // too small and too long
    CHECK(result.error == EncodeError::payload_too_long);
    CHECK(msgpack_gen::encoded_size(value) == 0);
    // marshal(Buffer&) records the error in the Buffer and takes back what it wrote; a failed
    // Buffer takes no value until clear().
    msgpack_gen::marshal(buffer, value);
    CHECK(buffer.error() == EncodeError::payload_too_long);
    CHECK(buffer.size() == 2);
    msgpack_gen::marshal(buffer, 5);
    CHECK(buffer.size() == 2);
    buffer.clear();
    CHECK_FALSE(buffer.failed());
    msgpack_gen::marshal(buffer, 5);
    CHECK(buffer.size() == 1);
    // The targets work again afterwards.
    CHECK(msgpack_gen::marshal(text, 5));
    CHECK(text == "kept\x05");
    text = "kept";
#endif
    CHECK(text == "kept");
    CHECK(bytes == std::vector<std::uint8_t>{1, 2});
    for (std::size_t i = 64; i < memory.size(); ++i) REQUIRE(memory[i] == 0xa5);
  };
  check(through_writer);
  check(through_run);
  check(after_growth);
  check(std::optional<std::string_view>(huge));
}
