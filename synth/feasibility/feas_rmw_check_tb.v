// SPDX-License-Identifier: Apache-2.0
// Self-check of the pipelined read-modify-write design feas_rmw_pipe (run by
// synth/feasibility/run.py before it places it): a clock figure for a design that computes
// the wrong words would be worthless. The design under test is chosen with -DDUT=<module>
// (and -DDUT_PARAMS="#(...)"); it exposes the chk_* signals this bench reads, so that
// another pipelined variant can be checked by the same bench.
//
// For every operation at the modify stage the operand must be the last word computed for
// that address by an earlier operation (whatever the pipeline holds in flight), and the
// result that word +1 or -1, or unchanged where the T-bit range refuses the step; each
// result must then reach the RAM's write port chk_write_lag cycles later. The words start next
// to both range edges so that refusals happen. Exit code 1 on any mismatch, or if some word
// was never checked, or the forwarding or the refusal was never exercised.

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT_PARAMS
`define DUT_PARAMS
`endif

module feas_rmw_check_tb;
  parameter integer Cycles = 200000;

  reg  clk = 1'b0;
  reg  sin = 1'b0;
  wire sout;

  `DUT `DUT_PARAMS dut (.clk_i(clk), .sin_i(sin), .sout_o(sout));

  reg [16:0] last [0:31];   // the architectural word: the last result per address
  reg        known [0:31];  // set by the first result seen for the address
  reg [16:0] result_q [0:3];  // the last results, for the write-port check
  reg [4:0]  result_addr_q [0:3];
  integer i, unknown, cycle, checked, errors, refusals, forwarded, writes;
  reg [15:0] count;
  reg [16:0] expected;
  wire [4:0] addr = dut.chk_addr;
  wire [1:0] lag  = dut.chk_write_lag;

  initial begin
    for (i = 0; i < 32; i = i + 1) begin
      known[i] = 1'b0;
      dut.u_ram.mem_q[i] = (i < 16) ? 17'h07ffd + i % 3 : 17'h08000 + i % 3;
    end
    checked = 0; errors = 0; refusals = 0; forwarded = 0; writes = 0;
    for (cycle = 0; cycle < Cycles; cycle = cycle + 1) begin
      sin = $random;
      #1 clk = 1'b1;
      #1 clk = 1'b0;
    end
    unknown = 0;
    for (i = 0; i < 32; i = i + 1) if (!known[i]) unknown = unknown + 1;
    $display("%m: %0d of 32 words never known; %0d operations checked, %0d forwarded, %0d refused, %0d writes checked, %0d wrong",
             unknown, checked, forwarded, refusals, writes, errors);
    if (errors != 0 || unknown != 0 || forwarded == 0 || refusals == 0 || writes == 0) begin
      $fatal(1, "feas_rmw_check_tb: self-check failed");
    end
    $finish;
  end

  always @(negedge clk) begin
    // The result computed lag cycles ago is at the write port now (0: this one).
    for (i = 3; i > 0; i = i - 1) begin
      result_q[i]      = result_q[i-1];
      result_addr_q[i] = result_addr_q[i-1];
    end
    result_q[0]      = dut.chk_new_word;
    result_addr_q[0] = addr;
    if (^result_q[lag] !== 1'bx && checked > 8) begin
      writes = writes + 1;
      if (dut.u_ram.wr_data_i !== result_q[lag] || dut.u_ram.wr_addr_i !== result_addr_q[lag]) begin
        errors = errors + 1;
        if (errors <= 5) $display("cycle %0d: write port %0d <- %h, want %0d <- %h", cycle,
                                  dut.u_ram.wr_addr_i, dut.u_ram.wr_data_i, result_addr_q[lag], result_q[lag]);
      end
    end
    // The first operations of the run may carry unknown addresses (registers without reset).
    if (^addr !== 1'bx) begin
      if (known[addr]) begin
        checked = checked + 1;
        if (dut.chk_forwarded) forwarded = forwarded + 1;
        count = last[addr][15:0];
        if (dut.chk_dec ? (count == 16'h8000) : (count == 16'h7fff)) begin
          expected = last[addr];
          refusals = refusals + 1;
        end else begin
          expected = {1'b1, dut.chk_dec ? count - 16'd1 : count + 16'd1};
        end
        if (dut.chk_old_word !== last[addr] || dut.chk_new_word !== expected) begin
          errors = errors + 1;
          if (errors <= 5) $display("cycle %0d address %0d: operand %h (want %h), result %h (want %h)",
                                    cycle, addr, dut.chk_old_word, last[addr], dut.chk_new_word, expected);
        end
      end
      if (^dut.chk_new_word !== 1'bx) begin
        last[addr]  = dut.chk_new_word;
        known[addr] = 1'b1;
      end
    end
  end
endmodule

`default_nettype wire
