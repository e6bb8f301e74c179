// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md): the race side of one pair block under the overlap
// contract (feas_pair_arb_local with Overlap = 1; overlap.md sections 1a, 1b, 8). It replaces
// feas_arb_lean_ctl there: the sequencer copy, the pair's dirty set, the key digits, the FIFO
// room, and the two line flip-flops. The count RAM, the read-modify-write pipeline, the
// snapshot, the PISOs, the rebase and the FIFOs stay the pair block's.
//
// - Dirty set: M flip-flops (M = 32: 32 FF), not the dirty-bit RAM. The race for word k + 1
//   runs during word k, and the key digits, NEXT and POLL each want the whole set, or a word
//   of it, in cycles the RAM's single read port would have to share with the FIFO fetch and
//   with the clear after the head: with flip-flops there is no port schedule at all (the RAM
//   keeps only the FIFO storage). D[b] is set by a commit (stage c) of either PE after the
//   cut, cleared at b's head s; a commit in s to b* after the cut (A's, odd s) sets it again
//   in the same cycle (the set wins); B's commit in an even s is in the snapshot and does not
//   set it (the caller's in_cut, as today).
// - Key digits, designed for the clock (overlap.md section 8): key slot i + 1 is sent in the
//   cycle digit i arrives, and its content depends on that digit. In the cycle before, the
//   four digits for the four possible arrivals are computed from the dirty set and the prefix
//   (dg4_q), and the line flip-flop takes one of them selected by (ctl_load, ctl_done): one
//   4:1 mux after the broadcast. Slot 1's digit (no prefix) is likewise registered (dg1_q).
//   Computing from the set one cycle old is sound: during a race the set only grows (no head
//   falls inside a race), so a candidate that made the previous digit is still in it
//   (overlap.md section 2, claim 2).
// - FIFO room (POLL's B): a FIFO of this pair with fewer than 2 free entries, counting a
//   completion's push from the cycle the completion is seen (d), not from its RAM write in
//   d + 3: the push still pending is counted (overlap.md section 9's open point). occ_*_q =
//   completions seen - pops done; the FIFO holds at most D entries, checked by the caller.

`default_nettype none

module feas_ovl_pair #(
  parameter integer NumBarriers = 32,  // M
  parameter integer Q           = 20,
  parameter integer FifoDepth   = 8,   // D
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                en_i,        // the pair's clearing is over
  input  wire                ld_i,        // ctl_load
  input  wire                dn_i,        // ctl_done
  input  wire                dset_i,      // a commit (stage c) after the cut ...
  input  wire [BarrierW-1:0] dset_bar_i,  // ... to this barrier
  input  wire                pop_a_i,     // a pop taken by FIFO A / B
  input  wire                pop_b_i,
  input  wire                a_cbit_i,    // the count bit of PE A / B for this cycle
  input  wire                b_cbit_i,
  output wire                head_o,      // s: the head now ...
  output wire [BarrierW-1:0] head_bar_o,  // ... of this barrier
  output wire                exit_o,      // the broadcast now is a word's exit ...
  output wire                cmpl_o,      // ... a completion (the caller's ctl_done)
  output wire                key_o,       // a key slot now (the PISOs hold)
  output reg                 a_line_o,    // the registered lines
  output reg                 b_line_o
);

  localparam integer M  = NumBarriers;
  localparam integer KB = BarrierW + 1;
  localparam integer K  = (KB + 1) / 2;
  localparam integer OW = $clog2(FifoDepth + 1);
  localparam [OW-1:0] DM1 = FifoDepth - 1;

  wire s_poll, s_next, s_key, s_kw1, s_head, s_cnt, arr, arr_nx;
  wire [2:0] s_kidx, ri;
  wire [4:0] s_j;
  wire [BarrierW-1:0] s_bar, cnt2;
  wire [BarrierW:0] pfx;
  wire [1:0] arr_kind_nx;
  wire r_act, r_dec, r_nxt;
  feas_ovl_seq #(.NumBarriers(NumBarriers), .Q(Q)) u_seq (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ld_i(ld_i), .dn_i(dn_i),
    .s_poll_o(s_poll), .s_next_o(s_next), .s_key_o(s_key), .s_kidx_o(s_kidx), .s_kw1_o(s_kw1),
    .s_head_o(s_head), .s_bar_o(s_bar), .s_cnt_o(s_cnt), .s_j_o(s_j), .exit_o(exit_o),
    .cmpl_o(cmpl_o), .arr_o(arr), .arr_nx_o(arr_nx), .arr_kind_nx_o(arr_kind_nx),
    .cnt2_o(cnt2), .pfx_o(pfx), .ri_o(ri), .r_act_o(r_act), .r_dec_o(r_dec), .r_nxt_o(r_nxt)
  );
  assign head_o     = s_head;
  assign head_bar_o = s_bar;
  assign key_o      = s_key;

  // ---- the dirty set ----
  reg  [M-1:0] d_q;
  wire [M-1:0] clr_m = s_head ? ({{(M - 1){1'b0}}, 1'b1} << s_bar) : {M{1'b0}};
  wire [M-1:0] set_m = dset_i ? ({{(M - 1){1'b0}}, 1'b1} << dset_bar_i) : {M{1'b0}};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) d_q <= {M{1'b0}};
    else         d_q <= (d_q & ~clr_m) | set_m;
  end

  // ---- candidate keys {wrap, b}, wrap = (b <= CNT2): km[{w, b}] ----
  reg [2*M-1:0] km;
  integer b;
  always @* for (b = 0; b < M; b = b + 1) begin
    km[b]     = d_q[b] && (b > cnt2);
    km[M + b] = d_q[b] && (b <= cnt2);
  end

  // the digit of a key slot: the next W bits of the smallest candidate whose top L bits are
  // pf (right-aligned), all ones if there is none (W = 2, or 1 for the last slot of an odd KB)
  function [1:0] digit(input [2*M-1:0] kmv, input [KB-1:0] pf, input integer L);
    integer k, w, part;
    reg [3:0] any;
    begin
      w = (KB - L >= 2) ? 2 : 1;
      any = 4'd0;
      for (k = 0; k < 2 * M; k = k + 1)
        if (kmv[k] && ((k >> (KB - L)) == pf)) begin
          part = (k >> (KB - L - w)) & ((1 << w) - 1);
          any[part] = 1'b1;
        end
      if (w == 2) digit = any[0] ? 2'd0 : any[1] ? 2'd1 : any[2] ? 2'd2 : 2'd3;
      else        digit = any[0] ? 2'd0 : 2'd1;
    end
  endfunction

  // precompute: slot 1's digit; for a key digit i arriving next cycle (i = ri, prefix pfx of
  // 2 (i - 1) bits), the digit of slot i + 1 for each of the 4 values of digit i
  reg [1:0] dg1_q;
  reg [7:0] dg4_q;   // dg4_q[2d +: 2]: slot i + 1's digit if digit i = d = {ctl_load, ctl_done}
  reg [7:0] dg4_nx;
  integer ii, dd;
  always @* begin
    dg4_nx = 8'hff;
    for (ii = 1; ii < K; ii = ii + 1)
      if (ri == ii)
        for (dd = 0; dd < 4; dd = dd + 1)
          dg4_nx[2*dd +: 2] = digit(km, {pfx[KB-1:0], 2'b00} | dd, 2 * ii);
  end
  always @(posedge clk_i) begin
    dg1_q <= digit(km, {KB{1'b0}}, 0);
    dg4_q <= dg4_nx;
  end
  wire [1:0] kdig = (s_kidx == 3'd1) ? dg1_q : dg4_q[2 * {ld_i, dn_i} +: 2];

  // ---- FIFO room ----
  reg [OW-1:0] occ_a_q, occ_b_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      occ_a_q <= {OW{1'b0}};
      occ_b_q <= {OW{1'b0}};
    end else begin
      occ_a_q <= occ_a_q + cmpl_o - pop_a_i;
      occ_b_q <= occ_b_q + cmpl_o - pop_b_i;
    end
  end
  // fewer than 2 free entries (a completion seen now counts already)
  wire short = ((occ_a_q + cmpl_o) > DM1 - 1) || ((occ_b_q + cmpl_o) > DM1 - 1);

  wire [BarrierW-1:0] n1 = cnt2 + 1'b1;
  wire [BarrierW-1:0] n2 = cnt2 + 2'd2;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_line_o <= 1'b0;
      b_line_o <= 1'b0;
    end else begin
      a_line_o <= s_poll ? (|d_q) : s_next ? d_q[n1] : s_key ? kdig[1] : s_cnt ? a_cbit_i : 1'b0;
      b_line_o <= s_poll ? short : s_next ? d_q[n2] : s_key ? (s_kw1 || kdig[0]) :
                  s_cnt ? b_cbit_i : 1'b0;
    end
  end

  wire unused = &{1'b0, arr, arr_nx, arr_kind_nx, s_j, r_act, r_dec, r_nxt};

`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else begin
    if (occ_a_q > FifoDepth || occ_b_q > FifoDepth)
      $fatal(1, "%m: FIFO occupancy above its depth at %0t", $time);
    if (s_key && s_kidx != 3'd1 && !arr)
      $fatal(1, "%m: key slot > 1 not at a digit's arrival at %0t", $time);
  end
`endif

endmodule

`default_nettype wire
