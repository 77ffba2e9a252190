// Included first into every translation unit of tests/ in a build with MSGPACK_GEN_NO_EXCEPTIONS
// (tests/CMakeLists.txt): stops the build if -fno-exceptions or -fno-rtti did not reach the
// compiler, so that the no-exception tests cannot pass by being compiled with exceptions after
// all.
#pragma once

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#error "MSGPACK_GEN_NO_EXCEPTIONS: this translation unit is compiled with exceptions"
#endif
#if defined(__cpp_rtti) || defined(__GXX_RTTI) || defined(_CPPRTTI)
#error "MSGPACK_GEN_NO_EXCEPTIONS: this translation unit is compiled with RTTI"
#endif
#ifndef CATCH_CONFIG_DISABLE_EXCEPTIONS
#error "MSGPACK_GEN_NO_EXCEPTIONS: Catch2 must be configured without exceptions in every TU"
#endif
