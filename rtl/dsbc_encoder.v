// SPDX-License-Identifier: Apache-2.0
// Responder count encoder (dissertation Fig. 5.5): the number of PEs whose serial bit is 1,
// plus the two facts the control needs in the same cycle, computed apart so that they do not
// wait for the count (clock.md, "Clock without a new contract").
//
// The count is an explicit balanced tree, as the paper's tree of 74F283 adders: the bits in
// groups of four, each group counted by three 4-input functions (one LUT4 each on an iCE40,
// no carry chain), then pairwise adders whose width grows by one bit per level. Written as a
// flat sum, Yosys 0.23 built a chain about twice as deep (the N = 64 global block placed at
// 57.6 MHz with the sum on its critical path).
//
// The count's LSB (the decision bit before the carry) and any_o (count != 0: the open and
// full slots) are reduction trees straight from the bits, three LUT levels at N = 64 instead
// of the whole count: sum_o[0] is the XOR of the bits, not the root's LSB (the same value).

`default_nettype none

module dsbc_encoder #(
  parameter integer NumPes = 4,                  // N, inputs
  parameter integer SumW   = (NumPes > 0) ? $clog2(NumPes + 1) : 1  // output width, holds 0..N
) (
  input  wire [NumPes-1:0] bits_i,    // this slot's serial bit of every PE (bit i from PE i)
  output wire [SumW-1:0]   sum_o,  // number of ones in bits_i, combinational
  output wire              any_o   // sum_o != 0: OR of the bits
);

  localparam integer Groups = (NumPes + 3) / 4;
  // Tree levels: 0 = the group counts, the last one holds the root alone.
  localparam integer Levels = $clog2(Groups) + 1;
  // A node of level l counts at most 4 * 2^l ones: 3 + l bits. The root's width is >= SumW.
  localparam integer RootW = 2 + Levels;

  // Nodes at level l: ceil(Groups / 2^l).
  function integer level_nodes(input integer l);
    integer k, g;
    begin
      g = Groups;
      for (k = 0; k < l; k = k + 1) g = (g + 1) / 2;
      level_nodes = g;
    end
  endfunction

  // Index of level l's first node in the flat vector.
  function integer level_base(input integer l);
    integer k, g, b;
    begin
      g = Groups;
      b = 0;
      for (k = 0; k < l; k = k + 1) begin
        b = b + g;
        g = (g + 1) / 2;
      end
      level_base = b;
    end
  endfunction

  wire [4*Groups-1:0] padded = {{(4*Groups-NumPes){1'b0}}, bits_i};

  // One vector per level (one flat vector for the whole tree reads as a combinational loop
  // to Verilator): node i of level l in g_level[l].node[i*(3+l) +: 3+l].
  genvar l, i;
  for (l = 0; l < Levels; l = l + 1) begin : g_level
    wire [level_nodes(l)*(3+l)-1:0] node;
    if (l == 0) begin : g_groups
      // Ones among four bits, 0..4, as three functions of the four bits.
      for (i = 0; i < Groups; i = i + 1) begin : g_group
        wire a = padded[4*i], b = padded[4*i+1], c = padded[4*i+2], d = padded[4*i+3];
        wire p = a ^ b, g = a & b;  // a + b = 2g + p
        wire q = c ^ d, h = c & d;  // c + d = 2h + q
        wire s0 = p ^ q;
        wire s1 = g ^ h ^ (p & q);
        wire s2 = (g & h) | ((g ^ h) & p & q);
        assign node[i*3 +: 3] = {s2, s1, s0};
      end
    end else begin : g_sums
      // The sum of two nodes of the level below (a last odd node passes through).
      localparam integer W = 3 + l;
      for (i = 0; i < level_nodes(l); i = i + 1) begin : g_node
        if (2 * i + 1 < level_nodes(l - 1)) begin : g_add
          assign node[i*W +: W] = {1'b0, g_level[l-1].node[2*i*(W-1) +: W-1]}
                                + {1'b0, g_level[l-1].node[(2*i+1)*(W-1) +: W-1]};
        end else begin : g_pass
          assign node[i*W +: W] = {1'b0, g_level[l-1].node[2*i*(W-1) +: W-1]};
        end
      end
    end
  end

  // The root's top bits are zero (it counts at most N); its LSB is replaced by the XOR tree.
  wire [RootW:0] root = {1'b0, g_level[Levels-1].node};
  wire unused_root = &{1'b0, root[RootW:SumW], root[0]};
  if (SumW > 1) begin : g_sum
    assign sum_o = {root[SumW-1:1], ^bits_i};
  end else begin : g_sum1
    assign sum_o = ^bits_i;
  end
  assign any_o = |bits_i;

endmodule

`default_nettype wire
