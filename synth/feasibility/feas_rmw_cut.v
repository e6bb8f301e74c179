// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: a pipelined
// read-modify-write of the local count words whose same-barrier recurrence is one bit wide.
//
// The pipeline itself (how the loop is cut, the stage timing) is feas_rmw_cut_core.v, which
// feas_local_pipe.v uses too; this is it on one RAM pair with an operation in every cycle.

`default_nettype none

// The design placed as `rmw_cut` (synth/feasibility/run.py): the pipeline of
// feas_rmw_cut_core at T = 16, M = 32, one operation per cycle from the LFSR, on one RAM pair.
module feas_rmw_cut (
  input  wire clk_i,   // clock
  input  wire sin_i,   // stirs the LFSR
  output reg  sout_o   // XOR of the last written word
);

  localparam integer T = 16;
  localparam integer A = 5;   // address bits: M = 32

  wire [15:0] lfsr_q;
  feas_lfsr u_lfsr (.clk_i(clk_i), .sin_i(sin_i), .state_o(lfsr_q));

  wire [A-1:0] rd_addr = lfsr_q[A-1:0];  // cycle k: the operation's read
  wire [T:0]   rd_data, wr_data;
  wire [A-1:0] wr_addr;
  wire         wr_en;

  feas_rmw_cut_core #(.CountBits(T), .AddrW(A)) u_core (
    .clk_i(clk_i), .rst_ni(1'b1),
    .op_valid_i(1'b1), .op_addr_i(rd_addr), .op_dec_i(lfsr_q[A]), .rd_data_i(rd_data),
    .ack_valid_o(), .ack_refused_o(), .commit_valid_o(), .commit_addr_o(), .commit_dec_o(),
    .wr_en_next_o(),
    .wr_en_o(wr_en), .wr_addr_o(wr_addr), .wr_data_o(wr_data)
  );

  always @(posedge clk_i) begin
    sout_o <= ^wr_data;
  end

`ifndef SYNTHESIS
  // For feas_rmw_check_tb only (the core's decision stage).
  wire [1:0]   chk_write_lag = u_core.chk_write_lag;
  wire [A-1:0] chk_addr      = u_core.chk_addr;
  wire         chk_dec       = u_core.chk_dec;
  wire         chk_forwarded = u_core.chk_forwarded;
  wire [T:0]   chk_old_word  = u_core.chk_old_word;
  wire [T:0]   chk_new_word  = u_core.chk_new_word;
`endif

  dsbc_ram_dp #(.Depth(32), .Width(T + 1), .AddrW(A)) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (wr_en),
    .wr_addr_i (wr_addr),
    .wr_data_i (wr_data),
    .rd_addr_i (rd_addr),
    .rd_data_o (rd_data)
  );

endmodule

`default_nettype wire
