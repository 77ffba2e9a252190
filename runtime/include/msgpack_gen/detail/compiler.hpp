// Hints for the hot paths: keep the fast path small and inlined, move error handling out of it.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define MSGPACK_GEN_ALWAYS_INLINE inline __attribute__((always_inline))
#define MSGPACK_GEN_COLD __attribute__((noinline, cold))
#define MSGPACK_GEN_NOINLINE __attribute__((noinline))
#define MSGPACK_GEN_LIKELY(x) __builtin_expect(!!(x), 1)
#define MSGPACK_GEN_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define MSGPACK_GEN_ALWAYS_INLINE inline
#define MSGPACK_GEN_COLD
#define MSGPACK_GEN_NOINLINE
#define MSGPACK_GEN_LIKELY(x) (x)
#define MSGPACK_GEN_UNLIKELY(x) (x)
#endif

// Whether the runtime may throw: on when the compiler has exceptions on (GCC and Clang define
// __cpp_exceptions and __EXCEPTIONS, MSVC _CPPUNWIND), off under -fno-exceptions. Then the three
// errors that throw with exceptions (a str, bin or ext payload over 4 GiB, a time_point beyond
// the timestamp's seconds, memory that cannot be had) take other paths: docs/runtime.md, "Builds
// without exceptions or RTTI". May be defined to 0 before any runtime header to get those paths
// with exceptions on; every translation unit of a program must then agree. The runtime uses no
// RTTI (no typeid, no dynamic_cast), so -fno-rtti needs nothing.
#ifndef MSGPACK_GEN_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define MSGPACK_GEN_EXCEPTIONS 1
#else
#define MSGPACK_GEN_EXCEPTIONS 0
#endif
#endif
