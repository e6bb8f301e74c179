# SPDX-License-Identifier: Apache-2.0
# Software termination-detection lab (td/, docs/td.md). Its GoogleTest tests run in
# `make test` through ctest; the long sweep, the tables and the benchmark are separate.
TD_BUILD ?= build-td
TD_SWEEP ?= 120000
TD_SEED ?= 1
TD_FT_SWEEP ?= 120000
TDSIM := $(TD_BUILD)/td/tdsim
.PHONY: td-build td-test td-regress td-tables td-ft-tables td-bench

td-build: ## build the TD lab (tdsim, dsbc_td_tests) without the RTL tests
	cmake -S . -B $(TD_BUILD) -DDSBC_BUILD_RTL_TESTS=OFF
	cmake --build $(TD_BUILD) -j $(JOBS) --target tdsim dsbc_td_tests

td-test: td-build ## the TD lab's tests only
	$(TD_BUILD)/td/dsbc_td_tests

td-regress: td-build ## oracle sweeps: corrected (0 bad), literal fail; FT modes under failures (0 bad), F-9/F-10 off fail
	$(TDSIM) --sweep $(TD_SWEEP) --seed $(TD_SEED)
	$(TDSIM) --sweep 15000 --seed $(TD_SEED) --sweep-literal
	$(TDSIM) --sweep $(TD_FT_SWEEP) --seed $(TD_SEED) --sweep-set ft
	$(TDSIM) --sweep 20000 --seed $(TD_SEED) --sweep-set ft-broken

td-tables: td-build ## regenerate the reproduction tables in docs/reproduction.md
	python3 td/tools/td_tables.py tables $(TDSIM) docs/reproduction.md

td-ft-tables: td-build ## fault-tolerant TD: survival Monte Carlo, overhead, recovery cost (docs/reproduction.md + SVG)
	python3 td/tools/td_ft_tables.py $(TDSIM) docs/reproduction.md docs/td-ft-survival.svg

td-bench: td-build ## events/s and 1,000,000-task tree on 1,024 PEs per algorithm (markdown)
	python3 td/tools/td_tables.py bench $(TDSIM)

SIM_EXTRA += td-regress
