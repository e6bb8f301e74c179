// SPDX-License-Identifier: Apache-2.0
// Dual-port RAM of the local count words: port A reads and writes (the summation module's
// read-modify-write), port B only reads (the snapshot). Both reads are synchronous.
//
// Written for block-RAM inference (Yosys maps the two read ports to two copies of the
// array). The RAM promises nothing about a read and a write of the same address in the same
// cycle: `no_rw_check` tells Yosys so, and the users resolve that case themselves
// (forwarding in dsbc_summation, the read-first bypass in dsbc_rr). No reset on purpose:
// dsbc_summation clears the words after reset.

`default_nettype none

module dsbc_ram_dp #(
  parameter integer Depth = 4,   // words
  parameter integer Width = 17,  // bits per word
  parameter integer AddrW = 2    // address bits, >= clog2(Depth), >= 1
) (
  input  wire             clk_i,        // clock (no reset: dsbc_summation clears the words)
  // Port A
  input  wire [AddrW-1:0] a_rd_addr_i,  // read address, data in a_rd_data_o next cycle
  output reg  [Width-1:0] a_rd_data_o,  // word at last cycle's a_rd_addr_i
  input  wire             a_wr_en_i,    // write a_wr_data_i at this edge
  input  wire [AddrW-1:0] a_wr_addr_i,  // write address
  input  wire [Width-1:0] a_wr_data_i,  // write data
  // Port B
  input  wire [AddrW-1:0] b_rd_addr_i,  // read address, data in b_rd_data_o next cycle
  output reg  [Width-1:0] b_rd_data_o   // word at last cycle's b_rd_addr_i
);

  (* no_rw_check *)
  reg [Width-1:0] mem_q [0:Depth-1];

  always @(posedge clk_i) begin
    if (a_wr_en_i) mem_q[a_wr_addr_i] <= a_wr_data_i;
  end

  // In simulation a read of the word written in the same cycle returns a corrupted value (the
  // old word inverted), because the FPGA RAM promises nothing there: logic that relied on
  // Verilog's read-first semantics would pass in simulation and fail in hardware.
  always @(posedge clk_i) begin
    a_rd_data_o <= mem_q[a_rd_addr_i];
`ifndef SYNTHESIS
    if (a_wr_en_i && (a_wr_addr_i == a_rd_addr_i)) a_rd_data_o <= ~mem_q[a_rd_addr_i];
`endif
  end

  always @(posedge clk_i) begin
    b_rd_data_o <= mem_q[b_rd_addr_i];
`ifndef SYNTHESIS
    if (a_wr_en_i && (a_wr_addr_i == b_rd_addr_i)) b_rd_data_o <= ~mem_q[b_rd_addr_i];
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
