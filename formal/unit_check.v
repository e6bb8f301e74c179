// SPDX-License-Identifier: Apache-2.0
// Formal harness of the whole unit, dsbc_top (formal/run.py, jobs unit_* and live_*). The PE
// side is free (requests, IDs, +1/-1 and pops in any cycle). The harness keeps, from the
// ports and architecture.md alone, each PE's shadow word {open, count} of every barrier (4b,
// 4d), the snapshot of the word under inspection, the commits since that snapshot, whether
// each barrier has a commit not yet covered by a completion, and a reference FIFO per PE.
// Checked in every cycle:
//  - no false completion: ctl_done for b only when the snapshot's counts sum to zero;
//  - no duplicate or unused report: the snapshot of a completed b holds an uncovered commit;
//  - every PE's FIFO receives the same IDs in the same order and never loses one (each
//    equals its reference FIFO; no completion meets a full FIFO);
//  - the word schedule is exact (4c): ctl_load and ctl_done in exactly the cycles computed
//    from the snapshot's integer sum, open bits and full bits;
//  - acknowledge and refusal (4b): one cycle after acceptance, refused exactly when the
//    count would leave the T-bit range; a refusal changes no word (the RAM equals the shadow);
//  - the replicated CNT2 of every local block equals the global one.
// With `define LIVENESS (jobs live_*), PEs pop whenever their FIFO is valid and, as the usage
// contract says, do not touch a closed barrier until its completion is popped; then every
// closing is reported within L_max cycles (section 6), checked by BMC.

`default_nettype none

module unit_check #(
  parameter integer NumPes      = 2,
  parameter integer NumBarriers = 2,
  parameter integer CountBits   = 8,
  parameter integer FifoDepth   = 2,
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1
) (
  input wire                   clk_i,
  input wire                   rst_ni,
  input wire [NumPes-1:0]      req_valid_i,
  input wire [NumPes*BarrierW-1:0] req_barrier_i,
  input wire [NumPes-1:0]      req_dec_i,
  input wire [NumPes-1:0]      fifo_pop_i
);

  localparam integer N  = NumPes;
  localparam integer M  = NumBarriers;
  localparam integer T  = CountBits;
  localparam integer D  = FifoDepth;
  localparam integer BW = BarrierW;
  localparam integer LogN = (N > 1) ? $clog2(N) : 0;
  localparam integer Q  = T + LogN;
  localparam integer FloorLog2N = (N >= 256) ? 8 : (N >= 128) ? 7 : (N >= 64) ? 6 :
                                  (N >= 32) ? 5 : (N >= 16) ? 4 : (N >= 8) ? 3 :
                                  (N >= 4) ? 2 : (N >= 2) ? 1 : 0;
  localparam integer LMax = M * (Q + 4) + 5 + FloorLog2N + ((M == 1) ? 2 : 0);
  localparam integer AgeW = $clog2(Q + 8);
  localparam integer CntW = $clog2(D + 1);
  localparam integer PtrW = (D > 1) ? $clog2(D) : 1;
  localparam integer SW   = T + LogN + 2;
  localparam integer CarryW = (N > 1) ? $clog2(N) : 1;
  localparam integer LastBarrier = M - 1;

  wire [N-1:0]    req_ready, ack_valid, ack_refused, fifo_valid;
  wire [N*BW-1:0] fifo_barrier;
  wire            snap, done;
  wire [BW-1:0]   done_barrier;
  wire [N-1:0]    pop;

`ifdef LIVENESS
  assign pop = fifo_valid;  // fair pops: every PE pops at once
`else
  assign pop = fifo_pop_i;
`endif

  dsbc_top #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .BarrierW(BW)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_valid_i(req_valid_i), .req_barrier_i(req_barrier_i),
    .req_dec_i(req_dec_i), .req_ready_o(req_ready), .ack_valid_o(ack_valid),
    .ack_refused_o(ack_refused), .fifo_valid_o(fifo_valid), .fifo_barrier_o(fifo_barrier),
    .fifo_pop_i(pop), .snap_o(snap), .done_o(done), .done_barrier_o(done_barrier)
  );

  // Probes (connected by the runner), PE i in slice i.
  (* keep *) wire [N*M*(T+1)-1:0] p_mem;
  (* keep *) wire [N*CntW-1:0]    p_fcount;
  (* keep *) wire [N*PtrW-1:0]    p_frd;
  (* keep *) wire [N*PtrW-1:0]    p_fwr;
  (* keep *) wire [N*D*BW-1:0]    p_fmem;
  (* keep *) wire [N*BW-1:0]      p_cnt2;
  (* keep *) wire [N-1:0]         p_touched;
  (* keep *) wire [N*(T+2)-1:0]   p_piso;
  (* keep *) wire [N*(T+1)-1:0]   p_acc;
  (* keep *) wire [N*(T+1)-1:0]   p_snapword;
  (* keep *) wire [N-1:0]         p_init;
  (* keep *) wire [N*BW-1:0]      p_init_addr;
  (* keep *) wire [BW-1:0]        p_init_cnt;
  (* keep *) wire [N-1:0]         p_wrebase;
  (* keep *) wire [N-1:0]         p_lwen;
  (* keep *) wire [N*BW-1:0]      p_lwaddr;
  (* keep *) wire [N*(T+1)-1:0]   p_lwdata;
  (* keep *) wire [N*(T+1)-1:0]   p_rddata;
  (* keep *) wire [N-1:0]         p_wvalid;
  (* keep *) wire [N*BW-1:0]      p_wbarrier;
  (* keep *) wire [N*(T+1)-1:0]   p_wrbcount;
  (* keep *) wire [2:0]           p_phase;
  (* keep *) wire [$clog2(Q + 2)-1:0] p_cnt1;
  (* keep *) wire [CarryW-1:0]    p_carry;

  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* assume(rst_ni == f_started);

  integer i, b, k;

  ///////////////////////
  // Reference state   //
  ///////////////////////

  reg [$clog2(M + 2)-1:0] cyc;       // cycles since reset, saturating at M
  reg                loaded;         // a ctl_load has happened
  reg [AgeW-1:0]     age;            // cycles since the last ctl_load
  reg [BW-1:0]       cur;            // the barrier under inspection (CNT2)
  reg [N-1:0]        acc;            // PE request accepted last cycle
  reg [N*BW-1:0]     acc_id;
  reg [N-1:0]        acc_dec;
  reg [N*M*T-1:0]    sh;             // shadow counts, (i*M + b)*T
  reg [N*M-1:0]      sh_open;        // shadow open bits
  reg [M-1:0]        unc;            // barrier has a commit no completion covers
  reg [N*T-1:0]      snap_val;       // snapshot of the word under inspection
  reg [N-1:0]        snap_open;
  reg                unc_snap;
  reg [N-1:0]        touched;        // PE committed to cur since the snapshot (incl. s)
  reg [N-1:0]        full_at;        // FIFO full at the start of s+1
  reg                rb_pending;     // the completion's rebase commits this cycle
  reg [N-1:0]        rb_touched;
  reg [BW-1:0]       rb_barrier;     // ... of this barrier (CNT2 has moved on with ctl_load)
  reg [N*T-1:0]      rb_snap;        // ... by minus these counts
  reg [N*D*BW-1:0]   rq;             // reference FIFOs, entry 0 = head
  reg [N*CntW-1:0]   rn;

  // Combinational view of this cycle.
  reg [N-1:0]        commit, fits;
  reg [N*BW-1:0]     cid;
  reg signed [T+1:0] old_c, new_c;
  reg [N-1:0]        commit_cur, commit_next;
  reg [BW-1:0]       nxt;
  reg [N*M*T-1:0]    sh_d;
  reg [N*M-1:0]      sh_open_d;
  reg [M-1:0]        unc_d;
  reg signed [SW-1:0] snap_sum;
  reg [N-1:0]        touched_eff;

  always @* begin
    nxt = (cur == LastBarrier) ? 0 : cur + 1'b1;
    sh_d = sh;
    sh_open_d = sh_open;
    unc_d = unc;
    for (i = 0; i < N; i = i + 1) begin
      cid[i*BW +: BW] = acc_id[i*BW +: BW];
      old_c = 0;
      for (b = 0; b < M; b = b + 1)
        if (acc_id[i*BW +: BW] == b) old_c = $signed(sh[(i*M + b)*T +: T]);
      new_c = old_c + (acc_dec[i] ? -1 : 1);
      fits[i] = (acc_id[i*BW +: BW] < M) && (new_c >= -(2 ** (T - 1))) &&
                (new_c <= (2 ** (T - 1)) - 1);
      commit[i] = acc[i] && fits[i];
      commit_cur[i]  = commit[i] && (acc_id[i*BW +: BW] == cur);
      commit_next[i] = commit[i] && (acc_id[i*BW +: BW] == nxt);
      for (b = 0; b < M; b = b + 1) begin
        if (commit[i] && acc_id[i*BW +: BW] == b) begin
          sh_d[(i*M + b)*T +: T] = new_c[T-1:0];
          sh_open_d[i*M + b] = 1'b1;
          unc_d[b] = 1'b1;
        end
        if (rb_pending && rb_barrier == b) begin
          sh_d[(i*M + b)*T +: T] = sh[(i*M + b)*T +: T] - rb_snap[i*T +: T];
          sh_open_d[i*M + b] = rb_touched[i];
        end
      end
    end
    snap_sum = 0;
    for (i = 0; i < N; i = i + 1) snap_sum = snap_sum + $signed(snap_val[i*T +: T]);
    touched_eff = touched | commit_cur;
    if (done) unc_d[cur] = (touched_eff != 0);
  end

  // Reference FIFOs: pop the head, push the completed barrier.
  reg [D*BW-1:0]   fq;
  reg [CntW-1:0]   fn;
  reg [N*D*BW-1:0] rq_d;
  reg [N*CntW-1:0] rn_d;
  always @* begin
    for (i = 0; i < N; i = i + 1) begin
      fq = rq[i*D*BW +: D*BW];
      fn = rn[i*CntW +: CntW];
      if (pop[i] && fn != 0) begin
        fq = fq >> BW;
        fn = fn - 1'b1;
      end
      if (done && fn < D) begin
        for (k = 0; k < D; k = k + 1) if (k == fn) fq[k*BW +: BW] = cur;
        fn = fn + 1'b1;
      end
      rq_d[i*D*BW +: D*BW] = fq;
      rn_d[i*CntW +: CntW] = fn;
    end
  end

  // Expected end of the word under inspection (4c).
  reg [AgeW-1:0] first_one;
  reg [Q-1:0]    snap_total;
  reg [SW+Q-1:0] low_sum;
  always @* begin
    snap_total = snap_sum[Q-1:0];
    first_one = Q;
    for (k = Q - 1; k >= 0; k = k - 1) if (snap_total[k]) first_one = k;
    low_sum = 0;
    for (i = 0; i < N; i = i + 1)
      low_sum = low_sum + ({{(Q - T){snap_val[i*T + T - 1]}}, snap_val[i*T +: T]} &
                           ((1 << (age - 4)) - 1));
  end
  wire complete = (snap_open != 0) && (full_at == 0) && (snap_sum == 0);
  wire [AgeW-1:0] next_load = (snap_open == 0) ? 3 : (full_at != 0) ? 4 :
                              (snap_sum != 0) ? 5 + first_one : (M > 1) ? Q + 4 : Q + 6;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cyc        <= 0;
      loaded     <= 1'b0;
      cur        <= LastBarrier[BW-1:0];
      acc        <= 0;
      sh         <= 0;
      sh_open    <= 0;
      unc        <= 0;
      rb_pending <= 1'b0;
      rn         <= 0;
    end else begin
      if (cyc < M) cyc <= cyc + 1'b1;
      acc     <= req_valid_i & req_ready;
      acc_id  <= req_barrier_i;
      acc_dec <= req_dec_i;
      sh      <= sh_d;
      sh_open <= sh_open_d;
      unc     <= unc_d;
      rb_pending <= done;
      rb_touched <= touched_eff;
      rb_barrier <= cur;
      rb_snap    <= snap_val;
      if (snap) begin
        loaded <= 1'b1;
        age    <= 1;
        cur    <= nxt;
        for (i = 0; i < N; i = i + 1) begin
          snap_val[i*T +: T] <= sh[(i*M + nxt)*T +: T];
          snap_open[i]       <= sh_open[i*M + nxt];
        end
        unc_snap <= unc[nxt];
        touched  <= commit_next;
      end else begin
        if (age < Q + 7) age <= age + 1'b1;
        touched <= touched | commit_cur;
      end
      if (loaded && age == 1) begin
        for (i = 0; i < N; i = i + 1) full_at[i] <= (rn[i*CntW +: CntW] == D);
      end
      rq <= rq_d;
      rn <= rn_d;
    end
  end

  ////////////////
  // Properties //
  ////////////////

  wire cleared = f_started && (cyc >= M);
  // Expressions of the invariants are functions: an assert inside a loop must not read a
  // variable the loop assigns.
  function [T+1:0] piso_at(input [T-1:0] v, input f, input o, input [AgeW-1:0] a);
    reg [2*T+Q+1:0] ext;
    begin
      ext = {{(T+Q+2){v[T-1]}}, v};
      piso_at = (a == 2) ? {v, f, o} : (a == 3) ? {v[T-1], v, f} : ext >> (a - 4);
    end
  endfunction
  // Values computed here, outside the blocks with asserts.
  reg [N*(T+1)-1:0] lw_word, rd_word;   // RAM word at the last write's / the read's address
  reg [M-1:0]       open_vec;           // some PE has b open
  integer ii, bb;
  always @* begin
    lw_word = 0;
    rd_word = 0;
    open_vec = 0;
    for (ii = 0; ii < N; ii = ii + 1) begin
      for (bb = 0; bb < M; bb = bb + 1) begin
        if (p_lwaddr[ii*BW +: BW] == bb) lw_word[ii*(T+1) +: T+1] = p_mem[(ii*M + bb)*(T+1) +: T+1];
        if (p_wbarrier[ii*BW +: BW] == bb) rd_word[ii*(T+1) +: T+1] = p_mem[(ii*M + bb)*(T+1) +: T+1];
        open_vec[bb] = open_vec[bb] | sh_open[ii*M + bb];
      end
    end
  end
  // |now - then| of two T-bit counts.
  function [T+1:0] drift(input [T-1:0] now, input [T-1:0] then);
    reg signed [T+1:0] d;
    begin
      d = $signed({{2{now[T-1]}}, now}) - $signed({{2{then[T-1]}}, then});
      drift = (d < 0) ? -d : d;
    end
  endfunction
  // now - then of two T-bit counts, in T+1 bits (always fits).
  function [T:0] diff_ext(input [T-1:0] now, input [T-1:0] then);
    diff_ext = {now[T-1], now} - {then[T-1], then};
  endfunction
  always @* begin
    if (f_started) begin
      assert(done_barrier == cur);
      for (i = 0; i < N; i = i + 1) begin
        // Acknowledge and refusal.
        assert(ack_valid[i] == acc[i]);
        assert(ack_refused[i] == (acc[i] && !fits[i]));
        // Ready low exactly while clearing, in a completion cycle and in a snapshot cycle.
        assert(req_ready[i] == (cleared && !done && !snap));
        // Reference FIFO.
        assert(rn[i*CntW +: CntW] <= D);
        assert(fifo_valid[i] == (rn[i*CntW +: CntW] != 0));
        if (fifo_valid[i]) assert(fifo_barrier[i*BW +: BW] == rq[i*D*BW +: BW]);
        // A completion never meets a full FIFO.
        if (done) assert(rn[i*CntW +: CntW] < D);
        // Replicated CNT2.
        assert(p_cnt2[i*BW +: BW] == cur);
      end
      if (!loaded) begin
        assert(snap == (cyc == M));
        assert(!done);
      end else begin
        // Schedule, and the decision: complete exactly when the snapshot sums to zero.
        assert(age <= next_load);
        assert(snap == (age == next_load));
        assert(done == (complete && age == Q + 4));
      end
      if (done) begin
        assert(snap_sum == 0);   // no false completion
        assert(unc_snap);        // no unused or duplicate report
      end
    end
  end

`ifndef PORT_ONLY
  // Inductive invariants over internal state (probes). `run.py --mutants --port-only`
  // leaves them out (PORT_ONLY): then a bug must show at the ports, not only here.
  always @* begin
    if (f_started) begin
      for (i = 0; i < N; i = i + 1) begin
        assert(p_init[i] == !cleared);
        if (cleared) begin
          for (b = 0; b < M; b = b + 1)
            assert(p_mem[(i*M + b)*(T+1) +: T+1] == {sh_open[i*M + b], sh[(i*M + b)*T +: T]});
        end
        assert(p_fcount[i*CntW +: CntW] == rn[i*CntW +: CntW]);
        assert(p_frd[i*PtrW +: PtrW] < D);
        for (k = 0; k < D; k = k + 1) begin
          if (k < rn[i*CntW +: CntW])
            assert(p_fmem[(i*D + ((p_frd[i*PtrW +: PtrW] + k) % D))*BW +: BW] ==
                   rq[(i*D + k)*BW +: BW]);
        end
        assert(p_fwr[i*PtrW +: PtrW] == (p_frd[i*PtrW +: PtrW] + rn[i*CntW +: CntW]) % D);
        if (loaded) begin
          assert(p_touched[i] == touched[i]);
          if (age == 1) assert(p_snapword[i*(T+1) +: T+1] == {snap_open[i], snap_val[i*T +: T]});
          // The rebase count accumulates the commits since the snapshot: count - snap (until
          // the rebase of an M = 1 unit commits, in cycle d+1 = age Q+5).
          if (age <= Q + 5)
            assert(p_acc[i*(T+1) +: T+1] == diff_ext(sh[(i*M + cur)*T +: T], snap_val[i*T +: T]));
          if (age >= 2 && age <= Q + 4) begin
            assert(p_piso[i*(T+2) +: T+2] ==
                   piso_at(snap_val[i*T +: T], full_at[i], snap_open[i], age));
          end
        end
      end
      // The open bits say which barriers have uncovered commits (the rebase of a completion
      // commits one cycle after ctl_done).
      for (b = 0; b < M; b = b + 1) begin
        if (rb_pending && rb_barrier == b) assert(unc[b] == (rb_touched != 0));
        else                               assert(unc[b] == open_vec[b]);
      end
      // The rebase in flight.
      if (rb_pending) begin
        assert(loaded && age == ((M > 1) ? 1 : Q + 5));
        assert(cur == ((M > 1) ? ((rb_barrier == LastBarrier) ? 0 : rb_barrier + 1'b1) : rb_barrier));
      end
      for (i = 0; i < N; i = i + 1) begin
        // Port A pipeline: the last write is in the RAM, and the read data is the word
        // unless that write hit it (then the RTL forwards); an ID >= M reads nothing defined.
        // Only a PE request reads its word (a rebase's read cycle is the snapshot's).
        if (cleared && p_lwen[i])
          assert(p_mem[(i*M + p_lwaddr[i*BW +: BW])*(T+1) +: T+1] == p_lwdata[i*(T+1) +: T+1]);
        if (cleared && acc[i] && p_wbarrier[i*BW +: BW] < M &&
            !(p_lwen[i] && p_lwaddr[i*BW +: BW] == p_wbarrier[i*BW +: BW]))
          assert(p_rddata[i*(T+1) +: T+1] == p_mem[(i*M + p_wbarrier[i*BW +: BW])*(T+1) +: T+1]);
        assert(p_wvalid[i] == (acc[i] || rb_pending));
        if (acc[i]) assert(p_wbarrier[i*BW +: BW] == acc_id[i*BW +: BW]);
        assert(p_wrebase[i] == rb_pending);
        if (rb_pending) begin
          assert(p_wrbcount[i*(T+1) +: T+1] ==
                 diff_ext(sh[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]));
        end
      end
      // Since the snapshot each PE's count moved by at most one per cycle, so the rebase
      // (count - snapshot) stays far inside the T-bit range (architecture.md section 2).
      for (i = 0; i < N; i = i + 1) begin
        if (loaded && age <= Q + 4 && !rb_pending)
          assert(drift(sh[(i*M + cur)*T +: T], snap_val[i*T +: T]) <= age);
        if (rb_pending)
          assert(drift(sh[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]) <= Q + 5);
      end
      if (loaded) begin
        assert(unc_snap == (snap_open != 0));
        // From s+1 to the completion the FIFOs are only popped.
        for (i = 0; i < N; i = i + 1)
          if (age >= 2 && age <= Q + 4 && rn[i*CntW +: CntW] == D) assert(full_at[i]);
        if (age == 1) assert(p_phase == 3'd2);
        if (age >= 2 && age < next_load && age < Q + 4) assert(p_phase == 3'd3 && p_cnt1 == age - 2);
        if (age >= 5 && age < next_load && age < Q + 4) assert(p_carry == (low_sum >> (age - 4)));
      end else begin
        assert(cyc <= M);
        assert(p_phase == ((cyc < M) ? 3'd0 : 3'd1));
        if (cyc < M) assert(p_init_cnt == M - 1 - cyc);
        for (i = 0; i < N; i = i + 1)
          if (cyc < M) assert(p_init_addr[i*BW +: BW] == cyc);
      end
    end
  end

`endif

`ifdef LIVENESS
  // Closings: a commit that brings the global sum of b to zero. Usage contract: nobody
  // touches b again until its completion has been popped (the pop follows at once here).
  reg [M-1:0] closed;
  reg [M-1:0] hold;                 // completion pushed, not yet popped
  reg [M*8-1:0] since;              // cycles since the closing
  reg signed [SW-1:0] gsum;
  reg [M-1:0] closing;
  reg         any_commit;
  always @* begin
    for (b = 0; b < M; b = b + 1) begin
      gsum = 0;
      for (i = 0; i < N; i = i + 1) gsum = gsum + $signed(sh_d[(i*M + b)*T +: T]);
      closing[b] = (gsum == 0);
      // (a dedicated variable: the loop counters are shared by several blocks)
      any_commit = 1'b0;
      for (i = 0; i < N; i = i + 1) if (commit[i] && acc_id[i*BW +: BW] == b) any_commit = 1'b1;
      closing[b] = closing[b] && any_commit;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      closed <= 0;
      hold   <= 0;
    end else begin
      for (b = 0; b < M; b = b + 1) begin
        if (closing[b]) begin
          closed[b] <= 1'b1;
          since[b*8 +: 8] <= 0;
        end else if (closed[b]) begin
          since[b*8 +: 8] <= since[b*8 +: 8] + 1'b1;
        end
        if (done && cur == b && closed[b]) begin
          closed[b] <= 1'b0;
          hold[b]   <= 1'b1;
        end
        if (hold[b]) hold[b] <= 1'b0;   // popped the cycle after the push
      end
    end
  end
  always @* begin
    for (i = 0; i < N; i = i + 1)
      for (b = 0; b < M; b = b + 1)
        if (closing[b] || closed[b] || hold[b] || (done && cur == b))
          assume(!(req_valid_i[i] && req_barrier_i[i*BW +: BW] == b));
    if (f_started)
      for (b = 0; b < M; b = b + 1)
        if (closed[b]) assert(since[b*8 +: 8] <= LMax);
  end
  always @(posedge clk_i) begin
    if (f_started) begin
      cover(closed[0] && done && cur == 0);
      cover(closed[0] && done && cur == 0 && since[7:0] >= LMax - 12);
    end
  end
`else
  // Non-vacuity.
  reg [N-1:0] neg_any;
  always @* for (i = 0; i < N; i = i + 1) neg_any[i] = snap_val[i*T + T - 1];
  always @(posedge clk_i) begin
    if (f_started) begin
      // A completion with a negative count in it (the refusals at the edges of T are covered
      // by the summation jobs: reaching them here takes 2^(T-1) commits).
      cover(done && neg_any != 0);
    end
  end
`endif

endmodule

`default_nettype wire
