// Helpers the generated-code tests share: encode with either library, decode or fail the test.
#pragma once

#include <catch2/catch.hpp>

#include <msgpack.hpp>
#include <string>

#include <msgpack_gen/marshal.hpp>

#include "../support/bytes.hpp"

namespace test_support {

// msgpack-gen's encoding of value.
template <class T>
std::string ours(const T& value) {
  return encode<std::string>(value);
}

// msgpack-c's encoding of value.
template <class T>
std::string theirs(const T& value) {
  msgpack::sbuffer buffer;
  msgpack::pack(buffer, value);
  return std::string(buffer.data(), buffer.size());
}

// Decodes bytes into value; the test fails (with the error message) if that fails.
template <class T>
void decode_into(const std::string& bytes, T& value) {
  msgpack_gen::Status status = decode(bytes, value);
  INFO(status.message());
  REQUIRE(status);
}

// bytes decoded into a fresh T; the test fails if they do not decode.
template <class T>
T decoded(const std::string& bytes) {
  T value{};
  decode_into(bytes, value);
  return value;
}

}  // namespace test_support
