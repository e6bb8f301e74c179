// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail XOR2, input-complete, from two TH24comp gates ((A + B)(C + D)).
//
//   z.t = TH24comp(a.f, b.f, a.t, b.t) = a.f b.t + a.t b.f   (a.f a.t, b.f b.t never occur)
//   z.f = TH24comp(a.t, b.f, a.f, b.t) = a.t b.t + a.f b.f

`default_nettype none

module dsbc_ncl_xor2 (
  input  wire [1:0] a_i,  // {true, false} rails
  input  wire [1:0] b_i,  // {true, false} rails
  output wire [1:0] z_o   // {true, false} rails of a ^ b
);

  ncl_th24comp u_t (.a_i(a_i[0]), .b_i(b_i[0]), .c_i(a_i[1]), .d_i(b_i[1]), .z_o(z_o[1]));
  ncl_th24comp u_f (.a_i(a_i[1]), .b_i(b_i[0]), .c_i(a_i[0]), .d_i(b_i[1]), .z_o(z_o[0]));

endmodule

`default_nettype wire
