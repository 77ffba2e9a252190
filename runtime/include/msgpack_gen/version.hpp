// The runtime's version, and the number of the runtime interface that generated code calls.
#pragma once

// The msgpack-gen release these headers belong to. CMakeLists.txt's project(VERSION) must say the
// same; configuring fails when they differ.
#define MSGPACK_GEN_VERSION_MAJOR 0
#define MSGPACK_GEN_VERSION_MINOR 1
#define MSGPACK_GEN_VERSION_PATCH 0
#define MSGPACK_GEN_VERSION_STRING "0.1.0"
// One number for `#if` tests: major * 10000 + minor * 100 + patch (0.1.0 is 100, 1.2.3 is 10203).
#define MSGPACK_GEN_VERSION \
  (MSGPACK_GEN_VERSION_MAJOR * 10000 + MSGPACK_GEN_VERSION_MINOR * 100 + MSGPACK_GEN_VERSION_PATCH)

// The generated-code ABI: what generated code relies on in these headers (codec<T>, Writer and
// Reader members, the namespace msgpack_gen::gen in gen/*.hpp, the entry points). It goes up when
// these headers change in a way that breaks code generated before; it does not follow the release
// version. msgpack-gen writes this number into every header it generates, which static_asserts that
// the runtime it is compiled against has the same.
#define MSGPACK_GEN_CODEGEN_ABI 2
