#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates cpp_model/test/ovl/data/ports/: port dumps of the feasibility Overlap unit (Icarus,
# the unit's own self-checking testbench with OVL = 1, RegLines = 2, OvlR = 2, +pdump=FILE:
# every PE's inputs and outputs and the broadcast, cycle by cycle; the format is described in
# cpp_model/include/dsbc/ovl/port_dump.h) that ovl_port_unit_test replays through the
# port-level model (dsbc::ovl::PortUnit). Not run by the tests: the dumps are the RTL's recorded
# behaviour, committed so that the model is checked against the RTL without building it. Run
# from the repository root after a change to the feasibility RTL:
#   sh cpp_model/test/ovl/make_port_dumps.sh
# Each run must print PASS (its self-check). t8_seed23_bias: refusals, 3 of them in d .. d + 2
# against the count before its rebase (the first in cycle 2971).
set -eu
F=synth/feasibility
D=cpp_model/test/ovl/data/ports
mkdir -p "$D"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the unit's files, as the feasibility flow lists them (pairunit_run.sh's UNIT)
UNIT=$(sed -n 's/^UNIT="\(.*\)"$/\1/p' $F/pairunit_run.sh | sed "s#\\\$F#$F#g")
[ -n "$UNIT" ] || { echo "make_port_dumps.sh: no UNIT= line in $F/pairunit_run.sh" >&2; exit 2; }
# name|T|cycles|plusargs
while IFS='|' read -r name t cycles args; do
  tb="$TMP/tb_$t.vvp"
  if [ ! -f "$tb" ]; then
    # shellcheck disable=SC2086
    iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 \
      -P feas_pair_arb_unit_tb.T="$t" -o "$tb" -s feas_pair_arb_unit_tb $UNIT \
      $F/feas_pair_arb_unit_tb.v
  fi
  # shellcheck disable=SC2086
  r=$(vvp -n "$tb" +cycles="$cycles" $args +pdump="$D/$name.txt" | grep -E '^(PASS|FAIL)')
  echo "$name: $r"
  case "$r" in PASS*) ;; *) exit 1 ;; esac
done <<'RUNS'
t16_seed1_random|16|1500|+seed=1
t16_seed11_sparse|16|3000|+seed=11 +mode=1
t16_seed31_group|16|2000|+seed=31 +mode=2
t16_seed41_hot|16|1500|+seed=41 +hot=1 +spread=0 +quiet=0
t16_seed4_slowpop|16|2500|+seed=4 +popdiv=40
t8_seed1_random|8|1500|+seed=1
t8_seed23_bias|8|3100|+seed=23 +bias=1 +quiet=0
RUNS
