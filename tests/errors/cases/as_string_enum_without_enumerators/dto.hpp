#pragma once
#include <msgpack_gen/annotate.hpp>
enum class Code : int {};
struct Order {
  Code code MSGPACK_TAG(",as_string");
};
