# SPDX-License-Identifier: Apache-2.0
# Verilator line and toggle coverage of the lockstep runs (issue 12 item 5). Its own CMake
# tree (DSBC_COVERAGE=ON: the lockstep matrix verilated through dsbc_verilate(... COVERAGE)),
# so make build / make test never build or run the instrumented model. Every lockstep test
# writes its counts (DSBC_COVERAGE_DIR); verilator_coverage merges them and annotates the
# RTL; scripts/coverage-summary.py prints lines and toggles hit per module.
# docs/verification.md ("Code coverage") says what is not hit and why.

BUILD_COV   ?= build-cov
COV_MATRIX  ?= test
COV_REPORT  ?= $(BUILD)/coverage

.PHONY: coverage
coverage: deps ## line + toggle coverage of the lockstep runs per RTL module (report in $(COV_REPORT))
	cmake -S . -B $(BUILD_COV) -DDSBC_MATRIX=$(COV_MATRIX) -DDSBC_COVERAGE=ON
	cmake --build $(BUILD_COV) -j $(JOBS) --target dsbc_lockstep
	rm -rf $(COV_REPORT) && mkdir -p $(COV_REPORT)/runs
	cd $(BUILD_COV) && DSBC_COVERAGE_DIR=$(abspath $(COV_REPORT))/runs \
	  ctest -j $(JOBS) -L lockstep --output-on-failure --timeout 1200
	verilator_coverage --write $(COV_REPORT)/merged.dat $(COV_REPORT)/runs/*.dat
	verilator_coverage --annotate $(COV_REPORT)/annotated --annotate-min 1 --annotate-all $(COV_REPORT)/merged.dat
	verilator_coverage --write-info $(COV_REPORT)/coverage.info $(COV_REPORT)/merged.dat
	python3 scripts/coverage-summary.py $(COV_REPORT)/merged.dat | tee $(COV_REPORT)/summary.txt
