# SPDX-License-Identifier: Apache-2.0
# Formal proofs of the DSBC unit with Yosys 0.23 + yosys-smtbmc + z3, run directly by
# formal/run.py (no SymbiYosys). docs/verification.md says what is proved, where and how fast.
# Included by the top Makefile.

BUILD_FORMAL ?= build-formal
FORMAL_JOBS  ?= 2

.PHONY: formal formal-short formal-long formal-mutants

formal: deps ## formal proofs of every harness (k-induction, covers, bounded liveness); formal-long adds the longest job
	@nice -n 10 python3 formal/run.py --set full --jobs $(FORMAL_JOBS) --out $(BUILD_FORMAL)/formal

formal-long: deps ## make formal's jobs plus the long ones (unit_half_n3_m3: its induction runs beyond an hour; 6 h per step)
	@nice -n 10 python3 formal/run.py --set long --jobs $(FORMAL_JOBS) --out $(BUILD_FORMAL)/formal-long

formal-short: deps ## the short formal set (make test, ctest formal-short): FIFO, summation + RAM, global N=2,3, unit N=2 (rr), unit N=1 M=2 (arb)
	@nice -n 10 python3 formal/run.py --set short --jobs $(FORMAL_JOBS) --out $(BUILD_FORMAL)/formal-short

formal-mutants: deps ## every deliberate bug must be caught by a formal property (traces kept)
	@nice -n 10 python3 formal/run.py --mutants --out $(BUILD_FORMAL)/formal

# Soak: lockstep random workloads over every configuration of the lockstep binary, fresh seeds,
# NPROC runs at a time, until SOAK_CYCLES cycles in total (formal/soak.sh).
SOAK_CYCLES ?= 1000000000
SOAK_CHUNK  ?= 2000000
.PHONY: soak
soak: build ## lockstep soak: random workloads until SOAK_CYCLES cycles (default 10^9), summary
	@SOAK_CHUNK=$(SOAK_CHUNK) bash formal/soak.sh $(BUILD)/testbench/dsbc_lockstep $(SOAK_CYCLES) $(JOBS)
