#!/bin/sh
# Feasibility (pairunit.md): every figure of pairunit.md, one tool at a time under nice. Run
# from the repository's root: sh synth/feasibility/pairunit_run.sh [tb|mutants|synth|pnr [SEED]|all]
# Registered lines (pairunit.md section 7, RegLines = 1): [regtb|regold|regmutants|regsynth|regpnr [SEED]]
# RegLines = 2 (section 8, the same schedule retimed): [fasttb|fastold|fastmutants|fastmutants2|fastsynth|fastpnr [SEED]|fastdepth]
# (neither part of "all").
# Overlap = 1 (ovlrtl.md): [ovlw2 (21c)|ovlold|ovltb [16|8]|ovlmutants|ovlpemutants (OVL_PE=2, ovlrtl.md 15)|ovlsynth|ovlpnr [SEED]] (not part of "all").
set -e
what=${1:-all}
LOG=synth/feasibility/pairunit_logs
# Outputs go to ${O}name: PAIRUNIT_PFX (section 11: s11_) prefixes every log this script writes,
# so that a rerun on changed RTL leaves the committed logs alone; the reference logs a check
# compares against (reg_tb.txt, reg_old.txt, tb.txt) are always read unprefixed from $LOG.
O=$LOG/${PAIRUNIT_PFX:-}
TMP=${TMPDIR:-/tmp}/pairunit_run
mkdir -p $LOG $TMP
F=synth/feasibility
# PAIRUNIT_N (ovlrtl.md 16): the unit's N for synthesis and placement only (default 16). With
# N = 8 set OVL_SEQ_PAIRS=4 (4 pairs, one sequencer copy). The self-check and the replay of
# the Overlap unit take their N from OVL_N (ovlrtl.md 16c; default 16), not from PAIRUNIT_N.
P="-set NumPes ${PAIRUNIT_N:-16} -set NumBarriers 32 -set CountBits 16 -set FifoDepth 8"
UNIT="rtl/dsbc_ram_dp.v rtl/dsbc_encoder.v rtl/dsbc_decision.v $F/feas_pair_rmw.v $F/feas_pair_acc.v $F/feas_bitmap_ram.v $F/feas_ram_fifo.v $F/feas_arb_lean_ctl.v $F/feas_ovl_seq_step.v $F/feas_ovl_seq.v $F/feas_ovl_pair.v $F/feas_ovl_ff2.v $F/feas_ovl_global.v $F/feas_pair_arb_local.v $F/feas_pair_arb_global.v $F/feas_pair_arb_unit.v"
HARN="$UNIT synth/harness/harness_scan_io.v $F/feas_pair_arb_unit_harness.v"
TB=$F/feas_pair_arb_unit_tb.v

# ysynth NAME OUT TOP "CHPARAM" "SYNTH_OPTS" "READ": one Yosys 0.23 synthesis (read_verilog READ,
# i.e. defines and files; chparam CHPARAM TOP; synth_ice40 SYNTH_OPTS -top TOP) -> OUTNAME_stat.txt,
# OUTNAME_warnings.txt (OUT: ${O} for a log, $TMP/ for scratch) and $TMP/NAME.json. The warnings
# are kept (sorted, counted) because section 11's first netlists had an undriven implicit wire
# that only a warning showed; every synthesis subcommand goes through here (ovlrtl.md 11).
ysynth() {
  nice -n 10 yosys -q -l $TMP/$1.ys.log -p "read_verilog $6; chparam $4 $3; synth_ice40 $5 -top $3; tee -q -o $2$1_stat.txt stat; write_json $TMP/$1.json"
  grep -i 'warning' $TMP/$1.ys.log | sort | uniq -c > $2$1_warnings.txt || true
  # (the last counts of stat are the whole design's, below a kept hierarchy's per-module ones)
  echo "ysynth $1: $(grep 'SB_LUT4' $2$1_stat.txt | tail -1 | sed 's/^ *//'), $(grep 'SB_CARRY' $2$1_stat.txt | tail -1 | sed 's/^ *//'); $(wc -l < $2$1_warnings.txt) distinct Yosys warnings ($2$1_warnings.txt)"
}

# plant DIR RL LOGFILE name file sed-expression plusargs: a planted bug in a scratch copy of one
# file (the repository's files are not touched), the self-check built at RegLines = RL and run
# for 30,000 cycles; its first and last lines go to LOGFILE. regmutants, fastmutants and
# fastmutants2 share it (and ovlmutants, with the extra compile options in PLANT_P).
plant() {
  d=$TMP/$1_$4
  mkdir -p $d
  sed "$6" $F/$5 > $d/$5
  if cmp -s $F/$5 $d/$5; then echo "mutant $4: the sed did not apply"; exit 1; fi
  files=$(echo $UNIT | sed "s#$F/$5#$d/$5#")
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=$2 ${PLANT_P:-} -o $d/tb.vvp -s feas_pair_arb_unit_tb $files $TB
  echo "== mutant $4 ($5: $6) $7" | tee -a $3
  nice -n 10 vvp -n $d/tb.vvp +cycles=30000 $7 > $d/out.txt 2>&1 || true
  (head -5 $d/out.txt; echo "..."; tail -4 $d/out.txt) | tee -a $3
}

# Self-check: 6 random runs (mode 0) and 5 sparse runs (mode 1, one closing at a time) at T = 16,
# 2 random runs at T = 8 with refusals; 100,000 cycles each.
RUNS="+seed=1|+seed=2|+seed=3|+seed=4 +popdiv=40|+seed=5 +hot=32|+seed=6 +quiet=0|+seed=11 +mode=1|+seed=12 +mode=1|+seed=13 +mode=1|+seed=14 +mode=1 +gap=0|+seed=15 +mode=1 +gapmin=60 +gap=100"
if [ "$what" = tb ] || [ "$what" = all ]; then
  nice -n 10 iverilog -g2005 -o $TMP/tb.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}tb.txt
  echo "$RUNS" | tr '|' '\n' | while read a; do
    nice -n 10 vvp -n $TMP/tb.vvp +cycles=100000 $a | tee -a ${O}tb.txt
  done
  # T = 8, counts drifting to both edges: refusals, some next to a rebase
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.T=8 -o $TMP/tb8.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  for a in "+seed=21 +bias=1" "+seed=22 +bias=1 +quiet=0"; do
    nice -n 10 vvp -n $TMP/tb8.vvp +cycles=100000 $a | tee -a ${O}tb.txt
  done
fi

# Planted bugs, each in a scratch copy of one file (the repository's files are not touched):
# the self-check must fail on every one.
if [ "$what" = mutants ] || [ "$what" = all ]; then
  : > ${O}mutants.txt
  mutant() {  # name file sed-expression plusargs
    mkdir -p $TMP/m_$1
    sed "$3" $F/$2 > $TMP/m_$1/$2
    if cmp -s $F/$2 $TMP/m_$1/$2; then echo "mutant $1: the sed did not apply"; exit 1; fi
    files=$(echo $UNIT | sed "s#$F/$2#$TMP/m_$1/$2#")
    nice -n 10 iverilog -g2005 -o $TMP/m_$1/tb.vvp -s feas_pair_arb_unit_tb $files $TB
    echo "== mutant $1 ($2: $3) $4" | tee -a ${O}mutants.txt
    nice -n 10 vvp -n $TMP/m_$1/tb.vvp +cycles=30000 $4 > $TMP/m_$1/out.txt || true
    (head -5 $TMP/m_$1/out.txt; echo "..."; tail -4 $TMP/m_$1/out.txt) | tee -a ${O}mutants.txt
  }
  # The global block's carry latch not cleared between words (the brief's planted bug).
  mutant global_carry feas_pair_arb_global.v "s/.clear_i(!in_cnt)/.clear_i(1'b0)/" "+seed=1"
  # PE 15's line left out of the column sum (the race still sees it).
  mutant global_line15 feas_pair_arb_global.v "s/.bits_i(lin)/.bits_i({1'b0, lin[NumPes-2:0]})/" "+seed=1"
  # The pair block as pairarb left it: B's commit to b* in an even head cycle keeps D[b*] set.
  # (re-targeted 2026-11-30, ovlrtl.md 16m: in_cut is head_hit && !phase_q since section 12 (f2470c7);
  # at RegLines = 0 head_hit is head && c_bar == head_addr, the old expression)
  mutant local_unfixed feas_pair_arb_local.v "s/wire                in_cut = head_hit \&\& !phase_q;/wire                in_cut = 1'b0;/" "+seed=1 +mode=1"
fi

# Synthesis of the harness (Yosys 0.23), then one placement (nextpnr-ice40 0.4).
if [ "$what" = synth ] || [ "$what" = all ]; then
  ysynth unit_harness ${O} feas_pair_arb_unit_harness "$P" "" "-DSYNTHESIS $HARN"
  ysynth global ${O} feas_pair_arb_global "-set NumPes 16 -set NumBarriers 32 -set CountBits 16" "" "-DSYNTHESIS $UNIT"
fi
if [ "$what" = pnr ] || [ "$what" = all ]; then
  seed=${2:-1}
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/unit_harness.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $seed -l ${O}pnr_seed$seed.log > /dev/null 2>&1
  echo "seed $seed: $(grep -m1 'ICESTORM_LC:' ${O}pnr_seed$seed.log | sed 's/^Info: *//'); $(grep 'Max frequency' ${O}pnr_seed$seed.log | tail -1 | sed 's/^Warning: //; s/^Info: //')" | tee -a ${O}pnr_summary.txt
fi

# ---- Registered lines (pairunit.md section 7): the same unit with RegLines = 1 ----
# Self-check at R = 2: the same 13 runs (100,000 cycles) as above.
if [ "$what" = regtb ]; then
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=1 -o $TMP/tbr.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}reg_tb.txt
  echo "$RUNS" | tr '|' '\n' | while read a; do
    nice -n 10 vvp -n $TMP/tbr.vvp +cycles=100000 $a | tee -a ${O}reg_tb.txt
  done
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.T=8 -P feas_pair_arb_unit_tb.RL=1 -o $TMP/tbr8.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  for a in "+seed=21 +bias=1" "+seed=22 +bias=1 +quiet=0"; do
    nice -n 10 vvp -n $TMP/tbr8.vvp +cycles=100000 $a | tee -a ${O}reg_tb.txt
  done
fi
# RegLines = 0 must be today's unit: two runs of tb.txt again (their figures must be the same).
if [ "$what" = regold ]; then
  nice -n 10 iverilog -g2005 -o $TMP/tbr0.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}reg_old.txt
  for a in "+seed=1" "+seed=11 +mode=1"; do
    nice -n 10 vvp -n $TMP/tbr0.vvp +cycles=100000 $a | tee -a ${O}reg_old.txt
  done
fi
# Planted bugs in the RegLines = 1 logic (scratch copies), each must fail.
if [ "$what" = regmutants ]; then
  : > ${O}reg_mutants.txt
  rmutant() { plant r 1 ${O}reg_mutants.txt "$@"; }  # name file sed-expression plusargs
  # The global block skips one cycle, not R = 2, after each decision (out of step with the pairs).
  rmutant reg_skip1 feas_pair_arb_global.v "s/? 2'd2 : 2'd0;/? 2'd1 : 2'd0;/" "+seed=1"
  # The pair's copy of the dirty word takes the read data in every cycle of the F state
  # (today's rule), not only in t + 1: sets of t + 1, t + 2 to the word g* are lost from it.
  rmutant reg_wfresh feas_arb_lean_ctl.v "s/(RegLines != 0) ? rdp_q : (state_q == S_F)/(state_q == S_F)/" "+seed=1"
  # Ready not low in t - 3: a commit may fall in t, on the dirty word's read.
  rmutant reg_nostall feas_arb_lean_ctl.v "s/((last_grp \&\& step) || (state_q == S_HEAD))/(state_q == S_HEAD)/" "+seed=1"
fi
# Synthesis and one placement of the harness with RegLines = 1.
if [ "$what" = regsynth ]; then
  ysynth reg_unit_harness ${O} feas_pair_arb_unit_harness "$P -set RegLines 1" "" "-DSYNTHESIS $HARN"
fi
if [ "$what" = regpnr ]; then
  seed=${2:-1}
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/reg_unit_harness.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $seed -l ${O}reg_pnr_seed$seed.log > /dev/null 2>&1
  echo "RegLines=1 seed $seed: $(grep -m1 'ICESTORM_LC:' ${O}reg_pnr_seed$seed.log | sed 's/^Info: *//'); $(grep 'Max frequency' ${O}reg_pnr_seed$seed.log | tail -1 | sed 's/^Warning: //; s/^Info: //')" | tee -a ${O}pnr_summary.txt
fi

# ---- RegLines = 2 (pairunit.md section 8): the same schedule as RegLines = 1, retimed ----
# Self-check: the 13 runs of regtb with RL = 2 and LOCK = 1 (a RegLines = 1 unit on the same
# inputs; every port, ctl_load, ctl_done and the lines the global block reads compared in every
# cycle). Without the lockstep line the output must equal reg_tb.txt line for line.
if [ "$what" = fasttb ]; then
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.LOCK=1 -o $TMP/tbf.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}fast_tb.txt
  echo "$RUNS" | tr '|' '\n' | while read a; do
    nice -n 10 vvp -n $TMP/tbf.vvp +cycles=100000 $a | tee -a ${O}fast_tb.txt
  done
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.T=8 -P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.LOCK=1 -o $TMP/tbf8.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  for a in "+seed=21 +bias=1" "+seed=22 +bias=1 +quiet=0"; do
    nice -n 10 vvp -n $TMP/tbf8.vvp +cycles=100000 $a | tee -a ${O}fast_tb.txt
  done
  # (section 11: the section 10 lines the testbench has printed since, "section 10:" and
  # "errors by check:", are left out too; reg_tb.txt predates them)
  if grep -v 'lockstep with RegLines = 1\|section 10:\|errors by check:' ${O}fast_tb.txt | cmp -s - $LOG/reg_tb.txt; then
    echo "fast_tb.txt (without its lockstep lines) = reg_tb.txt: identical" | tee ${O}fast_tb_vs_reg.txt
  else
    echo "fast_tb.txt (without its lockstep lines) DIFFERS from reg_tb.txt" | tee ${O}fast_tb_vs_reg.txt
    grep -v 'lockstep with RegLines = 1\|section 10:\|errors by check:' ${O}fast_tb.txt | diff - $LOG/reg_tb.txt | tee -a ${O}fast_tb_vs_reg.txt
  fi
fi
# RegLines = 0 and 1 unchanged: reg_old.txt's 2 runs (RL = 0) and the first random and sparse
# runs of reg_tb.txt (RL = 1) again, with this branch's files.
if [ "$what" = fastold ]; then
  nice -n 10 iverilog -g2005 -o $TMP/tbo0.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=1 -o $TMP/tbo1.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}fast_old0.txt
  : > ${O}fast_old1.txt
  for a in "+seed=1" "+seed=11 +mode=1"; do
    nice -n 10 vvp -n $TMP/tbo0.vvp +cycles=100000 $a | tee -a ${O}fast_old0.txt
    nice -n 10 vvp -n $TMP/tbo1.vvp +cycles=100000 $a | tee -a ${O}fast_old1.txt
  done
  # (section 11: without the section 10 lines, as fasttb; reg_old.txt and reg_tb.txt predate them)
  x10="section 10:\|errors by check:"
  grep -v "$x10" ${O}fast_old1.txt > $TMP/old1.txt || true
  { if grep -v "$x10" ${O}fast_old0.txt | cmp -s - $LOG/reg_old.txt; then echo "RL=0: fast_old0.txt = reg_old.txt"; else echo "RL=0: fast_old0.txt DIFFERS from reg_old.txt"; fi
    if (sed -n 1,6p $LOG/reg_tb.txt; sed -n 37,43p $LOG/reg_tb.txt) | cmp -s - $TMP/old1.txt; then echo "RL=1: fast_old1.txt = reg_tb.txt's runs +seed=1, +seed=11 +mode=1"; else echo "RL=1: fast_old1.txt DIFFERS from reg_tb.txt"; fi; } | tee ${O}fast_old_cmp.txt
fi
# Planted bugs in the RegLines = 2 logic (scratch copies), 30,000 cycles each, the self-check
# WITHOUT the lockstep (LOCK = 0): each must fail. (The RTL's own simulation assertions stay on.)
if [ "$what" = fastmutants ]; then
  : > ${O}fast_mutants.txt
  fmutant() { plant f 2 ${O}fast_mutants.txt "$@"; }  # name file sed-expression plusargs
  # The line flip-flop selects the candidate with the wrong polarity of ctl_load.
  fmutant fast_linepol feas_pair_arb_local.v "s/a_line_q <= ctl_load_i ? a1_k : a0_k;/a_line_q <= ctl_load_i ? a0_k : a1_k;/" "+seed=1"
  # The deferred head-cycle set takes its barrier in every cycle, not in the head (stale: the
  # barrier of s + 1's stage c is set in s + 2).
  fmutant fast_hsbar feas_pair_arb_local.v "s/if (head) begin/if (1'b1) begin/" "+seed=1"
  # The deferred set ignores the cut: B's commit to b* in an even head cycle sets D[b*] again.
  # (section 11: the control's set and the RAM's registered mask take the cut from ap_nx, so
  # the bug is planted there; ap_q alone now feeds only an assertion)
  fmutant fast_nocut feas_pair_arb_local.v "s/ap_nx = hs_q \&\& !(hs_b_q \&\& (hs_bar_q == cnt2_q));/ap_nx = hs_q;/" "+seed=11 +mode=1"
  # The registered bit-slot candidates use a stale prefix (bit 0 of the decided prefix dropped).
  fmutant fast_blpfx feas_arb_lean_ctl.v "s/bit_line_c1 = bc_q\[{ipfx_q\[1:0\], 1'b1, 1'b0}\];/bit_line_c1 = bc_q[{ipfx_q[1], 1'b0, 1'b1, 1'b0}];/" "+seed=1"
  # The global block's carry-save latch drops its second half (cb_q never loaded).
  fmutant fast_cb feas_pair_arb_global.v "s/cb_q <= yy;/cb_q <= {CW{1'b0}};/" "+seed=1"
fi
# The same kinds of bug, made consistent so that no simulation assertion sees them (the
# self-check alone must): the line polarity bug on the sparse workload (no head ever: only
# the liveness check can see it, and only where closed barriers stay closed); the cut ignored
# in both the deferred set and its one-hot; the cut applied to the wrong PE; the carry-save
# half dropped with the global block's carry model check switched off.
if [ "$what" = fastmutants ] || [ "$what" = fastmutants2 ]; then
  [ "$what" = fastmutants2 ] && : > ${O}fast_mutants2.txt
  [ "$what" = fastmutants ] && : > ${O}fast_mutants2.txt
  fmutant2() { plant g 2 ${O}fast_mutants2.txt "$@"; }  # name file sed-expression plusargs
  fmutant2 fast_linepol_sparse feas_pair_arb_local.v "s/a_line_q <= ctl_load_i ? a1_k : a0_k;/a_line_q <= ctl_load_i ? a0_k : a1_k;/" "+seed=11 +mode=1"
  # (section 11: also ap_nx, the same cut for the registered mask wmn_q, so that the bug stays
  # consistent; without it the registered-mask assertion, not the self-check, would see it)
  fmutant2 fast_nocut2 feas_pair_arb_local.v "s/ap_q <= hs_q \&\& !(hs_b_q \&\& (hs_bar_q == cnt2_q));/ap_q <= hs_q;/; s/(hs_q \&\& !(hs_b_q \&\& (hs_bar_q == cnt2_q))) ?/hs_q ?/; s/ap_nx = hs_q \&\& !(hs_b_q \&\& (hs_bar_q == cnt2_q));/ap_nx = hs_q;/" "+seed=11 +mode=1"
  fmutant2 fast_cutphase feas_pair_arb_local.v "s/hs_b_q   <= !phase_q;/hs_b_q   <= phase_q;/" "+seed=11 +mode=1"
  fmutant2 fast_cb2 feas_pair_arb_global.v "s/cb_q <= yy;/cb_q <= {CW{1'b0}};/; s/if (ca_q + cb_q != carry_m)/if (1'b0)/" "+seed=1"
  fmutant2 fast_cb2_sparse feas_pair_arb_global.v "s/cb_q <= yy;/cb_q <= {CW{1'b0}};/; s/if (ca_q + cb_q != carry_m)/if (1'b0)/" "+seed=11 +mode=1"
fi
# Synthesis (the dirty-bit RAM as an SB_RAM40_4K instance: WCLKE = WE = 1, the mask alone
# writes; -DFEAS_ICE40_PRIMITIVE) and placements of the harness with RegLines = 2.
if [ "$what" = fastsynth ]; then
  ysynth fast_unit_harness ${O} feas_pair_arb_unit_harness "$P -set RegLines 2" "" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $HARN"
fi
if [ "$what" = fastpnr ]; then
  seed=${2:-1}
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/fast_unit_harness.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $seed -l ${O}fast_pnr_seed$seed.log > /dev/null 2>&1
  echo "RegLines=2 seed $seed: $(grep -m1 'ICESTORM_LC:' ${O}fast_pnr_seed$seed.log | sed 's/^Info: *//'); $(grep 'Max frequency' ${O}fast_pnr_seed$seed.log | tail -1 | sed 's/^Warning: //; s/^Info: //')" | tee -a ${O}pnr_summary.txt
fi
# LUT levels after the broadcasts, RegLines = 1 against RegLines = 2 (after fastsynth); the
# RegLines = 1 and 0 harnesses are synthesised again from this branch's files (their stat:
# fast_rl1_stat.txt, fast_rl0_stat.txt; section 7's files are left as they were).
if [ "$what" = fastdepth ]; then
  for rl in 0 1; do
    ysynth fast_rl$rl ${O} feas_pair_arb_unit_harness "$P -set RegLines $rl" "" "-DSYNTHESIS $HARN"
  done
  { for n in ctl_load ctl_done; do
      echo "== RegLines = 1, $n"; python3 $F/pairunit_depth.py $TMP/fast_rl1.json $n 8
      echo "== RegLines = 2, $n"; python3 $F/pairunit_depth.py $TMP/fast_unit_harness.json $n 8
    done; } | tee ${O}fast_depth.txt
fi

# ---- RegLines = 2 with a floorplan (pairunit.md section 9) ----
# floorsynth [CE]: the harness of fastsynth, synthesised with `synth_ice40 -dffe_min_ce_use CE`
# (CE = 8 by default; 0: Yosys's default, the netlist of fastsynth) -> $TMP/floor_ceCE.json.
# floorpnr SEED [CE] [PLAN]: nextpnr as fastpnr plus `--pre-place floorplan_pair.py`, the plan
# chosen by FLOOR_PLAN=PLAN in the environment (the script's header lists the plans; default
# quad; free: no --pre-place) -> pairunit_logs/floor_PLAN_ceCE_seedSEED.log, floor_summary.txt.
if [ "$what" = floorsynth ]; then
  ce=${2:-8}
  opt=""; [ "$ce" != 0 ] && opt="-dffe_min_ce_use $ce"
  # (-l: Yosys's warnings are kept, ${O}floor_ce${ce}_warnings.txt; section 11's first netlists
  # had an undriven implicit wire that only a warning showed)
  ysynth floor_ce$ce ${O} feas_pair_arb_unit_harness "$P -set RegLines 2" "$opt" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $HARN"
fi
if [ "$what" = floorpnr ]; then
  seed=${2:-1}; ce=${3:-8}; plan=${4:-quad}
  l=${O}floor_${plan}_ce${ce}_seed$seed.log
  pp="--pre-place $F/floorplan_pair.py"; [ "$plan" = free ] && pp=""  # free: no floorplan
  # killed after FLOOR_TIMEOUT seconds (default 480): a region too full makes the placer loop
  FLOOR_PLAN=$plan timeout ${FLOOR_TIMEOUT:-480} nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/floor_ce$ce.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $seed $pp -l $l > $TMP/floor_stdout.txt 2>&1 || true
  grep '^floorplan_pair' $TMP/floor_stdout.txt >> $l || true  # the script's own lines (stdout)
  echo "floor $plan ce$ce seed $seed: $(grep -m1 'ICESTORM_LC:' $l | sed 's/^Info: *//'); $(grep 'Max frequency' $l | tail -1 | sed 's/^Warning: //; s/^Info: //' | grep . || echo "no Fmax: killed after ${FLOOR_TIMEOUT:-480} s or failed: $(tail -1 $l)")" | tee -a ${O}floor_summary.txt
fi

# ---- Section 10 (branch wip/tbgap): the self-check's gaps closed (exit decisions against the
# reference sums, round-robin order, progress, dirty liveness). Self-contained block.
# gapmutants: the three survivors of regmutants / fastmutants / fastmutants2 (and the sparse
# carry-save one), 30,000 cycles, the changed self-check, each must now FAIL -> gap_mutants.txt
# gaptb [RL [t16]]: the 13 runs of regtb (t16: the 11 at T = 16 only) (100,000 cycles) with the changed self-check at RegLines
# RL (default 1) -> gap_tb_rl$RL.txt; the figures must equal tb.txt (RL = 0) / reg_tb.txt
# (RL = 1, 2), compared in gap_tb_rl$RL_cmp.txt
if [ "$what" = gapmutants ]; then
  : > ${O}gap_mutants.txt
  gmutant() {  # name RL file sed-expression plusargs
    mkdir -p $TMP/x_$1
    sed "$4" $F/$3 > $TMP/x_$1/$3
    if cmp -s $F/$3 $TMP/x_$1/$3; then echo "mutant $1: the sed did not apply"; exit 1; fi
    files=$(echo $UNIT | sed "s#$F/$3#$TMP/x_$1/$3#")
    nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=$2 -o $TMP/x_$1/tb.vvp -s feas_pair_arb_unit_tb $files $TB
    echo "== mutant $1 (RL=$2, $3: $4) $5" | tee -a ${O}gap_mutants.txt
    nice -n 10 vvp -n $TMP/x_$1/tb.vvp +cycles=30000 $5 > $TMP/x_$1/out.txt 2>&1 || true
    (head -14 $TMP/x_$1/out.txt | grep -v '^feas_pair_arb_unit_tb: [0-9]* cycles'; echo "..."; grep -v '^FAIL cycle' $TMP/x_$1/out.txt | grep -v 'seed=.*cycles=') | tee -a ${O}gap_mutants.txt
  }
  gmutant reg_wfresh 1 feas_arb_lean_ctl.v "s/(RegLines != 0) ? rdp_q : (state_q == S_F)/(state_q == S_F)/" "+seed=1"
  # the same bug on the workload of two barriers of one group per episode (mode 2, section 10)
  gmutant reg_wfresh_pairs 1 feas_arb_lean_ctl.v "s/(RegLines != 0) ? rdp_q : (state_q == S_F)/(state_q == S_F)/" "+seed=31 +mode=2"
  gmutant fast_linepol 2 feas_pair_arb_local.v "s/a_line_q <= ctl_load_i ? a1_k : a0_k;/a_line_q <= ctl_load_i ? a0_k : a1_k;/" "+seed=1"
  gmutant fast_cb2 2 feas_pair_arb_global.v "s/cb_q <= yy;/cb_q <= {CW{1'b0}};/; s/if (ca_q + cb_q != carry_m)/if (1'b0)/" "+seed=1"
  gmutant fast_cb2_sparse 2 feas_pair_arb_global.v "s/cb_q <= yy;/cb_q <= {CW{1'b0}};/; s/if (ca_q + cb_q != carry_m)/if (1'b0)/" "+seed=11 +mode=1"
fi
if [ "$what" = gaptb ]; then
  rl=${2:-1}
  nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=$rl -o $TMP/tbg.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  : > ${O}gap_tb_rl$rl.txt
  echo "$RUNS" | tr '|' '\n' | while read a; do
    nice -n 10 vvp -n $TMP/tbg.vvp +cycles=100000 $a | tee -a ${O}gap_tb_rl$rl.txt
  done
  if [ "${3:-}" != t16 ]; then
    nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.T=8 -P feas_pair_arb_unit_tb.RL=$rl -o $TMP/tbg8.vvp -s feas_pair_arb_unit_tb $UNIT $TB
    for a in "+seed=21 +bias=1" "+seed=22 +bias=1 +quiet=0"; do
      nice -n 10 vvp -n $TMP/tbg8.vvp +cycles=100000 $a | tee -a ${O}gap_tb_rl$rl.txt
    done
  fi
  ref=$LOG/reg_tb.txt; [ "$rl" = 0 ] && ref=$LOG/tb.txt
  n=$(grep -c '^PASS' ${O}gap_tb_rl$rl.txt || true)
  { echo "RL=$rl: $n PASS of $(grep -c '^feas_pair_arb_unit_tb: seed=' ${O}gap_tb_rl$rl.txt) runs"
    grep -v 'section 10:\|errors by check:' ${O}gap_tb_rl$rl.txt | sed 's/ R=[0-9],/,/' > $TMP/gap_new.txt
    sed 's/ R=[0-9],/,/' $ref | head -n $(wc -l < $TMP/gap_new.txt) > $TMP/gap_ref.txt
    if cmp -s $TMP/gap_new.txt $TMP/gap_ref.txt; then
      echo "RL=$rl: gap_tb_rl$rl.txt without its section 10 lines = $(basename $ref) (its first runs): identical"
    else
      echo "RL=$rl: gap_tb_rl$rl.txt without its section 10 lines DIFFERS from $(basename $ref)"
    fi; } | tee ${O}gap_tb_rl${rl}_cmp.txt
fi

# ---- Section 11 (branch wip/pairarea): area and the dirty-bit RAM's port ----
# breakdown [CE]: ONE pair block (feas_pair_arb_local, RegLines = 2, the primitive RAMs),
# synthesised flat on its own (synth_ice40, -dffe_min_ce_use CE unless CE = 0, the default),
# its LUT4 / flip-flops / carries charged to functions by pairunit_breakdown.py (its header
# says how) -> ${O}breakdown_ceCE.txt. Run the section's checks and placements with
# PAIRUNIT_PFX=s11_ (new log names): fastold, fasttb, fastmutants, gaptb 2 t16, floorsynth,
# floorpnr.
if [ "$what" = breakdown ]; then
  ce=${2:-0}
  opt=""; [ "$ce" != 0 ] && opt="-dffe_min_ce_use $ce"
  ysynth breakdown$ce $TMP/ feas_pair_arb_local "$P -set RegLines 2" "$opt" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $UNIT"
  { grep -A12 'Number of cells' $TMP/breakdown${ce}_stat.txt; echo; python3 $F/pairunit_breakdown.py $TMP/breakdown$ce.json feas_pair_arb_local; echo; echo "Yosys warnings:"; cat $TMP/breakdown${ce}_warnings.txt; } | tee ${O}breakdown_ce$ce.txt
fi
# ovlbreakdown [CE]: breakdown's accounting for ONE pair block with Overlap = 1 (CE = 4 by
# default, ovlsynth's -dffe_min_ce_use) -> ${O}ovl_breakdown_ceCE.txt (ovlrtl.md 11; OVL_PE,
# OVL_DEAD as for ovlsynth, ovlrtl.md 21)
if [ "$what" = ovlbreakdown ]; then
  ce=${2:-4}
  opt=""; [ "$ce" != 0 ] && opt="-dffe_min_ce_use $ce"
  ysynth ovl_breakdown$ce $TMP/ feas_pair_arb_local "$P -set RegLines 2 -set Overlap 1 ${OVL_PE:+-set OvlPipeEnd $OVL_PE} ${OVL_DEAD:+-set OvlDead $OVL_DEAD}" "$opt" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $UNIT"
  { grep -A12 'Number of cells' $TMP/ovl_breakdown${ce}_stat.txt; echo; python3 $F/pairunit_breakdown.py $TMP/ovl_breakdown$ce.json feas_pair_arb_local; echo; echo "Yosys warnings:"; cat $TMP/ovl_breakdown${ce}_warnings.txt; } | tee ${O}ovl_breakdown_ce$ce.txt
fi

# ---- Overlap = 1 (ovlrtl.md; overlap.md's contract in RTL, RegLines = 2) ----
# OVLP: the self-check's parameters for the overlap unit (plant() takes them from PLANT_P)
# (ovlrtl.md 13) OVL_R=3: the unit's OvlR (round trip P = 4), OVL_SPEC=1: its OvlSpec (idle
# speculation); unset: the unit's defaults (R = 2, no speculation) and the commands as before.
# They set the self-check's OR / OSPEC, ovl_replay.py's --R / --idlespec and ovlsynth's chparam.
# (ovlrtl.md 15) OVL_PE=2: the unit's OvlPipeEnd (the pipelined word end, overlap.md 13): the
# self-check's OPE, ovl_replay.py's --pipeend and ovlsynth's chparam; unset: as before.
# (ovlrtl.md 18) OVL_HC=1 (with OVL_PE=2): the unit's OvlHeadCut (B's cut in the head cycle, its
# words also in a copy): the self-check's HC, ovl_replay.py's --headcut and ovlsynth's chparam.
# (ovlrtl.md 18b) OVL_DEAD=1 (with OVL_PE=2): the unit's OvlDead (one header slot): the
# self-check's DEAD, ovl_replay.py's --dead and ovlsynth's chparam.
# (ovlrtl.md 16c) OVL_N=8: the self-check's N (4 pairs, Q = T + 3, its bounds from Q; the
# testbench builds OvlSeqPairs = min(OSP, N / 2)) and ovl_replay.py's --N; unset: N = 16 as
# before. (Synthesis and placement take PAIRUNIT_N instead.)
OVLP="-P feas_pair_arb_unit_tb.RL=2 -P feas_pair_arb_unit_tb.OVL=1 ${OVL_N:+-P feas_pair_arb_unit_tb.N=$OVL_N} ${OVL_SEQ_PAIRS:+-P feas_pair_arb_unit_tb.OSP=$OVL_SEQ_PAIRS} ${OVL_R:+-P feas_pair_arb_unit_tb.OR=$OVL_R} ${OVL_SPEC:+-P feas_pair_arb_unit_tb.OSPEC=$OVL_SPEC} ${OVL_PE:+-P feas_pair_arb_unit_tb.OPE=$OVL_PE} ${OVL_HC:+-P feas_pair_arb_unit_tb.HC=$OVL_HC} ${OVL_DEAD:+-P feas_pair_arb_unit_tb.DEAD=$OVL_DEAD}"
OVLRA="${OVL_N:+--N $OVL_N} ${OVL_R:+--R $OVL_R} ${OVL_SPEC:+--idlespec $OVL_SPEC} ${OVL_PE:+--pipeend $OVL_PE} ${OVL_HC:+--headcut $OVL_HC} ${OVL_DEAD:+--dead $OVL_DEAD}"
# ovlold: RegLines = 0 and 1 without Overlap unchanged: fastold's 4 runs (seed 1 random, seed 11
# sparse; RL = 0, 1) -> ovl_old0.txt, ovl_old1.txt, each compared byte for byte with the same runs
# of gap_tb_rl0.txt / gap_tb_rl1.txt (the logs with the section 10 lines) -> ovl_old_cmp.txt.
# (RegLines = 2: `gaptb 2 t16` against its own gap_tb_rl2.txt.) Since ovlrtl.md 11 its two logs
# and the comparison honour PAIRUNIT_PFX (the reference logs gap_tb_rl*.txt are read unprefixed).
if [ "$what" = ovlold ]; then
  blk() { awk -v s="$2" '$0 ~ "seed="s" cycles" {on=1} on {print} on && /^(PASS|FAIL) seed/ {on=0}' $1; }
  : > ${O}ovl_old_cmp.txt
  for rl in 0 1; do
    nice -n 10 iverilog -g2005 -P feas_pair_arb_unit_tb.RL=$rl -o $TMP/tbv$rl.vvp -s feas_pair_arb_unit_tb $UNIT $TB
    : > ${O}ovl_old$rl.txt
    for a in "+seed=1" "+seed=11 +mode=1"; do
      nice -n 10 vvp -n $TMP/tbv$rl.vvp +cycles=100000 $a | tee -a ${O}ovl_old$rl.txt
    done
    if { blk $LOG/gap_tb_rl$rl.txt 1; blk $LOG/gap_tb_rl$rl.txt 11; } | cmp -s - ${O}ovl_old$rl.txt; then
      echo "RL=$rl: ovl_old$rl.txt = gap_tb_rl$rl.txt's runs +seed=1, +seed=11 +mode=1 (byte for byte)"
    else
      echo "RL=$rl: ovl_old$rl.txt DIFFERS from gap_tb_rl$rl.txt"
    fi | tee -a ${O}ovl_old_cmp.txt
  done
fi
# ovltb [T [CYCLES [extra]]]: the self-check with Overlap = 1 at T (16 or 8): the 11 runs of
# RUNS, 2 of mode 2 (two barriers of one group per episode), the same-barrier run (+hot=1
# +spread=0 +quiet=0: one barrier changed nearly every cycle, its next head in its completion's
# cycle, ovlrtl.md 3c) and (T = 8) the 2 refusal runs, CYCLES (100,000) each, every run dumping
# its stimulus, heads and exits; each dump replayed through overlap_model.py (ovl_replay.py)
# -> ovl_tb_tT.txt, ovl_replay_tT.txt ("extra": the same-barrier run only, appended)
if [ "$what" = ovltb ]; then
  t=${2:-16}; cyc=${3:-100000}
  nice -n 10 iverilog -g2005 $OVLP -P feas_pair_arb_unit_tb.T=$t -o $TMP/tbovl$t.vvp -s feas_pair_arb_unit_tb $UNIT $TB
  same="+seed=41 +hot=1 +spread=0 +quiet=0"
  if [ "${4:-}" = extra ]; then
    runs="$same"
  else
    : > ${O}ovl_tb_t$t.txt
    : > ${O}ovl_replay_t$t.txt
    runs="$RUNS|+seed=31 +mode=2|+seed=32 +mode=2 +gap=0|$same"
    [ "$t" = 8 ] && runs="$runs|+seed=21 +bias=1|+seed=22 +bias=1 +quiet=0"
    # OVL_RUNS (environment): another list of runs, '|'-separated (a shorter set in less time)
    [ -n "${OVL_RUNS:-}" ] && runs="$OVL_RUNS"
  fi
  i=0
  echo "$runs" | tr '|' '\n' | while read a; do
    i=$((i + 1))
    nice -n 10 vvp -n $TMP/tbovl$t.vvp +cycles=$cyc $a +dump=$TMP/ovl_dump_$i.txt | tee -a ${O}ovl_tb_t$t.txt
    echo "== $a" >> ${O}ovl_replay_t$t.txt
    nice -n 10 python3 $F/ovl_replay.py --T $t $OVLRA --cycles $cyc $TMP/ovl_dump_$i.txt | sed "s#$TMP/##" | tee -a ${O}ovl_replay_t$t.txt
    rm -f $TMP/ovl_dump_$i.txt
  done
  echo "T=$t: $(grep -c '^PASS' ${O}ovl_tb_t$t.txt) PASS of $(grep -c '^feas_pair_arb_unit_tb: seed=' ${O}ovl_tb_t$t.txt) runs; replay: $(grep -c '^REPLAY AGREE' ${O}ovl_replay_t$t.txt) AGREE of $(grep -c '^REPLAY' ${O}ovl_replay_t$t.txt)" | tee -a ${O}ovl_tb_t$t.txt
fi
# ovlmutants: planted bugs in the overlap logic (scratch copies, plant()), 30,000 cycles each:
# each must FAIL -> ovl_mutants.txt
if [ "$what" = ovlmutants ]; then
  : > ${O}ovl_mutants.txt
  omutant() { PLANT_P="$OVLP" plant o 2 ${O}ovl_mutants.txt "$@"; }  # name file sed-expression plusargs
  # the global block's lo = AND of all B lines, not only of the pairs whose A = hi (overlap.md 7's lo_all)
  # (re-targeted in ovlrtl.md 14: lo is hi ? &lb : &(lb | la) since then; in 16m: lo0, 16l's
  # name for it; 16l's registered copy at OvlPipeEnd = 2 is not planted, this set runs the default)
  omutant ovl_lo_all feas_ovl_global.v "s/wire lo0 = hi0 ? (\&lb) : (\&(lb | la));/wire lo0 = \&lb;/" "+seed=1"
  # the keys without the wrap bit (overlap.md 7's nowrap): plain barrier order
  # (re-targeted in ovlrtl.md 10: the keys are one assign since the thermometer rewrite)
  omutant ovl_nowrap feas_ovl_pair.v "s/wire \[2\*M-1:0\] km = {d_q \& ~gt, d_q \& gt};/wire [2*M-1:0] km = {{M{1'b0}}, d_q};/" "+seed=1"
  # the room check asks for 1 free entry, not 2 (overlap.md 7's room1; room1, nopend and
  # nopend2 re-targeted in ovlrtl.md 10: the check is room_short() since the carry-free rewrite)
  omutant ovl_room1 feas_ovl_pair.v "s/room_short = c ? gtc(x, DM1 - 2'd2) : gtc(x, DM1 - 1'b1);/room_short = c ? gtc(x, DM1 - 1'b1) : gtc(x, DM1);/" "+seed=4 +popdiv=40"
  # the room check does not count the push still pending (a completion seen now)
  omutant ovl_nopend feas_ovl_pair.v "s/room_short = c ? .*/room_short = gtc(x, DM1 - 1'b1);/" "+seed=4 +popdiv=40"
  # the dirty set ignores the cut: B's commit to b* in an even head cycle sets D[b*] again (overlap.md 7's snapcut, RTL form)
  omutant ovl_nocut feas_pair_arb_local.v "s/\.cut_i(!phase_q \&\& !init_q)/.cut_i(1'b0)/" "+seed=11 +mode=1"
  # the PISOs shift in key slots too (a key slot does not steal the count cycle)
  omutant ovl_pisohold feas_pair_arb_local.v "s/else if (!ovl_key) piso_a_q/else piso_a_q/" "+seed=1"
  # the next digit selected with ctl_load and ctl_done swapped
  omutant ovl_digsel feas_ovl_pair.v "s/dg4_q\[2 \* {ld_i, dn_i} +: 2\]/dg4_q[2 * {dn_i, ld_i} +: 2]/" "+seed=1"
  # NEXT's B line says CNT2 + 1, not CNT2 + 2
  # (re-targeted in ovlrtl.md 10: D[CNT2 + 1], D[CNT2 + 2] are the rotated sets d_r1, d_r2)
  omutant ovl_next2 feas_ovl_pair.v "s/s_next ? d_r2\[cnt2\]/s_next ? d_r1[cnt2]/" "+seed=1"
  # the FIFO push takes CNT2 (the next word's barrier when its head is in d .. d + 2), not the completed one
  omutant ovl_pushbar feas_pair_arb_local.v "s/wire \[BarrierW-1:0\] push_bar = (Overlap != 0) ? reb_bar : cnt2_q;/wire [BarrierW-1:0] push_bar = cnt2_q;/" "+seed=1"
  # the exit is not moved off a cycle that carries a race decision (sent on the arrival, lost)
  omutant ovl_nodefer feas_ovl_global.v "s/xp_q  <= xp_q || ex_now;/xp_q  <= xp_q;/" "+seed=1"
fi
# ovlmutants2: appended to ovl_mutants.txt (ovl_nopend above survives, and is equivalent: the
# only POLL that sees a completion in its own cycle is an idle one, which needs 1 free entry,
# not 2): the FIFO room counted from the FIFO's own push (d + 2), not from d: the pending push
# of a completion is not seen by the POLL of d + 1 (overlap.md 9's open point itself)
if [ "$what" = ovlmutants2 ]; then
  PLANT_P="$OVLP" plant o 2 ${O}ovl_mutants.txt ovl_nopend2 feas_ovl_pair.v "s/reg \[OW-1:0\] occ_a_q, occ_b_q;/reg [OW-1:0] occ_a_q, occ_b_q; reg cq1_q, cq2_q; always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin cq1_q <= 1'b0; cq2_q <= 1'b0; end else begin cq1_q <= cmpl_o; cq2_q <= cq1_q; end/; s/occ_a_q + cmpl_o - pop_a_i/occ_a_q + cq2_q - pop_a_i/; s/occ_b_q + cmpl_o - pop_b_i/occ_b_q + cq2_q - pop_b_i/; s/room_short = c ? .*/room_short = gtc(x, DM1 - 1'b1);/" "+seed=4 +popdiv=40"
fi
# ovlmutreplay: bugs the self-check can NOT see (legal but slower schedules: the global block
# never lets NEXT decide, so every race runs its key slots; NEXT's B line on CNT2 + 1), to show
# that the replay does: the self-check PASSes and ovl_replay.py must DIFFER -> ovl_mutreplay.txt
if [ "$what" = ovlmutreplay ]; then
  : > ${O}ovl_mutreplay.txt
  PLANT_P="$OVLP" plant q 2 ${O}ovl_mutreplay.txt ovl_nonext feas_ovl_global.v "s/d_next ? any_a/d_next ? 1'b0/; s/d_next ? any_b/d_next ? 1'b0/" "+seed=1 +dump=$TMP/q_ovl_nonext_dump.txt"
  nice -n 10 python3 $F/ovl_replay.py $OVLRA $TMP/q_ovl_nonext_dump.txt | sed "s#$TMP/##" | tee -a ${O}ovl_mutreplay.txt
  # NEXT's B line reads CNT2 + 1 (ovlmutants' ovl_next2, which the self-check lets through:
  # CNT2 + 2 is then never chosen by NEXT, its races run key slots)
  PLANT_P="$OVLP" plant q 2 ${O}ovl_mutreplay.txt ovl_next2 feas_ovl_pair.v "s/s_next ? d_r2\[cnt2\]/s_next ? d_r1[cnt2]/" "+seed=1 +dump=$TMP/q_ovl_next2_dump.txt"
  nice -n 10 python3 $F/ovl_replay.py $OVLRA $TMP/q_ovl_next2_dump.txt | sed "s#$TMP/##" | tee -a ${O}ovl_mutreplay.txt
fi
# plant_replay TAG LOG name file sed-expression plusargs: one planted bug of the Overlap unit
# (plant(), a scratch copy, RegLines = 2), run with +dump and that dump replayed through the
# model (ovl_replay.py with the unit's options, OVLRA); both results appended to LOG
# need_env SUBCOMMAND "VAR=VALUE ...": refuse SUBCOMMAND (exit 2) unless every VAR is set to its
# VALUE (the mutant subcommands whose planted bugs live in one parameter's logic)
need_env() {
  for kv in $2; do
    eval "v=\${${kv%%=*}:-}"
    if [ "$v" != "${kv#*=}" ]; then echo "$1: run it with $2 (its planted bugs are in that logic)" >&2; exit 2; fi
  done
}
plant_replay() {
  PLANT_P="$OVLP" plant "$1" 2 "$2" "$3" "$4" "$5" "$6 +dump=$TMP/$1_$3_dump.txt"
  nice -n 10 python3 $F/ovl_replay.py $OVLRA --cycles 30000 $TMP/$1_$3_dump.txt 2>&1 | sed "s#$TMP/##" | tail -4 | tee -a "$2"
}
# ovlnmutants (ovlrtl.md 16c; run with OVL_N=8): planted bugs at N = 8 (scratch copies, plant()),
# 30,000 cycles each, every run also replayed (ovl_replay.py --N): each must FAIL the self-check
# or DIFFER in the replay -> ${O}ovl_nmutants.txt. Two are 16-PE assumptions (Q = T + 4 in the
# pairs' sequencer copies / in the global block's; no-ops at N = 16), one the global block's lo
# (ovlmutants' ovl_lo_all), one a slower legal schedule only the replay sees (ovlmutreplay's
# ovl_nonext).
if [ "$what" = ovlnmutants ]; then
  # (ovlrtl.md 16n) at N = 16 the two 16-PE assumptions are no-ops and pass: refuse to run there
  if [ "${OVL_N:-16}" != 8 ]; then
    echo "ovlnmutants: run it with OVL_N=8 (at N = ${OVL_N:-16} n_seqq16 and n_globq16 plant nothing)" >&2
    exit 2
  fi
  : > ${O}ovl_nmutants.txt
  nm() { plant_replay n ${O}ovl_nmutants.txt "$@"; }  # name file sed-expression plusargs
  nm n_seqq16 feas_pair_arb_unit.v "s/\.Q(CountBits + \$clog2(NumPes))/.Q(CountBits + 4)/" "+seed=1"
  nm n_globq16 feas_ovl_global.v "s/localparam integer Q     = CountBits + \$clog2(NumPes);/localparam integer Q     = CountBits + 4;/" "+seed=1"
  nm n_lo_all feas_ovl_global.v "s/wire lo0 = hi0 ? (\&lb) : (\&(lb | la));/wire lo0 = \&lb;/" "+seed=1"
  nm n_nonext feas_ovl_global.v "s/d_next ? any_a/d_next ? 1'b0/; s/d_next ? any_b/d_next ? 1'b0/" "+seed=1"
fi
# ovlr3mutants (ovlrtl.md 13; run with OVL_R=3, and OVL_SPEC=1 for the last three): planted bugs
# in the R = 3 / idle-speculation logic (scratch copies, plant()), 30,000 cycles each, every run
# also replayed (ovl_replay.py with the unit's R): each must FAIL the self-check or DIFFER in the
# replay -> ${O}ovl_r3mutants.txt
if [ "$what" = ovlr3mutants ]; then
  : > ${O}ovl_r3mutants.txt
  r3m() { plant_replay r ${O}ovl_r3mutants.txt "$@"; }  # name file sed-expression plusargs
  # the pairs' broadcast copies take the decision itself, not its register (the pairs see it in
  # x + 3, their sequencer and the global block's expect x + 4)
  r3m r3_cpnx feas_ovl_global.v "s/\.d_i({ld_b, dn_b}),/.d_i({ld_nx, dn_nx}),/" "+seed=1"
  # the global block's landing cycle of a decision taken as the next cycle (R = 2's), not the
  # one after: exits moved off the wrong cycles
  r3m r3_arrnx feas_ovl_seq.v "s/assign arr_nx_o      = (tg_q\[3:2\] != T_NONE);/assign arr_nx_o      = (tg_q[2*P-3 -: 2] != T_NONE);/" "+seed=1"
  # a GO silences 2 POLLs after it (R = 2's P - 1), not 3
  r3m r3_gin feas_ovl_global.v "s/gin_q <= go ? (P - 1) :/gin_q <= go ? 2'd2 :/" "+seed=11 +mode=1"
  if [ "${OVL_SPEC:-0}" != 0 ]; then
    # a SPEC arrival taken as digit 1 whatever the race's slot (the SPECs sent after the valid
    # one, answered 0, become digits)
    r3m sp_any feas_ovl_seq_step.v "s/r_act_i \&\& !r_dec_i \&\& (r_i_i == 3'd1)) begin/r_act_i \&\& !r_dec_i) begin/" "+seed=11 +mode=1"
    # the race state not reset in idle: the pairs' slot-2 digits precomputed for a stale prefix
    r3m sp_irst feas_ovl_seq_step.v "s/irst = (OvlSpec != 0);/irst = 1'b0;/" "+seed=11 +mode=1"
    # the global block answers every SPEC, also when its POLL did not say GO
    r3m sp_nogo feas_ovl_global.v "s/(hi \&\& (!d_spec || go_q))/hi/; s/(lo \&\& (!d_spec || go_q))/lo/" "+seed=11 +mode=1"
  fi
fi
# ovlpemutants (ovlrtl.md 15; run with OVL_PE=2): planted bugs in the pipelined word end
# (scratch copies, plant()), 30,000 cycles each, every run also replayed (ovl_replay.py
# --pipeend 2): each must FAIL the self-check or DIFFER in the replay -> ${O}ovl_pemutants.txt
if [ "$what" = ovlpemutants ]; then
  : > ${O}ovl_pemutants.txt
  pem() { plant_replay pe ${O}ovl_pemutants.txt "$@"; }  # name file sed-expression plusargs
  # the tail's exit taken as the running (new) word's: it ends that word, the tail is forgotten
  pem pe_late feas_ovl_seq_step.v "s/if (t_act_i) t_act  = 1'b0;/t_act = 1'b0;/; s/else         w_act  = 1'b0;/w_act  = 1'b0;/" "+seed=1"
  # the early head also for the running word's own barrier (winner == CNT2): one barrier only
  pem pe_same feas_ovl_seq_step.v "s/w_ge_i \&\& wne) begin/w_ge_i) begin/" "+seed=41 +hot=1 +spread=0 +quiet=0"
  # POLL's room need left at 2 with a tail pending: slow pops, FIFOs near full
  pem pe_room feas_ovl_pair.v "s/wire tail_now = (OvlPipeEnd != 0) \&\& tl_i\[1\] \&\& !exit_o;/wire tail_now = 1'b0;/" "+seed=4 +popdiv=40"
  # the tail's rebase address / FIFO push barrier taken at its completion from CNT2 (by then
  # the new head's barrier), as without the rule (re-targeted in ovlrtl.md 16b: the enable is
  # pe_eh || pe_nc since the flags per broadcast value)
  pem pe_rebbar feas_pair_arb_local.v "s/if (pe_eh || pe_nc) clr_q\[BarrierW-1:0\] <= cnt2_q;/if (cdone) clr_q[BarrierW-1:0] <= cnt2_q;/" "+seed=1"
  # the column of count bit Q - 1 in the slot CNT + HEAD with the carry cleared by the head
  pem pe_carry feas_ovl_global.v "s/wire bit_now  = (^lin_q) ^ carry_q\[0\];/wire bit_now  = (^lin_q) ^ (carry_q[0] \&\& !d_head);/; s/? (par ^ carry_q\[0\]) : bit_now;/? (par ^ (carry_q[0] \&\& !d_head)) : bit_now;/" "+seed=1"
  # the tail's sum not moved to the rebase sum at the early head (its commits before it lost)
  pem pe_xfer feas_pair_arb_local.v "s/wire acc_done = (dsh_q\[0\] \&\& !pe_tc1_q) || pe_eh1_q;/wire acc_done = dsh_q[0] \&\& !pe_tc1_q;/" "+seed=1"
  # the early head one count slot too soon (with bit Q - 2): bit Q - 1 never sent
  pem pe_early feas_ovl_seq_step.v "s/assign w_ge_o = !s_head_o \&\& (s_cnt_o ? (w_j_i >= Q - 2) : (w_j_i >= Q - 1));/assign w_ge_o = !s_head_o \&\& (s_cnt_o ? (w_j_i >= Q - 3) : (w_j_i >= Q - 2));/" "+seed=1"
fi
# ovlsynth: synthesis of the harness with Overlap = 1 (fastsynth's flow, -DFEAS_ICE40_PRIMITIVE,
# synth_ice40 -dffe_min_ce_use 4) -> ovl_unit_harness_stat.txt; the pair block alone too
# (ovl_local_stat.txt; RegLines = 2 without Overlap: ovl_local_rl2_stat.txt)
if [ "$what" = ovlsynth ]; then
  # (OVL_SEQ_PAIRS=G: the harness with one sequencer copy per G pairs; default the unit's, 8)
  # (OVL_CE=C, ovlrtl.md 16j: synth_ice40 -dffe_min_ce_use C for the harness; default 4, as
  # every figure before 16j)
  ysynth ovl_unit_harness ${O} feas_pair_arb_unit_harness "$P -set RegLines 2 -set Overlap 1 ${OVL_SEQ_PAIRS:+-set OvlSeqPairs $OVL_SEQ_PAIRS} ${OVL_R:+-set OvlR $OVL_R} ${OVL_SPEC:+-set OvlSpec $OVL_SPEC} ${OVL_PE:+-set OvlPipeEnd $OVL_PE} ${OVL_HC:+-set OvlHeadCut $OVL_HC} ${OVL_DEAD:+-set OvlDead $OVL_DEAD}" "-dffe_min_ce_use ${OVL_CE:-4}" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $HARN"
  # (OVL_LOCAL=0: the harness only)
  if [ "${OVL_LOCAL:-1}" != 0 ]; then
    for ov in 1 0; do
      ysynth ovl_local_ov$ov ${O} feas_pair_arb_local "$P -set RegLines 2 -set Overlap $ov" "-dffe_min_ce_use 4" "-DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $UNIT"
    done
  fi
  # the packed cell count (nextpnr-ice40 --pack-only on the same netlist): what must fit in 7,680
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/ovl_unit_harness.json --pcf-allow-unconstrained --pack-only -l ${O}ovl_pack.log > /dev/null 2>&1 || true
  echo "ovlsynth: packed $(grep -m1 'ICESTORM_LC:' ${O}ovl_pack.log | sed 's/^Info: *//')" | tee -a ${O}ovl_unit_harness_stat.txt
fi
ovl_worst() {  # nextpnr log -> one line: the clock's critical path, start, end, logic / routing
  awk '/Critical path report for clock/ {f = 1; n = 0; next} /Critical path report for cross-domain/ {f = 0}
       f && /Source/ && n == 0 {src = $NF; n = 1} f && /Setup/ {snk = $NF} f && /ns logic/ {lr = $2 " ns logic, " $5 " ns routing"}
       END {print "  worst path: " src " -> " snk " (" lr ")"}' $1
}
# ovl_place NETLIST LOGBASE LABEL SEED: nextpnr-ice40 (--hx8k, --freq 150) on $TMP/NETLIST.json
# -> ${O}LOGBASE_seedSEED.log; "LABEL seed SEED: cells; Fmax" (or nextpnr's error) and the worst
# path -> ${O}LOGBASE_summary.txt. ovlpnr, ovlceilpnr and ovlceil2pnr.
ovl_place() {
  pl=${O}$2_seed$4.log
  # (|| true: a design that does not fit makes nextpnr fail; the summary says so)
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$1.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $4 -l $pl > /dev/null 2>&1 || true
  echo "$3 seed $4: $(grep -m1 'ICESTORM_LC:' $pl | sed 's/^Info: *//'); $(grep 'Max frequency' $pl | tail -1 | sed 's/^Warning: //; s/^Info: //' | grep . || grep -m1 '^ERROR' $pl)" | tee -a ${O}$2_summary.txt
  # (ovlrtl.md 11) the worst path of the clock: its first source, its setup end, logic / routing
  ovl_worst $pl | tee -a ${O}$2_summary.txt
}
# ovl_flat_probe SRC KIND STEPS: $TMP/SRC.json flattened by Yosys (the kept hierarchy unset), then
# STEPS (shell commands reading $TMP/SRC_flat.json, writing $TMP/SRC_KIND.json, their output to
# the stat file) -> ${O}SRC_KIND_stat.txt with the packed LCs
ovl_flat_probe() {
  nice -n 10 yosys -q -p "read_json $TMP/$1.json; setattr -mod -unset keep_hierarchy *; setattr -unset keep_hierarchy *; flatten; hierarchy -top feas_pair_arb_unit_harness; write_json $TMP/$1_flat.json"
  eval "$3" > ${O}$1_$2_stat.txt
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$1_$2.json --pcf-allow-unconstrained --pack-only -l ${O}$1_$2_pack.log > /dev/null 2>&1 || true
  echo "packed $(grep -m1 'ICESTORM_LC:' ${O}$1_$2_pack.log | sed 's/^Info: *//')" >> ${O}$1_$2_stat.txt
  cat ${O}$1_$2_stat.txt
}
# ovlrep [SRC] (ovlrtl.md 20b): register (and LUT) replication on a placed-as-is netlist: $TMP/SRC.json
# (default ovl_ceil, ovlceil's probe; ovl_unit_harness: ovlsynth's unit) flattened by Yosys (its
# kept hierarchy unset), then replicate_ff.py with OVL_REP_ARGS (default "--luts --fanout 16
# --group 12"): every cell whose output drives more than 16 inputs gets copies with the same
# inputs, 12 sinks each, so the netlist computes exactly what it did (replicate_ff.py checks that
# the copies merge back into its input) -> $TMP/SRC_rep.json, ${O}SRC_rep_stat.txt (the tool's
# counts and the packed LCs); ovlreppnr SEED [SRC] places it as ovlpnr -> ${O}SRC_rep_pnr_*.
REP_ARGS=${OVL_REP_ARGS:---luts --fanout 16 --group 12}
if [ "$what" = ovlrep ]; then
  src=${2:-ovl_ceil}
  ovl_flat_probe $src rep "python3 $F/replicate_ff.py $TMP/${src}_flat.json $TMP/${src}_rep.json $REP_ARGS"
fi
if [ "$what" = ovlreppnr ]; then
  ovl_place ${3:-ovl_ceil}_rep ${3:-ovl_ceil}_rep_pnr "replicated ${3:-ovl_ceil}" ${2:-1}
fi
# ovlcuten [SRC] (ovlrtl.md 20b): a probe, behaviour not kept: cut_enables.py (every LUT-driven
# clock enable from a new flip-flop) on the flattened $TMP/SRC.json (default ovl_ceil), then
# ovlrep's replication -> $TMP/SRC_cuten.json, ${O}SRC_cuten_stat.txt; ovlcutenpnr SEED [SRC]
if [ "$what" = ovlcuten ]; then
  src=${2:-ovl_ceil}
  ovl_flat_probe $src cuten "python3 $F/cut_enables.py $TMP/${src}_flat.json $TMP/${src}_cut.json && python3 $F/replicate_ff.py $TMP/${src}_cut.json $TMP/${src}_cuten.json $REP_ARGS"
fi
if [ "$what" = ovlcutenpnr ]; then
  ovl_place ${3:-ovl_ceil}_cuten ${3:-ovl_ceil}_cuten_pnr "enables cut ${3:-ovl_ceil}" ${2:-1}
fi
if [ "$what" = ovlpnr ]; then
  ovl_place ovl_unit_harness ovl_pnr Overlap=1 ${2:-1}
fi
# ovlfloorpnr SEED [PLAN]: ovlpnr with floorplan_pair.py's plan PLAN (default quad; section 9 of
# pairunit.md) on ovlsynth's netlist, killed after FLOOR_TIMEOUT s (480) -> ${O}ovl_floor_PLAN_seedSEED.log,
# ${O}ovl_floor_summary.txt (ovlrtl.md 11d)
if [ "$what" = ovlfloorpnr ]; then
  seed=${2:-1}; plan=${3:-quad}
  l=${O}ovl_floor_${plan}_seed$seed.log
  FLOOR_PLAN=$plan timeout ${FLOOR_TIMEOUT:-480} nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/ovl_unit_harness.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed $seed --pre-place $F/floorplan_pair.py -l $l > $TMP/ovl_floor_stdout.txt 2>&1 || true
  grep '^floorplan_pair' $TMP/ovl_floor_stdout.txt >> $l || true
  echo "Overlap=1 floor $plan seed $seed: $(grep -m1 'ICESTORM_LC:' $l | sed 's/^Info: *//'); $(grep 'Max frequency' $l | tail -1 | sed 's/^Warning: //; s/^Info: //' | grep . || echo "no Fmax: killed after ${FLOOR_TIMEOUT:-480} s or failed: $(tail -1 $l)")" | tee -a ${O}ovl_floor_summary.txt
  ovl_worst $l | tee -a ${O}ovl_floor_summary.txt
fi
# ovlthsynth: a scratch experiment (the repository's files untouched): feas_ovl_pair's wrap bits
# as a shifted thermometer instead of 32 comparisons (carry chains), the harness synthesised as
# ovlsynth and placed once -> ovl_th_scratch_stat.txt, ovl_th_scratch_pnr_seed1.log
if [ "$what" = ovlthsynth ]; then
  d=$TMP/th; mkdir -p $d
  sed "s/^    km\[b\]     = d_q\[b\] \&\& (b > cnt2);/    km[b]     = d_q[b] \&\& !le[b];/; s/^    km\[M + b\] = d_q\[b\] \&\& (b <= cnt2);/    km[M + b] = d_q[b] \&\& le[b];/; s/^  reg \[2\*M-1:0\] km;/  reg [2*M-1:0] km;\n  wire [M-1:0] le = ~({M{1'b1}} << cnt2) | ({{(M - 1){1'b0}}, 1'b1} << cnt2);/" $F/feas_ovl_pair.v > $d/feas_ovl_pair.v
  if cmp -s $F/feas_ovl_pair.v $d/feas_ovl_pair.v; then echo "ovlthsynth: the sed did not apply"; exit 1; fi
  files=$(echo $HARN | sed "s#$F/feas_ovl_pair.v#$d/feas_ovl_pair.v#")
  nice -n 10 yosys -q -p "read_verilog -DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $files; chparam $P -set RegLines 2 -set Overlap 1 feas_pair_arb_unit_harness; synth_ice40 -dffe_min_ce_use 4 -top feas_pair_arb_unit_harness; tee -q -o $LOG/ovl_th_scratch_stat.txt stat; write_json $TMP/ovl_th.json"
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/ovl_th.json --pcf-allow-unconstrained --freq 150 --timing-allow-fail --seed 1 -l $LOG/ovl_th_scratch_pnr_seed1.log > /dev/null 2>&1 || true
  grep -m1 'ICESTORM_LC:' $LOG/ovl_th_scratch_pnr_seed1.log
fi
# ovlequiv [GOLDREV]: ovlrtl.md 10's area rewrites of feas_ovl_pair (thermometer wrap bits,
# digit tree, rotated NEXT selections) and 11's changes proven equivalent, register for register,
# to the verified version of GOLDREV (default 505c10d, before them; its own feas_ovl_seq.v): Yosys
# equiv_make / equiv_simple -seq / equiv_induct, equiv_status -assert; then the same for planted
# bugs in the new form, each of which must be "unproven" -> ${O}ovl_equiv.txt.
# Since ovlrtl.md 11 feas_ovl_pair takes the unit's shared sequencer on seq_i: ovl_gate puts a
# sequencer copy back in (u_seq, its en_i a port again), so that the module compared has the old
# ports and the old register names (a file without seq_i passes unchanged). Since ovlrtl.md 12
# the pair also takes the sequencer's precomputed slot (pre_i, from u_seq's pre_o): the gate's
# sequencer has the registers pre_q without a gold partner (proven through the unrolling, as
# c2_p1 / c2_p2 in 11). Since ovlrtl.md 15 also its {tail, word} flags (tl_i, from u_seq's
# tl_o; at OvlPipeEnd = 0 only the room check reads them, as a constant 0 tail).
ovl_gate() {  # in.v out.v
  sed -e 's|^  input  wire \[3\*BarrierW+NumBarriers/4+19:0\] seq_i,.*|  input  wire en_i,|' \
      -e '/^  input  wire \[4\*(NumBarriers\/4+BarrierW+15):0\] pre_i,/d' \
      -e '/^  input  wire \[1:0\]          tl_i, /d' \
      -e '/^  \/\/ The slot of this cycle comes from ONE sequencer/i\  wire [3*BarrierW+NumBarriers/4+19:0] seq_i;\n  wire [4*(NumBarriers/4+BarrierW+15):0] pre_i;\n  wire [1:0] tl_i;\n  feas_ovl_seq #(.NumBarriers(NumBarriers), .Q(Q)) u_seq (.clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ld_i(ld_i), .dn_i(dn_i), .bus_o(seq_i), .pre_o(pre_i), .tl_o(tl_i));' $1 > $2
}
ovl_equiv_ys() {  # gold.v gold_seq.v gate.v gate_seq.v
  for side in "gold:$1 $2" "gate:$3 $4"; do
    # (ovlrtl.md 16l) the gate's inputs chv_i / cok_i (read at OvlPipeEnd = 2 only) deleted:
    # undriven wires that the default build does not read
    dp=; [ "${side%%:*}" = gate ] && dp="delete -port feas_ovl_pair/chv_i; delete -port feas_ovl_pair/cok_i; "
    echo "read_verilog -DSYNTHESIS ${side#*:}; chparam -set NumBarriers 32 -set FifoDepth 8 feas_ovl_pair; hierarchy -top feas_ovl_pair; proc; flatten; ${dp}opt_clean; rename feas_ovl_pair ${side%%:*}; design -stash ${side%%:*}"
  done
  echo "design -copy-from gold -as gold gold; design -copy-from gate -as gate gate; equiv_make gold gate equiv; hierarchy -top equiv; async2sync; equiv_simple -seq 2; equiv_induct -seq 2; equiv_status -assert"
}
if [ "$what" = ovlequiv ]; then
  rev=${2:-505c10d}
  d=$TMP/equiv; mkdir -p $d
  # (ovlrtl.md 12) the current pair's new port hit_o (= head_o && head_bar_o == cbar_i, for the
  # caller's cut) is given to the gold by that definition, so the proof covers it
  git show $rev:$F/feas_ovl_pair.v | sed -e 's/^  input  wire                a_cbit_i, .*/  input  wire [BarrierW-1:0] cbar_i,\n  output wire                hit_o,\n&/' \
    -e 's/^endmodule/  assign hit_o = head_o \&\& (head_bar_o == cbar_i);\nendmodule/' \
    -e 's/^  input  wire                dset_i, .*/  input  wire                cmt_i,\n  input  wire                cut_i,/' \
    -e '/^  input  wire \[BarrierW-1:0\] dset_bar_i, .*/d' \
    -e 's/^  wire \[BarrierW-1:0\] s_bar, cnt2;/  wire dset_i = cmt_i \&\& !(hit_o \&\& cut_i);\n  wire [BarrierW-1:0] dset_bar_i = cbar_i;\n&/' > $d/gold.v
  grep -q 'assign hit_o' $d/gold.v || echo "ovlequiv: hit_o not added to the gold" | tee -a ${O}ovl_equiv.txt
  # (ovlrtl.md 14) the pair's inputs dset_i / dset_bar_i became the commit cmt_i and the cut
  # cut_i (the set's barrier is cbar_i): the gold gets them as the unit wired them before,
  # dset_i = cmt_i && !(hit_o && cut_i), dset_bar_i = cbar_i
  grep -q 'wire dset_i = cmt_i' $d/gold.v || echo "ovlequiv: dset_i not rewritten in the gold" | tee -a ${O}ovl_equiv.txt
  git show $rev:$F/feas_ovl_seq.v > $d/gold_seq.v
  : > ${O}ovl_equiv.txt
  eqrun() {  # name gate.v (before ovl_gate) [gate_seq.v]
    ovl_gate $2 $d/$1_gate.v
    ovl_equiv_ys $d/gold.v $d/gold_seq.v $d/$1_gate.v "${3:-$F/feas_ovl_seq.v $F/feas_ovl_seq_step.v}" > $d/$1.ys
    if nice -n 10 yosys -q -l $d/$1.log -s $d/$1.ys > /dev/null 2>&1; then r=PROVEN; else r="NOT PROVEN"; fi
    echo "$1: $r ($(grep -E "unproven|successfully" $d/$1.log | tail -1 | sed "s/^ *//"))" | tee -a ${O}ovl_equiv.txt
  }
  eqrun feas_ovl_pair $F/feas_ovl_pair.v
  # (ovlrtl.md 11) the global block too: GOLDREV's feas_ovl_global (and its sequencer) against
  # the current files; the current one's extra outputs en_o and (ovlrtl.md 12) the broadcast's copies ctl_load_cp_o / ctl_done_cp_o have no gold partner (the copies are checked by ovltb: the pairs run on them)
  # (ovlrtl.md 16b) nor its input seq_fol_i (the leader's candidates, read at OvlPipeEnd = 2 only:
  # deleted, an undriven wire that the default build does not read)
  git show $rev:$F/feas_ovl_global.v > $d/gold_global.v
  echo "read_verilog -DSYNTHESIS $d/gold_global.v $d/gold_seq.v; hierarchy -top feas_ovl_global; proc; flatten; opt_clean; rename feas_ovl_global gold; design -stash gold
read_verilog -DSYNTHESIS $F/feas_ovl_global.v $F/feas_ovl_ff2.v $F/feas_ovl_seq.v $F/feas_ovl_seq_step.v; hierarchy -top feas_ovl_global; proc; flatten; delete -port feas_ovl_global/en_o; delete -port feas_ovl_global/en_nx_o; delete -port feas_ovl_global/ctl_load_cp_o; delete -port feas_ovl_global/ctl_done_cp_o; delete -port feas_ovl_global/seq_fol_i; opt_clean; rename feas_ovl_global gate; design -stash gate
design -copy-from gold -as gold gold; design -copy-from gate -as gate gate; equiv_make gold gate equiv; hierarchy -top equiv; async2sync; equiv_simple -seq 2; equiv_induct -seq 2; equiv_status -assert" > $d/global.ys
  if nice -n 10 yosys -q -l $d/global.log -s $d/global.ys > /dev/null 2>&1; then r=PROVEN; else r="NOT PROVEN"; fi
  echo "feas_ovl_global: $r ($(grep -E "unproven|successfully" $d/global.log | tail -1 | sed "s/^ *//"))" | tee -a ${O}ovl_equiv.txt
  # a planted bug in the global block's parity: must be unproven
  sed 's/wire bit_now  = (^lin_q) ^ carry_q\[0\];/wire bit_now  = (^lin_q[NumPes-2:0]) ^ carry_q[0];/' $F/feas_ovl_global.v > $d/mut_global.v
  if cmp -s $F/feas_ovl_global.v $d/mut_global.v; then echo "ovlequiv mutant_parity15: the sed did not apply" | tee -a ${O}ovl_equiv.txt; else
    sed "s#$F/feas_ovl_global.v#$d/mut_global.v#" $d/global.ys > $d/mut_global.ys
    if nice -n 10 yosys -q -l $d/mut_global.log -s $d/mut_global.ys > /dev/null 2>&1; then r=PROVEN; else r="NOT PROVEN"; fi
    echo "mutant_parity15 (feas_ovl_global): $r ($(grep -E "unproven|successfully" $d/mut_global.log | tail -1 | sed "s/^ *//"))" | tee -a ${O}ovl_equiv.txt
  fi
  for m in "first4:s/(a\[1\] || !a\[2\])/(a[1] || a[2])/" "ok1:s/(pfx\[3:0\] == 4'd0)/(pfx[1:0] == 2'd0)/" "thermo:s/({M{1'b1}} << c2_s) << 1/({M{1'b1}} << c2_s)/" "rot2:s/{d_q\[1:0\], d_q\[M-1:2\]}/{d_q[0], d_q[M-1:1]}/" "roomwrap:s/c ? gtc(x, DM1 - 2'd2) :/c ? (gtc(x, DM1 - 2'd2) \&\& (x != {OW{1'b1}})) :/"; do
    sed "${m#*:}" $F/feas_ovl_pair.v > $d/mut.v
    if cmp -s $F/feas_ovl_pair.v $d/mut.v; then echo "ovlequiv ${m%%:*}: the sed did not apply" | tee -a ${O}ovl_equiv.txt; continue; fi
    eqrun "mutant_${m%%:*}" $d/mut.v
  done
  # (ovlrtl.md 14) dcut: the dirty set's set without the cut; c2own: the pair's own CNT2 loaded
  # in every cycle, not only at a head
  # (ovlrtl.md 12) planted bugs in the precomputed slot: the pair's select with the broadcast's
  # bits swapped, the pair's head not gated by en, hit_o selected with them swapped, the sequencer's precompute for v with ld / dn
  # swapped: each must be unproven
  for m in "preswap:s/case ({ld_i, dn_i})/case ({dn_i, ld_i})/" "preen:s/wire s_head = en \&\& s_head_p,/wire s_head = s_head_p,/" "hitsel:s/assign hit_o = en \&\& hit4\[{ld_i, dn_i}\];/assign hit_o = en \&\& hit4[{dn_i, ld_i}];/" "dcut:s/assign dset4\[dv\] = cmt_i \&\& !(en \&\& hit4\[dv\] \&\& cut_i);/assign dset4[dv] = cmt_i;/" "c2own:s/else if (s_head) cnt2 <= s_bar;/else cnt2 <= s_bar;/"; do
    sed "${m#*:}" $F/feas_ovl_pair.v > $d/mut.v
    if cmp -s $F/feas_ovl_pair.v $d/mut.v; then echo "ovlequiv ${m%%:*}: the sed did not apply" | tee -a ${O}ovl_equiv.txt; continue; fi
    eqrun "mutant_${m%%:*}" $d/mut.v
  done
  # ... and in the sequencer: the precompute for v with ld / dn swapped; a wrong CNT2 + 2 of a
  # the next CNT2 + 1 as CNT2 + 2 (c2_p1_o, ovlrtl.md 12)
  # (the sequencer is two files, feas_ovl_seq.v and feas_ovl_seq_step.v: the sed goes to both)
  # (ovlrtl.md 13) hhdec: the head-barrier predecode, one function for the slot and the
  # precomputed slots since ovlrtl.md 13: its low decode on the wrong value
  # (ovlrtl.md 13f) wlt: the flag w_j < Q after a count bit as w_j != Q - 2 (must be unproven)
  for m in "wlt:s/assign w_lt_o = s_head_o || (s_cnt_o ? (w_j_i != Q - 1)/assign w_lt_o = s_head_o || (s_cnt_o ? (w_j_i != Q - 2)/" "hhdec:s/hhdec\[i\]     = (bar\[1:0\] == i);/hhdec[i]     = (bar[1:0] == (i ^ 1));/" "preseqswap:s/\.en_i(1'b1), \.ld_i(vi\[1\] == 1'b1), \.dn_i(vi\[0\] == 1'b1),/.en_i(1'b1), .ld_i(vi[0] == 1'b1), .dn_i(vi[1] == 1'b1),/" "c2p1:s/assign c2_p1_o = c2_i + 1'b1;/assign c2_p1_o = c2_i + 2'd2;/"; do
    sed "${m#*:}" $F/feas_ovl_seq.v > $d/mut_seq.v
    sed "${m#*:}" $F/feas_ovl_seq_step.v > $d/mut_seq_step.v
    if cmp -s $F/feas_ovl_seq.v $d/mut_seq.v && cmp -s $F/feas_ovl_seq_step.v $d/mut_seq_step.v; then echo "ovlequiv ${m%%:*}: the sed did not apply" | tee -a ${O}ovl_equiv.txt; continue; fi
    eqrun "mutant_${m%%:*}" $F/feas_ovl_pair.v "$d/mut_seq.v $d/mut_seq_step.v"
  done
fi
# ovlhcmutants (ovlrtl.md 18; run with OVL_PE=2 OVL_HC=1): planted bugs in OvlHeadCut (scratch
# copies, plant()), 30,000 cycles each, every run also replayed: each must FAIL the self-check or
# DIFFER in the replay -> ${O}ovl_hcmutants.txt
if [ "$what" = ovlhcmutants ]; then
  need_env ovlhcmutants "OVL_PE=2 OVL_HC=1"
  : > ${O}ovl_hcmutants.txt
  hm() { plant_replay hc ${O}ovl_hcmutants.txt "$@"; }  # name file sed-expression plusargs
  # the copy's read taken as it is when the copy is written in s at b* (no bypass)
  hm hc_nobypass feas_pair_arb_local.v "s/assign hc_word = hc_coll_q ? hc_lw_q : hc_rd;/assign hc_word = hc_rd;/" "+seed=1"
  # B's rebase written to the copy only with the count RAM's, in d + 5: a head in d + 4 of the
  # completed barrier would see A's word rebased, B's not. EXPECTED TO PASS with today's
  # sequencer, which puts no head of the completed barrier in d + 4 (the self-check counts
  # them: "heads of that barrier in d + 4 .. d + 5"); kept to show the write in d + 4 is a
  # margin, not a need (ovlrtl.md 18)
  hm hc_reb5 feas_pair_arb_local.v "s/wire                hc_wen   = wen_q \&\& (osel_q || phase_q);/wire                hc_wen   = wen_q \&\& (osel_q ? wr_addr[AW-1] : phase_q);/" "+seed=41 +hot=1 +spread=0 +quiet=0"
  # B's rebase accumulator loaded in s + 2 as before: B's commit of an even s to b* is lost
  hm hc_ld2 feas_pair_arb_local.v "s/\.ld_i((OvlHeadCut != 0) ? h1_q : h2_q)/.ld_i(h2_q)/" "+seed=1"
  # B's commit of an even s to b* taken as in the snapshot (the old cut): it sets no dirty bit
  # (a lost change; under load a later commit to b* hides it: a sparse run)
  hm hc_cut feas_pair_arb_local.v "s/\.cut_i((OvlHeadCut == 0) \&\& !phase_q \&\& !init_q)/.cut_i(!phase_q \&\& !init_q)/" "+seed=13 +mode=1"
  # B's PISO not held in s + 2: bit 0 lost
  hm hc_hold feas_pair_arb_local.v "s/else if (!h2_q \&\& !ovl_key) piso_b_q/else if (!ovl_key) piso_b_q/" "+seed=11 +mode=1"
fi
# ovldeadmutants (ovlrtl.md 18b; run with OVL_PE=2 OVL_DEAD=1): planted bugs in one header slot
# (scratch copies, plant()), 30,000 cycles each, every run also replayed: each must FAIL the
# self-check or DIFFER in the replay -> ${O}ovl_deadmutants.txt
if [ "$what" = ovldeadmutants ]; then
  need_env ovldeadmutants "OVL_PE=2 OVL_DEAD=1"
  : > ${O}ovl_deadmutants.txt
  dm() { plant_replay dd ${O}ovl_deadmutants.txt "$@"; }  # name file sed-expression plusargs
  # NEXT decides CNT2 + 1 although a pair is short of FIFO room (its B line ignored): slow pops
  dm dd_noroom feas_ovl_global.v "s/d_next ? (any_a \&\& !((OvlDead == 1) \&\& any_b))/d_next ? any_a/" "+seed=4 +popdiv=40"
  # NEXT's B line left as CNT2 + 2's dirty bit: a legal, slower schedule only the replay sees
  dm dd_nxt2 feas_ovl_pair.v "s/s_next ? ((OvlDead == 1) ? short : d_r2\[cnt2\])/s_next ? d_r2[cnt2]/" "+seed=1"
  # the POLL not stolen when NEXT does not decide: the race waits for the word's exit
  dm dd_nopoll feas_ovl_seq_step.v "s/end else if ((OvlDead == 1) \&\& pnow \&\& w_act) begin/end else if (1'b0 \&\& pnow \&\& w_act) begin/" "+seed=1"
  # the key slots after the stolen POLL's GO wait for a NEXT that never comes
  dm dd_nxtwait feas_ovl_seq_step.v "s/r_nxt = w_act_i \&\& (OvlDead == 2);/r_nxt = w_act_i;/" "+seed=1"
  # B's bit 0 taken from rd_q in s + 2 (A's word then) instead of the RAM's output
  dm dd_b0rd feas_pair_arb_local.v "s/assign b_cbit = h2_q ? a_word\[0\] :/assign b_cbit = h2_q ? rd_q[0] :/" "+seed=1"
  # the stolen POLL does not hold the PISOs: a count bit lost
  dm dd_nohold feas_ovl_pair.v "s/assign key_o      = s_key || ((OvlDead == 1) \&\& s_poll);/assign key_o      = s_key;/" "+seed=1"
fi
# ovlceil (ovlrtl.md 19): a clock ceiling probe, not a design. A scratch copy of feas_ovl_seq.v
# (the repository's files untouched) puts a register between the sequencers' 4:1 select by the
# broadcast and their four precomputing steps (the selected state and flags, st_n / fl_n), so
# that the one-cycle loop cand_q -> select -> steps -> cand_q becomes two register stages, as a
# contract with a sequencer loop split over two cycles would have. The behaviour is wrong (the
# state runs a cycle late; nothing is simulated), but every cone stays live. The harness is
# synthesised as ovlsynth (same OVL_* parameters, OVL_SEQ_PAIRS and PAIRUNIT_N too) -> ${O}ovl_ceil_stat.txt, $TMP/ovl_ceil.json;
# ovlceilpnr SEED places it as ovlpnr -> ${O}ovl_ceil_pnr_seedSEED.log, ${O}ovl_ceil_pnr_summary.txt.
# ovl_loop_cut DIR NAME: feas_ovl_seq.v with ovlceil's register after the select -> DIR
ovl_loop_cut() {
  sed "s/^      assign st_n = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);/      reg [SW-1:0] st_cut_q; always @(posedge clk_i) st_cut_q <= ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);\n      assign st_n = st_cut_q;/; s/^      assign fl_n = ld_i ? (dn_i ? fl_q\[9 +: 3\] : fl_q\[6 +: 3\]) : (dn_i ? fl_q\[3 +: 3\] : fl_q\[0 +: 3\]);/      reg [2:0] fl_cut_q; always @(posedge clk_i) fl_cut_q <= ld_i ? (dn_i ? fl_q[9 +: 3] : fl_q[6 +: 3]) : (dn_i ? fl_q[3 +: 3] : fl_q[0 +: 3]);\n      assign fl_n = fl_cut_q;/" $F/feas_ovl_seq.v > $1/feas_ovl_seq.v
  if [ "$(grep -c '_cut_q <=' $1/feas_ovl_seq.v)" != 2 ]; then echo "$2: the sequencer sed did not apply"; exit 1; fi
}
# ovl_probe_synth NAME FILES: the harness from FILES synthesised as ovlsynth (the same OVL_*
# parameters, OVL_SEQ_PAIRS, OVL_R, PAIRUNIT_N) and packed -> ${O}NAME_stat.txt, $TMP/NAME.json
ovl_probe_synth() {
  nice -n 10 yosys -q -l $TMP/$1.ys.log -p "read_verilog -DSYNTHESIS -DFEAS_ICE40_PRIMITIVE $2; chparam $P -set RegLines 2 -set Overlap 1 ${OVL_SEQ_PAIRS:+-set OvlSeqPairs $OVL_SEQ_PAIRS} ${OVL_R:+-set OvlR $OVL_R} ${OVL_PE:+-set OvlPipeEnd $OVL_PE} ${OVL_DEAD:+-set OvlDead $OVL_DEAD} feas_pair_arb_unit_harness; synth_ice40 -dffe_min_ce_use ${OVL_CE:-4} -top feas_pair_arb_unit_harness; tee -q -o ${O}$1_stat.txt stat; write_json $TMP/$1.json"
  nice -n 10 nextpnr-ice40 --hx8k --package ct256 --json $TMP/$1.json --pcf-allow-unconstrained --pack-only -l ${O}$1_pack.log > /dev/null 2>&1 || true
  echo "ovl${1#ovl_}: $(grep 'SB_LUT4' ${O}$1_stat.txt | tail -1 | sed 's/^ *//'); packed $(grep -m1 'ICESTORM_LC:' ${O}$1_pack.log | sed 's/^Info: *//')" | tee -a ${O}$1_stat.txt
}
if [ "$what" = ovlceil ]; then
  d=$TMP/ceil; mkdir -p $d
  ovl_loop_cut $d ovlceil
  ovl_probe_synth ovl_ceil "$(echo $HARN | sed "s#$F/feas_ovl_seq.v#$d/feas_ovl_seq.v#")"
fi
if [ "$what" = ovlceilpnr ]; then
  ovl_place ovl_ceil ovl_ceil_pnr "ceiling probe" ${2:-1}
fi
# ovlceil2 (ovlrtl.md 19b): ovlceil's loop cut, and the shared sequencer's outputs to each pair
# (ovl_seq_i, ovl_pre_i, ovl_tl_i, ovl_pef_i) registered next to the pair, one kept register
# per pair (a scratch module, so that Yosys does not merge the copies): the timing of 19d's
# "registered slot in every pair", not its behaviour (both cycles wrong; nothing simulated).
# N = 8 only in practice (about 172 flip-flops a pair: 1,376 more LCs at N = 16 do not fit).
# OVL_R=3: the broadcast's per-pair copies a second register stage too (OvlR = 3, which the RTL
# verifies only without OvlPipeEnd; here a timing probe, the checks are simulation-only).
# -> ${O}ovl_ceil2_stat.txt, $TMP/ovl_ceil2.json; ovlceil2pnr SEED -> ${O}ovl_ceil2_pnr_*.
if [ "$what" = ovlceil2 ]; then
  d=$TMP/ceil2; mkdir -p $d
  ovl_loop_cut $d ovlceil2
  printf '%s\n' '(* keep_hierarchy *)' 'module feas_probe_regw #(parameter integer W = 1) (input wire clk_i, input wire [W-1:0] d_i, output reg [W-1:0] q_o);' '  always @(posedge clk_i) q_o <= d_i;' 'endmodule' > $d/feas_probe_regw.v
  sed "s/^  for (i = 0; i < NP; i = i + 1) begin : g_pair$/  for (i = 0; i < NP; i = i + 1) begin : g_pair\n    wire [SW-1:0] pr_seq; wire [PRW-1:0] pr_pre; wire [1:0] pr_tl; wire [11:0] pr_pef;\n    feas_probe_regw #(.W(SW + PRW + 14)) u_pr (.clk_i(clk_i), .d_i({oseqs[(i \/ OvlSeqPairs) * SW +: SW], opres[(i \/ OvlSeqPairs) * PRW +: PRW], otls[(i \/ OvlSeqPairs) * 2 +: 2], opefs[(i \/ OvlSeqPairs) * 12 +: 12]}), .q_o({pr_seq, pr_pre, pr_tl, pr_pef}));/; s/^      \.ovl_seq_i(oseqs\[(i \/ OvlSeqPairs) \* SW +: SW\]),$/      .ovl_seq_i(pr_seq),/; s/^      \.ovl_pre_i(opres\[(i \/ OvlSeqPairs) \* PRW +: PRW\]),$/      .ovl_pre_i(pr_pre),/; s/^      \.ovl_tl_i(otls\[(i \/ OvlSeqPairs) \* 2 +: 2\]),$/      .ovl_tl_i(pr_tl),/; s/^      \.ovl_pef_i(opefs\[(i \/ OvlSeqPairs) \* 12 +: 12\])$/      .ovl_pef_i(pr_pef)/" $F/feas_pair_arb_unit.v > $d/feas_pair_arb_unit.v
  if [ "$(grep -c 'pr_seq\|pr_pre\|pr_tl\|pr_pef' $d/feas_pair_arb_unit.v)" != 6 ]; then echo "ovlceil2: the unit sed did not apply"; exit 1; fi
  ovl_probe_synth ovl_ceil2 "$(echo $HARN | sed "s#$F/feas_ovl_seq.v#$d/feas_ovl_seq.v#; s#$F/feas_pair_arb_unit.v#$d/feas_pair_arb_unit.v#") $d/feas_probe_regw.v"
fi
if [ "$what" = ovlceil2pnr ]; then
  ovl_place ovl_ceil2 ovl_ceil2_pnr "ceiling probe 2" ${2:-1}
fi
# ovlw2 (ovlrtl.md 21c): an area probe, behaviour not kept: second_word_probe.py's scratch
# feas_pair_arb_local.v (a second snapshot bank per PE, the banks shifting on alternate lanes,
# the count bit chosen per cycle) in the harness, synthesised and packed as ovlsynth (the same
# OVL_* settings) -> ${O}ovl_w2_stat.txt, ${O}ovl_w2_pack.log
if [ "$what" = ovlw2 ]; then
  d=$TMP/w2; mkdir -p $d
  python3 $F/second_word_probe.py $F/feas_pair_arb_local.v $d/feas_pair_arb_local.v || exit 1
  ovl_probe_synth ovl_w2 "$(echo $HARN | sed "s#$F/feas_pair_arb_local.v#$d/feas_pair_arb_local.v#")"
fi
