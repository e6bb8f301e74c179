# SPDX-License-Identifier: Apache-2.0
# System co-simulation (sim/, docs/system.md): TD-lab workloads and software TD algorithms
# driving the DSBC unit. `make build` builds dsbc-system (every engine: model, rtl, both,
# systemc); its tests run in `make test` through ctest (label "system").
SYS_BUILD ?= $(BUILD)
SYS_BIN := $(SYS_BUILD)/sim/dsbc-system
SYS_SEED ?= 1
# Co-simulated cycles that `make system-lockstep` must reach with RTL and model in lockstep.
SYS_LOCKSTEP_CYCLES ?= 1000000
.PHONY: system system-build system-test system-lockstep system-report

system-build: deps $(SYS_BUILD)/CMakeCache.txt
	cmake --build $(SYS_BUILD) -j $(JOBS) --target dsbc-system dsbc-replay

system: system-build ## system co-simulation: build, then a demo (tree on 16 PEs, DSBC vs 5 algorithms, RTL+model)
	$(SYS_BIN) --workload tree:lambda=0.8,lmax=20,map=random --pes 16 --barriers 4 --epochs 2 \
	  --seed $(SYS_SEED) --engine both --algos tiered,cda,4c,edod,ltd

system-test: system-build ## system co-simulation checks (also in make test): ctest label "system"
	cd $(SYS_BUILD) && ctest -L system --output-on-failure --timeout 900

system-lockstep: system-build ## RTL vs model in lockstep inside the co-simulation, >= SYS_LOCKSTEP_CYCLES cycles
	@set -e; total=0; \
	for spec in "ring:p=0.99 --epochs 40" "tree:lambda=0.8,lmax=24,map=random --epochs 12"; do \
	  w=$${spec%% *}; rest=$${spec#* }; \
	  echo "$(SYS_BIN) --workload $$w --pes 16 --barriers 4 $$rest --seed $(SYS_SEED) --engine both"; \
	  out=$$($(SYS_BIN) --workload $$w --pes 16 --barriers 4 $$rest --seed $(SYS_SEED) --engine both); \
	  echo "$$out" | tail -3; \
	  c=$$(echo "$$out" | sed -n 's/^lockstep: .* all \([0-9]*\) cycles$$/\1/p'); \
	  total=$$((total + c)); \
	done; \
	echo "system-lockstep: $$total cycles of co-simulated workload, RTL and model identical"; \
	[ $$total -ge $(SYS_LOCKSTEP_CYCLES) ]

system-report: system-build ## detection delay and control messages, DSBC vs Tiered/CDA/4C/EDOD/LTD -> reports/system.md + SVG
	python3 sim/scripts/system_report.py $(SYS_BIN) reports

SIM_EXTRA += system-lockstep
