// Class templates with inline payloads, base classes, and the required/strict/as_string tags.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace generic {

// Go cannot write this; C++ can. The payload's fields go straight into the request's map.
template <class T>
struct Request {
  std::string mandatory;
  T payload MSGPACK_TAG(",inline");
};

struct Payload {
  int64_t id;
  std::string name;
};

struct Other {
  std::vector<std::string> tags;
  bool on MSGPACK_TAG(",omitempty");
};

// A template field of another template, and an inline template specialisation.
template <class T, int Version>
struct Envelope {
  Request<T> request;
  std::vector<Request<T>> history;
  int32_t version = Version;
};

struct UsesTemplates {
  Request<Payload> first;
  std::vector<Request<Other>> others;
  Request<Other> flattened MSGPACK_TAG(",inline");
};

struct Base {
  uint64_t id;
  std::string created_by;
};

struct Derived : Base {
  std::string title;
};

// msgpack-c's MSGPACK_BASE layout: each base is one value, under its name in map mode.
struct MSGPACK_TAG("nest_bases") NestedDerived : Base {
  std::string title;
};

struct MSGPACK_TAG("as_array") RowBase {
  uint64_t id;
};

struct MSGPACK_TAG("as_array,nest_bases") RowDerived : RowBase {
  std::string title;
};

enum class Status : int8_t { draft, published = 5, archived };

struct MSGPACK_TAG("strict") Checked {
  std::string name MSGPACK_TAG(",required");
  int32_t count MSGPACK_TAG("n,required");
  Status status MSGPACK_TAG(",as_string");
  int32_t extra = 7;  // absent keys keep their default member initialiser
};

}  // namespace generic
