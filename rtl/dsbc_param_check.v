// SPDX-License-Identifier: Apache-2.0
// Elaboration-time check of the DSBC parameters: an illegal value stops elaboration with a
// message naming the parameter and its legal range (docs/architecture.md section 2).
//
// Both Verilator and Yosys accept an elaboration-time `$error` inside a generate branch; Icarus 11
// does not parse it, so there the same message comes from `$fatal` at time 0.

`default_nettype none

module dsbc_param_check #(
  parameter integer NumPes      = 4,   // N, legal 1..256
  parameter integer NumBarriers = 4,   // M, legal 1..1024
  parameter integer CountBits   = 16,  // T, legal 8..32
  parameter integer FifoDepth   = 8,   // completed-barrier FIFO entries, legal 1..1024
  parameter integer Sched       = 1,   // scheduler: 0 rr, 1 arb (architecture.md 4e; default)
  parameter integer Pipe        = 0    // pipelined global sum, legal 0..1, 1 only with Sched 0
) ();

  if (NumPes < 1 || NumPes > 256) begin : g_bad_num_pes
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter NumPes = %0d is out of range: legal 1..256", NumPes);
`else
    $error("dsbc: parameter NumPes is out of range: legal 1..256");
`endif
  end

  if (NumBarriers < 1 || NumBarriers > 1024) begin : g_bad_num_barriers
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter NumBarriers = %0d is out of range: legal 1..1024",
                   NumBarriers);
`else
    $error("dsbc: parameter NumBarriers is out of range: legal 1..1024");
`endif
  end

  // T >= 8 keeps the rebase of a count from ever overflowing (architecture.md section 2).
  if (CountBits < 8 || CountBits > 32) begin : g_bad_count_bits
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter CountBits = %0d is out of range: legal 8..32", CountBits);
`else
    $error("dsbc: parameter CountBits is out of range: legal 8..32");
`endif
  end

  if (FifoDepth < 1 || FifoDepth > 1024) begin : g_bad_fifo_depth
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter FifoDepth = %0d is out of range: legal 1..1024", FifoDepth);
`else
    $error("dsbc: parameter FifoDepth is out of range: legal 1..1024");
`endif
  end

  if (Sched < 0 || Sched > 1) begin : g_bad_sched
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter Sched = %0d is out of range: legal 0..1 (0 rr, 1 arb)", Sched);
`else
    $error("dsbc: parameter Sched is out of range: legal 0..1 (0 rr, 1 arb)");
`endif
  end

  if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter Pipe = %0d is out of range: legal 0..1", Pipe);
`else
    $error("dsbc: parameter Pipe is out of range: legal 0..1");
`endif
  end

  // The pipelined sum (architecture.md 4f) serves the round robin only: arb's POLL and
  // arbitration round trips are not pipelined.
  if (Pipe == 1 && Sched != 0) begin : g_bad_pipe_sched
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter Pipe = 1 needs Sched = 0 (rr), not Sched = %0d", Sched);
`else
    $error("dsbc: parameter Pipe = 1 needs Sched = 0 (rr): legal Pipe 0 with any Sched, Pipe 1 with Sched 0");
`endif
  end

endmodule

`default_nettype wire
