#!/bin/sh
# Feasibility (pairarb.md): every figure of pairarb.md, one tool at a time under nice. Run from
# the repository's root: sh synth/feasibility/pairarb_run.sh [synth|pack|tb|mutants|all]
set -e
what=${1:-all}
LOG=synth/feasibility/pairarb_logs
TMP=${TMPDIR:-/tmp}/pairarb_run
mkdir -p $LOG $TMP
P="-set NumPes 16 -set NumBarriers 32 -set CountBits 16 -set FifoDepth 8"
F=synth/feasibility
# The blocks compared, each read as its own run script reads it.
RTL="rtl/dsbc_param_check.v rtl/dsbc_ram_dp.v rtl/dsbc_summation.v rtl/dsbc_rr.v rtl/dsbc_fifo.v rtl/dsbc_dirty.v rtl/dsbc_first_dirty.v rtl/dsbc_arb_local.v rtl/dsbc_local.v"
GLOBAL="rtl/dsbc_param_check.v rtl/dsbc_encoder.v rtl/dsbc_decision.v rtl/dsbc_serial_sum.v rtl/dsbc_arb_ctl.v rtl/dsbc_global.v"
LEAN="rtl/dsbc_ram_dp.v rtl/dsbc_summation.v rtl/dsbc_rr.v $F/feas_lean_rr.v $F/feas_ram_fifo.v $F/feas_bitmap_ram.v $F/feas_arb_lean_ctl.v $F/feas_arb_lean_local.v"
PAIR="rtl/dsbc_ram_dp.v rtl/dsbc_fifo.v $F/feas_pair_rmw.v $F/feas_pair_acc.v $F/feas_pair_local.v"
PAIRARB="rtl/dsbc_ram_dp.v $F/feas_pair_rmw.v $F/feas_pair_acc.v $F/feas_bitmap_ram.v $F/feas_ram_fifo.v $F/feas_arb_lean_ctl.v $F/feas_pair_arb_local.v"
TB=$F/feas_pair_arb_tb.v

summary() {
  awk -v f=$(basename $1 .txt) '/SB_LUT4/{l=$2} /SB_CARRY/{c=$2} /SB_DFF/{ff+=$2} /SB_RAM40_4K/{r=$2} END{printf "%-28s LUT4 %4d  SB_CARRY %3d  FF %4d  SB_RAM40_4K %d\n", f, l, c, ff, r}' $1
}
syn() {  # name top files extra-chparam
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $3; chparam $P $4 $2; synth_ice40 -top $2; tee -q -o $LOG/$1.txt stat; write_json $TMP/$1.json"
}

if [ "$what" = synth ] || [ "$what" = all ]; then
  syn feas_pair_arb_local feas_pair_arb_local "$PAIRARB" ""
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $PAIRARB; chparam $P feas_pair_arb_local; synth_ice40 -top feas_pair_arb_local -noflatten; tee -q -o $LOG/feas_pair_arb_local_noflatten.txt stat"
  syn feas_pair_local feas_pair_local "$PAIR" ""
  syn feas_arb_lean_local feas_arb_lean_local "$LEAN" "-set HoldRace 1"
  syn dsbc_local_sched1 dsbc_local "$RTL" "-set Sched 1"
  syn dsbc_global_sched1 dsbc_global "$GLOBAL" "-set Sched 1"
  # calibration: the rr blocks, whose unit is placed (reports/unit.md: 6,693 LCs with its harness)
  syn dsbc_local_sched0 dsbc_local "$RTL" "-set Sched 0"
  syn dsbc_global_sched0 dsbc_global "$GLOBAL" "-set Sched 0"
  for d in feas_pair_arb_local feas_pair_local feas_arb_lean_local dsbc_local_sched1 dsbc_global_sched1 dsbc_local_sched0 dsbc_global_sched0; do summary $LOG/$d.txt; done | tee $LOG/summary.txt
fi

if [ "$what" = pack ] || [ "$what" = all ]; then
  for d in feas_pair_arb_local feas_pair_local feas_arb_lean_local dsbc_local_sched1 dsbc_global_sched1 dsbc_local_sched0 dsbc_global_sched0; do
    nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$d.json --pcf-allow-unconstrained --pack-only > $LOG/${d}_pack.log 2>&1
    echo "$d: $(grep -m1 'ICESTORM_LC:' $LOG/${d}_pack.log | sed 's/^Info: *//')" | tee -a $LOG/summary.txt
  done
fi

RUNS="+seed=1|+seed=2|+seed=3|+seed=4 +popdiv=3000|+seed=5 +hot=32|+seed=6 +quiet=0 +early=0|+seed=7 +popdiv=2 +early=60"
if [ "$what" = tb ] || [ "$what" = all ]; then
  nice -n 10 iverilog -g2005 -o $TMP/tb.vvp -s feas_pair_arb_tb $PAIRARB $TB
  : > $LOG/tb.txt
  echo "$RUNS" | tr '|' '\n' | while read a; do
    nice -n 10 vvp -n $TMP/tb.vvp +cycles=100000 $a | tee -a $LOG/tb.txt
  done
  # T = 8, counts drifting to the edges: refusals
  nice -n 10 iverilog -g2005 -P feas_pair_arb_tb.T=8 -o $TMP/tb8.vvp -s feas_pair_arb_tb $PAIRARB $TB
  for a in "+seed=8 +bias=1" "+seed=9 +bias=1 +quiet=0"; do
    nice -n 10 vvp -n $TMP/tb8.vvp +cycles=100000 $a | tee -a $LOG/tb.txt
  done
fi

# Planted bugs, each in a scratch copy of one file (the repository's files are not touched):
# the self-check must fail on every one.
if [ "$what" = mutants ] || [ "$what" = all ]; then
  : > $LOG/mutants.txt
  mutant() {  # name file sed-expression
    mkdir -p $TMP/m_$1
    sed "$3" $F/$2 > $TMP/m_$1/$2
    if cmp -s $F/$2 $TMP/m_$1/$2; then echo "mutant $1: the sed did not apply"; exit 1; fi
    files=$(echo $PAIRARB | sed "s#$F/$2#$TMP/m_$1/$2#")
    nice -n 10 iverilog -g2005 -o $TMP/m_$1/tb.vvp -s feas_pair_arb_tb $files $TB
    echo "== mutant $1 ($2: $3)" | tee -a $LOG/mutants.txt
    nice -n 10 vvp -n $TMP/m_$1/tb.vvp +cycles=100000 +seed=1 > $TMP/m_$1/out.txt || true
    (head -4 $TMP/m_$1/out.txt; echo "..."; tail -3 $TMP/m_$1/out.txt) | tee -a $LOG/mutants.txt
  }
  # PE B's commits (not held) do not set the pair's dirty bit.
  mutant no_b_set feas_pair_arb_local.v 's/wire                dset   = (commit_c \&\& !win \&\& !in_cut) || hold_q;/wire                dset   = (commit_c \&\& !win \&\& !in_cut \&\& phase_q) || hold_q;/'
  # The clear of s + 1 applied to the wrong barrier (CNT2's neighbour).
  mutant clear_wrong feas_pair_arb_local.v "s/.cnt2_i(cnt2_q), .commit_valid_i(dset_c)/.cnt2_i(h1_q ? cnt2_q ^ 1'b1 : cnt2_q), .commit_valid_i(dset_c)/"
  # No deferral of the dirty sets of commits in t and t + 1.
  mutant no_defer feas_pair_arb_local.v "s/wire win = (RegLines == 0) \&\& (st_q\[0\] || st_q\[1\]);/wire win = 1'b0;/"
  # B's FIFO fetches the word after its head's (its read pointer off by one in the shared storage).
  mutant fifo_b_rd feas_pair_arb_local.v 's/fa_rd_en ? fa_rd_addr : fb_rd_addr;/fa_rd_en ? fa_rd_addr : fb_rd_addr + 8'"'"'d1;/'
  # B's accumulator restarts in s + 1 as A's (B's commit of s counted in the snapshot and the rebase).
  mutant acc_b_ld feas_pair_arb_local.v 's/.ld_i(h2_q)/.ld_i(h1_q)/'
  # A commit in the head cycle s does not reach the control (so a commit to b* in s, after the
  # cut for odd s, is cleared with D[b*]: a lost change).
  mutant no_keep feas_pair_arb_local.v 's/wire                dset   = (commit_c \&\& !win \&\& !in_cut) || hold_q;/wire                dset   = (commit_c \&\& !win \&\& !in_cut \&\& !head) || hold_q;/'
  # No ready low in s - 2 (a commit may fall on the clear in s + 1).
  mutant no_s2_stall feas_pair_arb_local.v 's/stall || ((RegLines == 0) \&\& st_q\[3\]) ||/stall ||/'
fi
