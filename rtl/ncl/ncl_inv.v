// SPDX-License-Identifier: Apache-2.0
// NCL library inverter (Boolean, no hysteresis): the ko output of every NCL register.
//
//   set   : !A
//   reset : complement of set (no hold region)
//
// With NCL_DELAYS defined (Icarus testbenches only) the output follows through a delayed
// model whose delay is drawn per instance and per transition (ncl_gate_delay.vh).

`default_nettype none

module ncl_inv (
  input  wire a_i,  // input A
  output reg  z_o   // gate output
);

  wire set_w = !a_i;

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
