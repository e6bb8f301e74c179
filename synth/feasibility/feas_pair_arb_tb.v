// SPDX-License-Identifier: Apache-2.0
// Feasibility self-check (synth/feasibility/pairarb.md): one feas_pair_arb_local with this
// testbench as both PEs and as the global block of the contract in the block's header
// (arblean.md's race with the pair as one participant, count slots from s + 3). Random
// +1/-1 requests (three in four to barriers 0 .. hot-1, steered towards a zero sum of the
// pair so that barriers complete), quiet phases (the dirty set drains), random pops.
// The global block exits a word at the first 1 bit of the serial sum of the two lines
// (sometimes earlier, as other pairs would make it) and completes it when the pair's sum is
// 0. An independent reference (per PE and barrier: count; per barrier: dirty bit; the
// commits from the acceptances, the snapshot cut, the rebase at ctl_done, the FIFO pushes)
// checks in every cycle: both PEs' ready against the contract, every acknowledge and
// refusal, both lines in every POLL, WRAP, group, F, bit, dead and count slot, the head's
// barrier (dirty, the one the decided bits name, no barrier dirty at the POLL with a smaller
// key), the wait of every dirty barrier (at most M heads of others, and without F aborts at
// most (M + 1)(Q + BW + 6) cycles from its dirty bit's set to its head), and each PE's
// popped IDs in order. The reference never reads the block's internals except the head's
// address (for the message) .
// iverilog -g2005 -o tb.vvp <files> && vvp tb.vvp +seed=N [+cycles=N] [+popdiv=N] [+hot=N]
// [+quiet=0|1] [+early=P (% of words cut early by "other pairs")] [+bias=1 (counts drift to
// the edges: refusals; with -P feas_pair_arb_tb.T=8)]

`timescale 1ns / 1ps
`default_nettype none

module feas_pair_arb_tb #(
  parameter integer T = 16  // CountBits (iverilog -P feas_pair_arb_tb.T=8)
);

  localparam integer M  = 32;
  localparam integer BW = 5;
  localparam integer G  = M / 16;
  localparam integer GW = BW - 4;
  localparam integer Q  = T + 4;  // N = 16
  localparam integer D  = 8;
  localparam integer BOUND = (M + 1) * (Q + BW + 6);

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg  [1:0]    rv;                // request valid, per PE (0 = A)
  reg  [BW-1:0] rb [0:1];
  reg  [1:0]    rdc;
  reg  [1:0]    pop;
  reg           ctl_load = 1'b0, ctl_done = 1'b0;
  wire [1:0]    ready, ackv, ackr, fv, line;
  wire [BW-1:0] fb_a, fb_b;
  wire          snap;

  feas_pair_arb_local #(.NumPes(16), .NumBarriers(M), .CountBits(T), .FifoDepth(D)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .a_req_valid_i(rv[0]), .a_req_barrier_i(rb[0]), .a_req_dec_i(rdc[0]), .a_req_ready_o(ready[0]),
    .a_ack_valid_o(ackv[0]), .a_ack_refused_o(ackr[0]), .a_fifo_valid_o(fv[0]),
    .a_fifo_barrier_o(fb_a), .a_fifo_pop_i(pop[0]), .a_rr_bit_o(line[0]),
    .b_req_valid_i(rv[1]), .b_req_barrier_i(rb[1]), .b_req_dec_i(rdc[1]), .b_req_ready_o(ready[1]),
    .b_ack_valid_o(ackv[1]), .b_ack_refused_o(ackr[1]), .b_fifo_valid_o(fv[1]),
    .b_fifo_barrier_o(fb_b), .b_fifo_pop_i(pop[1]), .b_rr_bit_o(line[1]),
    .ctl_load_i(ctl_load), .ctl_done_i(ctl_done), .snap_o(snap)
  );

  // ---- reference ----
  reg  [T-1:0] rC0 [0:M-1];        // PE A's counts
  reg  [T-1:0] rC1 [0:M-1];        // PE B's counts
  reg          rD  [0:M-1];
  reg          Dp  [0:M-1];        // dirty at the last POLL hit
  integer      hset [0:M-1];       // heads count when D[x] was set
  integer      cset [0:M-1];       // cycle when D[x] was set
  integer      aset [0:M-1];       // aborts count then
  reg  [15:0]  Wt;
  reg  [G-1:0] Cg;
  reg  [BW-1:0] cnt2, x5;
  reg  [BW-1:0] fq0 [0:D-1];
  reg  [BW-1:0] fq1 [0:D-1];
  integer fh0, fc0, fh1, fc1;
  // acceptances by cycle mod 8
  reg          pv [0:7];
  reg          ppe [0:7];
  reg  [BW-1:0] pb [0:7];
  reg          pd [0:7];
  reg          pref [0:7];
  reg          dpend; reg [BW-1:0] dpend_b;

  localparam [3:0] P_POLL = 0, P_WRAP = 1, P_GRP = 2, P_F = 3, P_BIT = 4, P_HEAD = 5,
                   P_DEAD1 = 6, P_DEAD2 = 7, P_CNT = 8;
  reg [3:0] ph;
  integer popdiv, hot, quiet, early, j, len, cyc, errors, commits, heads, completions, aborts,
          seed, ncycles, k, pe, x, bias, minvis0, minvis1, cov_late, cov_keep, cov_after, cov_tail, tlast, dlast, slots, maxwait, maxheads, acc0, acc1, refused;
  reg [1:0] fv_q;
  reg wrap_s, complete, exp, bitv, okr, isstep, xdec;
  reg [1:0] expl;
  reg [GW-1:0] gpfx;
  reg [3:0] ipfx;
  reg [T-1:0] snap0, snap1, cc;
  reg [Q-1:0] ssum;
  reg [BW:0] key_b, key_x;

  function wrapf(input integer xx, input [BW-1:0] c);
    wrapf = (xx <= c);
  endfunction

  task fail(input [8*48-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 10) $display("FAIL cycle %0d: %0s (phase %0d, lines %b, expected %b)",
                                 cyc, what, ph, line, expl);
    end
  endtask

  task setd(input [BW-1:0] b);
    begin
      if (!rD[b]) begin hset[b] = heads; cset[b] = cyc; aset[b] = aborts; end
      rD[b] = 1;
    end
  endtask

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", ncycles)) ncycles = 100000;
    if (!$value$plusargs("popdiv=%d", popdiv)) popdiv = 8;
    if (!$value$plusargs("hot=%d", hot)) hot = 3;
    if (!$value$plusargs("quiet=%d", quiet)) quiet = 1;
    if (!$value$plusargs("early=%d", early)) early = 30;
    if (!$value$plusargs("bias=%d", bias)) bias = 0;
    k = seed; k = $urandom(k);
    $display("feas_pair_arb_tb: seed=%0d cycles=%0d popdiv=%0d hot=%0d quiet=%0d early=%0d bias=%0d (N=16 M=%0d T=%0d D=%0d Q=%0d, bound %0d)",
             seed, ncycles, popdiv, hot, quiet, early, bias, M, T, D, Q, BOUND);
    for (k = 0; k < M; k = k + 1) begin rD[k] = 0; rC0[k] = 0; rC1[k] = 0; end
    for (k = 0; k < 8; k = k + 1) pv[k] = 0;
    rv = 0; rdc = 0; pop = 0; rb[0] = 0; rb[1] = 0; dpend = 0;
    cnt2 = M - 1; fh0 = 0; fc0 = 0; fh1 = 0; fc1 = 0; ph = P_POLL; errors = 0; commits = 0;
    heads = 0; completions = 0; aborts = 0; cyc = 0; tlast = -100; dlast = -100; slots = 0;
    maxwait = 0; maxheads = 0; acc0 = 0; acc1 = 0; refused = 0; cov_late = 0; cov_keep = 0;
    cov_after = 0; cov_tail = 0; minvis0 = 1000; minvis1 = 1000; fv_q = 0;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
  end

  always @(posedge clk) if (rst_n) begin
    // ---------- 0. ready against the contract (this cycle) ----------
    okr = !(cyc < 2 * M) && !(ph == P_GRP && j == GW - 1) && (cyc != tlast + 3) &&
          (ph != P_HEAD) && (ph != P_DEAD1) && !ctl_done && !(cyc - dlast >= 0 && cyc - dlast <= 4);
    if (ready[0] !== (okr && (cyc % 2 == 0))) begin expl = 2'bxx; fail("A's ready"); end
    if (ready[1] !== (okr && (cyc % 2 == 1) && (cyc - dlast != 5))) begin expl = 2'bxx; fail("B's ready"); end
    // ---------- 1. lines, as of the start of this cycle ----------
    x = -1;
    if (cyc >= 2 * M + 2) begin
      if (ph != P_CNT && line[1] !== 1'b0) begin expl = 2'b00; fail("B's line in a race slot"); end
      case (ph)
        P_POLL: begin
          exp = 0; for (k = 0; k < M; k = k + 1) exp = exp | rD[k];
          expl = {1'b0, exp}; if (line[0] !== exp) fail("POLL");
          ctl_load <= |line; ctl_done <= 0; slots = slots + 1;
          if (|line) begin ph <= P_WRAP; for (k = 0; k < M; k = k + 1) Dp[k] = rD[k]; end
        end
        P_WRAP: begin
          exp = 0; for (k = 0; k < M; k = k + 1) if (rD[k] && k > cnt2) exp = 1;
          expl = {1'b0, exp}; if (line[0] !== exp) fail("WRAP");
          wrap_s = !(|line); ctl_load <= !(|line); j = 0; gpfx = 0; ph <= P_GRP; slots = slots + 1;
        end
        P_GRP: begin
          if (j == 0) begin
            Cg = 0;
            for (k = 0; k < M; k = k + 1) if (rD[k] && wrapf(k, cnt2) == wrap_s) Cg[k / 16] = 1;
          end
          exp = 0;
          for (k = 0; k < G; k = k + 1)
            if (Cg[k] && ((k >> (GW - j)) == gpfx) && (((k >> (GW - 1 - j)) & 1) == 0)) exp = 1;
          expl = {1'b0, exp}; if (line[0] !== exp) fail("GROUP slot");
          bitv = !(|line); gpfx = {gpfx, bitv}; ctl_load <= bitv; j = j + 1; slots = slots + 1;
          if (j == GW) ph <= P_F;
        end
        P_F: begin
          tlast = cyc;
          for (k = 0; k < 16; k = k + 1) Wt[k] = rD[gpfx * 16 + k];
          exp = (fc0 == D) || (fc1 == D);
          expl = {1'b0, exp}; if (line[0] !== exp) fail("F slot");
          ctl_load <= |line; slots = slots + 1;
          if (|line) begin ph <= P_POLL; aborts = aborts + 1; end
          else begin ph <= P_BIT; j = 0; ipfx = 0; end
        end
        P_BIT: begin
          exp = 0;
          for (k = 0; k < 16; k = k + 1)
            if (Wt[k] && wrapf(gpfx * 16 + k, cnt2) == wrap_s && (j == 0 || (k >> (4 - j)) == ipfx)
                && (((k >> (3 - j)) & 1) == 0)) exp = 1;
          expl = {1'b0, exp}; if (line[0] !== exp) fail("BIT slot");
          bitv = !(|line); ipfx = {ipfx, bitv}; ctl_load <= bitv; j = j + 1; slots = slots + 1;
          if (j == 4) ph <= P_HEAD;
        end
        P_HEAD: begin
          x = gpfx * 16 + ipfx;
          expl = 2'b00;
          if (snap !== 1'b1) fail("no head");
          if (dut.head_addr !== x[BW-1:0]) fail("head barrier");
          if (line !== 2'b00) fail("line in the head slot");
          if (!rD[x]) fail("head of a clean barrier");
          key_b = {wrapf(x, cnt2), x[BW-1:0]};
          for (k = 0; k < M; k = k + 1) begin
            key_x = {wrapf(k, cnt2), k[BW-1:0]};
            if (Dp[k] && key_x < key_b) fail("a dirty barrier passed");
          end
          // starvation bound: heads of others since D[x] was set; cycles if no F abort
          if (heads - hset[x] > M) fail("more than M heads before a dirty barrier");
          if (heads - hset[x] > maxheads) maxheads = heads - hset[x];
          if (aset[x] == aborts) begin
            if (cyc - cset[x] > maxwait) maxwait = cyc - cset[x];
            if (cyc - cset[x] > BOUND) fail("wait over (M + 1)(Q + BW + 6)");
          end
          snap0 = rC0[x]; rD[x] = 0; cnt2 = x; heads = heads + 1;
          ctl_load <= 0; ph <= P_DEAD1;
        end
        P_DEAD1: begin
          expl = 2'b00; if (line !== 2'b00) fail("line in s + 1");
          ctl_load <= 0; ph <= P_DEAD2;
        end
        P_DEAD2: begin
          expl = 2'b00; if (line !== 2'b00) fail("line in s + 2");
          ctl_load <= 0; j = 0;
          // the global block's decision: the serial sum of the pair's two words
          ssum = {{(Q - T){snap0[T-1]}}, snap0} + {{(Q - T){snap1[T-1]}}, snap1};
          complete = (ssum == 0);
          len = Q - 1;
          if (!complete) for (k = Q - 1; k >= 0; k = k - 1) if (ssum[k]) len = k;
          if (($urandom % 100) < early) begin len = $urandom % (len + 1); complete = 0; end
          ph <= P_CNT;
        end
        P_CNT: begin
          expl = {(j < T) ? snap1[j] : snap1[T-1], (j < T) ? snap0[j] : snap0[T-1]};
          if (line !== expl) fail("count slot");
          slots = slots + 1;
          if (j == len) begin
            ctl_load <= 1; ctl_done <= complete; ph <= P_POLL;
          end
          j = j + 1;
        end
        default: ;
      endcase
      if (ph != P_CNT && ph != P_POLL) ctl_done <= 0;
      if (ph == P_POLL && ctl_done) ctl_done <= 0;
    end
    // ---------- 2. completion (d): both FIFOs push, rebase ----------
    if (ctl_done) begin
      dlast = cyc;
      fq0[(fh0 + fc0) % D] = cnt2; fc0 = fc0 + 1;
      fq1[(fh1 + fc1) % D] = cnt2; fc1 = fc1 + 1;
      if (fc0 > D || fc1 > D) begin expl = 2'bxx; fail("completion into a full FIFO"); end
      completions = completions + 1;
      rC0[cnt2] = rC0[cnt2] - snap0;
      rC1[cnt2] = rC1[cnt2] - snap1;
    end
    // ---------- 3. deferred dirty set of last cycle, then this cycle's commit ----------
    if (dpend) begin setd(dpend_b); dpend = 0; end
    k = (cyc + 5) % 8;  // accepted in cyc - 3: committed now
    if (pv[k]) begin
      cc = ppe[k] ? rC1[pb[k]] : rC0[pb[k]];
      pref[k] = pd[k] ? (cc == {1'b1, {(T - 1){1'b0}}}) : (cc == {1'b0, {(T - 1){1'b1}}});
      if (!pref[k]) begin
        if (ppe[k]) rC1[pb[k]] = cc + (pd[k] ? -1 : 1); else rC0[pb[k]] = cc + (pd[k] ? -1 : 1);
        commits = commits + 1;
        if (ph == P_DEAD1) begin expl = 2'bxx; fail("commit in s + 1"); end
        if (ph == P_HEAD && pb[k] == x) cov_keep = cov_keep + 1;
        if ((ph == P_DEAD2 || ph == P_CNT) && pb[k] == cnt2) cov_after = cov_after + 1;
        if (cyc - dlast >= 0 && cyc - dlast <= 2 && pb[k] == cnt2) cov_tail = cov_tail + 1;
        if (cyc == tlast || cyc == tlast + 1) begin dpend = 1; dpend_b = pb[k]; cov_late = cov_late + 1; end
        else if (!(ph == P_HEAD && pb[k] == x && ppe[k])) setd(pb[k]);
        // (B's commit to b* in the head cycle is in the snapshot: it leaves D[b*] clear;
        // pairunit.md, the duplicate completion the unit's self-check found)
      end else refused = refused + 1;
    end
    if (x >= 0) snap1 = rC1[x];  // B's word: B's commits up to s included
    // acknowledges of the acceptances of cyc - 4
    k = (cyc + 4) % 8;
    if (pv[k]) begin
      if (ackv[ppe[k]] !== 1'b1 || ackv[!ppe[k]] !== 1'b0) begin expl = 2'bxx; fail("ack missing"); end
      if (ackr[ppe[k]] !== pref[k]) begin expl = 2'bxx; fail("refusal"); end
    end else if (ackv !== 2'b00) begin expl = 2'bxx; fail("stray ack"); end
    pv[k] = 0;
    // ---------- 4. FIFOs ----------
    // (measured only) the first cycle an ID is visible after its ctl_done, FIFO empty before
    if (fv[0] && !fv_q[0] && fc0 == 1 && cyc - dlast < minvis0) minvis0 = cyc - dlast;
    if (fv[1] && !fv_q[1] && fc1 == 1 && cyc - dlast < minvis1) minvis1 = cyc - dlast;
    fv_q = fv;
    if (pop[0] && fv[0]) begin
      if (fc0 == 0 || fb_a !== fq0[fh0]) begin expl = 2'bxx; fail("A's FIFO order"); end
      fh0 = (fh0 + 1) % D; fc0 = fc0 - 1;
    end
    if (pop[1] && fv[1]) begin
      if (fc1 == 0 || fb_b !== fq1[fh1]) begin expl = 2'bxx; fail("B's FIFO order"); end
      fh1 = (fh1 + 1) % D; fc1 = fc1 - 1;
    end
    // ---------- 5. acceptances of this cycle, next requests ----------
    k = cyc % 8;
    pv[k] = 0;
    for (pe = 0; pe < 2; pe = pe + 1) begin
      if (rv[pe] && ready[pe]) begin
        pv[k] = 1; ppe[k] = pe; pb[k] = rb[pe]; pd[k] = rdc[pe];
        if (pe == 0) acc0 = acc0 + 1; else acc1 = acc1 + 1;
      end
    end
    for (k = 0; k < 2; k = k + 1) begin
      if (!rv[k] || ready[k]) begin
        if (quiet != 0 && ((cyc / 500) % 4) != 0) rv[k] <= ($urandom % 64) == 0;
        else                                       rv[k] <= ($urandom % 4) != 0;
        x5 = (($urandom % 4) != 0) ? ($urandom % hot) : ($urandom % M);
        rb[k] <= x5;
        // steer the pair's sum of the barrier towards 0
        cc = rC0[x5] + rC1[x5];
        if (bias != 0)   xdec = (($urandom % 8) != 0) ? x5[0] : !x5[0];  // drift to the edges
        else if (cc == 0) xdec = $urandom % 2;
        else         xdec = (($urandom % 4) != 0) ? !cc[T-1] : cc[T-1];
        rdc[k] <= xdec;
      end
      pop[k] <= ($urandom % popdiv) == 0;
    end
    cyc = cyc + 1;
    if (cyc == ncycles) begin
      $display("feas_pair_arb_tb: %0d cycles, accepted A %0d B %0d, commits %0d, refused %0d, heads %0d, completions %0d, F aborts %0d, race/count slots checked %0d, max wait %0d cycles (bound %0d), max heads of others %0d (bound %0d), %0d errors",
               cyc, acc0, acc1, commits, refused, heads, completions, aborts, slots, maxwait, BOUND, maxheads, M, errors);
      $display("feas_pair_arb_tb: coverage: late dirty sets (commits in t, t + 1) %0d, commits to b* in s %0d, to CNT2 after the cut during its word %0d, to the completed barrier in d .. d + 2 %0d; first ID visible at d + %0d (A), d + %0d (B)",
               cov_late, cov_keep, cov_after, cov_tail, minvis0, minvis1);
      if (errors == 0) $display("PASS seed=%0d", seed); else $display("FAIL seed=%0d", seed);
      $finish;
    end
  end

endmodule

`default_nettype wire
