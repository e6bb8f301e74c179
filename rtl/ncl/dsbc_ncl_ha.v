// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail half adder: sum = XOR2 (TH24comp pair), carry = AND2 (TH22 + TH34w22).
// Both outputs are input-complete on their own, so a carry or a sum that the next stage does
// not look at in some wavefront still cannot be left behind (orphaned) by a NULL wave.

`default_nettype none

module dsbc_ncl_ha (
  input  wire [1:0] a_i,  // {true, false} rails
  input  wire [1:0] b_i,  // {true, false} rails
  output wire [1:0] s_o,  // a ^ b
  output wire [1:0] c_o   // a & b
);

  dsbc_ncl_xor2 u_s (.a_i(a_i), .b_i(b_i), .z_o(s_o));
  dsbc_ncl_and2 u_c (.a_i(a_i), .b_i(b_i), .z_o(c_o));

endmodule

`default_nettype wire
