// SPDX-License-Identifier: Apache-2.0
// Formal harness of dsbc_rmw_half + dsbc_ram_dp (formal/run.py, jobs rmw_half_*): the
// half-rate read-modify-write alone (the registered core: RAM word registered before any
// logic, D_r = 3, D_w = 4; architecture.md 4f), at the count widths the unit jobs cannot
// afford (their T = 8 gives the range check 3 groups; T = 16, the product's width, gives it
// 5). Operations are free in every cycle allowed by the user's promise (never two in
// consecutive cycles, as dsbc_local_half's ready guarantees), to any barrier, +1 or -1, and
// the RAM starts with any words at all (dsbc_local_half clears them; here every count from the
// first cycle on is reachable, the range's edges among them). A shadow of every word, kept here
// from the architecture's rule alone (4b: the operations in acceptance order, each refused
// exactly when its step leaves the T-bit range, otherwise the word becomes {1, count +- 1}),
// must match:
// - the try and commit (t + 3) of every operation, its address and step, and the acknowledge
//   (t + 4) with its refusal;
// - the RAM write (t + 4): committed operations only (a refused one does not write), at their
//   address, the shadow's word;
// - every RAM word in every cycle, except the one being written;
// - the last-write register (lw_q_o): the word the last operation left (refused: unchanged);
// - a snapshot read (a cycle with no operation, as ctl_load's in dsbc_local_half): rd_q_o in
//   s + 2 is the shadow's word as of s, with the caller's write-first bypass (rd_byp_i in s + 1
//   when the pipeline writes that word in s, as dsbc_rebase_late drives it);
// - the RAM's enable register: wr_any_o = wr_en_o || the user's write announced a cycle early.
// So no operation is lost or doubled whatever the distance between two operations on one
// word (2, 3 and 4 cycles: the forwarded cases), and the grouped range check, with the
// forwarded refusal (rh_q), is exact at T.

`default_nettype none

module rmw_half_check #(
  parameter integer NumBarriers = 3,
  parameter integer CountBits   = 16,
  parameter integer AddrW       = (NumBarriers > 1) ? $clog2(NumBarriers) : 1
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             op_valid_i,
  input wire [AddrW-1:0] op_addr_i,
  input wire             op_dec_i,
  input wire             snap_i,        // a snapshot read (no operation in this cycle)
  input wire [AddrW-1:0] snap_addr_i,   // ... of this word
  input wire             wr_other_i     // the user announces a write of its own (enable only)
);

  localparam integer T = CountBits;
  localparam integer W = T + 1;
  localparam integer M = NumBarriers;
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};

  wire             ack_valid, ack_refused, try_valid, commit_valid, commit_dec, wr_en_next;
  wire             wr_en, wr_any;
  wire [AddrW-1:0] commit_addr, wr_addr;
  wire [W-1:0]     rd_data, wr_data, rd_q, lw_q;
  reg              byp_q = 1'b0;  // the caller's bypass: the snapshot's word written in s

  dsbc_rmw_half #(.CountBits(T), .AddrW(AddrW)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .op_valid_i(op_valid_i), .op_addr_i(op_addr_i), .op_dec_i(op_dec_i),
    .rd_data_i(rd_data), .rd_byp_i(byp_q), .wr_other_next_i(wr_other_i),
    .wr_any_o(wr_any), .rd_q_o(rd_q), .lw_q_o(lw_q),
    .ack_valid_o(ack_valid), .ack_refused_o(ack_refused), .try_valid_o(try_valid),
    .commit_valid_o(commit_valid), .commit_addr_o(commit_addr), .commit_dec_o(commit_dec),
    .wr_en_next_o(wr_en_next), .wr_en_o(wr_en), .wr_addr_o(wr_addr), .wr_data_o(wr_data)
  );

  // As in dsbc_local_half: the operation's read is the RAM's read in its own cycle, the
  // snapshot's in the ctl_load cycle.
  dsbc_ram_dp #(.Depth(M), .Width(W), .AddrW(AddrW)) u_ram (
    .clk_i(clk_i), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
    .rd_addr_i(snap_i ? snap_addr_i : op_addr_i), .rd_data_o(rd_data)
  );

  (* keep *) wire [M*W-1:0] p_mem;

  reg f_started = 1'b0, f_started2 = 1'b0;
  always @(posedge clk_i) begin
    f_started  <= 1'b1;
    f_started2 <= f_started;
  end
  always @* assume(rst_ni == f_started);

  // The operations in flight, as the harness saw them: h1 accepted last cycle, h2 two cycles
  // ago, h3 three (its try and commit now), h4 four (its acknowledge and write now), h5 five.
  reg             h1_v = 1'b0, h2_v = 1'b0, h3_v = 1'b0, h4_v = 1'b0, h5_v = 1'b0;
  reg [AddrW-1:0] h1_a, h2_a, h3_a, h4_a, h5_a;
  reg             h1_d, h2_d, h3_d, h4_ref;
  always @(posedge clk_i) begin
    h1_v <= rst_ni && op_valid_i;
    h2_v <= h1_v;
    h3_v <= h2_v;
    h4_v <= h3_v;
    h5_v <= h4_v;
    h1_a <= op_addr_i;
    h2_a <= h1_a;
    h3_a <= h2_a;
    h4_a <= h3_a;
    h5_a <= h4_a;
    h1_d <= op_dec_i;
    h2_d <= h1_d;
    h3_d <= h2_d;
  end

  // The user's promise, and legal IDs (dsbc_local_half refuses the others before the RAM); a
  // snapshot read takes the read port (ctl_load lowers ready).
  always @* begin
    if (!rst_ni) assume(!op_valid_i && !snap_i);
    assume(!(op_valid_i && h1_v));
    assume(!(op_valid_i && snap_i));
    assume(op_addr_i < M);
    assume(snap_addr_i < M);
  end

  // The shadow words: whatever the RAM holds at the start, then the architecture's rule,
  // applied at each operation's commit (they are at least two cycles apart, so each sees the
  // one before).
  reg  [M*W-1:0] sh;
  wire [W-1:0]   cur      = sh[h3_a*W +: W];
  wire           arch_ref = h3_d ? (cur[T-1:0] == CountMin) : (cur[T-1:0] == CountMax);
  wire [T-1:0]   stepped  = h3_d ? cur[T-1:0] - 1'b1 : cur[T-1:0] + 1'b1;
  always @* if (!f_started) assume(sh == p_mem);
  always @(posedge clk_i) begin
    if (h3_v && !arch_ref) sh[h3_a*W +: W] <= {1'b1, stepped};
    h4_ref <= arch_ref;
  end

  // The last operation's word after its stage d (lw_q_o from the next cycle on).
  reg         lw_v = 1'b0;
  reg [W-1:0] lw_ref;
  always @(posedge clk_i) begin
    if (h4_v) begin
      lw_v   <= 1'b1;
      lw_ref <= sh[h4_a*W +: W];
    end
  end

  // Snapshot reads: the shadow's word as of s (every commit before s), due in rd_q_o in s + 2;
  // the caller's bypass of the pipeline's write in s.
  reg         s1_v = 1'b0, s2_v = 1'b0;
  reg [W-1:0] s1_w, s2_w;
  reg         wo_q = 1'b0;  // wr_other_i of the last cycle
  always @(posedge clk_i) begin
    byp_q <= rst_ni && snap_i && wr_en && (wr_addr == snap_addr_i);
    s1_v  <= rst_ni && snap_i;
    s2_v  <= s1_v;
    s1_w  <= sh[snap_addr_i*W +: W];
    s2_w  <= s1_w;
    wo_q  <= wr_other_i;
  end

  integer a;
  always @* begin
    if (f_started) begin
      assert(try_valid == h3_v);
      assert(wr_en_next == h3_v);
      assert(commit_valid == (h3_v && !arch_ref));
      if (h3_v) assert((commit_addr == h3_a) && (commit_dec == h3_d));
      assert(ack_valid == h4_v);
      if (h4_v) assert(ack_refused == h4_ref);
      assert(wr_en == (h4_v && !h4_ref));
      if (wr_en) assert((wr_addr == h4_a) && (wr_data == sh[h4_a*W +: W]));
      for (a = 0; a < M; a = a + 1) begin
        if (!(wr_en && (h4_a == a))) assert(p_mem[a*W +: W] == sh[a*W +: W]);
      end
      if (lw_v) assert(lw_q == lw_ref);
      if (s2_v) assert(rd_q == s2_w);
      if (f_started2) assert(wr_any == (wr_en || wo_q));
    end
  end

  // Non-vacuity: the three forwarded distances (2: the word in stage d; 3 and 4: the last
  // write), the forwarded refusal (2 cycles after an operation on the word, rh_q), a refusal at
  // each edge, a step off each edge, a snapshot with and without the bypass.
  always @(posedge clk_i) begin
    if (f_started) begin
      cover(op_valid_i && h2_v && (op_addr_i == h2_a));
      cover(op_valid_i && h3_v && (op_addr_i == h3_a));
      cover(op_valid_i && h4_v && (op_addr_i == h4_a));
      cover(h3_v && arch_ref && h5_v && (h5_a == h3_a));
      cover(h3_v && !h3_d && arch_ref);
      cover(h3_v && h3_d && arch_ref);
      cover(h3_v && h3_d && (cur[T-1:0] == CountMax));
      cover(h3_v && !h3_d && (cur[T-1:0] == CountMin));
      cover(s2_v);
      cover(s1_v && byp_q);
    end
  end

endmodule

`default_nettype wire
