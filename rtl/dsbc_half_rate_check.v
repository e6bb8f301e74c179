// SPDX-License-Identifier: Apache-2.0
// Elaboration-time check of the parameter HalfRate (half the request rate, dsbc_local_half;
// docs/architecture.md section 2 and 4f): an illegal value or combination stops elaboration
// with a message naming HalfRate and its legal range, as dsbc_param_check does for the others.
//
// Why a module of its own: dsbc_top instantiates it only when HalfRate != 0 (every illegal
// value is), so the default unit elaborates exactly as before. A parameter added to
// dsbc_param_check, which every block instantiates, renames its Yosys parameter modules, and
// that alone moves the synth_ice40 cell counts of the default configurations (by up to 100
// LUTs at N = 16, M = 32: ABC's result depends on the netlist's names), with no change in logic.
//
// Both Verilator and Yosys accept an elaboration-time `$error` inside a generate branch; Icarus 11
// does not parse it, so there the same message comes from `$fatal` at time 0.

`default_nettype none

module dsbc_half_rate_check #(
  parameter integer NumPes      = 4,  // N (the pipelined sum's latency P depends on it)
  parameter integer NumBarriers = 4,  // M
  parameter integer Sched       = 0,  // scheduler: 0 rr, 1 arb (default rr: the defaults must be legal, Yosys elaborates them)
  parameter integer Pipe        = 0,  // pipelined global sum
  parameter integer HalfRate    = 1   // half the request rate, legal 0..1, 1 only with Sched 0 and
                                      // NumBarriers >= 3 (Pipe 0) or >= 2 (Pipe 1 and NumPes >= 2)
) ();

  // P, cycles from the serial lines to the global decision: 0 without the pipelined sum,
  // 1 + ceil(clog2(N) / 2) with it (dsbc_serial_sum's Latency; Config::sum_latency()).
  localparam integer SumLevels = (NumPes > 1) ? $clog2(NumPes) : 0;
  localparam integer P         = (Pipe == 1) ? 1 + (SumLevels + 1) / 2 : 0;

  if (HalfRate < 0 || HalfRate > 1) begin : g_bad_half_rate
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter HalfRate = %0d is out of range: legal 0..1", HalfRate);
`else
    $error("dsbc: parameter HalfRate is out of range: legal 0..1");
`endif
  end

  // dsbc_local_half serves the round robin only.
  if (HalfRate == 1 && Sched != 0) begin : g_bad_half_rate_sched
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter HalfRate = 1 needs Sched = 0 (rr), not Sched = %0d", Sched);
`else
    $error("dsbc: parameter HalfRate = 1 needs Sched = 0 (rr): legal HalfRate 0 with any Sched, HalfRate 1 with Sched 0");
`endif
  end

  // Its rebase is written four cycles after the completion (d + 4); the next snapshot of the
  // barrier comes M - 1 words of at least 3 + P cycles later, so it is written first only if
  // (M - 1)(3 + P) > 4: M >= 3 without the pipelined sum (P = 0) and with it at N = 1 (P = 1),
  // M >= 2 with it at N >= 2 (P >= 2).
  if (HalfRate == 1 && (NumBarriers - 1) * (3 + P) <= 4) begin : g_bad_half_rate_barriers
`ifdef __ICARUS__
    initial $fatal(1, "dsbc: parameter HalfRate = 1 needs NumBarriers >= 3 (Pipe = 0) or >= 2 (Pipe = 1 and NumPes >= 2), not NumBarriers = %0d with Pipe = %0d, NumPes = %0d",
                   NumBarriers, Pipe, NumPes);
`else
    $error("dsbc: parameter HalfRate = 1 needs NumBarriers >= 3 (Pipe = 0) or >= 2 (Pipe = 1 and NumPes >= 2)");
`endif
  end

endmodule

`default_nettype wire
