#pragma once
#include <msgpack_gen/annotate.hpp>
namespace rpc {
struct Value { int v; };
template <class T> struct Res { T result; int code; };
}
