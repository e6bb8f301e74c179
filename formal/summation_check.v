// SPDX-License-Identifier: Apache-2.0
// Formal harness of dsbc_summation + dsbc_ram_dp (formal/run.py, jobs sum_*), wired as in
// dsbc_local. PE requests are free every cycle (any ID, including IDs >= M); snapshots (which
// take the RAM's read port) are free in cycle and barrier; rebases are free in barrier, new
// count (any T+1-bit value) and `touched`, under the unit's own timing: none during the M
// clearing cycles and never in two consecutive cycles (ctl_done is at least Q + 4 cycles
// apart). For a solver-chosen barrier `fb` a shadow word, computed here from the
// architecture's rules (4b, 4d) and nothing of the RTL, must equal the RAM word {open, count}
// in every cycle after the clearing: so the RAM is cleared after reset, no update
// (back-to-back or not) is lost, and a refused operation changes nothing. Every request is
// acknowledged one cycle after acceptance and refused exactly when the ID is >= M or, for
// `fb`, the count would leave the T-bit range; no request is accepted in a snapshot cycle.

`default_nettype none

module summation_check #(
  parameter integer NumBarriers = 3,
  parameter integer CountBits   = 8,
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1
) (
  input wire                clk_i,
  input wire                rst_ni,
  input wire                req_valid_i,
  input wire [BarrierW-1:0] req_barrier_i,
  input wire                req_dec_i,
  input wire                snap_i,
  input wire [BarrierW-1:0] snap_barrier_i,
  input wire                rebase_i,
  input wire [BarrierW-1:0] rebase_barrier_i,
  input wire [CountBits:0]  rebase_count_i,
  input wire                rebase_touched_i
);

  localparam integer T = CountBits;
  localparam integer M = NumBarriers;

  wire             req_ready, ack_valid, ack_refused, commit_valid, commit_dec;
  wire [BarrierW-1:0] commit_barrier, rd_addr, wr_addr;
  wire [T:0]       rd_data, wr_data, wr_old;
  wire             wr_en;

  dsbc_summation #(.NumBarriers(M), .CountBits(T), .BarrierW(BarrierW)) u_sum (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_valid_i(req_valid_i), .req_barrier_i(req_barrier_i), .req_dec_i(req_dec_i),
    .req_ready_o(req_ready), .ack_valid_o(ack_valid), .ack_refused_o(ack_refused),
    .snap_i(snap_i), .snap_barrier_i(snap_barrier_i),
    .rebase_i(rebase_i), .rebase_barrier_i(rebase_barrier_i),
    .rebase_count_i(rebase_count_i), .rebase_touched_i(rebase_touched_i),
    .commit_valid_o(commit_valid), .commit_barrier_o(commit_barrier), .commit_dec_o(commit_dec),
    .ram_rd_addr_o(rd_addr), .ram_rd_data_i(rd_data), .ram_wr_en_o(wr_en),
    .ram_wr_addr_o(wr_addr), .ram_wr_data_o(wr_data), .ram_wr_old_o(wr_old)
  );

  dsbc_ram_dp #(.Depth(M), .Width(T + 1), .AddrW(BarrierW)) u_ram (
    .clk_i(clk_i), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
    .rd_addr_i(rd_addr), .rd_data_o(rd_data)
  );

  (* keep *) wire [M*(T+1)-1:0] p_mem;
  (* keep *) wire               p_init;
  (* keep *) wire [BarrierW-1:0] p_init_addr;

  // The solver's barrier (any legal ID).
  (* anyconst *) reg [BarrierW-1:0] fb;
  always @* assume(fb < M);

  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* assume(rst_ni == f_started);

  // Cycles since reset, saturating (cycle 0 = first with rst_ni high).
  localparam integer CycW = $clog2(M + 3);
  reg [CycW-1:0] cyc;
  always @(posedge clk_i) begin
    if (!rst_ni)        cyc <= 0;
    else if (cyc < M + 2) cyc <= cyc + 1'b1;
  end
  wire cleared = f_started && (cyc >= M);

  // Rebase timing of the unit.
  reg last_rebase;
  always @(posedge clk_i) last_rebase <= rst_ni && rebase_i;
  always @* if (!cleared || last_rebase) assume(!rebase_i);
  always @* if (rebase_i) assume(rebase_barrier_i < M);  // CNT2 is always a legal ID

  // The operation accepted last cycle, as the harness saw it.
  reg           op_req, op_rb, op_dec, op_touched;
  reg [BarrierW-1:0] op_id;
  reg [T:0]     op_count;
  reg           pe_commit_fb;  // a PE commit to fb in this cycle (for `open` of a rebase)
  always @(posedge clk_i) begin
    op_req     <= rst_ni && req_valid_i && req_ready;
    op_rb      <= rst_ni && rebase_i;
    op_id      <= rebase_i ? rebase_barrier_i : req_barrier_i;
    op_dec     <= req_dec_i;
    op_count   <= rebase_count_i;
    op_touched <= rebase_touched_i;
  end

  // Shadow word of fb: {open, count}.
  reg signed [T-1:0] sh_count;
  reg                sh_open;
  // A request adds +/-1 to the count; a rebase writes the count it is given (4d: the RTL's
  // count - snapshot, computed in dsbc_rr).
  wire signed [T+1:0] sh_new = op_rb ? {op_count[T], op_count}
                             : {{2{sh_count[T-1]}}, sh_count} + (op_dec ? -1 : 1);
  wire sh_fits = (sh_new >= -(2 ** (T - 1))) && (sh_new <= (2 ** (T - 1)) - 1);
  wire op_fb   = (op_req || op_rb) && (op_id == fb);
  // A PE commit to fb this cycle (the request accepted last cycle, fitting).
  wire commit_fb_now = op_req && (op_id == fb) && sh_fits;
  reg  commit_fb_last;  // ... last cycle
  always @(posedge clk_i) commit_fb_last <= rst_ni && commit_fb_now;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sh_count <= 0;
      sh_open  <= 1'b0;
    end else if (op_fb && sh_fits) begin
      sh_count <= sh_new[T-1:0];
      // A rebase keeps the word open iff this PE committed to it after the snapshot:
      // `touched` up to the acceptance cycle, plus a commit in the acceptance cycle.
      sh_open  <= op_rb ? (op_touched || commit_fb_last) : 1'b1;
    end
  end

  wire [T:0] ram_fb = p_mem[fb*(T+1) +: (T+1)];

  always @* begin
    if (f_started) begin
      // Ready: low exactly during the clearing, in a rebase cycle and in a snapshot cycle.
      assert(req_ready == (cleared && !rebase_i && !snap_i));
      // The snapshot has the read port in its cycle.
      if (snap_i) assert(rd_addr == snap_barrier_i);
      if (commit_valid) assert(commit_dec == op_dec);
      // Acknowledge one cycle after acceptance, for PE requests only.
      assert(ack_valid == op_req);
      if (op_req && op_id >= M) assert(ack_refused);
      if (op_req && op_id == fb) assert(ack_refused == !sh_fits);
      assert(commit_valid == (op_req && !ack_refused));
      if (commit_valid) assert(commit_barrier == op_id);
      // The word of fb is the shadow word once the RAM is cleared.
      if (cleared) assert(ram_fb == {sh_open, sh_count});
      // Inductive support: the clearing walks the words in cycle order.
      assert(p_init == !cleared);
      if (!cleared) assert(p_init_addr == cyc);
    end
  end

  // Non-vacuity: refusal at each edge of T, a refused bad ID, back-to-back commits to fb,
  // a rebase that keeps the word open.
  always @(posedge clk_i) begin
    if (f_started) begin
      cover(op_req && op_id == fb && !op_dec && ack_refused);
      cover(op_req && op_id == fb && op_dec && ack_refused);
      if ((1 << BarrierW) > M) cover(op_req && op_id >= M && ack_refused);
      cover(commit_fb_now && commit_fb_last);
      cover(op_rb && op_id == fb && commit_fb_last && sh_fits);
    end
  end

endmodule

`default_nettype wire
