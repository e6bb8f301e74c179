#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Command-line test of dsbc-replay (the model engine): malformed traces and bad options exit
# 2 with the expected message; good traces exit 0 and end with "end <cycle>".
# Usage: test_cli.sh <path/to/dsbc-replay> <tools/examples dir>
set -u

BIN=${1:?usage: test_cli.sh <dsbc-replay> <examples dir>}
EXAMPLES=${2:?usage: test_cli.sh <dsbc-replay> <examples dir>}
source "$(dirname "${BASH_SOURCE[0]}")/test_lib.sh" cli

# bad_trace <name> <expected exact first stderr line (without the path)> <file contents>
bad_trace() {
  local name=$1 want=$2 text=$3
  local file="$TMP/$name.trace"
  printf '%s' "$text" >"$file"
  checks=$((checks + 1))
  run "$file"
  local first=${ERR%%$'\n'*}
  if [[ $RC -ne 2 ]]; then
    fail "$name: exit code $RC, expected 2 (stderr: $ERR)"
  elif [[ "$first" != "$file:$want" ]]; then
    fail "$name: stderr '$first', expected '$file:$want'"
  fi
  if [[ -n "$OUT" ]]; then
    fail "$name: unexpected stdout '$OUT'"
  fi
}

H=$'pes 3\nbarriers 4\ncount_bits 8\n'   # lines 1..3

# --- malformed traces: exit 2, "file:line: reason" ---------------------------------------
bad_trace unknown-header "2: unknown header 'barrier'" $'pes 3\nbarrier 4\n'
bad_trace missing-header-event "4: missing header 'count_bits'" $'pes 3\nbarriers 4\n\n0 0 0 1\n'
bad_trace missing-header-eof "2: missing header 'count_bits'" $'pes 3\nbarriers 4\n'
bad_trace duplicate-header "3: duplicate header 'barriers' (first given on line 2)" \
  $'pes 3\nbarriers 4\nbarriers 4\n'
bad_trace illegal-pes "1: pes = 0 is out of range: legal 1..256" $'pes 0\n'
bad_trace illegal-count-bits "3: count_bits = 40 is out of range: legal 8..32" \
  $'pes 3\nbarriers 4\ncount_bits 40\n'
bad_trace illegal-fifo-depth "4: fifo_depth = 0 is out of range: legal 1..1024" "${H}fifo_depth 0"$'\n'
bad_trace pe-range "5: pe 3 out of range 0..2 (pes 3)" "${H}0 0 0 1"$'\n'"1 3 0 1"$'\n'
bad_trace barrier-range "4: barrier 4 out of range 0..3 (barriers 4)" "${H}0 0 4 1"$'\n'
bad_trace delta "4: delta must be +1 or -1, got '2'" "${H}0 0 0 2"$'\n'
bad_trace negative-cycle "4: negative cycle -1" "${H}-1 0 0 1"$'\n'
bad_trace backwards "5: cycle 3 of pe 1 goes backwards (its previous event, line 4, is at cycle 5)" \
  "${H}5 1 0 1"$'\n'"3 1 0 -1"$'\n'
bad_trace fields "4: expected 4 fields '<cycle> <pe> <barrier> <delta>', got 3" "${H}0 0 0 # x"$'\n'
bad_trace garbage "4: invalid integer 'abc' in field pe (expected '<cycle> <pe> <barrier> <delta>')" \
  "${H}0 abc 0 1"$'\n'
bad_trace header-after-events \
  "5: header 'fifo_depth' after the first event (line 4); all header lines must come first" \
  "${H}0 0 0 1"$'\n'"fifo_depth 2"$'\n'
expect_error missing-file "$TMP/nope.trace: cannot open: No such file or directory" "$TMP/nope.trace"

# --- bad command-line options: exit 2 ----------------------------------------------------
GOOD="$EXAMPLES/small.trace"
expect_error no-trace "trace is required" --engine model
expect_error unknown-option "--frobnicate" --frobnicate "$GOOD"
expect_error engine "--engine" --engine gpu "$GOOD"
expect_error pop-stall-one "--pop-stall: invalid value '1'" --pop-stall 1 "$GOOD"
expect_error pop-stall-neg "--pop-stall: invalid value '-0.1'" --pop-stall -0.1 "$GOOD"
expect_error pop-stall-text "--pop-stall: invalid value 'half'" --pop-stall half "$GOOD"
expect_error pop-period-zero "--pop-period: invalid value '0'" --pop-period 0 "$GOOD"
expect_error seed-neg "--seed: invalid value '-5'" --seed -5 "$GOOD"
expect_error max-cycles-text "--max-cycles: invalid value '1e6'" --max-cycles 1e6 "$GOOD"
expect_error fifo-depth-zero "--fifo-depth: fifo_depth = 0 is out of range: legal 1..1024" \
  --fifo-depth 0 "$GOOD"
expect_error seed-hex "--seed: invalid value '0x10'" --seed 0x10 "$GOOD"
expect_error seed-overflow "--seed: invalid value '18446744073709551616'" --seed 18446744073709551616 "$GOOD"
expect_error fifo-depth-big "--fifo-depth: fifo_depth = 1025 is out of range: legal 1..1024" \
  --fifo-depth 1025 "$GOOD"
expect_error stim-empty "--emit-stim: empty file name" --emit-stim "" "$GOOD"
expect_error stim-unwritable "--emit-stim: cannot write" --emit-stim "$TMP/no/such/dir/x.stim" "$GOOD"
# --engine rtl with no verilator on PATH (and an empty cache): exit 2 with the hint.
checks=$((checks + 1))
env PATH="$TMP/empty-path" DSBC_CACHE_DIR="$TMP/cache" "$BIN" --engine rtl --sched rr "$GOOD" \
  >"$TMP/out" 2>"$TMP/err"
RC=$?
if [[ $RC -ne 2 ]] || ! grep -q "verilator not found: run scripts/install-deps.sh" "$TMP/err"; then
  fail "no-verilator (empty PATH): exit $RC, stderr $(cat "$TMP/err")"
fi

# --- good traces -------------------------------------------------------------------------
for trace in "$EXAMPLES"/*.trace; do
  checks=$((checks + 1))
  run "$trace"
  last=${OUT##*$'\n'}
  if [[ $RC -ne 0 ]]; then
    fail "$(basename "$trace"): exit code $RC (stderr: $ERR)"
  elif [[ "$last" != "end "* ]]; then
    fail "$(basename "$trace"): last line '$last' does not start with 'end '"
  fi
done

# The small example: a produce on PE0 and its consume on PE2 are committed, barrier 1
# completes, and every PE pops it (the pop cycle is the round robin's: --sched rr). The produce
# is presented in cycle 4, the first snapshot cycle (M = 4), where req_ready is low: accepted
# in 5, committed in 6.
checks=$((checks + 1))
run --sched rr "$GOOD"
for want in "commit 6 0 1 +1" "commit 9 2 1 -1" "pop 38 2 1"; do
  grep -qx -- "$want" "$TMP/out" || fail "small.trace: no line '$want'"
done
grep -q '^done [0-9]* 1 [0-9]*$' "$TMP/out" || fail "small.trace: barrier 1 never completes"
grep -q '^done [0-9]* 2 [0-9]*$' "$TMP/out" || fail "small.trace: barrier 2 never completes"
[[ -z "$ERR" ]] || fail "small.trace: unexpected stderr '$ERR'"

# Pop stalls: the same seed gives the same output; still ends.
checks=$((checks + 1))
run --pop-stall 0.7 --seed 5 "$GOOD"
first_out=$OUT
run --pop-stall 0.7 --seed 5 --engine model "$GOOD"
[[ $RC -eq 0 && "$OUT" == "$first_out" ]] || fail "pop-stall: not deterministic (rc $RC)"
[[ "${OUT##*$'\n'}" == "end "* ]] || fail "pop-stall: no end line"
run --pop-period 4 "$GOOD"
[[ $RC -eq 0 && "${OUT##*$'\n'}" == "end "* ]] || fail "pop-period: rc $RC"

# Integers are decimal: a leading zero is not octal (CLI11 alone would read 010 as 8).
checks=$((checks + 1))
run --pop-period 10 "$GOOD"
ten=$OUT
run --pop-period 010 "$GOOD"
[[ $RC -eq 0 && "$OUT" == "$ten" ]] || fail "pop-period 010: not the same as 10 (rc $RC)"
run --pop-period 8 "$GOOD"
[[ "$OUT" != "$ten" ]] || fail "pop-period 8 and 10 give the same output: the check above proves nothing"

# Timeout: exit 1, the lines so far, then "timeout <cycle>".
checks=$((checks + 1))
run --sched rr --max-cycles 10 "$GOOD"  # rr: cycle 4 is a snapshot, the first request commits in 6
if [[ $RC -ne 1 || "$OUT" != $'commit 6 0 1 +1\ncommit 9 2 1 -1\ntimeout 10' ]]; then
  fail "max-cycles: rc $RC, output '$OUT'"
fi

# Stimulus file, with the fifo depth overridden.
checks=$((checks + 1))
run --emit-stim "$TMP/small.stim" --fifo-depth 2 "$GOOD"
expected_stim=$'3 4 8 2\n0 1 0 4\n2 1 1 8\n1 2 0 10\n1 2 0 10\n0 2 1 20\n2 2 1 21\n2 3 0 60\n2 3 1 61\n-1 -1 -1 -1'
if [[ $RC -ne 0 || "$(cat "$TMP/small.stim")" != "$expected_stim" ]]; then
  fail "emit-stim: rc $RC, stim '$(cat "$TMP/small.stim" 2>/dev/null)'"
fi

# Waveforms: --waves needs --engine rtl (exit 2); with it, the FST-tracing build of the
# configuration writes a non-empty FST file and the replay prints what the model prints.
expect_error waves-model "--waves: needs --engine rtl" --waves "$TMP/w.fst" "$GOOD"
checks=$((checks + 1))
run --engine model --sched rr "$GOOD"
model_out=$OUT
run --engine rtl --sched rr --waves "$TMP/w.fst" "$GOOD"
if [[ $RC -ne 0 || "$OUT" != "$model_out" || ! -s "$TMP/w.fst" ]]; then
  fail "waves: rc $RC, output equal to the model: $([[ "$OUT" == "$model_out" ]] && echo yes || echo no), $(wc -c < "$TMP/w.fst" 2>/dev/null || echo no) bytes of FST"
fi

# Help.
checks=$((checks + 1))
run --help
[[ $RC -eq 0 && "$OUT" == *"--pop-stall"* ]] || fail "help: rc $RC"

finish
