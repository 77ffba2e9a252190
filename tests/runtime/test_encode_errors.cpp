// Values that cannot be encoded, with and without exceptions (docs/runtime.md, "Builds without
// exceptions or RTTI"): with exceptions they throw as they always have; without, the Buffer
// records an EncodeError, writes nothing of the value, and the entry points report it. The same
// cases run in both builds (tests/noexcept builds this file with -fno-exceptions -fno-rtti), each
// checking what its build promises.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../support/bytes.hpp"
#include "msgpack_gen/msgpack_gen.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::EncodeError;
using msgpack_gen::MarshalResult;
using msgpack_gen::Writer;
using test_support::Bytes;
using test_support::Hex;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MSGPACK_GEN_TEST_ASAN 1
#endif
#endif

namespace {

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
constexpr bool kCompiledWithExceptions = true;
#else
constexpr bool kCompiledWithExceptions = false;
#endif

// A payload length no msgpack header can carry; only the length is looked at, never the bytes.
constexpr std::size_t kTooLong = static_cast<std::size_t>(std::uint64_t{0xffffffffu} + 1);
const char kByte = 'x';

Hex content(const Buffer& buffer) {
  return Hex{Bytes(buffer.data(), buffer.data() + buffer.size())};
}

// A value whose codec writes a run of bounded values after one capacity check, as generated code
// does: [name, n, tail] in an array.
struct Run {
  std::string_view name;
  std::int64_t n = 0;
  std::string tail;
};

// A value whose codec refuses it through Buffer::fail(), as a hand-written codec may.
struct Refused {};

using Hours = std::chrono::time_point<std::chrono::system_clock, std::chrono::hours>;

}  // namespace

template <>
struct msgpack_gen::codec<Run> {
  static void encode(Writer& out, const Run& value) {
    Buffer& buffer = out.buffer();
    std::uint8_t* p =
        buffer.prepare(gen::encode::kMaxHeaderSize + gen::encode::max_size(value.name) +
                       gen::encode::max_size(value.n) + gen::encode::max_size(value.tail));
    p = gen::encode::array_header(p, 3);
    p = gen::encode::put(p, value.name);
    p = gen::encode::put(p, value.n);
    p = gen::encode::put(p, value.tail);
    buffer.commit(p);
  }
};

template <>
struct msgpack_gen::codec<Refused> {
  static void encode(Writer& out, const Refused&) {
    out.nil();
    out.buffer().fail(EncodeError::time_out_of_range);
  }
};

TEST_CASE("the runtime throws exactly when the compiler has exceptions on", "[encode-errors]") {
  STATIC_REQUIRE(static_cast<bool>(MSGPACK_GEN_EXCEPTIONS) == kCompiledWithExceptions);
}

TEST_CASE("a str, bin or ext over 4 GiB is not written", "[encode-errors]") {
  if constexpr (sizeof(std::size_t) <= sizeof(std::uint32_t)) {
    SUCCEED("no payload can reach 4 GiB with a 32-bit size_t");
    return;
  }
  Buffer buffer;
  Writer writer(buffer);
  writer.array_header(3);
#if MSGPACK_GEN_EXCEPTIONS
  CHECK_THROWS_AS(writer.str(&kByte, kTooLong), std::length_error);
  CHECK_THROWS_AS(writer.bin(&kByte, kTooLong), std::length_error);
  CHECK_THROWS_AS(writer.ext(1, &kByte, kTooLong), std::length_error);
  CHECK_FALSE(buffer.failed());
#else
  writer.str(&kByte, kTooLong);
  CHECK(buffer.error() == EncodeError::payload_too_long);
  writer.bin(&kByte, kTooLong);
  writer.ext(1, &kByte, kTooLong);
  CHECK(buffer.error() == EncodeError::payload_too_long);
#endif
  // Nothing of them was written, and the writer goes on.
  writer.uint(7);
  CHECK(content(buffer) == test_support::hex({0x93, 0x07}));
  // Exactly 4 GiB - 1 is a length msgpack has: only its header is looked at here.
  CHECK(msgpack_gen::detail::payload_fits(0xffffffffu));
  CHECK_FALSE(msgpack_gen::detail::payload_fits(kTooLong));
}

TEST_CASE("a run of bounded writes with a payload over 4 GiB keeps room for its other values",
          "[encode-errors]") {
  if constexpr (sizeof(std::size_t) <= sizeof(std::uint32_t)) {
    SUCCEED("no payload can reach 4 GiB with a 32-bit size_t");
    return;
  }
  const Run fits{"name", -5, "tail"};
  const Run too_long{std::string_view(&kByte, kTooLong), -5, std::string(300, 't')};
  Buffer buffer;
  msgpack_gen::marshal(buffer, fits);
  CHECK(content(buffer) == Hex{test_support::from_hex("93 a4 6e616d65 fb a4 7461696c")});
  buffer.clear();
  buffer.append("\x01", 1);
#if MSGPACK_GEN_EXCEPTIONS
  // max_size() throws before the run prepares anything.
  CHECK_THROWS_AS(msgpack_gen::marshal(buffer, too_long), std::length_error);
  CHECK(buffer.size() == 1);
#else
  // The bound told Buffer::prepare(), which recorded the error and made room for the rest; put()
  // skipped the payload. marshal() then took the value's bytes back out.
  Writer writer(buffer);
  msgpack_gen::codec<Run>::encode(writer, too_long);
  CHECK(buffer.error() == EncodeError::payload_too_long);
  REQUIRE(buffer.size() == 1 + 1 + 1 + 3 + 300);
  CHECK(buffer.data()[1] == 0x93);
  CHECK(buffer.data()[2] == 0xfb);
  CHECK(buffer.capacity() >= buffer.size());
  CHECK(buffer.capacity() < (std::size_t{1} << 32));
  buffer.clear();
  buffer.append("\x01", 1);
  msgpack_gen::marshal(buffer, too_long);
  CHECK(buffer.error() == EncodeError::payload_too_long);
  CHECK(buffer.size() == 1);
#endif
}

TEST_CASE("a time_point beyond the timestamp's seconds is not encoded", "[encode-errors]") {
  const Hours beyond{Hours::duration(std::numeric_limits<std::int64_t>::max())};
  const Hours fine{Hours::duration(24)};
  Buffer buffer;
  msgpack_gen::marshal(buffer, fine);
  CHECK(content(buffer) == Hex{test_support::from_hex("d6 ff 00 01 51 80")});
  std::string text = "kept";
#if MSGPACK_GEN_EXCEPTIONS
  CHECK_THROWS_AS(msgpack_gen::marshal(buffer, beyond), std::overflow_error);
  CHECK_THROWS_AS(msgpack_gen::marshal(text, beyond), std::overflow_error);
  CHECK_THROWS_AS(msgpack_gen::encoded_size(beyond), std::overflow_error);
#else
  msgpack_gen::marshal(buffer, std::vector<Hours>{fine, beyond});
  CHECK(buffer.error() == EncodeError::time_out_of_range);
  CHECK(buffer.size() == 6);  // the first time_point alone: the vector's bytes were taken back
  const MarshalResult result = msgpack_gen::marshal(text, beyond);
  CHECK(result.error == EncodeError::time_out_of_range);
  CHECK(result.message() == "a time_point beyond the timestamp's int64 seconds");
  CHECK(msgpack_gen::encoded_size(beyond) == 0);
#endif
  CHECK(text == "kept");
}

TEST_CASE("a Buffer's error stays until clear() and goes with its bytes", "[encode-errors]") {
  Buffer buffer;
  CHECK_FALSE(buffer.failed());
  CHECK(buffer.error() == EncodeError::none);
  buffer.append("ab", 2);
  buffer.fail(EncodeError::time_out_of_range);
  buffer.fail(EncodeError::payload_too_long);  // the first error stays
  CHECK(buffer.error() == EncodeError::time_out_of_range);
  buffer.append("c", 1);  // a failed Buffer still takes raw bytes
  CHECK(buffer.size() == 3);

  Buffer copy(buffer);
  CHECK(copy.error() == EncodeError::time_out_of_range);
  Buffer moved(std::move(copy));
  CHECK(moved.error() == EncodeError::time_out_of_range);
  CHECK(copy.error() == EncodeError::none);  // moved from
  Buffer other;
  other.swap(moved);
  CHECK(other.error() == EncodeError::time_out_of_range);
  CHECK(moved.error() == EncodeError::none);

  buffer.truncate(1);
  CHECK(buffer.failed());
  buffer.clear();
  CHECK_FALSE(buffer.failed());
  CHECK(buffer.capacity() >= 3);
}

TEST_CASE("a hand-written codec refuses a value with Buffer::fail()", "[encode-errors]") {
  const std::vector<Refused> value(2);
  std::string text = "kept";
  MarshalResult result = msgpack_gen::marshal(text, value);
  CHECK(result.error == EncodeError::time_out_of_range);
  CHECK(text == "kept");
  std::uint8_t memory[16];
  result = msgpack_gen::marshal_to(memory, value);
  CHECK(result.error == EncodeError::time_out_of_range);
  CHECK(result.size == 0);
  CHECK(msgpack_gen::encoded_size(value) == 0);

  Buffer buffer;
  buffer.append("\x01", 1);
  msgpack_gen::marshal(buffer, value);
  CHECK(buffer.error() == EncodeError::time_out_of_range);
#if MSGPACK_GEN_EXCEPTIONS
  // With exceptions marshal(Buffer&) does not look at error(): the runtime's own errors throw.
  CHECK(buffer.size() == 1 + 3);
#else
  CHECK(buffer.size() == 1);
#endif
}

TEST_CASE("a Buffer asked for more memory than there is", "[encode-errors]") {
  Buffer buffer;
  buffer.append("ab", 2);
#if MSGPACK_GEN_EXCEPTIONS
  // A size that would wrap around: std::bad_alloc before realloc() is asked.
  CHECK_THROWS_AS(buffer.prepare(std::numeric_limits<std::size_t>::max()), std::bad_alloc);
  // realloc() failing: std::bad_alloc. (AddressSanitizer's allocator stops the program on such a
  // request instead of returning null.)
#if !defined(__SANITIZE_ADDRESS__) && !defined(MSGPACK_GEN_TEST_ASAN)
  CHECK_THROWS_AS(buffer.reserve(std::numeric_limits<std::size_t>::max() / 2), std::bad_alloc);
#endif
  CHECK(buffer.size() == 2);
#else
  // std::terminate(): the noexcept_out_of_memory test (tests/noexcept) runs that in a process of
  // its own. Here, that a large but possible request is served.
  std::uint8_t* p = buffer.prepare(std::size_t{1} << 20);
  p[(std::size_t{1} << 20) - 1] = 1;
  CHECK(buffer.capacity() >= (std::size_t{1} << 20) + 2);
#endif
}
