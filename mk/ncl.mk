# SPDX-License-Identifier: Apache-2.0
# NCL (delay-insensitive, dual-rail) global path: regression under random gate delays, the
# deliberately broken variants, lint, and the short set that `make test` runs through ctest
# (test ncl-short, label "ncl").
# Included by the top Makefile. Heavy runs go through testbench/ncl/run_ncl.sh, which runs
# two simulations at a time under `nice -n 10` (the machine is shared).

NCL_SEEDS        ?= 100
NCL_BROKEN_SEEDS ?= 48
NCL_SHORT_SEEDS  ?= 8

.PHONY: ncl ncl-broken ncl-lint ncl-short ncl-gates

ncl: deps ## NCL regression under random gate delays (NCL_SEEDS seeds, default 100)
	@bash testbench/ncl/run_ncl.sh regress $(NCL_SEEDS)

ncl-broken: deps ## the deliberately broken NCL variants must be caught (NCL_BROKEN_SEEDS)
	@bash testbench/ncl/run_ncl.sh broken $(NCL_BROKEN_SEEDS)

ncl-gates: deps ## exhaustive unit tests of the NCL threshold gates
	@bash testbench/ncl/run_ncl.sh gates

ncl-lint: deps ## verilator -Wall over the NCL RTL (waivers: lint/ncl_waiver.vlt)
	@bash lint/lint.sh ncl

ncl-short: deps ## NCL gate tests, parameter checks and a short seed set (< 2 min; ctest ncl-short)
	@bash testbench/ncl/run_ncl.sh short $(NCL_SHORT_SEEDS)

SIM_EXTRA  += ncl
