// SPDX-License-Identifier: Apache-2.0
// Snapshot address, snapshot bypass and rebase count of a local block under the "commit at the
// write" contract (dsbc_local_half; architecture.md 4f), each kept off the commit's own cycle.
// The block commits an update in cycle c (its word enters the read-modify-write pipeline's
// write register) and writes the RAM in c + 1; it writes a rebase D_w cycles after the
// completion d. dsbc_rr does all of this in the commit's cycle (a barrier compare and a
// T+1-bit adder behind the commit, CNT2 + 1 from CNT2 before the RAM), which were the critical
// paths of the placed block (synth/feasibility/README.md, Retime); here:
// - snap_addr_o: CNT2 + 1 in a register of its own (next_q), the RAM's address in ctl_load.
// - snap_word_o: the snapshot's word for dsbc_rr's PISO, in s + 1. The RAM read in s misses
//   only the write in s (a read at the edge of a write to its address is undefined); that
//   write is known in s - 1 (the pipeline's commit, wr_next_i, or the rebase's, reb_next_i;
//   there is no ctl_load in s - 1, so next_q holds), so the address compare is a register
//   and the word written in s is muxed in: a write-first bypass, as the contract wants (the
//   snapshot holds every commit before s).
// - reb_count_o / reb_touched_o: count - snap and `touched` of the barrier completed in d,
//   for its rebase: the sum of this PE's commits to it from s on, and whether there was one.
//   Everything one cycle late: in c + 1 the commit of c is added, its barrier compares
//   (against CNT2, CNT2 + 1 and the completed barrier, as of c) and the broadcasts of c having
//   been registered in c, so the adders start at registers. The sums are AccW bits wide, not
//   T + 1: they count at most one commit per cycle over a word's life plus D_w (the caller's
//   bound), and reb_count_o is the sign extension. Valid from d + 2 on, through the commits
//   up to two cycles before (the block accepts nothing from d on, so they stop by
//   d + D_w - 2).
// - The commit's barrier compares are made from the registered commit address (dsbc_rmw_half's
//   stage c) in the commit's cycle, and the commit itself (its refusal) is registered alone,
//   so the accumulators add to_* = cv_q && m_*_q (one LUT) a cycle after the commit.

`default_nettype none

module dsbc_rebase_late #(
  parameter integer NumBarriers = 4,   // M
  parameter integer CountBits   = 16,  // T
  parameter integer BarrierW    = 2,   // max(1, clog2(M))
  parameter integer AccW        = 8    // accumulator width: |count - snap| < 2^(AccW-1)
) (
  input  wire                clk_i,             // clock, rising edge
  input  wire                rst_ni,            // asynchronous reset, active low
  input  wire                ctl_load_i,        // snapshot of CNT2 + 1 now
  input  wire                ctl_done_i,        // CNT2 completes now
  input  wire                commit_try_i,      // an update tries to commit now (register)
  input  wire                commit_last_i,     // an update committed in the last cycle (its RAM write now)
  input  wire [BarrierW-1:0] commit_barrier_i,  // ... to this barrier ...
  input  wire                commit_dec_i,      // ... and is a -1 (else +1)
  input  wire                wr_next_i,         // the pipeline writes commit_barrier_i next cycle unless refused
  input  wire                wr_refused_i,      // ... the operation writing now (stage d) was refused
  input  wire                reb_next_i,        // the rebase writes reb_barrier_i next cycle
  input  wire                reb_pending_i,     // a rebase is not yet written (checks only)
  input  wire [BarrierW-1:0] reb_barrier_i,     // the completed barrier (held from d + 1)
  input  wire [BarrierW-1:0] cnt2_i,            // CNT2 (dsbc_rr)
  input  wire [BarrierW-1:0] cnt2_succ_i,       // CNT2 + 1 (dsbc_rr; checks only)
  input  wire                wr_en_i,           // the RAM's write port now (checks only) ...
  input  wire [BarrierW-1:0] wr_addr_i,         // ... its address (checks only) ...
  input  wire [CountBits:0]  wr_data_i,         // ... and the word written
  input  wire [CountBits:0]  rd_data_i,         // the RAM's word read last cycle
  output wire [BarrierW-1:0] snap_addr_o,       // CNT2 + 1, the snapshot's RAM address
  output wire [CountBits:0]  snap_word_o,       // the snapshot's word, in s + 1
  output wire                snap_byp_p_o,      // from s + 1: the snapshot's word is the pipeline's write of s ...
  output wire                snap_byp_r_o,      // ... or the rebase's, not the RAM's
  output wire [CountBits:0]  reb_count_o,       // count - snap of the completed barrier
  output wire                reb_touched_o      // committed to since its snapshot
);

  localparam integer T = CountBits;
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];

  reg [BarrierW-1:0] next_q;  // CNT2 + 1
  // The pipeline's write of the next cycle (if its operation is not refused) or the rebase's
  // hits word next_q; the refusal is known as a register in the write's own cycle.
  reg                coll_p_q, coll_r_q;
  wire               coll_q = coll_r_q || (coll_p_q && !wr_refused_i);
  // (No copy of the bypassed word: the caller still holds it in s + 1 .. s + 2, the
  // pipeline's in its last-write register, the rebase's in the accumulators.)
  reg                byp_p_q, byp_r_q;
  always @(posedge clk_i) begin
    coll_p_q <= wr_next_i && (commit_barrier_i == next_q);
    coll_r_q <= reb_next_i && (reb_barrier_i == next_q);
    // byp_p_q high in s + 1 only (no enable).
    byp_p_q <= ctl_load_i && coll_p_q && !wr_refused_i;
    if (ctl_load_i) byp_r_q <= coll_r_q;
  end
  assign snap_addr_o  = next_q;
  assign snap_word_o  = rd_data_i;  // for dsbc_rr, whose PISO is unused
  assign snap_byp_p_o = byp_p_q;
  assign snap_byp_r_o = byp_r_q;
  wire unused_wr_data = &{1'b0, wr_data_i};

  reg             ld_q, done_q;         // ctl_load / ctl_done in the last cycle
  // The commit of the last cycle (cv_q) and its barrier compares, as of its cycle (m_*_q, made
  // from the registered commit address), so to_* are one LUT of registers.
  reg             m_cur_q, m_next_q, m_reb_q;
  wire            cv_q = commit_last_i;  // the last cycle's commit (the write stage's, one LUT)
  wire            to_cur  = cv_q && m_cur_q;   // the last cycle's commit was to CNT2
  wire            to_next = cv_q && m_next_q;  // ... to CNT2 + 1
  wire            to_reb  = cv_q && m_reb_q;   // ... to the completed barrier (after d)
  // The step of the last operation that tried to commit (held otherwise: the commits are at
  // least two cycles apart, so in d + 2 it is still d's).
  reg  [AccW-1:0] step_q;
  reg  [AccW-1:0] acc_q;                // commits to CNT2 since its snapshot, to c - 2
  reg             touched_q;
  reg  [AccW-1:0] reb_acc_q;
  reg             reb_touched_q;
  reg             pend_q;               // d + 2: d's commit was to the completed barrier
  // The adders start at registers; the choices are clock enables and one LUT after them.
  wire [AccW-1:0] acc_plus     = acc_q + step_q;
  wire [AccW-1:0] reb_acc_next = reb_acc_q + step_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ld_q      <= 1'b0;
      done_q    <= 1'b0;
      acc_q     <= {AccW{1'b0}};
      touched_q <= 1'b0;
      pend_q    <= 1'b0;
      next_q    <= {BarrierW{1'b0}};  // CNT2 resets to M - 1
    end else begin
      if (ctl_load_i) next_q <= (next_q == LAST_BARRIER) ? {BarrierW{1'b0}} : next_q + 1'b1;
      ld_q      <= ctl_load_i;
      done_q    <= ctl_done_i;
      // A commit in the snapshot cycle itself is not in the snapshot, so it counts.
      if (ld_q) acc_q <= to_next ? step_q : {AccW{1'b0}};
      else if (to_cur) acc_q <= acc_plus;
      touched_q <= ld_q ? to_next : (touched_q || to_cur);
      pend_q    <= done_q && to_cur;
    end
  end
  // No reset: qualified by the registers above, and read only after d loads them.
  always @(posedge clk_i) begin
    m_cur_q  <= (commit_barrier_i == cnt2_i);
    m_next_q <= (commit_barrier_i == next_q);
    m_reb_q  <= (commit_barrier_i == reb_barrier_i);
    if (commit_try_i) step_q <= commit_dec_i ? {AccW{1'b1}} : {{(AccW - 1){1'b0}}, 1'b1};
    // In d + 1 the completed word's sum through d - 1's commit, d's pending (added in d + 2,
    // when no commit can be); then its tail (d + 1 or d + 2: one at most).
    // One enable for both (to_reb in it alone): pend_q means d's commit, already in touched.
    if (done_q || to_reb || pend_q) begin
      reb_acc_q     <= done_q ? acc_q : reb_acc_next;
      reb_touched_q <= done_q ? (touched_q || to_cur) : 1'b1;
    end
  end
  assign reb_count_o   = {{(T + 1 - AccW){reb_acc_q[AccW-1]}}, reb_acc_q};
  assign reb_touched_o = reb_touched_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  // The narrow sums never wrap (the caller's bound; reb_acc_q goes on counting after the
  // rebase is written, unused until the next completion reloads it), next_q is CNT2 + 1, and
  // the early bypass compare is the late one.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only
    end else begin
      if ((to_cur && !ld_q && (acc_q[AccW-1] == step_q[AccW-1]) && (acc_plus[AccW-1] != acc_q[AccW-1]))
          || (reb_pending_i && !done_q && (to_reb || pend_q) && (reb_acc_q[AccW-1] == step_q[AccW-1])
              && (reb_acc_next[AccW-1] != reb_acc_q[AccW-1]))) begin
        $fatal(1, "%m: a rebase accumulator wraps at %0t", $time);
      end
      if (pend_q && to_reb) begin
        $fatal(1, "%m: commits in consecutive cycles at %0t", $time);
      end
      if (next_q != cnt2_succ_i) begin
        $fatal(1, "%m: next_q is not CNT2 + 1 at %0t", $time);
      end
      if (ctl_load_i && (coll_q != (wr_en_i && (wr_addr_i == next_q)))) begin
        $fatal(1, "%m: the early bypass compare is wrong at %0t", $time);
      end
    end
  end
`endif
`endif

endmodule

`default_nettype wire
