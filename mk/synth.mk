# SPDX-License-Identifier: Apache-2.0
# Synthesis flows and the timing-comparison report (docs/synthesis.md), and the short
# Wired-NOR checks `make test` runs.

SYNTH_SEEDS ?= 5
.PHONY: synth report synth-tools

# Only the two host tools the flows need, not the whole lockstep build.
synth-tools: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dsbc-replay wnor_latency

# make synth: Yosys + nextpnr (iCE40 HX8K/UP5K, 5 seeds) and generic synthesis of DSBC and
# Wired-NOR -> reports/synth.csv (long); then the post-synthesis simulation.
synth: synth-tools ## synthesis flows (long) -> reports/synth.csv, then post-synthesis simulation
	python3 synth/synth-flow.py --seeds $(SYNTH_SEEDS)
	bash synth/postsynth-check.sh $(BUILD)/tools/dsbc-replay

# make place-unit: the area figures of issue 13 part 3 (one local block against T, the whole
# N=16, M=32, T=16, D=8 unit placed and routed on the HX8K, median of SYNTH_SEEDS seeds)
# -> reports/unit.csv and reports/unit.md. Needs only Yosys and nextpnr.
.PHONY: place-unit
PLACE_JOBS ?= 1
place-unit: ## area per PE and the whole N=16 M=32 unit placed on HX8K -> reports/unit.md
	python3 synth/synth-flow.py --unit --seeds $(SYNTH_SEEDS) --place-jobs $(PLACE_JOBS)

# make report: timing comparison (analytic Fig. 5.8/5.9 + measured) -> reports/timing.md,
# SVG plots and CSVs; then the long scheduler comparison (mk/bench.mk), whose section
# timing-report.py's rewrite of reports/timing.md has just dropped.
report: synth-tools ## timing comparison -> reports/timing.md, SVG plots, CSVs
	@test -f reports/synth.csv || $(MAKE) --no-print-directory synth
	python3 synth/timing-report.py --latency-bin $(BUILD)/testbench/wnor/wnor_latency
	$(MAKE) --no-print-directory bench-sched BENCH_SCHED_CYCLES=$(REPORT_SCHED_CYCLES)
