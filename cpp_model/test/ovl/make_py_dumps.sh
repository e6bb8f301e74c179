#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates cpp_model/test/ovl/data/py/: runs of the Python overlap model with the pipelined
# word end (synth/feasibility/overlap_model.py --pipeend 2, overlap.md 13), each dumped with
# --dump: its applied commits and pops (the stimulus) and its heads and exits (the schedule).
# ovl_pipe_end_test (pipe_end_test.cpp) feeds the stimulus to the C++ contract and compares
# the schedule cycle for cycle. Not run by the tests: the dumps are the Python model's recorded
# behaviour, the independent reference for the C++ twin. Run from the repository root after a
# change to overlap_model.py's schedule:
#   sh cpp_model/test/ovl/make_py_dumps.sh
# Each run must print PASS (the model's own checks).
set -eu
F=synth/feasibility
D=cpp_model/test/ovl/data/py
mkdir -p "$D"
# name|options (R = 2, E = 0, T = 16 by default)
while IFS='|' read -r name args; do
  # shellcheck disable=SC2086
  python3 $F/overlap_model.py --pipeend 2 $args --dump "$D/$name.txt" | tail -1
done <<'RUNS'
pe2_m32_busy_seed6|--mode busy --seed 6 --cycles 2000
pe2_m32_worst_seed7|--mode worst --seed 7 --cycles 3000
pe2_m32_worst_popdiv40_seed7|--mode worst --popdiv 40 --seed 7 --cycles 3000
pe2_m2_random_seed5|--mode random --seed 5 --M 2 --hot 0 --cycles 4000
RUNS
