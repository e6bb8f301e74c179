# SPDX-License-Identifier: Apache-2.0
# Synthesis flows and the timing-comparison report (docs/synthesis.md), and the short
# Wired-NOR checks `make test` runs.

SYNTH_SEEDS ?= 5
.PHONY: synth report wnor-test synth-tools

# Only the two host tools the flows need, not the whole lockstep build.
synth-tools: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dsbc-replay wnor_latency

# make synth: Yosys + nextpnr (iCE40 HX8K/UP5K, 5 seeds) and generic synthesis of DSBC and
# Wired-NOR -> reports/synth.csv (long); then the post-synthesis simulation.
synth: synth-tools ## synthesis flows (long) -> reports/synth.csv, then post-synthesis simulation
	python3 synth/synth-flow.py --seeds $(SYNTH_SEEDS)
	bash synth/postsynth-check.sh $(BUILD)/tools/dsbc-replay

# make report: timing comparison (analytic Fig. 5.8/5.9 + measured) -> reports/timing.md,
# SVG plots and CSVs.
report: synth-tools ## timing comparison -> reports/timing.md, SVG plots, CSVs
	@test -f reports/synth.csv || $(MAKE) --no-print-directory synth
	python3 synth/timing-report.py --latency-bin $(BUILD)/testbench/wnor/wnor_latency

# Short checks (well under a minute): lint of the Wired-NOR RTL over corner configurations,
# and the post-synthesis simulation of a small DSBC iCE40 netlist against the model. The
# Wired-NOR model and RTL tests themselves run in ctest (dsbc_model_tests, wnor_tests).
WNOR_LINT_CONFIGS := 1,1,2 2,16,2 3,5,3 7,3,8 16,16,4 64,32,4 1024,2,4 64,256,2
wnor-test: deps $(BUILD)/CMakeCache.txt
	@for c in $(WNOR_LINT_CONFIGS); do \
	  set -- $$(echo $$c | tr , ' '); \
	  nice -n 10 $(VERILATOR) --lint-only -Wall -Irtl/wnor rtl/wnor/wnor_top.v --top-module wnor_top \
	    -GNumPes=$$1 -GNumBarriers=$$2 -GTreeArity=$$3 || exit 1; \
	done
	@echo "wnor-test: lint clean for $(words $(WNOR_LINT_CONFIGS)) configurations"
	cmake --build $(BUILD) -j $(JOBS) --target dsbc-replay
	bash synth/postsynth-check.sh $(BUILD)/tools/dsbc-replay

TEST_EXTRA += wnor-test
