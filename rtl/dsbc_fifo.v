// SPDX-License-Identifier: Apache-2.0
// Show-ahead FIFO of completed barrier IDs (one per PE). The head is on data_o whenever
// valid_o is high; an entry leaves in a cycle where valid_o and pop_i are both high. A push
// and a pop may happen in the same cycle. data_o is 0 when empty, so outputs are
// deterministic whatever the storage holds.
//
// The global logic never pushes into a full FIFO (it checks the full slot first); a push
// while full is dropped here and flagged as an assertion in simulation.
//
// RegFlags = 1 keeps valid_o and full_o in flip-flops, written from the next count, with the
// same value in every cycle as the compares of RegFlags = 0 (the default, the unit's
// netlist). Why: in a placed unit at 150 MHz (synth/feasibility, unit_pipe_n8) the path count
// -> flag compare -> push/pop enable -> count and storage enables was the critical one; with
// the flags in registers the enables start at a flip-flop. It costs two flip-flops.

`default_nettype none

module dsbc_fifo #(
  parameter integer Depth = 8,  // entries, 1..1024
  parameter integer Width = 2,  // bits per entry
  parameter integer RegFlags = 0  // 0..2; 1: valid_o and full_o from flip-flops (same values); 2: the fill level as a thermometer and a one-hot write pointer
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

  // The unit's parameters are checked in dsbc_param_check; this one is the FIFO's own
  // (same pattern: Icarus 11 does not parse an elaboration-time $error).
  if (RegFlags < 0 || RegFlags > 2) begin : g_bad_reg_flags
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_fifo: parameter RegFlags = %0d is out of range: legal 0..2", RegFlags);
`else
    $error("dsbc_fifo: parameter RegFlags is out of range: legal 0..2");
`endif
  end

  reg [Width-1:0] mem_q [0:Depth-1];
  reg [PtrW-1:0]  wr_ptr_q, rd_ptr_q;
  reg [CntW-1:0]  count_q;

  wire do_pop  = pop_i && valid_o;
  wire do_push = push_i && !full_o;

  reg [CntW-1:0] count_d;
  always @* begin
    count_d = count_q;
    if (do_push && !do_pop)      count_d = count_q + 1'b1;
    else if (do_pop && !do_push) count_d = count_q - 1'b1;
  end

  // RegFlags = 2 (dsbc_local_half, for its 200 MHz): the fill level as a thermometer code lvl_q (bit i:
  // more than i entries), valid_o = lvl_q[0], full_o = lvl_q[Depth-1], each bit two LUT levels
  // from the ports and registers (no carry chain): of push only (a), pop only (b) and both
  // (unchanged) at most one moves it. The storage's write enables from a one-hot pointer.
  // [LastSlot:0], not [Depth-1:0]: an illegal Depth = 0 must reach dsbc_param_check's message,
  // and Icarus stops earlier at a zero replication.
  wire [LastSlot:0] we_oh;
  wire             full2;  // RegFlags = 2: a copy of full_o for the storage's enables
  if (RegFlags == 2) begin : g_therm
    reg  [Depth-1:0] lvl_q, wr_oh_q;
    // Slot 0 one-hot, written so that Depth = 1 needs no zero replication (Icarus rejects it).
    localparam [Depth-1:0] FIRST_OH = 1;
    wire [Depth+1:0] lvl_ext = {1'b0, lvl_q, 1'b1};  // lvl_ext[i+1] = lvl_q[i]
    wire             tpop = pop_i && lvl_q[0];
    wire             both = push_i && !lvl_q[Depth-1] && tpop;
    integer          i;
    reg  [Depth-1:0] lvl_d, lvl_a, lvl_b;
    always @* begin
      for (i = 0; i < Depth; i = i + 1) begin
        lvl_a[i] = lvl_q[i] || (push_i && !lvl_q[Depth-1] && lvl_ext[i]);
        lvl_b[i] = tpop ? lvl_ext[i+2] : lvl_q[i];
        // = both ? lvl_q[i] : (lvl_q[i] ? lvl_a && lvl_b : lvl_a || lvl_b), written without a
        // hold branch (lvl_a is 1 when lvl_q[i] is, lvl_b is 0 when it is not), so that no
        // clock enable is made of it: an enable (push xor pop) is two LUT levels from the
        // ports and fans out to every level bit, and was the block's critical path in 3 of
        // 5 placement seeds.
        lvl_d[i] = lvl_q[i] ? (lvl_b[i] || both) : (lvl_a[i] && !both);
      end
    end
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        lvl_q   <= {Depth{1'b0}};
        wr_oh_q <= FIRST_OH;
      end else begin
        lvl_q <= lvl_d;
        if (do_push) wr_oh_q <= (wr_oh_q << 1) | (wr_oh_q >> (Depth - 1));
      end
    end
    assign valid_o = lvl_q[0];
    assign full_o  = lvl_q[Depth-1];
    assign we_oh   = wr_oh_q;
    // The same value as lvl_q[Depth-1], from its own next-state logic (so not merged with it).
    reg full2_q;
    wire both2 = push_i && !full2_q && tpop;
    wire a2 = full2_q || (push_i && !full2_q && lvl_ext[Depth-1]);
    wire b2 = (pop_i && lvl_q[0]) ? 1'b0 : full2_q;
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) full2_q <= 1'b0;
      else         full2_q <= full2_q ? (b2 || both2) : (a2 && !both2);
    end
    assign full2 = full2_q;
`ifndef SYNTHESIS
`ifndef FORMAL
    // (yosys -formal rejects $fatal; formal/fifo_check.v proves the same, jobs *_regflags2)
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        // out of reset only
      end else if (lvl_q != ((1 << count_q) - 1) || wr_oh_q != (1 << wr_ptr_q) || full2_q != lvl_q[Depth-1]) begin
        $fatal(1, "%m: thermometer or one-hot pointer wrong at %0t", $time);
      end
    end
`endif
`endif
  end else if (RegFlags != 0) begin : g_reg_flags
    reg valid_q, full_q;  // count_q != 0, count_q == Depth, written with count_q
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
        full_q  <= 1'b0;
      end else begin
        valid_q <= (count_d != {CntW{1'b0}});
        full_q  <= (count_d == DEPTH_CNT);
      end
    end
    assign valid_o = valid_q;
    assign full_o  = full_q;
    assign we_oh   = {(LastSlot + 1){1'b0}};
    assign full2   = 1'b0;
  end else begin : g_cmp_flags
    assign we_oh   = {(LastSlot + 1){1'b0}};
    assign full2   = 1'b0;
    assign valid_o = (count_q != {CntW{1'b0}});
    assign full_o  = (count_q == DEPTH_CNT);
  end
  assign data_o = valid_o ? mem_q[rd_ptr_q] : {Width{1'b0}};

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
      count_q <= count_d;
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

  if (RegFlags == 2) begin : g_we_oh
    genvar e;
    for (e = 0; e < Depth; e = e + 1) begin : g_entry
      (* keep *) wire we_e;  // one LUT from the port
      assign we_e = push_i && !full2 && we_oh[e];
      always @(posedge clk_i) begin
        if (we_e) mem_q[e] <= push_data_i;
      end
    end
  end else begin : g_we_ptr
    wire unused_we = &{1'b0, we_oh, full2};
    always @(posedge clk_i) begin
      if (do_push) mem_q[wr_ptr_q] <= push_data_i;
    end
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
