#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates the port dumps of the feasibility Overlap unit (Icarus, the unit's own
# self-checking testbench with OVL = 1, RegLines = 2, OvlR = 2, +pdump=FILE: every PE's inputs
# and outputs and the broadcast, cycle by cycle; the format is described in
# cpp_model/include/dsbc/ovl/port_dump.h) that ovl_port_unit_test replays through the
# port-level model (dsbc::ovl::PortUnit). Not run by the tests: the dumps are the RTL's recorded
# behaviour, committed so that the model is checked against the RTL without building it. Run
# from the repository root after a change to the feasibility RTL:
#   sh cpp_model/test/ovl/make_port_dumps.sh            # OvlPipeEnd = 0 -> data/ports/
#   sh cpp_model/test/ovl/make_port_dumps.sh pipeend    # OvlPipeEnd = 2 -> data/ports_pipeend/
#   sh cpp_model/test/ovl/make_port_dumps.sh dead       # OvlPipeEnd = 2, OvlDead = 1 (one header
#                                                       # slot, ovlrtl.md 18b) -> data/ports_dead/
# Each run must print PASS (its self-check). t8_seed23_bias: refusals, 3 of them in d .. d + 2
# against the count before its rebase (the first in cycle 2971). With pipeend (the pipelined
# word end, overlap.md 13, synth/feasibility/ovlrtl.md 15) the self-check also checks every
# tail's exit and completion, and each run prints how many heads left a tail (early heads): 0
# would make the dump no test of the rule; t16_seed4_slowpop: slow pops, so POLL's room check
# (3 free entries while a tail is pending) decides GOs.
set -eu
case "${1:-}" in
  "") set=0; ope=0; dead=2; D=cpp_model/test/ovl/data/ports ;;
  pipeend) set=2; ope=2; dead=2; D=cpp_model/test/ovl/data/ports_pipeend ;;
  dead) set=d; ope=2; dead=1; D=cpp_model/test/ovl/data/ports_dead ;;
  *) echo "usage: make_port_dumps.sh [pipeend|dead]" >&2; exit 2 ;;
esac
F=synth/feasibility
mkdir -p "$D"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the unit's files, as the feasibility flow lists them (pairunit_run.sh's UNIT)
UNIT=$(sed -n 's/^UNIT="\(.*\)"$/\1/p' $F/pairunit_run.sh | sed "s#\\\$F#$F#g")
[ -n "$UNIT" ] || { echo "make_port_dumps.sh: no UNIT= line in $F/pairunit_run.sh" >&2; exit 2; }
# set (0, 2: OvlPipeEnd; d: one header slot)|name|T|cycles|plusargs: the runs of this set only
grep "^$set|" <<'RUNS' | cut -d'|' -f2- > "$TMP/runs"
0|t16_seed1_random|16|1500|+seed=1
0|t16_seed11_sparse|16|3000|+seed=11 +mode=1
0|t16_seed31_group|16|2000|+seed=31 +mode=2
0|t16_seed41_hot|16|1500|+seed=41 +hot=1 +spread=0 +quiet=0
0|t16_seed4_slowpop|16|2500|+seed=4 +popdiv=40
0|t8_seed1_random|8|1500|+seed=1
0|t8_seed23_bias|8|3100|+seed=23 +bias=1 +quiet=0
2|t16_seed1_random|16|3000|+seed=1
2|t16_seed31_group|16|3000|+seed=31 +mode=2
2|t16_seed4_slowpop|16|3000|+seed=4 +popdiv=40
2|t8_seed23_bias|8|3100|+seed=23 +bias=1 +quiet=0
d|t16_seed1_random|16|3000|+seed=1
d|t16_seed31_group|16|3000|+seed=31 +mode=2
d|t16_seed4_slowpop|16|3000|+seed=4 +popdiv=40
d|t8_seed23_bias|8|3100|+seed=23 +bias=1 +quiet=0
RUNS
while IFS='|' read -r name t cycles args; do
  tb="$TMP/tb_$t.vvp"
  if [ ! -f "$tb" ]; then
    # shellcheck disable=SC2086
    iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 \
      -P feas_pair_arb_unit_tb.OPE=$ope -P feas_pair_arb_unit_tb.DEAD=$dead \
      -P feas_pair_arb_unit_tb.T="$t" -o "$tb" \
      -s feas_pair_arb_unit_tb $UNIT $F/feas_pair_arb_unit_tb.v
  fi
  # shellcheck disable=SC2086
  vvp -n "$tb" +cycles="$cycles" $args +pdump="$D/$name.txt" > "$TMP/out.txt"
  r=$(grep -E '^(PASS|FAIL)' "$TMP/out.txt")
  pe=$(sed -n 's/^feas_pair_arb_unit_tb: OVL: pipeend 2: /; /p' "$TMP/out.txt")
  echo "$name: $r$pe"
  case "$r" in PASS*) ;; *) exit 1 ;; esac
done < "$TMP/runs"
