#pragma once
#include <msgpack_gen/annotate.hpp>
#include <string>
namespace rpc {
struct Value { std::string text; };
template <class T> struct Res { T result; int code; };
template <> struct Res<Value> { Value value; std::string note; };
}
