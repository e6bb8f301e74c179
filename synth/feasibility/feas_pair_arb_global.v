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
    if (RegLines != 0) begin : g_reg_lines
      reg [NumPes-1:0] lines_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) lines_q <= {NumPes{1'b0}};
        else         lines_q <= lines_i;
      end
      assign lin = lines_q;
    end else begin : g_comb_lines
      assign lin = lines_i;
    end
  endgenerate
  localparam [1:0] SKIP = (RegLines != 0) ? 2'd2 : 2'd0;

  wire [SumW-1:0] col_sum;
  wire            any, decision;
  wire            in_cnt = (ph_q == P_CNT);

  dsbc_encoder #(.NumPes(NumPes), .SumW(SumW)) u_enc (
    .bits_i(lin), .sum_o(col_sum), .any_o(any)
  );
  dsbc_decision #(.NumPes(NumPes), .SumW(SumW)) u_dec (
    .clk_i(clk_i), .rst_ni(rst_ni), .col_sum_i(col_sum), .clear_i(!in_cnt),
    .advance_i(in_cnt), .decision_o(decision)
  );

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
