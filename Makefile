# SPDX-License-Identifier: Apache-2.0
# Short-hands over CMake/CTest and the tools. `make help` lists them. Every target that needs a
# tool installs what is missing first (scripts/install-deps.sh).

VERILATOR ?= verilator
IVERILOG  ?= iverilog
YOSYS     ?= yosys
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
BUILD     ?= build
BUILD_SIM ?= build-sim
# Lockstep random-run length per test in `make sim` (cycles per random test and config).
SIM_CYCLES ?= 400000

.DEFAULT_GOAL := help

# Feature areas (NCL, synthesis, TD lab, ...) add their targets in mk/<area>.mk, and may append
# targets to SIM_EXTRA (run by `make sim`). Everything `make test` runs is a ctest test with a
# label (`ctest -N` lists them, `ctest -L <label>` runs an area); nothing else is hidden in it.
SIM_EXTRA :=
-include $(sort $(wildcard mk/*.mk))
.PHONY: help deps build tools test sim regress lint icarus synth-check bench demo waves format-check format clean

help: ## list the targets
	@echo "DSBC: distributed-sum bit-comparison termination detection"
	@echo
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F'\t' '{printf "  make %-12s %s\n", $$1, $$2}'
	@echo
	@echo "  variables: JOBS=$(JOBS) SIM_CYCLES=$(SIM_CYCLES) DSBC_SEED=<n> TEST=<ctest regex> LABEL=<ctest label>"

deps: ## install the Debian packages the project needs (idempotent)
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DDSBC_MATRIX=test

build: deps $(BUILD)/CMakeCache.txt ## build the model, the tools and the short lockstep matrix
	cmake --build $(BUILD) -j $(JOBS)

tools: deps $(BUILD)/CMakeCache.txt ## build only the tools (dsbc-replay)
	cmake --build $(BUILD) -j $(JOBS) --target dsbc-replay

test: build ## the tests: every ctest test (labels: lint model tools lockstep icarus mutation bram wnor ncl formal td system mpi)
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 1200 $(if $(LABEL),-L '$(LABEL)')
	@echo "make test: all passed"

sim: deps ## the regression: full lockstep matrix (long), Icarus, one-screen summary
	cmake -S . -B $(BUILD_SIM) -DDSBC_MATRIX=sim
	cmake --build $(BUILD_SIM) -j $(JOBS)
	rm -f $(BUILD_SIM)/summary.txt
	cd $(BUILD_SIM) && DSBC_SUMMARY=$(CURDIR)/$(BUILD_SIM)/summary.txt DSBC_CYCLES=$(SIM_CYCLES) \
	  ctest -j $(JOBS) --output-on-failure --timeout 7200
	@for t in $(SIM_EXTRA); do $(MAKE) --no-print-directory $$t || exit 1; done
	python3 scripts/sim-summary.py $(BUILD_SIM)/summary.txt

regress: sim ## same as make sim (the long regression of every area)

lint: deps ## verilator --lint-only -Wall over every design (DSBC, NCL, Wired-NOR) for its corner configurations
	@bash lint/lint.sh all

icarus: tools ## run the RTL under Icarus on example traces and compare with the model
	bash testbench/icarus/icarus-check.sh $(BUILD)/tools/dsbc-replay

synth-check: deps ## Yosys: the count RAM maps to iCE40 block RAM
	bash synth/synth-check.sh

bench: deps $(BUILD)/CMakeCache.txt ## measure simulation speed and detection latency (writes docs/performance data)
	bash scripts/bench.sh $(BUILD)

demo: tools ## the main job: replay an example trace on the model and on the RTL, compare
	bash scripts/demo.sh $(BUILD)/tools/dsbc-replay

waves: build ## rerun lockstep tests with FST waves: make waves TEST=DirectedN2M4T8D2.ReopenedBarrier
	cd $(BUILD) && DSBC_WAVES=1 ctest -R '$(TEST)' --output-on-failure
	@find $(BUILD) -name '*.fst' -newer $(BUILD)/CMakeCache.txt

format-check: ## clang-format --dry-run over the C++ (.clang-format); also ctest format-check
	@bash scripts/format-check.sh

format: ## reformat the C++ in place with clang-format (.clang-format)
	@bash scripts/format-check.sh --fix

clean: ## remove the build directories
	rm -rf $(BUILD) $(BUILD_SIM) build-td build-sys
