#!/usr/bin/env bash
# Instructions per struct for each type and direction, counted by callgrind (stable on a noisy
# machine), for the generated code and for the hand-written codec (bench/handwritten.hpp); per
# element for the numeric vectors; per struct for each marshal target (docs/runtime.md).
#
#   bench/instructions.sh <build dir>                 # instructions (Ir) per struct
#   bench/instructions.sh --branch-sim <build dir>    # also simulated branch mispredictions
#
# The build dir is configured with MSGPACK_GEN_BUILD_BENCH=ON. --branch-sim runs callgrind with
# --branch-sim=yes and adds, per struct, conditional-branch mispredictions (Bcm) and
# indirect-branch mispredictions (Bim: jump tables, calls through pointers) for each codec.
# Callgrind's predictor is a simple model (a 2-bit counter table for conditional branches), not
# the CPU's: compare the codecs with each other, not with hardware counters.
# "gen/hand" is the generated code's count over the hand-written codec's.
set -euo pipefail
branch_sim=no
if [[ "${1:-}" == "--branch-sim" ]]; then
  branch_sim=yes
  shift
fi
if [[ $# -ne 1 ]]; then
  echo "usage: $0 [--branch-sim] <build dir>" >&2
  exit 2
fi
probe="$1/bench/msgpack_gen_instructions"
if [[ ! -x "$probe" ]]; then
  echo "$0: no $probe (configure with MSGPACK_GEN_BUILD_BENCH=ON, build msgpack_gen_instructions)" >&2
  exit 1
fi

# measure <type> <operation> <codec>: prints "Ir Bcm Bim" per struct (x100 for Bcm and Bim, as
# integers; "-" for Bcm and Bim without --branch-sim).
measure() {
  local log structs line
  log=$(mktemp)
  if ! structs=$(valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \
      --branch-sim="$branch_sim" "$probe" "$1" "$2" "$3" 2>"$log"); then
    echo "$0: $probe $1 $2 $3 failed:" >&2
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  # "Collected : Ir" or, with --branch-sim, "Collected : Ir Bc Bcm Bi Bim"
  line=$(sed -n 's/.*Collected : \([0-9 ]*\).*/\1/p' "$log")
  rm -f "$log"
  read -r -a counts <<<"$line"
  if [[ "$branch_sim" == yes ]]; then
    echo "$((counts[0] / structs)) $((counts[2] * 100 / structs)) $((counts[4] * 100 / structs))"
  else
    echo "$((counts[0] * ${per_element:-1} / structs)) - -"
  fi
}

# 123 -> 1.23
hundredths() {
  if [[ "$1" == - ]]; then echo -; else printf "%d.%02d" $(($1 / 100)) $(($1 % 100)); fi
}
ratio() {
  if [[ "$1" == - || "$2" == - || "$2" == 0 ]]; then echo -; else
    hundredths $(((${1} * 100 + ${2} / 2) / ${2})); fi
}

if [[ "$branch_sim" == yes ]]; then
  printf "%-10s %-13s %11s %11s %9s %9s %9s %9s %9s %9s\n" type operation "gen instr" \
    "hand instr" gen/hand "gen Bcm" "hand Bcm" gen/hand "gen Bim" "hand Bim"
else
  printf "%-10s %-13s %11s %11s %9s\n" type operation "gen instr" "hand instr" gen/hand
fi
for type in Data Flat DataArray FlatArray; do
  for operation in marshal marshal_pool unmarshal; do
    read -r g_ir g_bcm g_bim <<<"$(measure "$type" "$operation" gen)"
    if [[ "$operation" == marshal_pool ]]; then
      h_ir=- h_bcm=- h_bim=-
    else
      read -r h_ir h_bcm h_bim <<<"$(measure "$type" "$operation" handwritten)"
    fi
    if [[ "$branch_sim" == yes ]]; then
      printf "%-10s %-13s %11s %11s %9s %9s %9s %9s %9s %9s\n" "$type" "$operation" "$g_ir" \
        "$h_ir" "$(ratio "$g_ir" "$h_ir")" "$(hundredths "$g_bcm")" "$(hundredths "$h_bcm")" \
        "$(ratio "$g_bcm" "$h_bcm")" "$(hundredths "$g_bim")" "$(hundredths "$h_bim")"
    else
      printf "%-10s %-13s %11s %11s %9s\n" "$type" "$operation" "$g_ir" "$h_ir" \
        "$(ratio "$g_ir" "$h_ir")"
    fi
  done
done

# Numeric vectors (issue 22): instructions per element, generated code only (the hand-written
# codec has no vectors of numbers); NestedTelemetry: per object (one Telemetry, bench/dto).
printf "\n%-18s %-10s %15s\n" vector operation "instr/element"
for type in VectorDouble VectorFloat VectorUint64Mixed VectorUint32 VectorUint16 VectorUint16Mixed \
  VectorInt32Small VectorInt64Small VectorPhase NestedTelemetry; do
  for operation in marshal unmarshal; do
    # measure divides by the count the probe prints; x100 first for two decimals
    read -r g_ir _ _ <<<"$(per_element=100 measure "$type" "$operation" gen)"
    printf "%-18s %-10s %15s\n" "$type" "$operation" "$(hundredths "$g_ir")"
  done
done

# The marshal targets (docs/runtime.md): per struct, marshal into a Buffer, a std::string, a
# std::vector<std::uint8_t> (written in their own memory with libstdc++) and fixed memory
# (marshal_to), and each over the Buffer's count. With the other probes built, also the
# containers' other paths: encoded into the scratch Buffer and appended
# (msgpack_gen_instructions_scratch: "strcopy", "veccopy"), and a std::string written through
# C++23's resize_and_overwrite() (msgpack_gen_instructions_cxx23: "string23").
probe_scratch="$1/bench/msgpack_gen_instructions_scratch"
probe_cxx23="$1/bench/msgpack_gen_instructions_cxx23"
printf "\n%-10s %9s %9s %9s %9s %9s %9s %9s" type Buffer string vector fixed string/B \
  vector/B fixed/B
if [[ -x "$probe_scratch" ]]; then printf " %9s %9s %9s %9s" strcopy strcp/B veccopy veccp/B; fi
if [[ -x "$probe_cxx23" ]]; then printf " %9s %9s" string23 str23/B; fi
printf "\n"
for type in Data Flat DataArray FlatArray; do
  read -r b_ir _ _ <<<"$(measure "$type" marshal gen)"
  read -r s_ir _ _ <<<"$(measure "$type" marshal_string gen)"
  read -r v_ir _ _ <<<"$(measure "$type" marshal_vector gen)"
  read -r f_ir _ _ <<<"$(measure "$type" marshal_fixed gen)"
  printf "%-10s %9s %9s %9s %9s %9s %9s %9s" "$type" "$b_ir" "$s_ir" "$v_ir" "$f_ir" \
    "$(ratio "$s_ir" "$b_ir")" "$(ratio "$v_ir" "$b_ir")" "$(ratio "$f_ir" "$b_ir")"
  if [[ -x "$probe_scratch" ]]; then
    read -r sc_ir _ _ <<<"$(probe="$probe_scratch" measure "$type" marshal_string gen)"
    read -r vc_ir _ _ <<<"$(probe="$probe_scratch" measure "$type" marshal_vector gen)"
    printf " %9s %9s %9s %9s" "$sc_ir" "$(ratio "$sc_ir" "$b_ir")" "$vc_ir" \
      "$(ratio "$vc_ir" "$b_ir")"
  fi
  if [[ -x "$probe_cxx23" ]]; then
    read -r s23_ir _ _ <<<"$(probe="$probe_cxx23" measure "$type" marshal_string gen)"
    printf " %9s %9s" "$s23_ir" "$(ratio "$s23_ir" "$b_ir")"
  fi
  printf "\n"
done

# The stream decoder (docs/runtime.md): per struct, the structs one after another in one chunk,
# taken out with StreamDecoder::next() or only framed with next_value_size(), next to unmarshal.
printf "\n%-10s %9s %11s %9s %11s %9s\n" type unmarshal stream_next next/un framing frame/un
for type in Data Flat DataArray FlatArray; do
  read -r u_ir _ _ <<<"$(measure "$type" unmarshal gen)"
  read -r n_ir _ _ <<<"$(measure "$type" stream_next gen)"
  read -r f_ir _ _ <<<"$(measure "$type" stream_framing gen)"
  printf "%-10s %9s %11s %9s %11s %9s\n" "$type" "$u_ir" "$n_ir" "$(ratio "$n_ir" "$u_ir")" \
    "$f_ir" "$(ratio "$f_ir" "$u_ir")"
done
