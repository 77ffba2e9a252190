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
