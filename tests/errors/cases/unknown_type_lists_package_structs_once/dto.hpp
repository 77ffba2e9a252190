#pragma once
#include <msgpack.hpp>
namespace shop {
enum class Status { open, closed };
enum class Kind { a, b };
struct Order { int id; Status status; MSGPACK_DEFINE(id, status); };
struct Customer { int id; MSGPACK_DEFINE(id); };
}
MSGPACK_ADD_ENUM(shop::Status);
MSGPACK_ADD_ENUM(shop::Kind);
