// SPDX-License-Identifier: Apache-2.0
// Formal harness of dsbc_rmw_half + dsbc_ram_dp (formal/run.py, jobs rmw_half_*): the
// half-rate read-modify-write alone, at the count widths the unit jobs cannot afford (their
// T = 8 gives the range check 3 groups; T = 16, the product's width, gives it 5). Operations
// are free in every cycle allowed by the user's promise (never two in consecutive cycles, as
// dsbc_local_half's ready guarantees), to any barrier, +1 or -1, and the RAM starts with any
// words at all (dsbc_local_half clears them; here every count from the first cycle on is
// reachable, the range's edges among them). A shadow of every word, kept here from the
// architecture's rule alone (4b: the operations in acceptance order, each refused exactly when
// its step leaves the T-bit range, otherwise the word becomes {1, count +- 1}), must match:
// - the commit (t + 2) and the acknowledge (t + 3) of every operation, and its refusal;
// - the RAM write (t + 3): its address and its word, the shadow's (a refused operation
//   rewrites its word unchanged);
// - every RAM word in every cycle, except the one being written.
// So no operation is lost or doubled whatever the distance between two operations on one
// word (2 and 3 cycles: the forwarded cases), and the grouped range check is exact at T.

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
  input wire             op_dec_i
);

  localparam integer T = CountBits;
  localparam integer W = T + 1;
  localparam integer M = NumBarriers;
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};

  wire             ack_valid, ack_refused, commit_valid, commit_dec, wr_en_next, wr_en;
  wire [AddrW-1:0] commit_addr, wr_addr;
  wire [W-1:0]     rd_data, wr_data;

  dsbc_rmw_half #(.CountBits(T), .AddrW(AddrW)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .op_valid_i(op_valid_i), .op_addr_i(op_addr_i), .op_dec_i(op_dec_i),
    .rd_data_i(rd_data),
    .ack_valid_o(ack_valid), .ack_refused_o(ack_refused),
    .commit_valid_o(commit_valid), .commit_addr_o(commit_addr), .commit_dec_o(commit_dec),
    .wr_en_next_o(wr_en_next), .wr_en_o(wr_en), .wr_addr_o(wr_addr), .wr_data_o(wr_data)
  );

  // As in dsbc_local_half: the operation's read is the RAM's read in its own cycle.
  dsbc_ram_dp #(.Depth(M), .Width(W), .AddrW(AddrW)) u_ram (
    .clk_i(clk_i), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
    .rd_addr_i(op_addr_i), .rd_data_o(rd_data)
  );

  (* keep *) wire [M*W-1:0] p_mem;

  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* assume(rst_ni == f_started);

  // The operations in flight, as the harness saw them: h1 accepted last cycle, h2 two cycles
  // ago (its commit now), h3 three cycles ago (its acknowledge and write now).
  reg             h1_v = 1'b0, h2_v = 1'b0, h3_v = 1'b0;
  reg [AddrW-1:0] h1_a, h2_a, h3_a;
  reg             h1_d, h2_d, h3_ref;
  always @(posedge clk_i) begin
    h1_v <= rst_ni && op_valid_i;
    h2_v <= h1_v;
    h3_v <= h2_v;
    h1_a <= op_addr_i;
    h2_a <= h1_a;
    h3_a <= h2_a;
    h1_d <= op_dec_i;
    h2_d <= h1_d;
  end

  // The user's promise, and legal IDs (dsbc_local_half refuses the others before the RAM).
  always @* begin
    if (!rst_ni) assume(!op_valid_i);
    assume(!(op_valid_i && h1_v));
    assume(op_addr_i < M);
  end

  // The shadow words: whatever the RAM holds at the start, then the architecture's rule,
  // applied at each operation's commit (they are at least two cycles apart, so each sees the
  // one before).
  reg  [M*W-1:0] sh;
  wire [W-1:0]   cur     = sh[h2_a*W +: W];
  wire           arch_ref = h2_d ? (cur[T-1:0] == CountMin) : (cur[T-1:0] == CountMax);
  wire [T-1:0]   stepped = h2_d ? cur[T-1:0] - 1'b1 : cur[T-1:0] + 1'b1;
  always @* if (!f_started) assume(sh == p_mem);
  always @(posedge clk_i) begin
    if (h2_v && !arch_ref) sh[h2_a*W +: W] <= {1'b1, stepped};
    h3_ref <= arch_ref;
  end

  integer a;
  always @* begin
    if (f_started) begin
      assert(commit_valid == (h2_v && !arch_ref));
      if (commit_valid) assert((commit_addr == h2_a) && (commit_dec == h2_d));
      assert(wr_en_next == h2_v);
      assert(ack_valid == h3_v);
      if (h3_v) assert(ack_refused == h3_ref);
      assert(wr_en == h3_v);
      if (h3_v) assert((wr_addr == h3_a) && (wr_data == sh[h3_a*W +: W]));
      for (a = 0; a < M; a = a + 1) begin
        if (!(h3_v && (h3_a == a))) assert(p_mem[a*W +: W] == sh[a*W +: W]);
      end
    end
  end

  // Non-vacuity: both forwarded distances, a refusal at each edge, a step off each edge.
  always @(posedge clk_i) begin
    if (f_started) begin
      cover(op_valid_i && h2_v && (op_addr_i == h2_a));
      cover(op_valid_i && h3_v && (op_addr_i == h3_a));
      cover(h2_v && !h2_d && arch_ref);
      cover(h2_v && h2_d && arch_ref);
      cover(h2_v && h2_d && (cur[T-1:0] == CountMax));
      cover(h2_v && !h2_d && (cur[T-1:0] == CountMin));
    end
  end

endmodule

`default_nettype wire
