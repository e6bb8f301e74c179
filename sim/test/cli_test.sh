#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dsbc-system end to end: table and JSON, bad input exits 2 naming the option, and the dumped
# request stream replays on dsbc-replay to the same done cycles (and, with the RTL built, the
# rtl and both engines agree with the model).
set -euo pipefail
sys=$1 replay=$2 have_rtl=${3:-OFF}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$sys" --workload ring:p=0.9 --pes 16 --barriers 4 --epochs 2 --seed 3 --algos tiered,4c > "$tmp/table.txt"
grep -q "oracle: ok" "$tmp/table.txt"
# The default scheduler, then each one by name, rr with the pipelined sum (--pipe 1) and rr at
# half the request rate (--half-rate 1, with and without the pipe): the same done lines from
# dsbc-replay given the same scheduler, pipe and rate.
for sched in "" rr arb rr-pipe rr-half rr-pipe-half; do
  base=${sched%-half}
  opts=${sched:+--sched ${base%-pipe}}
  case $sched in rr-pipe*) opts="$opts --pipe 1" ;; esac
  case $sched in *-half) opts="$opts --half-rate 1" ;; esac
  # shellcheck disable=SC2086  # $opts: several words
  "$sys" --workload tree:lambda=0.7,lmax=10 --pes 16 --barriers 4 --seed 2 $opts --json \
    --dump-trace "$tmp/t.trace" > "$tmp/out.json"
  python3 - "$tmp/out.json" "$tmp/t.trace" "$replay" "$sched" <<'PY'
import json, subprocess, sys
r = json.load(open(sys.argv[1]))
assert r["oracle_ok"], r["failures"]
label = r["sched"] + ("-pipe" if r["pipe"] == 1 else "") + ("-half" if r["half_rate"] == 1 else "")
assert sys.argv[4] in ("", label), (sys.argv[4], label)
mine = sorted((row["dsbc_done_cycle"], row["barrier"], row["dsbc_snap_cycle"]) for row in r["rows"])
out = subprocess.run([sys.argv[3], "--sched", r["sched"], "--pipe", str(r["pipe"]), "--half-rate",
                      str(r["half_rate"]), sys.argv[2]], check=True, capture_output=True, text=True).stdout
dones = sorted((int(a), int(b), int(c)) for k, a, b, c in (l.split() for l in out.splitlines() if l.startswith("done ")))
assert mine == dones, (mine, dones)
print("replay --sched %s --pipe %d --half-rate %d: %d done lines identical"
      % (r["sched"], r["pipe"], r["half_rate"], len(dones)))
PY
done
# The header names the pipelined scheduling; its default clock is the rr local block's (4f).
"$sys" --workload ring:p=0.9 --pes 8 --barriers 4 --sched rr --pipe 1 > "$tmp/pipe.txt"
head -n 1 "$tmp/pipe.txt" | grep -q ", scheduler rr-pipe$"
grep -q "^time base: DSBC clock 9.884 ns," "$tmp/pipe.txt"
# At half the request rate the header says rr-half; the default clock at N=8 is dsbc_global's
# (136.37 MHz: 1e6 / 136.37 = 7333 ps), at Pipe = 1 dsbc_local_half's (216.08 MHz at M = 16,
# reports/synth.csv: 4628 ps; the pipelined global block, 4375 ps, is faster).
"$sys" --workload ring:p=0.9 --pes 8 --barriers 4 --sched rr --half-rate 1 > "$tmp/half.txt"
head -n 1 "$tmp/half.txt" | grep -q ", scheduler rr-half$"
grep -q "^time base: DSBC clock 7.333 ns," "$tmp/half.txt"
"$sys" --workload ring:p=0.9 --pes 8 --barriers 4 --sched rr --pipe 1 --half-rate 1 > "$tmp/half.txt"
head -n 1 "$tmp/half.txt" | grep -q ", scheduler rr-pipe-half$"
grep -q "^time base: DSBC clock 4.628 ns," "$tmp/half.txt"
# --compare-sched: one row per scheduler, one for rr-pipe, rr-half and rr-pipe-half (clock,
# delays, latencies, cycles), every oracle ok; the header names the scheduler; without
# --clock-ns each runs at its own default clock (rr-pipe's is rr's: the local block sets it).
"$sys" --workload ring:p=0.9 --pes 8 --barriers 4 --sched rr --compare-sched > "$tmp/cmp.txt"
head -n 1 "$tmp/cmp.txt" | grep -q ", scheduler rr$"
row='+[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+  ok$'
[ "$(grep -cE "^(rr|arb|rr-pipe|rr-half|rr-pipe-half) $row" "$tmp/cmp.txt")" -eq 5 ]
[ "$(awk '$1 == "rr" || $1 == "arb" {print $2}' "$tmp/cmp.txt" | sort -u | wc -l)" -eq 2 ]
[ "$(awk '$1 == "rr" || $1 == "rr-pipe" {print $2}' "$tmp/cmp.txt" | sort -u)" = "9.884" ]
[ "$(awk '$1 == "rr-half" {print $2}' "$tmp/cmp.txt")" = "7.333" ]
[ "$(awk '$1 == "rr-pipe-half" {print $2}' "$tmp/cmp.txt")" = "4.628" ]
# rr-pipe's latencies within its bound, 4f: N=8 M=4 T=16, Q = 19, P = 3:
# L_max = 4·(19 + 4 + 3) + 5 + 3 + 3 = 115 cycles (max_lat_cycles is column 6).
awk '$1 == "rr-pipe" && $6 > 0 && $6 <= 115 {ok = 1} END {exit !ok}' "$tmp/cmp.txt"
# rr-half's within rr's: L_max = 4·(19 + 4) + 5 + 3 = 100 (the bound counts from the closing
# commit, which half the rate moves but does not detach from the snapshots).
awk '$1 == "rr-half" && $6 > 0 && $6 <= 100 {ok = 1} END {exit !ok}' "$tmp/cmp.txt"
"$sys" --workload ring:p=0.9 --pes 8 --barriers 4 --clock-ns 10 --compare-sched > "$tmp/cmp10.txt"
[ "$(awk '$2 == "10.000"' "$tmp/cmp10.txt" | grep -cE "^(rr|arb|rr-pipe|rr-half|rr-pipe-half) ")" -eq 5 ]
# With M = 2 half the rate needs the pipe (and N >= 2): rr-half is listed as not run, with the model's reason.
"$sys" --workload ring:p=0.9 --pes 8 --barriers 2 --compare-sched > "$tmp/cmp2.txt"
grep -qE "^rr-half +not run: .*half_rate" "$tmp/cmp2.txt"
grep -qE "^rr-pipe-half $row" "$tmp/cmp2.txt"
# Bad usage: exit 2, and stderr names the option (and its legal range where it has one).
expect_usage() {
  local want=$1 rc
  shift
  set +e
  "$sys" "$@" > /dev/null 2> "$tmp/err"
  rc=$?
  set -e
  if [ "$rc" -ne 2 ] || ! grep -qF -- "$want" "$tmp/err"; then
    echo "FAIL: dsbc-system $*: exit $rc (want 2), stderr: $(cat "$tmp/err")" >&2
    exit 1
  fi
}
expect_usage "--pes: 300 is out of range 1..256" --pes 300
expect_usage "--engine: invalid value 'fpga': expected model, rtl, both or systemc" --engine fpga
expect_usage "--pes: invalid value '4.5'" --pes 4.5
expect_usage "--pes: invalid value '4294967300'" --pes 4294967300
expect_usage "--seed: invalid value '-1'" --seed -1
expect_usage "--clock-ns: must be at least 0.001 (1 ps)" --clock-ns 0.0004
expect_usage "--latency-ns: invalid value 'nan': expected a time in ns in [0, 1e9)" --latency-ns nan
expect_usage "--algos: 'tiered' is given twice" --algos tiered,cda --algos tiered
expect_usage "--sched: invalid value 'fast': expected a scheduler, one of rr, arb" --sched fast
expect_usage "--compare-sched: text output only" --compare-sched --json
# Pipe = 1 needs rr (the model's rule and words, as dsbc-replay says them); arb is the default.
expect_usage "--pipe: pipe = 1 needs sched = rr, not sched = arb" --sched arb --pipe 1
expect_usage "--pipe: pipe = 1 needs sched = rr, not sched = arb" --pipe 1
expect_usage "--pipe: invalid value '2': expected 0 or 1" --sched rr --pipe 2
# HalfRate = 1 needs rr, and M >= 3 (M >= 2 with --pipe 1 and N >= 2): the model's rule and words.
expect_usage "--half-rate: half_rate = 1 needs sched = rr, not sched = arb" --sched arb --half-rate 1
expect_usage "--half-rate: half_rate = 1 needs sched = rr, not sched = arb" --half-rate 1
expect_usage "--half-rate: invalid value '2': expected 0 or 1" --sched rr --half-rate 2
expect_usage "--half-rate: half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 2 with pipe = 0, pes = 16" \
  --sched rr --half-rate 1 --barriers 2
# With the pipe at N = 1, M = 2 is too few ((M - 1)(3 + P) = 4, P = 1, not > 4).
expect_usage "--half-rate: half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 2 with pipe = 1, pes = 1" \
  --sched rr --pipe 1 --half-rate 1 --barriers 2 --pes 1
expect_usage "not expected: stray" stray
expect_usage "not expected: cda" --algos tiered cda  # one comma-separated list per --algos
# Integers are decimal: 010 is ten PEs, not eight.
"$sys" --workload ring:p=0.5 --pes 010 | head -n 1 | grep -q "N=10, M=1,"
# A run the oracle fails (wtc's execution differs from the reference run's): exit 1, and its
# JSON, whose failures are free text, still parses.
set +e
"$sys" --workload forkjoin:width=8,rounds=2 --pes 32 --barriers 3 --algos wtc --json > "$tmp/fail.json"
rc=$?
set -e
[ "$rc" -eq 1 ]
python3 - "$tmp/fail.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert not r["oracle_ok"] and r["failures"], r
assert all("wtc" in f for f in r["failures"]), r["failures"]
print("oracle failure: %d findings, JSON parses" % len(r["failures"]))
PY
if [ "$have_rtl" = "ON" ]; then
  a=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --engine model --json | sed 's/"wall_seconds":[^,]*,//')
  b=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --engine both --json | sed 's/"wall_seconds":[^,]*,//;s/"engine":"both"/"engine":"model"/')
  [ "$a" = "$b" ]
  echo "engine both: same result as the model"
  # Pipe = 1: the RTL with Pipe = 1 (its own plugin) in lockstep with the model, and the same
  # result as the model alone.
  a=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --sched rr --pipe 1 --engine model --json | sed 's/"wall_seconds":[^,]*,//')
  b=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --sched rr --pipe 1 --engine both --json | sed 's/"wall_seconds":[^,]*,//;s/"engine":"both"/"engine":"model"/')
  [ "$a" = "$b" ]
  echo "engine both --pipe 1: same result as the model"
  # HalfRate = 1: dsbc_top with HalfRate = 1 (its own plugin) in lockstep with the model.
  a=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --sched rr --half-rate 1 --engine model --json | sed 's/"wall_seconds":[^,]*,//')
  b=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --sched rr --half-rate 1 --engine both --json | sed 's/"wall_seconds":[^,]*,//;s/"engine":"both"/"engine":"model"/')
  [ "$a" = "$b" ]
  echo "engine both --half-rate 1: same result as the model"
fi
echo "dsbc-system cli: ok"
