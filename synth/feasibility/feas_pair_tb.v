// SPDX-License-Identifier: Apache-2.0
// Feasibility (pair.md): self-check of feas_pair_local. The testbench plays both PEs (random
// +1/-1 updates, held until accepted, respecting ready) and the global block (round robin:
// ctl_load per barrier, the serial decision on the two lines as dsbc_global's with the
// one-cycle-longer header, ctl_done on completion). Everything is checked against an
// independent behavioural reference of the contract in feas_pair_local's header:
// - ready of each PE in every cycle (phase, clearing, s, s + 1, d .. d + 4 / d + 5);
// - the acknowledge (t + 4) and its refusal, the reference deciding on its count in t + 3;
// - every slot of both lines (open, full, every count bit) against the reference's words
//   at the snapshot's cut (commits < s for A, <= s for B: see the header);
// - the completion decision against the reference sums (sum 0, some open, no FIFO full);
// - the rebase: the RAM's two words of the completed barrier in d + 6 against the reference
//   (count - snap, open = touched since the snapshot), and every later snapshot;
// - both FIFOs (valid and head) in every cycle, against a reference queue.
// Plusargs: +seed=S (printed; replays), +cycles=C, +popdiv=P (pop one cycle in P),
// +hot=H (updates go to barriers 0..H-1 three times in four), +bias=1 (PE A mostly +1, B
// mostly -1, swapped every 4096 cycles: counts reach the T-bit edge, refusals), +gap=G
// (delay a ctl_load/ctl_done by one cycle with probability 1/G; 0: never), +chase=C (a new
// request goes to the barrier under inspection with probability 1/C: commits after the
// snapshot and in the rebase's tail; 0: never).

`timescale 1ns / 1ps
`default_nettype none

module feas_pair_tb;
  parameter integer NumPes      = 16;
  parameter integer NumBarriers = 32;
  parameter integer CountBits   = 16;
  parameter integer FifoDepth   = 8;
  localparam integer M  = NumBarriers;
  localparam integer T  = CountBits;
  localparam integer BW = $clog2(NumBarriers);
  localparam integer Q  = CountBits + $clog2(NumPes);
  localparam integer CMAX = (1 << (T - 1)) - 1;
  localparam integer CMIN = -(1 << (T - 1));

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = !clk;

  reg           a_valid = 0, b_valid = 0, a_dec = 0, b_dec = 0, a_pop = 0, b_pop = 0;
  reg  [BW-1:0] a_bar = 0, b_bar = 0;
  reg           ctl_load = 0, ctl_done = 0;
  wire          a_ready, b_ready, a_ackv, b_ackv, a_ackr, b_ackr, a_fv, b_fv, a_rr, b_rr;
  wire [BW-1:0] a_fb, b_fb;

  feas_pair_local #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .a_req_valid_i(a_valid), .a_req_barrier_i(a_bar), .a_req_dec_i(a_dec),
    .a_req_ready_o(a_ready), .a_ack_valid_o(a_ackv), .a_ack_refused_o(a_ackr),
    .a_fifo_valid_o(a_fv), .a_fifo_barrier_o(a_fb), .a_fifo_pop_i(a_pop), .a_rr_bit_o(a_rr),
    .b_req_valid_i(b_valid), .b_req_barrier_i(b_bar), .b_req_dec_i(b_dec),
    .b_req_ready_o(b_ready), .b_ack_valid_o(b_ackv), .b_ack_refused_o(b_ackr),
    .b_fifo_valid_o(b_fv), .b_fifo_barrier_o(b_fb), .b_fifo_pop_i(b_pop), .b_rr_bit_o(b_rr),
    .ctl_load_i(ctl_load), .ctl_done_i(ctl_done)
  );

  // Reference words, index pe * M + barrier.
  integer ref_cnt [0:2*M-1];
  integer ref_open[0:2*M-1];
  integer ref_tch [0:2*M-1];  // committed since the barrier's last snapshot
  // Accepted operations by cycle (mod 8), and the refusal decided at their commit.
  integer op_v[0:7], op_b[0:7], op_d[0:7], op_r[0:7];
  // Reference FIFOs.
  integer fq[0:1][0:1023];
  integer fhead[0:1], flen[0:1], fpop[0:1];

  integer seed, seed0, cycles, popdiv, hot, bias, gap, quiet, chase;
  integer cyc, errors, i, p, idx, k, j, x;
  integer n_acc[0:1], n_ref, n_words, n_done, n_fullexit, n_slots, n_rebchk;
  // PE pending requests
  integer pv[0:1], pb[0:1], pd[0:1];
  // Global block
  integer ev_cycle, ev_done, g_s, g_active, g_carry, g_bar, cnt2;
  integer g_o[0:1], g_f[0:1];
  integer snap_cnt[0:1], snap_open[0:1], full_at[0:1];
  // Last loads/dones (for the ready check)
  integer last_load, last_done;
  // Pending rebase
  integer rb_bar, rb_cyc, rb_snap[0:1];
  integer sum, bit_a, bit_b, fail_first;

  task err(input [8*96-1:0] what, input integer v0, input integer v1);
    begin
      errors = errors + 1;
      if (errors == 1) fail_first = cyc;
      if (errors <= 20) $display("ERROR cycle %0d: %0s (%0d vs %0d)", cyc, what, v0, v1);
    end
  endtask

  function integer rnd(input integer n);  // 0 .. n-1
    begin
      rnd = $unsigned($random(seed)) % n;
    end
  endfunction

  function integer slot_bit(input integer c, input integer jj);  // bit jj, Q-bit two's complement
    begin
      slot_bit = (c >>> jj) & 1;
    end
  endfunction

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 100000;
    if (!$value$plusargs("popdiv=%d", popdiv)) popdiv = 4;
    if (!$value$plusargs("hot=%d", hot)) hot = 3;
    if (!$value$plusargs("bias=%d", bias)) bias = 0;
    if (!$value$plusargs("gap=%d", gap)) gap = 0;
    if (!$value$plusargs("quiet=%d", quiet)) quiet = 1;
    if (!$value$plusargs("chase=%d", chase)) chase = 0;
    $display("feas_pair_tb: seed=%0d cycles=%0d popdiv=%0d hot=%0d bias=%0d gap=%0d chase=%0d (N=%0d M=%0d T=%0d D=%0d Q=%0d)",
             seed, cycles, popdiv, hot, bias, gap, chase, NumPes, M, T, FifoDepth, Q);
    for (i = 0; i < 2 * M; i = i + 1) begin
      ref_cnt[i] = 0; ref_open[i] = 0; ref_tch[i] = 0;
    end
    for (i = 0; i < 8; i = i + 1) begin
      op_v[i] = 0; op_r[i] = 0; op_b[i] = 0; op_d[i] = 0;
    end
    for (p = 0; p < 2; p = p + 1) begin
      fhead[p] = 0; flen[p] = 0; pv[p] = 0; pb[p] = 0; pd[p] = 0; n_acc[p] = 0;
      g_o[p] = 0; g_f[p] = 0; snap_cnt[p] = 0; snap_open[p] = 0; full_at[p] = 0; rb_snap[p] = 0;
    end
    errors = 0; n_ref = 0; n_words = 0; n_done = 0; n_fullexit = 0; n_slots = 0; n_rebchk = 0;
    ev_cycle = 2 * M; ev_done = 0; g_active = 0; g_carry = 0; g_s = -100; g_bar = 0;
    cnt2 = M - 1; last_load = -100; last_done = -100; rb_cyc = -100; rb_bar = 0;
    fail_first = -1;
    cyc = 0;
    #2 rst_n = 1'b1;  // cycle 0 ends at the posedge at 5
    // One iteration per cycle c >= 1, at the negedge (10c).
    forever begin
      @(negedge clk);
      cyc = cyc + 1;
      if (cyc > cycles) begin
        $display("feas_pair_tb: %0d cycles, accepted A %0d B %0d, refused %0d, words %0d, completions %0d, full exits %0d, slots checked %0d, rebases checked %0d",
                 cycles, n_acc[0], n_acc[1], n_ref, n_words, n_done, n_fullexit, n_slots, n_rebchk);
        $display("feas_pair_tb: coverage: forward from t - 2 %0d, write-first bypass of an update %0d, of A's snapshot %0d, of B's snapshot %0d, commits to the completed barrier in d %0d, in d + 1 .. d + 2 %0d",
                 cov_hitd, cov_coll_op, cov_coll_sa, cov_coll_sb, cov_pend, cov_tail);
        if (errors == 0) $display("PASS seed=%0d", seed0);
        else $display("FAIL seed=%0d: %0d errors (first in cycle %0d)", seed0, errors, fail_first);
        $finish;
      end
      step;
    end
  end

  task step;
    integer acc_p, lp, ok_a, ok_b, bb, ccnt, e_ready;
    begin
      // (a) The global block's events of this cycle.
      ctl_load = (cyc == ev_cycle);
      ctl_done = (cyc == ev_cycle) && ev_done;
      if (ctl_load && gap > 0 && rnd(gap) == 0) begin  // a legal delay of the event
        ctl_load = 0; ctl_done = 0; ev_cycle = cyc + 1;
      end
      // (d) the PEs' requests (pending ones held), then readiness.
      for (p = 0; p < 2; p = p + 1) begin
        if (!pv[p] && rnd(4) != 0) begin
          pv[p] = 1;
          pb[p] = (rnd(4) != 0) ? rnd(hot) : rnd(M);
          if (chase > 0) begin  // (nested: no random number drawn when chase = 0)
            if (rnd(chase) == 0 && g_active) pb[p] = g_bar;  // the word under inspection
          end
          if (bias) pd[p] = (rnd(8) == 0) ? ((((cyc >> 12) + p) & 1) ? 0 : 1)
                                          : ((((cyc >> 12) + p) & 1) ? 1 : 0);
          else      pd[p] = rnd(2);
        end
      end
      a_valid = pv[0]; a_bar = pb[0]; a_dec = pd[0];
      b_valid = pv[1]; b_bar = pb[1]; b_dec = pd[1];
      #1;
      // (b) readiness against the contract
      for (p = 0; p < 2; p = p + 1) begin
        e_ready = ((cyc & 1) == p) && (cyc >= 2 * M) && !ctl_load && (last_load != cyc - 1)
                  && !ctl_done && !(cyc - last_done <= 4 + p);
        if ((p ? b_ready : a_ready) !== e_ready[0]) err("ready", p, e_ready);
      end
      acc_p = -1;
      if (a_valid && a_ready) acc_p = 0;
      if (b_valid && b_ready) begin
        if (acc_p >= 0) err("both PEs accepted in one cycle", 0, 1);
        acc_p = 1;
      end
      idx = cyc & 7;
      op_v[idx] = (acc_p >= 0);
      if (acc_p >= 0) begin
        op_b[idx] = pb[acc_p]; op_d[idx] = pd[acc_p]; pv[acc_p] = 0; n_acc[acc_p] = n_acc[acc_p] + 1;
      end
      // (c) acknowledges: the operation of t = cyc - 4 (PE of this cycle's parity)
      lp = (cyc - 4) & 7;
      for (p = 0; p < 2; p = p + 1) begin
        ok_a = (cyc >= 4) && op_v[lp] && ((cyc & 1) == p);
        if ((p ? b_ackv : a_ackv) !== ok_a[0]) err("ack_valid", p, ok_a);
        else if (ok_a && ((p ? b_ackr : a_ackr) !== op_r[lp][0])) err("ack_refused", p, op_r[lp]);
      end
      // (e) FIFOs: outputs against the reference queues, then random pops; full_at in s + 2.
      for (p = 0; p < 2; p = p + 1) begin
        if ((p ? b_fv : a_fv) !== (flen[p] != 0)) begin err("fifo_valid (pe, ref length)", p, flen[p]); if (!quiet) $display("  a_fv %b b_fv %b flen %0d %0d pops %b %b", a_fv, b_fv, flen[0], flen[1], a_pop, b_pop); end
        else if (flen[p] != 0 && (p ? b_fb : a_fb) !== fq[p][fhead[p]]) err("fifo head", p, fq[p][fhead[p]]);
        if (g_active && cyc == g_s + 2) full_at[p] = (flen[p] == FifoDepth);
        fpop[p] = (flen[p] != 0);  // a pop needs an entry at the start of the cycle
      end
      a_pop = (rnd(popdiv) == 0);
      b_pop = (rnd(popdiv) == 0);
      // (f) the reference words: A's snapshot before this cycle's commit, B's after it.
      if (ctl_load) begin
        last_load = cyc;
        if (ctl_done) begin
          last_done = cyc;
          n_done = n_done + 1;
          for (p = 0; p < 2; p = p + 1) begin
            if (flen[p] == FifoDepth) err("push into a full FIFO", p, flen[p]);
            fq[p][(fhead[p] + flen[p]) % 1024] = cnt2; flen[p] = flen[p] + 1;
            rb_snap[p] = snap_cnt[p];
          end
          rb_bar = cnt2; rb_cyc = cyc;
        end
        cnt2 = (cnt2 + 1) % M;
        g_bar = cnt2;
        snap_cnt[0] = ref_cnt[cnt2]; snap_open[0] = ref_open[cnt2]; ref_tch[cnt2] = 0;
        g_active = 1; g_s = cyc; g_carry = 0; n_words = n_words + 1;
      end
      lp = (cyc - 3) & 7;  // the commit of the operation accepted in cyc - 3
      if (cyc >= 3 && op_v[lp]) begin
        p = (cyc - 3) & 1;
        bb = p * M + op_b[lp];
        ccnt = ref_cnt[bb] + (op_d[lp] ? -1 : 1);
        if (ccnt > CMAX || ccnt < CMIN) begin
          op_r[lp] = 1; n_ref = n_ref + 1;
        end else begin
          op_r[lp] = 0; ref_cnt[bb] = ccnt; ref_open[bb] = 1; ref_tch[bb] = 1;
        end
      end
      if (ctl_load) begin
        snap_cnt[1] = ref_cnt[M + cnt2]; snap_open[1] = ref_open[M + cnt2]; ref_tch[M + cnt2] = 0;
      end
      // The rebases: A's written in d + 4, B's in d + 5 (the reference applies them then).
      for (p = 0; p < 2; p = p + 1) begin
        if (cyc == rb_cyc + 4 + p) begin
          bb = p * M + rb_bar;
          ref_cnt[bb] = ref_cnt[bb] - rb_snap[p];
          ref_open[bb] = ref_tch[bb];
        end
      end
      // ... and checked in the RAM in d + 6 (no commit to these words is in flight).
      if (cyc == rb_cyc + 6) begin
        for (p = 0; p < 2; p = p + 1) begin
          bb = p * M + rb_bar;
          x = dut.u_ram.mem_q[bb];
          if ((x & ((1 << T) - 1)) != (ref_cnt[bb] & ((1 << T) - 1)) || ((x >> T) & 1) != ref_open[bb])
            err("rebased word in the RAM (address pe*M+b; reference count)", bb, ref_cnt[bb]);
          n_rebchk = n_rebchk + 1;
        end
      end
      // FIFO pops at the end of the cycle.
      for (p = 0; p < 2; p = p + 1) begin
        if ((p ? b_pop : a_pop) && fpop[p]) begin
          fhead[p] = (fhead[p] + 1) % 1024; flen[p] = flen[p] - 1;
        end
      end
      // (g) the lines: slots of the running word, and the global decision.
      if (g_active && !ctl_load) begin
        k = cyc - g_s;
        bit_a = a_rr; bit_b = b_rr;
        if (k == 3) begin
          if (bit_a != snap_open[0]) err("open slot A (line, reference)", bit_a, snap_open[0]);
          if (bit_b != snap_open[1]) err("open slot B (line, reference)", bit_b, snap_open[1]);
          n_slots = n_slots + 2;
          if (bit_a + bit_b == 0) decide(0);
        end else if (k == 4) begin
          if (bit_a != full_at[0]) err("full slot A (line, reference)", bit_a, full_at[0]);
          if (bit_b != full_at[1]) err("full slot B (line, reference)", bit_b, full_at[1]);
          n_slots = n_slots + 2;
          if (bit_a + bit_b != 0) begin
            n_fullexit = n_fullexit + 1;
            decide(0);
          end
        end else if (k >= 5 && k < 5 + Q) begin
          j = k - 5;
          if (bit_a != slot_bit(snap_cnt[0], j)) err("count slot A wrong (bit j; reference snapshot count)", j, snap_cnt[0]);
          if (bit_b != slot_bit(snap_cnt[1], j)) err("count slot B wrong (bit j; reference snapshot count)", j, snap_cnt[1]);
          n_slots = n_slots + 2;
          x = bit_a + bit_b + g_carry;
          if (x & 1) decide(0);
          else begin
            g_carry = x >> 1;
            if (j == Q - 1) decide(1);
          end
        end
      end
    end
  endtask

  // The global block's decision in this cycle: the next word (and the completion) next cycle.
  task decide(input integer complete);
    integer refc;
    begin
      refc = (snap_cnt[0] + snap_cnt[1] == 0) && (snap_open[0] || snap_open[1])
             && !full_at[0] && !full_at[1];
      if (complete != refc) err("decision against the reference (decided, reference)", complete, refc);
      g_active = 0;
      ev_cycle = cyc + 1;
      ev_done = complete;
    end
  endtask


  // Coverage of the paths that the forwarding and the bypasses take (white box, counts only).
  integer cov_hitd = 0, cov_coll_op = 0, cov_coll_sa = 0, cov_coll_sb = 0, cov_pend = 0, cov_tail = 0;
  always @(posedge clk) if (rst_n) begin
    if (dut.u_rmw.hitd_q && dut.u_rmw.b_valid_q) cov_hitd = cov_hitd + 1;
    if (dut.coll && (dut.acc_a || dut.acc_b)) cov_coll_op = cov_coll_op + 1;
    if (dut.coll && ctl_load) cov_coll_sa = cov_coll_sa + 1;
    if (dut.coll && dut.ld1_q) cov_coll_sb = cov_coll_sb + 1;
    if (dut.u_acc_a.pend_q || dut.u_acc_b.pend_q) cov_pend = cov_pend + 1;
    if ((dut.tr_a_q || dut.tr_b_q) && !dut.dsh_q[0] && (dut.dsh_q[1] || dut.dsh_q[2])) cov_tail = cov_tail + 1;
  end

endmodule

`default_nettype wire
