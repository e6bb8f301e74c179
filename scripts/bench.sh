#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmarks: simulation speed of model and RTL, and detection latency beside Eq. 5.5, for
# (N, M) = (16, 32), (64, 32), (256, 32) with T = 16. Results: build/bench/results.csv (and
# the printed table), the PEs' request bursts (build/bench/burst.csv), and the overlap
# schedule (ovl::PortUnit) beside arb and rr at N=16, M=32 (build/bench/ovl.csv, about 10 s).
# docs/performance.md quotes a run of this script.
#   scripts/bench.sh [build dir]
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cmake --build "$build" -j "$(nproc)" --target dsbc_bench bench_burst bench_ovl
mkdir -p "$build/bench"
csv="$build/bench/results.csv"
echo "pes,barriers,count_bits,fifo_depth,sched,speed_cycles,model_loop_cps,model_idle_cps,rtl_loop_cps,rtl_idle_cps,latency_cycles,busy_mean,busy_p99,busy_max,busy_n,sparse_mean,sparse_p99,sparse_max,sparse_n,eq55_cycles,bound_cycles,model_engine_cps,rtl_engine_cps,model_loop_cps_other_scheds" > "$csv"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "tools: $(verilator --version), $(g++ --version | head -1)"
for b in "$build"/testbench/bench_n*; do
  [ -x "$b" ] || continue
  "$b" "$csv"
done
# How bursty the PEs' requests are (docs/clock.md, "Half the request rate"): 1 s.
"$build/testbench/bench_burst" 400000 "$build/bench/burst.csv"
# The overlap schedule in the checked closed loop (docs/performance.md 6c): about 10 s.
"$build/testbench/bench_ovl" 1250000 "$build/bench/ovl.csv"
echo "bench: results in $csv, $build/bench/burst.csv and $build/bench/ovl.csv"
