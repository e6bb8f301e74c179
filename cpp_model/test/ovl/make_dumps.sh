#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates cpp_model/test/ovl/data/: dumps of the feasibility Overlap unit (Icarus, the
# unit's own self-checking testbench with OVL = 1, RegLines = 2; OR = the unit's OvlR, SPEC =
# its OvlSpec, OPE = its OvlPipeEnd, DEAD = its OvlDead (1: one header slot), N its number of PEs) that ovl_contract_test replays. Not run by the tests: the dumps are the RTL's
# recorded behaviour, committed so that the model is checked against the RTL without building
# it. Run from the repository root after a change to the feasibility RTL:
#   sh cpp_model/test/ovl/make_dumps.sh
# Each run must print PASS (its self-check), and synth/feasibility/ovl_replay.py must AGREE.
set -eu
F=synth/feasibility
D=cpp_model/test/ovl/data
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the unit's files, as the feasibility flow lists them (pairunit_run.sh's UNIT)
UNIT=$(sed -n 's/^UNIT="\(.*\)"$/\1/p' $F/pairunit_run.sh | sed "s#\\\$F#$F#g")
[ -n "$UNIT" ] || { echo "make_dumps.sh: no UNIT= line in $F/pairunit_run.sh" >&2; exit 2; }
# name|T|OR|SPEC|OPE|DEAD|N|cycles|plusargs
while IFS='|' read -r name t r spec ope dead n cycles args; do
  tb="$TMP/tb_${t}_${r}_${spec}_${ope}_${dead}_${n}.vvp"
  if [ ! -f "$tb" ]; then
    # shellcheck disable=SC2086
    iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 \
      -P feas_pair_arb_unit_tb.T="$t" -P feas_pair_arb_unit_tb.OR="$r" \
      -P feas_pair_arb_unit_tb.OSPEC="$spec" -P feas_pair_arb_unit_tb.OPE="$ope" \
      -P feas_pair_arb_unit_tb.DEAD="$dead" \
      -P feas_pair_arb_unit_tb.N="$n" -o "$tb" -s feas_pair_arb_unit_tb $UNIT \
      $F/feas_pair_arb_unit_tb.v
  fi
  # shellcheck disable=SC2086
  vvp -n "$tb" +cycles="$cycles" $args +dump="$D/$name.txt" | grep -E '^(PASS|FAIL)'
  python3 $F/ovl_replay.py --T "$t" --R "$r" --idlespec "$spec" --pipeend "$ope" --dead "$dead" --N "$n" \
    --cycles "$cycles" "$D/$name.txt" | tail -1
done <<'RUNS'
t16_seed1_random|16|2|0|0|2|16|3000|+seed=1
t16_seed11_sparse|16|2|0|0|2|16|10000|+seed=11 +mode=1
t16_seed31_group|16|2|0|0|2|16|8000|+seed=31 +mode=2
t16_seed41_hot|16|2|0|0|2|16|2400|+seed=41 +hot=1 +spread=0 +quiet=0
t16_seed4_slowpop|16|2|0|0|2|16|2500|+seed=4 +popdiv=40
t16_seed15_idle|16|2|0|0|2|16|10000|+seed=15 +mode=1 +gapmin=60 +gap=100
t8_seed21_bias|8|2|0|0|2|16|2500|+seed=21 +bias=1
r3_t16_seed1_random|16|3|0|0|2|16|3000|+seed=1
r3_t16_seed11_sparse|16|3|0|0|2|16|10000|+seed=11 +mode=1
r3_t16_seed31_group|16|3|0|0|2|16|8000|+seed=31 +mode=2
r3spec_t16_seed15_idle|16|3|1|0|2|16|10000|+seed=15 +mode=1 +gapmin=60 +gap=100
r3spec_t16_seed1_random|16|3|1|0|2|16|3000|+seed=1
pe2_t16_seed1_random|16|2|0|2|2|16|3000|+seed=1
n8_t16_seed1_random|16|2|0|0|2|8|3000|+seed=1
n8_t16_seed11_sparse|16|2|0|0|2|8|8000|+seed=11 +mode=1
n8_t8_seed21_bias|8|2|0|0|2|8|2500|+seed=21 +bias=1
n8pe2_t16_seed1_random|16|2|0|2|2|8|3000|+seed=1
n8r3_t16_seed31_group|16|3|0|0|2|8|6000|+seed=31 +mode=2
dd_t16_seed1_random|16|2|0|2|1|16|3000|+seed=1
dd_t16_seed4_slowpop|16|2|0|2|1|16|2500|+seed=4 +popdiv=40
dd_t16_seed11_sparse|16|2|0|2|1|16|10000|+seed=11 +mode=1
dd_t16_seed41_hot|16|2|0|2|1|16|2400|+seed=41 +hot=1 +spread=0 +quiet=0
RUNS
