// MSGPACK_TAG("...") attaches Go-style tag options to a field or a struct:
//
//   struct MSGPACK_TAG("as_array") UserTuple { ... };      // after the `struct` keyword
//   std::string name MSGPACK_TAG("username,omitempty");    // after the field's name
//
// While msgpack-gen parses the header (it defines MSGPACK_GEN_RUN) the macro becomes a clang
// annotate attribute the generator reads; in every other build it expands to nothing, so
// compilers never see it.
#pragma once

#if defined(MSGPACK_GEN_RUN)
#define MSGPACK_TAG(tag) __attribute__((annotate("msgpack:" tag)))
#else
#define MSGPACK_TAG(tag)
#endif
