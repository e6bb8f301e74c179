// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: a local block with
// dsbc_local's ports (round robin, Sched = 0, only) under the "commit at the write" contract of
// architecture.md 4f, built on the pipelined read-modify-write of feas_rmw_cut_core, or of
// feas_rmw_half_core (rtl/dsbc_rmw_half until 2026-11-25) at half the request rate (HalfRate =
// 1; rtl/dsbc_local_half was this block's HalfRate = 1, Retime = 1, FifoReg = 1 made a product,
// and has since registered the RAM's word, one cycle more: architecture.md 4f). It
// exists to measure the clock such a block reaches, alone and in a whole unit
// (feas_unit_pipe); the golden model does not follow this contract.
//
// Contract (an update accepted in cycle t). HalfRate = 0: feas_rmw_cut_core, D_r = 7,
// D_w = 10, one request per cycle. HalfRate = 1: feas_rmw_half_core, D_r = 2, D_w = 3, and
// req_ready_o is low in the cycle after every acceptance (at most one request every two
// cycles; ready still does not depend on req_barrier_i). Everything below holds for both with
// their D_r and D_w:
// - ack_valid_o / ack_refused_o in t + D_r + 1 (today t + 1); requests to any barriers, one
//   per cycle (HalfRate = 0, as today) or none in the cycle after an acceptance (HalfRate = 1).
// - The update's commit is its word entering the core's write register in t + D_w - 1; the
//   RAM is written in t + D_w (a refused update rewrites its word unchanged). Every update is
//   committed the same number of cycles after its acceptance in every local block, so the
//   commits before a cycle s are a consistent cut (architecture.md 4f).
// - Snapshot (ctl_load in s): the RAM read of word CNT2 + 1 in s, as today, holding every
//   commit before s, i.e. every update accepted before s - D_w + 1 and not refused. The RAM
//   misses only the write in s itself (a read at the edge of a write to its address is
//   undefined), and that write's commit was in s - 1: so dsbc_rr's read-first bypass, unchanged,
//   is handed the word being written instead of the word before it, and becomes a
//   write-first bypass: the core's write register (HalfRate: a 2:1 mux of two registers)
//   muxed in, no arithmetic. Its accumulator and `touched` (commits from s on) then mean
//   what they mean today. (Retime = 1 does the same bypass here, with the address compare a
//   cycle early.)
// - Completion (ctl_done in d): the FIFO push in d as today. The rebase `count <- count -
//   snap` must be the last write of the barrier's epoch: req_ready_o is low in d .. d + D_w
//   (D_w + 1 cycles), so the last update accepted before d commits by d + D_w - 2 and writes
//   by d + D_w - 1, and the rebase is written in d + D_w; the next update reads in d + D_w + 1
//   or later and sees it. count - snap is the sum of this PE's commits to the barrier from s
//   to d + D_w - 1: dsbc_rr's accumulator gives those up to d (rebase_count_o), and the
//   rebase's own accumulator below adds those of d + 1 .. d + D_w - 1 (at most D_w - 2 of
//   them), with the `touched` flag likewise (Retime = 1: both accumulators are here).
//   A cheaper rule would hold back only the completed barrier's requests (ready would then
//   depend on req_barrier_i), or forward the rebase's word into the write stage of the
//   updates behind it (architecture.md 4f); neither is built here.
// - The rebase must be written before the next snapshot of its barrier: with the round robin
//   that is M - 1 words later, at least (M - 1)(3 + P) cycles, so this block needs
//   (M - 1)(3 + P) > D_w (D_w = 10: M >= 4 at P = 2, M >= 3 at P = 3; D_w = 3: M >= 3 at
//   P = 0, M >= 2 at P >= 1; M = 1 is not supported: the global block's d + 2 gap would have
//   to become d + D_w + 1). Checked in simulation.
// - HalfRate = 1 in numbers: ack in t + 3; commit in t + 2, RAM write in t + 3; a snapshot
//   in s holds the updates accepted up to s - 3 and not refused (the write of s, of the update
//   of s - 3, through the bypass); req_ready_o low in d .. d + 3, the rebase written in d + 3
//   (the last update before it, accepted in d - 1 at the latest, written in d + 2; its commit
//   in d + 1 is the rebase's tail).
// - req_ready_o is low during the RAM clearing after reset (M cycles), in snapshot cycles,
//   in d .. d + D_w, and (HalfRate = 1) in the cycle after an acceptance.

`default_nettype none

module feas_local_pipe #(
  parameter integer NumPes      = 4,   // N (checked only)
  parameter integer NumBarriers = 4,   // M, >= 2 (see the rebase above)
  parameter integer CountBits   = 16,  // T, 8..32
  parameter integer FifoDepth   = 8,   // 1..1024
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1,
  // 0: dsbc_rr as it is: the rebase count from its accumulator (commit -> barrier compare ->
  // T+1-bit adder in one cycle) and the snapshot's address CNT2 + 1 from its CNT2 (a compare
  // and an increment before the RAM), the placed block's critical paths. 1: retimed here:
  // this block's own accumulators, one cycle late behind registered barrier compares (the
  // rebase is written D_w cycles after d, so the count may be late) and AccW bits wide
  // instead of T+1 (below), and CNT2 + 1 kept in a register; dsbc_rr's accumulator and
  // address are then unused and removed by the synthesis.
  parameter integer Retime      = 1,
  // 0: dsbc_fifo as the unit has it; 1: its RegFlags = 1, the flags in flip-flops.
  parameter integer FifoReg     = 0,
  // 0: feas_rmw_cut_core, one request per cycle; 1: feas_rmw_half_core, ready low in the cycle
  // after an acceptance (the contract above).
  parameter integer HalfRate    = 0
) (
  input  wire                clk_i,           // clock, rising edge
  input  wire                rst_ni,          // asynchronous reset, active low
  // PE side
  input  wire                req_valid_i,     // PE request, held until accepted (valid/ready)
  input  wire [BarrierW-1:0] req_barrier_i,   // its barrier ID, 0..M-1
  input  wire                req_dec_i,       // 0: produce (+1), 1: consume (-1)
  output wire                req_ready_o,     // low: clearing, snapshots, d .. d + D_w, (HalfRate) after an acceptance
  output wire                ack_valid_o,     // D_r + 1 cycles after acceptance: committed ...
  output wire                ack_refused_o,   // ... unless refused (overflow or ID >= M)
  output wire                fifo_valid_o,    // a completed barrier ID waits
  output wire [BarrierW-1:0] fifo_barrier_o,  // the oldest completed barrier ID
  input  wire                fifo_pop_i,      // the PE takes it at this edge
  // The three wires to the global block
  output wire                rr_bit_o,        // serial snapshot bit, one slot per cycle
  input  wire                ctl_load_i,      // snapshot the next barrier now
  input  wire                ctl_done_i       // that barrier is complete: push, rebase
);

  localparam integer T   = CountBits;
  localparam integer Dr  = (HalfRate != 0) ? 2 : 7;   // read (acceptance) to refusal, of the core
  localparam integer Dw  = (HalfRate != 0) ? 3 : 10;  // read (acceptance) to write, of the core
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];
  localparam [3:0] REBASE_WAIT = Dw[3:0];
  // count - snap is the sum of at most one commit per cycle from s to d + D_w - 1: a word
  // lives at most Q + 4 + P cycles (P <= 5, Pipe = 1), so |count - snap| <= Q + 9 + D_w,
  // far inside T bits (architecture.md section 2); Retime = 1 accumulates it in AccW bits.
  localparam integer Q      = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer AccW   = $clog2(Q + 9 + Dw + 1) + 1;

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

  // reb_wait_q counts down from D_w after the completion: the rebase is written at 1.
  reg  [3:0] reb_wait_q;
  wire       accept;
  reg        accepted_q;  // HalfRate: a request was accepted in the last cycle
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) accepted_q <= 1'b0;
    else         accepted_q <= accept && (HalfRate != 0);
  end
  assign req_ready_o = !init_q && !ctl_load_i && !ctl_done_i && (reb_wait_q == 4'd0)
                    && !accepted_q;
  assign accept = req_valid_i && req_ready_o;

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

  ///////////////////////////////////////////
  // Read-modify-write pipeline and the RAM //
  ///////////////////////////////////////////

  wire [BarrierW-1:0] snap_rd_addr;  // CNT2 + 1 from dsbc_rr
  wire [BarrierW-1:0] snap_addr;     // the one the RAM gets (Retime = 1: a register)
  wire                snap_wr_en;    // the write dsbc_rr's bypass sees (Retime = 1: none)
  wire [T:0]          snap_rd_data;  // the RAM's word for dsbc_rr (Retime = 1: bypassed here)
  wire [T:0]          rd_data;
  wire                core_ack_valid, core_ack_refused;
  wire                commit_valid, commit_dec;
  wire [BarrierW-1:0] commit_barrier;
  wire                core_wr_en, core_wr_next;
  wire [BarrierW-1:0] core_wr_addr;
  wire [T:0]          core_wr_data;

  // The two cores have the same ports; only D_r, D_w and the acceptance rule differ.
  if (HalfRate == 0) begin : g_core_cut
    feas_rmw_cut_core #(.CountBits(T), .AddrW(BarrierW)) u_core (
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
  end else begin : g_core_half
    feas_rmw_half_core #(.CountBits(T), .AddrW(BarrierW)) u_core (
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
  end

  assign ack_valid_o   = core_ack_valid || bad_ack;
  assign ack_refused_o = (core_ack_valid && core_ack_refused) || bad_ack;

  // The write port: the clearing, the rebase (d + D_w) and the pipeline never meet (no update
  // is accepted during the clearing or in d, whose write would fall in d + D_w).
  reg  [BarrierW-1:0] reb_barrier_q;
  wire [T:0]          reb_count;      // count - snap, valid in d + D_w
  wire                reb_touched;
  reg                 reb_write_q;  // reb_wait_q == 1, registered (it drives the write port's mux)
  wire                wr_en     = init_q || reb_write_q || core_wr_en;
  wire [BarrierW-1:0] wr_addr   = init_q ? init_addr_q : (reb_write_q ? reb_barrier_q : core_wr_addr);
  wire [T:0]          wr_data   = init_q ? {(T+1){1'b0}}
                                : (reb_write_q ? {reb_touched, reb_count[T-1:0]} : core_wr_data);

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

  ///////////////////////////////////////
  // Snapshot, PISO, CNT2 (dsbc_rr, rr) //
  ///////////////////////////////////////

  wire                fifo_full;
  wire [BarrierW-1:0] cnt2, cnt2_succ;
  wire [T:0]          rebase_count;  // this PE's commits to CNT2 from s to d
  wire                touched;       // ... from s to d - 1

  dsbc_rr #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .Sched(0)
  ) u_rr (
    .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(ctl_load_i), .snap_addr_i(cnt2_succ),
    .rr_bit_o         (rr_bit_o),
    .ram_rd_addr_o    (snap_rd_addr),
    .ram_rd_data_i    (snap_rd_data),
    // The write in the snapshot cycle was committed the cycle before: write-first (above).
    .ram_wr_en_i      (snap_wr_en),
    .ram_wr_addr_i    (wr_addr),
    .ram_wr_old_i     (wr_data),
    .commit_valid_i   (commit_valid),
    .commit_barrier_i (commit_barrier),
    .commit_dec_i     (commit_dec),
    .fifo_full_i      (fifo_full),
    .cnt2_o           (cnt2),
    .cnt2_succ_o      (cnt2_succ),
    .rebase_count_o   (rebase_count),
    .touched_o        (touched)
  );

  ////////////
  // Rebase //
  ////////////

  // count - snap: this PE's commits to the completed barrier from s to d + D_w - 1.
  wire unused_reb_top = &{1'b0, reb_count[T]};  // only the simulation checks it

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      reb_wait_q <= 4'd0;
      reb_write_q  <= 1'b0;
    end else begin
      if (ctl_done_i) begin
        reb_wait_q <= REBASE_WAIT;
      end else if (reb_wait_q != 4'd0) begin
        reb_wait_q <= reb_wait_q - 4'd1;
      end
      reb_write_q <= (reb_wait_q == 4'd2);
    end
  end

  // In d the completed barrier is CNT2; afterwards CNT2 moves on, so it is kept.
  always @(posedge clk_i) begin
    if (ctl_done_i) reb_barrier_q <= cnt2;
  end

  if (Retime == 0) begin : g_acc_rr
    wire [T:0] commit_step = commit_dec ? {(T+1){1'b1}} : {{T{1'b0}}, 1'b1};
    reg [T:0] reb_count_q;
    reg       reb_touched_q;
    assign reb_count   = reb_count_q;
    assign reb_touched = reb_touched_q;
    wire unused_wr_next = &{1'b0, core_wr_next};
    assign snap_addr    = snap_rd_addr;
    assign snap_wr_en   = wr_en;
    assign snap_rd_data = rd_data;
    wire [BarrierW-1:0] reb_barrier = ctl_done_i ? cnt2 : reb_barrier_q;
    wire commit_to_reb = commit_valid && (commit_barrier == reb_barrier);
    // No reset: read only in d + D_w, after d loaded them.
    always @(posedge clk_i) begin
      if (ctl_done_i) begin
        reb_count_q   <= rebase_count;              // includes d's commit to CNT2
        reb_touched_q <= touched || commit_to_reb;  // touched stops before d
      end else begin
        if (commit_to_reb) reb_count_q <= reb_count_q + commit_step;
        reb_touched_q <= reb_touched_q || commit_to_reb;
      end
    end
  end else begin : g_acc_reg
    // feas_rebase_late (rtl/dsbc_rebase_late until 2026-11-25, born here): CNT2 + 1 in a
    // register, the write-first bypass compare a cycle early, count - snap and `touched` a
    // cycle late in AccW bits; dsbc_rr's bypass is given nothing to do.
    feas_rebase_late #(
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
      .reb_next_i       (reb_wait_q == 4'd2),
      .reb_pending_i    (reb_wait_q != 4'd0),
      .reb_barrier_i    (reb_barrier_q),
      .cnt2_i           (cnt2),
      .cnt2_succ_i      (cnt2_succ),
      .wr_en_i          (wr_en),
      .wr_addr_i        (wr_addr),
      .wr_data_i        (wr_data),
      .rd_data_i        (rd_data),
      .snap_addr_o      (snap_addr),
      .snap_word_o      (snap_rd_data),
      .reb_count_o      (reb_count),
      .reb_touched_o    (reb_touched)
    );
    assign snap_wr_en = 1'b0;
    wire unused_rr_acc = &{1'b0, rebase_count, touched, snap_rd_addr};
  end

  ///////////
  // FIFO //
  ///////////

  // FifoReg = 1: the flags in flip-flops (dsbc_fifo's RegFlags), the same values.
  dsbc_fifo #(
    .Depth(FifoDepth), .Width(BarrierW), .RegFlags(FifoReg)
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
  // What the contract above relies on; any of these stops the run.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only
    end else begin
      if (core_wr_en && (init_q || reb_write_q)) begin
        $fatal(1, "%m: the pipeline's write meets the clearing or the rebase at %0t", $time);
      end
      if (ctl_done_i && reb_wait_q != 4'd0) begin
        $fatal(1, "%m: completion while the last rebase is pending at %0t", $time);
      end
      if (ctl_load_i && reb_wait_q > 4'd1 && snap_rd_addr == reb_barrier_q) begin
        $fatal(1, "%m: snapshot of barrier %0d before its rebase is written at %0t (M too small)",
               reb_barrier_q, $time);
      end
      if (reb_write_q && (reb_count[T] != reb_count[T-1])) begin
        $fatal(1, "%m: rebase of barrier %0d overflows at %0t", reb_barrier_q, $time);
      end
    end
  end
`endif

endmodule

`default_nettype wire
