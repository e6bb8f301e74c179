// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md 12): used by feas_ovl_seq.

`default_nettype none

// One cycle of the sequencer without its registers (ovlrtl.md 12): from the state and the
// broadcast of a cycle, the slot of that cycle and the next state. feas_ovl_seq uses it once on
// its registers and four times on the next state (pre_o). The body is the sequencer's former
// combinational part, unchanged at UseFlags = 0 (the precomputing steps at OvlPipeEnd = 2 take
// three compares of the state as flags, ovlrtl.md 16g).
module feas_ovl_seq_step #(
  parameter integer NumBarriers = 32,
  parameter integer Q           = 20,
  parameter integer OvlR        = 2,   // R: the round trip is P = R + 1 (feas_ovl_seq)
  parameter integer OvlSpec     = 0,   // 1: idle speculation (overlap.md 1d; feas_ovl_seq)
  parameter integer OvlPipeEnd  = 0,   // 2: the pipelined word end (overlap.md 13; feas_ovl_seq)
  parameter integer OvlDead     = 2,   // 1 (ovlrtl.md 18b): one header slot, NEXT in s + 1, count
                                       // bits from s + 2, the POLL stolen when NEXT does not decide
  parameter integer UseFlags    = 0,   // (OvlPipeEnd = 2, ovlrtl.md 16g) 1: the compares of the
                                       // state as the flags rk_i, ne_i, kh_i (below)
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                en_i,
  input  wire                ld_i,
  input  wire                dn_i,
  input  wire [2*OvlR+1:0]   tg_i,      // the state (feas_ovl_seq's registers)
  input  wire                ph_i,      // (OvlSpec) the last cycle was an idle POLL
  input  wire                w_act_i,
  input  wire                t_act_i,   // (OvlPipeEnd) a tail: the last word, its exit not yet in
  input  wire [1:0]          w_off_i,
  input  wire [4:0]          w_j_i,
  input  wire                w_lt_i,    // w_j_i < Q (a flip-flop of feas_ovl_seq: w_lt_q)
  input  wire                w_ge_i,    // (OvlPipeEnd) w_j_i >= Q - 1 (a flip-flop: w_ge_q)
  input  wire                r_act_i,
  input  wire                r_dec_i,
  input  wire                r_nxt_i,
  input  wire [2:0]          r_i_i,
  input  wire [BarrierW:0]   pfx_i,
  input  wire [BarrierW-1:0] c2_i,
  input  wire [BarrierW-1:0] c2_p1_i,
  input  wire [BarrierW-1:0] c2_p2_i,
  // (UseFlags, ovlrtl.md 16g) the state's compares as flags carried with it (feas_ovl_seq's
  // candidates), each exact where it is read: rk_i, r_i_i == K (always); ne_i,
  // pfx_i[BW-1:0] != c2_i (read when r_dec_i); kh_i, the key window's bits above the last
  // digit equal CNT2's (pfx_i[BW-1-KL:0] == c2_i[BW-1:KL], read at a KEY arrival with
  // r_i_i == K). rk_o / ne_o / kh_o: the same of the next state
  input  wire                rk_i,
  input  wire                ne_i,
  input  wire                kh_i,
  output wire                rk_o,
  output wire                ne_o,
  output wire                kh_o,
  output wire                fl_ok_o,   // (simulation) the flags' decisions equal the compares'
  output reg                 s_poll_o,  // the slot (as feas_ovl_seq's outputs)
  output reg                 s_next_o,
  output reg                 s_key_o,
  output reg  [2:0]          s_kidx_o,
  output reg                 s_kw1_o,
  output reg                 s_head_o,
  output reg  [BarrierW-1:0] s_bar_o,
  output reg                 s_cnt_o,
  output reg  [4:0]          s_j_o,
  output reg                 exit_o,
  output reg                 cmpl_o,
  output reg                 s_spec_o,  // (OvlSpec) a SPEC slot: key slot 1 sent speculatively
  output wire [2*OvlR+1:0]   tg_o,      // the next state
  output reg                 ph_o,
  output reg                 w_act_o,
  output reg                 t_act_o,
  output reg  [1:0]          w_off_o,
  output reg  [4:0]          w_j_o,
  output wire                w_lt_o,    // w_j_o < Q
  output wire                w_ge_o,    // w_j_o >= Q - 1
  output wire                r_act_o,
  output wire                r_dec_o,
  output wire                r_nxt_o,
  output wire [2:0]          r_i_o,
  output wire [BarrierW:0]   pfx_o,
  output reg  [BarrierW-1:0] c2_o,
  output wire [BarrierW-1:0] c2_p1_o,
  output wire [BarrierW-1:0] c2_p2_o
);

  localparam integer P  = OvlR + 1;
  localparam integer KB = BarrierW + 1;
  localparam integer K  = (KB + 1) / 2;
  localparam [1:0] T_NONE = 2'd0, T_POLL = 2'd1, T_NEXT = 2'd2, T_KEY = 2'd3;
  localparam integer KL = (KB % 2 == 1) ? 1 : 2;  // bits of the last key digit

  wire [1:0] arr = tg_i[2*P-1 -: 2];
  // (UseFlags) r_i_i == K: a flag of the state (the key's last digit arrives)
  wire rk_e = (UseFlags != 0) ? rk_i : (r_i_i == K);
  // after the arrival of this cycle
  reg                w_act, t_act, r_act, r_dec, r_nxt, kdue, kar, rk, go;
  reg [2:0]          r_i;
  reg [BarrierW:0]   pfx;
  reg [1:0]          tag;
  reg                irst;     // (OvlSpec) reset the race state: an idle cycle without a race
  reg                pnow;     // (OvlDead = 1) NEXT did not decide: the POLL goes out now
  always @* begin
    w_act = w_act_i; t_act = t_act_i; r_act = r_act_i; r_dec = r_dec_i; r_nxt = r_nxt_i; r_i = r_i_i;
    pfx = pfx_i; kdue = 1'b0; kar = 1'b0; exit_o = 1'b0; cmpl_o = 1'b0; rk = rk_e; go = 1'b0;
    pnow = 1'b0;
    case (arr)
      T_POLL: if (!r_act_i && ld_i) begin
        // a GO: in a word (the POLL of s + 1) the key slots wait for NEXT; idle, slot 1 now
        r_act = 1'b1; r_dec = 1'b0; r_i = 3'd1; pfx = {(BarrierW + 1){1'b0}}; rk = (K == 1);
        go = 1'b1;
        r_nxt = w_act_i && (OvlDead == 2);
        // (OvlSpec: an idle race's slot 1 was the SPEC slot sent in p + 1; its digit arrives
        // in the next cycle) (OvlDead = 1: a POLL inside a word is the stolen one, after NEXT:
        // slot 1 now, as in idle)
        kdue  = (!w_act_i || (OvlDead == 1)) && (OvlSpec == 0);
      end
      T_NEXT: if ((OvlDead == 2) && r_act_i && r_nxt_i) begin
        r_nxt = 1'b0;
        if (ld_i || dn_i) begin
          r_dec = 1'b1;
          pfx   = {1'b0, ld_i ? c2_p1_i : c2_p2_i};
        end else kdue = 1'b1;
      end else if ((OvlDead == 1) && !r_act_i && w_act_i) begin
        // (OvlDead = 1) the word's NEXT (s + 1) finds no race: its decision starts and ends
        // one (CNT2 + 1 dirty somewhere and no FIFO short of room: the global block's ld);
        // otherwise the POLL goes out now, in a cycle that would have been a count slot
        if (ld_i) begin
          r_act = 1'b1;
          r_dec = 1'b1;
          r_nxt = 1'b0;
          pfx   = {1'b0, c2_p1_i};
        end else pnow = 1'b1;
      end else if ((OvlSpec != 0) && r_act_i && !r_dec_i && (r_i_i == 3'd1)) begin
        // OvlSpec: the SPEC slot rides on the NEXT tag (the 2-bit tags are all used). A NEXT
        // arrival always finds its race waiting for NEXT (r_nxt); a SPEC arrival never does
        // (SPEC is sent in idle only, and an idle race does not wait for NEXT). The SPEC sent
        // in p + 1 right after the POLL p that started the race arrives one cycle after that
        // GO, with the race still at slot 1: its digit 1. Any other SPEC arrives with no race
        // (before the GO) or with the race past slot 1 (the global block answered it 0): ignored.
        kar = 1'b1;
      end
      T_KEY: if (r_act_i && !r_dec_i) kar = 1'b1;
      default: if ((ld_i || dn_i) && (w_act_i || t_act_i)) begin
        // (OvlPipeEnd) exits come in word order: a tail's exit comes before any exit of the
        // word that started after it, so an exit answers the tail if there is one
        exit_o = ld_i;
        cmpl_o = ld_i && dn_i;
        if (t_act_i) t_act  = 1'b0;
        else         w_act  = 1'b0;
      end
    endcase
    // a key digit arrives: it extends the prefix
    if (kar) begin
      if ((KB % 2 == 1) && rk_e) pfx = {pfx_i[BarrierW-1:0], ld_i};
      else                       pfx = {pfx_i[BarrierW-2:0], ld_i, dn_i};
      r_i = r_i_i + 1'b1;
      rk  = (r_i_i == K - 1);
      if (rk_e) r_dec = 1'b1;
      else      kdue  = 1'b1;
    end
  end

  // (OvlPipeEnd) the decided winner differs from CNT2 (pfx[BW-1:0] != c2_i whenever r_dec),
  // written so that the broadcast enters last: decided before this cycle, the registers' compare;
  // decided now by the last key digit, the compare of the prefix's bits (registers) and the
  // digit ({ld_i, dn_i}); decided now by NEXT, CNT2 + 1 or + 2, never CNT2 (M >= 4). As
  // pfx[BW-1:0] != c2_i after the arrival's mux it followed the broadcast through that mux and
  // a comparison into the early head and w_j's enable: the worst path of the second placement
  // (ctl_load_o -> the global block's sequencer copy, 71.69 MHz)
  wire [BarrierW-1:0] kwin = (KB % 2 == 1) ? {pfx_i[BarrierW-2:0], ld_i} : {pfx_i[BarrierW-3:0], ld_i, dn_i};
  wire wne_x = r_dec_i ? (pfx_i[BarrierW-1:0] != c2_i) : kar ? (kwin != c2_i) : 1'b1;
  // (UseFlags, ovlrtl.md 16g) the same from the flags: the two compares of the state (10 and
  // 8 inputs) were 2 - 3 of the 4 - 5 LUT levels between the candidates' select and the head
  // decision (the early head), behind which w_j, CNT2, the head's decode and the race flags
  // of the next state and slot come; with the flags the head is a function of single bits.
  // The digit itself (ld_i / dn_i, constants in the precomputing steps) against CNT2's low
  // bits stays here: kh_i covers the window above it. (wne is read only with r_dec after the
  // arrival: r_dec_i, NEXT deciding, or the last digit's arrival, kar && rk_e: so ne_i and
  // kh_i need to be exact only there, see feas_ovl_seq's check.)
  wire wne_f = r_dec_i ? ne_i : kar ? !(kh_i && (kwin[KL-1:0] == c2_i[KL-1:0])) : 1'b1;
  wire wne = (UseFlags != 0) ? wne_f : wne_x;
  // the next state's flags: ne, the decided winner differs from CNT2, is wne itself wherever
  // it is read (r_dec after this step: decided before and no head (CNT2 unchanged), by NEXT
  // (CNT2 + 1 / + 2), or by the last digit (kar)); rk above; kh, at the digit before the last
  // (a non-final digit: the two-bit shift), and at a GO / an idle reset when K = 1 (the prefix
  // 0), else unchanged (CNT2 changes at a head only, which ends the race)
  wire [BarrierW:0] pfx_sh = {pfx_i[BarrierW-2:0], ld_i, dn_i};
  assign ne_o = wne;
  assign rk_o = irst ? (K == 1) : rk;
  assign kh_o = ((K == 1) && (irst || go)) ?
                  (c2_i[BarrierW-1:KL] == {(BarrierW - KL){1'b0}}) :
                kar ? (pfx_sh[BarrierW-1-KL:0] == c2_i[BarrierW-1:KL]) : kh_i;
`ifndef SYNTHESIS
  assign fl_ok_o = (UseFlags == 0) || ((rk_i == (r_i_i == K)) &&
                   (!(r_dec_i || (kar && rk_i)) || (wne_f == wne_x)));
`else
  assign fl_ok_o = 1'b1;
`endif

  always @* begin
    s_poll_o = 1'b0; s_next_o = 1'b0; s_key_o = 1'b0; s_head_o = 1'b0; s_cnt_o = 1'b0;
    s_kidx_o = r_i; s_kw1_o = (KB % 2 == 1) && (r_i == K); s_bar_o = pfx[BarrierW-1:0];
    s_j_o = w_j_i; tag = T_NONE; s_spec_o = 1'b0; ph_o = 1'b0; irst = 1'b0;
    c2_o = c2_i; w_off_o = (w_off_i == 2'd3) ? 2'd3 : w_off_i + 1'b1; w_j_o = w_j_i;
    w_act_o = w_act; t_act_o = t_act;
    if (!en_i) begin
      // clearing: nothing
    end else if (r_act && r_dec && !w_act) begin
      s_head_o = 1'b1;
      c2_o = pfx[BarrierW-1:0];
      w_act_o = 1'b1; w_off_o = 2'd1; w_j_o = 5'd0;
    end else if ((OvlPipeEnd == 2) && r_act && r_dec && !t_act && w_ge_i && wne) begin
      // overlap.md 13a, --pipeend 2: the running word has sent all its count slots but the
      // last, which goes out now (w_j = Q - 1: "CNT + HEAD", the lines are its bit), or all
      // of them (w_j = Q: the race was decided after the last slot): the word is over on the
      // lines, so the decided race's head need not wait for its exit. The word becomes the
      // tail (at most one: its exit, P after its last slot, comes before the new word's first
      // exit decision at E = 0). Not when the winner is the word's own barrier (CNT2): its
      // snapshot would be read before the word's rebase (overlap.md 13c); it waits as today.
      s_head_o = 1'b1;
      s_cnt_o  = w_lt_i;
      c2_o = pfx[BarrierW-1:0];
      t_act_o = 1'b1; w_off_o = 2'd1; w_j_o = 5'd0;
    end else if (r_act && !r_dec && !r_nxt && kdue) begin
      s_key_o = 1'b1; tag = T_KEY;
    end else if ((OvlDead == 1) && pnow && w_act) begin
      s_poll_o = 1'b1; tag = T_POLL;
    end else if (!w_act) begin
      if (!r_act) begin
        // OvlSpec (overlap.md 1d): idle cycles alternate POLL and SPEC (key slot 1 as if the
        // POLL of the cycle before said GO; the global block answers it only if it did). The
        // race state is reset in every such cycle (r_i = 1, pfx = 0), so that the pairs'
        // precomputed slot-2 digits (feas_ovl_pair's dg4_q, from the registers of the cycle
        // before) are for digit 1 when the SPEC's digit arrives, one cycle after the GO.
        irst = (OvlSpec != 0);
        if ((OvlSpec != 0) && ph_i) begin
          s_key_o = 1'b1; s_spec_o = 1'b1; s_kidx_o = 3'd1; s_kw1_o = (KB % 2 == 1) && (K == 1);
          tag = T_NEXT;
        end else begin
          s_poll_o = 1'b1; tag = T_POLL; ph_o = (OvlSpec != 0);
        end
      end
    end else if ((OvlDead == 1) && (w_off_i == 2'd1)) begin
      s_next_o = 1'b1; tag = T_NEXT;
    end else if ((OvlDead == 2) && (w_off_i == 2'd1)) begin
      if (!r_act) begin s_poll_o = 1'b1; tag = T_POLL; end
    end else if ((OvlDead == 2) && (w_off_i == 2'd2)) begin
      s_next_o = 1'b1; tag = T_NEXT;
    end else if (w_lt_i) begin
      s_cnt_o = 1'b1; w_j_o = w_j_i + 1'b1;
    end
  end
  // w_j_o < Q without a comparison behind the slot decision (ovlrtl.md 13): w_j_o is 0 at a
  // head, w_j_i + 1 at a count bit, else w_j_i; so w_j_o < Q is 1, w_j_i < Q - 1 (w_j_i != Q - 1,
  // as w_j_i < Q there) or w_j_i < Q: comparisons of w_j_i alone (in feas_ovl_seq a register),
  // the slot decision only selecting. The precomputing step's w_j < Q on the current step's
  // w_j_o (its adder, then a carry chain) was the worst path of two of five placements at
  // OvlR = 3. (Not w_lt_i in the last case: the flag is then a function of the cycle before
  // alone, which ovlequiv's 2-cycle unrolling can prove.)
  assign w_lt_o = s_head_o || (s_cnt_o ? (w_j_i != Q - 1) : (w_j_i < Q));
  // w_j_o >= Q - 1 the same way (ovlrtl.md 15): the early head's "all count slots sent but the
  // last" as a flip-flop; compared on the precomputing steps' w_j (the current step's w_j_o) it
  // was a carry chain after the current step's slot decision, the worst path of the first
  // placement (63.95 MHz)
  assign w_ge_o = !s_head_o && (s_cnt_o ? (w_j_i >= Q - 2) : (w_j_i >= Q - 1));

  assign tg_o    = {tg_i[2*P-3:0], tag};
  assign r_act_o = r_act && !s_head_o;
  assign r_dec_o = r_dec && !s_head_o;
  assign r_nxt_o = r_nxt;
  assign r_i_o   = irst ? 3'd1 : r_i;
  assign pfx_o   = irst ? {(BarrierW + 1){1'b0}} : pfx;
  // The next c2_p1 / c2_p2 (feas_ovl_seq's registers CNT2 + 1 / + 2; the + 2 a + 1 on the bits
  // above bit 0) as the sums of THIS CNT2, c2_i, not of the next one (ovlrtl.md 12): they are
  // read only at a NEXT arrival that finds a race waiting for it (r_act, r_nxt), and the cycle
  // after a head (the one cycle in which they differ from the sums of the next CNT2) has no race
  // (the head ends it). As sums of the next CNT2 (the head's barrier at a head) the carry chain
  // came after the broadcast: ctl_load -> the head -> CNT2 + 1 -> the next cycle's precomputed
  // slot was the worst path of step 1. Proven by ovlequiv; in every ovltb run.
  assign c2_p1_o = c2_i + 1'b1;
  assign c2_p2_o = {c2_i[BarrierW-1:1] + 1'b1, c2_i[0]};

endmodule

`default_nettype wire
