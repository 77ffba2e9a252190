#pragma once
#include <msgpack.hpp>
struct Base { int a = 0; MSGPACK_DEFINE(a); };
struct Hidden : private Base { int b = 0; };
