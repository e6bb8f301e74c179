// SPDX-License-Identifier: Apache-2.0
// Show-ahead FIFO of completed barrier IDs (one per PE). The head is on data_o whenever
// valid_o is high; an entry leaves in a cycle where valid_o and pop_i are both high. A push
// and a pop may happen in the same cycle. data_o is 0 when empty, so outputs are
// deterministic whatever the storage holds.
//
// The global logic never pushes into a full FIFO (it checks the full slot first); a push
// while full is dropped here and flagged as an assertion in simulation.

`default_nettype none

module dsbc_fifo #(
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
  // Clamped so that an illegal Depth = 0 elaborates as far as the parameter check (dsbc_local).
  localparam integer CntW = (Depth > 0) ? $clog2(Depth + 1) : 1;
  localparam integer LastSlot = (Depth > 0) ? Depth - 1 : 0;
  localparam [PtrW-1:0] LAST_SLOT = LastSlot[PtrW-1:0];
  localparam [CntW-1:0] DEPTH_CNT = Depth[CntW-1:0];

  reg [Width-1:0] mem_q [0:Depth-1];
  reg [PtrW-1:0]  wr_ptr_q, rd_ptr_q;
  reg [CntW-1:0]  count_q;

  wire do_pop  = pop_i && valid_o;
  wire do_push = push_i && !full_o;

  assign valid_o = (count_q != {CntW{1'b0}});
  assign full_o  = (count_q == DEPTH_CNT);
  assign data_o  = valid_o ? mem_q[rd_ptr_q] : {Width{1'b0}};

  // Pointers wrap at Depth explicitly: Depth need not be a power of two.
  function [PtrW-1:0] next_ptr(input [PtrW-1:0] ptr);
    next_ptr = (ptr == LAST_SLOT) ? {PtrW{1'b0}} : ptr + 1'b1;
  endfunction

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= {PtrW{1'b0}};
      rd_ptr_q <= {PtrW{1'b0}};
      count_q  <= {CntW{1'b0}};
    end else begin
      if (do_push) wr_ptr_q <= next_ptr(wr_ptr_q);
      if (do_pop)  rd_ptr_q <= next_ptr(rd_ptr_q);
      if (do_push && !do_pop)      count_q <= count_q + 1'b1;
      else if (do_pop && !do_push) count_q <= count_q - 1'b1;
`ifndef SYNTHESIS
`ifndef FORMAL
      // Checked here, out of reset only: before reset count_q and push_i are random. It stops
      // the run (formal/ proves it cannot happen; yosys -formal rejects $fatal).
      if (push_i && full_o) begin
        $fatal(1, "%m: push into a full FIFO at %0t (the full slot should prevent this)",
               $time);
      end
`endif
`endif
    end
  end

  always @(posedge clk_i) begin
    if (do_push) mem_q[wr_ptr_q] <= push_data_i;
  end

`ifdef FORMAL
  // Formal observation (formal/): the storage as one flat vector, entry k in bits
  // [k*Width +: Width], so a harness can relate it to a reference queue.
  (* keep *) wire [Depth*Width-1:0] f_mem;
  genvar f_k;
  for (f_k = 0; f_k < Depth; f_k = f_k + 1) begin : g_f_mem
    assign f_mem[f_k*Width +: Width] = mem_q[f_k];
  end
`endif

endmodule

`default_nettype wire
