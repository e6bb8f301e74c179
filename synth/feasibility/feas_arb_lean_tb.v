// SPDX-License-Identifier: Apache-2.0
// Feasibility self-check (synth/feasibility/arblean.md): one feas_arb_lean_local (HoldRace = HOLD)
// with this testbench as its global block and its PE. Random +1/-1 requests to random
// barriers, random FIFO pops, random word lengths (exit or completion). A behavioural
// reference kept here (dirty bits and counts from the acknowledged commits) predicts the
// block's line in every POLL, WRAP, group, F, bit and count slot; the head's barrier must be
// dirty and no barrier dirty at the POLL may precede it in the order {x <= CNT2, x}; the
// FIFO must return the completed IDs in order; no commit may fall in t..s+1.
// iverilog -g2005 -o tb.vvp <rtl files> feas_*.v && vvp tb.vvp [+seed=N] [+cycles=N]
// [+popdiv=N (pop with probability 1/N)] [+cprob=P (% of words that complete)]
// [+quiet=0|1 (quiet phases: 1,500 of every 2,000 cycles, requests with probability 1/64)]

`timescale 1ns / 1ps
`default_nettype none

module feas_arb_lean_tb #(
  parameter integer HOLD = 1  // the block's HoldRace (iverilog -P feas_arb_lean_tb.HOLD=0)
);

  localparam integer M  = 32;
  localparam integer BW = 5;
  localparam integer G  = M / 16;
  localparam integer GW = BW - 4;
  localparam integer T  = 16;
  localparam integer Q  = T + 4;  // as for N = 16
  localparam integer D  = 8;

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg           req_valid = 1'b0;
  reg  [BW-1:0] req_barrier = 0;
  reg           req_dec = 1'b0;
  wire          req_ready, ack_valid, ack_refused, fifo_valid, line, snap;
  wire [BW-1:0] fifo_barrier;
  reg           fifo_pop = 1'b0;
  reg           ctl_load = 1'b0, ctl_done = 1'b0;

  feas_arb_lean_local #(.NumPes(16), .NumBarriers(M), .CountBits(T), .FifoDepth(D),
                        .HoldRace(HOLD)) dut (
    .clk_i(clk), .rst_ni(rst_n), .req_valid_i(req_valid), .req_barrier_i(req_barrier),
    .req_dec_i(req_dec), .req_ready_o(req_ready), .ack_valid_o(ack_valid),
    .ack_refused_o(ack_refused), .fifo_valid_o(fifo_valid), .fifo_barrier_o(fifo_barrier),
    .fifo_pop_i(fifo_pop), .rr_bit_o(line), .ctl_load_i(ctl_load), .ctl_done_i(ctl_done),
    .snap_o(snap)
  );

  // ---- reference ----
  reg        rD [0:M-1];
  reg [T-1:0] rC [0:M-1];
  reg        Dp [0:M-1];          // dirty at the last POLL hit
  reg [15:0] Wt;                  // D word g* frozen at t
  reg [G-1:0] Cg;                 // group candidates frozen at a+1
  reg [BW-1:0] cnt2;
  reg [BW-1:0] fq [0:D-1];
  integer fhead, fcount;

  localparam [3:0] P_POLL = 0, P_WRAP = 1, P_GRP = 2, P_F = 3, P_BIT = 4, P_HEAD = 5,
                   P_DEAD = 6, P_CNT = 7;
  reg [3:0] ph;
  integer popdiv, cprob, quiet, j, len, cyc, errors, commits, heads, completions, aborts, seed, ncycles, k, x;
  reg wrap_s, complete, acc_pending, acc_dec, exp, bitv, in_window;
  reg [BW-1:0] acc_b;
  reg [GW-1:0] gpfx;
  reg [3:0] ipfx;
  reg [T-1:0] snapc;
  reg [BW:0] key_b, key_x;

  function wrapf(input integer xx, input [BW-1:0] c);
    wrapf = (xx <= c);
  endfunction

  task fail(input [8*40-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 10) $display("FAIL cycle %0d: %0s (phase %0d, line %b, expected %b)",
                                 cyc, what, ph, line, exp);
    end
  endtask

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", ncycles)) ncycles = 200000;
    if (!$value$plusargs("popdiv=%d", popdiv)) popdiv = 8;   // pop with probability 1/popdiv
    if (!$value$plusargs("cprob=%d", cprob)) cprob = 10;     // % of words that complete
    if (!$value$plusargs("quiet=%d", quiet)) quiet = 1;      // 1: 1,500 of every 2,000 cycles, 1/64 requests
    for (k = 0; k < M; k = k + 1) begin rD[k] = 0; rC[k] = 0; end
    cnt2 = M - 1; fhead = 0; fcount = 0; ph = P_POLL; errors = 0; commits = 0; heads = 0;
    completions = 0; aborts = 0; acc_pending = 0; cyc = 0;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
  end

  always @(posedge clk) if (rst_n) begin
    // ---------- checks on the state as of the start of this cycle ----------
    // no commit may fall in t..s+1 (HoldRace = 1), or in t and s+1 (HoldRace = 0)
    in_window = (ph == P_F || ph == P_DEAD) || (HOLD != 0 && (ph == P_BIT || ph == P_HEAD));
    if (cyc >= M + 2) begin
      case (ph)
        P_POLL: begin
          exp = 0; for (k = 0; k < M; k = k + 1) exp = exp | rD[k];
          if (line !== exp) fail("POLL");
          ctl_load <= line; ctl_done <= 0;
          if (line) begin ph <= P_WRAP; for (k = 0; k < M; k = k + 1) Dp[k] = rD[k]; end
        end
        P_WRAP: begin
          exp = 0; for (k = 0; k < M; k = k + 1) if (rD[k] && k > cnt2) exp = 1;
          if (line !== exp) fail("WRAP");
          wrap_s = !line; ctl_load <= !line; j = 0; gpfx = 0; ph <= P_GRP;
        end
        P_GRP: begin
          if (j == 0) begin
            Cg = 0;
            for (k = 0; k < M; k = k + 1) if (rD[k] && wrapf(k, cnt2) == wrap_s) Cg[k / 16] = 1;
          end
          exp = 0;
          for (k = 0; k < G; k = k + 1)
            if (Cg[k] && ((k >> (GW - j)) == gpfx) && (((k >> (GW - 1 - j)) & 1) == 0)) exp = 1;
          if (line !== exp) fail("GROUP slot");
          bitv = !line; gpfx = {gpfx, bitv}; ctl_load <= bitv; j = j + 1;
          if (j == GW) ph <= P_F;
        end
        P_F: begin
          for (k = 0; k < 16; k = k + 1) Wt[k] = rD[gpfx * 16 + k];
          exp = (fcount == D);
          if (line !== exp) fail("F slot");
          ctl_load <= line;
          if (line) begin ph <= P_POLL; aborts = aborts + 1; end
          else begin ph <= P_BIT; j = 0; ipfx = 0; end
        end
        P_BIT: begin
          exp = 0;
          for (k = 0; k < 16; k = k + 1)
            if (Wt[k] && wrapf(gpfx * 16 + k, cnt2) == wrap_s && (j == 0 || (k >> (4 - j)) == ipfx)
                && (((k >> (3 - j)) & 1) == 0)) exp = 1;
          if (line !== exp) fail("BIT slot");
          bitv = !line; ipfx = {ipfx, bitv}; ctl_load <= bitv; j = j + 1;
          if (j == 4) ph <= P_HEAD;
        end
        P_HEAD: begin
          x = gpfx * 16 + ipfx;
          exp = 1;
          if (snap !== 1'b1) fail("no head");
          if (dut.u_ctl.snap_addr_o !== x[BW-1:0]) fail("head barrier");
          if (!rD[x]) fail("head of a clean barrier");
          key_b = {wrapf(x, cnt2), x[BW-1:0]};
          for (k = 0; k < M; k = k + 1) begin
            key_x = {wrapf(k, cnt2), k[BW-1:0]};
            if (Dp[k] && key_x < key_b) fail("a dirty barrier passed");
          end
          snapc = rC[x]; rD[x] = 0; cnt2 = x; heads = heads + 1;
          ctl_load <= 0; ph <= P_DEAD;
        end
        P_DEAD: begin
          ctl_load <= 0; j = 0; complete = ($urandom % 100) < cprob;
          len = complete ? Q - 1 : $urandom % Q;
          ph <= P_CNT;
        end
        P_CNT: begin
          exp = (j < T) ? snapc[j] : snapc[T-1];
          if (line !== exp) fail("count slot");
          if (j == len) begin
            ctl_load <= 1; ctl_done <= complete; ph <= P_POLL;
          end
          j = j + 1;
        end
        default: ;
      endcase
      if (ph != P_CNT && ph != P_POLL) ctl_done <= 0;
    end
    if (ctl_done) begin  // d: push, rebase (the rebase is written in d+1; no commit then)
      fq[(fhead + fcount) % D] = cnt2; fcount = fcount + 1; completions = completions + 1;
      rC[cnt2] = rC[cnt2] - snapc;
    end
    if (ph == P_POLL && ctl_done && cyc >= M + 2) ctl_done <= 0;
    // FIFO
    if (fifo_pop && fifo_valid) begin
      if (fcount == 0 || fifo_barrier !== fq[fhead]) begin exp = 0; fail("FIFO order"); end
      fhead = (fhead + 1) % D; fcount = fcount - 1;
    end
    // PE side: the acknowledge of last cycle's acceptance is this cycle's commit
    if (acc_pending) begin
      if (!ack_valid) begin exp = 1; fail("no ack"); end
      else if (!ack_refused) begin
        if (in_window) begin exp = 0; fail("commit in t..s+1"); end
        rD[acc_b] = 1; rC[acc_b] = rC[acc_b] + (acc_dec ? -1 : 1); commits = commits + 1;
      end
    end else if (ack_valid) begin exp = 0; fail("stray ack"); end
    acc_pending = req_valid && req_ready;
    acc_b = req_barrier; acc_dec = req_dec;
    // next request and pop
    if (!req_valid || req_ready) begin
      if (quiet != 0 && ((cyc / 500) % 4) != 0) req_valid <= ($urandom % 64) == 0;
      else                                       req_valid <= ($urandom % 4) != 0;
      req_barrier <= ($urandom % 3 == 0) ? ($urandom % 4) : ($urandom % M);
      req_dec <= $urandom % 2;
    end
    fifo_pop <= ($urandom % popdiv) == 0;
    cyc = cyc + 1;
    if (cyc == ncycles) begin
      $display("arblean tb: %0d cycles, %0d commits, %0d heads, %0d completions, %0d F aborts, %0d errors",
               cyc, commits, heads, completions, aborts, errors);
      if (errors == 0) $display("PASS"); else $display("FAIL");
      $finish;
    end
  end

  initial begin : seed_it
    integer s, dummy;
    if (!$value$plusargs("seed=%d", s)) s = 1;
    dummy = $urandom(s);
  end

endmodule

`default_nettype wire
