// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: an N-input
// popcount from register to register on its own (Carry = 0), and with the global block's
// carry recurrence carry <- (popcount + carry) >> 1 closed in one cycle (Carry = 1), to learn
// what clock an iCE40 HX8K allows for the serial sum. The popcount is the unit's own
// (dsbc_encoder). The N input bits are a shift chain from one pin; the result is folded into
// one registered output pin, so nothing is optimised away.

`default_nettype none

module feas_popcount #(
  parameter integer NumPes = 64,  // N, popcount inputs
  parameter integer Carry  = 0    // 1: close the carry loop in the same cycle
) (
  input  wire clk_i,   // clock
  input  wire sin_i,   // serial input bits
  output reg  sout_o   // XOR of the registered result
);

  localparam integer SumW   = $clog2(NumPes + 1);
  localparam integer CarryW = $clog2(NumPes);

  reg  [NumPes-1:0] bits_q = {NumPes{1'b0}};
  wire [SumW-1:0]   sum;
  wire              any;

  dsbc_encoder #(.NumPes(NumPes), .SumW(SumW)) u_encoder (
    .bits_i (bits_q),
    .sum_o  (sum),
    .any_o  (any)
  );

  reg  [SumW-1:0]   sum_q = {SumW{1'b0}};
  reg  [CarryW-1:0] carry_q = {CarryW{1'b0}};
  wire [CarryW:0]   total = sum + carry_q;  // SumW <= CarryW + 1

  always @(posedge clk_i) begin
    bits_q <= {bits_q[NumPes-2:0], sin_i};
    sum_q  <= sum;
    if (Carry != 0) carry_q <= total[CarryW:1];
    sout_o <= ^{sum_q, carry_q, any};
  end

endmodule

`default_nettype wire
