#!/bin/sh
# Feasibility (arblean.md): the measurements and the self-check, one tool at a time under
# nice. Run from the repository's root: sh synth/feasibility/arblean_run.sh [synth|tb|all]
set -e
what=${1:-all}
LOG=synth/feasibility/arblean_logs
mkdir -p $LOG
P="-set NumPes 16 -set NumBarriers 32 -set CountBits 16 -set FifoDepth 8"
RTL="rtl/dsbc_param_check.v rtl/dsbc_ram_dp.v rtl/dsbc_summation.v rtl/dsbc_rr.v rtl/dsbc_fifo.v rtl/dsbc_dirty.v rtl/dsbc_first_dirty.v rtl/dsbc_arb_local.v rtl/dsbc_local.v"
LEAN="rtl/dsbc_ram_dp.v rtl/dsbc_summation.v rtl/dsbc_rr.v synth/feasibility/feas_lean_rr.v synth/feasibility/feas_ram_fifo.v synth/feasibility/feas_bitmap_ram.v synth/feasibility/feas_arb_lean_ctl.v synth/feasibility/feas_arb_lean_local.v"
if [ "$what" = synth ] || [ "$what" = all ]; then
  for s in 0 1; do
    nice -n 15 yosys -q -p "read_verilog -DSYNTHESIS $RTL; chparam $P -set Sched $s dsbc_local; synth_ice40 -top dsbc_local; tee -q -o $LOG/dsbc_local_sched$s.txt stat"
  done
  for h in 1 0; do
    nice -n 15 yosys -q -p "read_verilog -DSYNTHESIS $LEAN; chparam $P -set HoldRace $h feas_arb_lean_local; synth_ice40 -top feas_arb_lean_local; tee -q -o $LOG/feas_arb_lean_local_hold$h.txt stat"
    nice -n 15 yosys -q -p "read_verilog -DSYNTHESIS $LEAN; chparam $P -set HoldRace $h feas_arb_lean_local; synth_ice40 -top feas_arb_lean_local -noflatten; tee -q -o $LOG/feas_arb_lean_local_hold${h}_noflatten.txt stat"
  done
  nice -n 15 yosys -q -p "read_verilog -DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $LEAN; chparam $P -set HoldRace 1 feas_arb_lean_local; synth_ice40 -top feas_arb_lean_local; tee -q -o $LOG/feas_arb_lean_local_hold1_prim.txt stat"
  for f in $LOG/dsbc_local_sched0.txt $LOG/dsbc_local_sched1.txt $LOG/feas_arb_lean_local_hold1.txt $LOG/feas_arb_lean_local_hold0.txt $LOG/feas_arb_lean_local_hold1_prim.txt; do
    awk -v f=$(basename $f .txt) '/SB_LUT4/{l=$2} /SB_CARRY/{c=$2} /SB_DFF/{ff+=$2} /SB_RAM40_4K/{r=$2} END{printf "%-32s LUT4 %4d  SB_CARRY %3d  FF %4d  SB_RAM40_4K %d\n", f, l, c, ff, r}' $f
  done
fi
if [ "$what" = tb ] || [ "$what" = all ]; then
  for h in 1 0; do
    nice -n 15 iverilog -g2005 -P feas_arb_lean_tb.HOLD=$h -o /tmp/feas_arb_lean_tb.vvp -s feas_arb_lean_tb $LEAN synth/feasibility/feas_arb_lean_tb.v
    for a in "+seed=1 +popdiv=8 +cprob=10" "+seed=5 +popdiv=8 +cprob=10" "+seed=2 +popdiv=40 +cprob=60" "+seed=3 +popdiv=2 +cprob=90" "+seed=4 +popdiv=100 +cprob=100" "+seed=6 +quiet=0 +popdiv=20 +cprob=50"; do
      echo "HoldRace=$h $a"; nice -n 15 vvp -n /tmp/feas_arb_lean_tb.vvp +cycles=100000 $a | tail -2
    done
  done
fi
