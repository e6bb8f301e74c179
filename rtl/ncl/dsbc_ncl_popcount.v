// SPDX-License-Identifier: Apache-2.0
// NCL responder count encoder core (dissertation Fig. 5.17): the number of 1s among Width
// dual-rail bits, as an adder tree of NCL full and half adders.
//
// Recursive: Width bits = popcount(k) + popcount(m) + the last bit as the carry into the
// first full adder, with k = (Width-1)/2 and m = Width-1-k. Feeding one input bit in as a
// carry saves a half adder per node, and with this split the node's adder is exactly as wide
// as the result (clog2(Width+1) = clog2(m+1) + 1, checked below), so no adder output is
// unused. Output bit 0 depends on every input, so the tree is input-complete.

`default_nettype none

module dsbc_ncl_popcount #(
  parameter integer Width = 4,                 // input bits, >= 1
  parameter integer OutW  = $clog2(Width + 1)  // output bits (do not override)
) (
  input  wire [2*Width-1:0] a_i,  // dual-rail input bits
  output wire [2*OutW-1:0]  n_o   // dual-rail count, 0..Width
);

  if (Width < 1 || OutW != $clog2(Width + 1)) begin : g_bad_width
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_popcount: Width = %0d, OutW = %0d: legal Width >= 1, OutW = clog2(Width+1)",
                   Width, OutW);
`else
    $error("dsbc_ncl_popcount: parameter Width/OutW out of range: legal Width >= 1, OutW = clog2(Width+1)");
`endif
  end

  if (Width < 1) begin : g_none
    // Reported above; nothing to build (and no recursion to run away).
    assign n_o = {(2*OutW){1'b0}};
  end else if (Width == 1) begin : g_one
    assign n_o = a_i;
  end else if (Width == 2) begin : g_two
    dsbc_ncl_ha u_ha (.a_i(a_i[1:0]), .b_i(a_i[3:2]), .s_o(n_o[1:0]), .c_o(n_o[3:2]));
  end else begin : g_node
    localparam integer K  = (Width - 1) / 2;
    localparam integer M  = Width - 1 - K;
    localparam integer WK = $clog2(K + 1);
    localparam integer WM = $clog2(M + 1);
    if (WM + 1 != OutW) begin : g_bad_split
`ifdef __ICARUS__
      initial $fatal(1, "dsbc_ncl_popcount: internal width mismatch at Width = %0d", Width);
`else
      $error("dsbc_ncl_popcount: internal width mismatch");
`endif
    end
    wire [2*WK-1:0] nk;
    wire [2*WM-1:0] nm;
    dsbc_ncl_popcount #(.Width(K)) u_k (.a_i(a_i[2*K-1:0]),       .n_o(nk));
    dsbc_ncl_popcount #(.Width(M)) u_m (.a_i(a_i[2*(K+M)-1:2*K]), .n_o(nm));
    dsbc_ncl_add #(.WidthA(WK), .WidthB(WM), .HasCin(1)) u_add (
      .a_i  (nk),
      .b_i  (nm),
      .ci_i (a_i[2*Width-1:2*Width-2]),
      .s_o  (n_o)
    );
  end

endmodule

`default_nettype wire
