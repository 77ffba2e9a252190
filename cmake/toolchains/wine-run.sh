#!/usr/bin/env bash
# Runs a Windows program under wine: the CMAKE_CROSSCOMPILING_EMULATOR of x86_64-w64-mingw32.cmake.
# Needs only Debian's wine64 package (its loader /usr/lib/wine/wine64; the wine package's
# /usr/bin/wine front end is not used). Its output's CRLF line ends become LF, so that Catch2's
# test discovery reads test names without a trailing CR; the program's exit status is kept.
#
# wine itself sometimes fails before the program starts (seen once in a CI run of 400 tests: exit 1
# in 10 ms, nothing printed, while the same test passed before and after). A run that fails
# without printing a byte is run again, at most twice, saying so on stderr: every program these
# tests run prints something (Catch2 always prints its summary or its list), so a real failure
# prints its output and is never repeated. The output is held until the program ends.
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
output=$(mktemp)
trap 'rm -f "$output"' EXIT
for attempt in 1 2 3; do
  "$wine" "$@" >"$output"
  status=$?
  if [ "$status" -eq 0 ] || [ -s "$output" ] || [ "$attempt" -eq 3 ]; then
    break
  fi
  echo "wine-run.sh: wine exited with status $status before the program printed anything;" \
    "running it again (attempt $((attempt + 1)) of 3)" >&2
done
tr -d '\r' <"$output"
exit "$status"
