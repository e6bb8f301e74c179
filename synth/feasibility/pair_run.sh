#!/bin/sh
# Feasibility (pair.md): every figure of pair.md, one tool at a time under nice. Run from the
# repository's root: sh synth/feasibility/pair_run.sh [synth|pack|tb|mutants|place|all]
# (all = synth pack tb mutants; place is separate: two nextpnr placements, one seed each).
set -e
what=${1:-all}
LOG=synth/feasibility/pair_logs
TMP=${TMPDIR:-/tmp}/pair_run
mkdir -p $LOG $TMP
P="-set NumPes 16 -set NumBarriers 32 -set CountBits 16 -set FifoDepth 8"
# dsbc_local_half as synth/synth-flow.py reads it (DSBC_LOCAL_FILES + DSBC_HALF_FILES).
HALF="rtl/dsbc_param_check.v rtl/dsbc_ram_dp.v rtl/dsbc_summation.v rtl/dsbc_rr.v rtl/dsbc_fifo.v rtl/dsbc_dirty.v rtl/dsbc_first_dirty.v rtl/dsbc_arb_local.v rtl/dsbc_local.v rtl/dsbc_half_rate_check.v rtl/dsbc_rmw_half.v rtl/dsbc_rebase_late.v rtl/dsbc_local_half.v"
PAIR="rtl/dsbc_ram_dp.v rtl/dsbc_fifo.v synth/feasibility/feas_pair_rmw.v synth/feasibility/feas_pair_acc.v synth/feasibility/feas_pair_local.v"
TB=synth/feasibility/feas_pair_tb.v

summary() {
  awk -v f=$(basename $1 .txt) '/SB_LUT4/{l=$2} /SB_CARRY/{c=$2} /SB_DFF/{ff+=$2} /SB_RAM40_4K/{r=$2} END{printf "%-28s LUT4 %4d  SB_CARRY %3d  FF %4d  SB_RAM40_4K %d\n", f, l, c, ff, r}' $1
}

if [ "$what" = synth ] || [ "$what" = all ]; then
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $HALF; chparam $P dsbc_local_half; synth_ice40 -top dsbc_local_half; tee -q -o $LOG/dsbc_local_half.txt stat; write_json $TMP/dsbc_local_half.json"
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $HALF; chparam $P dsbc_local_half; synth_ice40 -top dsbc_local_half -noflatten; tee -q -o $LOG/dsbc_local_half_noflatten.txt stat"
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $PAIR; chparam $P feas_pair_local; synth_ice40 -top feas_pair_local; tee -q -o $LOG/feas_pair_local.txt stat; write_json $TMP/feas_pair_local.json"
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS $PAIR; chparam $P feas_pair_local; synth_ice40 -top feas_pair_local -noflatten; tee -q -o $LOG/feas_pair_local_noflatten.txt stat"
  for f in $LOG/dsbc_local_half.txt $LOG/feas_pair_local.txt; do summary $f; done | tee $LOG/summary.txt
fi

if [ "$what" = pack ] || [ "$what" = all ]; then
  for d in dsbc_local_half feas_pair_local; do
    nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$d.json --pcf-allow-unconstrained --pack-only > $LOG/${d}_pack.log 2>&1
    echo "$d: $(grep -m1 'ICESTORM_LC:' $LOG/${d}_pack.log | sed 's/^Info: *//')" | tee -a $LOG/summary.txt
  done
fi

if [ "$what" = tb ] || [ "$what" = all ]; then
  nice -n 10 iverilog -g2005 -o $TMP/tb16.vvp -s feas_pair_tb $PAIR $TB
  nice -n 10 iverilog -g2005 -P feas_pair_tb.CountBits=8 -o $TMP/tb8.vvp -s feas_pair_tb $PAIR $TB
  : > $LOG/tb.txt
  for a in "+seed=1" "+seed=2" "+seed=3" "+seed=4 +gap=4" "+seed=5 +popdiv=3000" "+seed=6 +hot=32" "+seed=9 +chase=2" "+seed=10 +chase=2 +gap=4"; do
    nice -n 10 vvp -n $TMP/tb16.vvp +cycles=100000 $a | tee -a $LOG/tb.txt
  done
  for a in "+seed=7 +bias=1" "+seed=8 +bias=1 +gap=3" "+seed=11 +bias=1 +chase=2"; do
    nice -n 10 vvp -n $TMP/tb8.vvp +cycles=100000 $a | tee -a $LOG/tb.txt
  done
fi

# Planted bugs, each in a scratch copy of one file (the repository's files are not touched):
# the self-check must fail on every one.
if [ "$what" = mutants ] || [ "$what" = all ]; then
  : > $LOG/mutants.txt
  mutant() {  # name file sed-expression
    mkdir -p $TMP/m_$1
    sed "$3" synth/feasibility/$2 > $TMP/m_$1/$2
    if cmp -s synth/feasibility/$2 $TMP/m_$1/$2; then echo "mutant $1: the sed did not apply"; exit 1; fi
    files=$(echo $PAIR | sed "s#synth/feasibility/$2#$TMP/m_$1/$2#")
    nice -n 10 iverilog -g2005 -o $TMP/m_$1/tb.vvp -s feas_pair_tb $files $TB
    echo "== mutant $1 ($2: $3)" | tee -a $LOG/mutants.txt
    nice -n 10 vvp -n $TMP/m_$1/tb.vvp +cycles=100000 +seed=1 +chase=2 > $TMP/m_$1/out.txt || true
    (head -4 $TMP/m_$1/out.txt; echo "..."; grep -v '^ERROR' $TMP/m_$1/out.txt | tail -3) | tee -a $LOG/mutants.txt
  }
  # No forwarding from the operation read two cycles before (same PE, same barrier).
  mutant no_forward feas_pair_rmw.v 's/hitd_q    <= a_valid_q \&\& c_valid_q/hitd_q    <= 1'"'"'b0 \&\& c_valid_q/'
  # No write-first bypass (the read of k misses the write of k).
  mutant no_bypass feas_pair_rmw.v 's/rd_q      <= coll_q ? lw_q : rd_data_i;/rd_q      <= rd_data_i;/'
  # The pipeline writes into the other PE's word.
  mutant swap_pe_write feas_pair_local.v 's/: {phase_q, d_bar};/: {!phase_q, d_bar};/'
  # The rebases of A and B: each PE's word gets the other's rebase word.
  mutant swap_pe_rebase feas_pair_local.v 's/rw_b ? reb_word_b : reb_word_a;/rw_b ? reb_word_a : reb_word_b;/'
  # The commit of d to the completed barrier left out of the rebase (pend_q never set).
  mutant acc_no_pend feas_pair_acc.v 's/pend_q <= done_i \&\& to_reb;/pend_q <= 1'"'"'b0;/'
  # B's accumulator restarts in s + 1 as A's (counts B's commit of s twice).
  mutant acc_b_ld feas_pair_local.v 's/.ld_i(ld2_q)/.ld_i(ld1_q)/'
fi

if [ "$what" = place ]; then
  for d in dsbc_local_half feas_pair_local; do
    nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$d.json --pcf-allow-unconstrained --freq 200 --timing-allow-fail --seed 1 > $LOG/${d}_place_seed1.log 2>&1
    echo "$d: $(grep 'Max frequency' $LOG/${d}_place_seed1.log | tail -1 | sed 's/^Info: *//')" | tee -a $LOG/summary.txt
  done
fi
