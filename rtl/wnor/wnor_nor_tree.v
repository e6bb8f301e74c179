// SPDX-License-Identifier: Apache-2.0
// One Wired-NOR barrier line (Shang & Hwang; dissertation section 2.8.1) as an explicit
// reduction tree: the line is high only when no PE pulls it down, i.e. NOR over the N control
// bits X[i][j]. On a board that is one open-collector wire; on an FPGA it becomes an OR tree
// of depth ceil(log_Arity N) and one inversion.
//
// Written as a tree (rather than `~|busy_i`) so that its depth is a visible, parameterized
// property of the RTL: TreeArity = 4 matches one iCE40 LUT4 per node, TreeArity = 2 gives
// gate-level depth. Each instance builds one level of OR nodes and hands the level to a
// smaller copy of itself; NOR(x) = NOR(level ORs of x), down to one node. (One flat vector
// holding every level would look like a combinational loop to Verilator, UNOPTFLAT.)

`default_nettype none

module wnor_nor_tree #(
  parameter integer Width     = 4,  // N, inputs (one per PE), >= 1
  parameter integer TreeArity = 4   // fan-in of one node, 2..8
) (
  input  wire [Width-1:0] busy_i,  // X[i][j] of every PE i: 1 pulls the line low
  output wire             idle_o   // the line: 1 when no PE is busy
);

  // Nodes on this level: ceil(Width / TreeArity).
  localparam integer Nodes = (Width + TreeArity - 1) / TreeArity;

  if (Width < 2) begin : g_leaf  // (Width 0 is illegal and reported by wnor_param_check)
    assign idle_o = ~busy_i[0];
  end else begin : g_node
    wire [Nodes-1:0] level;  // level[k]: OR of inputs k*TreeArity ... (at most TreeArity)
    genvar k;
    for (k = 0; k < Nodes; k = k + 1) begin : g_or
      // The last node may have fewer children than TreeArity.
      localparam integer Kids = (Width - k * TreeArity < TreeArity) ?
                                (Width - k * TreeArity) : TreeArity;
      assign level[k] = |busy_i[k * TreeArity +: Kids];
    end
    wnor_nor_tree #(.Width(Nodes), .TreeArity(TreeArity)) u_next (
      .busy_i (level),
      .idle_o (idle_o)
    );
  end

endmodule

`default_nettype wire
