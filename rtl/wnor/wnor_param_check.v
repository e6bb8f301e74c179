// SPDX-License-Identifier: Apache-2.0
// Elaboration-time check of the Wired-NOR baseline's parameters: an illegal value stops
// elaboration with a message naming the parameter and its legal range (same scheme as
// dsbc_param_check: `$error` for Verilator and Yosys, `$fatal` at time 0 for Icarus 11, which
// does not parse an elaboration-time `$error`).

`default_nettype none

module wnor_param_check #(
  parameter integer NumPes      = 4,   // N, legal 1..1024
  parameter integer NumBarriers = 16,  // m, barrier lines, legal 1..256
  parameter integer TreeArity   = 4    // fan-in of one reduction node, legal 2..8
) ();

  if (NumPes < 1 || NumPes > 1024) begin : g_bad_num_pes
`ifdef __ICARUS__
    initial $fatal(1, "wnor: parameter NumPes = %0d is out of range: legal 1..1024", NumPes);
`else
    $error("wnor: parameter NumPes is out of range: legal 1..1024");
`endif
  end

  if (NumBarriers < 1 || NumBarriers > 256) begin : g_bad_num_barriers
`ifdef __ICARUS__
    initial $fatal(1, "wnor: parameter NumBarriers = %0d is out of range: legal 1..256",
                   NumBarriers);
`else
    $error("wnor: parameter NumBarriers is out of range: legal 1..256");
`endif
  end

  if (TreeArity < 2 || TreeArity > 8) begin : g_bad_tree_arity
`ifdef __ICARUS__
    initial $fatal(1, "wnor: parameter TreeArity = %0d is out of range: legal 2..8", TreeArity);
`else
    $error("wnor: parameter TreeArity is out of range: legal 2..8");
`endif
  end

endmodule

`default_nettype wire
