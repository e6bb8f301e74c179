#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dsbc-system runs the RTL of configurations nobody built ahead of time: the RTL engine
# plugins are verilated on first use (DSBC_CACHE_DIR). For each run: exit 0 with the RTL and
# the model in lockstep (or, under SystemC, the same JSON as the model engine), and the
# request trace it dumps replays on dsbc-replay identically on the model and on the RTL,
# with one `done` line per completion the system reported.
#   any_config_test.sh <dsbc-system> <dsbc-replay>
set -uo pipefail
sys=${1:?usage: any_config_test.sh <dsbc-system> <dsbc-replay>} replay=${2:?}
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# "name|arguments" (engine included)
runs=(
  "ring8x2|--workload ring --pes 8 --barriers 2 --engine both --algos tiered,cda"
  "odd3x5|--workload tree:lambda=0.7,lmax=10 --pes 3 --barriers 5 --count-bits 9 --fifo-depth 3 --epochs 2 --engine both"
  "dag7x8|--workload dag --pes 7 --barriers 8 --engine systemc"
)
for r in "${runs[@]}"; do
  name=${r%%|*} args=${r#*|}
  before=$failures
  # shellcheck disable=SC2086
  "$sys" $args --dump-trace "$tmp/$name.trace" > "$tmp/$name.out" 2> "$tmp/$name.err"
  rc=$?
  if [ $rc -ne 0 ]; then fail "$name: dsbc-system exit $rc: $(tail -3 "$tmp/$name.err")"; continue; fi
  completions=$(sed -n 's/^DSBC: .* \([0-9]*\) completions;.*/\1/p' "$tmp/$name.out")
  [ -n "$completions" ] || { fail "$name: no 'DSBC: ... completions' line"; continue; }
  case "$args" in
    *"--engine both"*)
      grep -q '^lockstep: RTL and model agreed on every output in all [1-9][0-9]* cycles$' "$tmp/$name.out" ||
        fail "$name: no clean lockstep line" ;;
    *"--engine systemc"*)
      # shellcheck disable=SC2086
      "$sys" $args --json 2>/dev/null | sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/$name.sc.json"
      # shellcheck disable=SC2086
      "$sys" ${args/--engine systemc/--engine model} --json 2>/dev/null |
        sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/$name.model.json"
      grep -q '"oracle_ok":true' "$tmp/$name.sc.json" || fail "$name: SystemC run without oracle_ok"
      cmp -s "$tmp/$name.sc.json" "$tmp/$name.model.json" || fail "$name: SystemC and model JSON differ" ;;
  esac
  "$replay" --engine model "$tmp/$name.trace" > "$tmp/$name.model.out" || fail "$name: replay on the model failed"
  "$replay" --engine rtl "$tmp/$name.trace" > "$tmp/$name.rtl.out" 2> "$tmp/$name.rtl.err" ||
    fail "$name: replay on the RTL failed: $(tail -2 "$tmp/$name.rtl.err")"
  cmp -s "$tmp/$name.model.out" "$tmp/$name.rtl.out" || fail "$name: replay differs between model and RTL"
  dones=$(grep -c '^done ' "$tmp/$name.model.out")
  [ "$dones" -eq "$completions" ] || fail "$name: replay has $dones completions, the system reported $completions"
  [ $failures -eq "$before" ] && echo "$name: ok ($completions completions, $(wc -l < "$tmp/$name.model.out") replay lines identical on model and RTL)"
done
[ $failures -eq 0 ] || { echo "$failures failures" >&2; exit 1; }
echo "any-config: all runs passed"
