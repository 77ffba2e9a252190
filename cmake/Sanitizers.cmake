# Sanitizer and fuzzing switches for the test build (CI's second build directory).
#
#   -DMSGPACK_GEN_SANITIZE=ON  everything that uses the runtime (tests, examples, benchmarks) and
#                              the generator itself (when built here) are built and linked with
#                              AddressSanitizer + UndefinedBehaviorSanitizer, and any finding
#                              aborts the process. libclang is not instrumented; leaks are not
#                              checked in the generator (see tool/CMakeLists.txt).
#   -DMSGPACK_GEN_FUZZ=ON      builds tests/fuzz (needs clang: -fsanitize=fuzzer) and registers
#                              the bounded fuzzing run with ctest.
#   -DMSGPACK_GEN_TSAN=ON      everything that uses the runtime is built with ThreadSanitizer
#                              (CI's third build directory, which builds only the runtime tests:
#                              BufferPool's thread-local slots and concurrent marshalling). It
#                              excludes MSGPACK_GEN_SANITIZE: the two runtimes cannot be combined.
option(MSGPACK_GEN_SANITIZE "Build the runtime's consumers with ASan and UBSan" OFF)
option(MSGPACK_GEN_FUZZ "Build the libFuzzer target over generated unmarshalers (clang only)" OFF)
option(MSGPACK_GEN_TSAN "Build the runtime's consumers with ThreadSanitizer" OFF)

set(MSGPACK_GEN_SANITIZER_FLAGS
  -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)

if(MSGPACK_GEN_SANITIZE)
  if(NOT TARGET msgpack_gen_runtime)
    message(FATAL_ERROR "include(Sanitizers) after the msgpack_gen_runtime target is defined")
  endif()
  # The runtime is header-only, so flags on its interface reach every binary that decodes.
  target_compile_options(msgpack_gen_runtime INTERFACE ${MSGPACK_GEN_SANITIZER_FLAGS})
  target_link_options(msgpack_gen_runtime INTERFACE ${MSGPACK_GEN_SANITIZER_FLAGS})
endif()

set(MSGPACK_GEN_TSAN_FLAGS -fsanitize=thread -fno-omit-frame-pointer)

if(MSGPACK_GEN_TSAN)
  if(MSGPACK_GEN_SANITIZE OR MSGPACK_GEN_FUZZ)
    message(FATAL_ERROR "MSGPACK_GEN_TSAN cannot be combined with MSGPACK_GEN_SANITIZE or "
                        "MSGPACK_GEN_FUZZ: use a build directory of its own")
  endif()
  if(NOT TARGET msgpack_gen_runtime)
    message(FATAL_ERROR "include(Sanitizers) after the msgpack_gen_runtime target is defined")
  endif()
  target_compile_options(msgpack_gen_runtime INTERFACE ${MSGPACK_GEN_TSAN_FLAGS})
  target_link_options(msgpack_gen_runtime INTERFACE ${MSGPACK_GEN_TSAN_FLAGS})
endif()

if(MSGPACK_GEN_FUZZ AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(WARNING "MSGPACK_GEN_FUZZ needs clang (libFuzzer); the fuzz target is not built with "
                  "${CMAKE_CXX_COMPILER_ID}. Configure with -DCMAKE_CXX_COMPILER=clang++-14.")
endif()
