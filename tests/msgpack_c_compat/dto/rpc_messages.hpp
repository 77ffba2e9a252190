// RPC messages in the shape of an rpclib-style protocol: every message is a msgpack array whose
// first element says what it is (request, response, notification), as msgpack-RPC specifies.
// Written for msgpack-c (MSGPACK_DEFINE is the array form); msgpack-gen reads it unchanged.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rpc {

enum class MessageType : std::uint8_t { request = 0, response = 1, notification = 2 };

}  // namespace rpc

MSGPACK_ADD_ENUM(rpc::MessageType);

namespace rpc {

// The arguments of a call: positional, so an array like a std::tuple would be.
struct CallParams {
  bool flag = false;
  std::int8_t i8 = 0;
  std::int16_t i16 = 0;
  std::int32_t i32 = 0;
  std::int64_t i64 = 0;
  std::uint8_t u8 = 0;
  std::uint16_t u16 = 0;
  std::uint32_t u32 = 0;
  std::uint64_t u64 = 0;
  float f32 = 0;
  double f64 = 0;
  std::string text;
  MSGPACK_DEFINE(flag, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, text);
};

// [0, msgid, method, params]
struct Request {
  MessageType type = MessageType::request;
  std::uint32_t msgid = 0;
  std::string method;
  CallParams params;
  MSGPACK_DEFINE(type, msgid, method, params);
};

struct Error {
  std::int32_t code = 0;
  std::string message;
  std::vector<std::string> details;
  MSGPACK_DEFINE_ARRAY(code, message, details);
};

// [1, msgid, error-or-nil, result]
struct Response {
  MessageType type = MessageType::response;
  std::uint32_t msgid = 0;
  std::optional<Error> error;
  std::vector<std::int64_t> result;
  MSGPACK_DEFINE_ARRAY(type, msgid, error, result);

  bool ok() const { return !error.has_value(); }
};

// [2, method, params]: no msgid, nobody answers.
struct Notification {
  MessageType type = MessageType::notification;
  std::string method;
  std::vector<double> params;
  std::optional<std::string> origin;
  MSGPACK_DEFINE(type, method, params, origin);
};

// Control messages share an envelope, which MSGPACK_BASE writes as their first element.
struct Envelope {
  MessageType type = MessageType::notification;
  std::uint32_t msgid = 0;
  MSGPACK_DEFINE(type, msgid);
};

// Asks the server to drop a call still running: [[type, msgid], reason, deadline_ms].
struct Cancel : Envelope {
  std::string reason;
  std::optional<std::uint64_t> deadline_ms;
  MSGPACK_DEFINE(MSGPACK_BASE(Envelope), reason, deadline_ms);
};

// A batch of calls sent in one frame.
struct Batch {
  std::vector<Request> calls;
  std::vector<Notification> events;
  std::uint16_t window = 0;
  MSGPACK_DEFINE(calls, events, window);
};

}  // namespace rpc
