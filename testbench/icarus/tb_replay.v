// SPDX-License-Identifier: Apache-2.0
// Second-simulator check: replays a stimulus file (from `dsbc-replay --emit-stim`) on
// dsbc_top under Icarus and prints the same lines as `dsbc-replay` (commit, overflow, done,
// pop, end), so the two outputs can be compared with diff. Only deterministic pops are
// supported here: +pop_period=K (PE p may pop in cycles where (cycle + p) % K == 0).
//
// Usage: iverilog -g2005 -P tb_replay.NumPes=.. (etc., -P tb_replay.Sched=1 for arb) ...;
//        vvp a.out +stim=FILE [+pop_period=K]

`timescale 1ns / 1ps
`default_nettype none

module tb_replay #(
  parameter integer NumPes      = 4,
  parameter integer NumBarriers = 4,
  parameter integer CountBits   = 16,
  parameter integer FifoDepth   = 8,
  parameter integer Sched       = 1,   // dsbc_top's scheduler: 0 rr, 1 arb (default)
  parameter integer Pipe        = 0,   // dsbc_top's pipelined global sum (rr only): 0, 1
  parameter integer HalfRate    = 0,   // dsbc_top's half request rate (rr only): 0, 1
  parameter integer MaxEvents   = 200000,
  parameter integer MaxCycles   = 100000000
);
  localparam integer BW = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  // Acceptance to acknowledge: 1 cycle, 4 at half the request rate (architecture.md 4f).
  localparam integer AckDelay = (HalfRate != 0) ? 4 : 1;
  // Slots of pe_acc per PE: more than AckDelay.
  localparam integer AckSlots = 8;
  // End condition as dsbc-replay's (cpp_model/include/dsbc/replay.h): rr ends after M+1
  // quiet snapshots, arb (no snapshot while nothing is dirty) after L_max(arb) + 1 quiet
  // cycles, L_max(arb) = M*(Q+BW+4) + 4 + floor(log2 N) (Config::latency_bound).
  localparam integer Q         = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer QuietEnd  = (Sched == 1)
      ? NumBarriers * (Q + BW + 4) + 4 + ($clog2(NumPes + 1) - 1) + 1
      : NumBarriers + 1;

  reg                  clk = 1'b0;
  reg                  rst_n = 1'b0;
  reg  [NumPes-1:0]    req_valid = {NumPes{1'b0}};
  reg  [NumPes*BW-1:0] req_barrier = {NumPes*BW{1'b0}};
  reg  [NumPes-1:0]    req_dec = {NumPes{1'b0}};
  wire [NumPes-1:0]    req_ready, ack_valid, ack_refused, fifo_valid;
  wire [NumPes*BW-1:0] fifo_barrier;
  reg  [NumPes-1:0]    fifo_pop = {NumPes{1'b0}};
  wire                 snap, done;
  wire [BW-1:0]        done_barrier;

  dsbc_top #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched), .Pipe(Pipe), .HalfRate(HalfRate)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(req_valid), .req_barrier_i(req_barrier), .req_dec_i(req_dec),
    .req_ready_o(req_ready), .ack_valid_o(ack_valid), .ack_refused_o(ack_refused),
    .fifo_valid_o(fifo_valid), .fifo_barrier_o(fifo_barrier), .fifo_pop_i(fifo_pop),
    .snap_o(snap), .done_o(done), .done_barrier_o(done_barrier)
  );

  // Events, and per-PE chains through them in file order.
  integer ev_pe [0:MaxEvents-1];
  integer ev_bar [0:MaxEvents-1];
  integer ev_dec [0:MaxEvents-1];
  integer ev_cyc [0:MaxEvents-1];
  integer ev_next [0:MaxEvents-1];
  integer pe_head [0:NumPes-1];     // next event to present
  integer pe_tail [0:NumPes-1];
  // [p * AckSlots + c % AckSlots]: the event of PE p acknowledged in cycle c, accepted in
  // c - AckDelay (-1: none); each slot is rewritten every AckSlots cycles.
  integer pe_acc [0:AckSlots*NumPes-1];
  integer slot;

  integer fd, rc, n_events, i, p, pe_f, bar_f, dec_f, cyc_f, hn, hm, ht, hd;
  integer acked, pop_period, quiet, active, last_snap, have_snap;
  integer cycle;
  reg [1023:0] stim_path;

  initial begin
    if (!$value$plusargs("stim=%s", stim_path)) begin
      $display("tb_replay: +stim=FILE is required");
      $fatal(1);
    end
    if (!$value$plusargs("pop_period=%d", pop_period)) pop_period = 1;
    fd = $fopen(stim_path, "r");
    if (fd == 0) begin
      $display("tb_replay: cannot open %0s", stim_path);
      $fatal(1);
    end
    rc = $fscanf(fd, "%d %d %d %d\n", hn, hm, ht, hd);
    if (rc != 4 || hn != NumPes || hm != NumBarriers || ht != CountBits || hd != FifoDepth) begin
      $display("tb_replay: stimulus is for N=%0d M=%0d T=%0d D=%0d, simulator built for %0d %0d %0d %0d",
               hn, hm, ht, hd, NumPes, NumBarriers, CountBits, FifoDepth);
      $fatal(1);
    end
    for (p = 0; p < NumPes; p = p + 1) begin
      pe_head[p] = -1;
      pe_tail[p] = -1;
    end
    for (p = 0; p < AckSlots * NumPes; p = p + 1) pe_acc[p] = -1;
    n_events = 0;
    rc = $fscanf(fd, "%d %d %d %d\n", pe_f, bar_f, dec_f, cyc_f);
    while (rc == 4 && pe_f >= 0) begin
      if (n_events >= MaxEvents) begin
        $display("tb_replay: more than MaxEvents=%0d events", MaxEvents);
        $fatal(1);
      end
      ev_pe[n_events] = pe_f;
      ev_bar[n_events] = bar_f;
      ev_dec[n_events] = dec_f;
      ev_cyc[n_events] = cyc_f;
      ev_next[n_events] = -1;
      if (pe_tail[pe_f] < 0) pe_head[pe_f] = n_events;
      else ev_next[pe_tail[pe_f]] = n_events;
      pe_tail[pe_f] = n_events;
      n_events = n_events + 1;
      rc = $fscanf(fd, "%d %d %d %d\n", pe_f, bar_f, dec_f, cyc_f);
    end
    $fclose(fd);

    // Reset as the C++ harness does: two clock edges low, release with the clock low.
    repeat (2) begin
      #5 clk = 1'b1;
      #5 clk = 1'b0;
    end
    rst_n = 1'b1;
    acked = 0;
    quiet = 0;
    have_snap = 0;
    last_snap = 0;
    for (cycle = 0; cycle < MaxCycles; cycle = cycle + 1) begin
      #1;  // outputs of this cycle have settled (they depend on state only)
      active = 0;
      for (p = 0; p < NumPes; p = p + 1) begin
        if (ack_valid[p]) begin
          active = 1;
          acked = acked + 1;
          slot = p * AckSlots + cycle % AckSlots;
          if (ack_refused[p]) $display("overflow %0d %0d %0d", cycle, p, ev_bar[pe_acc[slot]]);
          else $display("commit %0d %0d %0d %0s", cycle, p, ev_bar[pe_acc[slot]],
                        ev_dec[pe_acc[slot]] ? "-1" : "+1");
        end
      end
      if (done) begin
        active = 1;
        $display("done %0d %0d %0d", cycle, done_barrier, last_snap);
      end
      if (snap) begin
        last_snap = cycle;
        have_snap = 1;
      end
      for (p = 0; p < NumPes; p = p + 1) begin
        fifo_pop[p] = ((cycle + p) % pop_period) == 0;
        if (fifo_valid[p]) begin
          active = 1;
          if (fifo_pop[p]) $display("pop %0d %0d %0d", cycle, p, fifo_barrier[p*BW +: BW]);
        end
      end
      for (p = 0; p < NumPes; p = p + 1) begin
        slot = p * AckSlots + (cycle + AckDelay) % AckSlots;
        pe_acc[slot] = -1;
        req_valid[p] = 1'b0;
        req_dec[p] = 1'b0;
        req_barrier[p*BW +: BW] = {BW{1'b0}};
        if (pe_head[p] >= 0 && ev_cyc[pe_head[p]] <= cycle) begin
          req_valid[p] = 1'b1;
          req_dec[p] = ev_dec[pe_head[p]];
          req_barrier[p*BW +: BW] = ev_bar[pe_head[p]];
          if (req_ready[p]) begin
            pe_acc[slot] = pe_head[p];
            pe_head[p] = ev_next[pe_head[p]];
          end
        end
      end
      if (acked < n_events) active = 1;
      if (active) begin
        quiet = 0;
      end else if (snap || Sched == 1) begin
        quiet = quiet + 1;
        if (quiet == QuietEnd) begin
          $display("end %0d", cycle);
          $finish;
        end
      end
      #4 clk = 1'b1;
      #5 clk = 1'b0;
    end
    $display("timeout %0d", cycle);
    $fatal(1, "tb_replay: MaxCycles reached");
  end

endmodule

`default_nettype wire
