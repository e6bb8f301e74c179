# SPDX-License-Identifier: Apache-2.0
# NCL (delay-insensitive, dual-rail) global path: regression under random gate delays, the
# deliberately broken variants, lint, and the short set run by `make test` (issue 6).
# Included by the top Makefile. Heavy runs go through testbench/ncl/run_ncl.sh, which runs
# two simulations at a time under `nice -n 10` (the machine is shared).

NCL_SEEDS        ?= 100
NCL_BROKEN_SEEDS ?= 48
NCL_SHORT_SEEDS  ?= 8
# Lint configurations "N,T" of dsbc_ncl_global: corners, odd sizes, the largest.
NCL_LINT_CONFIGS := 1,8 2,8 3,9 4,16 5,11 16,8 64,32 256,8
NCL_LINT = $(VERILATOR) --lint-only -Wall lint/ncl_waiver.vlt -Irtl -Irtl/ncl
# Self-instantiating modules: Verilator 5.006 mis-elaborates them as the *top* module (it
# reports their recursive instances' outputs undriven), so they are linted inside the
# dsbc_ncl_global hierarchy above, which covers every recursion depth up to N = 256.
NCL_LINT_RECURSIVE := rtl/ncl/dsbc_ncl_andn.v rtl/ncl/dsbc_ncl_popcount.v

.PHONY: ncl ncl-broken ncl-lint ncl-short ncl-gates

ncl: deps ## NCL regression under random gate delays (NCL_SEEDS seeds, default 100)
	@bash testbench/ncl/run_ncl.sh regress $(NCL_SEEDS)

ncl-broken: deps ## the deliberately broken NCL variants must be caught (NCL_BROKEN_SEEDS)
	@bash testbench/ncl/run_ncl.sh broken $(NCL_BROKEN_SEEDS)

ncl-gates: deps ## exhaustive unit tests of the NCL threshold gates
	@bash testbench/ncl/run_ncl.sh gates

ncl-lint: deps ## verilator -Wall over the NCL RTL (waivers: lint/ncl_waiver.vlt)
	@for c in $(NCL_LINT_CONFIGS); do \
	  set -- $$(echo $$c | tr , ' '); \
	  $(NCL_LINT) rtl/ncl/dsbc_ncl_global.v --top-module dsbc_ncl_global \
	    -GNumPes=$$1 -GCountBits=$$2 || exit 1; \
	done
	@for b in 1 2 3; do for n in 3 16; do \
	  $(NCL_LINT) rtl/ncl/dsbc_ncl_global.v --top-module dsbc_ncl_global \
	    -GNumPes=$$n -GCountBits=8 -GBroken=$$b || exit 1; \
	done; done
	@for t in 8 32; do \
	  $(NCL_LINT) rtl/ncl/dsbc_ncl_local_if.v --top-module dsbc_ncl_local_if -GCountBits=$$t || exit 1; \
	done
	@for f in $(filter-out $(NCL_LINT_RECURSIVE),$(wildcard rtl/ncl/*.v)); do \
	  $(NCL_LINT) $$f --top-module $$(basename $$f .v) || exit 1; \
	done
	@echo "ncl-lint: clean for $(words $(NCL_LINT_CONFIGS)) + 6 broken global configurations, 2 local_if, every other file as top"

ncl-short: deps ncl-lint ## NCL gate tests, parameter checks and a short seed set (< 2 min)
	@bash testbench/ncl/run_ncl.sh short $(NCL_SHORT_SEEDS)

TEST_EXTRA += ncl-short
SIM_EXTRA  += ncl
