// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail full adder: two TH23 (carry) and two TH34w2 (sum), Fant's four-gate adder.
//
//   co.t = TH23(a.t, b.t, ci.t)          co.f = TH23(a.f, b.f, ci.f)      (majority)
//   s.t  = TH34w2(co.f, a.t, b.t, ci.t)  s.f  = TH34w2(co.t, a.f, b.f, ci.f)
//
// Why the sum is right: co.f (two or more inputs 0) weighted 2 plus any one true input means
// exactly one input is 1; three true inputs reach the threshold alone. The sum is
// input-complete (it needs all three inputs); the carry is not, but it feeds the sum, and in
// this design every carry is also consumed downstream (no adder here drops its carry out).

`default_nettype none

module dsbc_ncl_fa (
  input  wire [1:0] a_i,   // {true, false} rails
  input  wire [1:0] b_i,   // {true, false} rails
  input  wire [1:0] ci_i,  // {true, false} rails
  output wire [1:0] s_o,   // a ^ b ^ ci
  output wire [1:0] co_o   // majority(a, b, ci)
);

  ncl_th23   u_co_t (.a_i(a_i[1]), .b_i(b_i[1]), .c_i(ci_i[1]), .z_o(co_o[1]));
  ncl_th23   u_co_f (.a_i(a_i[0]), .b_i(b_i[0]), .c_i(ci_i[0]), .z_o(co_o[0]));
  ncl_th34w2 u_s_t  (.a_i(co_o[0]), .b_i(a_i[1]), .c_i(b_i[1]), .d_i(ci_i[1]), .z_o(s_o[1]));
  ncl_th34w2 u_s_f  (.a_i(co_o[1]), .b_i(a_i[0]), .c_i(b_i[0]), .d_i(ci_i[0]), .z_o(s_o[0]));

endmodule

`default_nettype wire
