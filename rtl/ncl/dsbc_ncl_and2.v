// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail AND2, input-complete: each output rail waits for both inputs.
//
//   z.t = TH22(a.t, b.t)                 (both 1)
//   z.f = TH34w22(a.f, b.f, a.t, b.t)    (a.f b.f + a.f b.t + a.t b.f: both present, one is 0)
//
// OR2 is the same cell with every rail pair swapped (De Morgan; dual-rail NOT is a swap).

`default_nettype none

module dsbc_ncl_and2 (
  input  wire [1:0] a_i,  // {true, false} rails
  input  wire [1:0] b_i,  // {true, false} rails
  output wire [1:0] z_o   // {true, false} rails of a & b
);

  ncl_th22    u_t (.a_i(a_i[1]), .b_i(b_i[1]), .z_o(z_o[1]));
  ncl_th34w22 u_f (.a_i(a_i[0]), .b_i(b_i[0]), .c_i(a_i[1]), .d_i(b_i[1]), .z_o(z_o[0]));

endmodule

`default_nettype wire
