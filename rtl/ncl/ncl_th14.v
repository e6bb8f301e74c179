// SPDX-License-Identifier: Apache-2.0
// NCL TH14: 1-of-4 threshold gate (OR4).
//
//   set   : A + B + C + D
//   reset : complement of set (a TH1n gate has an empty hold region: any input DATA sets it,
//           all inputs NULL resets it), so it is a plain OR and needs no latch
//
// With NCL_DELAYS defined (Icarus testbenches only) the output follows through a delayed
// model whose delay is drawn per instance and per transition (ncl_gate_delay.vh).

`default_nettype none

module ncl_th14 (
  input  wire a_i,  // input A
  input  wire b_i,  // input B
  input  wire c_i,  // input C
  input  wire d_i,  // input D
  output reg  z_o   // gate output
);

  wire set_w = a_i | b_i | c_i | d_i;

`ifdef NCL_DELAYS
  wire rst_w = !set_w;
`include "ncl_gate_delay.vh"
`else
  always @* begin
    z_o = set_w;
  end
`endif

endmodule

`default_nettype wire
