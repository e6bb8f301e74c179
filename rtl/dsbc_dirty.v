// SPDX-License-Identifier: Apache-2.0
// Dirty bits of one local block (scheduler arb, issue 13 contract): D[b] says this PE has
// committed to barrier b since b's last head slot (snapshot). Flip-flops, not RAM: the
// arbitration needs all M bits at once, for the OR (POLL line) and the search below.
//
// The search: r = (x - base) mod M for the first x with D[x] = 1 at or after base
// (cyclically), base = CNT2 + 1. It is a rotation of D by base followed by a lowest-set-bit
// encoder, written with vector operations (rotate, x & -x, one AND-OR per result bit)
// rather than a loop over M, so that M = 1024 costs a few word operations per simulated
// cycle and gives a balanced tree in synthesis.

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
  input  wire [BarrierW-1:0] base_i,         // CNT2 + 1 mod M: the first candidate
  output wire                any_o,          // some bit set: this PE's POLL line
  output wire [BarrierW-1:0] first_o,        // r = offset of the first set bit from base_i
  // Two read ports: the head line needs D at both candidate head addresses, so that the
  // choice between them (the last arbitration bit, on ctl_load) is a 2:1 mux at the end.
  input  wire [BarrierW-1:0] rd0_addr_i,
  output wire                rd0_o,
  input  wire [BarrierW-1:0] rd1_addr_i,
  output wire                rd1_o
);

  localparam integer M = NumBarriers;

  reg  [M-1:0] dirty_q;
  wire [M-1:0] one = {{(M-1){1'b0}}, 1'b1};
  wire [M-1:0] set_vec    = set_i    ? (one << set_addr_i)    : {M{1'b0}};
  wire [M-1:0] clear_vec  = clear_i  ? (one << clear_addr_i)  : {M{1'b0}};
  wire [M-1:0] remark_vec = remark_i ? (one << remark_addr_i) : {M{1'b0}};

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dirty_q <= {M{1'b0}};
    end else begin
      // Re-mark before clear: a head in the re-mark's cycle (M = 1) covers the held-back
      // word; a commit in the head's cycle is not in its snapshot and keeps the bit.
      dirty_q <= ((dirty_q | remark_vec) & ~clear_vec) | set_vec;
    end
  end

  assign any_o = |dirty_q;
  assign rd0_o = |(dirty_q & (one << rd0_addr_i));
  assign rd1_o = |(dirty_q & (one << rd1_addr_i));

  // rot[k] = D[(base + k) mod M]: bits base .. base+M-1 of {D, D} (base < M).
  wire [2*M-1:0] doubled = {dirty_q, dirty_q};
  wire [2*M-1:0] shifted = doubled >> base_i;
  wire [M-1:0]   rot     = shifted[M-1:0];
  wire [M-1:0]   unused_shifted_out = shifted[2*M-1:M];
  // The lowest set bit alone (two's complement trick); all zero when nothing is dirty, and
  // then first_o is 0 (unused: the PE is not racing).
  wire [M-1:0]   lowest  = rot & (~rot + one);

  // Binary encoding of the one-hot `lowest`: result bit j is the OR of the positions k
  // whose bit j is 1.
  genvar j, k;
  for (j = 0; j < BarrierW; j = j + 1) begin : g_enc
    wire [M-1:0] has_bit;
    for (k = 0; k < M; k = k + 1) begin : g_pos
      assign has_bit[k] = ((k >> j) & 1) != 0;
    end
    assign first_o[j] = |(lowest & has_bit);
  end

endmodule

`default_nettype wire
