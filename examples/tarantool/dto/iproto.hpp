// Tarantool's binary protocol (IPROTO) as generated DTOs. Every packet is
//   <0xce + uint32 length> <header map> <body map>
// and both maps are keyed by small integers, hence the "#0x.." tags. Constants are from
// Tarantool's iproto_constants.h (as documented in "Binary protocol").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/annotate.hpp>
#include <msgpack_gen/ext/raw.hpp>

namespace iproto {

enum class RequestType : uint32_t {
  select = 0x01,
  insert = 0x02,
  replace = 0x03,
  call = 0x0a,
  ping = 0x40,
};

enum class Iterator : uint32_t { eq = 0, req = 1, all = 2, lt = 3, le = 4, ge = 5, gt = 6 };

// A response's code (header key 0x00) is 0 on success, else this bit plus Tarantool's errcode.
constexpr uint32_t kErrorBit = 0x8000;

struct RequestHeader {
  RequestType request_type MSGPACK_TAG("#0x00");
  uint64_t sync MSGPACK_TAG("#0x01");
  // Sent only when set: the server then refuses the request if its schema changed.
  std::optional<uint64_t> schema_version MSGPACK_TAG("#0x05,omitempty");
};

// The request bodies carry the user's tuples and keys as already-encoded msgpack, so one body
// type serves every space: the client marshals the tuple first and points the view at it.
struct SelectBody {
  uint32_t space_id MSGPACK_TAG("#0x10");
  uint32_t index_id MSGPACK_TAG("#0x11");
  uint32_t limit MSGPACK_TAG("#0x12");  // tarantool 2.6 requires it
  uint32_t offset MSGPACK_TAG("#0x13");
  Iterator iterator MSGPACK_TAG("#0x14");
  msgpack_gen::RawMsgpackView key MSGPACK_TAG("#0x20");  // an array of key parts
};

// INSERT and REPLACE.
struct TupleBody {
  uint32_t space_id MSGPACK_TAG("#0x10");
  msgpack_gen::RawMsgpackView tuple MSGPACK_TAG("#0x21");
};

// CALL (the 1.7+ call, whose result is every value the function returns, as an array).
struct CallBody {
  std::string_view function_name MSGPACK_TAG("#0x22");
  msgpack_gen::RawMsgpackView args MSGPACK_TAG("#0x21");  // an array of arguments
};

struct ResponseHeader {
  uint32_t code MSGPACK_TAG("#0x00");
  uint64_t sync MSGPACK_TAG("#0x01");
  uint64_t schema_version MSGPACK_TAG("#0x05");
};

// One entry of the error stack Tarantool >= 2.4 sends under key 0x52 (MP_ERROR).
struct ErrorFrame {
  std::string type MSGPACK_TAG("#0x00");  // "ClientError", "LuajitError", ...
  std::string file MSGPACK_TAG("#0x01");
  uint32_t line MSGPACK_TAG("#0x02");
  std::string message MSGPACK_TAG("#0x03");
  uint32_t saved_errno MSGPACK_TAG("#0x04");
  uint32_t code MSGPACK_TAG("#0x05");
  msgpack_gen::RawMsgpack fields MSGPACK_TAG("#0x06");  // type-specific extras, kept as msgpack
};

struct ErrorStack {
  std::vector<ErrorFrame> frames MSGPACK_TAG("#0x00");
};

// Decode-only: data on success, the error on failure. The views point into the packet.
struct ResponseBody {
  msgpack_gen::RawMsgpackView data MSGPACK_TAG("#0x30");  // an array: tuples or call results
  std::string error MSGPACK_TAG("#0x31");                 // IPROTO_ERROR_24: the message
  std::optional<ErrorStack> error_stack MSGPACK_TAG("#0x52");
};

}  // namespace iproto
