#!/usr/bin/env bash
# Installs what building and testing msgpack-gen needs on Debian 12, as root, only when missing.
set -euo pipefail
packages=(cmake ninja-build g++ clang-14 libclang-dev libclang-rt-14-dev libfmt-dev
  libmsgpack-cxx-dev catch2 libbenchmark-dev tarantool valgrind)
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
