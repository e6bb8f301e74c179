// SPDX-License-Identifier: Apache-2.0
// The read-modify-write pipeline of dsbc_local_half (HalfRate = 1) for operations at least two
// cycles apart (the user's promise: never two operations in consecutive cycles), with the
// RAM's output registered before any logic: D_r = 3 (read to refusal), D_w = 4 (read to
// write), one stage more than the version before 2026-11-25, for >= 200 MHz of the local block
// (clock.md, "200 MHz with the RAM's word registered").
//
// Operation k (op_valid_i in cycle k, the RAM read in k, its output in k + 1):
// - stage a, k + 1: rd_q <= the RAM's word (no logic behind the RAM); the address compares
//   with the operation of k - 2 (hitd_q) and with the last one that writes by the end of
//   k + 1 (k - 3 or k - 4: hitp_q), both from registers;
// - stage b, k + 2: opnd_q <= hitd_q ? (k - 2's word, being written now) : hitp_q ? lw_q (the
//   last word written) : rd_q; edge_q <= the range check's groups of lw_q or rd_q; rh_q <= the
//   refusal in case of hitd: (dec == k - 2's dec) && k - 2's operand at or one step from the
//   edge of its own step (core_q, from k - 2's operand in k + 1), which is exact: after a taken
//   step x + s the next step s' is refused iff s' = s and x = E - s; after a refused one (x = E)
//   iff s' = s;
// - stage c, k + 3: the refusal (hitd ? rh_q : AND of edge_q), the step into res_q; the commit;
// - stage d, k + 4: ack, and the RAM write of refused_q ? opnd_q : res_q.
// The read of k sees the writes of cycles <= k - 1, i.e. of the operations of k - 5 and
// before; it misses k - 4 (written in k), k - 3 (in k + 1) and k - 2 (in k + 2); k - 1 holds
// none, and of k - 3 and k - 4 at most one holds an operation.

`default_nettype none

module dsbc_rmw_half #(
  parameter integer CountBits = 16,  // T, >= 3
  parameter integer AddrW     = 5    // address bits of the RAM
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 op_valid_i,      // an operation is read in this cycle ...
  input  wire [AddrW-1:0]     op_addr_i,       // ... at this address (the RAM's read address)
  input  wire                 op_dec_i,        // ... and steps -1 (else +1)
  input  wire [CountBits:0]   rd_data_i,       // the RAM's word read last cycle
  input  wire                 rd_byp_i,        // rd_q takes lw_q instead (the snapshot bypass; a register; no operation reads rd_q next)
  input  wire                 wr_other_next_i, // the user writes the RAM next cycle (a register)
  output wire                 wr_any_o,        // wr_en_o || the user's write: one register for the RAM's enable
  output wire [CountBits:0]   rd_q_o,          // the RAM's word of two cycles ago (registered, every cycle)
  output wire [CountBits:0]   lw_q_o,          // the word of the last operation in stage d (its write)
  output wire                 ack_valid_o,     // the operation read 4 cycles ago is decided ...
  output wire                 ack_refused_o,   // ... and refused
  output wire                 try_valid_o,     // stage c: an operation decides now (register)
  output wire                 commit_valid_o,  // ... and commits (not refused; 2 LUT levels)
  output wire [AddrW-1:0]     commit_addr_o,   // ... at this address (register)
  output wire                 commit_dec_o,    // ... with this step (register)
  output wire                 wr_en_next_o,    // an operation is in stage d next cycle (it may be refused)
  output wire                 wr_en_o,         // write the word of the operation read 4 cycles ago (committed only: a register)
  output wire [AddrW-1:0]     wr_addr_o,       // ... here (a register)
  output wire [CountBits:0]   wr_data_o        // ... this word (res_q, a register)
);

  localparam integer T = CountBits;
  localparam integer W = T + 1;
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};
  localparam integer G  = (T - 1 + 2) / 3;  // groups of bits 0 .. T-2 (edge)
  localparam integer GC = (T - 2 + 2) / 3;  // groups of bits 1 .. T-2 (core: edge or one off)

  reg             a_valid_q = 1'b0, b_valid_q = 1'b0, c_valid_q = 1'b0, d_valid_q = 1'b0;
  // Two address/step registers, not one per stage: the operations are at least two cycles
  // apart, so stages a and b hold one operation at most (f_*, loaded at the acceptance), and
  // so do c and d (k_*, loaded at the end of stage b).
  reg [AddrW-1:0] f_addr_q, k_addr_q;
  reg             f_dec_q, k_dec_q;
  reg [W-1:0]     rd_q;
  reg             x_valid_q;   // an operation writes in k or k + 1 (read in k - 4 or k - 3) ...
  reg [AddrW-1:0] x_addr_q;    // ... at this address (valid in k + 1)
  reg             hitd_q, hitp_q, hitc_q;
  reg             xce_q = 1'b0, lwce_q = 1'b0;
  reg [W-1:0]     lw_q;        // the word of the last pipeline write
  reg [W-1:0]     opnd_q, res_q;
  reg             refused_q;
  reg             we_q;        // stage d: the operation committed (a refused one does not write)
  reg [G:0]       edge_q;
  reg             rh_q;
  reg [GC:0]      core_q;
  wire [W-1:0]    wr_word = refused_q ? opnd_q : res_q;
  // The stage-b word unless hitd (hitp ? lw_q : rd_q), one LUT per bit kept apart, read by
  // both opnd_q's mux and the range check's groups (which had their own muxes).
  (* keep *) wire [W-1:0] pw_word;
  assign pw_word = hitp_q ? lw_q : rd_q;

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

  // At the edge of dec or one step inside it: bits 1 .. T-2 all != dec and the sign == dec.
  function [GC:0] core_groups;
    input [T-1:0] c;
    input         dec;
    integer g, i;
    begin
      for (g = 0; g < GC; g = g + 1) begin
        core_groups[g] = 1'b1;
        for (i = 1 + 3 * g; i < 1 + 3 * g + 3; i = i + 1) begin
          if (i < T - 1) core_groups[g] = core_groups[g] && (c[i] != dec);
        end
      end
      core_groups[GC] = (c[T-1] == dec);
    end
  endfunction

  wire [T-1:0] opnd_count = opnd_q[T-1:0];
  wire         refused    = hitc_q ? rh_q : &edge_q;
  // c_valid_q && !refused in two LUT levels, spelt out (the mapper otherwise made three, through
  // the shared `refused`): kept nets cut the logic where the decomposition wants it.
  // (Each kept net declared, then assigned: Icarus drops an attribute on a net declaration
  // assignment.)
  (* keep *) wire cm_e03;
  assign cm_e03 = &edge_q[G-2:0];
  (* keep *) wire cm_x;
  assign cm_x = c_valid_q && hitc_q && !rh_q;
  (* keep *) wire cm_y;
  assign cm_y = c_valid_q && !hitc_q && !(&edge_q[G:G-1]);
  (* keep *) wire cm_z;
  assign cm_z = c_valid_q && !hitc_q;
  wire            commit_n = cm_x || cm_y || (cm_z && !cm_e03);
  (* keep *) wire cm_xo;
  assign cm_xo = cm_x || wr_other_next_i;
  wire            any_n    = cm_xo || cm_y || (cm_z && !cm_e03);
  reg             any_q;
  wire [T-1:0] stepped    = opnd_count + (k_dec_q ? {T{1'b1}} : {{(T - 1){1'b0}}, 1'b1});

  always @(posedge clk_i) begin
    if (op_valid_i) begin
      f_addr_q <= op_addr_i;
      f_dec_q  <= op_dec_i;
    end
    if (b_valid_q) begin
      k_addr_q <= f_addr_q;
      k_dec_q  <= f_dec_q;
    end
    // The snapshot's write-first bypass (the caller's; no operation is in stage b in the
    // next cycle), so that the caller's PISO loads from rd_q alone.
    rd_q      <= rd_byp_i ? lw_q : rd_data_i;
    // Stage a: k - 2 is in stage c (k_*); k - 3 in stage d (k_*), k - 4 written (x_*, k_* of
    // the last cycle).
    x_valid_q <= c_valid_q || d_valid_q;
    // Enables from registers of their own (xce_q = c_valid_q || d_valid_q, lwce_q = d_valid_q),
    // not from d_valid_q, which drives the acknowledge port and is placed by it.
    xce_q     <= b_valid_q || c_valid_q;
    lwce_q    <= c_valid_q;
    if (xce_q) x_addr_q <= k_addr_q;
    hitd_q    <= c_valid_q && (f_addr_q == k_addr_q);
    hitp_q    <= x_valid_q && (f_addr_q == x_addr_q);
    hitc_q    <= hitd_q;
    if (lwce_q) lw_q <= wr_word;
    // Stage b.
    // opnd_q is read in stage d too (a refused operation's word), so it is loaded by an
    // operation only; edge_q, res_q and refused_q are read in the next stage alone (no
    // clock enable, which c_valid_q's fan-out made a global net).
    if (b_valid_q) opnd_q <= hitd_q ? wr_word : pw_word;
    edge_q    <= edge_groups(pw_word[T-1:0], f_dec_q);
    rh_q      <= (f_dec_q == k_dec_q) && (&core_q);
    // Stage c.
    core_q    <= core_groups(opnd_count, k_dec_q);
    refused_q <= refused;
    res_q     <= {1'b1, stepped};
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      c_valid_q <= 1'b0;
      d_valid_q <= 1'b0;
      we_q      <= 1'b0;
      any_q     <= 1'b1;  // the clearing writes from the first cycle
    end else begin
      we_q      <= commit_n;
      any_q     <= any_n;
      a_valid_q <= op_valid_i;
      b_valid_q <= a_valid_q;
      c_valid_q <= b_valid_q;
      d_valid_q <= c_valid_q;
    end
  end

  assign ack_valid_o    = d_valid_q;
  assign ack_refused_o  = refused_q;
  assign try_valid_o    = c_valid_q;
  assign commit_valid_o = c_valid_q && !refused;
  assign commit_addr_o  = k_addr_q;
  assign commit_dec_o   = k_dec_q;
  assign wr_en_next_o   = c_valid_q;
  // A refused operation leaves its word alone: the RAM holds its operand already when it
  // would write (every earlier write is done by then), so the write port needs no refusal mux.
  assign wr_en_o        = we_q;
  assign wr_any_o       = any_q;
  assign rd_q_o         = rd_q;
  assign lw_q_o         = lw_q;
  assign wr_addr_o      = k_addr_q;
  assign wr_data_o      = res_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  always @(posedge clk_i) begin
    if (c_valid_q && (refused != (k_dec_q ? (opnd_count == CountMin)
                                          : (opnd_count == CountMax)))) begin
      $fatal(1, "%m: the range check is wrong at %0t", $time);
    end
    if (op_valid_i && a_valid_q) begin
      $fatal(1, "%m: operations in consecutive cycles at %0t", $time);
    end
  end
`endif
`endif

endmodule

`default_nettype wire
