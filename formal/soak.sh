#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Soak: lockstep RTL-vs-model random workloads (RandomWorkloadMatchesModel of every
# configuration the lockstep binary holds), fresh seeds, run after run until the cycle total
# is reached, JOBS runs at a time (niced). One-screen summary; exit 1 on any mismatch,
# oracle violation or failed run (its seed is printed for replay with DSBC_SEED).
#   formal/soak.sh <dsbc_lockstep> <total cycles> [jobs]     (SOAK_CHUNK: cycles per run)
set -euo pipefail
bin=$(realpath "${1:?usage: soak.sh <dsbc_lockstep> <total cycles> [jobs]}")
total=${2:?total cycles}
jobs=${3:-$(nproc)}
chunk=${SOAK_CHUNK:-2000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t suites < <("$bin" --gtest_list_tests | grep -E '^Lockstep' | tr -d '.')
[ "${#suites[@]}" -gt 0 ] || { echo "soak: no Lockstep suites in $bin"; exit 1; }
runs=$(( (total + chunk - 1) / chunk ))
start=$(date +%s)
export bin chunk work
run_one() {
  local k=$1 suites=("${@:2}")
  local s=${suites[$((k % ${#suites[@]}))]} seed=$((1000003 + k))
  if ! DSBC_SEED=$seed DSBC_CYCLES=$chunk DSBC_SUMMARY="$work/summary.$k" nice -n 10 "$bin" \
       --gtest_filter="$s.RandomWorkloadMatchesModel" > "$work/log.$k" 2>&1; then
    echo "soak: FAILED $s DSBC_SEED=$seed DSBC_CYCLES=$chunk" | tee "$work/fail.$k"
  fi
}
export -f run_one
seq 0 $((runs - 1)) | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} "${suites[@]}"
secs=$(( $(date +%s) - start ))
cat "$work"/summary.* > "$work/all" 2>/dev/null || true
python3 - "$work/all" "$runs" "$secs" "$jobs" "${#suites[@]}" <<'PY'
import re, sys
path, runs, secs, jobs, nsuites = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
tot = dict(cycles=0, mismatches=0, violations=0, completions=0, commits=0, refusals=0, blocked=0)
n = 0
configs = set()
for line in open(path):
    kv = dict(re.findall(r"(\w+)=(\S+)", line))
    n += 1
    configs.add(kv["config"])
    for k in tot:
        tot[k] += int(float(kv[k]))
rate = tot["cycles"] / max(secs, 1)
print(f"soak: {n} of {runs} runs over {len(configs)} configurations ({nsuites} suites), {jobs} at a time, {secs} s")
print(f"soak: {tot['cycles']:,} cycles ({rate:,.0f} cycles/s wall), {tot['completions']:,} completions, "
      f"{tot['commits']:,} commits, {tot['refusals']:,} refusals, {tot['blocked']:,} blocked by full FIFOs")
print(f"soak: {tot['mismatches']} mismatches, {tot['violations']} oracle violations")
ok = n == runs and tot["mismatches"] == 0 and tot["violations"] == 0
sys.exit(0 if ok else 1)
PY
