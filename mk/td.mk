# SPDX-License-Identifier: Apache-2.0
# Software termination-detection lab (td/, docs/td.md). Its GoogleTest tests run in
# `make test` through ctest; the long sweep, the tables and the benchmark are separate.
TD_BUILD ?= build-td
TD_SWEEP ?= 120000
TD_SEED ?= 1
TDSIM := $(TD_BUILD)/td/tdsim
.PHONY: td-build td-test td-regress td-tables td-bench

td-build: ## build the TD lab (tdsim, dsbc_td_tests) without the RTL tests
	cmake -S . -B $(TD_BUILD) -DDSBC_BUILD_RTL_TESTS=OFF
	cmake --build $(TD_BUILD) -j $(JOBS) --target tdsim dsbc_td_tests

td-test: td-build ## the TD lab's tests only
	$(TD_BUILD)/td/dsbc_td_tests

td-regress: td-build ## oracle sweep: TD_SWEEP random runs (corrected: 0 bad), literal variants fail
	$(TDSIM) --sweep $(TD_SWEEP) --seed $(TD_SEED)
	$(TDSIM) --sweep 15000 --seed $(TD_SEED) --sweep-literal

td-tables: td-build ## regenerate the reproduction tables in docs/reproduction.md
	python3 td/tools/td_tables.py tables $(TDSIM) docs/reproduction.md

td-bench: td-build ## events/s and 1,000,000-task tree on 1,024 PEs per algorithm (markdown)
	python3 td/tools/td_tables.py bench $(TDSIM)

SIM_EXTRA += td-regress
