// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail OR2, input-complete: the AND2 cell with every rail pair swapped (De Morgan;
// a dual-rail NOT is a swap of the rails and costs no gate).
//
//   z.t = TH34w22(a.t, b.t, a.f, b.f)    z.f = TH22(a.f, b.f)

`default_nettype none

module dsbc_ncl_or2 (
  input  wire [1:0] a_i,  // {true, false} rails
  input  wire [1:0] b_i,  // {true, false} rails
  output wire [1:0] z_o   // {true, false} rails of a | b
);

  ncl_th22    u_f (.a_i(a_i[0]), .b_i(b_i[0]), .z_o(z_o[0]));
  ncl_th34w22 u_t (.a_i(a_i[1]), .b_i(b_i[1]), .c_i(a_i[0]), .d_i(b_i[0]), .z_o(z_o[1]));

endmodule

`default_nettype wire
