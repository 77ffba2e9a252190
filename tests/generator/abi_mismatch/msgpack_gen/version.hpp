// Stands in for the runtime headers of a msgpack-gen whose generated-code ABI (999) is not the real
// one: the test generator:generated_code_checks_runtime_abi puts this folder before
// runtime/include, so generated headers meet this version.hpp and the rest of the real runtime.
#pragma once

#define MSGPACK_GEN_VERSION_MAJOR 9
#define MSGPACK_GEN_VERSION_MINOR 0
#define MSGPACK_GEN_VERSION_PATCH 0
#define MSGPACK_GEN_VERSION_STRING "9.0.0"
#define MSGPACK_GEN_VERSION 90000
#define MSGPACK_GEN_CODEGEN_ABI 999
