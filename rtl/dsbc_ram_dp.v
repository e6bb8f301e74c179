// SPDX-License-Identifier: Apache-2.0
// Simple dual-port RAM of the local words {open, count}: one write port and one synchronous
// read port, exactly what an iCE40 SB_RAM40_4K offers, so Yosys maps it to one block per 16
// bits of width and 256 words, with no copy (T + 1 <= 16: one block for M <= 256). The read
// port is shared in time by the summation module's read-modify-write and the snapshot
// (dsbc_summation muxes the address; the snapshot takes it in the ctl_load cycle).
//
// The RAM promises nothing about a read and a write of the same address in the same cycle:
// `no_rw_check` tells Yosys so, and the users resolve that case themselves (forwarding in
// dsbc_summation, the read-first bypass in dsbc_rr). No reset on purpose: dsbc_summation
// clears the words after reset.

`default_nettype none

module dsbc_ram_dp #(
  parameter integer Depth = 4,   // words
  parameter integer Width = 17,  // bits per word
  parameter integer AddrW = 2    // address bits, >= clog2(Depth), >= 1
) (
  input  wire             clk_i,      // clock (no reset: dsbc_summation clears the words)
  input  wire             wr_en_i,    // write wr_data_i at this edge
  input  wire [AddrW-1:0] wr_addr_i,  // write address
  input  wire [Width-1:0] wr_data_i,  // write data
  input  wire [AddrW-1:0] rd_addr_i,  // read address, data in rd_data_o next cycle
  output reg  [Width-1:0] rd_data_o   // word at last cycle's rd_addr_i
);

  (* no_rw_check *)
  reg [Width-1:0] mem_q [0:Depth-1];

  always @(posedge clk_i) begin
    if (wr_en_i) mem_q[wr_addr_i] <= wr_data_i;
  end

  // In simulation a read of the word written in the same cycle returns a corrupted value (the
  // old word inverted), because the FPGA RAM promises nothing there: logic that relied on
  // Verilog's read-first semantics would pass in simulation and fail in hardware.
  always @(posedge clk_i) begin
    rd_data_o <= mem_q[rd_addr_i];
`ifndef SYNTHESIS
    if (wr_en_i && (wr_addr_i == rd_addr_i)) rd_data_o <= ~mem_q[rd_addr_i];
`endif
  end

`ifdef FORMAL
  // Formal observation (formal/): the words as one flat vector, word k in bits
  // [k*Width +: Width], so a harness can relate each to its shadow count.
  (* keep *) wire [Depth*Width-1:0] f_mem;
  genvar f_k;
  for (f_k = 0; f_k < Depth; f_k = f_k + 1) begin : g_f_mem
    assign f_mem[f_k*Width +: Width] = mem_q[f_k];
  end
`endif

endmodule

`default_nettype wire
