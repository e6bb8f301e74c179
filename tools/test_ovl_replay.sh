#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dsbc-ovl-replay: a recorded dump of the feasibility Overlap unit replays to AGREE (exit 0);
# the same dump with the wrong round trip, or with one head moved a cycle, to DIFFER (exit 1);
# a malformed dump, one without heads, or a bad option exits 2 naming the line or the option.
# Usage: test_ovl_replay.sh <path/to/dsbc-ovl-replay> <cpp_model/test/ovl/data dir>
set -u

BIN=${1:?usage: test_ovl_replay.sh <dsbc-ovl-replay> <data dir>}
DATA=${2:?usage: test_ovl_replay.sh <dsbc-ovl-replay> <data dir>}
source "$(dirname "${BASH_SOURCE[0]}")/test_lib.sh" ovl-replay

expect_rc() {  # <name> <rc> <stdout substring> <args...>
  local name=$1 want_rc=$2 want=$3
  shift 3
  checks=$((checks + 1))
  run "$@"
  if [[ $RC -ne $want_rc ]]; then
    fail "$name: exit code $RC, expected $want_rc (stderr: $ERR)"
  elif [[ "$OUT" != *"$want"* ]]; then
    fail "$name: stdout does not contain '$want': $OUT"
  fi
}

expect_rc agree 0 "REPLAY AGREE" "$DATA/t16_seed11_sparse.txt"
expect_rc agree-t8 0 "REPLAY AGREE" "$DATA/t8_seed21_bias.txt" --count-bits 8
# --ports: the port-level model against a port dump (data/ports/); one acknowledge dropped from
# the RTL's record is the first difference, named by cycle, PE and field
expect_rc ports-agree 0 "PORTS AGREE" "$DATA/ports/t8_seed23_bias.txt" --ports --count-bits 8
awk '$1!="end" && $1>500 && $6!="0000" && !done {$6="0000"; $7="0000"; done=1} {print}' \
  "$DATA/ports/t16_seed1_random.txt" >"$TMP/noack.txt"
expect_rc ports-differ 1 "PORTS DIFFER" "$TMP/noack.txt" --ports
[[ "$OUT" == *"ack_valid: RTL 0, model 1"* ]] || fail "ports-differ: not an ack_valid difference: $OUT"
expect_error ports-bad-t "count_bits = 12 is out of range (legal: 8 or 16" "$DATA/ports/t16_seed1_random.txt" --ports --count-bits 12
# The pipelined word end changes the schedule of a busy run: an OvlPipeEnd = 0 dump replayed
# with --pipe-end 2 differs
expect_rc pipe-end-differs 1 "REPLAY DIFFER" "$DATA/t16_seed1_random.txt" --pipe-end 2
# and a port dump of the RTL built with OvlPipeEnd = 2 agrees with --pipe-end 2 only
expect_rc ports-pipe-end 0 "PORTS AGREE" "$DATA/ports_pipeend/t16_seed4_slowpop.txt" --ports --pipe-end 2
expect_rc ports-pipe-end-0 1 "PORTS DIFFER" "$DATA/ports_pipeend/t16_seed4_slowpop.txt" --ports
# The unit at N = 8 (Q = T + 3): its dump agrees with --pes 8 only; the port-level model is N = 16 only
expect_rc pes8-agree 0 "REPLAY AGREE" "$DATA/n8_t16_seed1_random.txt" --pes 8
expect_rc pes8-as-16 1 "REPLAY DIFFER" "$DATA/n8_t16_seed1_random.txt"
expect_error bad-pes "pes = 7 is out of range (legal: even, 2 .. 256)" "$DATA/n8_t16_seed1_random.txt" --pes 7
expect_error ports-pes8 "pes = 8 is out of range (legal: 16" "$DATA/ports/t16_seed1_random.txt" --ports --pes 8
expect_rc wrong-round-trip 1 "REPLAY DIFFER" "$DATA/t16_seed11_sparse.txt" --reg-lines 3
# One header slot (the RTL's OvlDead = 1, with OvlPipeEnd = 2): its dump agrees with
# --header-slots 1 only, and to the testbench's end (--cycles, make_dumps.sh's 2500)
expect_rc header-slots-1 0 "REPLAY AGREE" "$DATA/dd_t16_seed4_slowpop.txt" --pipe-end 2 --header-slots 1 --cycles 2500
expect_rc header-slots-2 1 "REPLAY DIFFER" "$DATA/dd_t16_seed4_slowpop.txt" --pipe-end 2
expect_rc ports-header-slots-1 0 "PORTS AGREE" "$DATA/ports_dead/t16_seed4_slowpop.txt" --ports --pipe-end 2 --header-slots 1
expect_error header-slots-no-pipe-end "header_slots = 1 is out of range (legal: 2, or 1 with pipe_end 2" "$DATA/t16_seed11_sparse.txt" --header-slots 1
expect_error bad-header-slots "--header-slots" "$DATA/t16_seed11_sparse.txt" --header-slots 3
expect_error bad-cycles "--cycles" "$DATA/t16_seed11_sparse.txt" --cycles -5
# The 5th head one cycle later: exactly one head differs, and it is shown.
awk 'BEGIN{n=0} $1=="h"{n++; if (n==5) $2=$2+1} {print}' "$DATA/t16_seed11_sparse.txt" \
  >"$TMP/shifted.txt"
expect_rc shifted-head 1 "heads (cycle, barrier): RTL" "$TMP/shifted.txt"
[[ "$OUT" == *"differ 1"* && "$OUT" == *"#4 RTL"* ]] || fail "shifted-head: not one difference at #4: $OUT"

printf 'c 70 0 3 1\nh 71 40\n' >"$TMP/bad.txt"
expect_error bad-barrier "bad.txt:2: BARRIER 40 out of range 0 .. 31" "$TMP/bad.txt"
printf 'c 70 0 3 1\np 71 0\n' >"$TMP/noheads.txt"
expect_error no-heads "noheads.txt: no heads, nothing to compare" "$TMP/noheads.txt"
expect_error missing-file "cannot open $TMP/none.txt" "$TMP/none.txt"
expect_error bad-reg-lines "reg_lines = 5 is out of range (legal: 1 .. 3)" "$DATA/t16_seed11_sparse.txt" --reg-lines 5
expect_error bad-idle-spec "--idle-spec" "$DATA/t16_seed11_sparse.txt" --idle-spec 2
expect_error bad-pipe-end "--pipe-end" "$DATA/t16_seed11_sparse.txt" --pipe-end 1
expect_error bad-barriers "barriers = 24" "$DATA/t16_seed11_sparse.txt" --barriers 24
finish
