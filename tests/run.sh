#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian 12 (as root):
#  1. a g++ release build and every ctest test (generator, runtime, goldens, round trips,
#     Tarantool, CMake package, benchmark smoke);
#  2. a clang++ build with AddressSanitizer and UndefinedBehaviorSanitizer, the generator
#     included: the Catch2 suites and the generator's tests again, plus a bounded libFuzzer run
#     over the generated unmarshalers;
#  3. a clang++ build with ThreadSanitizer of the runtime tests only (BufferPool's thread-local
#     slots, pools destroyed while threads live, concurrent marshalling).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# Seconds per phase, printed as each ends and again at the end.
phase_start=$SECONDS
phases=()
phase() {
  phases+=("$(printf '%5ds  %s' $((SECONDS - phase_start)) "$1")")
  echo "== ${phases[-1]}"
  phase_start=$SECONDS
}
bash cmake/install-deps.sh all
phase "dependencies"

# The same folder as examples/run.sh, which turns tests and benchmark off: turn them on.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSGPACK_GEN_BUILD_TESTS=ON \
  -DMSGPACK_GEN_BUILD_EXAMPLES=ON -DMSGPACK_GEN_BUILD_BENCH=ON >/dev/null
cmake --build build -j "$jobs"
status=0
phase "release build"
ctest --test-dir build --output-on-failure -j "$jobs" || status=1
phase "release tests"

# The sanitizer build instruments the generator too, so the tests that run it (errors,
# contracts, goldens) check its own code; the CMake consumer scenarios (label cmake) proved the
# package above and are not run again.
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_SANITIZE=ON -DMSGPACK_GEN_FUZZ=ON >/dev/null
cmake --build build-sanitize -j "$jobs"
ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -LE cmake || status=1
phase "ASan/UBSan build and tests"

# ThreadSanitizer: one binary, so the step stays cheap. --no-tests=error: a filter that matches
# nothing fails instead of passing silently.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_TSAN=ON -DMSGPACK_GEN_BUILD_EXAMPLES=OFF \
  -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen" >/dev/null
cmake --build build-tsan -j "$jobs" --target runtime_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R '^runtime_tests:' \
  --no-tests=error || status=1
phase "TSan build and tests"
printf 'phases:\n'
printf '  %s\n' "${phases[@]}"
exit $status
