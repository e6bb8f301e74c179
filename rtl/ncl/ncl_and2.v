// SPDX-License-Identifier: Apache-2.0
// NCL library AND2 (Boolean, no hysteresis): the single-rail to dual-rail boundary converter.
//
//   set   : A & B
//   reset : complement of set (no hold region)
//
// With NCL_DELAYS defined (Icarus testbenches only) the output follows through a delayed
// model whose delay is drawn per instance and per transition (ncl_gate_delay.vh).

`default_nettype none

module ncl_and2 (
  input  wire a_i,  // input A
  input  wire b_i,  // input B
  output reg  z_o   // gate output
);

  wire set_w = a_i & b_i;

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
