#!/usr/bin/env bash
# Starts a private tarantool, runs the Catch2 tests (and the example's demo, when built) against
# it, and always stops it by its PID.
#   run_tarantool_test.sh <tarantool_tests> <init.lua> [<tarantool_example>]
# Exit status 77 (ctest's SKIP_RETURN_CODE) when tarantool is not installed.
set -euo pipefail

tests_binary=$1
init_lua=$(realpath "$2")  # the server runs in its own folder
demo_binary=${3:-}

if ! command -v tarantool >/dev/null 2>&1; then
  echo "SKIPPED: tarantool is not installed (apt-get install tarantool)"
  exit 77
fi

work_dir=$(mktemp -d "${TMPDIR:-/tmp}/msgpack-gen-tarantool.XXXXXX")
server_pid=""

stop_server() {
  local status=$?
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    # Give it a second to exit cleanly, then make sure.
    for _ in $(seq 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.05; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [[ $status -ne 0 && -f "$work_dir/tarantool.log" ]]; then
    echo "---- tarantool.log ----"
    tail -n 40 "$work_dir/tarantool.log"
  fi
  rm -rf "$work_dir"
  exit $status
}
trap stop_server EXIT
trap 'exit 143' TERM INT HUP  # through the EXIT trap too

# Port 0: the system picks a free port; init.lua reports it in the ready file.
# TT_WATCH_PID: the server exits by itself if this script dies without running its trap (SIGKILL,
# e.g. from a ctest timeout).
(cd "$work_dir" && exec env TT_LISTEN=127.0.0.1:0 TT_READY_FILE="$work_dir/ready" \
  TT_WATCH_PID=$$ tarantool "$init_lua") &
server_pid=$!

for _ in $(seq 200); do
  [[ -f "$work_dir/ready" ]] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "tarantool exited during start-up"; exit 1; }
  sleep 0.05
done
[[ -f "$work_dir/ready" ]] || { echo "tarantool did not get ready in 10 s"; exit 1; }
read -r port reported_pid instance_uuid <"$work_dir/ready"

# The process that wrote the ready file must be the one we started...
if [[ "$reported_pid" != "$server_pid" ]]; then
  echo "ready file written by PID $reported_pid, but we started $server_pid"
  exit 1
fi
# ...and the port must greet with that process's instance uuid.
exec 3<>"/dev/tcp/127.0.0.1/$port"
greeting=$(head -c 64 <&3)
exec 3<&-
if [[ "$greeting" != *"$instance_uuid"* ]]; then
  echo "port $port greets with '$greeting', not instance $instance_uuid"
  exit 1
fi
echo "tarantool PID $server_pid on 127.0.0.1:$port: ${greeting%%[[:space:]]}"

export TARANTOOL_PORT=$port TARANTOOL_UUID=$instance_uuid
# Any failure is exit status 1, so that no failure count can look like the skip status.
"$tests_binary" || exit 1
if [[ -n "$demo_binary" && -x "$demo_binary" ]]; then
  "$demo_binary" 127.0.0.1 "$port" | tee "$work_dir/demo.out"
  [[ ${PIPESTATUS[0]} -eq 0 ]] || exit 1
  # The selected tuple's bytes, as the demo logged them, printed with the names of its fields
  # through the example's wire contract (TT_TOOL and TT_EXAMPLE_CONTRACT from CMake).
  if [[ -n "${TT_TOOL:-}" ]]; then
    sed -n 's/^select id 2 tuple bytes: //p' "$work_dir/demo.out" >"$work_dir/tuple.hex"
    [[ -s "$work_dir/tuple.hex" ]] || { echo "the demo logged no tuple bytes"; exit 1; }
    printed=$("$TT_TOOL" --dump "$work_dir/tuple.hex" --hex --contract "$TT_EXAMPLE_CONTRACT" \
      --type app::User) || exit 1
    echo "msgpack-gen --dump --contract: $printed"
    expected='{"id": 2, "name": "user 2", "tags": ["demo", "even"], "meta": {"source": '
    expected+='"tarantool_example"}, "balance": "2.25", "uuid": '
    expected+='"f6423bdf-b49e-4913-b361-0740c9702e02", "email": null}'
    [[ "$printed" == "$expected" ]] || { echo "expected: $expected"; exit 1; }
  fi
fi
