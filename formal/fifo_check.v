// SPDX-License-Identifier: Apache-2.0
// Formal harness of dsbc_fifo (formal/run.py, job fifo_*). The environment is free except
// for the documented handshake: the global logic never pushes into a full FIFO (its full slot
// prevents it; the whole-unit job proves that). A reference queue, written as a shift
// register rather than a ring, must agree with the FIFO in every cycle: so no entry is lost,
// duplicated or reordered, and the flags follow the occupancy.
//
// RegFlags = 1 (flags in flip-flops) must give the same flags in every cycle: the same
// assertions check it. So must RegFlags = 2 (the fill level as a thermometer, valid and full
// its end bits, the storage written through a one-hot write pointer and a copy of full); its
// inductive invariant ties the thermometer, the one-hot pointer and the copy to the reference.
//
// Probes (p_*) are connected to internal signals by the runner (yosys `connect -set`):
// they are only used to state the inductive invariant, never to drive anything.

`default_nettype none

module fifo_check #(
  parameter integer Depth = 3,
  parameter integer Width = 2,
  parameter integer RegFlags = 0
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             push_i,
  input wire [Width-1:0] push_data_i,
  input wire             pop_i
);

  localparam integer PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam integer CntW = $clog2(Depth + 1);

  wire             valid, full;
  wire [Width-1:0] data;

  dsbc_fifo #(.Depth(Depth), .Width(Width), .RegFlags(RegFlags)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(push_i), .push_data_i(push_data_i),
    .pop_i(pop_i), .valid_o(valid), .data_o(data), .full_o(full)
  );

  (* keep *) wire [Depth*Width-1:0] p_mem;
  (* keep *) wire [CntW-1:0]        p_count;
  (* keep *) wire [PtrW-1:0]        p_rd_ptr;
  (* keep *) wire [PtrW-1:0]        p_wr_ptr;
  // RegFlags = 2 only (connected then): the thermometer, the one-hot pointer, full's copy.
  (* keep *) wire [Depth-1:0]       p_lvl;
  (* keep *) wire [Depth-1:0]       p_wroh;
  (* keep *) wire                   p_full2;

  // Reset in the first cycle only.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* assume(rst_ni == f_started);
  always @* if (f_started) assume(!(push_i && full));

  // Reference queue: entry 0 is the head.
  reg [Depth*Width-1:0] ref_q;
  reg [CntW-1:0]        ref_n;
  wire ref_pop  = pop_i && (ref_n != 0);
  wire ref_push = push_i;  // never while full (assumed above)
  reg [Depth*Width-1:0] ref_next;
  integer k;
  always @* begin
    ref_next = ref_pop ? (ref_q >> Width) : ref_q;
    for (k = 0; k < Depth; k = k + 1) begin
      if (ref_push && (k == ref_n - ref_pop)) ref_next[k*Width +: Width] = push_data_i;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ref_n <= 0;
    end else begin
      ref_q <= ref_next;
      ref_n <= ref_n + ref_push - ref_pop;
    end
  end

  // Two solver-chosen consecutive pushes (values chosen by the solver too) leave in push
  // order with their own values. `f_arm` marks the first; the next push is the second.
  // State: 0 idle, 1 first inside, 2 both inside, 3 first left and second inside.
  reg [1:0]       f_st = 2'd0;
  reg [CntW-1:0]  f_pos1, f_pos2;  // positions in the queue, 0 = head
  reg [Width-1:0] f_val1, f_val2;
  wire f_arm;
  assign f_arm = $anyseq;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_st <= 2'd0;
    end else begin
      case (f_st)
        2'd0: if (push_i && f_arm) begin
          f_st   <= 2'd1;
          f_pos1 <= ref_n - ref_pop;
          f_val1 <= push_data_i;
        end
        2'd1: begin
          if (ref_pop) f_pos1 <= f_pos1 - 1'b1;
          if (push_i) begin
            f_pos2 <= ref_n - ref_pop;
            f_val2 <= push_data_i;
            f_st   <= (ref_pop && f_pos1 == 0) ? 2'd3 : 2'd2;
          end else if (ref_pop && f_pos1 == 0) begin
            f_st <= 2'd0;
          end
        end
        2'd2: if (ref_pop) begin
          f_pos1 <= f_pos1 - 1'b1;
          f_pos2 <= f_pos2 - 1'b1;
          if (f_pos1 == 0) f_st <= 2'd3;
        end
        default: if (ref_pop) begin
          f_pos2 <= f_pos2 - 1'b1;
          if (f_pos2 == 0) f_st <= 2'd0;
        end
      endcase
    end
  end
  wire f_in1 = (f_st == 2'd1) || (f_st == 2'd2);
  wire f_in2 = (f_st == 2'd2) || (f_st == 2'd3);

  // Index arithmetic without `%` or multiplication on wide operands (the solver handles
  // a mux over constant indices far better).
  function [PtrW-1:0] wrap(input [CntW:0] idx);
    wrap = (idx >= Depth) ? idx - Depth : idx;
  endfunction
  function [Width-1:0] ring_at(input [PtrW-1:0] idx);
    integer m;
    begin
      ring_at = {Width{1'b0}};
      for (m = 0; m < Depth; m = m + 1) if (idx == m) ring_at = p_mem[m*Width +: Width];
    end
  endfunction
  function [Width-1:0] ref_at(input [CntW-1:0] idx);
    integer m;
    begin
      ref_at = {Width{1'b0}};
      for (m = 0; m < Depth; m = m + 1) if (idx == m) ref_at = ref_q[m*Width +: Width];
    end
  endfunction

  integer j;
  always @* begin
    if (f_started) begin
      // Flags and head follow the reference queue.
      assert(valid == (ref_n != 0));
      assert(full == (ref_n == Depth));
      assert(data == (valid ? ref_q[0 +: Width] : {Width{1'b0}}));
      assert(ref_n <= Depth);
      // A pop of an empty FIFO changes nothing (valid low), a push never meets a full one.
      // The marked pushes: each at its place, the second right behind the first.
      if (f_in1) assert(f_pos1 < ref_n && (f_pos1 != 0 || data == f_val1));
      if (f_in2) assert(f_pos2 < ref_n && (f_pos2 != 0 || data == f_val2));
      if (f_st == 2'd2) assert(f_pos2 == f_pos1 + 1'b1);
      // ... and until the second comes, the first is at the tail.
      if (f_st == 2'd1) assert(f_pos1 == ref_n - 1'b1);
      // Inductive invariant: the ring holds the reference queue from the read pointer.
      assert(p_count == ref_n);
      assert(p_rd_ptr < Depth);
      assert(p_wr_ptr == wrap(p_rd_ptr + ref_n));
      for (j = 0; j < Depth; j = j + 1) begin
        if (j < ref_n) assert(ring_at(wrap(p_rd_ptr + j)) == ref_q[j*Width +: Width]);
      end
      if (f_in1) assert(ref_at(f_pos1) == f_val1);
      if (f_in2) assert(ref_at(f_pos2) == f_val2);
    end
  end

  // RegFlags = 2: the thermometer holds ref_n ones from bit 0, the one-hot pointer is the
  // write pointer, the copy of full is full.
  if (RegFlags == 2) begin : g_therm_inv
    integer e;
    always @* begin
      if (f_started) begin
        for (e = 0; e < Depth; e = e + 1) assert(p_lvl[e] == (e < ref_n));
        for (e = 0; e < Depth; e = e + 1) assert(p_wroh[e] == (p_wr_ptr == e));
        assert(p_full2 == (ref_n == Depth));
      end
    end
  end

  // Non-vacuity.
  always @(posedge clk_i) begin
    if (f_started) begin
      cover(full);
      // Both marked entries inside at once needs room for two (Depth > 1).
      if (Depth > 1) cover(f_st == 2'd3 && f_pos2 == 0 && pop_i);
      cover(full && pop_i);
    end
  end

endmodule

`default_nettype wire
