#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dsbc-replay --sched: the round robin (docs/architecture.md 4c) and the arbitration scheduler
# (4e), also with --pipe 1 and --half-rate 1 (4f), give the done lines their documents predict, worked out by hand below, not taken from
# a run; a bad scheduler name exits 2 naming the option and the legal values.
# Usage: test_sched.sh <path/to/dsbc-replay> <tools/examples dir>
set -u

BIN=${1:?usage: test_sched.sh <dsbc-replay> <examples dir>}
EXAMPLES=${2:?usage: test_sched.sh <dsbc-replay> <examples dir>}
source "$(dirname "${BASH_SOURCE[0]}")/test_lib.sh" sched

# One closing on an idle unit. N=2, M=4, T=8: Q = T + clog2 N = 9, BW = clog2 M = 2.
# PE0's +1 on barrier 1 is presented in cycle 4 (the first after the 4-cycle RAM clear), PE1's
# -1 in cycle 40; each is committed the cycle after it is accepted, and req_ready is low in a
# snapshot cycle (the snapshot takes the RAM's read port, section 3).
cat >"$TMP/one.trace" <<'EOF'
pes 2
barriers 4
count_bits 8
4  0 1 +1
40 1 1 -1
EOF
# rr (4c): snapshots from cycle 4 on, barrier 0 first; a word nobody has opened exits at its
# open slot (s+2) and the next starts at s+3; barrier 1, opened, with sum 1 exits at count
# bit 0 (s+4) and the next starts at s+5. Snapshots: b0 4, b1 7 (sum 1), b2 12, b3 15,
# b0 18, b1 21 (sum 1), b2 26, b3 29, b0 32, b1 35 (sum 1), b2 40, b3 43, b0 46, b1 49. Cycles
# 4 and 40 are snapshot cycles, so the +1 commits in 6 and the -1 in 42; b1's snapshot in 49
# has sum 0, all Q count slots are zero, done in s + Q + 4 = 62.
rr_done="done 62 1 49"
# arb (4e): no snapshot before the first head, so the +1 commits in 5 and the -1 in 41 (cycle
# 40 is a POLL). POLL 5 sees no dirty bit yet (the commit of 5 is visible from 6), POLL 6 does:
# ARB 7-8, HEAD of barrier 1 in 9, sum 1 exits at count bit 0 (11); HEAD of (CNT2+1) = 2 in
# 12 is clean, POLL from 13 on. The commit of 41 is seen by POLL 42: ARB 43-44, HEAD 45,
# FULL 46, count slots 47-55 all zero, done in s + Q + 2 = 56 = 41 + Q + BW + 4.
arb_done="done 56 1 45"

# expect_done <sched> <line>: that done line, and no other.
expect_done() {
  local sched=$1 want=$2
  checks=$((checks + 1))
  "$BIN" --sched "$sched" "$TMP/one.trace" >"$TMP/$sched.out" 2>"$TMP/err"
  local rc=$? got
  got=$(grep '^done ' "$TMP/$sched.out")
  if [[ $rc -ne 0 ]]; then
    fail "--sched $sched: exit $rc ($(cat "$TMP/err"))"
  elif [[ "$got" != "$want" ]]; then
    fail "--sched $sched: done lines '$got', expected '$want'"
  fi
}
# rr with the pipelined sum (--pipe 1, architecture.md 4f): every decision P = 1 + ceil(clog2(N) / 2) = 2
# cycles after its slot: an open-slot exit starts the next word in s+3+P = s+5, an exit at
# count bit 0 in s+5+P = s+7, a completion is in s+Q+4+P = s+15. Snapshots: b0 4, b1 9 (sum
# 1: the +1 waited for the snapshot cycle 4 and committed in 6), b2 16, b3 21, b0 26, b1 31
# (sum 1), b2 38, b3 43 (the -1 of cycle 40, no snapshot cycle, commits in 41), b0 48, b1 53
# with sum 0: done in 53 + 15 = 68.
pipe_done="done 68 1 53"
checks=$((checks + 1))
"$BIN" --sched rr --pipe 1 "$TMP/one.trace" >"$TMP/pipe.out" 2>"$TMP/err"
rc=$?
got=$(grep '^done ' "$TMP/pipe.out")
if [[ $rc -ne 0 ]]; then
  fail "--sched rr --pipe 1: exit $rc ($(cat "$TMP/err"))"
elif [[ "$got" != "$pipe_done" ]]; then
  fail "--sched rr --pipe 1: done lines '$got', expected '$pipe_done'"
fi
# rr at half the request rate (--half-rate 1, architecture.md 4f): a request accepted in t
# commits in t + 3, and a snapshot in s sees the commits before s. The +1 waits for the
# snapshot cycle 4, is accepted in 5 and commits in 8, so b1's snapshot in 7 does not see it
# (open 0: exit at its open slot). Snapshots: b0 4, b1 7, b2 10, b3 13, b0 16, b1 19 (sum 1,
# exit at count bit 0 in 23), b2 24, b3 27, b0 30, b1 33 (sum 1), b2 38, b3 41, b0 44, b1 47;
# the -1 presented in 40 (no snapshot) is accepted there and commits in 43, so b1's snapshot
# in 47 has sum 0: done in 47 + Q + 4 = 60.
half_done="done 60 1 47"
checks=$((checks + 1))
"$BIN" --sched rr --half-rate 1 "$TMP/one.trace" >"$TMP/half.out" 2>"$TMP/err"
rc=$?
got=$(grep '^done ' "$TMP/half.out")
if [[ $rc -ne 0 ]]; then
  fail "--sched rr --half-rate 1: exit $rc ($(cat "$TMP/err"))"
elif [[ "$got" != "$half_done" ]]; then
  fail "--sched rr --half-rate 1: done lines '$got', expected '$half_done'"
fi
expect_done rr "$rr_done"
expect_done arb "$arb_done"
checks=$((checks + 1))
cmp -s "$TMP/rr.out" "$TMP/arb.out" && fail "rr and arb print the same lines: --sched has no effect"

# Every done line on the examples: rr's word ends Q + 4 cycles after its snapshot (4c), arb's
# Q + 2 after its HEAD (4e); Q = T + clog2 N from the trace's header.
for trace in "$EXAMPLES"/*.trace; do
  pes=$(awk '$1 == "pes" {print $2}' "$trace")
  q=$(awk '$1 == "count_bits" {print $2}' "$trace")
  for ((w = 1; w < pes; w *= 2)); do q=$((q + 1)); done
  for sched in rr arb; do
    checks=$((checks + 1))
    [[ $sched == rr ]] && want=$((q + 4)) || want=$((q + 2))
    out=$("$BIN" --sched "$sched" "$trace") || { fail "$(basename "$trace") --sched $sched: exit $?"; continue; }
    bad=$(awk -v w="$want" '$1 == "done" && $2 - $4 != w' <<<"$out")
    [[ -z "$bad" ]] || fail "$(basename "$trace") --sched $sched: done - snap != $want in: $bad"
    grep -q '^done ' <<<"$out" || fail "$(basename "$trace") --sched $sched: no done line"
  done
done

# Bad values: exit 2, the option and the legal names in the message.
expect_error bad-name "--sched: invalid value 'fifo': expected a scheduler, one of rr, arb" --sched fifo "$TMP/one.trace"
expect_error empty "--sched: invalid value '': expected a scheduler, one of rr, arb" --sched "" "$TMP/one.trace"
expect_error upper-case "--sched: invalid value 'RR'" --sched RR "$TMP/one.trace"
checks=$((checks + 1))
"$BIN" --help | grep -q -- "--sched NAME .*scheduler: rr, arb" || fail "--help does not list the schedulers"
expect_error pipe-arb "--pipe: pipe = 1 needs sched = rr, not sched = arb" --pipe 1 --sched arb "$TMP/one.trace"
expect_error pipe-range "--pipe: invalid value '2': expected 0 or 1" --pipe 2 --sched rr "$TMP/one.trace"
expect_error half-arb "--half-rate: half_rate = 1 needs sched = rr, not sched = arb" --half-rate 1 --sched arb "$TMP/one.trace"
expect_error half-range "--half-rate: invalid value '2': expected 0 or 1" --half-rate 2 --sched rr "$TMP/one.trace"
sed 's/^barriers 4$/barriers 2/; /^40 /d' "$TMP/one.trace" >"$TMP/two.trace"
expect_error half-m "--half-rate: half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 2 with pipe = 0, pes = 2" \
  --half-rate 1 --sched rr "$TMP/two.trace"

finish
