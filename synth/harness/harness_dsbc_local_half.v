// SPDX-License-Identifier: Apache-2.0
// Fmax harness around one dsbc_local_half, the local block of HalfRate = 1 (see
// harness_scan_io; the same ports as harness_dsbc_local's block, round robin only). A file
// of its own rather than a HalfRate branch in harness_dsbc_local: a generate branch there
// would rename that harness's instance (g_*.u_dut) and move every dsbc_local placement
// measured on it.

`default_nettype none

module harness_dsbc_local_half #(
  parameter integer NumPes      = 4,
  parameter integer NumBarriers = 16,
  parameter integer CountBits   = 16,
  parameter integer FifoDepth   = 8
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  input  wire load_i,
  output wire sout_o
);

  localparam integer BW   = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  localparam integer InW  = BW + 5;  // valid, barrier, dec, pop, ctl_load, ctl_done
  localparam integer OutW = BW + 6;  // ready, ack, refused, fifo valid, fifo barrier, rr_bit

  wire [InW-1:0]  dut_in;
  wire [OutW-1:0] dut_out;

  harness_scan_io #(.InW(InW), .OutW(OutW)) u_io (
    .clk_i(clk_i), .sin_i(sin_i), .load_i(load_i), .sout_o(sout_o),
    .dut_in_o(dut_in), .dut_out_i(dut_out)
  );

  (* keep_hierarchy *)
  dsbc_local_half #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    (dut_in[0]),
    .req_barrier_i  (dut_in[1 +: BW]),
    .req_dec_i      (dut_in[BW+1]),
    .fifo_pop_i     (dut_in[BW+2]),
    .ctl_load_i     (dut_in[BW+3]),
    .ctl_done_i     (dut_in[BW+4]),
    .req_ready_o    (dut_out[0]),
    .ack_valid_o    (dut_out[1]),
    .ack_refused_o  (dut_out[2]),
    .fifo_valid_o   (dut_out[3]),
    .fifo_barrier_o (dut_out[4 +: BW]),
    .rr_bit_o       (dut_out[BW+4])
  );

  assign dut_out[BW+5] = 1'b0;  // spare: keeps OutW >= 2 for the shift chain

endmodule

`default_nettype wire
