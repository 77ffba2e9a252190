// Helpers the generated-code tests share: encode with either library, decode or fail the test.
#pragma once

#include <catch2/catch.hpp>

#include <msgpack.hpp>
#include <string>

#include <msgpack_gen/marshal.hpp>

namespace test_support {

// msgpack-gen's encoding of value.
template <class T>
std::string ours(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
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
  msgpack_gen::Status status = msgpack_gen::unmarshal(bytes.data(), bytes.size(), value);
  INFO(status.message());
  REQUIRE(status);
}

template <class T>
T decode(const std::string& bytes) {
  T value{};
  decode_into(bytes, value);
  return value;
}

}  // namespace test_support
