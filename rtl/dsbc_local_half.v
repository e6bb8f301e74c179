// SPDX-License-Identifier: Apache-2.0
// Local logic of one PE at half the request rate (dsbc_top's HalfRate = 1; clock.md,
// "Half the request rate"): dsbc_local's ports and job, round robin (Sched = 0) only,
// under the "commit at the write" contract, on the short read-modify-write pipeline
// dsbc_rmw_half. req_ready_o is low in the cycle after every acceptance, so at most one
// request every two cycles, and in exchange no one-cycle recurrence is left in the block.
// The RAM's output is registered before any logic (dsbc_rmw_half, stage a), so the block
// alone places at >= 200 MHz on the HX8K (synth-flow dsbc_local_half_n16_m32, median of
// seeds 1-5), and the whole 16-PE unit of these (Pipe = 1) at >= 150 MHz with the floorplan
// of synth/flow/floorplan_pe.py (make place-unit, reports/unit.md; clock.md, "200
// MHz with the RAM's word registered"). Proven first as the feasibility design feas_local_pipe
// (HalfRate = 1, Retime = 1), which keeps the earlier unregistered core (D_r = 2) as
// feas_rmw_half_core; its testbench checks this module through dsbc_top with -DRTL_TOP.
//
// Contract (an update accepted in cycle t; D_r = 3 read to refusal, D_w = 4 read to write;
// before 2026-11-25 every figure marked * was one cycle less, with the RAM's word unregistered):
// - ack_valid_o / ack_refused_o in t + 4*; req_ready_o low in t + 1. Ready never depends on
//   req_barrier_i.
// - The update's commit is in t + 3* (the refusal decided on the count as of that cycle), the
//   RAM write in t + 4*; a refused update does not write the RAM (it used to rewrite its word
//   unchanged; the RAM holds that word already, so the words are the same in every cycle).
//   Every block commits an update the same number of cycles after its acceptance, so the
//   commits before a cycle s are a consistent cut.
// - Snapshot (ctl_load in s): the RAM read of word CNT2 + 1 in s, holding every commit before
//   s, i.e. every update accepted up to s - 4* and not refused. A pipeline write in s itself
//   is bypassed (its commit in s - 1; the bypass word is taken from the core's last-write
//   register, which holds it through s + 2); a rebase write never is: the rebase is written
//   strictly before the next snapshot of its barrier (below; checked).
// - The serial line carries the same slot in every cycle as dsbc_local's rr (open bit in
//   s + 2, full bit in s + 3 as of s + 1, count from s + 4); rr_bit_o is one LUT of registers
//   (the open slot from the registered RAM word).
// - Completion (ctl_done in d): the FIFO push in d. req_ready_o is low in d .. d + 4*: the
//   last update accepted before d (d - 1 at the latest) commits by d + 2 and writes by d + 3,
//   and the rebase is written in d + 4*; the next update reads in d + 5 or later and sees it.
//   count - snap is the sum of this PE's commits to the barrier from s to d + 2 (at most one of
//   d + 1, d + 2), accumulated by dsbc_rebase_late one cycle after each commit.
// - The rebase must be written before the next snapshot of its barrier, which comes M - 1
//   words of at least 3 + P cycles after d: (M - 1)(3 + P) > 4* (dsbc_half_rate_check; M >= 3
//   at Pipe = 0, M >= 2 at Pipe = 1 with N >= 2, where P >= 2). Checked in simulation below,
//   strictly (no snapshot of the barrier in d .. d + 4, the write's cycle included).
// - req_ready_o is low during the RAM clearing after reset (M cycles), in snapshot cycles,
//   in d .. d + 4, and in the cycle after an acceptance.

`default_nettype none

module dsbc_local_half #(
  parameter integer NumPes      = 4,   // N (bounds the rebase sum's width)
  parameter integer NumBarriers = 4,   // M, >= 2 (see the rebase above)
  parameter integer CountBits   = 16,  // T, 8..32
  parameter integer FifoDepth   = 8,   // 1..1024
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1
) (
  input  wire                clk_i,           // clock, rising edge
  input  wire                rst_ni,          // asynchronous reset, active low
  // PE side
  input  wire                req_valid_i,     // PE request, held until accepted (valid/ready)
  input  wire [BarrierW-1:0] req_barrier_i,   // its barrier ID, 0..M-1
  input  wire                req_dec_i,       // 0: produce (+1), 1: consume (-1)
  output wire                req_ready_o,     // low: clearing, snapshots, d .. d + 4, after an acceptance
  output wire                ack_valid_o,     // four cycles after acceptance: committed ...
  output wire                ack_refused_o,   // ... unless refused (overflow or ID >= M)
  output wire                fifo_valid_o,    // a completed barrier ID waits
  output wire [BarrierW-1:0] fifo_barrier_o,  // the oldest completed barrier ID
  input  wire                fifo_pop_i,      // the PE takes it at this edge
  // The three wires to the global block
  output wire                rr_bit_o,        // serial snapshot bit, one slot per cycle
  input  wire                ctl_load_i,      // snapshot the next barrier now
  input  wire                ctl_done_i       // that barrier is complete: push, rebase
);

  localparam integer T  = CountBits;
  localparam integer Dr = 3;  // read (acceptance) to refusal, of dsbc_rmw_half
  localparam integer Dw = 4;  // read (acceptance) to write, of dsbc_rmw_half
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];
  localparam integer LastM1 = (NumBarriers > 1) ? NumBarriers - 2 : 0;
  localparam [BarrierW-1:0] LAST_M1 = LastM1[BarrierW-1:0];
  // count - snap is the sum of at most one commit per cycle from s to d + D_w - 2: a word
  // lives at most Q + 4 + P cycles (P <= 5, Pipe = 1), so |count - snap| <= Q + 9 + D_w, far
  // inside T bits (architecture.md section 2), and the sums are kept in AccW bits.
  localparam integer Q    = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer AccW = $clog2(Q + 9 + Dw + 1) + 1;

  dsbc_param_check #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(0)
  ) u_param_check ();

  ////////////////////
  // Initialisation //
  ////////////////////

  // Cycles 0..M-1 after reset write {open=0, count=0} to word 0..M-1, as dsbc_summation.
  // (the clearing's address counter is reb_barrier_q, below: the write port's
  // second address register.)
  reg                init_q;
  // init2_q: init_q of the next cycle (init_q && init_addr_q != M - 1), a register of its own.
  reg                init2_q;
  reg                oselnx_q;  // osel_q of the next cycle (init2_q || done_sh_q[2])
  reg  [BarrierW-1:0] reb_barrier_q;
  wire [BarrierW-1:0] init_addr_q = reb_barrier_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q  <= 1'b1;
      init2_q <= (LastBarrier != 0);
    end else if (init_q) begin
      init_q  <= (init_addr_q != LAST_BARRIER);
      init2_q <= init2_q && (init_addr_q != LAST_M1);
    end
  end

  ////////////
  // Accept //
  ////////////

  // reb_wait_q counts down from D_w after the completion (ready low while it is not 0); the
  // rebase is written when it is 1.
  // (a shift register of ctl_done, done_sh_q[j] high in d + 1 + j, so nothing but a
  // flip-flop is behind the broadcast; reb_wait_q is its count-down value, for the checks.)
  reg  [3:0] done_sh_q;
  wire [2:0] reb_wait_q = done_sh_q[0] ? 3'd4 : done_sh_q[1] ? 3'd3 : done_sh_q[2] ? 3'd2
                        : done_sh_q[3] ? 3'd1 : 3'd0;
  reg        accepted_q;  // a request was accepted in the last cycle: dsbc_rmw_half's promise
  // ready_q = !init_q && reb_wait_q == 0 && !accepted_q, written a cycle early from the next
  // values of those registers, so that the ready and the acceptance are one LUT behind the
  // broadcast and the PE's valid. As a function of the registers it put 4 LUT levels
  // between a `ctl_done` copy and `accepted_q`: the critical path of the two slowest seeds of
  // the placed 16-PE unit (architecture.md 4f).
  reg        ready_q;
  wire       accept;
  assign req_ready_o = ready_q && !ctl_load_i && !ctl_done_i;
  // The acceptance from the registers and ports directly (one LUT4), not through req_ready_o.
  // ready2_q: a copy of ready_q (the same value; written from itself so that the synthesis
  // keeps it apart), so the acceptance cannot be mapped through req_ready_o's LUT.
  reg        ready2_q;
  assign accept = req_valid_i && ready2_q && !ctl_load_i && !ctl_done_i;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      accepted_q <= 1'b0;
      ready_q    <= 1'b0;
      ready2_q   <= 1'b0;
    end else begin
      accepted_q <= accept;
      // init_q next: init_q && init_addr_q != M-1; reb_wait_q next == 0: no ctl_done now and
      // reb_wait_q <= 1; accepted_q next: accept.
      ready_q    <= !init2_q && !ctl_done_i
                 && !(|done_sh_q[2:0]) && !(req_valid_i && ready_q && !ctl_load_i);
      ready2_q   <= !init2_q && !ctl_done_i
                 && !(|done_sh_q[2:0]) && !(req_valid_i && ready2_q && !ctl_load_i);
    end
  end

  // An ID >= M (only when M is not a power of two) is refused without entering the pipeline;
  // its acknowledge is delayed like the others'.
  wire bad_ack;
  wire req_bad_id;
  if ((1 << BarrierW) > NumBarriers) begin : g_id_check
    assign req_bad_id = (req_barrier_i > LAST_BARRIER);
    reg [Dr:0] bad_q;
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) bad_q <= {(Dr + 1){1'b0}};
      else         bad_q <= {bad_q[Dr-1:0], accept && req_bad_id};
    end
    assign bad_ack = bad_q[Dr];
  end else begin : g_id_all_legal
    assign req_bad_id = 1'b0;
    assign bad_ack    = 1'b0;
  end

  /////////////////////////////////////////////
  // Read-modify-write pipeline and the RAM //
  /////////////////////////////////////////////

  wire [T:0]          rd_data;
  wire                core_ack_valid, core_ack_refused;
  wire                commit_valid, commit_dec, try_valid;
  wire [BarrierW-1:0] commit_barrier;
  wire                core_wr_en, core_wr_next;
  wire [BarrierW-1:0] core_wr_addr;
  wire [T:0]          core_wr_data;

  dsbc_rmw_half #(.CountBits(T), .AddrW(BarrierW)) u_core (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .op_valid_i     (accept && !req_bad_id),
    .op_addr_i      (req_barrier_i),
    .op_dec_i       (req_dec_i),
    .rd_data_i      (rd_data),
    .rd_byp_i       (snap_byp_p),
    .wr_other_next_i(oselnx_q),
    .wr_any_o       (core_wr_any),
    .rd_q_o         (rd_q),
    .lw_q_o         (lw_q),
    .ack_valid_o    (core_ack_valid),
    .ack_refused_o  (core_ack_refused),
    .try_valid_o    (try_valid),
    .commit_valid_o (commit_valid),
    .commit_addr_o  (commit_barrier),
    .commit_dec_o   (commit_dec),
    .wr_en_next_o   (core_wr_next),
    .wr_en_o        (core_wr_en),
    .wr_addr_o      (core_wr_addr),
    .wr_data_o      (core_wr_data)
  );

  assign ack_valid_o   = core_ack_valid || bad_ack;
  assign ack_refused_o = (core_ack_valid && core_ack_refused) || bad_ack;

  // The write port: the clearing, the rebase (d + D_w) and the pipeline never meet (no update
  // is accepted during the clearing or in d .. d + 4, whose writes would fall in d + 4 ..).
  wire [T:0]          reb_count;      // count - snap, complete in d + D_w (dsbc_rebase_late)
  wire                reb_touched;
  reg                 reb_write_q;    // reb_wait_q == 1, registered (it drives the write mux)
  wire [T:0]          reb_word = {reb_touched, reb_count[T-1:0]};
  // The write port one LUT from registers: osel_q = init_q || reb_write_q (a
  // register of its own) selects reb_barrier_q (the clearing's counter, then the completed
  // barrier) and the rebase word (0 while clearing), else the core's registered write.
  reg                 osel_q;
  wire                core_wr_any;   // osel_q || core_wr_en, one register
  wire                wr_en    = core_wr_any;
  wire [BarrierW-1:0] wr_addr  = osel_q ? reb_barrier_q : core_wr_addr;
  wire [T:0]          wr_data  = osel_q ? (init_q ? {(T + 1){1'b0}} : reb_word) : core_wr_data;
  wire [BarrierW-1:0] snap_addr;      // CNT2 + 1, kept apart for the RAM's address
  wire [T:0]          snap_word;      // the snapshot's word, bypassed (dsbc_rebase_late)
  wire                snap_byp_p;     // its bypass: the pipeline's write of s (lw_q) ...
  wire                snap_byp_r;     // ... or the rebase's (reb_word), from s + 1
  wire [T:0]          lw_q;           // the core's last-write register
  wire [T:0]          rd_q;           // the RAM's output, registered (the core's stage a)

  dsbc_ram_dp #(
    .Depth(NumBarriers), .Width(T + 1), .AddrW(BarrierW)
  ) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (wr_en),
    .wr_addr_i (wr_addr),
    .wr_data_i (wr_data),
    .rd_addr_i (ctl_load_i ? snap_addr : req_barrier_i),
    .rd_data_o (rd_data)
  );

  ////////////////////////////////////////////////
  // Snapshot, PISO, CNT2 (dsbc_rr, round robin) //
  ////////////////////////////////////////////////

  wire                fifo_full;
  wire [BarrierW-1:0] cnt2, cnt2_succ, rr_rd_addr;
  wire [T:0]          rr_rebase_count;
  wire                rr_touched;

  // Only CNT2, the snapshot's word into the PISO and the PISO are used of dsbc_rr: its
  // accumulator and `touched` count commits in their own cycle (a barrier compare and a
  // T+1-bit adder behind the commit), which dsbc_rebase_late does a cycle late below; the
  // synthesis removes them.
  dsbc_rr #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .Sched(0)
  ) u_rr (
    .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(ctl_load_i), .snap_addr_i(cnt2_succ),
    .rr_bit_o         (rr_bit_rr),
    .ram_rd_addr_o    (rr_rd_addr),
    .ram_rd_data_i    (snap_word),
    .ram_wr_en_i      (1'b0),
    .ram_wr_addr_i    (wr_addr),
    .ram_wr_old_i     (wr_data),
    .commit_valid_i   (commit_valid),
    .commit_barrier_i (commit_barrier),
    .commit_dec_i     (commit_dec),
    .fifo_full_i      (fifo_full),
    .cnt2_o           (cnt2),
    .cnt2_succ_o      (cnt2_succ),
    .rebase_count_o   (rr_rebase_count),
    .touched_o        (rr_touched)
  );
  wire unused_rr = &{1'b0, rr_rebase_count, rr_touched, rr_rd_addr, rr_bit_rr};
  // CNT2 in a register of its own, loaded from the snapshot's address register (CNT2 + 1,
  // dsbc_rebase_late's next_q) at ctl_load: no incrementer of its own. dsbc_rr's CNT2 is
  // left for the checks (the synthesis removes it).
  reg  [BarrierW-1:0] cnt2_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)         cnt2_q <= LAST_BARRIER;
    else if (ctl_load_i) cnt2_q <= snap_addr;
  end
  wire rr_bit_rr;

  // The PISO from the RAM's registered output: nothing but a flip-flop behind the
  // RAM. The word read in s is in rd_q in s + 2; the open slot (s + 2) is one LUT of registers
  // onto rr_bit_o (ob1_q: bypassed and open; s0n_q: not bypassed, rd_q's open bit), with the
  // PISO cleared in s + 1; the PISO loads {count, full} at the end of s + 2 (full as of s + 1,
  // as before), so the line is the same in every cycle as dsbc_rr's.
  reg         ld1_q, ld2_q, full_s_q;
  reg [T:0]   piso_q;  // {count, full}; bit 0 on the line
  // (The rebase never meets a snapshot of its barrier, so only the pipeline's write is
  // bypassed here. The bypass is in the core's rd_q (rd_q <= lw_q in s + 1 when the
  // pipeline writes the snapshot's word in s), so rd_q holds the snapshot's word in s + 2 and
  // the PISO loads from it alone: one LUT per bit.)
  wire         unused_byp_r = &{1'b0, snap_byp_r, lw_q};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ld1_q <= 1'b0;
      ld2_q <= 1'b0;
    end else begin
      ld1_q <= ctl_load_i;
      ld2_q <= ld1_q;
    end
  end
  always @(posedge clk_i) begin
    if (ld1_q) full_s_q <= fifo_full;
    if (ld1_q)      piso_q <= {(T + 1){1'b0}};
    else if (ld2_q) piso_q <= {rd_q[T-1:0], full_s_q};
    else            piso_q <= {piso_q[T], piso_q[T:1]};
  end
  assign rr_bit_o = (ld2_q && rd_q[T]) || piso_q[0];

  ////////////
  // Rebase //
  ////////////

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      done_sh_q   <= 4'd0;
      reb_write_q <= 1'b0;
      osel_q      <= 1'b1;
      oselnx_q    <= (LastBarrier != 0);
    end else begin
      done_sh_q   <= {done_sh_q[2:0], ctl_done_i};
      reb_write_q <= done_sh_q[2];
      osel_q      <= init2_q || done_sh_q[2];
      oselnx_q    <= (init2_q && init_addr_q != LAST_M1) || done_sh_q[1];
    end
  end

  // In d the completed barrier is CNT2; afterwards CNT2 moves on, so it is kept.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)         reb_barrier_q <= {BarrierW{1'b0}};
    else if (init_q)     reb_barrier_q <= reb_barrier_q + 1'b1;
    else if (ctl_done_i) reb_barrier_q <= cnt2_q;
  end

  // The snapshot's RAM address and write-first bypass, and count - snap with `touched`, each
  // a cycle off the commit (the rebase is written four cycles after d, so it may be late).
  dsbc_rebase_late #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .AccW(AccW)
  ) u_late (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .ctl_load_i       (ctl_load_i),
    .ctl_done_i       (ctl_done_i),
    .commit_try_i     (try_valid),
    .commit_last_i    (core_wr_en),
    .commit_barrier_i (commit_barrier),
    .commit_dec_i     (commit_dec),
    .wr_next_i        (core_wr_next),
    .wr_refused_i     (core_ack_refused),
    .reb_next_i       (done_sh_q[2]),
    .reb_pending_i    (reb_wait_q != 3'd0),
    .reb_barrier_i    (reb_barrier_q),
    .cnt2_i           (cnt2_q),
    .cnt2_succ_i      (cnt2_succ),
    .wr_en_i          (wr_en),
    .wr_addr_i        (wr_addr),
    .wr_data_i        (wr_data),
    .rd_data_i        (rd_data),
    .snap_addr_o      (snap_addr),
    .snap_word_o      (snap_word),
    .snap_byp_p_o     (snap_byp_p),
    .snap_byp_r_o     (snap_byp_r),
    .reb_count_o      (reb_count),
    .reb_touched_o    (reb_touched)
  );

  ///////////
  // FIFO //
  ///////////

  // The flags in flip-flops, the same values (RegFlags = 2: the fill level as a thermometer,
  // a one-hot write pointer): the ctl_done broadcast into the FIFO's count, and then into its
  // flags, was a critical path of the placed half-rate unit.
  dsbc_fifo #(
    .Depth(FifoDepth), .Width(BarrierW), .RegFlags(2)
  ) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .push_i      (ctl_done_i),
    .push_data_i (cnt2_q),
    .pop_i       (fifo_pop_i),
    .valid_o     (fifo_valid_o),
    .data_o      (fifo_barrier_o),
    .full_o      (fifo_full)
  );

`ifndef SYNTHESIS
`ifndef FORMAL
  // What the contract above relies on; any of these stops the run.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only
    end else begin
      if (ready_q != (!init_q && reb_wait_q == 3'd0 && !accepted_q) || ready2_q != ready_q) begin
        $fatal(1, "%m: ready_q is not the function of the registers it copies at %0t", $time);
      end
      if (osel_q != (init_q || reb_write_q) || core_wr_any != (osel_q || core_wr_en)
          || init2_q != (init_q && init_addr_q != LAST_BARRIER)) begin
        $fatal(1, "%m: osel_q is not init_q || reb_write_q at %0t", $time);
      end
      if (cnt2_q != cnt2) begin
        $fatal(1, "%m: cnt2_q is not dsbc_rr's CNT2 at %0t", $time);
      end
      if (init_q && ctl_done_i) begin
        $fatal(1, "%m: completion during the clearing at %0t", $time);
      end
      if (core_wr_en && (init_q || reb_write_q)) begin
        $fatal(1, "%m: the pipeline's write meets the clearing or the rebase at %0t", $time);
      end
      if (ctl_done_i && reb_wait_q != 3'd0) begin
        $fatal(1, "%m: completion while the last rebase is pending at %0t", $time);
      end
      if (ctl_load_i && reb_wait_q > 3'd0 && cnt2_succ == reb_barrier_q) begin
        $fatal(1, "%m: snapshot of barrier %0d before its rebase is written at %0t (M too small)",
               reb_barrier_q, $time);
      end
      if (reb_write_q && (reb_count[T] != reb_count[T-1])) begin
        $fatal(1, "%m: rebase of barrier %0d overflows at %0t", reb_barrier_q, $time);
      end
    end
  end
`endif
`endif

endmodule

`default_nettype wire
