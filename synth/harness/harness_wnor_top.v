// SPDX-License-Identifier: Apache-2.0
// Fmax harness around wnor_top (see harness_scan_io). keep_hierarchy keeps the block a
// separate module after synthesis, so its own LUT/FF counts can be read from `stat`.

`default_nettype none

module harness_wnor_top #(
  parameter integer NumPes      = 4,
  parameter integer NumBarriers = 16,
  parameter integer TreeArity   = 4
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  input  wire load_i,
  output wire sout_o
);

  localparam integer BW   = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  localparam integer InW  = NumPes * (BW + 2);
  localparam integer OutW = 3 * NumPes + 2 * NumBarriers;

  wire [InW-1:0]  dut_in;
  wire [OutW-1:0] dut_out;

  harness_scan_io #(.InW(InW), .OutW(OutW)) u_io (
    .clk_i(clk_i), .sin_i(sin_i), .load_i(load_i), .sout_o(sout_o),
    .dut_in_o(dut_in), .dut_out_i(dut_out)
  );

  (* keep_hierarchy *)
  wnor_top #(.NumPes(NumPes), .NumBarriers(NumBarriers), .TreeArity(TreeArity)) u_dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .req_valid_i   (dut_in[0 +: NumPes]),
    .req_barrier_i (dut_in[NumPes +: NumPes*BW]),
    .req_clear_i   (dut_in[NumPes*(BW+1) +: NumPes]),
    .req_ready_o   (dut_out[0 +: NumPes]),
    .ack_valid_o   (dut_out[NumPes +: NumPes]),
    .ack_refused_o (dut_out[2*NumPes +: NumPes]),
    .line_o        (dut_out[3*NumPes +: NumBarriers]),
    .release_o     (dut_out[3*NumPes+NumBarriers +: NumBarriers])
  );

endmodule

`default_nettype wire
