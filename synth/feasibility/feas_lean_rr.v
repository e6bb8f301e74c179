// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/arblean.md): CNT2, the PISO and the rebase accumulator of the
// lean arb block with HoldRace = 1. Like dsbc_rr (Sched = 1) without the snapshot bypass: the
// PE's ready is low in the cycle before every head, so no commit is written in a head cycle
// and the count RAM's word read in s is the snapshot as of the start of s; the PISO holds T
// bits and shifts its sign bit in (sign extension to Q bits).

`default_nettype none

module feas_lean_rr #(
  parameter integer NumBarriers = 32,
  parameter integer CountBits   = 16,
  parameter integer BarrierW    = 5
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                head_i,            // snapshot of head_addr_i now (RAM read now)
  input  wire [BarrierW-1:0] head_addr_i,
  input  wire [CountBits:0]  ram_rd_data_i,     // the count word, the cycle after the head
  input  wire                commit_valid_i,
  input  wire [BarrierW-1:0] commit_barrier_i,
  input  wire                commit_dec_i,
  output wire                rr_bit_o,          // count bit j in s+2+j
  output wire [BarrierW-1:0] cnt2_o,
  output wire [CountBits:0]  rebase_count_o,    // sum of the commits to CNT2 since the head
  output wire                touched_o
);

  localparam integer T = CountBits;
  localparam integer LastBarrier = NumBarriers - 1;

  reg [BarrierW-1:0] cnt2_q;
  reg                load_q, touched_q;
  reg [T:0]          acc_q;
  reg [T-1:0]        piso_q;

  wire       to_cur   = commit_valid_i && (commit_barrier_i == cnt2_q);
  wire [T:0] addend   = {{T{to_cur && commit_dec_i}}, to_cur};  // +1, -1 or 0
  wire [T:0] acc_cur  = acc_q + addend;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt2_q <= LastBarrier[BarrierW-1:0];
      load_q <= 1'b0;
    end else begin
      load_q <= head_i;
      if (head_i) cnt2_q <= head_addr_i;
    end
  end

  // No reset: cleared by every head (a synchronous reset), read only at a completion, which
  // follows a head. No commit in a head cycle (HoldRace).
  always @(posedge clk_i) begin
    if (head_i) begin
      touched_q <= 1'b0;
      acc_q     <= {(T+1){1'b0}};
    end else begin
      touched_q <= touched_q || to_cur;
      acc_q     <= acc_cur;
    end
  end

  always @(posedge clk_i) begin
    if (load_q) piso_q <= ram_rd_data_i[T-1:0];
    else        piso_q <= {piso_q[T-1], piso_q[T-1:1]};
  end

  assign rr_bit_o       = piso_q[0];
  assign cnt2_o         = cnt2_q;
  assign rebase_count_o = acc_cur;
  assign touched_o      = touched_q;
  wire unused = ram_rd_data_i[T];

endmodule

`default_nettype wire
