#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# MPI benchmark (issue 15 item 6; a benchmark, not a test): detection delay and control
# messages of each algorithm over real processes (tdmpi, np = 2, 4, 8 on UTS T1 and T3),
# beside tdsim's prediction of the same configuration with the latency calibrated by an MPI
# ping-pong and the task time measured in the real run; and tdsim's own speed on UTS T1
# (events per second) per algorithm. Writes markdown tables to stdout and the raw JSON lines
# to $OUT/results.jsonl. Usage: scripts/mpi-bench.sh [BUILD_DIR] (default build-mpi).
# Env: ALGOS, NPS, TREES, SIM_ALGOS, SIM_PES override the sets below. ~25 min on 2 cores.
set -euo pipefail
build=${1:-build-mpi}
ALGOS=${ALGOS:-"credit cda tiered 4c skr ds nbx qd"}
NPS=${NPS:-"2 4 8"}
TREES=${TREES-"T1 T3"}  # TREES="" skips the real runs
SIM_ALGOS=${SIM_ALGOS:-"tiered credit hcda cda 4c edod cv ltd skr baker wtc ds nbx qd"}
SIM_PES=${SIM_PES:-8}
OUT=${OUT:-$build/mpi-bench}
tdmpi=$build/td/mpi/tdmpi
tdsim=$build/td/tdsim
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
mkdir -p "$OUT"
: >"$OUT/results.jsonl"
mpi() { mpirun --oversubscribe -np "$@"; }
field() { python3 -c "import json,sys; j=json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }

# 1. One-way latency: median of 20,000 ping-pongs of one int64 between ranks 0 and 1.
lat_ns=$(mpi 2 "$tdmpi" --pingpong 20000 | field 'round(j["oneway_ns_median"])')
echo "one-way latency (median of 20,000 MPI ping-pongs): $lat_ns ns = $lat_ns ticks"
echo

# 2. Real runs and the simulator's prediction of each.
echo "| tree | np | algorithm | real delay (us) | sim delay (us) | real ctrl msgs | sim ctrl msgs | real wall (s) | task (ns) |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---:|"
for tree in $TREES; do
  for np in $NPS; do
    for a in $ALGOS; do
      real=$(mpi "$np" "$tdmpi" --algo "$a" --workload "uts:tree=$tree" --timeout 900 --json)
      echo "$real" >>"$OUT/results.jsonl"
      ok=$(echo "$real" | field 'j["safe"] and j["live"] and j["barriers"][0]["T"] > 0')
      task_ns=$(echo "$real" | field 'max(1, round(j["task_ns_mean"]))')
      # tdsim exits 1 on a false or missed detection: the table says so ("not clean").
      sim=$("$tdsim" --algo "$a" --workload "uts:tree=$tree" --pes "$np" --latency "$lat_ns" --task-time "$task_ns" --json || true)
      echo "$sim" >>"$OUT/results.jsonl"
      echo "$real" | field '"| '"$tree"' | '"$np"' | '"$a"' | %.1f |" % (j["barriers"][0]["delay"] / 1e3)' | tr -d '\n'
      echo "$sim" | field '" %.1f |" % (j["barriers"][0]["delay"] / 1e3)' | tr -d '\n'
      echo "$real" | field '" %d |" % j["barriers"][0]["ctrl_external"]' | tr -d '\n'
      echo "$sim" | field '" %d |" % j["barriers"][0]["ctrl_external"]' | tr -d '\n'
      echo "$real" | field '" %.1f | '"$task_ns"' |" % j["wall_seconds"]' | tr -d '\n'
      [ "$ok" = "True" ] || echo -n " **real run not clean**"
      [ "$(echo "$sim" | field 'j["safe"] and j["live"]')" = "True" ] || echo -n " **simulation not clean**"
      echo
    done
  done
done
echo

# 3. The simulator's own speed on UTS T1.
echo "| algorithm | tdsim events (UTS T1, $SIM_PES PEs) | wall (s) | events/s | outcome |"
echo "|---|---:|---:|---:|---|"
for a in $SIM_ALGOS; do
  sim=$("$tdsim" --algo "$a" --workload uts:tree=T1 --pes "$SIM_PES" --json || true)
  echo "$sim" >>"$OUT/results.jsonl"
  echo "$sim" | field '"| '"$a"' | %d | %.2f | %.2f M | %s |" % (j["events"], j["wall_seconds"], j["events"] / j["wall_seconds"] / 1e6, ("safe" if j["safe"] else "FALSE DETECTION") + (", detected" if j["live"] else ", MISSED"))'
done
