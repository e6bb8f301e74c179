// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail AND of Width bits: a balanced tree of input-complete AND2 cells, so the
// result waits for (and returns to NULL after) every input bit.

`default_nettype none

module dsbc_ncl_andn #(
  parameter integer Width = 2  // input bits, >= 1
) (
  input  wire [2*Width-1:0] a_i,  // dual-rail input bits
  output wire [1:0]         z_o   // dual-rail AND of all bits
);

  if (Width < 1) begin : g_bad_width
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_andn: parameter Width = %0d is out of range: legal >= 1", Width);
`else
    $error("dsbc_ncl_andn: parameter Width is out of range: legal >= 1");
`endif
  end

  if (Width == 1) begin : g_one
    assign z_o = a_i;
  end else begin : g_split
    localparam integer WL = Width / 2;
    wire [1:0] lo;
    wire [1:0] hi;
    dsbc_ncl_andn #(.Width(WL))         u_lo (.a_i(a_i[2*WL-1:0]),     .z_o(lo));
    dsbc_ncl_andn #(.Width(Width - WL)) u_hi (.a_i(a_i[2*Width-1:2*WL]), .z_o(hi));
    dsbc_ncl_and2 u_and (.a_i(lo), .b_i(hi), .z_o(z_o));
  end

endmodule

`default_nettype wire
