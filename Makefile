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

RTL := $(wildcard rtl/*.v)
# Lint configurations "N M T D": corner and typical parameter sets.
LINT_CONFIGS := 1,1,8,1 2,4,8,2 3,5,9,3 7,4,20,5 16,32,16,8 64,1024,32,16 256,4,8,1

.DEFAULT_GOAL := help

# Feature areas (NCL, synthesis, TD lab, ...) add their targets in mk/<area>.mk, and may append
# targets to TEST_EXTRA (run by `make test`, keep them short) and SIM_EXTRA (run by `make sim`).
TEST_EXTRA :=
SIM_EXTRA :=
-include $(sort $(wildcard mk/*.mk))
.PHONY: help deps build tools test sim regress lint icarus synth-check bench demo waves clean

help: ## list the targets
	@echo "DSBC: distributed-sum bit-comparison termination detection"
	@echo
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F'\t' '{printf "  make %-12s %s\n", $$1, $$2}'
	@echo
	@echo "  variables: JOBS=$(JOBS) SIM_CYCLES=$(SIM_CYCLES) DSBC_SEED=<n> TEST=<ctest regex>"

deps: ## install the Debian packages the project needs (idempotent)
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DDSBC_MATRIX=test

build: deps $(BUILD)/CMakeCache.txt ## build the model, the tools and the short lockstep matrix
	cmake --build $(BUILD) -j $(JOBS)

tools: deps $(BUILD)/CMakeCache.txt ## build only the tools (dsbc-replay)
	cmake --build $(BUILD) -j $(JOBS) --target dsbc-replay

test: build lint ## the tests: lint, model, tools, lockstep (short matrix), Icarus, mutants, BRAM check
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 1200
	bash testbench/icarus/icarus-check.sh $(BUILD)/tools/dsbc-replay
	bash scripts/mutation-check.sh $(BUILD)/tools/dsbc-replay
	bash synth/synth-check.sh
	@for t in $(TEST_EXTRA); do $(MAKE) --no-print-directory $$t || exit 1; done
	@echo "make test: all passed"

sim: deps lint ## the regression: full lockstep matrix (long), Icarus, one-screen summary
	cmake -S . -B $(BUILD_SIM) -DDSBC_MATRIX=sim
	cmake --build $(BUILD_SIM) -j $(JOBS)
	rm -f $(BUILD_SIM)/summary.txt
	cd $(BUILD_SIM) && DSBC_SUMMARY=$(CURDIR)/$(BUILD_SIM)/summary.txt DSBC_CYCLES=$(SIM_CYCLES) \
	  ctest -j $(JOBS) --output-on-failure --timeout 7200
	bash testbench/icarus/icarus-check.sh $(BUILD_SIM)/tools/dsbc-replay
	@for t in $(SIM_EXTRA); do $(MAKE) --no-print-directory $$t || exit 1; done
	python3 scripts/sim-summary.py $(BUILD_SIM)/summary.txt

regress: sim ## same as make sim (the long regression of every area)

lint: deps ## verilator --lint-only -Wall over the RTL for several parameter sets
	@for c in $(LINT_CONFIGS); do \
	  set -- $$(echo $$c | tr , ' '); \
	  $(VERILATOR) --lint-only -Wall lint/verilator_waiver.vlt -Irtl rtl/dsbc_top.v --top-module dsbc_top \
	    -GNumPes=$$1 -GNumBarriers=$$2 -GCountBits=$$3 -GFifoDepth=$$4 || exit 1; \
	done
	@echo "lint: clean for $(words $(LINT_CONFIGS)) configurations"

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

clean: ## remove the build directories
	rm -rf $(BUILD) $(BUILD_SIM) build-td build-sys
