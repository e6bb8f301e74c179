// SPDX-License-Identifier: Apache-2.0
// Feasibility (pair.md): ONE local block serving TWO PEs, A and B ("pair block"), at half
// the request rate, round robin (Sched = 0) only. Two dsbc_local_half share one
// read-modify-write pipeline (feas_pair_rmw) and one count RAM of 2M words {open, count}
// (address {pe, barrier}, pe = 0 for A: at M = 32, T = 16 two SB_RAM40_4K for both PEs, one
// per PE instead of two). Each PE keeps its own serial line, PISO, FIFO of completed IDs
// (dsbc_fifo, unchanged) and rebase accumulator (feas_pair_acc). Not a product block: see
// pair.md for what is missing (model, oracle, formal, the global block's longer header).
//
// Cycle 0 is the first cycle with rst_ni high; the phase of a cycle is its parity.
//
// Contract at the ports (per PE; "as dsbc_local_half" means architecture.md 3/4 with
// HalfRate = 1), and what differs from dsbc_local_half (marked CHANGED):
// - CHANGED, phase lock: PE A can be accepted only in even cycles, PE B only in odd ones
//   (a_req_ready_o is low in every odd cycle, b_req_ready_o in every even one). A request
//   in the other phase waits one cycle with ready low. As dsbc_local_half, a PE is thus
//   accepted at most every other cycle, and ready never depends on req_barrier.
// - CHANGED, initialisation: the RAM is cleared in 2M cycles (0 .. 2M-1), ready low; the
//   global block's first ctl_load may come in cycle 2M (dsbc_local_half: M).
// - As dsbc_local_half: an update accepted in t is committed (or refused, on the count as
//   of that cycle) in t + 3, written to the RAM in t + 4, acknowledged in t + 4 (ack_valid,
//   ack_refused). A refused update rewrites its word unchanged (the RAM's words are the same
//   in every cycle as if it did not write).
// - CHANGED, snapshot (ctl_load in s): the RAM has one read port, so the two words of
//   barrier b = CNT2 + 1 are read in two cycles: A's in s, B's in s + 1; ready is low for
//   both PEs in s and s + 1 (each PE loses the one slot of its phase among s, s + 1).
//   The snapshot holds every commit in cycles < s', where s' = s for odd s, s' = s + 1 for
//   even s (A commits in odd cycles, B in even ones: A's word, read in s, holds A's commits
//   up to s - 1 and not s; B's, read in s + 1, holds B's commits up to s and not s + 1; the
//   write of s - 1 (A, even s) and of s (B, even s) are bypassed into the read, write-first).
//   s' is a cycle number common to every pair block (they share the phase), so the
//   snapshots of a word are still a consistent cut; in acceptances: the updates accepted
//   up to s' - 4. (dsbc_local_half: commits < s, every s.) A unit must use pair blocks for
//   every PE (N even).
// - CHANGED, serial line: every slot one cycle later than dsbc_local_half's: open slot in
//   s + 3, full slot in s + 4 (the PE's FIFO full at the start of s + 2, before that
//   cycle's pop), count bit j in s + 5 + j, sign-extended for ever. The global block's
//   header gains one cycle: an exit decided in the open slot gives the next ctl_load in
//   s + 4 (a word lasts >= 4 cycles), a completion is d = s + Q + 5. The lines of A and B
//   carry the same slot in the same cycle. a_rr_bit_o is a flip-flop; b_rr_bit_o one LUT of
//   flip-flops (the open slot from the registered RAM word).
// - Completion (ctl_done in d, with the next ctl_load if M > 1): both FIFOs push CNT2 in d
//   (as dsbc_local_half). CHANGED: the rebases are written in d + 4 (A) and d + 5 (B),
//   the RAM having one write port; ready is low for A in d .. d + 4 and for B in d .. d + 5
//   (dsbc_local_half: d .. d + 4). The last update accepted before d commits by d + 2; the
//   rebase word is {touched, count - snap}, count - snap being the sum of this PE's commits
//   to the barrier after its snapshot (feas_pair_acc), touched = some.
// - The rebase of b is written before the next snapshot of b, which is at least M - 1
//   words of >= 4 cycles after d: 4(M - 1) > 5 for M >= 3 (checked below).
// - Restrictions of this feasibility build: M a power of two, M >= 4 (no out-of-range
//   barrier IDs, so no refusal of an ID >= M); N (NumPes) bounds only the accumulators.

`default_nettype none

module feas_pair_local #(
  parameter integer NumPes      = 16,  // N of the unit (bounds the rebase sum's width)
  parameter integer NumBarriers = 32,  // M, a power of two >= 4
  parameter integer CountBits   = 16,  // T, 8..32
  parameter integer FifoDepth   = 8,   // 1..1024
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // PE A (even cycles)
  input  wire                a_req_valid_i,
  input  wire [BarrierW-1:0] a_req_barrier_i,
  input  wire                a_req_dec_i,
  output wire                a_req_ready_o,
  output wire                a_ack_valid_o,
  output wire                a_ack_refused_o,
  output wire                a_fifo_valid_o,
  output wire [BarrierW-1:0] a_fifo_barrier_o,
  input  wire                a_fifo_pop_i,
  output wire                a_rr_bit_o,
  // PE B (odd cycles)
  input  wire                b_req_valid_i,
  input  wire [BarrierW-1:0] b_req_barrier_i,
  input  wire                b_req_dec_i,
  output wire                b_req_ready_o,
  output wire                b_ack_valid_o,
  output wire                b_ack_refused_o,
  output wire                b_fifo_valid_o,
  output wire [BarrierW-1:0] b_fifo_barrier_o,
  input  wire                b_fifo_pop_i,
  output wire                b_rr_bit_o,
  // The two broadcasts from the global block (the same wires as every other block's)
  input  wire                ctl_load_i,
  input  wire                ctl_done_i
);

  localparam integer T    = CountBits;
  localparam integer Q    = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer AccW = $clog2(Q + 14) + 1;  // as dsbc_local_half (Q + 9 + D_w + 1)
  localparam integer AW   = BarrierW + 1;        // RAM address {pe, barrier}
  localparam [AW-1:0] LAST_CLR = {AW{1'b1}};      // 2M - 1 (M a power of two)

  ///////////////////////////////
  // Phase, clearing, readiness //
  ///////////////////////////////

  reg [BarrierW-1:0] cnt2_q, next_q;  // CNT2 and CNT2 + 1 (below)
  reg          phase_q;  // 0 in even cycles (PE A's), 1 in odd ones (PE B's)
  reg          init_q;
  reg [AW-1:0] clr_q;    // the clearing's address, then {rw_b, the completed barrier}
  reg          ld1_q, ld2_q, ld3_q;  // ctl_load 1, 2, 3 cycles ago
  reg [4:0]    dsh_q;    // dsh_q[j]: ctl_done in d, now d + 1 + j
  wire [BarrierW-1:0] reb_bar = clr_q[BarrierW-1:0];

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= 1'b0;
      init_q  <= 1'b1;
      clr_q   <= {AW{1'b0}};
      ld1_q   <= 1'b0;
      ld2_q   <= 1'b0;
      ld3_q   <= 1'b0;
      dsh_q   <= 5'd0;
    end else begin
      phase_q <= !phase_q;
      if (init_q) begin
        init_q <= (clr_q != LAST_CLR);
        clr_q  <= clr_q + 1'b1;
      end else begin
        // after the clearing, clr_q's top bit is rw_b (B's rebase, d + 5), so that the
        // write address is clr_q for the clearing and both rebases (one LUT level less)
        clr_q[AW-1] <= dsh_q[3];
        if (ctl_done_i) clr_q[BarrierW-1:0] <= cnt2_q;
      end
      ld1_q <= ctl_load_i;
      ld2_q <= ld1_q;
      ld3_q <= ld2_q;
      dsh_q <= {dsh_q[3:0], ctl_done_i};
    end
  end

  // The read port is the snapshot's in s and s + 1; the write port the rebases' in d + 4
  // (A) and d + 5 (B).
  wire busy   = init_q || ctl_load_i || ld1_q || ctl_done_i || (|dsh_q[3:0]);
  assign a_req_ready_o = !phase_q && !busy;
  assign b_req_ready_o = phase_q && !busy && !dsh_q[4];
  wire acc_a  = a_req_valid_i && a_req_ready_o;
  wire acc_b  = b_req_valid_i && b_req_ready_o;

  ///////////////////////////
  // CNT2 and CNT2 + 1     //
  ///////////////////////////

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt2_q <= {BarrierW{1'b1}};  // M - 1
      next_q <= {BarrierW{1'b0}};
    end else if (ctl_load_i) begin
      cnt2_q <= next_q;
      next_q <= next_q + 1'b1;
    end
  end

  //////////////////////////////////
  // The RAM and the shared pipeline //
  //////////////////////////////////

  wire [T:0]          rd_data, rd_q, d_word;
  wire                d_valid, d_refused, d_dec;
  wire [BarrierW-1:0] c_bar, d_bar;
  wire [T:0]          reb_word_a, reb_word_b;
  wire                c_valid, c_refused;

  // Read: A's snapshot word in s, B's in s + 1, else the operation of this cycle's phase.
  wire [AW-1:0] rd_addr = ctl_load_i ? {1'b0, next_q}
                        : ld1_q      ? {1'b1, cnt2_q}
                        : {phase_q, phase_q ? b_req_barrier_i : a_req_barrier_i};
  // Write: the clearing, A's rebase (d + 4), B's (d + 5), else the pipeline's stage d (its
  // operation's PE is this cycle's phase).
  // The enable and the select are registers of their own, written from their next values
  // (the RAM's write enable behind four LUT levels was the placed block's critical path,
  // 151.1 MHz, seed 1): wen_q = init_q || rw_a || rw_b || d_valid, osel_q = init_q || rw_a
  // || rw_b (checked below).
  wire          rw_a    = dsh_q[3];
  wire          rw_b    = dsh_q[4];
  wire          unused_rw_a = rw_a;  // (rw_a: the checks only)
  reg           wen_q, osel_q;
  wire          init_nx = init_q && (clr_q != LAST_CLR);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wen_q  <= 1'b1;
      osel_q <= 1'b1;
    end else begin
      wen_q  <= init_nx || dsh_q[2] || dsh_q[3] || c_valid;
      osel_q <= init_nx || dsh_q[2] || dsh_q[3];
    end
  end
  wire          wr_en   = wen_q;
  wire [AW-1:0] wr_addr = osel_q ? clr_q : {phase_q, d_bar};  // clr_q = {rw_b, reb_bar} after the clearing
  // The clearing writes A's rebase word, which is {0, 0} until the first completion (the
  // accumulators reset to 0, no commit before the clearing ends; checked below): no zero
  // term in the data mux (two LUT levels, not three: 174.3 MHz with it, seed 1).
  wire [T:0]    wr_data = !osel_q ? d_word : rw_b ? reb_word_b : reb_word_a;
  wire          coll    = wr_en && (wr_addr == rd_addr);

  dsbc_ram_dp #(.Depth(2 * NumBarriers), .Width(T + 1), .AddrW(AW)) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (wr_en),
    .wr_addr_i (wr_addr),
    .wr_data_i (wr_data),
    .rd_addr_i (rd_addr),
    .rd_data_o (rd_data)
  );

  feas_pair_rmw #(.CountBits(T), .BarrierW(BarrierW)) u_rmw (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .op_valid_i   (acc_a || acc_b),
    .op_barrier_i (phase_q ? b_req_barrier_i : a_req_barrier_i),
    .op_dec_i     (phase_q ? b_req_dec_i : a_req_dec_i),
    .rd_data_i    (rd_data),
    .coll_i       (coll),
    .wr_data_i    (wr_data),
    .rd_q_o       (rd_q),
    .c_valid_o    (c_valid),
    .c_refused_o  (c_refused),
    .d_valid_o    (d_valid),
    .d_refused_o  (d_refused),
    .c_barrier_o  (c_bar),
    .d_barrier_o  (d_bar),
    .d_dec_o      (d_dec),
    .d_word_o     (d_word)
  );

  // Stage d's operation is A's in even cycles, B's in odd ones.
  assign a_ack_valid_o   = d_valid && !phase_q;
  assign b_ack_valid_o   = d_valid && phase_q;
  assign a_ack_refused_o = d_refused;
  assign b_ack_refused_o = d_refused;

  //////////////////////////
  // Rebase accumulators  //
  //////////////////////////

  // Each PE's commit of the last cycle to CNT2 and to the completed barrier, decided in the
  // commit's own cycle (stage c: the refusal is a register there) against CNT2 and the
  // completed barrier as they are in the next cycle (CNT2 + 1 after a ctl_load, CNT2 after
  // a ctl_done), and registered: the accumulators' enables are then one LUT of registers (as
  // dsbc_rebase_late's m_*_q). With the compare behind the commit the placed block made
  // 130.5 MHz (seed 1), with the compares registered but the commit and PE not, 160.4.
  wire commit_c = c_valid && !c_refused;
  wire mc_nx    = ctl_load_i ? (c_bar == next_q) : (c_bar == cnt2_q);
  wire mr_nx    = ctl_done_i ? (c_bar == cnt2_q) : (c_bar == reb_bar);
  reg  tc_a_q, tr_a_q, tc_b_q, tr_b_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tc_a_q <= 1'b0;
      tr_a_q <= 1'b0;
      tc_b_q <= 1'b0;
      tr_b_q <= 1'b0;
    end else begin
      // stage c holds A's operation in odd cycles (read in an even one, 3 cycles ago)
      tc_a_q <= commit_c && phase_q && mc_nx;
      tr_a_q <= commit_c && phase_q && mr_nx;
      tc_b_q <= commit_c && !phase_q && mc_nx;
      tr_b_q <= commit_c && !phase_q && mr_nx;
    end
  end
  wire done1  = dsh_q[0];

  feas_pair_acc #(.CountBits(T), .AccW(AccW)) u_acc_a (
    .clk_i(clk_i), .rst_ni(rst_ni), .ld_i(ld1_q), .done_i(done1), .to_cur_i(tc_a_q),
    .to_reb_i(tr_a_q), .dec_i(d_dec), .reb_word_o(reb_word_a)
  );
  feas_pair_acc #(.CountBits(T), .AccW(AccW)) u_acc_b (
    .clk_i(clk_i), .rst_ni(rst_ni), .ld_i(ld2_q), .done_i(done1), .to_cur_i(tc_b_q),
    .to_reb_i(tr_b_q), .dec_i(d_dec), .reb_word_o(reb_word_b)
  );

  ///////////
  // PISOs //
  ///////////

  wire a_fifo_full, b_fifo_full;
  // A: its word is in rd_q in s + 2; the PISO loads {count, full, open} then: open in s + 3.
  reg [T+1:0] piso_a_q;
  // B: its word is in rd_q in s + 3: the open slot straight from rd_q (one LUT), the PISO
  // loads {count, full} at the end of s + 3 (full sampled in s + 2, as A's).
  reg [T:0]   piso_b_q;
  reg         full_b_q;
  always @(posedge clk_i) begin
    if (ld2_q) piso_a_q <= {rd_q[T-1:0], a_fifo_full, rd_q[T]};
    else       piso_a_q <= {piso_a_q[T+1], piso_a_q[T+1:1]};
    if (ld2_q) full_b_q <= b_fifo_full;
    if (ld3_q) piso_b_q <= {rd_q[T-1:0], full_b_q};
    else       piso_b_q <= {piso_b_q[T], piso_b_q[T:1]};
  end
  assign a_rr_bit_o = piso_a_q[0];
  assign b_rr_bit_o = ld3_q ? rd_q[T] : piso_b_q[0];

  ///////////
  // FIFOs //
  ///////////

  dsbc_fifo #(.Depth(FifoDepth), .Width(BarrierW), .RegFlags(2)) u_fifo_a (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(ctl_done_i), .push_data_i(cnt2_q),
    .pop_i(a_fifo_pop_i), .valid_o(a_fifo_valid_o), .data_o(a_fifo_barrier_o),
    .full_o(a_fifo_full)
  );
  dsbc_fifo #(.Depth(FifoDepth), .Width(BarrierW), .RegFlags(2)) u_fifo_b (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(ctl_done_i), .push_data_i(cnt2_q),
    .pop_i(b_fifo_pop_i), .valid_o(b_fifo_valid_o), .data_o(b_fifo_barrier_o),
    .full_o(b_fifo_full)
  );

`ifndef SYNTHESIS
  initial begin
    if ((NumBarriers & (NumBarriers - 1)) != 0 || NumBarriers < 4) begin
      $fatal(1, "feas_pair_local: NumBarriers = %0d: a power of two >= 4 only", NumBarriers);
    end
  end
  // What the contract above relies on; any of these stops the run.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only
    end else begin
      if (wen_q != (init_q || rw_a || rw_b || d_valid) || osel_q != (init_q || rw_a || rw_b)) begin
        $fatal(1, "%m: wen_q / osel_q are not the functions they copy at %0t", $time);
      end
      if (!init_q && clr_q[AW-1] != rw_b) begin
        $fatal(1, "%m: clr_q's top bit is not rw_b at %0t", $time);
      end
      if (init_q && wr_data != {(T + 1){1'b0}}) begin
        $fatal(1, "%m: the clearing writes a word that is not {0, 0} at %0t", $time);
      end
      if (ctl_load_i && (ld1_q || ld2_q || ld3_q)) begin
        $fatal(1, "%m: ctl_load less than 4 cycles after the last one at %0t", $time);
      end
      if (ctl_done_i && (init_q || (|dsh_q))) begin
        $fatal(1, "%m: ctl_done during the clearing or a pending rebase at %0t", $time);
      end
      if (ctl_load_i && init_q) begin
        $fatal(1, "%m: ctl_load during the clearing at %0t", $time);
      end
      if (d_valid && (init_q || rw_a || rw_b)) begin
        $fatal(1, "%m: the pipeline's write meets the clearing or a rebase at %0t", $time);
      end
      if (ctl_load_i && (|dsh_q) && next_q == reb_bar) begin
        $fatal(1, "%m: snapshot of barrier %0d before its rebase is written at %0t",
               reb_bar, $time);
      end
      if ((acc_a || acc_b) && (ctl_load_i || ld1_q)) begin
        $fatal(1, "%m: an acceptance in a snapshot read at %0t", $time);
      end
    end
  end
`endif

endmodule

`default_nettype wire
