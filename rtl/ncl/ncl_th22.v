// SPDX-License-Identifier: Apache-2.0
// NCL TH22: 2-of-2 threshold gate with hysteresis (C-element).
//
//   set   : AB
//   reset : !A & !B   (every input NULL)
//   hold  : otherwise
//
// Written as an intentional latch in `always @*` (set, else reset, else keep): Verilator and
// Yosys accept it, Yosys maps it to one $_DLATCH_ plus gates. With
// NCL_DELAYS defined (Icarus testbenches only) the same set/reset functions drive a delayed
// model whose delay is drawn per instance and per transition (ncl_gate_delay.vh).

`default_nettype none

module ncl_th22 (
  input  wire a_i,  // input A
  input  wire b_i,  // input B
  output reg  z_o   // gate output
);

  wire set_w = a_i & b_i;
  wire rst_w = !(a_i | b_i);

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
