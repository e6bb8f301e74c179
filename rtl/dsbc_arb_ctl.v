// SPDX-License-Identifier: Apache-2.0
// Global control of scheduler arb (Sched = 1; the issue 13 contract, docs/architecture.md
// 4e). Replaces the round robin's control FSM inside dsbc_global; the encoder and the
// decision module (carry latch) are shared with it.
//
// Phases (p POLL, a = p+1, s = a+BW head; ctl_load is a register, so every value below is
// decided in the cycle before it is on the wire):
//   INIT       cycles 0..M-1, the locals clear their RAMs; POLL at cycle M
//   POLL p     some line 1 -> ARB at p+1 with ctl_load = 1 (racing mask <- lines); else POLL
//   ARB j      bit = NOR of (lines & mask): a racer with a 0 in this bit of r wins it;
//              ctl_load in a+j+1 = bit; racers with a 1 drop out of the mask if bit = 0
//   HEAD s     snap_o; CNT2 <- b; all lines 0 (clean) -> exit, POLL at s+1, ctl_load = 1
//   FULL s+1   some line 1 -> exit, HEAD of CNT2+1 at s+2, ctl_load = 1; carry cleared
//   COUNT j    x = column sum + carry; odd -> exit (HEAD, ctl_load = 1); j = Q-1 -> complete:
//              ctl_done in d (and M > 1: ctl_load, HEAD of CNT2+1 in d; M = 1: two idle
//              cycles so the rebase commits before the head in d+2)

`default_nettype none

module dsbc_arb_ctl #(
  parameter integer NumPes      = 4,   // N
  parameter integer NumBarriers = 4,   // M
  parameter integer BarrierW    = 2,   // BW = max(1, clog2(M))
  parameter integer Q           = 18   // count slots, T + clog2(N) (dsbc_global)
) (
  input  wire                clk_i,            // clock, rising edge
  input  wire                rst_ni,           // asynchronous reset, active low
  input  wire [NumPes-1:0]   lines_i,          // one serial line from every local block
  input  wire                decision_i,       // LSB of column sum + carry (dsbc_decision)
  output wire                carry_clear_o,    // start of the count slots: carry <- 0
  output reg                 carry_advance_o,  // count bit checked and 0: carry <- x >> 1
  output wire                ctl_load_o,       // broadcast (registered)
  output wire                ctl_done_o,       // broadcast (registered)
  output wire                snap_o,           // head slot (snapshot) in this cycle
  output wire [BarrierW-1:0] cnt2_o            // global copy of CNT2
);

  localparam integer M    = NumBarriers;
  localparam integer BW   = BarrierW;
  localparam integer CntMax = (Q > BW) ? Q : BW;
  localparam integer CntW = $clog2(CntMax + 1);
  localparam integer InitW = (M > 1) ? $clog2(M) : 1;
  localparam integer LastBarrier = M - 1;
  localparam [BW-1:0]    LAST_BARRIER = LastBarrier[BW-1:0];
  localparam [InitW-1:0] INIT_CYCLES  = LastBarrier[InitW-1:0];
  localparam integer LastArb   = BW - 1;
  localparam integer LastCount = Q - 1;
  localparam [CntW-1:0]  LAST_ARB     = LastArb[CntW-1:0];
  localparam [CntW-1:0]  LAST_COUNT   = LastCount[CntW-1:0];
  localparam [BW:0]      M_WIDE       = M[BW:0];

  localparam [2:0] G_INIT  = 3'd0,
                   G_POLL  = 3'd1,
                   G_ARB   = 3'd2,
                   G_HEAD  = 3'd3,
                   G_FULL  = 3'd4,
                   G_COUNT = 3'd5,
                   G_GAP1  = 3'd6,   // M = 1 only: cycle d (ctl_done) ...
                   G_GAP2  = 3'd7;   // ... and d+1 (idle); the head follows in d+2

  reg  [2:0]        state_q, state_d;
  reg  [CntW-1:0]   cnt_q, cnt_d;        // ARB slot or count slot index (CNT1)
  reg               load_q, load_d;
  reg               done_q, done_d;
  reg  [NumPes-1:0] mask_q, mask_d;      // racers still in the race
  reg  [BW-1:0]     rstar_q, rstar_d;    // arbitration result, MSB first
  reg               head_arb_q, head_arb_d;  // the coming head follows an ARB (else CNT2+1)
  reg  [BW-1:0]     cnt2_q;
  reg  [InitW-1:0]  init_cnt_q;

  wire              any   = |lines_i;
  wire [NumPes-1:0] still = lines_i & mask_q;   // racers with a 0 in this bit of r
  wire [BW:0]       rstar_wide  = {1'b0, rstar_q};
  wire [BW:0]       rstar_shift = {rstar_q, ~|still};  // the new bit in, the oldest out

  // Head barrier: CNT2 + 1 (+ r* after an ARB), mod M; r* <= M - 1 so the sum is below 2M.
  wire [BW-1:0] cnt2_succ = (cnt2_q == LAST_BARRIER) ? {BW{1'b0}} : cnt2_q + 1'b1;
  wire [BW:0]   head_sum  = {1'b0, cnt2_succ} + (head_arb_q ? rstar_wide : {BW+1{1'b0}});
  wire [BW:0]   head_wrap = (head_sum >= M_WIDE) ? head_sum - M_WIDE : head_sum;
  // Bits that are always 0 (the wrapped sum is below M) or shifted out on purpose.
  wire          unused_top = &{1'b0, head_wrap[BW], rstar_shift[BW]};

  always @* begin
    state_d         = state_q;
    cnt_d           = cnt_q;
    load_d          = 1'b0;
    done_d          = 1'b0;
    mask_d          = mask_q;
    rstar_d         = rstar_q;
    head_arb_d      = head_arb_q;
    carry_advance_o = 1'b0;
    case (state_q)
      G_INIT: if (init_cnt_q == {InitW{1'b0}}) state_d = G_POLL;
      G_POLL: begin
        if (any) begin
          state_d = G_ARB;
          cnt_d   = {CntW{1'b0}};
          load_d  = 1'b1;                  // "arbitration starts"
          mask_d  = lines_i;               // the racers: OR(D_i) was 1
        end
      end
      G_ARB: begin
        load_d  = ~|still;                 // this bit of r*
        if (!load_d) mask_d = still;       // racers with a 1 here lost
        rstar_d = rstar_shift[BW-1:0];
        if (cnt_q == LAST_ARB) begin
          state_d    = G_HEAD;
          head_arb_d = 1'b1;
        end else begin
          cnt_d = cnt_q + 1'b1;
        end
      end
      G_HEAD: begin
        if (!any) begin                    // nobody committed since b's previous head: exit
          state_d = G_POLL;
          load_d  = 1'b1;
        end else begin
          state_d = G_FULL;
        end
      end
      G_FULL: begin
        if (any) begin                     // some FIFO has no room: exit
          state_d    = G_HEAD;
          load_d     = 1'b1;
          head_arb_d = 1'b0;
        end else begin
          state_d = G_COUNT;
          cnt_d   = {CntW{1'b0}};
        end
      end
      G_COUNT: begin
        if (decision_i) begin              // this bit of the global sum is 1: exit
          state_d    = G_HEAD;
          load_d     = 1'b1;
          head_arb_d = 1'b0;
        end else if (cnt_q == LAST_COUNT) begin
          done_d     = 1'b1;               // all Q bits are 0: complete
          head_arb_d = 1'b0;
          if (M > 1) begin
            state_d = G_HEAD;
            load_d  = 1'b1;
          end else begin
            state_d = G_GAP1;
          end
        end else begin
          cnt_d           = cnt_q + 1'b1;
          carry_advance_o = 1'b1;
        end
      end
      G_GAP1: state_d = G_GAP2;
      G_GAP2: begin
        state_d = G_HEAD;
        load_d  = 1'b1;
      end
      default: state_d = G_POLL;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q    <= G_INIT;
      cnt_q      <= {CntW{1'b0}};
      load_q     <= 1'b0;
      done_q     <= 1'b0;
      mask_q     <= {NumPes{1'b0}};
      rstar_q    <= {BW{1'b0}};
      head_arb_q <= 1'b0;
      cnt2_q     <= LAST_BARRIER;
      init_cnt_q <= INIT_CYCLES;
    end else begin
      state_q    <= state_d;
      cnt_q      <= cnt_d;
      load_q     <= load_d;
      done_q     <= done_d;
      mask_q     <= mask_d;
      rstar_q    <= rstar_d;
      head_arb_q <= head_arb_d;
      if (state_q == G_HEAD) cnt2_q <= head_wrap[BW-1:0];
      if (state_q == G_INIT) init_cnt_q <= init_cnt_q - 1'b1;
    end
  end

  assign carry_clear_o = (state_q == G_FULL);
  assign ctl_load_o    = load_q;
  assign ctl_done_o    = done_q;
  assign snap_o        = (state_q == G_HEAD);
  assign cnt2_o        = cnt2_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Simulation check that stops the run: a completion only at the last count slot.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only: before the first reset the registers are random
    end else if (done_d && !(state_q == G_COUNT && cnt_q == LAST_COUNT)) begin
      $fatal(1, "%m: completion outside the last count slot at %0t", $time);
    end
  end
`endif
`endif

endmodule

`default_nettype wire
