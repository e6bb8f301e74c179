// SPDX-License-Identifier: Apache-2.0
// Reporting and recording module (dissertation Fig. 5.4), without its FIFO: CNT2, the
// snapshot (read on the RAM's read port, which dsbc_summation lends it in the ctl_load
// cycle), the count the rebase writes, and the PISO that puts the snapshot on the serial wire.
//
// Word timing (architecture.md 4c): ctl_load in cycle s reads word CNT2+1 (read-first: a
// commit in cycle s is not included), the PISO loads in s+1 and shifts out one slot per cycle
// from s+2: the open bit, the FIFO-full bit, then the count LSB first. The shift is
// arithmetic, so after the T count bits the sign repeats: this is the sign extension to
// Q = T + clog2(N) bits that makes the serial sum exact, and it needs no bit counter here.
// CNT1 therefore exists once, in the global block.
//
// Under scheduler arb (Sched = 1, dsbc_arb_local) the same datapath serves the head slot:
// ctl_load_i is then the local's "head now" and the barrier comes from snap_addr_i instead
// of CNT2 + 1; the PISO holds only the count (count bit 0 goes out in s+2, where rr sends
// the open bit; the full slot's line comes straight from the FIFO in dsbc_arb_local).

`default_nettype none

module dsbc_rr #(
  parameter integer NumBarriers = 4,   // M
  parameter integer CountBits   = 16,  // T
  parameter integer BarrierW    = 2,   // max(1, clog2(M))
  parameter integer Sched       = 1    // 0: rr (the paper's round robin), 1: arb (default)
) (
  input  wire                clk_i,             // clock, rising edge
  input  wire                rst_ni,            // asynchronous reset, active low
  // Global control (broadcast wires)
  input  wire                ctl_load_i,        // snapshot the next barrier now (arb: head)
  input  wire [BarrierW-1:0] snap_addr_i,       // arb only: the barrier of that snapshot
  output wire                rr_bit_o,          // serial snapshot bit to the global block
  // The RAM's read port (the ctl_load cycle's address is this one)
  output wire [BarrierW-1:0] ram_rd_addr_o,     // CNT2 + 1: the word the next ctl_load takes
  input  wire [CountBits:0]  ram_rd_data_i,     // {open, count} read last cycle
  // RAM write, seen for the read-first bypass
  input  wire                ram_wr_en_i,       // the RAM is written this cycle ...
  input  wire [BarrierW-1:0] ram_wr_addr_i,     // ... this word ...
  input  wire [CountBits:0]  ram_wr_old_i,      // ... which held this before the write
  // PE commits, for `touched` and the rebase count
  input  wire                commit_valid_i,    // a PE request committed this cycle
  input  wire [BarrierW-1:0] commit_barrier_i,  // its barrier ID
  input  wire                commit_dec_i,      // ... and it is a -1 (else +1)
  input  wire                fifo_full_i,       // FIFO full, sent in the snapshot's full slot
  // To the summation module (rebase) and the FIFO (push data)
  output wire [BarrierW-1:0] cnt2_o,            // barrier under inspection
  output wire [BarrierW-1:0] cnt2_succ_o,       // (CNT2 + 1) mod M
  output wire [CountBits:0]  rebase_count_o,    // count - snapshot, in the ctl_done cycle
  output wire                touched_o          // PE committed to CNT2 since the snapshot
);

  localparam integer T = CountBits;
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];

  //////////
  // CNT2 //
  //////////

  reg  [BarrierW-1:0] cnt2_q;
  wire [BarrierW-1:0] cnt2_succ;
  // The barrier a snapshot in this cycle takes: the next one in rr, the head's under arb.
  wire [BarrierW-1:0] cnt2_next;

  function automatic [BarrierW-1:0] succ_of(input [BarrierW-1:0] b);
    succ_of = (b == LAST_BARRIER) ? {BarrierW{1'b0}} : b + 1'b1;
  endfunction

  // Reset to M-1 so the first ctl_load inspects barrier 0. Every local block and the global
  // block reset alike and change only on the broadcast ctl_load: they stay in step.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt2_q <= LAST_BARRIER;
    end else if (ctl_load_i) begin
      cnt2_q <= cnt2_next;
    end
  end

  if (Sched == 1) begin : g_arb_addr
    assign cnt2_next = snap_addr_i;
    // Under arb CNT2 + 1 is a register of its own, written with CNT2: it starts the head
    // address and the dirty search's read after a word (dsbc_arb_local), which then begin at
    // a flip-flop rather than behind an incrementer and its wrap (the arb block's clock).
    // rr keeps the incrementer: its netlists, and the figures measured on them, stay as
    // they were.
    reg [BarrierW-1:0] cnt2_succ_q;
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cnt2_succ_q <= succ_of(LAST_BARRIER);
      end else if (ctl_load_i) begin
        cnt2_succ_q <= succ_of(snap_addr_i);
      end
    end
    assign cnt2_succ = cnt2_succ_q;
`ifndef SYNTHESIS
`ifndef FORMAL
    // The copy against its definition (simulation only).
    // Armed by the first reset: before it the flip-flops hold whatever the simulator chose.
    reg check_q = 1'b0;
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) check_q <= 1'b1;
    end
    always @(posedge clk_i) begin
      if (check_q && cnt2_succ_q != succ_of(cnt2_q)) begin
        $fatal(1, "%m: CNT2 + 1 register holds %0d with CNT2 = %0d at %0t", cnt2_succ_q,
               cnt2_q, $time);
      end
    end
`endif
`endif
  end else begin : g_rr_addr
    assign cnt2_succ = succ_of(cnt2_q);
    assign cnt2_next = cnt2_succ;
    wire unused_snap_addr = &{1'b0, snap_addr_i};
  end

  assign cnt2_o        = cnt2_q;
  assign cnt2_succ_o   = cnt2_succ;
  assign ram_rd_addr_o = cnt2_next;

  //////////////
  // Snapshot //
  //////////////

  // Read-first bypass: if a PE commit writes the word being snapshotted in the same cycle,
  // the snapshot must see the word before that write. (A rebase write, which has no old word
  // at hand, never meets a snapshot of its word: dsbc_summation checks it.)
  reg          load_q;      // cycle s+1: the RAM data of the snapshot is valid
  reg          bypass_q;
  reg  [T:0]   bypass_word_q;
  reg          touched_q;
  reg  [T:0]   acc_q;       // sum of this PE's commits to CNT2 since the snapshot

  wire commit_to_next = commit_valid_i && (commit_barrier_i == cnt2_next);
  wire commit_to_cur  = commit_valid_i && (commit_barrier_i == cnt2_q);
  wire [T:0] commit_step = commit_dec_i ? {(T+1){1'b1}} : {{T{1'b0}}, 1'b1};

  // The rebase (architecture.md 4d) writes count - snap in cycle d+1 without reading the
  // word, because the read port is the next snapshot's in cycle d (rr, and arb's head of
  // CNT2 + 1 when M > 1; arb's other heads of the same barrier come after d+1). The
  // snapshot is the word as of the start of s, and from s to d the only writes to the word
  // are this PE's commits (the completed barrier's own previous rebase committed before s;
  // no PE commit falls in d+1, req_ready_o was low in d). So the count the rebase replaces
  // is exactly snap + (the commits of cycles s..d), and count - snap is their sum: acc_q
  // holds the commits of s..d-1, acc_cur adds the one of cycle d. T+1 bits always suffice,
  // because the sum is a difference of two T-bit counts; it fits T bits (the rebase never
  // overflows) by the argument of architecture.md section 2.
  // commit_valid_i is known only after the summation's adder (an overflow is refused), so it
  // only selects between acc_q and the sum computed from the commit's barrier and sign
  // (registers): one carry chain on the path, not the adder's and this one in series.
  wire [T:0] acc_plus = acc_q + ((commit_barrier_i == cnt2_q) ? commit_step : {(T+1){1'b0}});
  wire [T:0] acc_cur  = commit_valid_i ? acc_plus : acc_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      load_q    <= 1'b0;
      touched_q <= 1'b0;
      acc_q     <= {(T+1){1'b0}};
    end else begin
      load_q    <= ctl_load_i;
      // A commit in the snapshot cycle itself is not in the snapshot, so it counts.
      touched_q <= ctl_load_i ? commit_to_next : (touched_q || commit_to_cur);
      acc_q     <= ctl_load_i ? (commit_to_next ? commit_step : {(T+1){1'b0}}) : acc_cur;
    end
  end

  always @(posedge clk_i) begin
    if (ctl_load_i) begin
      bypass_q      <= ram_wr_en_i && (ram_wr_addr_i == cnt2_next);
      bypass_word_q <= ram_wr_old_i;
    end
  end

  // {open, count} of the snapshot, valid in cycle s+1.
  wire [T:0] snap_word = bypass_q ? bypass_word_q : ram_rd_data_i;

  //////////
  // PISO //
  //////////

  // piso_q = {count, full, open} (rr) or {sign, sign, count} (arb); bit 0 is on the wire.
  reg  [T+1:0] piso_q;
  wire [T+1:0] piso_load;
  if (Sched == 1) begin : g_arb_piso
    assign piso_load = {{2{snap_word[T-1]}}, snap_word[T-1:0]};
    wire unused_arb = &{1'b0, fifo_full_i, snap_word[T]};
  end else begin : g_rr_piso
    assign piso_load = {snap_word[T-1:0], fifo_full_i, snap_word[T]};
  end

  always @(posedge clk_i) begin
    if (load_q) begin
      piso_q <= piso_load;
    end else begin
      piso_q <= {piso_q[T+1], piso_q[T+1:1]};
    end
  end

  assign rr_bit_o       = piso_q[0];
  assign rebase_count_o = acc_cur;
  assign touched_o      = touched_q;

endmodule

`default_nettype wire
