// SPDX-License-Identifier: Apache-2.0
// Reference formulation of rtl/dsbc_dirty.v, for formal/dirty_check.v: the dirty bits and the
// search mask written the obvious way (a one-hot `1 << addr` per port, `addr < k` per mask
// bit), as dsbc_dirty was until 2026-11-28. dsbc_dirty now spells its decoders out (split
// addresses, no shifter, no carry chain) because Yosys maps these forms to barrel shifters
// and carry chains; the jobs dirty_m* prove the two equal, state and outputs, for any inputs.

`default_nettype none

module dsbc_dirty_ref #(
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

  // The search's mask {k > CNT2}, kept beside CNT2 rather than decoded from it in the search's
  // cycle: CNT2 becomes clear_addr_i at every head (dsbc_rr), and resets to M - 1 (no barrier
  // after it). Decoded from the head's address, the register's input is a short cone.
  reg  [M-1:0] after_q;
  wire [M-1:0] after_head;
  genvar k;
  for (k = 0; k < M; k = k + 1) begin : g_after
    localparam [BarrierW-1:0] K = k;
    if (k == 0) begin : g_zero
      assign after_head[k] = 1'b0;  // no barrier ID is below 0
      wire unused_k = &{1'b0, K};
    end else begin : g_cmp
      assign after_head[k] = clear_addr_i < K;
    end
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


endmodule

`default_nettype wire
