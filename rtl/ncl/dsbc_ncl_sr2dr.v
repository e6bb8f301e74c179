// SPDX-License-Identifier: Apache-2.0
// Boundary converter, synchronous side to NCL: one single-rail bit to one dual-rail bit.
//
//   d.t = valid & bit      d.f = valid & bit_n     (valid = 0: NULL)
//
// Both inputs come from flip-flops of the local block (bit_n from its own flop, so the false
// rail needs no inverter that could glitch). Bundling rule, kept by dsbc_ncl_local_if: bit_i
// and bit_ni change only while valid_i is 0, and at least one clock before valid_i rises.
// That is the only timing assumption of the whole path, and it lies inside one clock domain.

`default_nettype none

module dsbc_ncl_sr2dr (
  input  wire       valid_i,  // present the bit as DATA (1) or NULL (0)
  input  wire       bit_i,    // the bit
  input  wire       bit_ni,   // its complement, from a separate flip-flop
  output wire [1:0] d_o       // dual-rail {true, false}
);

  ncl_and2 u_t (.a_i(valid_i), .b_i(bit_i),  .z_o(d_o[1]));
  ncl_and2 u_f (.a_i(valid_i), .b_i(bit_ni), .z_o(d_o[0]));

endmodule

`default_nettype wire
