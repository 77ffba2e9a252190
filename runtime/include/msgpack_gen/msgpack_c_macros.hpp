// msgpack-c's reflection macros, declared to expand to nothing: for DTO headers that keep
// MSGPACK_DEFINE... as their schema once msgpack-c itself is gone from a build. msgpack-gen reads
// the macro invocations themselves, so the generated code is the same with either definition.
//
//   #include <msgpack_gen/msgpack_c_macros.hpp>  // instead of <msgpack.hpp>
//   struct Point { int x, y; MSGPACK_DEFINE(x, y); };
//
// Include it instead of <msgpack.hpp>, not with it: msgpack-c's own definitions win if they
// come first, and this header defines only what is not defined yet.
#pragma once

#ifndef MSGPACK_DEFINE_ARRAY
#define MSGPACK_DEFINE_ARRAY(...)
#endif
#ifndef MSGPACK_DEFINE_MAP
#define MSGPACK_DEFINE_MAP(...)
#endif
#ifndef MSGPACK_NVP
#define MSGPACK_NVP(name, value)
#endif
#ifndef MSGPACK_BASE_ARRAY
#define MSGPACK_BASE_ARRAY(base)
#endif
#ifndef MSGPACK_BASE_MAP
#define MSGPACK_BASE_MAP(base)
#endif
#ifndef MSGPACK_ADD_ENUM
#define MSGPACK_ADD_ENUM(enum_name)
#endif
// As in msgpack-c: the plain names are the array forms unless MSGPACK_USE_DEFINE_MAP is defined.
#if defined(MSGPACK_USE_DEFINE_MAP)
#ifndef MSGPACK_DEFINE
#define MSGPACK_DEFINE MSGPACK_DEFINE_MAP
#endif
#ifndef MSGPACK_BASE
#define MSGPACK_BASE MSGPACK_BASE_MAP
#endif
#else
#ifndef MSGPACK_DEFINE
#define MSGPACK_DEFINE MSGPACK_DEFINE_ARRAY
#endif
#ifndef MSGPACK_BASE
#define MSGPACK_BASE MSGPACK_BASE_ARRAY
#endif
#endif
