// Issue 19, items 7-9: a requested type declared outside the package (Msg, whose code goes into
// api.msgpack.hpp), a type requested through an alias (OrderEnvelope), and a class template's
// generated header that is enough to use an instance (envelope.msgpack.hpp includes the codec
// of inv::Order). This file includes nothing else generated on purpose.
#include <catch2/catch.hpp>

#include <msgpack_gen/msgpack_gen.hpp>

#include "api.msgpack.hpp"
#include "envelope.msgpack.hpp"

namespace {

// The bytes of a string literal, embedded NULs included.
template <std::size_t N>
std::string literal(const char (&text)[N]) {
  return std::string(text, N - 1);
}

template <class T>
std::string bytes_of(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

TEST_CASE("an instance is usable with its template's generated header alone", "[semantics]") {
  OrderEnvelope envelope;
  envelope.kind = "order";
  envelope.version = 3;
  envelope.payload.id = 42;
  envelope.payload.item = "tea";
  const std::string bytes = bytes_of(envelope);
  // {"kind": "order", "version": 3, "payload": {"id": 42, "item": "tea"}}
  CHECK(bytes == literal("\x83\xa4kind\xa5order\xa7version\x03\xa7payload"
                         "\x82\xa2id\x2a\xa4item\xa3tea"));
  OrderEnvelope decoded;
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), decoded));
  CHECK(decoded.kind == "order");
  CHECK(decoded.version == 3);
  CHECK(decoded.payload.id == 42);
  CHECK(decoded.payload.item == "tea");
}

TEST_CASE("a type declared outside the package gets its code with the header including it",
          "[semantics]") {
  Msg msg;
  msg.code = 500;
  msg.text = "down";
  const std::string bytes = bytes_of(msg);
  CHECK(bytes == literal("\x82\xa4"
                         "code\xcd\x01\xf4\xa4text\xa4"
                         "down"));
  Msg decoded;
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), decoded));
  CHECK(decoded.code == 500);
  CHECK(decoded.text == "down");
}

}  // namespace
