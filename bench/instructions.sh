#!/usr/bin/env bash
# Instructions per struct for each type and direction, counted by callgrind (stable on a noisy
# machine). Usage: bench/instructions.sh <build dir>   (built with MSGPACK_GEN_BUILD_BENCH=ON)
set -euo pipefail
probe="$1/bench/msgpack_gen_instructions"
printf "%-10s %-10s %12s\n" type operation "instr/struct"
for type in Data Flat DataArray FlatArray; do
  for operation in marshal marshal_pool unmarshal; do
    log=$(mktemp)
    structs=$(valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \
      "$probe" "$type" "$operation" 2>"$log")
    total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
    rm -f "$log"
    printf "%-10s %-10s %12d\n" "$type" "$operation" $((total / structs))
  done
done
