// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md, overlap.md sections 1a / 1b): the slot sequencer of
// the overlap contract (Overlap = 1). One copy sits in every pair block and one in the global
// block; all copies see only the broadcast (ctl_load, ctl_done) and so stay in step (the
// unit's self-check compares them every cycle). It says what the lines of this cycle carry.
//
// Round trip P = 3 (RegLines = 2: the pairs' line flip-flop, the global block's entry
// register, its ctl flip-flop): a slot sent in x has its decision on the broadcast in x + 3.
// OvlR = 3 (ovlrtl.md 13): P = 4, the global block's decision registered once more before the
// broadcast (its copies at the pairs are then a second stage): x + 4. OvlSpec = 1: idle
// speculation (overlap.md 1d; feas_ovl_seq_step).
// Every cycle that carries a race decision is known to both sides: it is the arrival of a
// POLL, NEXT or KEY slot (tg_q, a P-stage shift register of the slot kinds sent). Any other
// cycle with ctl_load high is a word's exit (ctl_done with it: a completion); the global block
// moves an exit that would fall on an arrival to the next cycle.
//
// Per cycle x: first the arrival of x is taken (a GO starts a race; NEXT decides it or lets the
// key slots start; a key digit extends the prefix; an exit ends the word), then the slot of x:
//   HEAD   a decided race and no word running (the head address may be this cycle's digit);
//   KEY i  a race not decided whose key slot i is due (slot 1 at the GO's arrival when idle or
//          at NEXT's arrival when NEXT did not decide; slot i + 1 at digit i's arrival) --
//          before any count bit: the key slots steal count cycles;
//   POLL   no word and no race (idle), or s + 1 with no race;
//   NEXT   s + 2;
//   CNT j  s + 3 and later, while j < Q (the count bits of the running word);
//   else nothing (lines 0).
// The key is {wrap, b}, wrap = (b <= CNT2), KB = BW + 1 bits from the MSB, two per slot (the
// last slot one bit when KB is odd: it rides on A, B unused).

`default_nettype none

module feas_ovl_seq #(
  parameter integer NumBarriers = 32,  // M, a power of two
  parameter integer Q           = 20,  // count bits per word
  parameter integer OvlR        = 2,   // R = 2 (P = 3) or 3 (P = 4)
  parameter integer OvlSpec     = 0,   // 1: idle cycles alternate POLL and SPEC (overlap.md 1d)
  parameter integer OvlPipeEnd  = 0,   // 2: the pipelined word end (overlap.md 13, ovlrtl.md 15)
  parameter integer OvlDead     = 2,   // 1: one header slot (ovlrtl.md 18b; feas_ovl_seq_step)
  parameter integer OvlFollow   = 0,   // (OvlPipeEnd = 2, ovlrtl.md 16b) 1: take the candidates
                                       // and the precomputed slots from a leader copy (fol_i)
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                en_i,        // 0 while the pairs clear their RAMs (then 1 for ever)
  input  wire                en_nx_i,     // (OvlPipeEnd = 2, ovlrtl.md 16g) en_i of the next cycle
  input  wire                ld_i,        // ctl_load as seen now
  input  wire                dn_i,        // ctl_done as seen now
  // (OvlPipeEnd = 2, ovlrtl.md 16b) {cand_q, pre_q} of this copy (fol_o) / of the leader copy
  // (fol_i, read at OvlFollow = 1 only): a follower in the same state needs neither its own
  // precomputing steps nor their registers
  input  wire [4*(2*OvlR+21+4*BarrierW+NumBarriers/4+BarrierW+15)-1:0] fol_i,
  output wire [4*(2*OvlR+21+4*BarrierW+NumBarriers/4+BarrierW+15)-1:0] fol_o,
  // the slot of this cycle
  output reg                 s_poll_o,
  output reg                 s_next_o,
  output reg                 s_key_o,
  output reg  [2:0]          s_kidx_o,    // KEY: its index 1 .. K
  output reg                 s_kw1_o,     // KEY: a one-bit slot (the last, KB odd)
  output reg                 s_head_o,
  output reg  [BarrierW-1:0] s_bar_o,     // HEAD: the barrier
  output reg                 s_cnt_o,
  output reg  [4:0]          s_j_o,       // CNT: the bit index
  output reg                 exit_o,      // this cycle's broadcast is a word's exit ...
  output reg                 cmpl_o,      // ... with ctl_done: a completion
  output reg                 s_spec_o,    // (OvlSpec) a SPEC slot (also s_key_o, kidx 1)
  output wire                arr_o,       // this cycle carries a race decision (an arrival)
  output wire                arr_nx_o,    // the slot sent two cycles ago was a race slot: its decision,
                                          // made by the global block now, lands on an arrival
                                          // (P = 3: the next cycle; P = 4: the one after)
  output wire [1:0]          arr_kind_nx_o, // its kind (1 POLL, 2 NEXT, 3 KEY)
  output wire [BarrierW-1:0] cnt2_o,      // CNT2: the running / last word's barrier
  output wire [BarrierW:0]   pfx_o,       // the decided key prefix (2 (kidx - 1) bits, right-aligned)
  output wire [2:0]          ri_o,        // the next key slot's index
  output wire                r_act_o,     // a race is running ...
  output wire                r_dec_o,     // ... decided
  output wire                r_nxt_o,     // ... waiting for NEXT's decision
  // ovlrtl.md 11: what a pair block uses, as one bus (the unit's single copy for the 8 pairs
  // drives it; feas_ovl_pair unpacks it in the same order), from the MSB:
  // {hh, hl, arr, ri, pfx, cnt2, cmpl, exit, s_cnt, s_bar, s_head, s_kw1, s_kidx, s_key, s_next,
  // s_poll}; hh, hl: the head's barrier predecoded (below)
  output wire [3*BarrierW+NumBarriers/4+19:0] bus_o,
  // ovlrtl.md 12: the slot outputs of THIS cycle for each of the 4 values v = {ctl_load,
  // ctl_done} of this cycle's broadcast, registered (computed last cycle from the next state
  // with en = 1), and en itself: {en, pre[3], pre[2], pre[1], pre[0]}, each pre[v] (from its
  // MSB) {hh, hl, cmpl, exit, s_cnt, s_bar, s_head, s_kw1, s_kidx, s_key, s_next, s_poll}. A
  // pair selects one with the broadcast it receives and ANDs the slot kinds, the head and hh
  // with en (0: no slot); the rest does not depend on en.
  output wire [4*(NumBarriers/4+BarrierW+15):0] pre_o,
  // (OvlPipeEnd, ovlrtl.md 15) {tail, word}: the registers t_act_q, w_act_q. A pair derives
  // from them, with the exit it selects from pre_o, whether its head leaves a tail and whether
  // an exit is the tail's (constant 0 / the word flag only at OvlPipeEnd = 0)
  output wire [1:0]          tl_o,
  // (OvlPipeEnd = 2, ovlrtl.md 16b) for each value v of this cycle's broadcast, registered
  // like pre_o (computed last cycle from the next state): {tc, nc, eh} at [3v +: 3], what a
  // pair derived from the selected slot and tl_o after the broadcast: eh, a head that leaves
  // the word as the tail (head && word && (tail || !exit), with en); tc, a completion that is
  // the tail's (cmpl && tail); nc, a completion that is not (cmpl && !tail). 0 at OvlPipeEnd = 0
  output wire [11:0]         pef_o
);

  localparam integer P  = OvlR + 1;
  localparam integer KB = BarrierW + 1;
  localparam integer K  = (KB + 1) / 2;
  localparam [1:0] T_NONE = 2'd0, T_POLL = 2'd1, T_NEXT = 2'd2, T_KEY = 2'd3;

  reg [2*P-1:0]      tg_q;     // slot kinds sent in x - 1 (bits 1:0) .. x - P (top)
  reg                ph_q;     // (OvlSpec) the last cycle was an idle POLL: this one is a SPEC
  reg                w_act_q;  // a word runs (head seen, exit not yet)
  reg                t_act_q;  // (OvlPipeEnd) the tail: the word before it, all slots sent,
                               // its exit not yet in (overlap.md 13a)
  reg [1:0]          w_off_q;  // cycles since its head, saturating at 3
  reg [4:0]          w_j_q;    // count bits sent
  reg                w_lt_q;   // w_j_q < Q (ovlrtl.md 13: the step's comparison as a flip-flop)
  reg                w_ge_q;   // (OvlPipeEnd) w_j_q >= Q - 1, likewise (ovlrtl.md 15)
  reg                r_act_q, r_dec_q, r_nxt_q;
  reg [2:0]          r_i_q;    // the next key slot
  reg [BarrierW:0]   pfx_q;    // the decided prefix (or the barrier when decided by NEXT)
  reg [BarrierW-1:0] c2_q;

  wire [1:0] arr = tg_q[2*P-1 -: 2];
  assign arr_o         = (arr != T_NONE);
  assign arr_nx_o      = (tg_q[3:2] != T_NONE);
  assign arr_kind_nx_o = tg_q[2*P-3 -: 2];
  assign tl_o    = {t_act_q, w_act_q};
  assign cnt2_o  = c2_q;
  assign pfx_o   = pfx_q;
  assign ri_o    = r_i_q;
  assign r_act_o = r_act_q;
  assign r_dec_o = r_dec_q;
  assign r_nxt_o = r_nxt_q;
  // The head's barrier predecoded for the pairs' dirty-set clear (D[b] cleared iff
  // hh[b / 4] && hl[b % 4]): one decode here instead of one in each pair, so that the clear
  // is one LUT after the bus in a pair (the worst paths of ovlrtl.md 11d ended there). One
  // function for the two places that need it (this cycle's slot, bus_o; each precomputed slot,
  // pre_o), so that the two decodes can not drift apart: {hh, hl}, hh[i] = head && bar[BW-1:2]
  // == i, hl[j] = bar[1:0] == j.
  function [NumBarriers/4+3:0] hhdec(input head, input [BarrierW-1:0] bar);
    integer i;
    begin
      for (i = 0; i < NumBarriers / 4; i = i + 1) hhdec[4 + i] = head && (bar[BarrierW-1:2] == i);
      for (i = 0; i < 4; i = i + 1)               hhdec[i]     = (bar[1:0] == i);
    end
  endfunction
  wire [NumBarriers/4-1:0] hh;
  wire [3:0]               hl;
  assign {hh, hl} = hhdec(s_head_o, s_bar_o);
  // bus_o: below (16i), after the next state it is predecoded from

  // CNT2 + 1 and CNT2 + 2 as registers, loaded with CNT2's next value + 1 / + 2 in every cycle
  // (ovlrtl.md 11): written as one sum with an operand selected by ctl_load, the carry chain
  // came after the broadcast and led the unit's worst path (ctl_load -> the head's barrier ->
  // the pairs' dirty-set clear); as sums of c2_q it still began the worst paths (c2_q -> carry
  // -> the head's barrier -> the pairs). The + 2 is a + 1 on the bits above bit 0.
  reg [BarrierW-1:0] c2_p1, c2_p2;
  // The arrival and the slot decision of this cycle (feas_ovl_seq_step, below): once on the
  // registers with the broadcast as seen (the state update and the outputs above), and, for
  // the pairs (pre_o), once per value of the NEXT cycle's broadcast on the next state.
  wire [2*P-1:0]      tg_nx;
  wire                ph_nx, o_spec;
  wire                w_act_nx, t_act_nx, r_act_nx, r_dec_nx, r_nxt_nx;
  wire [1:0]          w_off_nx;
  wire [4:0]          w_j_nx;
  wire                w_lt_nx, w_ge_nx;
  wire [2:0]          r_i_nx;
  wire [BarrierW:0]   pfx_nx;
  wire [BarrierW-1:0] c2_nx, c2_p1_nx, c2_p2_nx;
  wire                o_poll, o_next, o_key, o_kw1, o_head, o_cnt, o_exit, o_cmpl;
  wire [2:0]          o_kidx;
  wire [BarrierW-1:0] o_bar;
  wire [4:0]          o_j;
  feas_ovl_seq_step #(.NumBarriers(NumBarriers), .Q(Q), .OvlR(OvlR), .OvlSpec(OvlSpec),
                      .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead)) u_now (
    .en_i(en_i), .ld_i(ld_i), .dn_i(dn_i),
    .tg_i(tg_q), .ph_i(ph_q), .w_act_i(w_act_q), .t_act_i(t_act_q), .w_off_i(w_off_q), .w_j_i(w_j_q), .w_lt_i(w_lt_q),
    .w_ge_i(w_ge_q),
    .r_act_i(r_act_q),
    .r_dec_i(r_dec_q), .r_nxt_i(r_nxt_q), .r_i_i(r_i_q), .pfx_i(pfx_q), .c2_i(c2_q),
    .c2_p1_i(c2_p1), .c2_p2_i(c2_p2),
    .rk_i(1'b0), .ne_i(1'b0), .kh_i(1'b0), .rk_o(), .ne_o(), .kh_o(), .fl_ok_o(),
    .s_poll_o(o_poll), .s_next_o(o_next), .s_key_o(o_key), .s_kidx_o(o_kidx), .s_kw1_o(o_kw1),
    .s_head_o(o_head), .s_bar_o(o_bar), .s_cnt_o(o_cnt), .s_j_o(o_j), .exit_o(o_exit),
    .cmpl_o(o_cmpl), .s_spec_o(o_spec),
    .tg_o(tg_nx), .ph_o(ph_nx), .w_act_o(w_act_nx), .t_act_o(t_act_nx), .w_off_o(w_off_nx), .w_j_o(w_j_nx),
    .w_lt_o(w_lt_nx), .w_ge_o(w_ge_nx), .r_act_o(r_act_nx),
    .r_dec_o(r_dec_nx), .r_nxt_o(r_nxt_nx), .r_i_o(r_i_nx), .pfx_o(pfx_nx), .c2_o(c2_nx),
    .c2_p1_o(c2_p1_nx), .c2_p2_o(c2_p2_nx)
  );

  // pre_o: what the pairs used to decide after the broadcast (the head and its barrier, the
  // dirty set's clear, exit, completion, the slot kinds: 3 LUTs after ctl_load / ctl_done,
  // then a route across the chip to the 8 pairs, the worst paths of ovlrtl.md 11d) is decided
  // a cycle early for all 4 values of the broadcast and registered here; a pair is left with a
  // 4:1 select by the broadcast it receives. The next cycle's en is not known here (the
  // global block's en_q), so pre is computed with en = 1 and the pairs AND with en (with
  // en = 0 the step gives no slot and no head; kidx, kw1, bar, exit, cmpl do not depend on it).
  // The next state (ovlrtl.md 16b): at OvlPipeEnd = 0 (Cand = 0) the current step's (u_now's)
  // next state, as before. At OvlPipeEnd = 2 (Cand = 1) the broadcast is taken out of the state
  // update: the four precomputing steps (u_pre, below) give, besides the slot of their value v
  // of the broadcast (pre_q), the next state for that value; registered (cand_q), this cycle's
  // broadcast selects one of them (a 4:1 mux behind ctl_load / ctl_done, then one step into
  // pre_q and cand_q), instead of the broadcast entering u_now's arrival and slot decision
  // and then u_pre's (ctl_load -> u_now -> w_j_q's enable / u_pre -> pre_q: the worst paths of
  // every N = 8 placement, n8_pe2_ovl_pnr_*). The precomputing steps run with en = 1; while
  // en_i = 0 (the RAM clear, from reset) the state stays the reset state (no arrival, no word:
  // the step's fixed point whatever the broadcast), so the next state is ST_RST then, and the
  // cand_q loaded in the last cycle with en_i = 0 are the steps of the reset state (16g: every
  // candidate holds ST_RST until then, so the select needs no en_i).
  localparam integer Cand = (OvlPipeEnd == 2) ? 1 : 0;
  localparam integer SW = 2 * P + 19 + 4 * BarrierW;
  localparam integer PW = NumBarriers / 4 + BarrierW + 15;  // a precomputed slot (pre_q, below)
  reg  [4*PW-1:0] pre_q;
  localparam [SW-1:0] ST_RST = {{(2 * P){1'b0}}, 1'b0, 1'b0, 1'b0, 2'd3, 5'd0, 1'b1, 1'b0,
                                3'b000, 3'd1, {(BarrierW + 1){1'b0}}, {BarrierW{1'b1}},
                                {BarrierW{1'b0}}, {{(BarrierW - 1){1'b0}}, 1'b1}};
  wire [SW-1:0] st_now = {tg_nx, ph_nx, w_act_nx, t_act_nx, w_off_nx, w_j_nx, w_lt_nx, w_ge_nx,
                          r_act_nx, r_dec_nx, r_nxt_nx, r_i_nx, pfx_nx, c2_nx, c2_p1_nx, c2_p2_nx};
  wire [SW-1:0]   st_n;
  wire [4*SW-1:0] cand_nx;
  wire [11:0]     pef_nx;
  wire [2*P-1:0]      n_tg;
  wire                n_ph, n_w_act, n_t_act, n_w_lt, n_w_ge, n_r_act, n_r_dec, n_r_nxt;
  wire [1:0]          n_w_off;
  wire [4:0]          n_w_j;
  wire [2:0]          n_r_i;
  wire [BarrierW:0]   n_pfx;
  wire [BarrierW-1:0] n_c2, n_c2_p1, n_c2_p2;
  assign {n_tg, n_ph, n_w_act, n_t_act, n_w_off, n_w_j, n_w_lt, n_w_ge, n_r_act, n_r_dec, n_r_nxt,
          n_r_i, n_pfx, n_c2, n_c2_p1, n_c2_p2} = st_n;
  // (Cand, ovlrtl.md 16g) the next state's compares as flags, {rk, ne, kh} (feas_ovl_seq_step's
  // UseFlags): registered per value v beside the candidates (fl_q) and selected with them, so
  // that the precomputing steps after the select take single bits where they compared the
  // state (r_i == K; the decided winner against CNT2; the last key digit's window against
  // CNT2). Not in the state (st_now / ST_RST): the flags are exact only where the step reads
  // them, and u_now (the reference) compares. The reset state's: r_i = 1, pfx = 0, CNT2 all ones.
  localparam integer KL = (KB % 2 == 1) ? 1 : 2;
  localparam [2:0] FL_RST = {(K == 1), 1'b1, 1'b0};
  wire [2:0]  fl_n;
  wire [11:0] fl_nx;
  wire [3:0]  fl_ok;
  wire        n_rk, n_ne, n_kh;
  assign {n_rk, n_ne, n_kh} = fl_n;
  generate
    if (Cand != 0) begin : g_cand
      reg [4*SW-1:0] cand_q;
      // (ovlrtl.md 16g) en out of the select: the candidates are the reset state from reset
      // until the last cycle with en_i = 0 (loaded only when the next cycle's en_i is 1,
      // en_nx_i: a clock enable, no LUT), so that every candidate, and so the selected one, is
      // ST_RST while en_i = 0, and the last such cycle loads the steps of the reset state. The
      // select is then a 4:1 mux alone: `!en_i ? ST_RST :` was a seventh input in front of
      // every step. (16b's reset to ~ST_RST kept Yosys from merging a candidate bit with the
      // equal precomputed-slot bit (the head's barrier and the prefix, the key index and r_i),
      // which began 4 of 5 N = 16 worst paths: the clock enable, which pre_q has not, keeps
      // them apart now.)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)      cand_q <= {4{ST_RST}};
        else if (en_nx_i) cand_q <= cand_nx;
      end
      // (OvlFollow: the leader's candidates; this copy's cand_q then has no reader)
      wire [4*SW-1:0] cq = (OvlFollow != 0) ? fol_i[4*PW +: 4*SW] : cand_q;
      wire [SW-1:0] c_0 = cq[0 +: SW], c_1 = cq[SW +: SW], c_2 = cq[2*SW +: SW],
                    c_3 = cq[3*SW +: SW];
      assign st_n = ld_i ? (dn_i ? c_3 : c_2) : (dn_i ? c_1 : c_0);
      // the flags of the selected candidate (read by the precomputing steps only; this copy's
      // own even at OvlFollow, where those steps have no reader)
      reg [11:0] fl_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)      fl_q <= {4{FL_RST}};  // (as cand_q)
        else if (en_nx_i) fl_q <= fl_nx;
      end
      assign fl_n = ld_i ? (dn_i ? fl_q[9 +: 3] : fl_q[6 +: 3]) : (dn_i ? fl_q[3 +: 3] : fl_q[0 +: 3]);
      reg [11:0] pef_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) pef_q <= 12'd0;  // (the reset state's slots: no head, no exit)
        else         pef_q <= pef_nx;
      end
      assign pef_o = pef_q;
      assign fol_o = {cand_q, pre_q};
`ifndef SYNTHESIS
      reg en_nx_q;
      always @(posedge clk_i or negedge rst_ni) if (!rst_ni) en_nx_q <= 1'b0; else begin
        en_nx_q <= en_nx_i;
        if (en_i != en_nx_q) $fatal(1, "%m: en_nx_i was not the next cycle's en_i at %0t", $time);
        if (st_n != st_now) $fatal(1, "%m: the selected next state differs from the step's at %0t", $time);
        // (ovlrtl.md 16g) each flag against its compare wherever a step reads it, and each
        // precomputing step's decisions from the flags against the compares'
        if (n_rk != (n_r_i == K))
          $fatal(1, "%m: flag rk differs from r_i == K at %0t", $time);
        if (n_r_dec && (n_ne != (n_pfx[BarrierW-1:0] != n_c2)))
          $fatal(1, "%m: flag ne differs from pfx != CNT2 at %0t", $time);
        if (n_r_act && !n_r_dec && (n_r_i == K) && (n_kh != (n_pfx[BarrierW-1-KL:0] == n_c2[BarrierW-1:KL])))
          $fatal(1, "%m: flag kh differs from the key window's compare at %0t", $time);
        if (fl_ok != 4'hf) $fatal(1, "%m: a step's decision from the flags differs at %0t", $time);
      end
`endif
    end else begin : g_nocand
      assign st_n = st_now;
      assign fl_n = FL_RST;  // (read by no step: UseFlags = 0)
      assign pef_o = 12'd0;
      assign fol_o = {(4 * (SW + PW)){1'b0}};
    end
  endgenerate

  wire [4*PW-1:0] pre_nx;
  genvar vi;
  generate
    for (vi = 0; vi < 4; vi = vi + 1) begin : g_pre
      wire                p_poll, p_next, p_key, p_kw1, p_head, p_cnt, p_exit, p_cmpl;
      wire [2:0]          p_kidx;
      wire [BarrierW-1:0] p_bar;
      wire [2*P-1:0]      q_tg;
      wire                q_ph, q_w_act, q_t_act, q_w_lt, q_w_ge, q_r_act, q_r_dec, q_r_nxt;
      wire [1:0]          q_w_off;
      wire [4:0]          q_w_j;
      wire [2:0]          q_r_i;
      wire [BarrierW:0]   q_pfx;
      wire [BarrierW-1:0] q_c2, q_c2_p1, q_c2_p2;
      feas_ovl_seq_step #(.NumBarriers(NumBarriers), .Q(Q), .OvlR(OvlR), .OvlSpec(OvlSpec),
                          .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead), .UseFlags(Cand)) u_pre (
        .en_i(1'b1), .ld_i(vi[1] == 1'b1), .dn_i(vi[0] == 1'b1),
        .tg_i(n_tg), .ph_i(n_ph), .w_act_i(n_w_act), .t_act_i(n_t_act), .w_off_i(n_w_off), .w_j_i(n_w_j),
        .w_lt_i(n_w_lt), .w_ge_i(n_w_ge), .r_act_i(n_r_act),
        .r_dec_i(n_r_dec), .r_nxt_i(n_r_nxt), .r_i_i(n_r_i), .pfx_i(n_pfx), .c2_i(n_c2),
        .c2_p1_i(n_c2_p1), .c2_p2_i(n_c2_p2),
        .rk_i(n_rk), .ne_i(n_ne), .kh_i(n_kh), .rk_o(fl_nx[3*vi+2]), .ne_o(fl_nx[3*vi+1]),
        .kh_o(fl_nx[3*vi]), .fl_ok_o(fl_ok[vi]),
        .s_poll_o(p_poll), .s_next_o(p_next), .s_key_o(p_key), .s_kidx_o(p_kidx), .s_kw1_o(p_kw1),
        .s_head_o(p_head), .s_bar_o(p_bar), .s_cnt_o(p_cnt), .s_j_o(), .exit_o(p_exit),
        .cmpl_o(p_cmpl), .s_spec_o(),
        .tg_o(q_tg), .ph_o(q_ph), .w_act_o(q_w_act), .t_act_o(q_t_act), .w_off_o(q_w_off), .w_j_o(q_w_j),
        .w_lt_o(q_w_lt), .w_ge_o(q_w_ge), .r_act_o(q_r_act), .r_dec_o(q_r_dec), .r_nxt_o(q_r_nxt),
        .r_i_o(q_r_i), .pfx_o(q_pfx), .c2_o(q_c2), .c2_p1_o(q_c2_p1), .c2_p2_o(q_c2_p2)
      );
      // (Cand) the pairs' tail flags of this value (pef_o), on the next cycle's {tail, word}
      assign pef_nx[3*vi +: 3] = {p_cmpl && n_t_act, p_cmpl && !n_t_act,
                                  p_head && n_w_act && (n_t_act || !p_exit)};
      // (Cand) this value's next state (unused at Cand = 0)
      assign cand_nx[vi*SW +: SW] = {q_tg, q_ph, q_w_act, q_t_act, q_w_off, q_w_j, q_w_lt, q_w_ge,
                                     q_r_act, q_r_dec, q_r_nxt, q_r_i, q_pfx, q_c2, q_c2_p1, q_c2_p2};
      assign pre_nx[vi*PW +: PW] = {hhdec(p_head, p_bar), p_cmpl, p_exit, p_cnt, p_bar, p_head,
                                    p_kw1, p_kidx, p_key, p_next, p_poll};
    end
  endgenerate
  // out of reset: the step on the reset state with en = 1 for every v: a POLL (r_i = 1,
  // pfx = 0: kidx 1, bar 0, hl = 0001), no exit
  localparam [PW-1:0] PRE_RST = {{(NumBarriers / 4){1'b0}}, 4'b0001, 3'b000,
                                 {BarrierW{1'b0}}, 2'b00, 3'd1, 3'b001};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pre_q <= {4{PRE_RST}};
    else         pre_q <= pre_nx;
  end
  assign pre_o = {en_i, pre_q};

  // The slot of this cycle (the outputs): at Cand = 0 the current step's (u_now). At Cand = 1
  // (ovlrtl.md 16b) the precomputed slot selected by the broadcast, as in a pair (the slot
  // kinds and the head ANDed with en): the global block's copy registers it (sd1_q) and
  // drives exit_o / cmpl_o, and u_now's slot decision after ctl_load was its next deepest cone
  // once the state update left it. (s_j is w_j_q in every slot; s_spec: u_now's.)
  // (OvlFollow: the leader's precomputed slots)
  wire [4*PW-1:0] pq = (OvlFollow != 0) ? fol_i[0 +: 4*PW] : pre_q;
  wire [PW-1:0] pv_q = ld_i ? (dn_i ? pq[3*PW +: PW] : pq[2*PW +: PW])
                            : (dn_i ? pq[PW +: PW]   : pq[0 +: PW]);
  wire [NumBarriers/4+3:0] pv_hd;
  wire                pv_cmpl, pv_exit, pv_cnt, pv_head, pv_kw1, pv_key, pv_next, pv_poll;
  wire [BarrierW-1:0] pv_bar;
  wire [2:0]          pv_kidx;
  assign {pv_hd, pv_cmpl, pv_exit, pv_cnt, pv_bar, pv_head, pv_kw1, pv_kidx, pv_key, pv_next,
          pv_poll} = pv_q;
  always @* begin
    if (Cand != 0) begin
      s_poll_o = en_i && pv_poll; s_next_o = en_i && pv_next; s_key_o = en_i && pv_key;
      s_kidx_o = pv_kidx; s_kw1_o = pv_kw1; s_head_o = en_i && pv_head; s_bar_o = pv_bar;
      s_cnt_o = en_i && pv_cnt; s_j_o = w_j_q; exit_o = pv_exit; cmpl_o = pv_cmpl;
      s_spec_o = o_spec;
    end else begin
      s_poll_o = o_poll; s_next_o = o_next; s_key_o = o_key; s_kidx_o = o_kidx; s_kw1_o = o_kw1;
      s_head_o = o_head; s_bar_o = o_bar; s_cnt_o = o_cnt; s_j_o = o_j; exit_o = o_exit;
      cmpl_o = o_cmpl; s_spec_o = o_spec;
    end
  end
`ifndef SYNTHESIS
  always @(posedge clk_i) if (rst_ni && (Cand != 0) &&
      ({s_poll_o, s_next_o, s_key_o, s_kidx_o, s_kw1_o, s_head_o, s_bar_o, s_cnt_o, s_j_o, exit_o, cmpl_o}
       !== {o_poll, o_next, o_key, o_kidx, o_kw1, o_head, o_bar, o_cnt, o_j, o_exit, o_cmpl}))
    $fatal(1, "%m: Cand: the selected slot differs from the step's at %0t", $time);
`endif

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tg_q    <= {(2 * P){1'b0}};
      ph_q    <= 1'b0;
      w_act_q <= 1'b0;
      t_act_q <= 1'b0;
      w_off_q <= 2'd3;
      w_j_q   <= 5'd0;
      w_lt_q  <= 1'b1;
      w_ge_q  <= 1'b0;
      r_act_q <= 1'b0;
      r_dec_q <= 1'b0;
      r_nxt_q <= 1'b0;
      r_i_q   <= 3'd1;
      pfx_q   <= {(BarrierW + 1){1'b0}};
      c2_q    <= {BarrierW{1'b1}};
      c2_p1   <= {BarrierW{1'b0}};                        // all ones + 1
      c2_p2   <= {{(BarrierW - 1){1'b0}}, 1'b1};          // all ones + 2
    end else begin
      tg_q    <= n_tg;
      ph_q    <= n_ph;
      w_act_q <= n_w_act;
      t_act_q <= n_t_act && (OvlPipeEnd != 0);  // (constant 0 without the rule)
      w_off_q <= n_w_off;
      w_j_q   <= n_w_j;
      w_lt_q  <= n_w_lt;
      w_ge_q  <= n_w_ge && (OvlPipeEnd != 0);  // (constant 0 without the rule)
      r_act_q <= n_r_act;
      r_dec_q <= n_r_dec;
      r_nxt_q <= n_r_nxt;
      r_i_q   <= n_r_i;
      pfx_q   <= n_pfx;
      c2_q    <= n_c2;
      c2_p1   <= n_c2_p1;
      c2_p2   <= n_c2_p2;
    end
  end

  // (OvlPipeEnd = 2, ovlrtl.md 16i) CNT2's wrap thermometer (the pairs' gt[b] = b > CNT2)
  // predecoded from CNT2's NEXT value and registered here, once for the pairs of this copy:
  // gt[4j + i] = gh[j] || ge[j] && gl[i], gh[j] = j > CNT2[BW-1:2], ge[j] = j == CNT2[BW-1:2],
  // gl[i] = i > CNT2[1:0]: one 3-input LUT a bit in a pair instead of a 5-input function of
  // CNT2 (2 LUT levels) in front of the key digits' OR tree. Carried on bus_o in fields the
  // pairs do not read at OvlPipeEnd = 2 (hh, hl: gh, gl; the slot fields below pfx / CNT2:
  // ge), so no port changes. At OvlPipeEnd = 0 bus_o is as before.
  function [NumBarriers/2+3:0] thdec(input [BarrierW-1:0] c2);  // {gh, gl, ge}
    integer i;
    begin
      for (i = 0; i < NumBarriers / 4; i = i + 1) begin
        thdec[NumBarriers/4 + 4 + i] = (i > c2[BarrierW-1:2]);
        thdec[i]                     = (i == c2[BarrierW-1:2]);
      end
      for (i = 0; i < 4; i = i + 1) thdec[NumBarriers/4 + i] = (i > c2[1:0]);
    end
  endfunction
  generate
    if (OvlPipeEnd == 2) begin : g_bus_th
      reg [NumBarriers/2+3:0] th_q;
      // the key digits' select (feas_ovl_pair c16): ks[0] = (ri == 1 && pfx[3:0] == 0),
      // ks[1 + p] = (ri == 2 && pfx[3:2] == 0 && pfx[1:0] == p), from the next r_i / prefix
      reg [4:0] ks_q;
      function [4:0] ksdec(input [2:0] ri, input [BarrierW:0] pfx);
        integer i;
        begin
          ksdec[0] = (ri == 3'd1) && (pfx[3:0] == 4'd0);
          for (i = 0; i < 4; i = i + 1)
            ksdec[1 + i] = (ri == 3'd2) && (pfx[3:2] == 2'd0) && (pfx[1:0] == i);
        end
      endfunction
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          th_q <= thdec({BarrierW{1'b1}});
          ks_q <= ksdec(3'd1, {(BarrierW + 1){1'b0}});
        end else begin
          th_q <= thdec(n_c2);           // c2_q's D input (below)
          ks_q <= ksdec(n_r_i, n_pfx);   // r_i_q's, pfx_q's
        end
      end
      assign bus_o = {th_q[NumBarriers/2+3:NumBarriers/4], arr_o, r_i_q, pfx_q, c2_q,
                      {(BarrierW + 6 - NumBarriers/4){1'b0}}, ks_q, th_q[NumBarriers/4-1:0]};
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && th_q !== thdec(c2_q))
        $fatal(1, "%m: the registered wrap thermometer differs from CNT2's decode at %0t", $time);
      always @(posedge clk_i) if (rst_ni && ks_q !== ksdec(r_i_q, pfx_q))
        $fatal(1, "%m: the registered key-digit select differs from r_i / the prefix's at %0t", $time);
      initial if (NumBarriers / 4 + 5 > BarrierW + 11)
        $fatal(1, "feas_ovl_seq: the thermometer's ge does not fit bus_o");
`endif
    end else begin : g_bus0
      assign bus_o = {hh, hl, arr_o, r_i_q, pfx_q, c2_q, cmpl_o, exit_o, s_cnt_o, s_bar_o, s_head_o,
                      s_kw1_o, s_kidx_o, s_key_o, s_next_o, s_poll_o};
    end
  endgenerate

`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else if (en_i) begin
    // (OvlPipeEnd: a tail's exit may come before the new word has sent a count slot)
    if (arr == T_NONE && (ld_i || dn_i) && !(((w_act_q && w_j_q != 5'd0) || t_act_q) && ld_i))
      $fatal(1, "%m: a broadcast in no slot (not an arrival, not a word's exit) at %0t", $time);
  end
  initial if (Q > 31 || K > 7) $fatal(1, "feas_ovl_seq: Q <= 31 and K <= 7 only");
  initial if (OvlPipeEnd != 0 && OvlPipeEnd != 2)
    $fatal(1, "feas_ovl_seq: OvlPipeEnd = 0 or 2 only (got %0d)", OvlPipeEnd);
`endif

endmodule

`default_nettype wire
