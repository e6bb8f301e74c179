#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates cpp_model/test/ovl/data/: dumps of the feasibility Overlap unit (Icarus, the
# unit's own self-checking testbench with OVL = 1, RegLines = 2) that ovl_contract_test replays.
# Not run by the tests: the dumps are the RTL's recorded behaviour, committed so that the model
# is checked against the RTL without building it. Run from the repository root after a change
# to the feasibility RTL:  sh cpp_model/test/ovl/make_dumps.sh
# Each run must print PASS (its self-check), and synth/feasibility/ovl_replay.py must AGREE.
set -eu
F=synth/feasibility
D=cpp_model/test/ovl/data
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
UNIT="rtl/dsbc_ram_dp.v rtl/dsbc_encoder.v rtl/dsbc_decision.v $F/feas_pair_rmw.v $F/feas_pair_acc.v
 $F/feas_bitmap_ram.v $F/feas_ram_fifo.v $F/feas_arb_lean_ctl.v $F/feas_ovl_seq_step.v
 $F/feas_ovl_seq.v $F/feas_ovl_pair.v $F/feas_ovl_ff2.v $F/feas_ovl_global.v
 $F/feas_pair_arb_local.v $F/feas_pair_arb_global.v $F/feas_pair_arb_unit.v"
for t in 16 8; do
  # shellcheck disable=SC2086
  iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 \
    -P feas_pair_arb_unit_tb.T=$t -o "$TMP/tb$t.vvp" -s feas_pair_arb_unit_tb $UNIT \
    $F/feas_pair_arb_unit_tb.v
done
# name|T|cycles|plusargs
while IFS='|' read -r name t cycles args; do
  # shellcheck disable=SC2086
  vvp -n "$TMP/tb$t.vvp" +cycles="$cycles" $args +dump="$D/$name.txt" | grep -E '^(PASS|FAIL)'
  python3 $F/ovl_replay.py --T "$t" "$D/$name.txt" | tail -1
done <<'RUNS'
t16_seed1_random|16|3000|+seed=1
t16_seed11_sparse|16|10000|+seed=11 +mode=1
t16_seed31_group|16|8000|+seed=31 +mode=2
t16_seed41_hot|16|2400|+seed=41 +hot=1 +spread=0 +quiet=0
t16_seed4_slowpop|16|2500|+seed=4 +popdiv=40
t16_seed15_idle|16|10000|+seed=15 +mode=1 +gapmin=60 +gap=100
t8_seed21_bias|8|2500|+seed=21 +bias=1
RUNS
