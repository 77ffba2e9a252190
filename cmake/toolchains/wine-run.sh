#!/usr/bin/env bash
# Runs a Windows program under wine: the CMAKE_CROSSCOMPILING_EMULATOR of x86_64-w64-mingw32.cmake.
# Needs only Debian's wine64 package (its loader /usr/lib/wine/wine64; the wine package's
# /usr/bin/wine front end is not used). Its output's CRLF line ends become LF, so that Catch2's
# test discovery reads test names without a trailing CR; the program's exit status is kept.
#
# WINEPREFIX: default ${TMPDIR:-/tmp}/msgpack-gen-wine-<uid>, created on first use (under a lock:
# ctest and the build run programs in parallel). WINEDEBUG defaults to -all (no wine chatter).
set -uo pipefail
wine=${MSGPACK_GEN_WINE:-/usr/lib/wine/wine64}
if [ ! -x "$wine" ]; then
  echo "wine-run.sh: $wine not found (apt-get install wine64)" >&2
  exit 127
fi
export WINEPREFIX=${WINEPREFIX:-${TMPDIR:-/tmp}/msgpack-gen-wine-$(id -u)}
export WINEDEBUG=${WINEDEBUG:--all}
# No Mono or Gecko install prompts: the tests need neither .NET nor a browser engine.
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
if [ ! -e "$WINEPREFIX/.msgpack-gen-ready" ]; then
  mkdir -p "$(dirname "$WINEPREFIX")"
  (
    flock 9
    if [ ! -e "$WINEPREFIX/.msgpack-gen-ready" ]; then
      # wineboot returns before the prefix is written: wait for its wineserver to finish.
      "$wine" wineboot --init >/dev/null 2>&1 && "$(dirname "$wine")/wineserver" -w &&
        touch "$WINEPREFIX/.msgpack-gen-ready"
    fi
  ) 9>"$WINEPREFIX.lock"
fi
"$wine" "$@" | tr -d '\r'
