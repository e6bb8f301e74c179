// SPDX-License-Identifier: Apache-2.0
// One PE's side of the Wired-NOR barrier: its control vector X_i (one bit per barrier line,
// set while the PE works for that barrier, dissertation section 2.8.1), written through the
// same valid/ready + one-cycle acknowledge interface as dsbc_local, so that the two units can
// be driven by the same PE agent.

`default_nettype none

module wnor_pe #(
  parameter integer NumBarriers = 16,  // m, barrier lines, 1..256
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1  // derived
) (
  input  wire                   clk_i,          // clock, rising edge
  input  wire                   rst_ni,         // asynchronous reset, active low
  input  wire                   req_valid_i,    // request, accepted at once (req_ready_o is 1)
  input  wire [BarrierW-1:0]    req_barrier_i,  // its line number j (>= m: refused)
  input  wire                   req_clear_i,    // 0: set X (enter, busy), 1: clear X (done)
  output wire                   req_ready_o,    // always 1: no internal operation competes
  output wire                   ack_valid_o,    // one cycle after acceptance: X updated ...
  output wire                   ack_refused_o,  // ... unless refused (barrier ID >= m)
  output wire [NumBarriers-1:0] x_o             // control vector X_i, one bit per line
);

  reg  [NumBarriers-1:0] x_q, x_d;
  reg                    ack_q, refused_q;
  wire                   in_range;

  // Only reachable when m is not a power of two: IDs m..2^BarrierW-1 name no line.
  localparam [BarrierW:0] NUM_LINES = NumBarriers[BarrierW:0];
  assign in_range = ({1'b0, req_barrier_i} < NUM_LINES);

  always @* begin
    x_d = x_q;
    if (req_valid_i && in_range) x_d[req_barrier_i] = ~req_clear_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_q       <= {NumBarriers{1'b0}};
      ack_q     <= 1'b0;
      refused_q <= 1'b0;
    end else begin
      x_q       <= x_d;
      ack_q     <= req_valid_i;
      refused_q <= req_valid_i && !in_range;
    end
  end

  assign req_ready_o   = 1'b1;
  assign ack_valid_o   = ack_q;
  assign ack_refused_o = refused_q;
  assign x_o           = x_q;

endmodule

`default_nettype wire
