#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian 12 (as root; docs/testing.md):
#  1. a g++ release build and every ctest test (generator, runtime, goldens, round trips,
#     Tarantool, CMake package, benchmark smoke);
#  2. a clang++ build with AddressSanitizer and UndefinedBehaviorSanitizer, the generator
#     included: the Catch2 suites and the generator's tests again, plus a bounded libFuzzer run
#     over the generated unmarshalers;
#  3. a clang++ build with ThreadSanitizer of the runtime, stream and socket tests only
#     (BufferPool's thread-local slots, pools destroyed while threads live, concurrent
#     marshalling; the stream decoder, and loopback servers and clients in threads);
#  3b. the tests that need no msgpack-c built with -fno-exceptions -fno-rtti, with clang++ (all)
#     and g++ (round trips, hostile input, marshal targets), and run;
#  4. the generator built against libclang 19 (Debian 12's newest), with its own tests (goldens
#     byte for byte, error messages, contracts) and the goldens compiled with clang++-19;
#  5. cross builds of the runtime and generated-code tests (tests/CMakeLists.txt says which), run
#     under qemu-user for s390x (big-endian) and aarch64, and under wine for Windows x86-64.
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
# The later steps' packages (libclang 19, cross compilers, emulators: mostly download time) are
# installed while the builds compile; after this configure, so that what it finds (clang++-19
# for the golden compile tests) does not depend on how far that got.
later_deps_log=$(mktemp)
bash cmake/install-deps.sh clang19 cross >"$later_deps_log" 2>&1 &
later_deps=$!
cmake --build build -j "$jobs"
status=0
phase "release build"
ctest --test-dir build --output-on-failure -j "$jobs" || status=1
phase "release tests"

# The sanitizer build instruments the generator too, so the tests that run it (errors,
# contracts, goldens) check its own code; the CMake consumer scenarios (label cmake) proved the
# package above, and the compile tests (label compile) compile checked-in goldens: neither runs
# again. -O1 and line tables only (enough for the sanitizers' reports to name file and line):
# RelWithDebInfo's -O2 -g made this the longest phase (a heavy test file: 82 s against 59 s).
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_SANITIZE=ON -DMSGPACK_GEN_FUZZ=ON >/dev/null
cmake --build build-sanitize -j "$jobs"
ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -LE '^(cmake|compile)$' || status=1
phase "ASan/UBSan build and tests"

# ThreadSanitizer: three binaries, so the step stays cheap. --no-tests=error: a filter that
# matches nothing fails instead of passing silently.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DMSGPACK_GEN_TSAN=ON -DMSGPACK_GEN_BUILD_EXAMPLES=OFF \
  -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen" >/dev/null
cmake --build build-tsan -j "$jobs" --target runtime_tests stream_tests socket_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" \
  -R '^(runtime_tests|socket_tests|stream_tests):' --no-tests=error || status=1
phase "TSan build and tests"

# Without exceptions and RTTI (MSGPACK_GEN_NO_EXCEPTIONS, tests/CMakeLists.txt): the tests that
# need no msgpack-c (which needs exceptions), every TU compiled with -fno-exceptions -fno-rtti:
# with clang++ all of them (round trips, hostile input, the stream decoder, the fuzz corpus, the
# marshal targets and encode errors, the extension types, out of memory), with g++ the round
# trips, hostile input and marshal targets; each build runs what it built. The release build's
# generator writes the code; -O1 as in the cross builds (behaviour without exceptions, not speed).
noexcept_args=(-G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG"
  -DMSGPACK_GEN_NO_EXCEPTIONS=ON -DMSGPACK_GEN_BUILD_EXAMPLES=OFF -DMSGPACK_GEN_INSTALL=OFF
  -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen")
cmake -S . -B build-noexcept -DCMAKE_CXX_COMPILER=clang++-14 "${noexcept_args[@]}" >/dev/null
cmake --build build-noexcept -j "$jobs"
ctest --test-dir build-noexcept --output-on-failure -j "$jobs" --no-tests=error || status=1
cmake -S . -B build-noexcept-gcc -DCMAKE_CXX_COMPILER=g++ "${noexcept_args[@]}" >/dev/null
cmake --build build-noexcept-gcc -j "$jobs" --target generated_code_tests hostile_tests \
  marshal_target_tests
ctest --test-dir build-noexcept-gcc --output-on-failure -j "$jobs" \
  -R '^(generated_code_tests|hostile_tests|marshal_target_tests):' --no-tests=error || status=1
phase "no exceptions, no RTTI: build and tests"

# libclang 19: only the generator is built (against libclang 19, with g++), and only the tests
# that run it, the goldens byte for byte as with libclang 14; and the goldens compiled with
# clang++-19 (the other compilers' compile tests ran above).
if ! wait "$later_deps"; then
  cat "$later_deps_log"
  echo "run.sh: installing the libclang 19 and cross packages failed" >&2
  exit 1
fi
phase "waiting for the libclang 19 and cross packages"
# -O1: the generator's time goes to libclang; its own code needs no -O3 for these tests.
cmake -S . -B build-clang19 -G Ninja -DCMAKE_BUILD_TYPE=Release -DLibClang_ROOT=/usr/lib/llvm-19 \
  "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" -DMSGPACK_GEN_BUILD_TESTS=ON \
  -DMSGPACK_GEN_BUILD_EXAMPLES=OFF >/dev/null
cmake --build build-clang19 -j "$jobs" --target msgpack-gen
ctest --test-dir build-clang19 --output-on-failure -j "$jobs" \
  -R '^(generator:|errors:|contract:|msgpack_c_compat:golden)' \
  -E '^generator:compiles_(.*_)?(g\+\+|clang\+\+-14)(_cxx[0-9]+)?$' --no-tests=error || status=1
phase "libclang 19 generator and its tests"

# Cross builds: the release build's generator writes the code, the cross compiler builds the
# tests, ctest runs them through the toolchain's emulator (cmake/toolchains/). -O1: these builds
# test the target's byte order and type sizes, and compile in about half the time of -O3.
WINEPREFIX=$(mktemp -d)/wine  # a fresh wine configuration, made on first use
export WINEPREFIX WINEDEBUG=-all
for target in s390x-linux-gnu aarch64-linux-gnu x86_64-w64-mingw32; do
  cmake -S . -B "build-$target" -G Ninja -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$target.cmake" \
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
    -DMSGPACK_GEN_BUILD_EXAMPLES=OFF -DMSGPACK_GEN_INSTALL=OFF \
    -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE="$PWD/build/tool/msgpack-gen" >/dev/null
  cmake --build "build-$target" -j "$jobs"
  ctest --test-dir "build-$target" --output-on-failure -j "$jobs" --no-tests=error || status=1
  phase "cross $target build and tests"
done
/usr/lib/wine/wineserver -k 2>/dev/null || true  # the wine server outlives the last program
rm -rf "$(dirname "$WINEPREFIX")"
printf 'phases:\n'
printf '  %s\n' "${phases[@]}"
exit $status
