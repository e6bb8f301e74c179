// SPDX-License-Identifier: Apache-2.0
// Local logic of one PE at half the request rate (dsbc_top's HalfRate = 1; architecture.md
// 4f, "Half the request rate"): dsbc_local's ports and job, round robin (Sched = 0) only,
// under the "commit at the write" contract, on the short read-modify-write pipeline
// dsbc_rmw_half. req_ready_o is low in the cycle after every acceptance, so at most one
// request every two cycles, and in exchange no one-cycle recurrence is left in the block
// (the whole 16-PE unit of these, Pipe = 1, places on the HX8K at 156.47 MHz with the
// floorplan of synth/flow/floorplan_pe.py and 13 % of the logic cells free, against 86.98 MHz
// for dsbc_local's; make place-unit, reports/unit.md). Proven first as the feasibility design
// feas_local_pipe (HalfRate = 1, Retime = 1), which now instantiates this module.
//
// Contract (an update accepted in cycle t; D_r = 2 read to refusal, D_w = 3 read to write):
// - ack_valid_o / ack_refused_o in t + 3 (dsbc_local: t + 1); req_ready_o low in t + 1. Ready
//   never depends on req_barrier_i.
// - The update's commit is in t + 2 (its word enters dsbc_rmw_half's write register; the
//   refusal is decided there on the count as of that cycle), the RAM write in t + 3 (a
//   refused update rewrites its word unchanged). Every block commits an update the same
//   number of cycles after its acceptance, so the commits before a cycle s are a consistent
//   cut.
// - Snapshot (ctl_load in s): the RAM read of word CNT2 + 1 in s, holding every commit before
//   s, i.e. every update accepted up to s - 3 and not refused. The RAM misses only the write
//   in s itself (a read at the edge of a write to its address is undefined), whose commit was
//   in s - 1 and so known a cycle early: the compare is registered in s - 1 (coll_q) and the
//   word being written is muxed in (write-first bypass). dsbc_rr's own read-first bypass is
//   given nothing to do.
// - Completion (ctl_done in d): the FIFO push in d as today. The rebase `count <- count -
//   snap` must be the last write of the barrier's epoch: req_ready_o is low in d .. d + 3, so
//   the last update accepted before d (in d - 1 at the latest) commits by d + 1 and writes by
//   d + 2, and the rebase is written in d + 3; the next update reads in d + 4 or later and
//   sees it. count - snap is the sum of this PE's commits to the barrier from s to d + 1:
//   accumulated by dsbc_rebase_late, one cycle late behind registered barrier compares (the
//   rebase is written three cycles after d, so the sum may be late), AccW bits wide instead
//   of T + 1 (below), with the `touched` flag (a commit since s keeps the word open) likewise.
// - The rebase must be written before the next snapshot of its barrier: under the round robin
//   that is M - 1 words after d, each at least 3 + P cycles long (P: dsbc_global's sum
//   latency, 0 without Pipe), so (M - 1)(3 + P) > 3: M >= 3 at Pipe = 0, M >= 2 at Pipe = 1
//   (dsbc_param_check refuses the rest). Checked in simulation below.
// - req_ready_o is low during the RAM clearing after reset (M cycles), in snapshot cycles,
//   in d .. d + 3, and in the cycle after an acceptance.

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
  output wire                req_ready_o,     // low: clearing, snapshots, d .. d + 3, after an acceptance
  output wire                ack_valid_o,     // three cycles after acceptance: committed ...
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
  localparam integer Dr = 2;  // read (acceptance) to refusal, of dsbc_rmw_half
  localparam integer Dw = 3;  // read (acceptance) to write, of dsbc_rmw_half
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];
  localparam [1:0] REBASE_WAIT = Dw[1:0];
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
  reg                init_q;
  reg [BarrierW-1:0] init_addr_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q      <= 1'b1;
      init_addr_q <= {BarrierW{1'b0}};
    end else if (init_q) begin
      init_q      <= (init_addr_q != LAST_BARRIER);
      init_addr_q <= init_addr_q + 1'b1;
    end
  end

  ////////////
  // Accept //
  ////////////

  // reb_wait_q counts down from D_w after the completion (ready low while it is not 0); the
  // rebase is written when it is 1.
  reg  [1:0] reb_wait_q;
  reg        accepted_q;  // a request was accepted in the last cycle: dsbc_rmw_half's promise
  // ready_q = !init_q && reb_wait_q == 0 && !accepted_q, written a cycle early from the next
  // values of those registers, so that the ready and the acceptance are one LUT behind the
  // broadcast and the PE's valid. As a function of the registers it put 4 LUT levels
  // between a `ctl_done` copy and `accepted_q`: the critical path of the two slowest seeds of
  // the placed 16-PE unit (architecture.md 4f).
  reg        ready_q;
  wire       accept;
  assign req_ready_o = ready_q && !ctl_load_i && !ctl_done_i;
  assign accept = req_valid_i && req_ready_o;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      accepted_q <= 1'b0;
      ready_q    <= 1'b0;
    end else begin
      accepted_q <= accept;
      // init_q next: init_q && init_addr_q != M-1; reb_wait_q next == 0: no ctl_done now and
      // reb_wait_q <= 1; accepted_q next: accept.
      ready_q    <= !(init_q && init_addr_q != LAST_BARRIER) && !ctl_done_i
                 && (reb_wait_q <= 2'd1) && !accept;
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
  wire                commit_valid, commit_dec;
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
    .ack_valid_o    (core_ack_valid),
    .ack_refused_o  (core_ack_refused),
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
  // is accepted during the clearing or in d .. d + 3, whose writes would fall in d + 3 ..).
  reg  [BarrierW-1:0] reb_barrier_q;
  wire [T:0]          reb_count;      // count - snap, complete in d + D_w (dsbc_rebase_late)
  wire                reb_touched;
  reg                 reb_write_q;    // reb_wait_q == 1, registered (it drives the write mux)
  wire [T:0]          reb_word = {reb_touched, reb_count[T-1:0]};
  wire                wr_en    = init_q || reb_write_q || core_wr_en;
  wire [BarrierW-1:0] wr_addr  = init_q ? init_addr_q : (reb_write_q ? reb_barrier_q : core_wr_addr);
  wire [T:0]          wr_data  = init_q ? {(T + 1){1'b0}} : (reb_write_q ? reb_word : core_wr_data);
  wire [BarrierW-1:0] snap_addr;      // CNT2 + 1, kept apart for the RAM's address
  wire [T:0]          snap_word;      // the snapshot's word, bypassed (dsbc_rebase_late)

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
    .rr_bit_o         (rr_bit_o),
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
  wire unused_rr = &{1'b0, rr_rebase_count, rr_touched, rr_rd_addr};

  ////////////
  // Rebase //
  ////////////

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      reb_wait_q  <= 2'd0;
      reb_write_q <= 1'b0;
    end else begin
      if (ctl_done_i) begin
        reb_wait_q <= REBASE_WAIT;
      end else if (reb_wait_q != 2'd0) begin
        reb_wait_q <= reb_wait_q - 2'd1;
      end
      reb_write_q <= (reb_wait_q == 2'd2);
    end
  end

  // In d the completed barrier is CNT2; afterwards CNT2 moves on, so it is kept.
  always @(posedge clk_i) begin
    if (ctl_done_i) reb_barrier_q <= cnt2;
  end

  // The snapshot's RAM address and write-first bypass, and count - snap with `touched`, each
  // a cycle off the commit (the rebase is written three cycles after d, so it may be late).
  dsbc_rebase_late #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .AccW(AccW)
  ) u_late (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .ctl_load_i       (ctl_load_i),
    .ctl_done_i       (ctl_done_i),
    .commit_valid_i   (commit_valid),
    .commit_barrier_i (commit_barrier),
    .commit_dec_i     (commit_dec),
    .wr_next_i        (core_wr_next),
    .reb_next_i       (reb_wait_q == 2'd2),
    .reb_pending_i    (reb_wait_q != 2'd0),
    .reb_barrier_i    (reb_barrier_q),
    .cnt2_i           (cnt2),
    .cnt2_succ_i      (cnt2_succ),
    .wr_en_i          (wr_en),
    .wr_addr_i        (wr_addr),
    .wr_data_i        (wr_data),
    .rd_data_i        (rd_data),
    .snap_addr_o      (snap_addr),
    .snap_word_o      (snap_word),
    .reb_count_o      (reb_count),
    .reb_touched_o    (reb_touched)
  );

  ///////////
  // FIFO //
  ///////////

  // The flags in flip-flops (RegFlags = 1, the same values): the ctl_done broadcast into the
  // FIFO's count was a critical path of the placed half-rate unit.
  dsbc_fifo #(
    .Depth(FifoDepth), .Width(BarrierW), .RegFlags(1)
  ) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .push_i      (ctl_done_i),
    .push_data_i (cnt2),
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
      if (ready_q != (!init_q && reb_wait_q == 2'd0 && !accepted_q)) begin
        $fatal(1, "%m: ready_q is not the function of the registers it copies at %0t", $time);
      end
      if (core_wr_en && (init_q || reb_write_q)) begin
        $fatal(1, "%m: the pipeline's write meets the clearing or the rebase at %0t", $time);
      end
      if (ctl_done_i && reb_wait_q != 2'd0) begin
        $fatal(1, "%m: completion while the last rebase is pending at %0t", $time);
      end
      if (ctl_load_i && reb_wait_q > 2'd1 && cnt2_succ == reb_barrier_q) begin
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
