#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian 12 (as root):
#  1. a g++ release build and every ctest test (generator, runtime, goldens, round trips,
#     Tarantool, CMake package, benchmark smoke);
#  2. a clang++ build with AddressSanitizer and UndefinedBehaviorSanitizer: the Catch2 suites
#     again, plus a bounded libFuzzer run over the generated unmarshalers;
#  3. a clang++ build with ThreadSanitizer of the runtime tests only (BufferPool's thread-local
#     slots, pools destroyed while threads live, concurrent marshalling).
set -euo pipefail
cd "$(dirname "$0")/.."
bash cmake/install-deps.sh all
jobs=$(nproc)

# The same folder as examples/run.sh, which turns tests and benchmark off: turn them on.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSGPACK_GEN_BUILD_TESTS=ON \
  -DMSGPACK_GEN_BUILD_EXAMPLES=ON -DMSGPACK_GEN_BUILD_BENCH=ON >/dev/null
cmake --build build -j "$jobs"
status=0
ctest --test-dir build --output-on-failure -j "$jobs" || status=1

# The sanitizer build reuses the generator built above instead of compiling it again.
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_SANITIZE=ON -DMSGPACK_GEN_FUZZ=ON \
  -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen" >/dev/null
cmake --build build-sanitize -j "$jobs"
ctest --test-dir build-sanitize --output-on-failure -j "$jobs" || status=1

# ThreadSanitizer: one binary, so the step stays cheap. --no-tests=error: a filter that matches
# nothing fails instead of passing silently.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_TSAN=ON -DMSGPACK_GEN_BUILD_EXAMPLES=OFF \
  -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen" >/dev/null
cmake --build build-tsan -j "$jobs" --target runtime_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R '^runtime_tests:' \
  --no-tests=error || status=1
exit $status
