// SPDX-License-Identifier: Apache-2.0
// Fmax harness around a whole dsbc_top (see harness_scan_io).

`default_nettype none

module harness_dsbc_top #(
  parameter integer NumPes      = 4,
  parameter integer NumBarriers = 16,
  parameter integer CountBits   = 16,
  parameter integer FifoDepth   = 8,
  parameter integer Sched       = 1,  // 0 rr, 1 arb (synth/synth-flow.py sets it per configuration)
  parameter integer Pipe        = 0,  // 1: pipelined global sum (rr only; set likewise)
  parameter integer HalfRate    = 0   // 1: half the request rate per PE (rr only; set likewise)
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  input  wire load_i,
  output wire sout_o
);

  localparam integer BW   = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  localparam integer InW  = NumPes * (BW + 3);        // valid, barrier, dec, pop per PE
  localparam integer OutW = NumPes * (BW + 4) + 2 + BW;

  wire [InW-1:0]  dut_in;
  wire [OutW-1:0] dut_out;

  harness_scan_io #(.InW(InW), .OutW(OutW)) u_io (
    .clk_i(clk_i), .sin_i(sin_i), .load_i(load_i), .sout_o(sout_o),
    .dut_in_o(dut_in), .dut_out_i(dut_out)
  );

  (* keep_hierarchy *)
  dsbc_top #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched), .Pipe(Pipe), .HalfRate(HalfRate)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    (dut_in[0 +: NumPes]),
    .req_barrier_i  (dut_in[NumPes +: NumPes*BW]),
    .req_dec_i      (dut_in[NumPes*(BW+1) +: NumPes]),
    .fifo_pop_i     (dut_in[NumPes*(BW+2) +: NumPes]),
    .req_ready_o    (dut_out[0 +: NumPes]),
    .ack_valid_o    (dut_out[NumPes +: NumPes]),
    .ack_refused_o  (dut_out[2*NumPes +: NumPes]),
    .fifo_valid_o   (dut_out[3*NumPes +: NumPes]),
    .fifo_barrier_o (dut_out[4*NumPes +: NumPes*BW]),
    .snap_o         (dut_out[NumPes*(BW+4)]),
    .done_o         (dut_out[NumPes*(BW+4)+1]),
    .done_barrier_o (dut_out[NumPes*(BW+4)+2 +: BW])
  );

endmodule

`default_nettype wire
