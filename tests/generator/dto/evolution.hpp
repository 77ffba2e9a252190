// Schema evolution: an older version of each DTO (v1) keeps what a newer peer (v2) added in a
// msgpack_gen::UnknownFields member, and writes it back. test_evolution.cpp plays the service
// in the middle: v2 bytes -> v1 (edit one field) -> bytes -> v2, every v2 field intact.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/ext/datetime.hpp>
#include <msgpack_gen/ext/decimal.hpp>
#include <msgpack_gen/ext/uuid.hpp>
#include <msgpack_gen/reader.hpp>
#include <msgpack_gen/unknown_fields.hpp>

namespace evolution {

namespace v2 {

struct Address {
  std::string city;
  std::vector<std::string> lines;
  std::map<std::string, std::int64_t> codes;
};

// Map mode, string keys: three fields more than v1, one a nested struct, two extension types.
struct User {
  std::uint64_t id = 0;
  std::string name;
  Address address;
  msgpack_gen::Datetime created;
  std::optional<msgpack_gen::Uuid> session;
  std::vector<double> scores;
};

// Array mode (a Tarantool tuple): two more elements at the end.
struct MSGPACK_TAG("as_array") Row {
  std::uint64_t id = 0;
  std::string name;
  msgpack_gen::Decimal balance;
  Address address;
};

// Integer keys (IPROTO style): two more keys, one between v1's.
struct Keyed {
  std::uint32_t sync MSGPACK_TAG("#1") = 0;
  std::string body MSGPACK_TAG("#3");
  std::vector<std::uint8_t> blob MSGPACK_TAG("#2");
  msgpack_gen::Uuid trace MSGPACK_TAG("#40");
};

struct Meta {
  std::string owner;
  std::int32_t version = 0;
};

// Inline fields: v1 inlines an older Meta and keeps what neither knows.
struct Document {
  std::string title;
  Meta meta MSGPACK_TAG(",inline");
  std::string summary;
  std::vector<Address> places;
};

// msgpack-go-gen's request: the caller appends two pairs after marshal().
struct Request {
  std::string method;
  std::vector<std::int64_t> args;
  std::string deadline;
  int alterFieldCount() const { return 2; }
};

}  // namespace v2

namespace v1 {

struct User {
  std::uint64_t id = 0;
  std::string name;
  msgpack_gen::UnknownFields unknown;
};

struct MSGPACK_TAG("as_array") Row {
  std::uint64_t id = 0;
  std::string name;
  msgpack_gen::UnknownFields rest;
};

struct Keyed {
  std::uint32_t sync MSGPACK_TAG("#1") = 0;
  std::string body MSGPACK_TAG("#3");
  msgpack_gen::UnknownFields unknown;
};

struct Meta {
  std::string owner;
};

struct Document {
  std::string title;
  Meta meta MSGPACK_TAG(",inline");
  msgpack_gen::UnknownFields unknown;
};

// Appends "funcname" and "reqid" after marshal() and reads them back with readExtraField; what
// the hook leaves (keys of newer peers) is kept.
struct Request {
  std::string method;
  msgpack_gen::UnknownFields unknown;
  std::string funcname MSGPACK_TAG("-");
  std::uint64_t reqid MSGPACK_TAG("-") = 0;
  int alterFieldCount() const { return 2; }
  bool readExtraField(std::string_view key, msgpack_gen::Reader& in) {
    if (key == "funcname") return msgpack_gen::read_value(in, funcname);
    if (key == "reqid") return msgpack_gen::read_value(in, reqid);
    return false;
  }
};

// The member in a base: a derived struct keeps its unknown fields there.
struct Base {
  std::uint64_t id = 0;
  msgpack_gen::UnknownFields unknown;
};
struct Derived : Base {
  std::string name;
};

// A private member, reached as generated code reaches private fields.
class MSGPACK_TAG("private_fields") Account {
 public:
  const msgpack_gen::UnknownFields& unknown() const { return unknown_; }
  std::uint64_t id() const { return id_; }
  void set_id(std::uint64_t id) { id_ = id; }

 private:
  std::uint64_t id_ = 0;
  msgpack_gen::UnknownFields unknown_;
};

}  // namespace v1

}  // namespace evolution
