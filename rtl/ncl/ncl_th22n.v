// SPDX-License-Identifier: Apache-2.0
// NCL TH22N: 2-of-2 threshold gate with hysteresis and asynchronous reset to NULL (0).
//
//   reset active (rst_ni = 0) : output 0
//   set   : AB
//   reset : !A & !B   (both inputs NULL)
//   hold  : otherwise
//
// Used in the NCL registers that must start with a defined wavefront (a register ring holds
// one DATA token after reset, every other register starts NULL). Latch style as in ncl_th22.
// With NCL_DELAYS defined (Icarus testbenches only) the gate is delayed per instance and per
// transition; the reset value is reached through the same delayed path.

`default_nettype none

module ncl_th22n (
  input  wire rst_ni,  // asynchronous reset, active low: output 0
  input  wire a_i,     // input A
  input  wire b_i,     // input B
  output reg  z_o      // gate output
);

  wire set_w = rst_ni ? (a_i & b_i) : 1'b0;
  wire rst_w = rst_ni ? !(a_i | b_i) : 1'b1;

`ifdef NCL_DELAYS
`include "ncl_gate_delay.vh"
`else
  always @* begin
    if (set_w) begin
      z_o = 1'b1;
    end else if (rst_w) begin
      z_o = 1'b0;
    end
  end
`endif

endmodule

`default_nettype wire
