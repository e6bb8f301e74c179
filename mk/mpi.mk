# SPDX-License-Identifier: Apache-2.0
# tdmpi: the TD algorithms over MPI (td/mpi, docs/mpi.md). Its ctest label `mpi` runs in
# `make test`; the benchmark is separate.
MPI_BUILD ?= build-mpi
.PHONY: mpi-build mpi-test mpi-bench

mpi-build: ## build tdmpi and tdmpi-oracle (needs openmpi-bin libopenmpi-dev)
	cmake -S . -B $(MPI_BUILD) -DDSBC_BUILD_RTL_TESTS=OFF
	cmake --build $(MPI_BUILD) -j $(JOBS) --target tdmpi tdmpi-oracle tdsim

mpi-test: mpi-build ## the mpi ctest label: mpirun -np 2 and 4 per algorithm, the offline oracle, planted faults
	cd $(MPI_BUILD) && ctest -L mpi --output-on-failure

mpi-bench: mpi-build ## real vs simulated detection delay per algorithm, np 2/4/8, UTS T1/T3 (~25 min; markdown)
	scripts/mpi-bench.sh $(MPI_BUILD)
