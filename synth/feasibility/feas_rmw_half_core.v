// SPDX-License-Identifier: Apache-2.0
// FEASIBILITY COPY: rtl/dsbc_rmw_half.v as it was until 2026-11-25 (D_r = 2, D_w = 3), kept
// here because feas_local_pipe (HalfRate = 1) and its report were built and measured on it; the
// product's dsbc_rmw_half now registers the RAM's word first (D_r = 3, D_w = 4, clock.md,
// "200 MHz with the RAM's word registered"). Not part of the unit.
// Read-modify-write of the local count words at half the request rate (HalfRate = 1,
// dsbc_local_half; architecture.md 4f): a short pipeline for a user that never starts two
// operations in consecutive cycles (dsbc_local_half keeps req_ready_o low in the cycle after
// an acceptance). Born as the feasibility design feas_rmw_half_core (synth/feasibility/).
//
// Why it is short: a full-rate pipeline of this kind (synth/feasibility/feas_rmw_cut_core)
// needs nine stages because one operation per cycle lets operation k's operand be operation
// k-1's result, so forward mux -> range check -> result must close in one cycle whatever the
// depth (architecture.md 4f). With at least two cycles
// between operations the operand of k is the result of an operation that left the refusal
// stage a cycle before k needs it, so each step (mux; range check and +-1) gets its own cycle
// and the range check stays exact on the whole word, with no distance tracking.
//
// Operation k (op_valid_i high in cycle k; the user reads its word on the RAM in cycle k and
// hands the RAM's output to rd_data_i in cycle k+1):
// - cycle k:   its address is compared with those of the operations of k-2 and k-3 (the only
//              ones whose writes the read misses, below) and the match registered (hit_q);
// - cycle k+1: opnd_q <= hit_q ? (the forwarded word) : rd_data_i (the RAM's clock-to-out
//              and one mux), and with it edge_q, the range check in groups (below);
// - cycle k+2: the refusal (the AND of edge_q) into refused_q, and the step
//              into res_q (the commit: the new word enters the write registers);
// - cycle k+3: ack_valid_o / ack_refused_o (refused_q), and the RAM is written with the new
//              word: refused_q ? opnd_q : res_q (a refused operation rewrites its word
//              unchanged). The refusal thus drives two flip-flops and the commit outputs, not
//              a mux in front of 17 (in the placed 16-PE unit that fan-out was the critical
//              path: 2 ns logic, 6-8 ns routing, 102-117 MHz).
// So D_r = 2 (read to refusal) and D_w = 3 (read to write). The read of cycle k sees the
// writes of cycles <= k-1, i.e. of the operations of k-4 and before; the writes of k-3's
// operation (in k, at the very edge of the read: the RAM promises nothing there) and of
// k-2's (in k+1) are missed, and k-1 holds no operation. At most one of k-3 and k-2 holds an
// operation (they are consecutive), and opnd_q, res_q and refused_q are loaded only by an
// operation, so in cycle k+1 they still hold those of whichever of the two there is (opnd_q
// is next loaded by k itself, at the end of k+1): one forwarding source, the word that
// operation writes, from registers, and one 2:1 mux in front of the operand register.

`default_nettype none

module feas_rmw_half_core #(
  parameter integer CountBits = 16,  // T, >= 2
  parameter integer AddrW     = 5    // address bits of the RAM
) (
  input  wire                 clk_i,           // clock
  input  wire                 rst_ni,          // asynchronous reset of the valid bits, active low
  input  wire                 op_valid_i,      // an operation is read in this cycle ...
  input  wire [AddrW-1:0]     op_addr_i,       // ... at this address (the RAM's read address)
  input  wire                 op_dec_i,        // ... and steps -1 (else +1)
  input  wire [CountBits:0]   rd_data_i,       // the RAM's word read last cycle
  output wire                 ack_valid_o,     // the operation read 3 cycles ago is decided ...
  output wire                 ack_refused_o,   // ... and refused (its step would leave the range)
  output wire                 commit_valid_o,  // a taken step's word enters the write register
  output wire [AddrW-1:0]     commit_addr_o,   // ... for this address
  output wire                 commit_dec_o,    // ... and the step was -1
  output wire                 wr_en_next_o,    // wr_en_o of the next cycle (wr_addr_o: commit_addr_o)
  output wire                 wr_en_o,         // write the word of the operation read 3 cycles ago
  output wire [AddrW-1:0]     wr_addr_o,       // ... at this address
  output wire [CountBits:0]   wr_data_o        // ... this word {open, count}
);

  localparam integer T = CountBits;
  localparam integer W = T + 1;  // {open, count}
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};
  // The range check in groups: the count is at the edge a step would leave when each group of
  // three of its low T-1 bits is all ones (+1: at the maximum) or all zeros (-1: at the
  // minimum), and the sign bit is the edge's. A group and the step's sign are one LUT4, so
  // the groups are decided in the operand's own cycle, one LUT behind the RAM (then the
  // forwarding mux), and the refusal is an AND of G + 1 registers: in the placed 16-PE unit
  // the range check on the whole operand (three LUT levels and the refusal's fan-out in one
  // cycle) was the critical path of 3 seeds of 5 (2.2-2.4 ns logic, 6.2-8.1 ns routing).
  localparam integer G = (T - 1 + 2) / 3;

  // Stage a (cycle k+1), b (k+2, the refusal), c (k+3, the write). Valid bits alone are reset
  // (FPGA initial value too): the rest carries data qualified by them.
  reg             a_valid_q = 1'b0, b_valid_q = 1'b0, c_valid_q = 1'b0;
  reg [AddrW-1:0] a_addr_q, b_addr_q, c_addr_q;
  reg             a_dec_q, b_dec_q;
  reg             hit_q;      // stage a: the operation of k-2 or k-3 had the same address
  reg [W-1:0]     opnd_q;     // stage b (and c): the word before the step
  reg [W-1:0]     res_q;      // stage c: the word after it, if not refused
  reg             refused_q;  // stage c: the step was refused
  reg [G:0]       edge_q;     // stage b: the groups of the operand at the edge (G: the sign)
  // The word the last operation writes (stage c), and forwards.
  wire [W-1:0]    wr_word = refused_q ? opnd_q : res_q;

  // Group flags of a count for a step of sign dec (above).
  function [G:0] edge_groups;
    input [T-1:0] c;
    input         dec;
    integer g, i;
    begin
      for (g = 0; g < G; g = g + 1) begin
        edge_groups[g] = 1'b1;
        for (i = 3 * g; i < 3 * g + 3; i = i + 1) begin
          if (i < T - 1) edge_groups[g] = edge_groups[g] && (c[i] != dec);
        end
      end
      edge_groups[G] = (c[T-1] == dec);
    end
  endfunction

  // Cycle k: in flight ahead of the read are the operations of k-2 (stage b now) and k-3
  // (stage c now); the user never starts one in k-1.
  wire hit = (b_valid_q && (op_addr_i == b_addr_q)) || (c_valid_q && (op_addr_i == c_addr_q));

  // Stage b: the refusal from the group flags, the step.
  wire [T-1:0] opnd_count = opnd_q[T-1:0];
  wire         refused    = &edge_q;
  wire [T-1:0] stepped    = opnd_count + (b_dec_q ? {T{1'b1}} : {{(T - 1){1'b0}}, 1'b1});

  always @(posedge clk_i) begin
    a_addr_q <= op_addr_i;
    a_dec_q  <= op_dec_i;
    hit_q    <= hit;
    b_addr_q <= a_addr_q;
    b_dec_q  <= a_dec_q;
    c_addr_q <= b_addr_q;
    // Loaded only by an operation, so that they still hold k-3's word in k+1 (above).
    if (a_valid_q) begin
      opnd_q <= hit_q ? wr_word : rd_data_i;
      edge_q <= hit_q ? edge_groups(wr_word[T-1:0], a_dec_q)
                      : edge_groups(rd_data_i[T-1:0], a_dec_q);
    end
    if (b_valid_q) begin
      refused_q <= refused;
      res_q     <= {1'b1, stepped};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      c_valid_q <= 1'b0;
    end else begin
      a_valid_q <= op_valid_i;
      b_valid_q <= a_valid_q;
      c_valid_q <= b_valid_q;
    end
  end

  assign ack_valid_o    = c_valid_q;
  assign ack_refused_o  = refused_q;
  assign commit_valid_o = b_valid_q && !refused;
  assign commit_addr_o  = b_addr_q;
  assign commit_dec_o   = b_dec_q;
  assign wr_en_next_o   = b_valid_q;
  assign wr_en_o        = c_valid_q;
  assign wr_addr_o      = c_addr_q;
  assign wr_data_o      = wr_word;

`ifndef SYNTHESIS
`ifndef FORMAL
  // The user's promise this pipeline relies on, and the group flags against the whole range
  // check they replace (simulation only, as in dsbc_local_half: the formal harness
  // formal/unit_check.v checks the same from the ports).
  always @(posedge clk_i) begin
    if (b_valid_q && (refused != (b_dec_q ? (opnd_count == CountMin)
                                          : (opnd_count == CountMax)))) begin
      $fatal(1, "%m: the grouped range check is wrong at %0t", $time);
    end
    if (op_valid_i && a_valid_q) begin  // the valid bits are reset
      $fatal(1, "%m: operations in consecutive cycles at %0t", $time);
    end
  end
`endif
`endif

endmodule

`default_nettype wire
