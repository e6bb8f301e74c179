// SPDX-License-Identifier: Apache-2.0
// Local side of scheduler arb (Sched = 1; the issue 13 contract, docs/architecture.md 4e):
// the dirty bits, the phase of the fixed slot sequence as seen from ctl_load / ctl_done, the
// race, and what this PE puts on its one line (rr_bit) in each slot. The snapshot itself,
// CNT2, the PISO and the rebase stay in dsbc_rr, driven by snap_o / snap_addr_o.
//
// Slot sequence (p POLL, a = p+1 first ARB slot, s = a+BW head, all blocks in step):
//   POLL        line = OR(D)                     global: some 1 -> ctl_load=1 in p+1 (ARB 0)
//   ARB j       line = racing & ~r[BW-1-j]       global: ctl_load in a+j+1 = bit BW-1-j of r*
//   HEAD s      line = D[b] (then cleared)       global: all 0 -> exit, POLL at s+1
//   FULL s+1    line = FIFO full                 global: some 1 -> exit, HEAD at s+2
//   COUNT j     line = count bit j (dsbc_rr)     global: odd -> exit; last -> complete
// An exit (or, M > 1, a completion) shows as ctl_load = 1 in the first cycle of the next
// phase, so the line in that cycle is a 2:1 mux on ctl_load_i between two values computed
// from registers only: that mux is the only combinational path from ctl_load_i to the line.
// The global block keeps the race mask itself, so a PE that lost an arbitration bit keeps
// sending (the global ignores it): no line depends on earlier broadcast bits.

`default_nettype none

module dsbc_arb_local #(
  parameter integer NumBarriers = 4,  // M
  parameter integer BarrierW    = 2   // BW = max(1, clog2(M))
) (
  input  wire                clk_i,             // clock, rising edge
  input  wire                rst_ni,            // asynchronous reset, active low
  input  wire                ctl_load_i,        // broadcast: POLL outcome, ARB bits, exit
  input  wire                ctl_done_i,        // broadcast: complete (M = 1: an idle cycle follows)
  input  wire [BarrierW-1:0] cnt2_i,            // CNT2 (dsbc_rr): the last head's barrier
  input  wire [BarrierW-1:0] cnt2_succ_i,       // (CNT2 + 1) mod M
  input  wire                commit_valid_i,    // a PE request committed this cycle ...
  input  wire [BarrierW-1:0] commit_barrier_i,  // ... to this barrier: it becomes dirty
  input  wire                fifo_full_i,       // FIFO full now (the full slot's line)
  input  wire                piso_bit_i,        // the PISO's count bit (the count slots' line)
  output wire                line_o,            // this PE's serial line to the global block
  output wire                snap_o,            // head slot now: snapshot snap_addr_o
  output wire [BarrierW-1:0] snap_addr_o        // the barrier of the head slot
);

  localparam integer M    = NumBarriers;
  localparam integer BW   = BarrierW;
  // r* >> 1 (the arbitration bits before the last one); one dummy bit when BW = 1.
  localparam integer RhiW = (BW > 1) ? BW - 1 : 1;
  localparam integer LastBarrier = M - 1;
  localparam [BW-1:0] LAST_BARRIER = LastBarrier[BW-1:0];
  localparam integer LastArb = BW - 1;
  localparam integer One     = 1;
  localparam [BW-1:0] LAST_ARB = LastArb[BW-1:0];
  localparam [BW-1:0] ARB_ONE  = One[BW-1:0];
  localparam [BW:0]   M_WIDE   = M[BW:0];

  // The phase this cycle has if ctl_load_i is 0; the comment says what ctl_load_i = 1 means.
  localparam [2:0] L_POLL  = 3'd0,  // POLL;            ctl_load = 1: ARB slot 0
                   L_ARB   = 3'd1,  // ARB slot 1..BW-1 (ctl_load carries an r* bit)
                   L_HEAD  = 3'd2,  // HEAD after ARB  (ctl_load carries bit 0 of r*)
                   L_FULL  = 3'd3,  // FULL;            ctl_load = 1: clean head, POLL now
                   L_COUNT = 3'd4,  // COUNT slot;      ctl_load = 1: exit/complete, HEAD now
                   L_IDLE  = 3'd5;  // M = 1 after done: idle; ctl_load = 1: HEAD now

  reg  [2:0]      state_q, state_d;
  reg  [BW-1:0]   arb_j_q;         // ARB slot index (1..BW-1 in L_ARB)
  reg             racing_q;        // OR(D) at the POLL: this PE takes part in the race
  reg  [BW-1:0]   r_q;             // r_i from the POLL, shifted left once per ARB slot
  reg  [RhiW-1:0] rhi_q;           // r* bits BW-1..1, from ctl_load in slots a+1..a+BW-1
  reg             snap_dirty_q;    // D[b] as the last head cleared it
  reg             first_count_q;   // this cycle is s+2, the slot after FULL

  ///////////////////
  // Head address  //
  ///////////////////

  // After ARB: b = (CNT2 + 1 + r*) mod M, with bit 0 of r* arriving on ctl_load_i in s. Both
  // candidates b0 (bit 0 = 0) and b1 = b0 + 1 are registers, written in the last ARB slot
  // (every cycle, but only that cycle's value is used: the L_HEAD state follows it, and CNT2
  // does not change during the race): the adder, its wrap and the increment then sit before
  // a register instead of between CNT2 and the head line. In that slot bits BW-1..2 of r* are
  // in rhi_q and bit 1 arrives on ctl_load_i, so the value for each ctl_load_i is computed
  // from registers and ctl_load_i picks one at the end.
  wire [BW-1:0] rhi_off0, rhi_off1;  // {r* bits BW-1..1, 0} for ctl_load_i = 0, 1
  if (BW > 2) begin : g_rhi
    assign rhi_off0 = {rhi_q[RhiW-2:0], 1'b0, 1'b0};
    assign rhi_off1 = {rhi_q[RhiW-2:0], 1'b1, 1'b0};
    wire unused_rhi_top = rhi_q[RhiW-1];  // 0 then: BW-2 bits shifted in so far
  end else if (BW == 2) begin : g_rhi_one
    assign rhi_off0 = 2'b00;
    assign rhi_off1 = 2'b10;
    wire unused_rhi = &{1'b0, rhi_q};
  end else begin : g_no_rhi
    assign rhi_off0 = 1'b0;
    assign rhi_off1 = 1'b0;
    wire unused_rhi = &{1'b0, rhi_q};
  end
  // r* <= M - 1, so the sum is below 2M: one conditional subtraction.
  function automatic [BW-1:0] head_of(input [BW-1:0] succ, input [BW-1:0] off);
    reg [BW:0] sum;
    begin
      sum     = {1'b0, succ} + {1'b0, off};
      head_of = (sum >= M_WIDE) ? sum[BW-1:0] - M_WIDE[BW-1:0] : sum[BW-1:0];
    end
  endfunction
  function automatic [BW-1:0] next_id(input [BW-1:0] b);
    next_id = (b == LAST_BARRIER) ? {BW{1'b0}} : b + 1'b1;
  endfunction
  wire [BW-1:0] head0_if0 = head_of(cnt2_succ_i, rhi_off0);
  wire [BW-1:0] head0_if1 = head_of(cnt2_succ_i, rhi_off1);
  reg  [BW-1:0] b0_q, b1_q;
  wire [BW-1:0] b0 = b0_q;
  wire [BW-1:0] b1 = b1_q;

  // Read port 1 serves "ctl_load = 1" heads (b1 after ARB, CNT2 + 1 after an exit or a
  // completion), read port 0 the "ctl_load = 0" head after ARB.
  wire [BW-1:0] rd1_addr = (state_q == L_HEAD) ? b1 : cnt2_succ_i;
  wire          d_any, d_rd0, d_rd1;
  wire [BW-1:0] d_first;

  assign snap_o = (state_q == L_HEAD) ||
                  (ctl_load_i && (state_q == L_COUNT || state_q == L_IDLE));
  assign snap_addr_o = (state_q == L_HEAD && !ctl_load_i) ? b0 : rd1_addr;

  //////////////
  // The line //
  //////////////

  // Full-slot exit (ctl_load in s+2): a PE whose head cleared D[b] sets it again in s+2.
  // b is still CNT2 in s+2 (a head in s+2 changes CNT2 from s+3). Under M = 1 that head is of
  // the same barrier: it sees the re-marked bit on its line and clears it (dsbc_dirty applies
  // the re-mark before the clear), so its snapshot covers the held-back word and the bit does
  // not outlive it (else the same epoch could be reported twice).
  wire remark = first_count_q && ctl_load_i && snap_dirty_q;
  wire remark_here = remark && (rd1_addr == cnt2_i);

  reg line_if_load, line_if_idle;
  wire race_bit = racing_q && !r_q[BW-1];

  always @* begin
    line_if_load = 1'b0;
    line_if_idle = 1'b0;
    case (state_q)
      L_POLL:  begin line_if_idle = d_any;       line_if_load = race_bit; end
      L_ARB:   begin line_if_idle = race_bit;    line_if_load = race_bit; end
      L_HEAD:  begin line_if_idle = d_rd0;       line_if_load = d_rd1;    end
      L_FULL:  begin line_if_idle = fifo_full_i; line_if_load = d_any;    end
      L_COUNT: begin line_if_idle = piso_bit_i;  line_if_load = d_rd1 | remark_here; end
      L_IDLE:  begin line_if_idle = 1'b0;        line_if_load = d_rd1;    end
      default: ;
    endcase
  end

  assign line_o = ctl_load_i ? line_if_load : line_if_idle;

  /////////////////
  // Dirty bits  //
  /////////////////

  dsbc_dirty #(.NumBarriers(M), .BarrierW(BW)) u_dirty (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .set_i         (commit_valid_i),
    .set_addr_i    (commit_barrier_i),
    .clear_i       (snap_o),
    .clear_addr_i  (snap_addr_o),
    .remark_i      (remark),
    .remark_addr_i (cnt2_i),
    .cnt2_i        (cnt2_i),
    .any_o         (d_any),
    .first_o       (d_first),
    .rd0_addr_i    (b0),
    .rd0_o         (d_rd0),
    .rd1_addr_i    (rd1_addr),
    .rd1_o         (d_rd1)
  );

  ///////////
  // Phase //
  ///////////

  wire [RhiW:0] rhi_shift = {rhi_q, ctl_load_i};
  wire          unused_rhi_top = rhi_shift[RhiW];  // BW-1 shifts fill the RhiW bits exactly
  wire poll_now = (state_q == L_POLL && !ctl_load_i) || (state_q == L_FULL && ctl_load_i);
  wire arb0_now = (state_q == L_POLL && ctl_load_i);

  always @* begin
    state_d = state_q;
    case (state_q)
      L_POLL:  if (ctl_load_i) state_d = (BW > 1) ? L_ARB : L_HEAD;
      L_ARB:   if (arb_j_q == LAST_ARB) state_d = L_HEAD;
      L_HEAD:  state_d = L_FULL;
      L_FULL:  state_d = ctl_load_i ? L_POLL : L_COUNT;
      L_COUNT: begin
        if (ctl_load_i)      state_d = L_FULL;  // this cycle is a head
        else if (ctl_done_i) state_d = L_IDLE;  // M = 1: idle until the head in d+2
      end
      L_IDLE:  if (ctl_load_i) state_d = L_FULL;
      default: state_d = L_POLL;
    endcase
  end

  // Out of reset: POLL. The RAM clearing (cycles 0..M-1) accepts no request, so D stays 0
  // and the line 0 until the global block's first POLL in cycle M.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q       <= L_POLL;
      arb_j_q       <= {BW{1'b0}};
      racing_q      <= 1'b0;
      r_q           <= {BW{1'b0}};
      rhi_q         <= {RhiW{1'b0}};
      snap_dirty_q  <= 1'b0;
      first_count_q <= 1'b0;
      b0_q          <= {BW{1'b0}};
      b1_q          <= {BW{1'b0}};
    end else begin
      b0_q          <= ctl_load_i ? head0_if1 : head0_if0;
      b1_q          <= ctl_load_i ? next_id(head0_if1) : next_id(head0_if0);
      state_q       <= state_d;
      first_count_q <= (state_q == L_FULL) && !ctl_load_i;
      if (snap_o) snap_dirty_q <= line_o;  // the head's line is D[b]
      if (poll_now) begin
        racing_q <= d_any;
        r_q      <= d_first;
      end else if (arb0_now || state_q == L_ARB) begin
        r_q <= r_q << 1;                   // next bit (MSB first) to the line
      end
      if (arb0_now) begin
        arb_j_q <= ARB_ONE;
        rhi_q   <= {RhiW{1'b0}};
      end else if (state_q == L_ARB) begin
        arb_j_q <= arb_j_q + 1'b1;
        rhi_q   <= rhi_shift[RhiW-1:0];
      end
    end
  end

endmodule

`default_nettype wire
