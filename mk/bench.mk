# SPDX-License-Identifier: Apache-2.0
# Scheduler comparison (issue 13, docs/performance.md section 6): bench_sched runs the golden
# model with the oracle on for every scheduler, N=16 T=16 D=8, M = 4..1024, three workloads
# -> reports/sched.csv; scripts/sched-report.py turns it into reports/sched_latency.svg and the
# "Scheduler comparison" sections of docs/performance.md and reports/timing.md.
# `make bench` runs it first (about 1-2 min on 2 cores); `make report` reruns it 8x longer.
BENCH_SCHED_CYCLES ?= 1250000
REPORT_SCHED_CYCLES ?= 10000000
.PHONY: bench-sched

bench-sched: deps $(BUILD)/CMakeCache.txt ## scheduler comparison rr vs arb (model + oracle) -> reports/sched.csv, SVG, docs
	cmake --build $(BUILD) -j $(JOBS) --target bench_sched
	nice -n 10 $(BUILD)/testbench/bench_sched $(BENCH_SCHED_CYCLES) reports/sched.csv
	python3 scripts/sched-report.py

bench: bench-sched
