// SPDX-License-Identifier: Apache-2.0
// NCL TH24COMP: 2-of-4 complement threshold gate with hysteresis (XOR2 rails).
//
//   set   : AC + BC + AD + BD
//   reset : !A & !B & !C & !D   (every input NULL)
//   hold  : otherwise
//
// Written as an intentional latch in `always @*` (set, else reset, else keep): Verilator and
// Yosys accept it, Yosys maps it to one $_DLATCH_ plus gates. With
// NCL_DELAYS defined (Icarus testbenches only) the same set/reset functions drive a delayed
// model whose delay is drawn per instance and per transition (ncl_gate_delay.vh).

`default_nettype none

module ncl_th24comp (
  input  wire a_i,  // input A
  input  wire b_i,  // input B
  input  wire c_i,  // input C
  input  wire d_i,  // input D
  output reg  z_o   // gate output
);

  wire set_w = (a_i | b_i) & (c_i | d_i);
  wire rst_w = !(a_i | b_i | c_i | d_i);

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
