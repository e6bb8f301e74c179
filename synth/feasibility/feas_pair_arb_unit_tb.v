// SPDX-License-Identifier: Apache-2.0
// Feasibility self-check (synth/feasibility/pairunit.md): a closed loop around ONE whole
// feas_pair_arb_unit (8 feas_pair_arb_local + feas_pair_arb_global, N = 16, M = 32, T = 16,
// D = 8; the parameter N = 8 with OVL = 1: 4 pairs, Q = T + 3, ovlrtl.md 16c). The testbench
// is the 16 PEs (requests held until accepted, random pops) and an independent reference; the
// global block is the design's own.
//
// Reference: every PE's count per barrier from the acceptances (an update accepted in k is
// committed in k + 3, refused at the count's edge, acknowledged in k + 4); the global sum
// per barrier; per barrier the number of commits so far and at the last completion's cut;
// the rebase (count - snapshot) applied in d + 3, so the commits of d .. d + 2 are refused or
// not on the count before it (the block's pipeline reads the word before its rebase write).
// At each head s (pair 0's snap_o; all 8 pairs must show the same head and barrier, read
// from each pair's head address: the only internal the reference reads) the snapshot cut of
// the pairarb contract: commits of cycles < s for A PEs, <= s for B PEs (a commit in s is
// A's when s is odd, B's when s is even); with HC = 1 (OvlHeadCut, ovlrtl.md 18) commits of
// cycles < s for every PE. Checks:
//   - every acknowledge in k + 4 and its refusal flag; no stray acknowledge; each PE's ready
//     only in the cycles of its phase;
//   - every ctl_done is LEGAL: the reference global sum of the head's barrier at the cut is
//     zero, and the barrier had changed (some commit after the previous completion's cut);
//   - LIVENESS: a barrier whose global sum is zero after a change completes (a completion
//     whose cut includes the closing commit) within BOUND = (M + 1)(Q + BW + 6) = 1,023
//     cycles of the closing commit (with RL = 1, the registered lines of pairunit.md section
//     7: (M + 1)(Q + BW + 6 + R (BW + 4)) = 1,617, R = 2), unless some PE's FIFO was full
//     meanwhile (F aborts;
//     counted, the wait then only reported);
//   - every PE's FIFO delivers the completed IDs in the order of the ctl_done pulses.
// Workloads: +mode=0 random (+1/-1 to barriers 0..hot-1 three times in four, steered towards
// a zero global sum, quiet phases so that barriers close and complete); +mode=1 sparse (one
// closing at a time: PE p sends +1 or -1 to a random barrier, after a random gap PE q sends
// the opposite, the closing commit; the next episode starts after the completion). The
// latency from the closing commit to ctl_done is reported (mean, max) in both modes.
// Section 10 of pairunit.md (the self-check's gaps, branch wip/tbgap), four more checks:
//   - EXIT: at every head s the reference sum of the head's barrier at the cut (Q-bit two's
//     complement, LSB first) gives the count bit j of the word's exit (its first 1 bit) or a
//     completion (all Q bits 0, j = Q - 1); ctl_load must come exactly in s + 4 + j (RL = 0:
//     bit j on the lines in s + 3 + j, section 1) or s + 6 + j (RL = 1, 2: section 7), with
//     ctl_done iff the sum is zero, and neither ctl_load nor ctl_done in s + 1 .. before it;
//     no ctl_done outside an exit, no head before the previous word's exit;
//   - ORDER: the head's barrier is the first barrier after the previous head's (CNT2,
//     cyclically) dirty at the POLL p = s - RACE (arblean's key {wrap, g, i}): no barrier in
//     between dirty (a commit after its last head's cut) since before p - 1;
//   - PROGRESS: while some barrier is dirty, a head at most W cycles (one word) after the last
//     head, after the cycle the first barrier became dirty, or after a cycle with a FIFO full;
//   - DIRTY LIVENESS: every dirty barrier gets a head within BOUND = (M + 1) W cycles of its
//     first commit after its last head's cut, unless some FIFO was full meanwhile.
// +mode=2 (two in a group): PE p opens barrier x, then 0 .. gap2 (+gap2=N, default 24) cycles
// after the acceptance a second barrier of x's group of 16; PE q closes both gapmin .. gap
// cycles later; the next episode when both have completed.
// Random numbers from $random(seed) only: +seed=N replays a run.
// iverilog -g2005 -s feas_pair_arb_unit_tb <files> && vvp -n a.out +seed=N [+cycles=N]
//   [+mode=0|1] [+popdiv=N] [+hot=N] [+quiet=0|1] [+bias=1 (mode 0: counts drift to the edges,
//   refusals; with -P feas_pair_arb_unit_tb.T=8)] [+gapmin=N +gap=N (mode 1: the gap between
//   the opening and the closing update, cycles after the opening's acceptance)]

`timescale 1ns / 1ps
`default_nettype none

module feas_pair_arb_unit_tb #(
  parameter integer T  = 16, // CountBits (iverilog -P feas_pair_arb_unit_tb.T=8)
  parameter integer N  = 16, // NumPes, even, 2 .. 16 (ovlrtl.md 16c: -P feas_pair_arb_unit_tb.N=8;
                             // checked with OVL = 1 only): the pairs, Q = T + clog2(N), the
                             // widths, the loops and the +pdump columns follow it
  parameter integer OVL = 0, // 1 (with RL = 2): the overlap contract (ovlrtl.md): the checks of
                             // ovlrtl.md section 3 where they differ
  parameter integer RL = 0,  // the unit's RegLines (-P feas_pair_arb_unit_tb.RL=1 or 2): R = 2 if RL > 0
  parameter integer LOCK = 0, // 1 (with RL = 2): a second unit with RegLines = 1 on the same
                             // inputs; every output port, ctl_load, ctl_done and the lines the
                             // global block reads (its skip counter 0, past its reset wait)
                             // must be equal in every cycle (pairunit.md section 8)
  parameter integer OSP = 8, // OVL: the unit's OvlSeqPairs (pairs per sequencer copy, ovlrtl.md 11;
                             // more than the N / 2 pairs: N / 2, one copy, see OSPU)
  parameter integer OR  = 2, // OVL: the unit's OvlR (R = 2: P = 3; R = 3: P = 4, ovlrtl.md 13)
  parameter integer OSPEC = 0, // OVL: the unit's OvlSpec (idle speculation, overlap.md 1d)
  parameter integer DEAD = 2, // OPE = 2: the unit's OvlDead (1: one header slot, ovlrtl.md 18b)
  parameter integer HC  = 0, // OPE = 2: the unit's OvlHeadCut (1: B's cut at s too, ovlrtl.md 18)
  parameter integer OPE = 0  // OVL: the unit's OvlPipeEnd (2: the pipelined word end, overlap.md
                             // 13, ovlrtl.md 15): a head may come before the last word's exit,
                             // which then belongs to that word, the tail (checked below)
);

  localparam integer M  = 32;
  localparam integer D  = 8;
  localparam integer BW = 5;
  localparam integer Q  = T + $clog2(N);  // the global sum's bits (T + 4 at N = 16, T + 3 at N = 8)
  // the unit's OvlSeqPairs as built: OSP, at most the N / 2 pairs (the unit builds N / 2 / OSP
  // copies and, in simulation, stops unless OSP divides N / 2: OSP = 8 at N = 8 is 4 here, one
  // copy, as OVL_SEQ_PAIRS=4; 8 at N = 16 as before)
  localparam integer OSPU = (OSP > N / 2) ? N / 2 : OSP;
  localparam integer R  = (RL != 0) ? ((OVL != 0) ? OR : 2) : 0;  // the added latency of a slot's
                                              // decision (pairunit.md; RL = 2: the same schedule as
                                              // RL = 1, section 8; OVL: the unit's OvlR)
  // OVL (ovlrtl.md section 3, from overlap.md sections 1 and 3, P = R + 1, E = 0): K key
  // slots of 2 bits (KB = BW + 1 key bits), NS = K + 1 race slots; full word W_O = max(2 + NS P,
  // Q + 2 + K + P) (28 at T = 16, R = 2; 29 at R = 3); an idle race from its POLL to the head:
  // NS P cycles, or with idle speculation (overlap.md 1d) 1 + K P; case B = Q + 2 + P - 1 + the
  // idle race; L_max = M W_O + max(W_O - 1, case B) (R = 2: 932 at T = 16, 668 at T = 8; R = 3:
  // 969 at T = 16, 966 with idle speculation: overlap_model.derived())
  // N = 8 (ovlrtl.md 16c): the same formulas with Q = T + 3 (N enters through Q only): W_O = 27,
  // case B 35, L_max = 899 at T = 16, R = 2; W_O = 28, L_max = 936 at R = 3 (overlap_model.py
  // --N 8 prints the same)
  localparam integer OP = (OVL != 0) ? OR + 1 : 3;
  localparam integer OK = (BW + 2) / 2;
  localparam integer ONS = OK + 1;
  localparam integer ORACE = (OSPEC != 0) ? 1 + OK * OP : ONS * OP;
  localparam integer OW1 = 2 + ONS * OP, OW2 = Q + 2 + OK + OP;
  localparam integer OWW = (OW1 > OW2) ? OW1 : OW2;
  localparam integer OCB = Q + 2 + OP - 1 + ORACE;
  localparam integer OBOUND = M * OWW + ((OWW - 1 > OCB) ? OWW - 1 : OCB);
  // PROGRESS under OVL: the last head s, its POLL in s + 1 missed: the exit by s + Q + 2 + P
  // (no key slot stolen), then an idle race from the POLL in the exit's cycle (the first idle
  // cycle is a POLL also with idle speculation)
  localparam integer OWP = Q + 2 + OP + ORACE;  // (37 at N = 16, 36 at N = 8; T = 16, R = 2)
  // OPE (overlap.md 13b, E = 0): consecutive heads of the chain towards a barrier are at most
  // W_pe = max(2 + NS P, Q + 2 + K) apart (25 at T = 16), that barrier's own word still ends
  // with its exit (W_O), and the first head is charged max(W_O - 1, Q + 1 + P + NS P):
  // L_max_pe = (M - 1) W_pe + W_O + max(W_O - 1, Q + 1 + P + NS P) = 839 at T = 16, 575 at T = 8
  // (N = 8, T = 16: W_pe = 24, L_max_pe = 31 x 24 + 27 + 35 = 806)
  localparam integer OWPE1 = Q + 2 + OK;
  localparam integer OWPE = (OW1 > OWPE1) ? OW1 : OWPE1;
  localparam integer OFIRST = (OWW - 1 > Q + 1 + OP + ONS * OP) ? OWW - 1 : Q + 1 + OP + ONS * OP;
  localparam integer OBOUNDPE = (M - 1) * OWPE + OWW + OFIRST;
  localparam integer BOUND = (OVL != 0) ? ((OPE != 0) ? OBOUNDPE : OBOUND) : (M + 1) * (Q + BW + 6 + R * (BW + 4));
  // section 10 (the self-check gaps): the word length W (POLL of the hit to the POLL after
  // the exit at count bit Q - 1), the race length POLL -> head (RL = 0: s = p + BW + 3;
  // RL = 1, 2: s = p + 3 BW + 9) and the cycle of count bit j's decision on ctl_load after the
  // head s (RL = 0: bit j on the lines in s + 3 + j, ctl_load in s + 4 + j; RL = 1, 2: s + 6 + j)
  localparam integer W     = (OVL != 0) ? OWP : Q + BW + 6 + R * (BW + 4);
  localparam integer RACE  = (RL != 0) ? 3 * BW + 9 : BW + 3;
  localparam integer XLAT  = (OVL != 0) ? ((DEAD == 1) ? 2 : 3) + OP : (RL != 0) ? 6 : 4;  // (OVL: 3 + P; one header slot: 2 + P)
  // OVL: the exit of count bit j in s + 3 + j + P at the earliest; up to K key slots steal a
  // count cycle before it and an exit on a race decision's cycle moves by 1: a window of K + 1
  localparam integer EXW   = (OVL != 0) ? OK + 1 + ((DEAD == 1) ? 1 : 0) : 0;  // (DEAD = 1: the stolen POLL too)
  localparam integer CMAX = (1 << (T - 1)) - 1;
  localparam integer CMIN = -(1 << (T - 1));

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg  [N-1:0]    rv, rdc, pop;
  reg  [N*BW-1:0] rb;
  wire [N-1:0]    ready, ackv, ackr, fv;
  wire [N*BW-1:0] fb;
  wire            snap, done;

  feas_pair_arb_unit #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .RegLines(RL), .Overlap(OVL), .OvlSeqPairs(OSPU), .OvlR(OR), .OvlSpec(OSPEC), .OvlPipeEnd(OPE), .OvlHeadCut(HC), .OvlDead(DEAD)) dut (
    .clk_i(clk), .rst_ni(rst_n), .req_valid_i(rv), .req_barrier_i(rb), .req_dec_i(rdc),
    .req_ready_o(ready), .ack_valid_o(ackv), .ack_refused_o(ackr), .fifo_valid_o(fv),
    .fifo_barrier_o(fb), .fifo_pop_i(pop), .snap_o(snap), .done_o(done)
  );

  // LOCK: the reference unit with RegLines = 1 (same inputs; outputs compared below)
  wire [N-1:0]    ready1, ackv1, ackr1, fv1;
  wire [N*BW-1:0] fb1;
  wire            snap1, done1, lock_load, lock_done, lock_load1, lock_done1, lock_rd;
  wire [N-1:0]    lock_lin, lock_lin1;
  integer         lock_n, lock_lines;
  generate
    if (LOCK != 0) begin : g_lock
      feas_pair_arb_unit #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .RegLines(1)) ref1 (
        .clk_i(clk), .rst_ni(rst_n), .req_valid_i(rv), .req_barrier_i(rb), .req_dec_i(rdc),
        .req_ready_o(ready1), .ack_valid_o(ackv1), .ack_refused_o(ackr1), .fifo_valid_o(fv1),
        .fifo_barrier_o(fb1), .fifo_pop_i(pop), .snap_o(snap1), .done_o(done1)
      );
      assign lock_load  = dut.ctl_load;
      assign lock_done  = dut.ctl_done;
      assign lock_load1 = ref1.ctl_load;
      assign lock_done1 = ref1.ctl_done;
      // the lines at the global block's input one cycle ago (what RegLines = 1 registers and
      // reads; RegLines = 2 registers its group counts of them instead)
      reg [N-1:0] lin_d, lin1_d;
      always @(posedge clk) begin
        lin_d  <= dut.lines;
        lin1_d <= ref1.lines;
      end
      assign lock_lin   = lin_d;
      assign lock_lin1  = lin1_d;
      // the global block reads its (registered) lines: not skipping, past the reset wait
      assign lock_rd    = (ref1.g_std.u_global.sk_q == 2'd0) && (ref1.g_std.u_global.ph_q != 4'd0);
    end else begin : g_nolock
      assign {ready1, ackv1, ackr1, fv1, fb1, snap1, done1} = {ready, ackv, ackr, fv, fb, snap, done};
      assign {lock_load, lock_done, lock_load1, lock_done1, lock_rd} = 5'd0;
      assign {lock_lin, lock_lin1} = {(2*N){1'b0}};
    end
  endgenerate

  // the word's exit and completion on the broadcast (Overlap = 0: ctl_load and ctl_done; OVL:
  // the unit's exit_w / cmpl_w, since ctl_load / ctl_done also carry race decisions)
  wire xl = (OVL != 0) ? dut.exit_w : dut.ctl_load;
  wire xd = (OVL != 0) ? dut.cmpl_w : dut.ctl_done;

  // every pair's head and head address (the only internals read)
  wire [N/2-1:0]    hs;
  wire [N/2*BW-1:0] ha;
  genvar gi;
  for (gi = 0; gi < N / 2; gi = gi + 1) begin : g_peek
    assign hs[gi]             = dut.g_pair[gi].u_pair.snap_o;
    assign ha[gi*BW +: BW]    = dut.g_pair[gi].u_pair.head_addr;
  end

  // OVL: the pairs' sequencer copy and the global block's must be in the same state in every
  // cycle (they only see the broadcast; a copy out of step is otherwise invisible). Since
  // ovlrtl.md 11 the pairs share the unit's copies (one per OSP pairs, g_pseq[k].u_pseq).
  wire seq_ok;
  wire pe_cnt_peek;  // OPE statistics: the sequencer's slot now is a count slot (with a head: CNT + HEAD)
  generate
    if (OVL != 0) begin : g_seqchk
      assign pe_cnt_peek = dut.g_ovl.u_global.u_seq.s_cnt_o;
      `define OVL_SEQ(h) {h.tg_q, h.w_act_q, h.w_off_q, h.w_j_q, h.w_lt_q, h.r_act_q, h.r_dec_q, h.r_nxt_q, h.r_i_q, h.pfx_q, h.c2_q, h.ph_q, h.t_act_q, h.w_ge_q}
      wire [N/2/OSPU-1:0] same;
      for (gi = 0; gi < N / 2 / OSPU; gi = gi + 1) begin : g_s
        assign same[gi] = (`OVL_SEQ(dut.g_ovl.g_pseq[gi].u_pseq) === `OVL_SEQ(dut.g_ovl.u_global.u_seq));
      end
      assign seq_ok = &same;
      `undef OVL_SEQ
    end else begin : g_noseqchk
      assign seq_ok = 1'b1;
      assign pe_cnt_peek = 1'b0;
    end
  endgenerate

  // ---- reference ----
  integer cnt  [0:N*M-1];
  integer gsum [0:M-1];
  integer ncom [0:M-1];
  integer lastn[0:M-1];
  reg     pend [0:M-1];
  integer pc   [0:M-1];
  integer pn   [0:M-1];
  integer pfl  [0:M-1];
  integer wsnap[0:N-1];
  integer wx, wcutn;
  reg     wvalid;
  integer rbsnap[0:N-1];          // the rebase of the last completion, applied in d + 3
  integer rbx, rbcyc, cov_tail, cov_taildiff;
  // OPE: the tail (the word before the running one, its exit still to come): its exit check
  // (t_on, t_s, t_cyc, t_dexp: as ex_on, ex_s, ex_cyc, ex_dexp) and its completion's data
  // (tsnap, t_x, t_cutn, t_valid: as wsnap, wx, wcutn, wvalid); t_xcyc: the cycle of its exit
  integer tsnap[0:N-1];
  integer t_x, t_cutn, t_s, t_cyc, t_xcyc, pe_tails, pe_cnthead, pe_tcmpl, sw_i;
  reg     t_on, t_dexp, t_valid, tl_used, sw_b;
  reg     pv   [0:N*8-1];
  reg     pdc  [0:N*8-1];
  reg     pref [0:N*8-1];
  integer pbar [0:N*8-1];
  integer fq   [0:N*D-1];
  integer fh   [0:N-1];
  integer fc   [0:N-1];

  reg [8*256-1:0] dumpname;
  integer spread, samebar;
  integer lastd, headnear;  // the last completion's cycle d; heads of its barrier in d + 4, d + 5 (ovlrtl.md 18)
  integer sd, seed, ncycles, mode, popdiv, hot, quiet, gapmax, gapmin, bias;
  integer cyc, errors, commits, refused, heads, completions, fullcyc, k, p, x, s, c, i;
  integer lat_n, lat_sum, lat_max, lat_nx, lat_wait_max, pops;
  integer ep_st, ep_x, ep_p, ep_q, ep_gap, ep_dec, episodes, ep_x2, gap2;
  reg     anyfull, rdec, okcut;
  // section 10: exit decisions, dirty barriers, progress, round-robin order
  reg     ex_on, ex_dexp, dirty[0:M-1];
  integer ex_s, ex_cyc, ex_j, ex_n, ex_nd, dsince[0:M-1], dfl[0:M-1], ndirty, dep, lasthead,
          lastfull, lasthx, ex_at, dumpf, exw_hist[0:7], rb_pend, e_seq, e_exit, e_order, e_prog, e_dlive, e_live, gap_max, hw_max, hw_nx, hw_n, clean_heads, rr_n, sk, xx, done_x;

  function integer rnd(input integer n);
    begin
      rnd = ($random(sd) & 32'h7fffffff) % n;
    end
  endfunction

  task fail(input [8*64-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 12) $display("FAIL cycle %0d: %0s", cyc, what);
    end
  endtask

  task do_cut;  // the snapshot of head barrier wx, as of now
    begin
      // OVL: a head of the barrier just completed, before its rebase (d + 3) is applied: the
      // snapshot is the rebased count (count - the completed snapshot); its global sum is the
      // same (the completed word's sum is 0), but the next completion's rebase is this one
      for (p = 0; p < N; p = p + 1) wsnap[p] = cnt[p*M + wx] - ((OVL != 0 && rb_pend && wx == rbx) ? rbsnap[p] : 0);
      wcutn = ncom[wx];
      wvalid = 1;
      gap_cut;
    end
  endtask

  // section 10, at the cut of head s = cyc: the word's exit predicted from the reference sum
  // (Q-bit two's complement, LSB first: the first 1 bit j, or all Q bits 0: complete at
  // j = Q - 1); the head barrier is no longer dirty (commits after the cut make it dirty again)
  task gap_cut;
    integer sm, v;
    begin
      sm = 0;
      for (p = 0; p < N; p = p + 1) sm = sm + wsnap[p];
      v = sm & ((1 << Q) - 1);
      ex_j = 0;
      while (ex_j < Q - 1 && ((v >> ex_j) & 1) == 0) ex_j = ex_j + 1;
      ex_dexp = (v == 0);
      ex_cyc = cyc + XLAT + ex_j;
      ex_s = cyc; ex_on = 1;
      if (dirty[wx]) begin
        if (dfl[wx] == fullcyc) begin
          hw_n = hw_n + 1;
          if (cyc - dsince[wx] > hw_max) hw_max = cyc - dsince[wx];
        end else hw_nx = hw_nx + 1;
        dirty[wx] = 0; ndirty = ndirty - 1;
      end else clean_heads = clean_heads + 1;
    end
  endtask

  // the completion of the word of wx (ctl_done; OVL: the unit's cmpl_w). OVL: the next head can
  // be in the completion's cycle d itself, so the completion is taken first (the word's
  // snapshot, before the new head's cut replaces it)
  task do_completion;
    begin
      if (done === 1'b1) begin
        if (!wvalid) fail("ctl_done without a head");
        s = 0;
        for (p = 0; p < N; p = p + 1) s = s + wsnap[p];
        if (s != 0) fail("ILLEGAL completion: the global sum at the cut is not zero");
        if (wcutn <= lastn[wx]) fail("ILLEGAL completion: no change since the last completion");
        lastn[wx] = wcutn;
        rbx = wx; rbcyc = cyc + 3; rb_pend = 1; lastd = cyc;
        for (p = 0; p < N; p = p + 1) begin
          rbsnap[p] = wsnap[p];
          if (fc[p] == D) fail("completion into a full FIFO");
          else begin fq[p*D + (fh[p] + fc[p]) % D] = wx; fc[p] = fc[p] + 1; end
        end
        if (pend[wx] && wcutn >= pn[wx]) begin
          if (pfl[wx] == fullcyc) begin
            lat_n = lat_n + 1; lat_sum = lat_sum + (cyc - pc[wx]);
            if (cyc - pc[wx] > lat_max) lat_max = cyc - pc[wx];
          end else begin
            lat_nx = lat_nx + 1;
            if (cyc - pc[wx] > lat_wait_max) lat_wait_max = cyc - pc[wx];
          end
          pend[wx] = 0;
        end
        completions = completions + 1;
        wvalid = 0;
      end
    end
  endtask

  // OPE: exchange the running word's completion data with the tail's (the tail's completion
  // runs do_completion on the tail's data)
  task swap_tail;
    begin
      for (p = 0; p < N; p = p + 1) begin sw_i = wsnap[p]; wsnap[p] = tsnap[p]; tsnap[p] = sw_i; end
      sw_i = wx; wx = t_x; t_x = sw_i;
      sw_i = wcutn; wcutn = t_cutn; t_cutn = sw_i;
      sw_b = wvalid; wvalid = t_valid; t_valid = sw_b;
    end
  endtask

  // 10a (EXIT) for the word whose prediction is in ex_on, ex_s, ex_cyc, ex_dexp (OPE: also the
  // tail's, exchanged in by swap_exit)
  task exit_chk;
    begin
      if (ex_on && cyc > ex_s) begin
        if (cyc < ex_cyc) begin
          if (xl === 1'b1 || xd === 1'b1) begin  // the word ends here: one error
            begin e_exit = e_exit + 1; fail("EXIT: ctl_load before the count bit of the reference sum"); end
            ex_on = 0;
          end
        end else if (!(xl !== 1'b1 && cyc < ex_cyc + EXW)) begin  // OVL: a window of EXW cycles
          if (xl !== 1'b1) begin e_exit = e_exit + 1; fail("EXIT: no ctl_load at the reference sum's count bit"); end
          if (xd !== ex_dexp) begin e_exit = e_exit + 1; fail("EXIT: ctl_done does not match the reference sum"); end
          ex_n = ex_n + 1; if (ex_dexp) ex_nd = ex_nd + 1;
          ex_on = 0; ex_at = cyc;
          if (OVL != 0) exw_hist[cyc - ex_cyc] = exw_hist[cyc - ex_cyc] + 1;
          if (dumpf != 0) $fdisplay(dumpf, "x %0d %0d", cyc, ex_dexp);
        end
      end else if (!ex_on && cyc != ex_at && xd === 1'b1) begin e_exit = e_exit + 1; fail("EXIT: ctl_done outside a word's exit"); end
    end
  endtask

  task swap_exit;  // OPE: the running word's exit prediction <-> the tail's
    begin
      sw_b = ex_on; ex_on = t_on; t_on = sw_b;
      sw_b = ex_dexp; ex_dexp = t_dexp; t_dexp = sw_b;
      sw_i = ex_s; ex_s = t_s; t_s = sw_i;
      sw_i = ex_cyc; ex_cyc = t_cyc; t_cyc = sw_i;
    end
  endtask

  // the request of PE pe: barrier b, dec
  task req(input integer pe, input integer b, input reg dc);
    begin
      rv[pe] <= 1'b1;
      rb[pe*BW +: BW] <= b;
      rdc[pe] <= dc;
    end
  endtask

  initial begin
    // (ovlrtl.md 16c) N: the global block takes N even, <= 16; every pair must have a sequencer copy
    if (N < 2 || N > 16 || N % 2 != 0 || (N / 2) % OSPU != 0) begin
      $display("feas_pair_arb_unit_tb: N = %0d with OvlSeqPairs %0d not supported (N even, 2 .. 16; N / 2 a multiple of OvlSeqPairs)", N, OSPU);
      $finish;
    end
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", ncycles)) ncycles = 100000;
    if (!$value$plusargs("mode=%d", mode)) mode = 0;
    if (!$value$plusargs("popdiv=%d", popdiv)) popdiv = 4;
    if (!$value$plusargs("hot=%d", hot)) hot = 4;
    if (!$value$plusargs("quiet=%d", quiet)) quiet = 1;
    if (!$value$plusargs("gap=%d", gapmax)) gapmax = 64;
    if (!$value$plusargs("gapmin=%d", gapmin)) gapmin = 0;
    if (!$value$plusargs("bias=%d", bias)) bias = 0;
    if (!$value$plusargs("gap2=%d", gap2)) gap2 = 24;
    // +spread=0 (mode 0): every request to barriers 0 .. hot - 1 (none to the others); with
    // +hot=1 +quiet=0 one barrier alone, changed in nearly every cycle: its next head often
    // comes in its completion's cycle d (ovlrtl.md 3c: the head before the rebase)
    if (!$value$plusargs("spread=%d", spread)) spread = 1;
    sd = seed;
    $display("feas_pair_arb_unit_tb: seed=%0d cycles=%0d mode=%0d popdiv=%0d hot=%0d quiet=%0d gap=%0d..%0d bias=%0d (N=%0d M=%0d T=%0d D=%0d Q=%0d R=%0d, bound %0d)",
             seed, ncycles, mode, popdiv, hot, quiet, gapmin, gapmax, bias, N, M, T, D, Q, R, BOUND);
    for (x = 0; x < M; x = x + 1) begin
      gsum[x] = 0; ncom[x] = 0; lastn[x] = 0; pend[x] = 0;
      for (p = 0; p < N; p = p + 1) cnt[p*M + x] = 0;
    end
    for (k = 0; k < N * 8; k = k + 1) pv[k] = 0;
    for (p = 0; p < N; p = p + 1) begin fh[p] = 0; fc[p] = 0; end
    rv = 0; rdc = 0; rb = 0; pop = 0; wvalid = 0; wx = 0; wcutn = 0; rbx = 0; rbcyc = -1; cov_tail = 0; cov_taildiff = 0;
    samebar = 0; lastd = -100; headnear = 0;
    t_on = 0; t_valid = 0; t_xcyc = -1; t_x = 0; t_cutn = 0; t_s = 0; t_cyc = 0; t_dexp = 0;
    pe_tails = 0; pe_cnthead = 0; pe_tcmpl = 0;
    ex_on = 0; ex_at = -1; rb_pend = 0; e_seq = 0; ex_n = 0;
    for (x = 0; x < 8; x = x + 1) exw_hist[x] = 0;
    dumpf = 0;
    if ($value$plusargs("dump=%s", dumpname)) dumpf = $fopen(dumpname, "w"); ex_nd = 0; ndirty = 0; dep = 0; lasthead = 0; lastfull = 0; lasthx = -1;
    e_exit = 0; e_order = 0; e_prog = 0; e_dlive = 0; e_live = 0;
    gap_max = 0; hw_max = 0; hw_nx = 0; hw_n = 0; clean_heads = 0; rr_n = 0;
    for (x = 0; x < M; x = x + 1) begin dirty[x] = 0; dsince[x] = 0; dfl[x] = 0; end
    cyc = 0; errors = 0; commits = 0; refused = 0; heads = 0; completions = 0; fullcyc = 0;
    lat_n = 0; lat_sum = 0; lat_max = 0; lat_nx = 0; lat_wait_max = 0; pops = 0;
    ep_st = 0; ep_gap = 100; episodes = 0; ep_x = 0; ep_p = 0; ep_q = 0; ep_dec = 0;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
  end

  // ---------- +pdump=FILE (opt-in; any OVL): the PE ports, cycle by cycle ----------
  // The format is described by its reader, cpp_model/include/dsbc/ovl/port_dump.h. One line
  // per cycle in which something is not idle or a FIFO output changed:
  //   CYC RV DEC POP RX ACKV ACKR LD DN RB FB
  // RV, DEC (masked by RV), POP, RX (= req_ready XOR the phase mask: a PE's in-phase cycle
  // with ready low, or ready outside its phase), ACKV, ACKR (masked by ACKV: the refusal flag is
  // defined with an acknowledge only): hex masks, bit p = PE p; LD, DN:
  // the broadcast (ctl_load, ctl_done) 0 / 1; RB: per PE the requested barrier (base 32, '-'
  // without req_valid); FB: per PE fifo_barrier (base 32) where fifo_valid, '-' where not.
  // A line is written when RV, POP, RX, ACKV, ACKR, LD or DN is non-zero, or FB differs from
  // the last line's. Sampled at the clock edge that ends the cycle (the tb's cyc); the
  // checks and the default outputs are untouched. The last line is `end CYCLES` (cycles run).
  reg [8*256-1:0] pd_name;
  integer pd_f, pd_p;
  reg [N-1:0] pd_ph, pd_rx;
  reg [8*N-1:0] pd_rb, pd_fb, pd_fb_last;
  function [7:0] pd_dig(input integer v);
    pd_dig = (v < 10) ? ("0" + v) : ("a" + v - 10);
  endfunction
  initial begin
    pd_f = 0; pd_fb_last = 0;
    if ($value$plusargs("pdump=%s", pd_name)) pd_f = $fopen(pd_name, "w");
  end
  task pd_write;  // called first in each cycle by the checking block below
    if (pd_f != 0) begin
      for (pd_p = 0; pd_p < N; pd_p = pd_p + 1) begin
        pd_ph[pd_p] = ((pd_p % 2) == (cyc % 2));
        pd_rb[8*(N-1-pd_p) +: 8] = rv[pd_p] ? pd_dig(rb[pd_p*BW +: BW]) : "-";
        pd_fb[8*(N-1-pd_p) +: 8] = (fv[pd_p] === 1'b1) ? pd_dig(fb[pd_p*BW +: BW]) : "-";
      end
      pd_rx = ready ^ pd_ph;
      if ((rv | pop | pd_rx | ackv | ackr) != 0 || dut.ctl_load !== 1'b0 || dut.ctl_done !== 1'b0 ||
          pd_fb !== pd_fb_last)
        $fdisplay(pd_f, "%0d %h %h %h %h %h %h %b %b %s %s", cyc, rv, rdc & rv, pop, pd_rx, ackv, ackr & ackv,
                  dut.ctl_load, dut.ctl_done, pd_rb, pd_fb);
      pd_fb_last = pd_fb;
    end
  endtask

  initial begin lock_n = 0; lock_lines = 0; end
  always @(posedge clk) if (rst_n) begin
    pd_write;
    // ---------- L. lockstep with RegLines = 1 (LOCK only) ----------
    if (LOCK != 0) begin
      lock_n = lock_n + 1;
      if ({ready, ackv, ackr, fv, fb, snap, done} !== {ready1, ackv1, ackr1, fv1, fb1, snap1, done1})
        fail("lockstep: a port differs from RegLines = 1");
      if ({lock_load, lock_done} !== {lock_load1, lock_done1})
        fail("lockstep: ctl_load / ctl_done differ from RegLines = 1");
      if (lock_rd) begin
        lock_lines = lock_lines + 1;
        if (lock_lin !== lock_lin1) fail("lockstep: a line the global block reads differs");
      end
    end
    if (seq_ok !== 1'b1) begin e_seq = e_seq + 1; fail("OVL: a sequencer copy out of step"); end
    // ---------- 0. ready only in the PE's phase ----------
    for (p = 0; p < N; p = p + 1)
      if (ready[p] === 1'b1 && (p % 2) != (cyc % 2)) fail("ready outside the PE's phase");
    // ---------- 10a. EXIT: the word of head s exits exactly at the reference sum's first 1
    // bit j (ctl_load in s + XLAT + j), or completes at j = Q - 1 (ctl_done with it); no
    // ctl_load / ctl_done in s + 1 .. that cycle - 1; no ctl_done outside an exit ----------
    // OPE: the tail's exit first (exits come in word order), by the same check on the tail's own
    // prediction (its t_* exchanged with ex_*); an exit it takes is not the running word's
    tl_used = 0;
    if (OPE != 0 && t_on) begin
      swap_exit; exit_chk; swap_exit;
      if (!t_on) begin tl_used = 1; t_xcyc = cyc; end
    end
    if (!tl_used) exit_chk;
    if (snap === 1'b1 && ex_on) begin
      if (OPE == 0) begin e_exit = e_exit + 1; fail("EXIT: a head before the previous word's exit"); end
      else begin
        // OPE (overlap.md 13a): the head may come before the running word's exit only once
        // all its count slots are sent but the last (which may go out with it, s + Q + 2 at
        // the earliest), with no tail pending, and not for the running word's own barrier
        // (a second tail is caught here too: while a tail is pending, the running word began
        // at most a few cycles ago)
        if (cyc < ex_s + Q + ((DEAD == 1) ? 1 : 2)) begin e_exit = e_exit + 1; fail("PIPEEND: a head before the running word's last count slot"); end
        if (ha[BW-1:0] == wx) begin e_exit = e_exit + 1; fail("PIPEEND: an early head of the running word's own barrier"); end
      end
    end
    // ---------- 10b. ORDER: the head's barrier y is the first barrier after the previous
    // head's (CNT2, cyclically) dirty at the POLL p = s - RACE: none in between that was dirty
    // (a commit after its last head's cut) since before p - 1 and still is ----------
    if (snap === 1'b1) begin
      if (lasthx >= 0) begin
        rr_n = rr_n + 1;
        for (sk = 1; sk < M; sk = sk + 1) begin
          xx = (lasthx + sk) % M;
          if (xx == ha[BW-1:0]) sk = M;
          else if (dirty[xx] && dsince[xx] < ((OVL != 0) ? lasthead : cyc - RACE) - 1) begin
            e_order = e_order + 1; fail("ORDER: the head passed over a barrier dirty at the POLL");
            sk = M;
          end
        end
      end
      lasthx = ha[BW-1:0];
      lasthead = cyc;
    end
    if (OVL != 0) begin
      if (OPE != 0 && t_xcyc == cyc) begin
        // the tail's exit: its completion, on its data
        if (done === 1'b1) pe_tcmpl = pe_tcmpl + 1;
        swap_tail; do_completion; swap_tail;
        t_valid = 0;
      end else do_completion;
    end
    // ---------- 1. head: all pairs agree; the cut (before this cycle's commits if s is odd) ----------
    if (hs !== {(N/2){1'b0}} && hs !== {(N/2){1'b1}}) fail("pairs disagree on the head");
    if (snap === 1'b1) begin
      if (OPE != 0 && ex_on) begin
        // an early head: the running word becomes the tail (its exit and completion to come)
        t_on = 1; t_s = ex_s; t_cyc = ex_cyc; t_dexp = ex_dexp; ex_on = 0;
        swap_tail;
        pe_tails = pe_tails + 1;
        if (pe_cnt_peek === 1'b1) pe_cnthead = pe_cnthead + 1;  // (statistics only)
      end
      wx = ha[BW-1:0];
      for (i = 1; i < N / 2; i = i + 1) if (ha[i*BW +: BW] !== ha[BW-1:0]) fail("pairs disagree on the head's barrier");
      heads = heads + 1;
      if (OVL != 0 && rb_pend && ha[BW-1:0] == rbx) samebar = samebar + 1;
      if ((cyc == lastd + 4 || cyc == lastd + 5) && ha[BW-1:0] == rbx) headnear = headnear + 1;
      if (dumpf != 0) $fdisplay(dumpf, "h %0d %0d", cyc, wx);
      if (HC != 0 || cyc % 2 == 1) do_cut;
    end
    // ---------- 2. the rebase (in d + 3: the commits of d .. d + 2 are refused or not on the
    // count before it, as the block's pipeline sees it; no commit falls in d + 3 .. d + 7) ----------
    if (cyc == rbcyc) begin
      for (p = 0; p < N; p = p + 1) cnt[p*M + rbx] = cnt[p*M + rbx] - rbsnap[p];
      rb_pend = 0;
    end
    // ---------- 2b. commits of the acceptances of cyc - 3 ----------
    k = (cyc + 5) % 8;
    for (p = 0; p < N; p = p + 1) if (pv[p*8 + k]) begin
      x = pbar[p*8 + k];
      c = cnt[p*M + x];
      pref[p*8 + k] = pdc[p*8 + k] ? (c == CMIN) : (c == CMAX);
      if (cyc >= rbcyc - 3 && cyc < rbcyc && x == rbx) begin  // a commit of d .. d + 2 to the completed barrier
        cov_tail = cov_tail + 1;
        if (pref[p*8 + k] != (pdc[p*8 + k] ? (c - rbsnap[p] == CMIN) : (c - rbsnap[p] == CMAX)))
          cov_taildiff = cov_taildiff + 1;
      end
      if (pref[p*8 + k]) refused = refused + 1;
      else begin
        cnt[p*M + x] = c + (pdc[p*8 + k] ? -1 : 1);
        gsum[x] = gsum[x] + (pdc[p*8 + k] ? -1 : 1);
        ncom[x] = ncom[x] + 1;
        commits = commits + 1;
        if (dumpf != 0) $fdisplay(dumpf, "c %0d %0d %0d %0d", cyc, p, x, pdc[p*8 + k] ? -1 : 1);
        if (!dirty[x]) begin
          dirty[x] = 1; dsince[x] = cyc; dfl[x] = fullcyc;
          if (ndirty == 0) dep = cyc;
          ndirty = ndirty + 1;
        end
        if (gsum[x] == 0) begin
          pend[x] = 1; pc[x] = cyc; pn[x] = ncom[x]; pfl[x] = fullcyc;
        end else pend[x] = 0;
      end
    end
    if (HC == 0 && snap === 1'b1 && cyc % 2 == 0) do_cut;
    // ---------- 3. completion (OVL: before the head, see do_completion) ----------
    if (OVL == 0) do_completion;
    // ---------- 4. acknowledges of the acceptances of cyc - 4 ----------
    k = (cyc + 4) % 8;
    for (p = 0; p < N; p = p + 1) begin
      if (pv[p*8 + k]) begin
        if (ackv[p] !== 1'b1) fail("acknowledge missing");
        else if (ackr[p] !== pref[p*8 + k]) fail("refusal flag");
      end else if (ackv[p] !== 1'b0) fail("stray acknowledge");
      pv[p*8 + k] = 0;
    end
    // ---------- 5. FIFO pops ----------
    anyfull = 0;
    for (p = 0; p < N; p = p + 1) begin
      if (pop[p] && fv[p] === 1'b1) begin
        if (fc[p] == 0) fail("FIFO valid with no completion pending");
        else begin
          if (fb[p*BW +: BW] !== fq[p*D + fh[p]]) fail("FIFO order");
          fh[p] = (fh[p] + 1) % D; fc[p] = fc[p] - 1; pops = pops + 1;
          if (dumpf != 0) $fdisplay(dumpf, "p %0d %0d", cyc, p);
        end
      end
      if (fc[p] == D || (OVL != 0 && fc[p] > D - 2 - ((OPE != 0 && t_on) ? 1 : 0))) anyfull = 1;  // OVL: fewer than 2 free (OPE: 3 with a tail)
    end
    if (anyfull) fullcyc = fullcyc + 1;
    // ---------- 6. liveness ----------
    for (x = 0; x < M; x = x + 1)
      if (pend[x] && pfl[x] == fullcyc && cyc - pc[x] > BOUND) begin
        e_live = e_live + 1; fail("LIVENESS: a closed barrier not completed within the bound");
        pend[x] = 0;
      end
    // ---------- 10c. PROGRESS: while some barrier is dirty, a head at most W cycles after the
    // last head, the cycle the first barrier became dirty, or the last cycle with a FIFO full
    // (F aborts); DIRTY LIVENESS: every dirty barrier gets a head within BOUND = (M + 1) W
    // cycles of its first commit after its last head's cut, unless a FIFO was full meanwhile ----------
    if (anyfull) lastfull = cyc;
    if (ndirty > 0) begin
      x = lasthead; if (dep > x) x = dep; if (lastfull > x) x = lastfull;
      if (cyc - x > gap_max) gap_max = cyc - x;
      if (cyc - x > W) begin
        e_prog = e_prog + 1; fail("PROGRESS: no head for over one word while a barrier is dirty");
        lasthead = cyc;
      end
    end
    for (x = 0; x < M; x = x + 1)
      if (dirty[x] && dfl[x] == fullcyc && cyc - dsince[x] > BOUND) begin
        e_dlive = e_dlive + 1; fail("DIRTY LIVENESS: a changed barrier without a head in the bound");
        dfl[x] = -1;
      end
    // ---------- 7. acceptances, next requests, pops ----------
    k = cyc % 8;
    for (p = 0; p < N; p = p + 1) begin
      if (rv[p] && ready[p] === 1'b1) begin
        pv[p*8 + k] = 1; pbar[p*8 + k] = rb[p*BW +: BW]; pdc[p*8 + k] = rdc[p];
        rv[p] <= 1'b0;
      end
      pop[p] <= (rnd(popdiv) == 0);
    end
    if (mode == 0) begin
      for (p = 0; p < N; p = p + 1) if (!rv[p] || ready[p] === 1'b1) begin
        if (quiet != 0 && ((cyc / 500) % 4) != 0) rv[p] <= (rnd(64) == 0);
        else                                       rv[p] <= (rnd(4) != 0);
        x = (rnd(4) != 0 || spread == 0) ? rnd(hot) : rnd(M);  // (rnd(4) drawn either way)
        rb[p*BW +: BW] <= x;
        if (bias != 0)         rdec = (rnd(8) != 0) ? (x[0] ^ p[0]) : !(x[0] ^ p[0]);  // to the edges, both ways
        else if (gsum[x] == 0) rdec = rnd(2);
        else              rdec = (rnd(4) != 0) ? (gsum[x] > 0) : (gsum[x] < 0);
        rdc[p] <= rdec;
      end
    end else if (mode == 2) begin
      // section 10, two in a group: PE p opens x, then (0 .. gap2 cycles after its acceptance)
      // x2 of the same group of 16; gapmin .. gap cycles later PE q closes x, then x2; the
      // next episode starts when both have completed. The second opening may fall on the
      // first's race (its F slot's read of the group's dirty word, t + 1, t + 2: reg_wfresh).
      case (ep_st)
        0: if (ep_gap > 0) ep_gap = ep_gap - 1;
           else begin
             ep_x = rnd(M); ep_p = rnd(N); ep_q = rnd(N); ep_dec = rnd(2);
             ep_x2 = (ep_x & ~15) | ((ep_x + 1 + rnd(15)) & 15);
             if (gsum[ep_x] != 0 || gsum[ep_x2] != 0) fail("pairs: a barrier's sum is not zero at an episode's start");
             req(ep_p, ep_x, ep_dec); ep_st = 1;
           end
        1: if (rv[ep_p] && ready[ep_p] === 1'b1) begin ep_st = 2; ep_gap = rnd(gap2 + 1); end
        2: if (ep_gap > 0) ep_gap = ep_gap - 1;
           else begin req(ep_p, ep_x2, ep_dec); ep_st = 3; end
        3: if (rv[ep_p] && ready[ep_p] === 1'b1) begin ep_st = 4; ep_gap = gapmin + rnd(gapmax - gapmin + 1); end
        4: if (ep_gap > 0) ep_gap = ep_gap - 1;
           else begin req(ep_q, ep_x, !ep_dec); ep_st = 5; end
        5: if (rv[ep_q] && ready[ep_q] === 1'b1) ep_st = 6;
        6: begin req(ep_q, ep_x2, !ep_dec); ep_st = 7; end
        7: if (rv[ep_q] && ready[ep_q] === 1'b1) ep_st = 8;
        default: if (!pend[ep_x] && ncom[ep_x] == lastn[ep_x] && !pend[ep_x2] && ncom[ep_x2] == lastn[ep_x2]) begin
             ep_st = 0; ep_gap = rnd(gapmax + 1); episodes = episodes + 1;
           end
      endcase
    end else begin
      // sparse: one closing at a time
      case (ep_st)
        0: if (ep_gap > 0) ep_gap = ep_gap - 1;
           else begin
             ep_x = rnd(M); ep_p = rnd(N); ep_q = rnd(N); ep_dec = rnd(2);
             if (gsum[ep_x] != 0) fail("sparse: the barrier's sum is not zero at an episode's start");
             req(ep_p, ep_x, ep_dec); ep_st = 1;
           end
        1: if (rv[ep_p] && ready[ep_p] === 1'b1) begin ep_st = 2; ep_gap = gapmin + rnd(gapmax - gapmin + 1); end
        2: if (ep_gap > 0) ep_gap = ep_gap - 1;
           else begin req(ep_q, ep_x, !ep_dec); ep_st = 3; end
        3: if (rv[ep_q] && ready[ep_q] === 1'b1) ep_st = 4;
        default: if (cyc > 0 && !pend[ep_x] && ncom[ep_x] == lastn[ep_x]) begin
             ep_st = 0; ep_gap = rnd(gapmax + 1); episodes = episodes + 1;
           end
      endcase
    end
    cyc = cyc + 1;
    if (cyc == ncycles) begin
      $display("feas_pair_arb_unit_tb: %0d cycles, commits %0d, refused %0d, heads %0d, completions %0d, pops %0d, cycles with a FIFO full %0d%s",
               cyc, commits, refused, heads, completions, pops, fullcyc, "");
      if (mode == 1) $display("feas_pair_arb_unit_tb: sparse episodes %0d", episodes);
      if (mode == 2) $display("feas_pair_arb_unit_tb: two-in-a-group episodes %0d", episodes);
      $display("feas_pair_arb_unit_tb: latency closing commit -> ctl_done: %0d closings, mean %0d.%02d, max %0d cycles (bound %0d); %0d more with a FIFO full meanwhile (max %0d)",
               lat_n, (lat_n > 0) ? lat_sum / lat_n : 0, (lat_n > 0) ? ((lat_sum * 100) / lat_n) % 100 : 0,
               lat_max, BOUND, lat_nx, lat_wait_max);
      $display("feas_pair_arb_unit_tb: coverage: commits in d .. d + 2 to the completed barrier %0d, of which refused or not otherwise than after the rebase %0d",
               cov_tail, cov_taildiff);
      $display("feas_pair_arb_unit_tb: section 10: exits checked %0d (of which completions %0d); heads of dirty barriers %0d, max wait %0d (bound %0d), %0d more with a FIFO full meanwhile; heads of clean barriers %0d; order checked at %0d heads; max cycles without a head while dirty %0d (bound W = %0d)",
               ex_n, ex_nd, hw_n, hw_max, BOUND, hw_nx, clean_heads, rr_n, gap_max, W);
      $display("feas_pair_arb_unit_tb: errors by check: EXIT %0d, ORDER %0d, PROGRESS %0d, DIRTY LIVENESS %0d, (closed-barrier) LIVENESS %0d, others %0d",
               e_exit, e_order, e_prog, e_dlive, e_live, errors - e_exit - e_order - e_prog - e_dlive - e_live);
      if (LOCK != 0)
        $display("feas_pair_arb_unit_tb: lockstep with RegLines = 1: %0d cycles compared (ports, ctl_load, ctl_done), lines compared in %0d of them",
                 lock_n, lock_lines);
      if (OVL != 0) begin
        $display("feas_pair_arb_unit_tb: OVL: exits at s + %0d + j + 0 .. %0d (count bit j): %0d / %0d / %0d / %0d / %0d cycles late; sequencer copies out of step %0d",
                 XLAT, EXW - 1, exw_hist[0], exw_hist[1], exw_hist[2], exw_hist[3], exw_hist[4], e_seq);
        $display("feas_pair_arb_unit_tb: OVL: heads of the barrier just completed, before its rebase (d .. d + 3): %0d; heads of that barrier in d + 4 .. d + 5: %0d", samebar, headnear);
        if (OPE != 0)
          $display("feas_pair_arb_unit_tb: OVL: pipeend %0d: early heads (a tail left) %0d, of which with the last count slot (CNT + HEAD) %0d; tail completions %0d; L_max %0d",
                   OPE, pe_tails, pe_cnthead, pe_tcmpl, BOUND);
      end
      if (dumpf != 0) $fclose(dumpf);
      if (pd_f != 0) begin $fdisplay(pd_f, "end %0d", cyc); $fclose(pd_f); end
      $display("feas_pair_arb_unit_tb: %0d errors", errors);
      if (errors == 0) $display("PASS seed=%0d", seed); else $display("FAIL seed=%0d", seed);
      $finish;
    end
  end

endmodule

`default_nettype wire
