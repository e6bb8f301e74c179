// SPDX-License-Identifier: Apache-2.0
// Feasibility (pair.md): the read-modify-write pipeline shared by the two PEs of
// feas_pair_local. One operation may enter in every cycle, but the operations of one PE are
// at least two cycles apart (PE A in even cycles, PE B in odd ones), so an operation can only
// meet the operations read 2 and 4 cycles before it (its own PE's); the other PE's words are
// at other addresses. The stage timing is dsbc_rmw_half's (D_r = 3, D_w = 4), so the PE
// contract (ack in t + 4, commit in t + 3, write in t + 4) is unchanged:
// - k:     op_valid_i, the RAM read of {pe, op_barrier_i} (the caller's address mux).
// - k + 1 (stage a): rd_q <= the RAM's word, or the word written in k (lw_q) when the caller
//   says the read of k met the write of k at its address (coll_i of k, registered): a
//   write-first bypass, which covers the operation read 4 cycles before (same PE, written
//   in k) and the caller's snapshot reads. hitd_q <= same barrier as the operation in
//   stage c (read in k - 2, same PE).
// - k + 2 (stage b): opnd_q <= hitd_q ? res_q (k - 2's word, in stage d now) : rd_q, and
//   the range check on that word (edge_q: at the edge its step would leave), both from
//   registers.
// - k + 3 (stage c): the step; res_q <= edge_q ? opnd_q : {1, opnd + step}; the commit
//   (c_valid && !edge_q). (The range check in this stage, behind opnd_q, was the placed
//   block's critical path: 147.8 MHz, seed 1.)
// - k + 4 (stage d): ack; the RAM write of res_q (a refused operation writes its word
//   unchanged, the same word the RAM holds); d_* are also the commit, one cycle late, for
//   the rebase accumulators.
// The pe of an operation is the phase of its cycle (A even, B odd): in stages b and d it is
// the caller's phase now, in a and c the other one, so no stage carries it.

`default_nettype none

module feas_pair_rmw #(
  parameter integer CountBits = 16,  // T
  parameter integer BarrierW  = 5    // barrier bits (the RAM address is {pe, barrier})
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                op_valid_i,    // an operation reads the RAM now ...
  input  wire [BarrierW-1:0] op_barrier_i,  // ... this barrier (of the PE of this cycle's phase)
  input  wire                op_dec_i,      // ... and steps -1 (else +1)
  input  wire [CountBits:0]  rd_data_i,     // the RAM's word read last cycle
  input  wire                coll_i,        // this cycle's RAM read meets this cycle's write (same address)
  input  wire [CountBits:0]  wr_data_i,     // the word the RAM's write port writes now (if enabled)
  output wire [CountBits:0]  rd_q_o,        // the word read two cycles ago, bypassed (snapshots too)
  output wire [CountBits:0]  a_word_o,      // the word read last cycle, bypassed: rd_q_o's next value
                                            // (ovlrtl.md 18b: count bit 0 a cycle earlier)
  output wire                c_valid_o,     // stage c: an operation (it writes next cycle) ...
  output wire                c_refused_o,   // ... refused (a register: the range check of stage b)
  output wire                d_valid_o,     // stage d: the operation read 4 cycles ago ...
  output wire                d_refused_o,   // ... was refused
  output wire [BarrierW-1:0] c_barrier_o,   // stage c: the barrier of the operation read 3 cycles ago
  output wire [BarrierW-1:0] d_barrier_o,   // ... its barrier
  output wire                d_dec_o,       // ... its step
  output wire [CountBits:0]  d_word_o,      // ... its word (written now)
  output wire                b_valid_o,     // stage b (pairunit.md section 11: the owner's
  output wire [BarrierW-1:0] b_barrier_o    // registered dirty-RAM mask): stage c next cycle
);

  localparam integer T = CountBits;
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};

  reg                a_valid_q, b_valid_q, c_valid_q, d_valid_q;
  reg [BarrierW-1:0] a_bar_q, b_bar_q, c_bar_q, d_bar_q;
  reg                a_dec_q, b_dec_q, c_dec_q, d_dec_q;
  reg                coll_q, hitd_q, refused_q;
  reg [T:0]          lw_q, rd_q, opnd_q, res_q;

  reg          edge_q;
  wire [T:0]   b_word  = hitd_q ? res_q : rd_q;  // stage b's operand
  wire [T:0]   a_word  = coll_q ? lw_q : rd_data_i;  // stage a's word
  wire         refused = edge_q;
  wire [T-1:0] stepped = opnd_q[T-1:0] + (c_dec_q ? {T{1'b1}} : {{(T - 1){1'b0}}, 1'b1});

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      c_valid_q <= 1'b0;
      d_valid_q <= 1'b0;
    end else begin
      a_valid_q <= op_valid_i;
      b_valid_q <= a_valid_q;
      c_valid_q <= b_valid_q;
      d_valid_q <= c_valid_q;
    end
  end

  always @(posedge clk_i) begin
    a_bar_q   <= op_barrier_i;
    a_dec_q   <= op_dec_i;
    b_bar_q   <= a_bar_q;
    b_dec_q   <= a_dec_q;
    c_bar_q   <= b_bar_q;
    c_dec_q   <= b_dec_q;
    d_bar_q   <= c_bar_q;
    d_dec_q   <= c_dec_q;
    coll_q    <= coll_i;
    lw_q      <= wr_data_i;
    // stage a
    rd_q      <= a_word;
    hitd_q    <= a_valid_q && c_valid_q && (a_bar_q == c_bar_q);
    // stage b
    opnd_q    <= b_word;
    edge_q    <= b_dec_q ? (b_word[T-1:0] == CountMin) : (b_word[T-1:0] == CountMax);
    // stage c
    refused_q <= refused;
    res_q     <= refused ? opnd_q : {1'b1, stepped};
  end

  assign rd_q_o      = rd_q;
  assign a_word_o    = a_word;
  assign c_valid_o   = c_valid_q;
  assign c_refused_o = edge_q;
  assign d_valid_o   = d_valid_q;
  assign d_refused_o = refused_q;
  assign c_barrier_o = c_bar_q;
  assign d_barrier_o = d_bar_q;
  assign d_dec_o     = d_dec_q;
  assign d_word_o    = res_q;
  assign b_valid_o   = b_valid_q;
  assign b_barrier_o = b_bar_q;

endmodule

`default_nettype wire
