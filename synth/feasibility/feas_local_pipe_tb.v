// SPDX-License-Identifier: Apache-2.0
// Self-check of feas_unit_pipe (N feas_local_pipe + dsbc_global with Pipe = 1), run by
// synth/feasibility/run.py before the designs are placed: a clock figure for a unit that
// detects the wrong thing would be worthless. Icarus; exit code 1 on any mismatch.
//
// The bench keeps its own reference of the contract written in feas_local_pipe.v, from the
// ports and the broadcast wires alone (the global block's ctl_load/ctl_done and the serial
// lines, which the contract defines):
// - per PE per barrier the count in acceptance order (L), from which every request's refusal
//   follows (the T-bit edges, IDs >= M), and its acknowledge exactly D_r + 1 cycles after
//   acceptance, no other acknowledge (D_r, D_w: 7, 10 for HalfRate = 0, 2, 3 for HalfRate = 1);
// - per PE per barrier the committed word (C, open): an update accepted in t is committed in
//   t + D_w - 1; the rebase of a completion in d is committed in d + D_w - 1 as
//   count - snap, open = "committed to since the snapshot";
// - every snapshot (ctl_load in s) holds C as of the commits before s: each line is checked
//   slot by slot (open, full = FIFO full at the start of s + 1, the count bits sign-extended)
//   while the word lives; a completion is legal only if the reference sum of the snapshot is
//   zero, some open bit set and no FIFO full, and a word for which that holds must complete;
// - req_ready_o is low exactly during the clearing, in snapshot cycles, in d .. d + D_w and,
//   HalfRate = 1, in the cycle after an acceptance;
// - the FIFO of each PE against a reference queue;
// - the RAM words against C (white box: the RAM holds the commits up to two cycles ago,
//   since the write follows the commit by a cycle);
// - at the end, after a drain with no new work, every word is {0, 0}: every epoch completed
//   and was rebased to zero.
// The stimulus is tasks: a PE's +1, once acknowledged, creates a task that some PE consumes
// later with a -1 (so the cut argument of architecture.md 4f holds); phases of random work,
// of back-to-back work on one barrier that drives the counts to both T-bit edges (T = 8),
// and drains. The run fails unless the cases the pipelines forward for occurred: requests to
// the barrier accepted one cycle before (HalfRate = 0), two and three cycles before (the
// HalfRate core's forwarding from k-2 and k-3), and requests offered in the cycle after an
// acceptance (HalfRate = 1: they must see ready low).

`timescale 1ns / 1ps
`default_nettype none

module feas_local_pipe_tb;
  parameter integer N      = 3;
  parameter integer M      = 5;   // not a power of two: IDs 5..7 are refused
  parameter integer T      = 8;
  parameter integer D      = 2;   // FIFO depth: small, so the full slot exits happen
  parameter integer Rounds = 12;  // rounds of (random, edge, drain)
  parameter integer Seed   = 1;
  parameter integer Retime = 1;   // feas_local_pipe's Retime (both are checked)
  parameter integer FifoReg = 0;  // feas_local_pipe's FifoReg (both are checked)
  parameter integer HalfRate = 0; // feas_local_pipe's HalfRate (both are checked)
  parameter integer Pipe   = 1;   // dsbc_global's Pipe
  parameter integer RamCheck = 1; // 0: the ports and wires only (to show they catch bugs too)

  localparam integer BW = 3;
`ifdef RTL_TOP
  // rtl's dsbc_local_half on dsbc_rmw_half (the RAM's output registered, 2026-11-25): one
  // cycle more from acceptance to refusal and to write (ack t + 4, commit t + 3, write t + 4,
  // ready low in d .. d + 4, rebase committed in d + 3 and written in d + 4).
  localparam integer HalfDr = 3, HalfDw = 4;
`else
  localparam integer HalfDr = 2, HalfDw = 3;
`endif
  localparam integer Dr = (HalfRate != 0) ? HalfDr : 7;
  localparam integer Dw = (HalfRate != 0) ? HalfDw : 10;
  localparam integer Q  = T + 2;  // T + clog2(N), N = 3
  localparam integer R  = 16;     // ring size for events indexed by cycle
  localparam integer CMAX = (1 << (T - 1)) - 1;
  localparam integer CMIN = -(1 << (T - 1));

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  reg  [N-1:0]    req_valid = {N{1'b0}};
  reg  [N*BW-1:0] req_barrier = {(N*BW){1'b0}};
  reg  [N-1:0]    req_dec = {N{1'b0}};
  reg  [N-1:0]    fifo_pop = {N{1'b0}};
  wire [N-1:0]    req_ready, ack_valid, ack_refused, fifo_valid;
  wire [N*BW-1:0] fifo_barrier;
  wire            snap, done;
  wire [BW-1:0]   done_barrier;

`ifdef RTL_TOP
  // The product's unit instead (rtl/dsbc_top, HalfRate = 1 only: dsbc_local_half is
  // feas_local_pipe's HalfRate = 1, Retime = 1, FifoReg = 1 path; run.py's unit_check).
  dsbc_top #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .Sched(0),
             .HalfRate(HalfRate), .Pipe(Pipe)) dut (
`else
  feas_unit_pipe #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .Retime(Retime),
                   .FifoReg(FifoReg), .HalfRate(HalfRate), .Pipe(Pipe)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(req_valid), .req_barrier_i(req_barrier), .req_dec_i(req_dec),
    .req_ready_o(req_ready), .ack_valid_o(ack_valid), .ack_refused_o(ack_refused),
    .fifo_valid_o(fifo_valid), .fifo_barrier_o(fifo_barrier), .fifo_pop_i(fifo_pop),
    .snap_o(snap), .done_o(done), .done_barrier_o(done_barrier)
  );
  wire [N-1:0] lines = dut.rr_bits;

  // Reference state, index p * M + b.
  integer L [0:N*M-1];        // count in acceptance order
  integer C [0:N*M-1];        // committed count
  integer open_c [0:N*M-1];   // committed open bit
  integer touched [0:N*M-1];  // committed to since the barrier's last snapshot
  integer owed [0:N*M-1];     // tasks this PE is to consume (a -1 each)
  // Commits scheduled per cycle (ring by cycle mod R), per PE.
  integer ev_valid [0:R*N-1];
  integer ev_b [0:R*N-1];
  integer ev_d [0:R*N-1];
  // Acknowledges due per cycle, per PE: 0 none, 1 committed, 2 refused; and the request.
  integer ack_due [0:R*N-1];
  integer ack_b [0:R*N-1];
  integer ack_dec [0:R*N-1];
  // The rebase in flight (one at a time).
  integer reb_at, reb_b;
  integer reb_snap [0:N-1];
  // The word under inspection.
  integer cur_s, cur_b, cnt2_ref, expect_done;
  integer snap_c [0:N-1];
  integer snap_o [0:N-1];
  integer snap_full [0:N-1];
  // FIFOs.
  integer fq [0:N*8-1];
  integer fq_n [0:N-1];
  // Requests held until accepted.
  integer hold [0:N-1];
  integer acc_b1 [0:N-1];  // barrier accepted 1, 2, 3 cycles ago, or -1
  integer acc_b2 [0:N-1];
  integer acc_b3 [0:N-1];
  integer acc_b4 [0:N-1];
  // Control.
  integer cyc, p, b, i, k, x, errors, phase, sum, anyo, anyf, bit_exp, last_d, rd;
  integer cov_done, cov_ref_hi, cov_ref_lo, cov_bad, cov_b2b, cov_snap_fly, cov_reb_fly, cov_full;
  integer cov_gap2, cov_gap3, cov_gap4, cov_after;
  integer n_acc, n_words;
  reg [T:0] ram_word;

  task fail(input [8*48-1:0] what, input integer pe, input integer got, input integer want);
    begin
      errors = errors + 1;
      if (errors <= 10) $display("cycle %0d PE %0d: %0s: got %0d, want %0d", cyc, pe, what, got, want);
    end
  endtask

  function integer bit_of(input integer v, input integer j);  // two's complement, sign-extended
    bit_of = (v >>> (j > 30 ? 30 : j)) & 1;
  endfunction

  initial begin
    x = Seed;
    x = $random(x);
    errors = 0; cov_done = 0; cov_ref_hi = 0; cov_ref_lo = 0; cov_bad = 0; cov_b2b = 0;
    cov_snap_fly = 0; cov_reb_fly = 0; cov_full = 0; n_acc = 0; n_words = 0;
    cov_gap2 = 0; cov_gap3 = 0; cov_gap4 = 0; cov_after = 0;
    for (i = 0; i < N * M; i = i + 1) begin
      L[i] = 0; C[i] = 0; open_c[i] = 0; touched[i] = 0; owed[i] = 0;
    end
    for (i = 0; i < R * N; i = i + 1) begin ev_valid[i] = 0; ack_due[i] = 0; end
    for (p = 0; p < N; p = p + 1) begin
      fq_n[p] = 0; hold[p] = 0; acc_b1[p] = -1; acc_b2[p] = -1; acc_b3[p] = -1; acc_b4[p] = -1; snap_full[p] = 0; snap_c[p] = 0; snap_o[p] = 0;
    end
    reb_at = -100; reb_b = 0; cur_s = -100; cur_b = 0; cnt2_ref = M - 1; expect_done = 0;
    last_d = -100; cyc = 0; phase = 0;
    #3 rst_n = 1'b1;
    for (rd = 0; rd < Rounds; rd = rd + 1) begin
      phase = 0; repeat (1500) step();
      phase = 1; repeat (700) step();
      phase = 2; repeat (1200) step();
    end
    for (i = 0; i < N * M; i = i + 1) begin
      if (C[i] != 0 || open_c[i] != 0 || owed[i] != 0 || L[i] != 0) begin
        fail("word not back to {0,0} after the drain", i / M, C[i] * 2 + open_c[i], 0);
      end
    end
    $display("feas_local_pipe_tb: %0d cycles, %0d accepted, %0d words, %0d completions, %0d refused at +max, %0d at min, %0d bad IDs, same barrier %0d / %0d / %0d / %0d cycles after the last, %0d offered right after an acceptance, %0d in flight across a snapshot, %0d across a rebase, %0d full exits; %0d wrong",
             cyc, n_acc, n_words, cov_done, cov_ref_hi, cov_ref_lo, cov_bad, cov_b2b, cov_gap2, cov_gap3, cov_gap4, cov_after, cov_snap_fly, cov_reb_fly, cov_full, errors);
    if (errors != 0 || cov_done == 0 || cov_ref_hi == 0 || cov_ref_lo == 0 || cov_bad == 0
        || (HalfRate == 0 && cov_b2b == 0)
        || (HalfRate != 0 && (cov_gap2 == 0 || cov_gap3 == 0 || cov_after == 0))
        || (HalfRate != 0 && HalfDw > 3 && cov_gap4 == 0)
        || cov_snap_fly == 0 || cov_reb_fly == 0 || cov_full == 0) begin
      $fatal(1, "feas_local_pipe_tb: self-check failed");
    end
    $finish;
  end

  // One cycle: the inputs of cycle cyc are set and the outputs of cycle cyc checked while clk
  // is low (after the rising edge that started cycle cyc), then the edge that ends it.
  task step;
    begin
      #1;
      check_and_drive();
      #1 clk = 1'b1;
      #1 clk = 1'b0;
      cyc = cyc + 1;
    end
  endtask

  task commit(input integer pp, input integer bb, input integer dd);
    begin
      C[pp * M + bb] = C[pp * M + bb] + dd;
      open_c[pp * M + bb] = 1;
      touched[pp * M + bb] = 1;
    end
  endtask

  task check_and_drive;
    integer e, want_ready, nb, dec, acc, refused, t2, push_b;
    begin
      push_b = -1;
      // The RAM holds the commits up to cycle cyc - 2 (write = commit + 1).
      if (RamCheck && cyc > M + 1) begin
        for (p = 0; p < N; p = p + 1) for (b = 0; b < M; b = b + 1) begin
          case (p)
`ifdef RTL_TOP
            0: ram_word = dut.g_pe_half[0].u_local.u_ram.mem_q[b];
            1: ram_word = dut.g_pe_half[1].u_local.u_ram.mem_q[b];
            default: ram_word = dut.g_pe_half[2].u_local.u_ram.mem_q[b];
`else
            0: ram_word = dut.g_pe[0].u_local.u_ram.mem_q[b];
            1: ram_word = dut.g_pe[1].u_local.u_ram.mem_q[b];
            default: ram_word = dut.g_pe[2].u_local.u_ram.mem_q[b];
`endif
          endcase
          if (ram_word !== {open_c[p * M + b][0], C[p * M + b][T-1:0]}) begin
            fail("RAM word (open*2^T + count) vs reference", p, ram_word, open_c[p * M + b] * (1 << T) + (C[p * M + b] & ((1 << T) - 1)));
          end
        end
      end
      // Commits of cycle cyc - 1.
      e = (cyc + R - 1) % R;
      for (p = 0; p < N; p = p + 1) begin
        if (ev_valid[e * N + p] != 0) commit(p, ev_b[e * N + p], ev_d[e * N + p]);
        ev_valid[e * N + p] = 0;
      end
      if (reb_at == cyc - 1) begin
        for (p = 0; p < N; p = p + 1) begin
          C[p * M + reb_b] = C[p * M + reb_b] - reb_snap[p];
          open_c[p * M + reb_b] = touched[p * M + reb_b];
        end
      end
      // Acknowledges of cycle cyc.
      e = cyc % R;
      for (p = 0; p < N; p = p + 1) begin
        if (ack_valid[p] !== (ack_due[e * N + p] != 0) || (ack_valid[p] && ack_refused[p] !== (ack_due[e * N + p] == 2))) begin
          fail("acknowledge (valid*2 + refused)", p, ack_valid[p] * 2 + ack_refused[p],
               (ack_due[e * N + p] != 0) * 2 + (ack_due[e * N + p] == 2));
        end
        if (ack_due[e * N + p] == 1 && ack_dec[e * N + p] == 0) begin
          // A produced task goes to some PE.
          t2 = $unsigned($random(x)) % N;
          if (phase == 1) t2 = 1;
          owed[t2 * M + ack_b[e * N + p]] = owed[t2 * M + ack_b[e * N + p]] + 1;
        end
        if (ack_due[e * N + p] == 2 && ack_dec[e * N + p] == 1 && ack_b[e * N + p] < M) begin
          // A refused consumption: the task goes back, to some PE.
          t2 = $unsigned($random(x)) % N;
          owed[t2 * M + ack_b[e * N + p]] = owed[t2 * M + ack_b[e * N + p]] + 1;
        end
        ack_due[e * N + p] = 0;
      end
      // Completion (cnt2_ref is still the completed barrier).
      if (done === 1'b1) begin
        if (!expect_done) fail("completion not allowed by the reference", -1, cur_b, expect_done);
        if (done_barrier !== cnt2_ref) fail("completed barrier", -1, done_barrier, cnt2_ref);
        cov_done = cov_done + 1;
        last_d = cyc;
        if (reb_at >= cyc) fail("completion while a rebase is pending", -1, reb_at, cyc);
        reb_at = cyc + Dw - 1;
        reb_b = cnt2_ref;
        for (p = 0; p < N; p = p + 1) begin
          reb_snap[p] = snap_c[p];
          L[p * M + cnt2_ref] = L[p * M + cnt2_ref] - snap_c[p];
          for (k = 0; k < R; k = k + 1) begin
            if (ev_valid[k * N + p] != 0 && ev_b[k * N + p] == cnt2_ref) cov_reb_fly = cov_reb_fly + 1;
          end
        end
        expect_done = 0;
        push_b = cnt2_ref;
      end
      // Snapshot.
      if (snap === 1'b1) begin
        if (expect_done) fail("a word that must complete did not", -1, cur_b, 1);
        n_words = n_words + 1;
        cnt2_ref = (cnt2_ref + 1) % M;
        cur_s = cyc; cur_b = cnt2_ref;
        if (reb_at >= cyc - 1 && reb_b == cur_b) fail("snapshot before the rebase is committed", -1, cur_b, reb_at);
        for (p = 0; p < N; p = p + 1) begin
          snap_c[p] = C[p * M + cur_b];
          snap_o[p] = open_c[p * M + cur_b];
          touched[p * M + cur_b] = 0;
          for (k = 0; k < R; k = k + 1) begin
            if (ev_valid[k * N + p] != 0 && ev_b[k * N + p] == cur_b) cov_snap_fly = cov_snap_fly + 1;
          end
        end
      end
      if (cyc == cur_s + 1) begin
        sum = 0; anyo = 0; anyf = 0;
        for (p = 0; p < N; p = p + 1) begin
          snap_full[p] = (fq_n[p] == D);
          sum = sum + snap_c[p];
          anyo = anyo | snap_o[p];
          anyf = anyf | snap_full[p];
        end
        expect_done = (sum == 0) && anyo && !anyf;
        if (anyo && anyf) cov_full = cov_full + 1;
      end
      // The lines, slot by slot, while the word lives (the next snapshot replaces it).
      k = cyc - cur_s - 2;
      if (k >= 0 && k < Q + 2) begin
        for (p = 0; p < N; p = p + 1) begin
          bit_exp = (k == 0) ? snap_o[p] : ((k == 1) ? snap_full[p] : bit_of(snap_c[p], k - 2));
          if (lines[p] !== bit_exp[0]) fail("serial line slot", p, lines[p], bit_exp);
        end
      end
      // Ready.
      for (p = 0; p < N; p = p + 1) begin
        want_ready = (cyc >= M) && (snap !== 1'b1) && !(cyc >= last_d && cyc <= last_d + Dw)
                     && !(HalfRate != 0 && acc_b1[p] != -1);
        if (req_ready[p] !== want_ready[0]) fail("req_ready", p, req_ready[p], want_ready);
      end
      // FIFOs: check the heads, pop some.
      for (p = 0; p < N; p = p + 1) begin
        if (fifo_valid[p] !== (fq_n[p] != 0)) fail("fifo_valid", p, fifo_valid[p], fq_n[p] != 0);
        if (fq_n[p] != 0 && fifo_barrier[p*BW +: BW] !== fq[p * 8][BW-1:0]) fail("fifo head", p, fifo_barrier[p*BW +: BW], fq[p * 8]);
        fifo_pop[p] = (phase == 2) || ($unsigned($random(x)) % 8 == 0);
      end
      // Requests.
      for (p = 0; p < N; p = p + 1) begin
        if (!hold[p]) begin
          // Pick: consume an owed task, or produce.
          nb = -1; dec = 0;
          for (b = 0; b < M; b = b + 1) if (owed[p * M + b] > 0 && (nb < 0 || $random(x) % 2)) nb = b;
          if (nb >= 0 && ($unsigned($random(x)) % 4 != 0 || phase == 2)) begin
            dec = 1;
            owed[p * M + nb] = owed[p * M + nb] - 1;
            hold[p] = 1;
          end else if (phase == 0 && $unsigned($random(x)) % 3 == 0) begin
            nb = $unsigned($random(x)) % (M + 3);  // some IDs >= M
            hold[p] = 1;
          end else if (phase == 1 && p != 1) begin
            nb = 0;
            hold[p] = 1;
          end
          if (hold[p]) begin
            req_barrier[p*BW +: BW] = nb;
            req_dec[p] = dec;
          end
        end
        req_valid[p] = hold[p];
        if (hold[p] && acc_b1[p] != -1) cov_after = cov_after + 1;
        // Accepted at the edge that ends this cycle?
        if (hold[p] && req_ready[p] === 1'b1) begin
          nb = req_barrier[p*BW +: BW];
          dec = req_dec[p];
          hold[p] = 0;
          n_acc = n_acc + 1;
          e = (cyc + Dr + 1) % R;
          ack_b[e * N + p] = nb;
          ack_dec[e * N + p] = dec;
          if (nb >= M) begin
            refused = 1;
            cov_bad = cov_bad + 1;
          end else begin
            acc = L[p * M + nb] + (dec ? -1 : 1);
            refused = (acc > CMAX) || (acc < CMIN);
            if (refused && !dec) cov_ref_hi = cov_ref_hi + 1;
            if (refused && dec) cov_ref_lo = cov_ref_lo + 1;
            if (!refused) begin
              L[p * M + nb] = acc;
              e = (cyc + Dw - 1) % R;
              ev_valid[e * N + p] = 1;
              ev_b[e * N + p] = nb;
              ev_d[e * N + p] = dec ? -1 : 1;
            end
            if (acc_b1[p] == nb) cov_b2b = cov_b2b + 1;
            if (acc_b2[p] == nb) cov_gap2 = cov_gap2 + 1;
            if (acc_b3[p] == nb) cov_gap3 = cov_gap3 + 1;
            if (acc_b4[p] == nb) cov_gap4 = cov_gap4 + 1;
          end
          ack_due[((cyc + Dr + 1) % R) * N + p] = refused ? 2 : 1;
        end else begin
          nb = -1;
        end
        acc_b4[p] = acc_b3[p];
        acc_b3[p] = acc_b2[p];
        acc_b2[p] = acc_b1[p];
        acc_b1[p] = nb;
      end
      // FIFO reference at the edge: the pop of the head, then the completion's push.
      for (p = 0; p < N; p = p + 1) begin
        if (fifo_pop[p] && fq_n[p] != 0) begin
          for (k = 0; k < 7; k = k + 1) fq[p * 8 + k] = fq[p * 8 + k + 1];
          fq_n[p] = fq_n[p] - 1;
        end
        if (push_b >= 0) begin
          if (fq_n[p] >= D) fail("push into a full FIFO", p, fq_n[p], D);
          else fq[p * 8 + fq_n[p]] = push_b;
          fq_n[p] = fq_n[p] + 1;
        end
      end
    end
  endtask

endmodule

`default_nettype wire
