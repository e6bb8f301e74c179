// SPDX-License-Identifier: Apache-2.0
// NCL completion tree: a C-element tree (TH44/TH33/TH22, each with hysteresis) over Width
// single-rail "this bit is DATA" signals. Output 1 once every input is 1, 0 once every input
// is 0, held in between: the completion of a whole wavefront, never of a part of it.
//
// Recursive: up to 4 inputs are one gate; more are split into 4 subtrees of nearly equal
// size, so the depth is ceil(log4 Width) gates.

`default_nettype none

module dsbc_ncl_ctree #(
  parameter integer Width = 4  // inputs, >= 1
) (
  input  wire [Width-1:0] a_i,  // one completion input per bit
  output wire             z_o   // all 1: 1, all 0: 0, else held
);

  if (Width < 1) begin : g_bad_width
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_ctree: parameter Width = %0d is out of range: legal >= 1", Width);
`else
    $error("dsbc_ncl_ctree: parameter Width is out of range: legal >= 1");
`endif
  end

  if (Width == 1) begin : g_wire
    assign z_o = a_i[0];
  end else if (Width == 2) begin : g_th22
    ncl_th22 u_c (.a_i(a_i[0]), .b_i(a_i[1]), .z_o(z_o));
  end else if (Width == 3) begin : g_th33
    ncl_th33 u_c (.a_i(a_i[0]), .b_i(a_i[1]), .c_i(a_i[2]), .z_o(z_o));
  end else if (Width == 4) begin : g_th44
    ncl_th44 u_c (.a_i(a_i[0]), .b_i(a_i[1]), .c_i(a_i[2]), .d_i(a_i[3]), .z_o(z_o));
  end else begin : g_split
    // Four subtrees; the first ones take one input more when Width is not a multiple of 4.
    localparam integer W0 = (Width + 3) / 4;
    localparam integer W1 = (Width + 2) / 4;
    localparam integer W2 = (Width + 1) / 4;
    localparam integer W3 = Width / 4;
    wire [3:0] sub;
    dsbc_ncl_ctree #(.Width(W0)) u_t0 (.a_i(a_i[W0-1:0]),                   .z_o(sub[0]));
    dsbc_ncl_ctree #(.Width(W1)) u_t1 (.a_i(a_i[W0+W1-1:W0]),               .z_o(sub[1]));
    dsbc_ncl_ctree #(.Width(W2)) u_t2 (.a_i(a_i[W0+W1+W2-1:W0+W1]),         .z_o(sub[2]));
    dsbc_ncl_ctree #(.Width(W3)) u_t3 (.a_i(a_i[Width-1:W0+W1+W2]),         .z_o(sub[3]));
    ncl_th44 u_c (.a_i(sub[0]), .b_i(sub[1]), .c_i(sub[2]), .d_i(sub[3]), .z_o(z_o));
  end

endmodule

`default_nettype wire
