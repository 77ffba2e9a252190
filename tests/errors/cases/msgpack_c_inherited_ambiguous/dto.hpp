#pragma once
#include <msgpack.hpp>
struct A { int a = 0; MSGPACK_DEFINE(a); };
struct B { int b = 0; MSGPACK_DEFINE(b); };
struct C : A, B {};
