#!/usr/bin/env bash
# The main job, from a fresh clone on Debian 12 (as root): install what is missing, build
# msgpack-gen, generate the code for the example DTOs in examples/dto, build and run the example.
# It needs only the generator's dependencies: tests and benchmark are configured off here
# (tests/run.sh turns them on again in the same build folder).
set -euo pipefail
cd "$(dirname "$0")/.."
bash cmake/install-deps.sh example
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSGPACK_GEN_BUILD_TESTS=OFF \
  -DMSGPACK_GEN_BUILD_BENCH=OFF -DMSGPACK_GEN_BUILD_EXAMPLES=ON >/dev/null
cmake --build build --target msgpack-gen

# What add_msgpack_codegen() runs for the example target, by hand, into build/example-dto:
./build/tool/msgpack-gen -p examples/dto -o build/example-dto \
  shop::Data shop::User shop::UserTuple:+- shop::Request shop::Invoice shop::Profile
echo "generated: $(cd build/example-dto && ls *.msgpack.hpp | tr '\n' ' ')"

cmake --build build --target example socket_example
./build/examples/example
./build/examples/socket/socket_example  # a loopback server and client: docs/runtime.md, sockets
