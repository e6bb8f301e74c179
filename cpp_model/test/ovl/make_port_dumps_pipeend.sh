#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regenerates cpp_model/test/ovl/data/ports_pipeend/: port dumps of the feasibility Overlap unit
# built with the pipelined word end (OvlPipeEnd = 2, overlap.md 13, synth/feasibility/ovlrtl.md
# 15), for a later comparison with a port-level model that implements the rule. The same flow as
# make_port_dumps.sh (Icarus, the unit's own self-checking testbench, OVL = 1, RegLines = 2,
# OvlR = 2, +pdump=FILE; format: cpp_model/include/dsbc/ovl/port_dump.h) with the testbench's
# OPE = 2. Not run by the tests. Run from the repository root:
#   sh cpp_model/test/ovl/make_port_dumps_pipeend.sh
# Each run must print PASS (its self-check, which with OPE = 2 also checks every tail's exit and
# completion) and prints how many heads left a tail (early heads): 0 would make the dump no
# test of the rule. t16_seed4_slowpop: slow pops, so POLL's room check (3 free entries while a
# tail is pending) decides GOs.
set -eu
F=synth/feasibility
D=cpp_model/test/ovl/data/ports_pipeend
mkdir -p "$D"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the unit's files, as the feasibility flow lists them (pairunit_run.sh's UNIT)
UNIT=$(sed -n 's/^UNIT="\(.*\)"$/\1/p' $F/pairunit_run.sh | sed "s#\\\$F#$F#g")
[ -n "$UNIT" ] || { echo "make_port_dumps_pipeend.sh: no UNIT= line in $F/pairunit_run.sh" >&2; exit 2; }
# name|T|cycles|plusargs
while IFS='|' read -r name t cycles args; do
  tb="$TMP/tb_$t.vvp"
  if [ ! -f "$tb" ]; then
    # shellcheck disable=SC2086
    iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 \
      -P feas_pair_arb_unit_tb.OPE=2 -P feas_pair_arb_unit_tb.T="$t" -o "$tb" \
      -s feas_pair_arb_unit_tb $UNIT $F/feas_pair_arb_unit_tb.v
  fi
  # shellcheck disable=SC2086
  vvp -n "$tb" +cycles="$cycles" $args +pdump="$D/$name.txt" > "$TMP/out.txt"
  r=$(grep -E '^(PASS|FAIL)' "$TMP/out.txt")
  pe=$(sed -n 's/^feas_pair_arb_unit_tb: OVL: pipeend 2: //p' "$TMP/out.txt")
  echo "$name: $r; $pe"
  case "$r" in PASS*) ;; *) exit 1 ;; esac
done <<'RUNS'
t16_seed1_random|16|3000|+seed=1
t16_seed31_group|16|3000|+seed=31 +mode=2
t16_seed4_slowpop|16|3000|+seed=4 +popdiv=40
t8_seed23_bias|8|3100|+seed=23 +bias=1 +quiet=0
RUNS
