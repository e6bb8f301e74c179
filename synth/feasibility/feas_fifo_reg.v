// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: dsbc_fifo with its
// two flags (valid_o, full_o) kept in registers, computed from the next count, for
// feas_local_pipe's FifoReg = 1. Same ports and the same behaviour in every cycle as
// dsbc_fifo (feas_local_pipe_tb checks the FIFO against its reference queue).
//
// Why: in the placed unit of feas_local_pipe blocks (unit_pipe_n8) dsbc_fifo's count ->
// flag compare -> push/pop enable -> count and storage enables was the critical path (two
// LUTs, the rest routing); here the enables start at the flag registers.

`default_nettype none

module feas_fifo_reg #(
  parameter integer Depth = 8,  // entries, 1..1024
  parameter integer Width = 2   // bits per entry
) (
  input  wire             clk_i,        // clock, rising edge
  input  wire             rst_ni,       // asynchronous reset, active low
  input  wire             push_i,       // append push_data_i at this edge (dropped if full_o)
  input  wire [Width-1:0] push_data_i,  // the barrier ID to append
  input  wire             pop_i,        // remove the head at this edge (ignored if !valid_o)
  output wire             valid_o,      // not empty: data_o is the head
  output wire [Width-1:0] data_o,       // the head (show-ahead), 0 when empty
  output wire             full_o        // Depth entries held: a push now would be dropped
);

  localparam integer PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam integer CntW = $clog2(Depth + 1);
  localparam integer LastSlot = Depth - 1;
  localparam [PtrW-1:0] LAST_SLOT = LastSlot[PtrW-1:0];
  localparam [CntW-1:0] DEPTH_CNT = Depth[CntW-1:0];

  reg [Width-1:0] mem_q [0:Depth-1];
  reg [PtrW-1:0]  wr_ptr_q, rd_ptr_q;
  reg [CntW-1:0]  count_q;
  reg             valid_q, full_q;  // count_q != 0, count_q == Depth

  wire do_pop  = pop_i && valid_q;
  wire do_push = push_i && !full_q;
  reg [CntW-1:0] count_d;
  always @* begin
    count_d = count_q;
    if (do_push && !do_pop)      count_d = count_q + 1'b1;
    else if (do_pop && !do_push) count_d = count_q - 1'b1;
  end

  assign valid_o = valid_q;
  assign full_o  = full_q;
  assign data_o  = valid_q ? mem_q[rd_ptr_q] : {Width{1'b0}};

  function [PtrW-1:0] next_ptr(input [PtrW-1:0] ptr);
    next_ptr = (ptr == LAST_SLOT) ? {PtrW{1'b0}} : ptr + 1'b1;
  endfunction

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= {PtrW{1'b0}};
      rd_ptr_q <= {PtrW{1'b0}};
      count_q  <= {CntW{1'b0}};
      valid_q  <= 1'b0;
      full_q   <= 1'b0;
    end else begin
      if (do_push) wr_ptr_q <= next_ptr(wr_ptr_q);
      if (do_pop)  rd_ptr_q <= next_ptr(rd_ptr_q);
      count_q <= count_d;
      valid_q <= (count_d != {CntW{1'b0}});
      full_q  <= (count_d == DEPTH_CNT);
`ifndef SYNTHESIS
      if (push_i && full_o) begin
        $fatal(1, "%m: push into a full FIFO at %0t (the full slot should prevent this)", $time);
      end
`endif
    end
  end

  always @(posedge clk_i) begin
    if (do_push) mem_q[wr_ptr_q] <= push_data_i;
  end

endmodule

`default_nettype wire
