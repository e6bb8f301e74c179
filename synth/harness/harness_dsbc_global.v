// SPDX-License-Identifier: Apache-2.0
// Fmax harness around dsbc_global (see harness_scan_io).

`default_nettype none

module harness_dsbc_global #(
  parameter integer NumPes      = 4,
  parameter integer NumBarriers = 16,
  parameter integer CountBits   = 16,
  parameter integer FifoDepth   = 8,
  parameter integer Sched       = 1,  // 0 rr, 1 arb (synth/synth-flow.py sets it per configuration)
  parameter integer Pipe        = 0   // 1: pipelined global sum (rr only; set likewise)
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  input  wire load_i,
  output wire sout_o
);

  localparam integer BW   = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  localparam integer InW  = NumPes;
  localparam integer OutW = 2 + BW;

  wire [InW-1:0]  dut_in;
  wire [OutW-1:0] dut_out;

  harness_scan_io #(.InW(InW), .OutW(OutW)) u_io (
    .clk_i(clk_i), .sin_i(sin_i), .load_i(load_i), .sout_o(sout_o),
    .dut_in_o(dut_in), .dut_out_i(dut_out)
  );

  (* keep_hierarchy *)
  dsbc_global #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched), .Pipe(Pipe)
  ) u_dut (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rr_bits_i  (dut_in),
    .ctl_load_o (dut_out[0]),
    .ctl_done_o (dut_out[1]),
    .cnt2_o     (dut_out[2 +: BW])
  );

endmodule

`default_nettype wire
