#!/usr/bin/env bash
# Installs what msgpack-gen needs on Debian 12, as root, only when missing. Several sets may be
# named at once (one apt-get run installs them all).
#   install-deps.sh example   the generator and the example (examples/run.sh): a compiler, CMake,
#                             Ninja, libclang and fmt
#   install-deps.sh [all]     everything the tests and the benchmark need too (tests/run.sh):
#                             clang 14 with its sanitizer runtimes, msgpack-c, Catch2, Google
#                             Benchmark, Tarantool, Valgrind, python3-jsonschema and
#                             python3-msgpack (the JSON Schema and printing tests), and the
#                             msgpack-test-suite corpus (data only, from the npm registry) that
#                             the dump test reads
#   install-deps.sh clang19   libclang 19 and clang++-19 (tests/run.sh's libclang 19 step), with
#                             what configuring the tests needs (msgpack-c, Catch2)
#   install-deps.sh cross     cross compilers and emulators for tests/run.sh's cross step:
#                             g++ for s390x and aarch64 with qemu-user, mingw-w64's g++ (posix
#                             threads) for Windows x86-64 with wine64 (its loader alone: the
#                             wine package's front end is not needed), and the header-only
#                             msgpack-c and Catch2 the cross-built tests use
set -euo pipefail
sets=("$@")
fetch_corpus=0
[ ${#sets[@]} -gt 0 ] || sets=(all)
packages=(cmake ninja-build g++ libclang-dev libfmt-dev)
for set_name in "${sets[@]}"; do
  case "$set_name" in
    example) ;;
    clang19) packages+=(clang-19 libclang-19-dev libmsgpack-cxx-dev catch2) ;;
    cross)
      packages+=(g++-s390x-linux-gnu g++-aarch64-linux-gnu qemu-user g++-mingw-w64-x86-64-posix
        wine64 libmsgpack-cxx-dev catch2)
      ;;
    all)
      packages+=(clang-14 libclang-rt-14-dev libmsgpack-cxx-dev catch2 libbenchmark-dev tarantool
        valgrind python3-jsonschema python3-msgpack)
      command -v npm >/dev/null || packages+=(npm)  # only to fetch the corpus below
      fetch_corpus=1
      ;;
    *)
      echo "install-deps: unknown package set '$set_name' (use: example, all, clang19, cross)" >&2
      exit 2
      ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: run as root (or install these packages): ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# msgpack-test-suite 1.0.0 (kawanet, MIT): every msgpack form with the value it encodes, as JSON.
# tests/dump reads it from here (root) or from ~/.cache/msgpack-gen; the hash pins the release.
if [ "$fetch_corpus" = 1 ]; then
  corpus_name=msgpack-test-suite-1.0.0.tgz
  corpus_sha256=e4edef9dbaed2b68f7de52b27626e1798402812d45fa08a35b6005c68a90542d
  if [ "$(id -u)" -eq 0 ]; then
    corpus_dir=/usr/local/share/msgpack-gen/test-data
  else
    corpus_dir=${XDG_CACHE_HOME:-$HOME/.cache}/msgpack-gen
  fi
  if ! echo "$corpus_sha256  $corpus_dir/$corpus_name" | sha256sum -c --status 2>/dev/null; then
    echo "install-deps: fetching $corpus_name from the npm registry into $corpus_dir"
    mkdir -p "$corpus_dir"
    fetched=$(cd "$corpus_dir" && npm pack --silent msgpack-test-suite@1.0.0)
    if [ "$fetched" != "$corpus_name" ] ||
      ! echo "$corpus_sha256  $corpus_dir/$corpus_name" | sha256sum -c --status; then
      echo "install-deps: $corpus_dir/$corpus_name is not the pinned msgpack-test-suite 1.0.0" >&2
      rm -f "$corpus_dir/$corpus_name"
      exit 1
    fi
  fi
fi
