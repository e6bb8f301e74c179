// SPDX-License-Identifier: Apache-2.0
// Summation module (dissertation Fig. 5.3): the read-modify-write pipeline on the count RAM
// that applies the PE's +1/-1 requests and the global logic's rebase operations, and clears
// the RAM after reset. It owns the RAM's only read port and lends it to the snapshot in the
// ctl_load cycle.
//
// Pipeline: an operation is accepted in cycle k (RAM read issued) and committed in cycle k+1
// (RAM write issued). The paper's separate "11 = write back" input step is folded into the
// pipeline, so one operation per cycle is sustained. A write issued in cycle k is not seen by
// a read issued in cycle k (the RAM gives no collision guarantee), so the operand is
// forwarded from the previous cycle's write when the addresses match: back-to-back updates to
// one barrier are never lost.
//
// A rebase needs no read: its new count (count - snapshot) is the sum of this PE's commits to
// the barrier since the snapshot, which dsbc_rr accumulates. So the read port is only ever
// wanted by a PE request and by the snapshot, and the two never meet: the PE is refused
// (req_ready_o low) in the snapshot cycle, as in the rebase cycle (the write port is the
// rebase's in the cycle after).

`default_nettype none

module dsbc_summation #(
  parameter integer NumBarriers = 4,   // M, RAM words
  parameter integer CountBits   = 16,  // T, two's complement count width
  parameter integer BarrierW    = 2    // barrier-ID width, max(1, clog2(M))
) (
  input  wire                 clk_i,             // clock, rising edge
  input  wire                 rst_ni,            // asynchronous reset, active low
  // PE request (valid/ready) and acknowledge
  input  wire                 req_valid_i,       // PE request, held until accepted
  input  wire [BarrierW-1:0]  req_barrier_i,     // its barrier ID (>= M: refused)
  input  wire                 req_dec_i,         // 0: produce (+1), 1: consume (-1)
  output wire                 req_ready_o,       // low for M cycles after reset, with rebase_i, snap_i
  output wire                 ack_valid_o,       // the request accepted last cycle is done
  output wire                 ack_refused_o,     // ... and was refused: overflow or bad ID
  // Snapshot (ctl_load cycle): the read port is the snapshot's
  input  wire                 snap_i,            // snapshot now: read snap_barrier_i
  input  wire [BarrierW-1:0]  snap_barrier_i,    // the word the snapshot takes (CNT2 + 1)
  // Rebase operation from the R&R module, presented in the ctl_done cycle
  input  wire                 rebase_i,          // rebase now (ctl_done cycle): write in the next
  input  wire [BarrierW-1:0]  rebase_barrier_i,  // the completed barrier (CNT2)
  input  wire [CountBits:0]   rebase_count_i,    // the new count, count - snapshot, T+1 bits
  input  wire                 rebase_touched_i,  // committed to since the snapshot: stays open
  // PE commit, for the R&R module's "touched since the snapshot" flag and rebase count
  output wire                 commit_valid_o,    // a PE request is written this cycle
  output wire [BarrierW-1:0]  commit_barrier_o,  // its barrier ID
  output wire                 commit_dec_o,      // ... and it is a -1 (else +1)
  // The RAM of the words {open, count}
  output wire [BarrierW-1:0]  ram_rd_addr_o,     // the snapshot's or the request's barrier
  input  wire [CountBits:0]   ram_rd_data_i,     // word read last cycle
  output wire                 ram_wr_en_o,       // write now: RAM clear after reset, or the RMW
  output wire [BarrierW-1:0]  ram_wr_addr_o,     // the word written
  output wire [CountBits:0]   ram_wr_data_o,     // {open, count} written
  output wire [CountBits:0]   ram_wr_old_o       // PE commit: the word before it (snapshot bypass)
);

  localparam integer T = CountBits;
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];

  ////////////////////
  // Initialisation //
  ////////////////////

  // Cycles 0..M-1 after reset write {open=0, count=0} to word 0..M-1; no request is accepted.
  reg                init_q, init_d;
  reg [BarrierW-1:0] init_addr_q, init_addr_d;

  always @* begin
    init_d      = init_q;
    init_addr_d = init_addr_q;
    if (init_q) begin
      init_d      = (init_addr_q != LAST_BARRIER);
      init_addr_d = init_addr_q + 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q      <= 1'b1;
      init_addr_q <= {BarrierW{1'b0}};
    end else begin
      init_q      <= init_d;
      init_addr_q <= init_addr_d;
    end
  end

  ////////////////////
  // Accept (cycle k) //
  ////////////////////

  // A rebase accepted in the ctl_done cycle takes the write port in the next cycle: it must
  // commit before the next snapshot of its barrier, and it happens at most once per word. The
  // snapshot takes the read port in the ctl_load cycle. So the PE loses at most one cycle per
  // snapshot and one per completion (under round robin ctl_done and the next ctl_load are the
  // same cycle when M > 1).
  assign req_ready_o = !init_q && !rebase_i && !snap_i;
  wire accept_req = req_valid_i && req_ready_o;

  assign ram_rd_addr_o = snap_i ? snap_barrier_i : req_barrier_i;

  reg                w_valid_q;    // an operation is in the write stage
  reg                w_rebase_q;   // ... and it is a rebase (else a PE request)
  reg [BarrierW-1:0] w_barrier_q;
  reg                w_dec_q;
  reg                w_bad_id_q;   // PE request for a barrier ID >= M
  reg [T:0]          w_rb_count_q;
  reg                w_rb_touched_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_valid_q  <= 1'b0;
      w_rebase_q <= 1'b0;
    end else begin
      w_valid_q  <= accept_req || rebase_i;
      w_rebase_q <= rebase_i;
    end
  end

  // An ID >= M can only be presented when M is not a power of two.
  wire req_bad_id;
  if ((1 << BarrierW) > NumBarriers) begin : g_id_check
    assign req_bad_id = (req_barrier_i > LAST_BARRIER);
  end else begin : g_id_all_legal
    assign req_bad_id = 1'b0;
  end

  // The barrier of the operation accepted in this cycle.
  wire [BarrierW-1:0] w_barrier_d = rebase_i ? rebase_barrier_i : req_barrier_i;

  // Datapath registers: no reset needed, qualified by w_valid_q.
  always @(posedge clk_i) begin
    w_barrier_q    <= w_barrier_d;
    w_dec_q        <= req_dec_i;
    w_bad_id_q     <= req_bad_id;
    w_rb_count_q   <= rebase_count_i;
    w_rb_touched_q <= rebase_touched_i;
  end

  ///////////////////////////////
  // Modify and write (cycle k+1) //
  ///////////////////////////////

  // The write of the previous cycle, for forwarding.
  reg                last_wr_en_q;
  reg [BarrierW-1:0] last_wr_addr_q;
  reg [T:0]          last_wr_data_q;
  // Registered one cycle early, so that the read cycle spends no logic on them (clock.md,
  // "Clock without a new contract"): fwd_addr_q is (last_wr_addr_q == w_barrier_q), the
  // addresses compared in the acceptance cycle; last_at_max_q / last_at_min_q say that
  // last_wr_data_q's count is COUNT_MAX / COUNT_MIN (meaningful when last_wr_en_q is set).
  reg                fwd_addr_q;
  reg                last_at_max_q, last_at_min_q;

  // Only a PE request reads (in its acceptance cycle); for a rebase old_word is unused.
  wire           forward = last_wr_en_q && fwd_addr_q;
  wire [T:0]     old_word = forward ? last_wr_data_q : ram_rd_data_i;
  wire [T-1:0]   old_count = old_word[T-1:0];

  // The count written: +/-1 (wrapped; a wrapped value is refused below, never written), or
  // the rebase's count as given.
  wire [T-1:0] delta = w_dec_q ? {T{1'b1}} : {{(T-1){1'b0}}, 1'b1};
  wire [T-1:0] new_count = w_rebase_q ? w_rb_count_q[T-1:0] : old_count + delta;
  // A +/-1 leaves the T-bit range exactly when the old count is at that edge: compared on
  // the old count, not on the adder's carry out, because the refusal gates the RAM write and
  // the rebase count's accumulation (dsbc_rr) and should not wait for the carry chain. A
  // rebase's count fits in T bits exactly when its two top bits agree.
  // The RAM's word arrives last in this cycle (block RAM clock-to-out), so the write enable
  // is written as terms of registers and one RAM compare that meet only in the last LUT: the
  // forwarded count's edge flags are registers, and the RAM word's compare is groups of
  // three bits (a LUT4 takes them and the step's sign), then two halves, then the write
  // enable: three LUT levels after the RAM (architecture.md 4f). The levels are kept nets
  // because Yosys' LUT mapping does not know that the RAM output is late and merges them.
  localparam [T-1:0] COUNT_MAX = {1'b0, {(T-1){1'b1}}};
  localparam [T-1:0] COUNT_MIN = {1'b1, {(T-1){1'b0}}};
  localparam integer Groups = (T + 2) / 3;       // of three bits, the last may be shorter
  localparam integer Half   = (Groups + 1) / 2;  // groups in the low half
  // All ones exactly when the RAM's count is at the edge the step goes to (MIN for -1).
  wire [3*Groups-1:0] edge_match = {{(3*Groups-T){1'b1}},
                                    ram_rd_data_i[T-1:0] ^ {!w_dec_q, {(T-1){w_dec_q}}}};
  (* keep *) wire [Groups-1:0] edge_group;
  genvar g;
  for (g = 0; g < Groups; g = g + 1) begin : g_edge
    assign edge_group[g] = &edge_match[3*g +: 3];
  end
  (* keep *) wire edge_lo, edge_hi;
  assign edge_lo = &edge_group[Half-1:0];
  assign edge_hi = &edge_group[Groups-1:Half];
  wire ram_at_edge = edge_lo && edge_hi;
  wire last_at_edge = w_dec_q ? last_at_min_q : last_at_max_q;
  wire rebase_overflow = (w_rb_count_q[T] != w_rb_count_q[T-1]);

  // A PE request commits unless its ID is >= M or its step leaves the range. A rebase never
  // overflows (T >= 8, architecture.md section 2); if it did, writing the wrapped value
  // would break the zero-sum invariant, so it is also held back.
  wire req_ok     = w_valid_q && !w_rebase_q && !w_bad_id_q;  // registers only
  wire req_by_ram = req_ok && !forward;                      // the RAM's word decides
  wire req_by_fwd = req_ok && forward && !last_at_edge;      // registers only
  wire commit     = req_by_fwd || (req_by_ram && !ram_at_edge);
  wire rebase_ok  = w_valid_q && w_rebase_q && !rebase_overflow;
  wire rmw_wr_en  = rebase_ok || commit;

  // A rebase keeps `open` set only if this PE committed to the barrier after the snapshot:
  // commits up to the cycle before acceptance are in rebase_touched; a commit in the
  // acceptance cycle itself is exactly the forwarded write.
  wire new_open = w_rebase_q ? (w_rb_touched_q || forward) : 1'b1;

  assign ram_wr_en_o   = init_q || rmw_wr_en;
  assign ram_wr_addr_o = init_q ? init_addr_q : w_barrier_q;
  assign ram_wr_data_o = init_q ? {(T+1){1'b0}} : {new_open, new_count};
  assign ram_wr_old_o  = old_word;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_wr_en_q <= 1'b0;
    end else begin
      last_wr_en_q <= ram_wr_en_o;
    end
  end

  // The count written reaches an edge only from one step short of it (a step from the other
  // edge wraps, is refused and not written), or as a rebase's count; the clearing writes 0.
  localparam [T-1:0] COUNT_MAX_1 = {1'b0, {(T-2){1'b1}}, 1'b0};
  localparam [T-1:0] COUNT_MIN_1 = {1'b1, {(T-2){1'b0}}, 1'b1};
  wire wr_at_max = w_rebase_q ? (w_rb_count_q[T-1:0] == COUNT_MAX)
                              : (!w_dec_q && (old_count == COUNT_MAX_1));
  wire wr_at_min = w_rebase_q ? (w_rb_count_q[T-1:0] == COUNT_MIN)
                              : (w_dec_q && (old_count == COUNT_MIN_1));

  always @(posedge clk_i) begin
    last_wr_addr_q <= ram_wr_addr_o;
    last_wr_data_q <= ram_wr_data_o;
    fwd_addr_q     <= (ram_wr_addr_o == w_barrier_d);
    last_at_max_q  <= !init_q && wr_at_max;
    last_at_min_q  <= !init_q && wr_at_min;
  end

  assign ack_valid_o      = w_valid_q && !w_rebase_q;
  assign ack_refused_o    = ack_valid_o && !commit;
  assign commit_valid_o   = commit;
  assign commit_barrier_o = w_barrier_q;
  assign commit_dec_o     = w_dec_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Simulation checks that stop the run (formal/ proves them; yosys -formal rejects $fatal):
  // the global logic never asks for a rebase while the RAM is being cleared, and a rebase
  // never overflows (T >= 8, architecture.md section 2), so it is never held back.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only: before the first reset the registers are random
    end else begin
      if (rebase_i && init_q) begin
        $fatal(1, "%m: rebase during the RAM clearing at %0t", $time);
      end
      if (w_valid_q && w_rebase_q && rebase_overflow) begin
        $fatal(1, "%m: rebase of barrier %0d overflows at %0t", w_barrier_q, $time);
      end
      // The rebase writes without reading, so ram_wr_old_o holds nothing for it: a snapshot
      // of the word in the cycle its rebase is written would see neither the old nor the new
      // count. The schedule never does that (the next snapshot of a completed barrier comes
      // at d+2 or later, architecture.md 4c).
      if (w_valid_q && w_rebase_q && snap_i && (snap_barrier_i == w_barrier_q)) begin
        $fatal(1, "%m: snapshot of barrier %0d while its rebase is written at %0t", w_barrier_q, $time);
      end
      // The early address compare is the late one (last_wr_addr_q stays for this check and
      // the formal harness; synthesis drops it). Qualified by last_wr_en_q, which is set only
      // after an edge that wrote all three registers.
      if (last_wr_en_q && (fwd_addr_q != (last_wr_addr_q == w_barrier_q))) begin
        $fatal(1, "%m: forwarding flag out of step at %0t", $time);
      end
      if (last_wr_en_q && ((last_at_max_q != (last_wr_data_q[T-1:0] == COUNT_MAX))
                           || (last_at_min_q != (last_wr_data_q[T-1:0] == COUNT_MIN)))) begin
        $fatal(1, "%m: edge flags of the last write out of step at %0t", $time);
      end
    end
  end
`endif
`endif

endmodule

`default_nettype wire
