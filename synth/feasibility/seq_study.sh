#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16o): what the slot sequencer's one-cycle loop at OvlPipeEnd = 2 is
# made of. feas_ovl_seq is synthesised ALONE as top (6 s a run instead of the unit's 5 min),
# with the parameters of the N = 16 unit's leader copy (feas_pair_arb_unit.v g_pseq[0]:
# NumBarriers 32, Q = CountBits + log2(NumPes) = 16 + 4 = 20, OvlR 2, OvlSpec 0,
# OvlPipeEnd 2, OvlFollow 0 (the default: the leader keeps its own cand_q), fol_i tied to 0
# there and unread here), and the unit's flow: Yosys synth_ice40 -dffe_min_ce_use 4,
# -DSYNTHESIS. The registers the unit reads stay because they drive the top's ports (bus_o,
# pre_o, tl_o, pef_o, fol_o = {cand_q, pre_q}); the extra ports the unit leaves open (s_*_o,
# arr_o, cnt2_o, ...) add a few shallow LUTs and no register endpoint.
#
# A variant is a set of edits (sed / awk) applied to scratch copies of feas_ovl_seq.v and
# feas_ovl_seq_step.v in $TMPDIR/seq_study/VARIANT (the repository's files are never
# touched); an edit that changes nothing stops the script ("did not apply"), so a stale sed
# can not pass for a result. Variants are depth probes: most are NOT a working contract
# (ovlrtl.md 16o says which).
#
# Per variant: $L/ss_VARIANT_stat.txt (Yosys stat), ss_VARIANT_depth.txt (lut_depth.py with
# the deepest groups at >= 5, then seq_alone_depth.py: per flip-flop and field), one line in
# $L/ss_summary.txt. The JSON netlist stays in $TMPDIR (not committed).
#
# usage (from anywhere; one heavy job at a time on the shared machine):
#   export TMPDIR=/tmp/seqstudy; mkdir -p $TMPDIR
#   sh synth/feasibility/seq_study.sh [VARIANT ...]     (default: all of $ALL below)
#   SS_MAP=flowmap sh synth/feasibility/seq_study.sh ...  (synth_ice40 -flowmap: Yosys's
#     depth-optimal FlowMap instead of ABC, logs ss_fm_*: a second opinion on how much of a
#     depth is ABC's mapping and how much the logic's; not the unit's flow)
set -eu
F=$(cd "$(dirname "$0")" && pwd)
L=$F/pairunit_logs
W=${TMPDIR:-/tmp}/seq_study
mkdir -p "$W" "$L"
ALL="base sel0 sel1 a_nokey b_pe0 b_noeh c_shift d_flat ab bc abc abcd bce abc_sel0 bce_sel0 ab_sel1 abc_sel1 bce_sel1 selctl ab_selctl abc_selctl bce_selctl"

# the leader copy's parameters (see the head of this file), with OvlPipeEnd $1
par() { echo "-set NumBarriers 32 -set Q 20 -set OvlR 2 -set OvlSpec 0 -set OvlPipeEnd $1 -set OvlFollow 0"; }

# ed FILE SEDEXPR: one edit of a scratch copy; it must change the file
ed() {
  sed "$2" "$D/$1" > "$D/$1.new"
  if cmp -s "$D/$1" "$D/$1.new"; then echo "seq_study $v: the edit did not apply: $1: $2"; exit 1; fi
  mv "$D/$1.new" "$D/$1"
}

# --- the edits (each a probe of one feature; ovlrtl.md 16o) ---
# sel0: the 4:1 select removed (candidate 0 and its flags taken whatever the broadcast): what
# the precomputing step alone costs, the select's share being the difference
e_sel0() {
  ed feas_ovl_seq.v 's/assign st_n = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);/assign st_n = c_0;/'
  ed feas_ovl_seq.v 's/assign fl_n = ld_i ? (dn_i ? fl_q\[9 +: 3\] : fl_q\[6 +: 3\]) : (dn_i ? fl_q\[3 +: 3\] : fl_q\[0 +: 3\]);/assign fl_n = fl_q[0 +: 3];/'
}
# sel1: a 2:1 select by ctl_load alone (candidates 0 and 2): what a select of one LUT level
# would leave (e.g. a control state chosen by one pre-decoded broadcast bit, ovlrtl.md 16o);
# a probe: the candidates for dn are dropped
e_sel1() {
  ed feas_ovl_seq.v 's/assign st_n = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);/assign st_n = ld_i ? c_2 : c_0;/'
  ed feas_ovl_seq.v 's/assign fl_n = ld_i ? (dn_i ? fl_q\[9 +: 3\] : fl_q\[6 +: 3\]) : (dn_i ? fl_q\[3 +: 3\] : fl_q\[0 +: 3\]);/assign fl_n = ld_i ? fl_q[6 +: 3] : fl_q[0 +: 3];/'
}
# selctl: the control fields of the state (tg .. r_nxt, the top 21 of the 45 bits, ST_RST's
# order) selected 2:1 by one bit (ctl_load standing for a pre-decoded "advance" bit the global
# block could send), the data fields (r_i, the prefix, CNT2 and its sums) and the flags 4:1 as
# now: the untested idea of ovlrtl.md 16o, as a depth probe
e_selctl() {
  ed feas_ovl_seq.v 's/assign st_n = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);/wire [SW-1:0] st_4 = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0), st_2 = ld_i ? c_2 : c_0; assign st_n = {st_2[SW-1:24], st_4[23:0]};/'
}
# a: no KEY slot inside a word: the key slot only when no word runs after the arrival (a race
# left undecided by NEXT waits for the word's exit; how it would then start its key slots is
# not modelled: a probe of the slot decision without the in-word key term)
e_a() {
  ed feas_ovl_seq_step.v 's/r_act \&\& !r_dec \&\& !r_nxt \&\& kdue/& \&\& !w_act/'
}
# b (with the candidates kept): no early head and so no tail: the early-head branch is dead
# and t_act_i reads 0 (its flip-flops then have no reader) -- the default contract's slot
# decision in OvlPipeEnd = 2's precomputing structure
e_b() {
  ed feas_ovl_seq_step.v 's/(OvlPipeEnd == 2) \&\& r_act/1'"'"'b0 \&\& r_act/'
  ed feas_ovl_seq_step.v "/input/!s/t_act_i/1'b0/g"
}
# c: w_j as a shift register whose compares are single bits (what a one-hot counter of Q + 1
# states gives): the increment a shift, w_j == Q - 1, w_j < Q, w_j >= Q - 2, w_j >= Q - 1 one
# bit each. A probe: 5 bits are kept, so the counter is wrong and the flip-flop count is that
# of the binary counter (a one-hot w_j would be 21 bits in each of the 5 copies of the state)
e_c() {
  ed feas_ovl_seq_step.v 's/w_j_o = w_j_i + 1'"'"'b1;/w_j_o = {w_j_i[3:0], !w_j_i[4]};/'
  ed feas_ovl_seq_step.v '/^  assign w_lt_o/s/(w_j_i != Q - 1) : (w_j_i < Q)/!w_j_i[4] : !w_j_i[3]/'
  ed feas_ovl_seq_step.v '/^  assign w_ge_o/s/(w_j_i >= Q - 2) : (w_j_i >= Q - 1)/w_j_i[2] : w_j_i[1]/'
}
# e: no KEY slot at all (a race is decided by NEXT or never; key digits never arrive): the key
# slots' share -- the prefix shift, r_i, the flags rk / kh, the key term of the slot decision.
# A probe (a race that NEXT does not decide would hang); it subsumes a
e_e() {
  ed feas_ovl_seq_step.v 's/T_KEY: if (r_act_i \&\& !r_dec_i) kar = 1'"'"'b1;/T_KEY: kar = 1'"'"'b0;/'
  ed feas_ovl_seq_step.v 's/r_act \&\& !r_dec \&\& !r_nxt \&\& kdue/1'"'"'b0/'
}
# d: the slot decision as flat terms instead of the if / else-if priority chain (OvlSpec = 0
# only; written to be the same function, but not simulated: a probe)
e_d() {
  s=$(grep -n '^    if (!en_i) begin$' "$D/feas_ovl_seq_step.v" | cut -d: -f1)
  e=$(grep -n '^  // w_j_o < Q without' "$D/feas_ovl_seq_step.v" | cut -d: -f1)
  e=$((e - 2))
  [ -n "$s" ] && [ "$(sed -n "${e}p" "$D/feas_ovl_seq_step.v")" = "    end" ] || { echo "seq_study $v: d's block not found"; exit 1; }
  cat > "$D/flat.v" <<'EOF'
    begin : flat
      reg f_h, f_eh, f_k, f_idle, f_p1, f_nx, f_ct;
      // exclusive terms: the heads and the key slot need a race, POLL in idle or s + 1 none
      f_h    = en_i && r_act && r_dec && !w_act;
      f_eh   = en_i && (OvlPipeEnd == 2) && r_act && r_dec && w_act && !t_act && w_ge_i && wne;
      f_k    = en_i && r_act && !r_dec && !r_nxt && kdue;
      f_idle = en_i && !w_act && !r_act;
      f_p1   = en_i && w_act && (w_off_i == 2'd1) && !r_act;
      f_nx   = en_i && w_act && (w_off_i == 2'd2) && !f_eh && !f_k;
      f_ct   = en_i && w_act && (w_off_i != 2'd1) && (w_off_i != 2'd2) && w_lt_i && !f_eh && !f_k;
      s_head_o = f_h || f_eh;
      s_key_o  = f_k;
      s_poll_o = f_idle || f_p1;
      s_next_o = f_nx;
      s_cnt_o  = (f_eh && w_lt_i) || f_ct;
      tag = f_k ? T_KEY : (f_idle || f_p1) ? T_POLL : f_nx ? T_NEXT : T_NONE;
      if (f_h || f_eh) begin c2_o = pfx[BarrierW-1:0]; w_off_o = 2'd1; w_j_o = 5'd0; end
      else if (f_ct) w_j_o = w_j_i + 1'b1;
      w_act_o = w_act || f_h;
      t_act_o = t_act || f_eh;
    end
EOF
  { sed -n "1,$((s - 1))p" "$D/feas_ovl_seq_step.v"; cat "$D/flat.v"; sed -n "$((e + 1)),\$p" "$D/feas_ovl_seq_step.v"; } > "$D/step.new"
  mv "$D/step.new" "$D/feas_ovl_seq_step.v"
}

# (SS_MAP=flowmap: another mapper, other log names, the netlists apart)
X=""; FM=""
if [ "${SS_MAP:-abc}" = flowmap ]; then X=fm_; FM=-flowmap; fi
for v in ${*:-$ALL}; do
  D=$W/$X$v
  rm -rf "$D"; mkdir -p "$D"
  cp "$F/feas_ovl_seq.v" "$F/feas_ovl_seq_step.v" "$D/"
  p=$(par 2)
  case $v in
    base) ;;
    sel0) e_sel0 ;;
    a_nokey) e_a ;;
    b_pe0) p=$(par 0) ;;
    b_noeh) e_b ;;
    c_shift) e_c ;;
    d_flat) e_d ;;
    ab) e_a; e_b ;;
    abc) e_a; e_b; e_c ;;
    abcd) e_d; e_a; e_b; e_c ;;
    abc_sel0) e_a; e_b; e_c; e_sel0 ;;
    bc) e_b; e_c ;;
    sel1) e_sel1 ;;
    selctl) e_selctl ;;
    ab_selctl) e_a; e_b; e_selctl ;;
    abc_selctl) e_a; e_b; e_c; e_selctl ;;
    bce_selctl) e_b; e_c; e_e; e_selctl ;;
    ab_sel1) e_a; e_b; e_sel1 ;;
    abc_sel1) e_a; e_b; e_c; e_sel1 ;;
    bce_sel1) e_b; e_c; e_e; e_sel1 ;;
    bce) e_b; e_c; e_e ;;
    bce_sel0) e_b; e_c; e_e; e_sel0 ;;
    *) echo "seq_study: unknown variant $v"; exit 1 ;;
  esac
  # the flow of pairunit_run.sh's ysynth (ovlsynth): chparam, synth_ice40 -dffe_min_ce_use 4
  if ! nice -n 10 yosys -q -l "$D/ys.log" -p "read_verilog -DSYNTHESIS $D/feas_ovl_seq_step.v $D/feas_ovl_seq.v; chparam $p feas_ovl_seq; synth_ice40 -dffe_min_ce_use 4 $FM -top feas_ovl_seq; tee -q -o $L/ss_${X}${v}_stat.txt stat; write_json $D/seq.json" > "$D/ys.out" 2>&1; then
    echo "$X$v: Yosys FAILED ($D/ys.log): $(grep -m1 -i error "$D/ys.log" "$D/ys.out" || true)" | tee -a "$L/ss_summary.txt"
    continue
  fi
  { echo "== seq_study $X$v: ${FM:-abc} $(date -u '+%F %T') chparam $p"
    python3 "$F/lut_depth.py" "$D/seq.json" feas_ovl_seq 5
    python3 "$F/seq_alone_depth.py" "$D/seq.json" 6
    echo "Yosys warnings:"; grep -i warning "$D/ys.log" | sort | uniq -c || true
  } > "$L/ss_${X}${v}_depth.txt"
  lut=$(grep 'SB_LUT4' "$L/ss_${X}${v}_stat.txt" | tail -1 | awk '{print $2}')
  car=$(grep 'SB_CARRY' "$L/ss_${X}${v}_stat.txt" | tail -1 | awk '{print $2}')
  ff=$(grep 'SB_DFF' "$L/ss_${X}${v}_stat.txt" | awk '{s += $2} END {print s}')
  hist=$(grep -m1 '^  depth:' "$L/ss_${X}${v}_depth.txt" | sed 's/^ *depth: //')
  ffd=$(grep -m1 '^flip-flops' "$L/ss_${X}${v}_depth.txt" | sed 's/^[^{]*//')
  echo "$X$v: LUT4 $lut, SB_CARRY ${car:-0}, FF $ff; endpoint pins by depth $hist; FF by deepest input $ffd" | tee -a "$L/ss_summary.txt"
done
