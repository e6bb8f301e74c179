// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/pairunit.md): the global block of the pairarb contract
// (feas_pair_arb_local.v's header, pairarb.md section 2), for N serial lines, i.e. N / 2 pair
// blocks. Inputs: the N lines (line 2i = pair i's A line, 2i + 1 its B line; B is 0 in every
// race slot, so the race sees the pairs' A lines only, but all N lines are ORed, as the
// contract says). Outputs: ctl_load and ctl_done, registered (one flip-flop each), broadcast
// to every pair. No other wire.
//
// Slot sequence (the cycle the lines carry it; the decision is ctl_load in the NEXT cycle):
//   POLL          ctl_load = OR(lines) (a hit: the next cycle is WRAP, else POLL again)
//   WRAP          ctl_load = NOR(lines) (the wrap bit of the key)
//   GW group      ctl_load = NOR(lines) each, GW = clog2(M) - 4
//   F             ctl_load = OR(lines) (some FIFO full: abort, the next cycle is a POLL)
//   4 bit slots   ctl_load = NOR(lines) each
//   head s, s + 1, s + 2: ctl_load = 0 (the lines are 0)
//   count slots j = 0 .. Q - 1 from s + 3, Q = T + clog2(N): the column popcount of the N
//                 lines plus the carry latch, LSB first (dsbc_encoder + dsbc_decision, the
//                 product's modules, unchanged). Bit j of the global sum is 1: ctl_load = 1,
//                 the word ends (the next cycle is a POLL, no completion). Bit Q - 1 is 0
//                 (all Q bits zero): ctl_load = 1 and ctl_done = 1 (d, a POLL).
// The carry latch is cleared in every cycle outside the count slots (so at count bit 0).
// After reset the block holds ctl_load = 0 and ignores the lines for 2M + 2 cycles (the pair
// blocks clear their RAMs in cycles 0 .. 2M - 1), then starts with a POLL.
//
// The lines are NOT registered on entry: the contract wants every slot's decision on
// ctl_load in the next cycle. Registering them would cost one cycle per slot decision and
// change the pair blocks' contract (every race slot two cycles long, or the slots
// reinterpreted); not done here.
//
// RegLines = 1 (pairunit.md "Registered lines"): the lines are registered on entry, and the
// pair blocks register them before they leave (feas_pair_arb_local's RegLines), so the lines
// this block reads in cycle y are the pairs' of y - 2: the slot sequence above, read through
// the register, with R = 2 skipped cycles (ctl_load = 0, the lines ignored: the pairs had not
// yet seen the decision) after every decision that moves the pairs to another slot: POLL
// with a hit, WRAP, each group slot, F, each bit slot, the word's exit. Not after a POLL
// without a hit (the next POLL is read at once), nor in the head, dead and count slots.
//
// RegLines = 2 (pairunit.md section 8): the same ctl_load / ctl_done in every cycle as
// RegLines = 1, with the entry register holding partial results instead of the raw lines
// (N <= 16 only): per group of 4 lines its count pcq (3 bits) and its OR anyq, computed in
// the cycle the lines arrive (one LUT level after the long route) and registered where
// lines_q was. The carry latch is kept in carry-save form, carry = ca_q + cb_q: per count
// slot the six operands (4 group counts, ca_q, cb_q) are compressed by three levels of
// full adders (3:2, one LUT level each) into X + 2Y = column sum + carry; the decision is
// that sum's parity (the XOR of the six operands' bit 0), the next carry is
// (X + 2Y) >> 1 = (X >> 1) + Y, so ca_q <= X >> 1, cb_q <= Y: no carry chain, no adder tree.

`default_nettype none

module feas_pair_arb_global #(
  parameter integer NumPes      = 16,  // N, lines (2 per pair block), >= 2, even
  parameter integer NumBarriers = 32,  // M, a power of two, 32 .. 128
  parameter integer CountBits   = 16,  // T
  parameter integer RegLines    = 0    // 1: the lines registered on entry (header)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [NumPes-1:0] lines_i,
  output reg               ctl_load_o,
  output reg               ctl_done_o
);

  localparam integer BW    = $clog2(NumBarriers);
  localparam integer GW    = BW - 4;
  localparam integer Q     = CountBits + $clog2(NumPes);
  localparam integer SumW  = $clog2(NumPes + 1);
  localparam integer JW    = $clog2(Q);
  localparam integer InitN = 2 * NumBarriers + 2;
  localparam integer IW    = $clog2(InitN + 1);

  localparam [31:0] JLast = Q - 1;
  localparam [31:0] GLast = GW - 1;
  localparam [31:0] BLast = 3;
  localparam [31:0] ILast = InitN - 1;
  localparam [JW-1:0] JLAST = JLast[JW-1:0];
  localparam [JW-1:0] GLAST = GLast[JW-1:0];
  localparam [JW-1:0] BLAST = BLast[JW-1:0];
  localparam [IW-1:0] ILAST = ILast[IW-1:0];

  localparam [3:0] P_INIT = 4'd0, P_POLL = 4'd1, P_WRAP = 4'd2, P_GRP = 4'd3, P_F = 4'd4,
                   P_BIT = 4'd5, P_HEAD = 4'd6, P_DEAD1 = 4'd7, P_DEAD2 = 4'd8, P_CNT = 4'd9;

  reg [3:0]    ph_q;
  reg [JW-1:0] j_q;
  reg [IW-1:0] init_q;
  reg [1:0]    sk_q;     // RegLines: cycles left to skip
  wire [NumPes-1:0] lin;
  generate
    if (RegLines == 1) begin : g_reg_lines
      reg [NumPes-1:0] lines_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) lines_q <= {NumPes{1'b0}};
        else         lines_q <= lines_i;
      end
      assign lin = lines_q;
    end else if (RegLines == 0) begin : g_comb_lines
      assign lin = lines_i;
    end else begin : g_fast_lines  // RegLines = 2: the entry register is in g_fast (below)
      assign lin = {NumPes{1'b0}};
    end
  endgenerate
  localparam [1:0] SKIP = (RegLines != 0) ? 2'd2 : 2'd0;

  wire [SumW-1:0] col_sum;
  wire            any, decision;
  wire            in_cnt = (ph_q == P_CNT);

  generate
    if (RegLines >= 2) begin : g_fast
      localparam integer CW = 7;  // operands and carry-save halves: every value < 2^CW
      reg  [2:0]    pcq [0:3];     // count of lines 4g .. 4g + 3 (the entry register)
      reg  [3:0]    anyq;          // OR of lines 4g .. 4g + 3
      reg  [CW-1:0] ca_q, cb_q;    // the carry latch, carry-save: carry = ca_q + cb_q
      wire [15:0]   l16 = {{(16 - NumPes){1'b0}}, lines_i};
      integer gq;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          for (gq = 0; gq < 4; gq = gq + 1) pcq[gq] <= 3'd0;
          anyq <= 4'd0;
        end else begin
          for (gq = 0; gq < 4; gq = gq + 1) begin
            pcq[gq]  <= {2'b00, l16[4*gq]} + {2'b00, l16[4*gq+1]} + {2'b00, l16[4*gq+2]} +
                        {2'b00, l16[4*gq+3]};
            anyq[gq] <= |l16[4*gq +: 4];
          end
        end
      end
      // three levels of 3:2 compressors: pc0 + pc1 + pc2 + pc3 + ca + cb = X + 2 Y
      wire [CW-1:0] p0 = {{(CW - 3){1'b0}}, pcq[0]};
      wire [CW-1:0] p1 = {{(CW - 3){1'b0}}, pcq[1]};
      wire [CW-1:0] p2 = {{(CW - 3){1'b0}}, pcq[2]};
      wire [CW-1:0] p3 = {{(CW - 3){1'b0}}, pcq[3]};
      wire [CW-1:0] x1 = p0 ^ p1 ^ p2;
      wire [CW-1:0] y1 = (p0 & p1) | (p0 & p2) | (p1 & p2);
      wire [CW-1:0] x2 = p3 ^ ca_q ^ cb_q;
      wire [CW-1:0] y2 = (p3 & ca_q) | (p3 & cb_q) | (ca_q & cb_q);
      wire [CW-1:0] t1 = {y1[CW-2:0], 1'b0};  // 2 y1
      wire [CW-1:0] t2 = {y2[CW-2:0], 1'b0};  // 2 y2
      wire [CW-1:0] x3 = x1 ^ x2 ^ t1;
      wire [CW-1:0] y3 = (x1 & x2) | (x1 & t1) | (x2 & t1);
      wire [CW-1:0] t3 = {y3[CW-2:0], 1'b0};  // 2 y3
      wire [CW-1:0] xx = x3 ^ t3 ^ t2;
      wire [CW-1:0] yy = (x3 & t3) | (x3 & t2) | (t3 & t2);
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          ca_q <= {CW{1'b0}};
          cb_q <= {CW{1'b0}};
        end else if (!in_cnt) begin
          ca_q <= {CW{1'b0}};
          cb_q <= {CW{1'b0}};
        end else begin
          ca_q <= {1'b0, xx[CW-1:1]};
          cb_q <= yy;
        end
      end
      assign decision = pcq[0][0] ^ pcq[1][0] ^ pcq[2][0] ^ pcq[3][0] ^ ca_q[0] ^ cb_q[0];
      assign any      = |anyq;
      assign col_sum  = {SumW{1'b0}};
      wire unused_fast = &{1'b0, xx[0], y1[CW-1], y2[CW-1], y3[CW-1], col_sum, lin};
`ifndef SYNTHESIS
      // the carry-save carry equals dsbc_decision's (checked against a plain model)
      reg [CW-1:0] carry_m;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) carry_m <= {CW{1'b0}};
        else if (!in_cnt) carry_m <= {CW{1'b0}};
        else carry_m <= (p0 + p1 + p2 + p3 + carry_m) >> 1;
      end
      always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
        // out of reset only
      end else begin
        if (ca_q + cb_q != carry_m)
          $fatal(1, "%m: the carry-save carry differs from the plain carry at %0t", $time);
        if (yy[CW-1] || (ca_q + cb_q) >= (1 << (CW - 1)))
          $fatal(1, "%m: the carry-save carry overflows at %0t", $time);
      end
      initial if (NumPes > 16) $fatal(1, "feas_pair_arb_global: RegLines = 2 needs NumPes <= 16");
`endif
    end else begin : g_std
      dsbc_encoder #(.NumPes(NumPes), .SumW(SumW)) u_enc (
        .bits_i(lin), .sum_o(col_sum), .any_o(any)
      );
      dsbc_decision #(.NumPes(NumPes), .SumW(SumW)) u_dec (
        .clk_i(clk_i), .rst_ni(rst_ni), .col_sum_i(col_sum), .clear_i(!in_cnt),
        .advance_i(in_cnt), .decision_o(decision)
      );
    end
  endgenerate

  wire last_bit = (j_q == JLAST);

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ph_q       <= P_INIT;
      j_q        <= {JW{1'b0}};
      init_q     <= {IW{1'b0}};
      ctl_load_o <= 1'b0;
      ctl_done_o <= 1'b0;
      sk_q       <= 2'd0;
    end else if ((RegLines != 0) && (sk_q != 2'd0)) begin
      ctl_load_o <= 1'b0;
      ctl_done_o <= 1'b0;
      sk_q       <= sk_q - 1'b1;
    end else begin
      ctl_done_o <= 1'b0;
      case (ph_q)
        P_INIT: begin
          ctl_load_o <= 1'b0;
          init_q     <= init_q + 1'b1;
          if (init_q == ILAST) ph_q <= P_POLL;
        end
        P_POLL: begin
          ctl_load_o <= any;
          if (any) begin
            ph_q <= P_WRAP;
            sk_q <= SKIP;
          end
        end
        P_WRAP: begin
          ctl_load_o <= !any;
          j_q        <= {JW{1'b0}};
          ph_q       <= (GW > 0) ? P_GRP : P_F;
          sk_q       <= SKIP;
        end
        P_GRP: begin
          ctl_load_o <= !any;
          j_q        <= j_q + 1'b1;
          sk_q       <= SKIP;
          if (j_q == GLAST) ph_q <= P_F;
        end
        P_F: begin
          ctl_load_o <= any;
          j_q        <= {JW{1'b0}};
          ph_q       <= any ? P_POLL : P_BIT;
          sk_q       <= SKIP;
        end
        P_BIT: begin
          ctl_load_o <= !any;
          j_q        <= j_q + 1'b1;
          sk_q       <= SKIP;
          if (j_q == BLAST) ph_q <= P_HEAD;
        end
        P_HEAD: begin
          ctl_load_o <= 1'b0;
          ph_q       <= P_DEAD1;
        end
        P_DEAD1: begin
          ctl_load_o <= 1'b0;
          ph_q       <= P_DEAD2;
        end
        P_DEAD2: begin
          ctl_load_o <= 1'b0;
          j_q        <= {JW{1'b0}};
          ph_q       <= P_CNT;
        end
        default: begin  // P_CNT
          j_q <= j_q + 1'b1;
          if (decision || last_bit) begin
            ctl_load_o <= 1'b1;
            ctl_done_o <= !decision;
            ph_q       <= P_POLL;
            sk_q       <= SKIP;
          end else begin
            ctl_load_o <= 1'b0;
          end
        end
      endcase
    end
  end

`ifndef SYNTHESIS
  initial begin
    if ((NumBarriers & (NumBarriers - 1)) != 0 || NumBarriers < 32 || NumBarriers > 128)
      $fatal(1, "feas_pair_arb_global: NumBarriers = %0d: a power of two, 32..128 only", NumBarriers);
    if (NumPes < 2 || NumPes % 2 != 0)
      $fatal(1, "feas_pair_arb_global: NumPes = %0d: even, >= 2", NumPes);
  end
`endif

endmodule

`default_nettype wire
