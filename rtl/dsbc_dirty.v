// SPDX-License-Identifier: Apache-2.0
// Dirty bits of one local block (scheduler arb, issue 13 contract): D[b] says this PE has
// committed to barrier b since b's last head slot (snapshot). Flip-flops, not RAM: the
// arbitration needs all M bits at once, for the OR (POLL line) and the search below.
//
// The search (r = (x - CNT2 - 1) mod M for the first x with D[x] = 1 after CNT2,
// cyclically) is dsbc_first_dirty.

`default_nettype none

module dsbc_dirty #(
  parameter integer NumBarriers = 4,  // M
  parameter integer BarrierW    = 2   // max(1, clog2(M))
) (
  input  wire                clk_i,          // clock, rising edge
  input  wire                rst_ni,         // asynchronous reset, active low
  // Updates, all visible from the next cycle. Set wins over clear: a commit to b in b's head
  // cycle is not in that snapshot, so b must stay dirty.
  input  wire                set_i,          // a PE request committed this cycle ...
  input  wire [BarrierW-1:0] set_addr_i,     // ... to this barrier (always < M: refused
                                             //     requests, incl. IDs >= M, do not commit)
  input  wire                clear_i,        // head slot of ...
  input  wire [BarrierW-1:0] clear_addr_i,   // ... this barrier in this cycle
  input  wire                remark_i,       // full-slot exit: the barrier is set again ...
  input  wire [BarrierW-1:0] remark_addr_i,  // ... so it is not forgotten
  // Search (combinational, from the state at the start of this cycle)
  input  wire [BarrierW-1:0] cnt2_i,         // CNT2 (clear_addr_i of the last head; reset M - 1):
                                             // the first candidate is CNT2 + 1 mod M
  output wire                any_o,          // some bit set: this PE's POLL line
  output wire [BarrierW-1:0] first_o,        // r = offset of the first set bit from CNT2 + 1
  // Two read ports: the head line needs D at both candidate head addresses, so that the
  // choice between them (the last arbitration bit, on ctl_load) is a 2:1 mux at the end.
  input  wire [BarrierW-1:0] rd0_addr_i,
  output wire                rd0_o,
  input  wire [BarrierW-1:0] rd1_addr_i,
  output wire                rd1_o
);

  localparam integer M = NumBarriers;

  // Why the decoders are spelled out: written as `one << addr`, Yosys 0.23 builds a barrel
  // shifter per port, and `addr < K` (the search mask below) a carry chain per bit; at M = 32
  // that cost 358 LUT4 and 96 SB_CARRY for this module (with the search), against 319 and 4
  // here (docs/synthesis.md). Each address is split into a low half (LB bits) and a high half
  // (HB bits, possibly none) and each half decoded once; a bit's decode is then one AND.
  localparam integer W  = 1 << BarrierW;                   // M rounded up to a power of two
  localparam integer LB = BarrierW - BarrierW / 2;         // low bits, >= 1
  localparam integer HB = BarrierW / 2;                    // high bits, >= 0
  localparam integer NL = 1 << LB;
  localparam integer NH = 1 << HB;

  reg  [M-1:0] dirty_q;

  // Per half: "this port's address has this value" (the enable folded into the high half),
  // and for the clear's address (the next CNT2) "below this value" for the mask.
  wire [NL-1:0] set_lo, clear_lo, remark_lo, clear_lo_below;
  wire [NH-1:0] set_hi, clear_hi, remark_hi, clear_hi_below, clear_hi_equal;
  genvar j;
  for (j = 0; j < NL; j = j + 1) begin : g_lo
    localparam [LB-1:0] J = j;
    assign set_lo[j]         = set_addr_i[LB-1:0] == J;
    assign clear_lo[j]       = clear_addr_i[LB-1:0] == J;
    assign remark_lo[j]      = remark_addr_i[LB-1:0] == J;
    if (j == 0) begin : g_zero
      assign clear_lo_below[j] = 1'b0;  // nothing is below 0
    end else begin : g_pos
      assign clear_lo_below[j] = clear_addr_i[LB-1:0] < J;
    end
  end
  if (HB == 0) begin : g_hi_none
    assign set_hi         = set_i;
    assign clear_hi       = clear_i;
    assign remark_hi      = remark_i;
    assign clear_hi_below = 1'b0;
    assign clear_hi_equal = 1'b1;
  end else begin : g_hi
    for (j = 0; j < NH; j = j + 1) begin : g_val
      localparam [HB-1:0] J = j;
      assign set_hi[j]         = set_i && (set_addr_i[BarrierW-1:LB] == J);
      assign clear_hi[j]       = clear_i && (clear_addr_i[BarrierW-1:LB] == J);
      assign remark_hi[j]      = remark_i && (remark_addr_i[BarrierW-1:LB] == J);
      if (j == 0) begin : g_zero
        assign clear_hi_below[j] = 1'b0;
      end else begin : g_pos
        assign clear_hi_below[j] = clear_addr_i[BarrierW-1:LB] < J;
      end
      assign clear_hi_equal[j] = clear_addr_i[BarrierW-1:LB] == J;
    end
  end
  wire [M-1:0] set_vec, clear_vec, remark_vec;
  for (j = 0; j < M; j = j + 1) begin : g_dec
    assign set_vec[j]    = set_hi[j / NL] && set_lo[j % NL];
    assign clear_vec[j]  = clear_hi[j / NL] && clear_lo[j % NL];
    assign remark_vec[j] = remark_hi[j / NL] && remark_lo[j % NL];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dirty_q <= {M{1'b0}};
    end else begin
      // Re-mark before clear: a head in the re-mark's cycle (M = 1) covers the held-back
      // word; a commit in the head's cycle is not in its snapshot and keeps the bit.
      dirty_q <= ((dirty_q | remark_vec) & ~clear_vec) | set_vec;
    end
  end

  // Read ports: an address >= M (M not a power of two) reads 0.
  wire [W-1:0] dirty_pad;
  if (W > M) begin : g_pad
    assign dirty_pad = {{(W-M){1'b0}}, dirty_q};
  end else begin : g_nopad
    assign dirty_pad = dirty_q;
  end
  assign any_o = |dirty_q;
  assign rd0_o = dirty_pad[rd0_addr_i];
  assign rd1_o = dirty_pad[rd1_addr_i];

  // The search's mask {k > CNT2}, kept beside CNT2 rather than decoded from it in the search's
  // cycle: CNT2 becomes clear_addr_i at every head (dsbc_rr), and resets to M - 1 (no barrier
  // after it). Decoded from the head's address, the register's input is a short cone.
  reg  [M-1:0] after_q;
  wire [M-1:0] after_head;
  genvar k;
  // k > a: the high half of a is below k's, or equal to it with the low half below k's.
  for (k = 0; k < M; k = k + 1) begin : g_after
    assign after_head[k] = clear_hi_below[k / NL] || (clear_hi_equal[k / NL] && clear_lo_below[k % NL]);
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      after_q <= {M{1'b0}};
    end else if (clear_i) begin
      after_q <= after_head;
    end
  end

  dsbc_first_dirty #(.NumBarriers(M), .BarrierW(BarrierW)) u_first (
    .dirty_i (dirty_q),
    .cnt2_i  (cnt2_i),
    .after_i (after_q),
    .first_o (first_o)
  );

`ifndef SYNTHESIS
`ifndef FORMAL
  // The mask is a copy of a function of CNT2: say so at once if it ever is not.
  wire [M-1:0] after_of_cnt2;
  for (k = 0; k < M; k = k + 1) begin : g_after_check
    localparam [BarrierW-1:0] K = k;
    if (k == 0) begin : g_zero
      assign after_of_cnt2[k] = 1'b0;
      wire unused_k = &{1'b0, K};
    end else begin : g_cmp
      assign after_of_cnt2[k] = cnt2_i < K;
    end
  end
  // Armed by the first reset: before it the flip-flops hold whatever the simulator chose.
  reg check_q = 1'b0;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) check_q <= 1'b1;
  end
  always @(posedge clk_i) begin
    if (check_q && after_q != after_of_cnt2) begin
      $fatal(1, "%m: search mask %h, expected %h for CNT2 = %0d at %0t", after_q,
             after_of_cnt2, cnt2_i, $time);
    end
  end
`endif
`endif

endmodule

`default_nettype wire
