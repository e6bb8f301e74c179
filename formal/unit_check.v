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
// Sched selects the scheduler and with it the reference of the word schedule: 0 = rr (4c,
// every word in ID order), 1 = arb (4e): the harness keeps its own dirty bits from the
// acknowledged commits, runs the POLL and the rotated search over them, and predicts every
// head (snap_o, its barrier on done_barrier_o one cycle later) and every ctl_done from the
// snapshot's integer sum and the reference FIFOs (the `arb reference` block below).
// With `define LIVENESS (jobs live_*), PEs pop whenever their FIFO is valid and, as the usage
// contract says, do not touch a closed barrier until its completion is popped; then every
// closing is reported within L_max cycles (section 6; arb: 4e), checked by BMC.
// Pipe = 1 (rr only, architecture.md 4f): the global sum is pipelined, so the reference's
// decisions (every ctl_load after the first, ctl_done) come P = 1 + ceil(clog2(N) / 2)
// cycles later, the PISOs keep shifting the sign meanwhile, and L_max grows by (M + 1)·P.
// The tree's carries have no cheap reference here: run.py runs the induction deep enough
// that every state it starts from has seen a ctl_load (as for global_check.v).
// HalfRate = 1 (rr only, jobs unit_half_*; dsbc_local_half's contract with the RAM's word
// registered, architecture.md 4f "200 MHz with the RAM's word registered"): the reference
// commits an update accepted in t in t + 3 (refused on the count as of t + 3: the shadow then
// holds every commit before t + 3), acknowledges it in t + 4, and requires ready low in t + 1;
// a refused update writes nothing; a snapshot in s takes the shadow of s (the updates accepted
// up to s - 4), a commit in s counts as `touched`; the rebase of a completion in d covers the
// commits of s .. d + 2 and enters the shadow in d + 3 (the RAM, written a cycle after each
// commit, equals the shadow of the last cycle: the rebase's write in d + 4); ready is low in
// d .. d + 4. Every check above holds unchanged on top of that (the global side is the same);
// the internal invariants are dsbc_local_half's own (g_half_inv: its one-cycle-late sums
// against count - snap of the last cycle's shadow, its rebase stages, the registered
// read-modify-write core's stages (a .. d, forwarding compares, last-write register, refusal
// from the forwarded word) against the reference's update pipeline, the snapshot's registered
// word and serial register, the FIFO's thermometer). L_max is the full rate's, measured from
// the closing commit (section 6: a snapshot in s holds the commits before s, as there).

`default_nettype none

module unit_check #(
  parameter integer NumPes      = 2,
  parameter integer NumBarriers = 2,
  parameter integer CountBits   = 8,
  parameter integer FifoDepth   = 2,
  parameter integer Sched       = 1,  // 0 rr, 1 arb (default; formal/run.py sets it per job)
  parameter integer Pipe        = 0,  // 1: pipelined global sum (rr only)
  parameter integer HalfRate    = 0,  // 1: half the request rate, dsbc_local_half (rr only)
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
  localparam integer Arb = (Sched == 1) ? 1 : 0;
  // P of architecture.md 4f: one line register and one register per two levels of the tree.
  localparam integer P = (Pipe == 1 && !Arb) ? 1 + (LogN + 1) / 2 : 0;
  // Worst-case latency: section 6 (rr), 4e (arb), 4f (rr with Pipe = 1).
  localparam integer LMax = Arb ? M * (Q + BW + 4) + 4 + FloorLog2N
                                : M * (Q + 4 + P) + 5 + P + FloorLog2N + ((M == 1) ? 2 : 0);
  // Cycles from the snapshot s to count bit 0 on the lines: rr s+4, arb s+2; to ctl_done:
  // P more than that plus Q.
  localparam integer Slot0 = Arb ? 2 : 4;
  localparam integer DoneAge = Q + Slot0 + P;
  localparam integer AgeW = $clog2(Q + P + 8);
  localparam integer CntW = $clog2(D + 1);
  localparam integer PtrW = (D > 1) ? $clog2(D) : 1;
  localparam integer SW   = T + LogN + 2;
  localparam integer CarryW = (N > 1) ? $clog2(N) : 1;
  localparam integer LastBarrier = M - 1;
  localparam [BW-1:0] LAST_ID = LastBarrier[BW-1:0];
  // HalfRate = 1 (rr only; dsbc_local_half's contract): an update accepted in t commits in
  // t + 3 and is acknowledged in t + 4; the rebase of a completion in d enters the shadow in
  // d + 3 (RAM write d + 4); ready is low in d .. d + 4 and in the cycle after an acceptance.
  localparam integer Half = (HalfRate == 1 && !Arb) ? 1 : 0;
  localparam integer HAccW = $clog2(Q + 14) + 1;  // dsbc_local_half's AccW: clog2(Q+9+D_w+1)+1

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

  dsbc_top #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(D), .BarrierW(BW),
             .Sched(Sched), .Pipe(Pipe), .HalfRate(HalfRate)) u_dut (
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
  // Pipe = 1 only (formal/run.py connects them then): the pipelined control's registers.
  (* keep *) wire [Q:0]           p_pslot;   // slot_q[Q+1:1]
  (* keep *) wire                 p_pcount;  // count_q
  (* keep *) wire [BW-1:0]        p_pwait;   // wait_q
  (* keep *) wire                 p_pstart;  // start_q
  (* keep *) wire [P+2:0]         p_pld;     // u_sum.ld_q: ctl_load of the last P + 3 cycles
  // arb (Sched = 1): global control, per-PE dirty bits and local phase / race state
  localparam integer ACntW = $clog2(((Q > BW) ? Q : BW) + 1);
  localparam integer RhiW  = (BW > 1) ? BW - 1 : 1;
  (* keep *) wire [2:0]           p_astate;
  (* keep *) wire [ACntW-1:0]     p_acnt;
  (* keep *) wire                 p_aload;
  (* keep *) wire [N-1:0]         p_amask;
  (* keep *) wire [BW-1:0]        p_arstar;
  (* keep *) wire                 p_aheadarb;
  (* keep *) wire [BW-1:0]        p_acnt2;
  (* keep *) wire [N*M-1:0]       p_dirty;
  (* keep *) wire [N*3-1:0]       p_lstate;
  (* keep *) wire [N*BW-1:0]      p_larbj;
  (* keep *) wire [N-1:0]         p_lracing;
  (* keep *) wire [N*BW-1:0]      p_lr;
  (* keep *) wire [N*RhiW-1:0]    p_lrhi;
  (* keep *) wire [N-1:0]         p_lsdirty;
  (* keep *) wire [N-1:0]         p_lfirst;
  (* keep *) wire [N*M-1:0]       p_lafter;  // u_dirty.after_q: bit k is k > CNT2
  (* keep *) wire [N*BW-1:0]      p_lsucc;   // u_rr's CNT2 + 1 register
  (* keep *) wire [N*BW-1:0]      p_lb0;     // the head candidates after ARB: bit 0 of r* = 0 ...
  (* keep *) wire [N*BW-1:0]      p_lb1;     // ... and = 1
  // HalfRate = 1: dsbc_local_half, dsbc_rebase_late and dsbc_rmw_half (PE i in slice i).
  localparam integer HG  = (T + 1) / 3;         // dsbc_rmw_half's G, groups of the range check
  localparam integer HGC = T / 3;               // ... and GC, of its core check (edge or one off)
  (* keep *) wire [N*BW-1:0]      p_hnext;      // u_late.next_q: CNT2 + 1
  (* keep *) wire [N*HAccW-1:0]   p_hacc;       // u_late.acc_q
  (* keep *) wire [N-1:0]         p_htouched;   // u_late.touched_q
  (* keep *) wire [N*HAccW-1:0]   p_hrebacc;    // u_late.reb_acc_q
  (* keep *) wire [N-1:0]         p_hrebtouched;// u_late.reb_touched_q
  (* keep *) wire [N-1:0]         p_hldq;       // u_late.ld_q
  (* keep *) wire [N-1:0]         p_hdoneq;     // u_late.done_q
  (* keep *) wire [N-1:0]         p_hpend;      // u_late.pend_q
  (* keep *) wire [N-1:0]         p_hcollp;     // u_late.coll_p_q
  (* keep *) wire [N-1:0]         p_hbypp;      // u_late.byp_p_q
  (* keep *) wire [N-1:0]         p_hmcur;      // u_late.m_cur_q
  (* keep *) wire [N-1:0]         p_hmnext;     // u_late.m_next_q
  (* keep *) wire [N-1:0]         p_hmreb;      // u_late.m_reb_q
  (* keep *) wire [N*HAccW-1:0]   p_hstep;      // u_late.step_q
  (* keep *) wire [N*4-1:0]       p_hdonesh;    // done_sh_q: ctl_done 1..4 cycles ago
  (* keep *) wire [N-1:0]         p_hrebwrite;  // reb_write_q
  (* keep *) wire [N*BW-1:0]      p_hrebbar;    // reb_barrier_q
  (* keep *) wire [N-1:0]         p_haccq;      // accepted_q
  (* keep *) wire [N-1:0]         p_hready;     // ready_q
  (* keep *) wire [N-1:0]         p_hready2;    // ready2_q
  (* keep *) wire [N-1:0]         p_hinit2;     // init2_q
  (* keep *) wire [N-1:0]         p_hosel;      // osel_q
  (* keep *) wire [N-1:0]         p_hoselnx;    // oselnx_q
  (* keep *) wire [N*(T+1)-1:0]   p_hpiso;      // piso_q: {count, full}
  (* keep *) wire [N-1:0]         p_hld1;       // ld1_q
  (* keep *) wire [N-1:0]         p_hld2;       // ld2_q
  (* keep *) wire [N-1:0]         p_hfulls;     // full_s_q
  (* keep *) wire [N*4-1:0]       p_hbad;       // g_id_check.bad_q (M not a power of two)
  (* keep *) wire [N-1:0]         p_hav;        // u_core.a_valid_q
  (* keep *) wire [N-1:0]         p_hbv;        // u_core.b_valid_q
  (* keep *) wire [N-1:0]         p_hcv;        // u_core.c_valid_q
  (* keep *) wire [N-1:0]         p_hdv;        // u_core.d_valid_q
  (* keep *) wire [N*BW-1:0]      p_hfaddr;     // u_core.f_addr_q
  (* keep *) wire [N-1:0]         p_hfdec;      // u_core.f_dec_q
  (* keep *) wire [N*BW-1:0]      p_hkaddr;     // u_core.k_addr_q
  (* keep *) wire [N-1:0]         p_hkdec;      // u_core.k_dec_q
  (* keep *) wire [N-1:0]         p_hxv;        // u_core.x_valid_q
  (* keep *) wire [N*BW-1:0]      p_hxaddr;     // u_core.x_addr_q
  (* keep *) wire [N-1:0]         p_hxce;       // u_core.xce_q
  (* keep *) wire [N-1:0]         p_hlwce;      // u_core.lwce_q
  (* keep *) wire [N-1:0]         p_hhitd;      // u_core.hitd_q
  (* keep *) wire [N-1:0]         p_hhitp;      // u_core.hitp_q
  (* keep *) wire [N-1:0]         p_hhitc;      // u_core.hitc_q
  (* keep *) wire [N*(T+1)-1:0]   p_hrdq;       // u_core.rd_q: the RAM's word, registered
  (* keep *) wire [N*(T+1)-1:0]   p_hlw;        // u_core.lw_q: the last pipeline write's word
  (* keep *) wire [N*(T+1)-1:0]   p_hopnd;      // u_core.opnd_q
  (* keep *) wire [N*(T+1)-1:0]   p_hres;       // u_core.res_q
  (* keep *) wire [N-1:0]         p_hrefq;      // u_core.refused_q
  (* keep *) wire [N-1:0]         p_hwe;        // u_core.we_q
  (* keep *) wire [N-1:0]         p_hany;       // u_core.any_q
  (* keep *) wire [N*(HG+1)-1:0]  p_hedge;      // u_core.edge_q
  (* keep *) wire [N-1:0]         p_hrh;        // u_core.rh_q
  (* keep *) wire [N*(HGC+1)-1:0] p_hcore;      // u_core.core_q
  (* keep *) wire [N*(T+1)-1:0]   p_hwrword;    // u_core.wr_word: the word stage d leaves
  (* keep *) wire [N*D-1:0]       p_flvl;       // u_fifo.g_therm.lvl_q (RegFlags = 2)
  (* keep *) wire [N*D-1:0]       p_fwroh;      // u_fifo.g_therm.wr_oh_q
  (* keep *) wire [N-1:0]         p_ffull2;     // u_fifo.g_therm.full2_q

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
  reg [N-1:0]        acc;            // PE request committing now: accepted last cycle
                                     // (HalfRate = 1: three cycles ago)
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
  // HalfRate = 1 only.
  reg [N-1:0]        acc0, acc1;     // PE request accepted one / two cycles ago
  reg [N*BW-1:0]     acc0_id, acc1_id;
  reg [N-1:0]        acc0_dec, acc1_dec;
  reg [N-1:0]        ack4, fits4;    // accepted four cycles ago (acknowledged now), not refused
  reg [N*BW-1:0]     ack4_id;
  reg [N-1:0]        ack4_dec;
  reg [N-1:0]        ack5, fits5, ack6;  // accepted five / six cycles ago
  reg [N*BW-1:0]     ack5_id, ack6_id;
  reg                rb1, rb2, rb4, rb5;  // d + 1, 2, 4, 5 (rb_pending: d + 3, the rebase's commit)
  reg [N*M*T-1:0]    sh_prev;        // sh of the last cycle: the RAM (written a cycle after
  reg [N*M-1:0]      sh_open_prev;   // the commit)
  reg [N-1:0]        touched_d1;     // touched of the last cycle
  reg [N-1:0]        commit_q1, commit_q2, commit_q3, commit_q4;  // commits 1..4 cycles ago
  reg [N*BW-1:0]     cid_q1, cid_q2, cid_q3, cid_q4;
  reg [N-1:0]        dec_q1;         // ... the sign of the last cycle's
  reg [BW-1:0]       cur_q1;         // cur of the last cycle
  reg [N-1:0]        st_v, st_dec;   // the last update that tried to commit (legal ID), its sign

  // Combinational view of this cycle.
  reg [N-1:0]        commit, fits;
  reg [N*BW-1:0]     cid;
  reg signed [T+1:0] old_c, new_c;
  reg [N-1:0]        commit_cur, commit_snap;
  wire [BW-1:0]      nxt = (cur == LastBarrier) ? 0 : cur + 1'b1;
  wire [BW-1:0]      snap_b;         // the barrier of a snapshot in this cycle
  reg [N*M*T-1:0]    sh_d;
  reg [N*M-1:0]      sh_open_d;
  reg [M-1:0]        unc_d;
  reg signed [SW-1:0] snap_sum;
  reg [N-1:0]        touched_eff;
  reg [N-1:0]        commit_rb;      // HalfRate: a commit to the completed barrier (d + 1, d + 2)

  always @* begin
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
      commit_snap[i] = commit[i] && (acc_id[i*BW +: BW] == snap_b);
      commit_rb[i]   = commit[i] && (acc_id[i*BW +: BW] == rb_barrier);
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

  // Expected end of the word under inspection (rr: 4c; arb: the count slots of 4e).
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
                           ((1 << (age - Slot0)) - 1));
  end
  wire complete = (snap_open != 0) && (full_at == 0) && (snap_sum == 0);
  // (4f: every decision P cycles later, so every end moves by P)
  wire [AgeW-1:0] next_load = P + ((snap_open == 0) ? 3 : (full_at != 0) ? 4 :
                              (snap_sum != 0) ? 5 + first_one : (M > 1) ? Q + 4 : Q + 6);

  ///////////////////////////////////////////////////////////////////////////
  // arb reference (architecture.md 4e; Sched = 1), from the ports alone:   //
  // dirty bits from the acknowledged commits, the phase sequence, the      //
  // rotated search, the head barrier and the completion cycle.             //
  ///////////////////////////////////////////////////////////////////////////

  localparam [2:0] R_INIT = 3'd0,  // cycles 0..M-1: RAM clearing
                   R_POLL = 3'd1,
                   R_ARB  = 3'd2,  // slot rj of BW
                   R_HEAD = 3'd3,  // head (snapshot) of a_hb
                   R_WORD = 3'd4,  // full slot (age 1), count slot j (age 2 + j)
                   R_GAP1 = 3'd5,  // M = 1: the completion cycle d ...
                   R_GAP2 = 3'd6;  // ... and the idle d+1
  reg [2:0]      rph;
  reg [BW-1:0]   rj;
  reg [BW-1:0]   rstar;       // r* of the last POLL
  reg            from_arb;    // R_HEAD: of CNT2+1+r* (else CNT2+1)
  reg            from_gap;    // R_HEAD: after the M = 1 idle cycle
  reg            poll_load;   // R_POLL right after a clean head (ctl_load high)
  reg            remark;      // R_HEAD right after a full-slot exit: re-mark CNT2
  reg            rdone;       // ctl_done in this cycle
  reg [N*M-1:0]  dref;        // D_i[b] at (i*M + b)
  reg [N-1:0]    sdirty;      // D_i[b] as the last head cleared it
  reg [N-1:0]    racing;      // OR(D_i) at the last POLL
  reg [N*BW-1:0] roff;        // r_i at the last POLL

  // r = (x - base) mod M of the first x at or after base (cyclically) with v[x]; 0 if none.
  function [BW-1:0] first_from(input [M-1:0] v, input [BW-1:0] base);
    integer fk, fx;
    begin
      first_from = 0;
      for (fk = M - 1; fk >= 0; fk = fk - 1) begin
        fx = base + fk;
        if (fx >= M) fx = fx - M;
        if (v[fx]) first_from = fk;
      end
    end
  endfunction

  reg [M-1:0]    dor;         // OR over the PEs
  reg [N-1:0]    dany;        // OR over the barriers (the POLL lines)
  reg [N*BW-1:0] first_i;     // each PE's r_i now
  reg [BW-1:0]   a_hb;        // the barrier of a head in this cycle
  reg [BW-1:0]   a_hb0, a_hb1; // after ARB: the head if bit 0 of r* is 0, and if it is 1
  reg [BW-1:0]   rstar_even;  // r* with bit 0 cleared
  reg [N-1:0]    hdirty;      // D_i[a_hb]
  reg [N*M-1:0]  dref_d;
  reg            a_load;      // ctl_load expected in this cycle (inductive invariant only)
  reg            full_now;    // some FIFO full at the start of this cycle
  integer ai, ab;
  always @* begin
    dor = 0;
    full_now = 1'b0;
    for (ai = 0; ai < N; ai = ai + 1) begin
      dor = dor | dref[ai*M +: M];
      dany[ai] = |dref[ai*M +: M];
      first_i[ai*BW +: BW] = first_from(dref[ai*M +: M], nxt);
      full_now = full_now | (rn[ai*CntW +: CntW] == D);
    end
    a_hb = nxt;
    if (from_arb) a_hb = ({1'b0, nxt} + rstar >= M) ? nxt + rstar - M : nxt + rstar;
    rstar_even = rstar & ~{{(BW-1){1'b0}}, 1'b1};
    a_hb0 = ({1'b0, nxt} + rstar_even >= M) ? nxt + rstar_even - M : nxt + rstar_even;
    a_hb1 = (a_hb0 == LAST_ID) ? {BW{1'b0}} : a_hb0 + 1'b1;
    dref_d = dref;
    for (ai = 0; ai < N; ai = ai + 1) begin
      hdirty[ai] = 1'b0;
      for (ab = 0; ab < M; ab = ab + 1) begin
        // A full-slot exit keeps its barrier: re-marked in s+2, before that cycle's head.
        // Under M = 1 that head is of the same barrier: it sees the re-marked bit and its
        // clear wins (architecture.md 4e; the earlier reading, re-mark after the clear,
        // reported a barrier twice).
        if (ab == a_hb) hdirty[ai] = dref[ai*M + ab] | (remark && sdirty[ai] && ab == cur);
        if (rph == R_HEAD && remark && sdirty[ai] && ab == cur) dref_d[ai*M + ab] = 1'b1;
        if (rph == R_HEAD && ab == a_hb) dref_d[ai*M + ab] = 1'b0;
        if (commit[ai] && acc_id[ai*BW +: BW] == ab) dref_d[ai*M + ab] = 1'b1;
      end
    end
    case (rph)
      R_POLL:  a_load = poll_load;
      R_ARB:   a_load = (rj == 0) ? 1'b1 : ((rstar >> (BW - rj)) & 1'b1);
      R_HEAD:  a_load = from_arb ? rstar[0] : 1'b1;
      default: a_load = 1'b0;
    endcase
  end
  assign snap_b = Arb ? a_hb : nxt;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rph       <= R_INIT;
      rdone     <= 1'b0;
      dref      <= 0;
      sdirty    <= 0;
      from_arb  <= 1'b0;
      from_gap  <= 1'b0;
      poll_load <= 1'b0;
      remark    <= 1'b0;
    end else begin
      dref  <= dref_d;
      rdone <= 1'b0;
      case (rph)
        R_INIT: if (cyc == M - 1) rph <= R_POLL;
        R_POLL: begin
          poll_load <= 1'b0;
          if (dor != 0) begin
            rph    <= R_ARB;
            rj     <= 0;
            rstar  <= first_from(dor, nxt);  // = min over the racing PEs of r_i
            racing <= dany;
            roff   <= first_i;
          end
        end
        R_ARB: begin
          if (rj == BW - 1) begin
            rph      <= R_HEAD;
            from_arb <= 1'b1;
            from_gap <= 1'b0;
            remark   <= 1'b0;
          end else begin
            rj <= rj + 1'b1;
          end
        end
        R_HEAD: begin
          sdirty <= hdirty;
          if (hdirty != 0) begin
            rph <= R_WORD;
          end else begin           // clean: nobody committed to it since its last head
            rph       <= R_POLL;
            poll_load <= 1'b1;
          end
        end
        R_WORD: begin
          from_arb <= 1'b0;
          from_gap <= 1'b0;
          remark   <= 1'b0;
          if (age == 1) begin
            if (full_now) begin
              rph    <= R_HEAD;
              remark <= 1'b1;
            end
          end else if (snap_sum != 0) begin
            if (age == Slot0 + first_one) rph <= R_HEAD;
          end else if (age == Slot0 + Q - 1) begin
            rdone <= 1'b1;
            rph   <= (M > 1) ? R_HEAD : R_GAP1;
          end
        end
        R_GAP1: rph <= R_GAP2;
        R_GAP2: begin
          rph      <= R_HEAD;
          from_gap <= 1'b1;
        end
        default: rph <= R_INIT;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cyc        <= 0;
      loaded     <= 1'b0;
      cur        <= LastBarrier[BW-1:0];
      acc        <= 0;
      acc0       <= 0;
      acc1       <= 0;
      ack4       <= 0;
      ack5       <= 0;
      ack6       <= 0;
      st_v       <= 0;
      sh         <= 0;
      sh_open    <= 0;
      sh_prev    <= 0;
      sh_open_prev <= 0;
      unc        <= 0;
      rb_pending <= 1'b0;
      rb1        <= 1'b0;
      rb2        <= 1'b0;
      rb4        <= 1'b0;
      rb5        <= 1'b0;
      rn         <= 0;
      commit_q1  <= 0;
      commit_q2  <= 0;
      commit_q3  <= 0;
      commit_q4  <= 0;
    end else begin
      if (cyc < M) cyc <= cyc + 1'b1;
      acc0     <= req_valid_i & req_ready;
      acc0_id  <= req_barrier_i;
      acc0_dec <= req_dec_i;
      acc1     <= acc0;
      acc1_id  <= acc0_id;
      acc1_dec <= acc0_dec;
      if (Half) begin   // the commit three cycles after the acceptance
        acc     <= acc1;
        acc_id  <= acc1_id;
        acc_dec <= acc1_dec;
      end else begin
        acc     <= req_valid_i & req_ready;
        acc_id  <= req_barrier_i;
        acc_dec <= req_dec_i;
      end
      ack4     <= acc;
      ack4_id  <= acc_id;
      ack4_dec <= acc_dec;
      fits4    <= fits;
      ack5     <= ack4;
      ack5_id  <= ack4_id;
      fits5    <= fits4;
      ack6     <= ack5;
      ack6_id  <= ack5_id;
      for (i = 0; i < N; i = i + 1) begin
        if (acc[i] && acc_id[i*BW +: BW] < M) begin
          st_v[i]   <= 1'b1;
          st_dec[i] <= acc_dec[i];
        end
      end
      sh      <= sh_d;
      sh_open <= sh_open_d;
      sh_prev      <= sh;
      sh_open_prev <= sh_open;
      touched_d1   <= touched;
      commit_q1 <= commit;
      commit_q2 <= commit_q1;
      commit_q3 <= commit_q2;
      commit_q4 <= commit_q3;
      cid_q1    <= acc_id;
      dec_q1    <= acc_dec;
      cur_q1    <= cur;
      cid_q2    <= cid_q1;
      cid_q3    <= cid_q2;
      cid_q4    <= cid_q3;
      unc     <= unc_d;
      rb1        <= done;
      rb2        <= rb1;
      rb_pending <= Half ? rb2 : done;
      rb4        <= rb_pending;
      rb5        <= rb4;
      if (!Half || done) begin
        rb_touched <= touched_eff;
        rb_barrier <= cur;
        rb_snap    <= snap_val;
      end else if (rb1 || rb2) begin
        // HalfRate: the last commits of the epoch (accepted up to d - 1) come in d + 1, d + 2.
        rb_touched <= rb_touched | commit_rb;
      end
      if (snap) begin
        loaded <= 1'b1;
        age    <= 1;
        cur    <= snap_b;
        for (i = 0; i < N; i = i + 1) begin
          snap_val[i*T +: T] <= sh[(i*M + snap_b)*T +: T];
          snap_open[i]       <= sh_open[i*M + snap_b];
        end
        unc_snap <= unc[snap_b];
        touched  <= commit_snap;
      end else begin
        if (age < Q + P + 7) age <= age + 1'b1;
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
      // rr: {count, full, open} loaded in s+1; arb: the count alone, {sign, sign, count}.
      if (Arb) piso_at = ext >> (a - 2);
      else     piso_at = (a == 2) ? {v, f, o} : (a == 3) ? {v[T-1], v, f} : ext >> (a - 4);
    end
  endfunction
  // Values computed here, outside the blocks with asserts.
  reg [N*(T+1)-1:0] lw_word, rd_word;   // RAM word at the last write's / the read's address
  reg [M-1:0]       open_vec;           // some PE has b open
  // HalfRate: the shadow words (of this cycle: sh, of the last: sh_prev) of the updates in
  // flight, by their age.
  reg [N*(T+1)-1:0] acc_word;           // sh at the committing update's ID (t + 3)
  reg [N*(T+1)-1:0] acc0_word;          // sh at the ID accepted last cycle (t + 1)
  reg [N*(T+1)-1:0] acc1_word;          // sh at t + 2's ID
  reg [N*(T+1)-1:0] ack4_word;          // sh at the acknowledged one's ID (t + 4)
  reg [N*(T+1)-1:0] ack4_pword;         // sh_prev at it (its operand)
  reg [N*(T+1)-1:0] ack5_pword;         // sh_prev at t + 5's ID
  reg [N*(T+1)-1:0] ack6_pword;         // sh_prev at t + 6's ID
  reg [N*(T+1)-1:0] q1_pword;           // sh_prev at the last cycle's commit's ID
  integer ii, bb;
  always @* begin
    lw_word = 0;
    rd_word = 0;
    open_vec = 0;
    acc_word = 0;
    acc0_word = 0;
    acc1_word = 0;
    ack4_word = 0;
    ack4_pword = 0;
    ack5_pword = 0;
    ack6_pword = 0;
    q1_pword = 0;
    for (ii = 0; ii < N; ii = ii + 1) begin
      for (bb = 0; bb < M; bb = bb + 1) begin
        if (acc_id[ii*BW +: BW] == bb)
          acc_word[ii*(T+1) +: T+1] = {sh_open[ii*M + bb], sh[(ii*M + bb)*T +: T]};
        if (acc0_id[ii*BW +: BW] == bb)
          acc0_word[ii*(T+1) +: T+1] = {sh_open[ii*M + bb], sh[(ii*M + bb)*T +: T]};
        if (acc1_id[ii*BW +: BW] == bb)
          acc1_word[ii*(T+1) +: T+1] = {sh_open[ii*M + bb], sh[(ii*M + bb)*T +: T]};
        if (ack4_id[ii*BW +: BW] == bb) begin
          ack4_word[ii*(T+1) +: T+1] = {sh_open[ii*M + bb], sh[(ii*M + bb)*T +: T]};
          ack4_pword[ii*(T+1) +: T+1] = {sh_open_prev[ii*M + bb], sh_prev[(ii*M + bb)*T +: T]};
        end
        if (ack5_id[ii*BW +: BW] == bb)
          ack5_pword[ii*(T+1) +: T+1] = {sh_open_prev[ii*M + bb], sh_prev[(ii*M + bb)*T +: T]};
        if (ack6_id[ii*BW +: BW] == bb)
          ack6_pword[ii*(T+1) +: T+1] = {sh_open_prev[ii*M + bb], sh_prev[(ii*M + bb)*T +: T]};
        if (cid_q1[ii*BW +: BW] == bb)
          q1_pword[ii*(T+1) +: T+1] = {sh_open_prev[ii*M + bb], sh_prev[(ii*M + bb)*T +: T]};

        if (p_lwaddr[ii*BW +: BW] == bb) lw_word[ii*(T+1) +: T+1] = p_mem[(ii*M + bb)*(T+1) +: T+1];
        if (p_wbarrier[ii*BW +: BW] == bb) rd_word[ii*(T+1) +: T+1] = p_mem[(ii*M + bb)*(T+1) +: T+1];
        open_vec[bb] = open_vec[bb] | sh_open[ii*M + bb];
      end
    end
  end
  // HalfRate: dsbc_local_half's serial register {count, full}: the low T + 1 bits of
  // dsbc_rr's {count, full, open} from s + 3 on (the open bit goes on the line in s + 2 from
  // the registered RAM word).
  function [T:0] hpiso_at(input [T-1:0] v, input f, input o, input [AgeW-1:0] a);
    hpiso_at = piso_at(v, f, o, a);
  endfunction
  function [HAccW-1:0] add_acc(input [HAccW-1:0] x, input [HAccW-1:0] y);
    add_acc = x + y;
  endfunction
  // HalfRate: dsbc_fifo's RegFlags = 2 (the fill level as a thermometer, the one-hot write
  // pointer).
  function [D-1:0] therm(input [CntW-1:0] n);
    integer e;
    for (e = 0; e < D; e = e + 1) therm[e] = (e < n);
  endfunction
  function [D-1:0] onehot(input [PtrW-1:0] x);
    onehot = {{(D - 1){1'b0}}, 1'b1} << x;
  endfunction
  // HalfRate: the edge of a step's range (+1: the maximum, -1: the minimum), and the word a
  // taken step leaves.
  function [T-1:0] edge_of(input dec);
    edge_of = dec ? {1'b1, {(T - 1){1'b0}}} : {1'b0, {(T - 1){1'b1}}};
  endfunction
  function [T:0] stepped_word(input [T:0] w, input dec);
    stepped_word = {1'b1, dec ? w[T-1:0] - 1'b1 : w[T-1:0] + 1'b1};
  endfunction
  // now - then in dsbc_rebase_late's AccW bits (HalfRate).
  function [HAccW-1:0] diff_acc(input [T-1:0] now, input [T-1:0] then);
    reg [T:0] dd;
    begin
      dd = {now[T-1], now} - {then[T-1], then};
      diff_acc = dd[HAccW-1:0];
    end
  endfunction
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
        if (Half) begin
          // Acknowledge four cycles after acceptance, refused exactly when the step would
          // leave the T-bit range of the count as of the commit (t + 3), or the ID is >= M.
          assert(ack_valid[i] == ack4[i]);
          assert(ack_refused[i] == (ack4[i] && !fits4[i]));
          // Ready low exactly while clearing, in a snapshot cycle, in d .. d + 4 and in the
          // cycle after an acceptance.
          assert(req_ready[i] == (cleared && !done && !snap && !rb1 && !rb2 && !rb_pending &&
                                  !rb4 && !acc0[i]));
          if (acc0[i]) assert(!req_ready[i]);
        end else begin
          // Acknowledge and refusal.
          assert(ack_valid[i] == acc[i]);
          assert(ack_refused[i] == (acc[i] && !fits[i]));
          // Ready low exactly while clearing, in a completion cycle and in a snapshot cycle.
          assert(req_ready[i] == (cleared && !done && !snap));
        end
        // Reference FIFO.
        assert(rn[i*CntW +: CntW] <= D);
        assert(fifo_valid[i] == (rn[i*CntW +: CntW] != 0));
        if (fifo_valid[i]) assert(fifo_barrier[i*BW +: BW] == rq[i*D*BW +: BW]);
        // A completion never meets a full FIFO.
        if (done) assert(rn[i*CntW +: CntW] < D);
        // Replicated CNT2.
        assert(p_cnt2[i*BW +: BW] == cur);
      end
      if (Arb) begin
        // The arb schedule: heads and completions exactly where the reference puts them
        // (the head's barrier shows on done_barrier from the next cycle: `cur` above).
        assert(snap == (rph == R_HEAD));
        assert(done == rdone);
      end else if (!loaded) begin
        assert(snap == (cyc == M));
        assert(!done);
      end else begin
        // Schedule, and the decision: complete exactly when the snapshot sums to zero.
        assert(age <= next_load);
        assert(snap == (age == next_load));
        assert(done == (complete && age == DoneAge));
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
        // (HalfRate: the RAM is written a cycle after the commit, so it holds sh_prev)
        if (cleared && !Half) begin
          for (b = 0; b < M; b = b + 1)
            assert(p_mem[(i*M + b)*(T+1) +: T+1] == {sh_open[i*M + b], sh[(i*M + b)*T +: T]});
        end
        if (cleared && Half) begin
          for (b = 0; b < M; b = b + 1)
            assert(p_mem[(i*M + b)*(T+1) +: T+1] ==
                   {sh_open_prev[i*M + b], sh_prev[(i*M + b)*T +: T]});
        end
        if (Half) begin  // RegFlags = 2: the thermometer, the one-hot write pointer, full's copy
          assert(p_flvl[i*D +: D] == therm(rn[i*CntW +: CntW]));
          assert(p_fwroh[i*D +: D] == onehot(p_fwr[i*PtrW +: PtrW]));
          assert(p_ffull2[i] == (rn[i*CntW +: CntW] == D));
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
          if (!Half) assert(p_touched[i] == touched[i]);
          if (!Half && age == 1)
            assert(p_snapword[i*(T+1) +: T+1] == {snap_open[i], snap_val[i*T +: T]});
          // The rebase count accumulates the commits since the snapshot: count - snap (until
          // the rebase of the completed word commits: d+1, age Q+5+P under rr and Q+3 under
          // arb; under arb with M > 1 the next head, in d, starts a new snapshot).
          if (!Half && age <= DoneAge + 1)
            assert(p_acc[i*(T+1) +: T+1] == diff_ext(sh[(i*M + cur)*T +: T], snap_val[i*T +: T]));
          // (arb, and rr with Pipe = 1 until d: the PISO shifts the sign in until the next
          // snapshot reloads it)
          if (!Half && age >= 2 && (Arb || age <= DoneAge)) begin
            assert(p_piso[i*(T+2) +: T+2] ==
                   piso_at(snap_val[i*T +: T], full_at[i], snap_open[i], age));
          end
        end
      end
      // The open bits say which barriers have uncovered commits (the rebase of a completion
      // commits one cycle after ctl_done).
      for (b = 0; b < M; b = b + 1) begin
        if ((rb_pending || (Half && (rb1 || rb2))) && rb_barrier == b)
          assert(unc[b] == (rb_touched != 0));
        else                                                  assert(unc[b] == open_vec[b]);
      end
      // The rebase in flight (HalfRate: it commits in d + 3, a word after d's snapshot).
      if (rb_pending) begin
        assert(loaded && age == (Half ? 3 : (M > 1) ? 1 : DoneAge + 1));
        assert(cur == ((M > 1) ? ((rb_barrier == LastBarrier) ? 0 : rb_barrier + 1'b1) : rb_barrier));
      end
      for (i = 0; i < N; i = i + 1) if (!Half) begin
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
        if (loaded && age <= DoneAge && !rb_pending)  // (until the rebase moves the count)
          assert(drift(sh[(i*M + cur)*T +: T], snap_val[i*T +: T]) <= age);
        if (rb_pending)
          assert(drift(sh[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]) <= Q + 5 + P + 2 * Half);
      end
      if (loaded) begin
        assert(unc_snap == (snap_open != 0));
        if (!Arb) begin
          // From s+1 to the completion the FIFOs are only popped.
          for (i = 0; i < N; i = i + 1)
            if (age >= 2 && age <= DoneAge && rn[i*CntW +: CntW] == D) assert(full_at[i]);
          if (Pipe == 0) begin
            if (age == 1) assert(p_phase == 3'd2);
            if (age >= 2 && age < next_load && age < Q + 4) assert(p_phase == 3'd3 && p_cnt1 == age - 2);
            if (age >= 5 && age < next_load && age < Q + 4) assert(p_carry == (low_sum >> (age - 4)));
          end else begin
            // The slot at the pipeline's outputs (slot age - 2 - P) is the one-hot slot_q while
            // the word is being decided; ctl_load's delay line holds only the last ctl_load.
            assert(p_pslot == ((age >= 3 + P && age < next_load && age < DoneAge)
                               ? {{Q{1'b0}}, 1'b1} << (age - 3 - P) : 0));
            assert(p_pcount == (p_pslot[Q:1] != 0));
            assert(p_pld == ((age <= P + 3) ? {{(P+2){1'b0}}, 1'b1} << (age - 1) : 0));
            assert(p_pwait == 0 && !p_pstart);
          end
        end
      end else begin
        assert(cyc <= M);
        if (!Arb) assert(p_phase == ((cyc < M) ? 3'd0 : 3'd1));
        if (Pipe == 1 && !Arb) begin
          assert(p_pslot == 0 && !p_pcount && p_pld == 0);
          assert(p_pwait == ((cyc < M - 1) ? M - 1 - cyc : 0));
          assert(p_pstart == (cyc == M - 1));
        end
        if (cyc < M) assert(p_init_cnt == M - 1 - cyc);
        for (i = 0; i < N; i = i + 1)
          if (cyc < M) assert(p_init_addr[i*BW +: BW] == cyc);
      end
    end
  end

  // HalfRate = 1: dsbc_local_half's state against the reference. Each PE's sums of
  // dsbc_rebase_late run a cycle behind the commits (acc_q holds those of s .. now - 2, so
  // count - snap of the last cycle's shadow); the rebase stages d + 1 .. d + 4; the registered
  // read-modify-write core's stages (a: t + 1 .. d: t + 4) against the reference's update
  // pipeline; the snapshot's word (the RAM's output in s + 1, registered in s + 2) and the
  // serial register.
  if (Half) begin : g_half_inv
    // The core's valid bits and forwarding cases from the reference (conditions of the
    // assertions below: a probe as the bare condition of an assertion loses its driver in
    // Yosys 0.23's `connect -set`).
    reg [N-1:0] hv_a, hv_b, hv_c, hv_d, hv_5, hv_6, h_hitd, h_hitp, h_hitc, h_byp;
    integer hi;
    always @* begin
      for (hi = 0; hi < N; hi = hi + 1) begin
        hv_a[hi] = acc0[hi] && acc0_id[hi*BW +: BW] < M;
        hv_b[hi] = acc1[hi] && acc1_id[hi*BW +: BW] < M;
        hv_c[hi] = acc[hi] && acc_id[hi*BW +: BW] < M;
        hv_d[hi] = ack4[hi] && ack4_id[hi*BW +: BW] < M;
        hv_5[hi] = ack5[hi] && ack5_id[hi*BW +: BW] < M;
        hv_6[hi] = ack6[hi] && ack6_id[hi*BW +: BW] < M;
        h_hitd[hi] = hv_d[hi] && ack4_id[hi*BW +: BW] == acc1_id[hi*BW +: BW];
        h_hitp[hi] = (hv_5[hi] && ack5_id[hi*BW +: BW] == acc1_id[hi*BW +: BW]) ||
                     (hv_6[hi] && ack6_id[hi*BW +: BW] == acc1_id[hi*BW +: BW]);
        h_hitc[hi] = hv_5[hi] && ack5_id[hi*BW +: BW] == acc_id[hi*BW +: BW];
        h_byp[hi]  = loaded && age == 1 && commit_q2[hi] && cid_q2[hi*BW +: BW] == cur;
      end
    end
    always @* begin
      if (f_started) begin
        assert(!(rb1 && rb2) && !(rb1 && rb_pending) && !(rb1 && rb4) && !(rb2 && rb_pending) &&
               !(rb2 && rb4) && !(rb_pending && rb4) && !(done && (rb1 || rb2 || rb_pending)));
        assert(cur < M && (!(rb1 || rb2 || rb_pending || rb4) || rb_barrier < M));
        assert(cyc <= M && (!loaded || cyc == M));
        // (the carries are cleared in s + 1 and advance from count slot 0 on: shorter
        // induction windows than the full-rate jobs' k = 6)
        if (Pipe == 0 && loaded && age >= 2 && age <= 4) assert(p_carry == 0);
        // Before the first snapshot nothing was accepted, and the clearing has zeroed the
        // words below cyc.
        if (!loaded) begin
          assert(acc0 == 0 && acc1 == 0 && acc == 0 && ack4 == 0 && ack5 == 0 && ack6 == 0 &&
                 st_v == 0 && commit_q1 == 0 && commit_q2 == 0 &&
                 sh == 0 && sh_open == 0 && sh_prev == 0 && sh_open_prev == 0 && unc == 0 &&
                 rn == 0 && !rb1 && !rb2 && !rb_pending && !rb4);
          for (i = 0; i < N; i = i + 1)
            for (b = 0; b < M; b = b + 1)
              if (b < cyc) assert(p_mem[(i*M + b)*(T+1) +: T+1] == 0);
        end
        // The rebase stages: no snapshot of the completed barrier before its write (d + 4).
        if (rb1) assert(loaded && age == 1);
        if (rb2) assert(loaded && age == 2);
        if (rb1 || rb2 || rb_pending)
          assert(cur == ((rb_barrier == LastBarrier) ? 0 : rb_barrier + 1'b1));
        if (rb4) begin
          assert(loaded && (age == 4 || (P == 0 && M > 2 && age == 1)));
          if (age == 4) assert(cur == ((rb_barrier == LastBarrier) ? 0 : rb_barrier + 1'b1));
          if (age != 4) assert(cur != rb_barrier &&
                               rb_barrier == ((cur < 2) ? cur + M - 2 : cur - 2));
        end
        for (i = 0; i < N; i = i + 1) begin
          // The reference's own pipeline: the shadow moves only by the last cycle's commit
          // and the rebase (entered in d + 3, so differing in d + 4).
          assert(commit_q1[i] == (ack4[i] && fits4[i]));
          assert(commit_q2[i] == (ack5[i] && fits5[i]));
          if (ack4[i]) assert(cid_q1[i*BW +: BW] == ack4_id[i*BW +: BW] && dec_q1[i] == ack4_dec[i]);
          if (ack5[i]) assert(cid_q2[i*BW +: BW] == ack5_id[i*BW +: BW]);
          if (ack4[i]) assert(fits4[i] == (ack4_id[i*BW +: BW] < M &&
                                           ack4_pword[i*(T+1) +: T] != edge_of(ack4_dec[i])));
          if (commit_q1[i])
            assert({sh_open[i*M + cid_q1[i*BW +: BW]], sh[(i*M + cid_q1[i*BW +: BW])*T +: T]} ==
                   stepped_word(q1_pword[i*(T+1) +: T+1], dec_q1[i]));
          for (b = 0; b < M; b = b + 1)
            if (!(commit_q1[i] && cid_q1[i*BW +: BW] == b) && !(rb4 && rb_barrier == b))
              assert(sh[(i*M + b)*T +: T] == sh_prev[(i*M + b)*T +: T] &&
                     sh_open[i*M + b] == sh_open_prev[i*M + b]);
          // Never two updates in consecutive cycles, none from d to d + 3, none in a
          // snapshot cycle.
          assert(!(acc0[i] && acc1[i]) && !(acc1[i] && acc[i]) && !(acc[i] && ack4[i]) &&
                 !(ack4[i] && ack5[i]) && !(ack5[i] && ack6[i]));
          if (rb1) assert(!acc0[i]);
          if (rb2) assert(!acc0[i] && !acc1[i]);
          if (rb_pending) assert(!acc0[i] && !acc1[i] && !acc[i]);
          if (rb4) assert(!acc0[i] && !acc1[i] && !acc[i] && !ack4[i]);
          if (loaded && age == 1) assert(!acc0[i]);
          if (st_v[i]) assert(p_hstep[i*HAccW +: HAccW] == (st_dec[i] ? {HAccW{1'b1}} : 1));
          if (ack4[i] && ack4_id[i*BW +: BW] < M) assert(st_v[i] && st_dec[i] == ack4_dec[i]);
          if (hv_5[i]) assert(st_v[i]);

          // dsbc_local_half: clearing, ready, the rebase's shift register, the write port.
          assert(p_init_addr[i*BW +: BW] == p_hrebbar[i*BW +: BW]);
          assert(p_hinit2[i] == (cyc + 1 < M));
          assert(p_hosel[i] == (!cleared || rb4));
          assert(p_hoselnx[i] == (cyc + 1 < M || rb_pending));
          assert(p_hnext[i*BW +: BW] == nxt);
          assert(p_hldq[i] == (loaded && age == 1));
          assert(p_hdoneq[i] == rb1);
          assert(p_hdonesh[i*4 +: 4] == {rb4, rb_pending, rb2, rb1});
          assert(p_hrebwrite[i] == rb4);
          if (rb1 || rb2 || rb_pending || rb4) assert(p_hrebbar[i*BW +: BW] == rb_barrier);
          assert(p_haccq[i] == acc0[i]);
          assert(p_hready[i] == (cleared && !rb1 && !rb2 && !rb_pending && !rb4 && !acc0[i]));
          assert(p_hready2[i] == p_hready[i]);
          if ((1 << BW) > M)
            assert(p_hbad[i*4 +: 4] == {ack4[i] && ack4_id[i*BW +: BW] >= M,
                                        acc[i] && acc_id[i*BW +: BW] >= M,
                                        acc1[i] && acc1_id[i*BW +: BW] >= M,
                                        acc0[i] && acc0_id[i*BW +: BW] >= M});

          // dsbc_rmw_half, stage by stage (legal IDs only enter it).
          assert(p_hav[i] == hv_a[i]);
          assert(p_hbv[i] == hv_b[i]);
          assert(p_hcv[i] == hv_c[i]);
          assert(p_hdv[i] == hv_d[i]);
          assert(p_hxce[i] == (hv_c[i] || hv_d[i]));
          assert(p_hlwce[i] == hv_d[i]);
          assert(p_hxv[i] == (hv_d[i] || hv_5[i]));
          if (hv_d[i]) assert(p_hxaddr[i*BW +: BW] == ack4_id[i*BW +: BW]);
          if (hv_5[i]) assert(p_hxaddr[i*BW +: BW] == ack5_id[i*BW +: BW]);
          if (hv_a[i]) assert(p_hfaddr[i*BW +: BW] == acc0_id[i*BW +: BW] && p_hfdec[i] == acc0_dec[i]);
          if (hv_b[i]) assert(p_hfaddr[i*BW +: BW] == acc1_id[i*BW +: BW] && p_hfdec[i] == acc1_dec[i]);
          if (hv_c[i]) assert(p_hkaddr[i*BW +: BW] == acc_id[i*BW +: BW] && p_hkdec[i] == acc_dec[i]);
          if (hv_d[i]) assert(p_hkaddr[i*BW +: BW] == ack4_id[i*BW +: BW] && p_hkdec[i] == ack4_dec[i]);
          // stage a: the RAM's word, unless an update 2, 3 or 4 cycles ahead has not written it
          if (hv_a[i] && !(hv_c[i] && acc_id[i*BW +: BW] == acc0_id[i*BW +: BW]) &&
              !(hv_d[i] && ack4_id[i*BW +: BW] == acc0_id[i*BW +: BW]) &&
              !(ack5[i] && ack5_id[i*BW +: BW] == acc0_id[i*BW +: BW]))
            assert(p_rddata[i*(T+1) +: T+1] == acc0_word[i*(T+1) +: T+1]);
          // stage b: the forwarding compares, and the registered RAM word when neither hits
          if (hv_b[i]) begin
            assert(p_hhitd[i] == h_hitd[i]);
            assert(p_hhitp[i] == h_hitp[i]);
            if (!h_hitd[i] && !h_hitp[i])
              assert(p_hrdq[i*(T+1) +: T+1] == acc1_word[i*(T+1) +: T+1]);
          end
          // the last-write register: the word the last update left (from its stage d on; a
          // rebase entered in t + 4, after a completion in t + 1, changes the word after it)
          if (hv_5[i]) assert(p_hlw[i*(T+1) +: T+1] == ack5_pword[i*(T+1) +: T+1]);
          if (hv_6[i] && !(rb5 && rb_barrier == ack6_id[i*BW +: BW]))
            assert(p_hlw[i*(T+1) +: T+1] == ack6_pword[i*(T+1) +: T+1]);
          // stage c: the operand is the word as of the commit; the refusal from the range
          // check's groups, or (forwarded from stage d) from rh_q
          if (hv_c[i]) begin
            assert(p_hhitc[i] == h_hitc[i]);
            assert(p_hopnd[i*(T+1) +: T+1] == acc_word[i*(T+1) +: T+1]);
            if (!h_hitc[i]) assert((&p_hedge[i*(HG+1) +: HG+1]) == !fits[i]);
            if (h_hitc[i])  assert(p_hrh[i] == !fits[i]);
          end
          // stage d: refusal, write enable and word; the core groups of its operand
          if (hv_d[i]) begin
            assert(p_hrefq[i] == !fits4[i]);
            assert(p_hwrword[i*(T+1) +: T+1] == ack4_word[i*(T+1) +: T+1]);
            if (fits4[i])  assert(p_hres[i*(T+1) +: T+1] == ack4_word[i*(T+1) +: T+1]);
            if (!fits4[i]) assert(p_hopnd[i*(T+1) +: T+1] == ack4_word[i*(T+1) +: T+1]);
            assert((&p_hcore[i*(HGC+1) +: HGC+1]) ==
                   (ack4_word[i*(T+1) +: T] == edge_of(ack4_dec[i])));
          end
          assert(p_hwe[i] == commit_q1[i]);
          assert(p_hany[i] == (commit_q1[i] || !cleared || rb4));

          // dsbc_rebase_late: the registered compares of the last cycle's commit, the
          // snapshot's bypass (the pipeline's write of s, i.e. the commit of s - 1)
          if (commit_q1[i]) begin
            assert(p_hmcur[i] == (cid_q1[i*BW +: BW] == cur_q1));
            assert(p_hmnext[i] == (cid_q1[i*BW +: BW] == ((cur_q1 == LastBarrier) ? 0 : cur_q1 + 1'b1)));
            if (rb2 || rb_pending || rb4) assert(p_hmreb[i] == (cid_q1[i*BW +: BW] == rb_barrier));
          end
          if (!(loaded && age == 1)) assert(p_hcollp[i] == (hv_d[i] && ack4_id[i*BW +: BW] == nxt));
          assert(p_hbypp[i] == h_byp[i]);
          assert(p_hpend[i] == (rb2 && commit_q2[i] && cid_q2[i*BW +: BW] == rb_barrier));
          // No commit in d + 3 .. d + 4: the rebase is the epoch's last write.
          if (rb_pending || rb4) assert(!acc[i]);
          if (loaded && age >= 2) begin
            assert(p_hacc[i*HAccW +: HAccW] ==
                   diff_acc(sh_prev[(i*M + cur)*T +: T], snap_val[i*T +: T]));
            assert(p_htouched[i] == touched_d1[i]);
          end
          // In d + 1 the completed word's sums (through d - 1) are still in acc_q / touched_q;
          // from d + 2 they are in reb_acc_q / reb_touched_q, d's commit added in d + 3
          // (pend_q), those of d + 1 and d + 2 in d + 3 and d + 4.
          if (rb1) begin
            assert(p_hacc[i*HAccW +: HAccW] ==
                   diff_acc(sh_prev[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]));
            assert(p_htouched[i] == touched_d1[i]);
          end
          if (rb2)
            assert(add_acc(p_hrebacc[i*HAccW +: HAccW], (rb2 && commit_q2[i] && cid_q2[i*BW +: BW] == rb_barrier) ? p_hstep[i*HAccW +: HAccW] : 0) ==
                   diff_acc(sh_prev[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]));
          // (the rebase's count fits T bits: it is written in d + 4 from the narrow sum)
          if (rb1) assert(drift(sh[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]) <= Q + 5 + P);
          if (rb2) assert(drift(sh[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]) <= Q + 6 + P);
          if (rb4) assert(drift(sh_prev[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]) <= Q + 7 + P);
          if (rb_pending || rb4)
            assert(p_hrebacc[i*HAccW +: HAccW] ==
                   diff_acc(sh_prev[(i*M + rb_barrier)*T +: T], rb_snap[i*T +: T]));
          if (rb2 || rb_pending || rb4)
            assert((p_hrebtouched[i] || (commit_q1[i] && cid_q1[i*BW +: BW] == rb_barrier)) ==
                   rb_touched[i]);

          // The snapshot: the RAM's word in s + 1 (or the bypass from the last-write
          // register), registered in s + 2, where its open bit goes on the line; the serial
          // register {count, full} from s + 3.
          assert(p_hld1[i] == (loaded && age == 1));
          assert(p_hld2[i] == (loaded && age == 2));
          if (loaded && age == 1) begin
            // (no `else` around an assertion: Yosys 0.23 leaves its condition undriven)
            if (h_byp[i])  assert(p_hlw[i*(T+1) +: T+1] == {snap_open[i], snap_val[i*T +: T]});
            if (!h_byp[i]) assert(p_rddata[i*(T+1) +: T+1] == {snap_open[i], snap_val[i*T +: T]});
          end
          if (loaded && age == 2) begin
            assert(p_hrdq[i*(T+1) +: T+1] == {snap_open[i], snap_val[i*T +: T]});
            assert(p_hfulls[i] == full_at[i]);
            assert(p_hpiso[i*(T+1) +: T+1] == 0);
          end
          if (loaded && age >= 3 && age <= DoneAge)
            assert(p_hpiso[i*(T+1) +: T+1] ==
                   hpiso_at(snap_val[i*T +: T], full_at[i], snap_open[i], age));
        end
      end
    end
  end

  // arb: the RTL's scheduler state against the reference (Sched = 1).
  reg [2:0] exp_lstate;
  reg       race_hit;
  always @* begin
    case (rph)
      R_POLL:  exp_lstate = poll_load ? 3'd3 : 3'd0;   // L_FULL + ctl_load, or L_POLL
      R_ARB:   exp_lstate = (rj == 0) ? 3'd0 : 3'd1;   // L_POLL + ctl_load, or L_ARB
      R_HEAD:  exp_lstate = from_arb ? 3'd2 : from_gap ? 3'd5 : 3'd4;
      R_WORD:  exp_lstate = (age == 1) ? 3'd3 : 3'd4;  // L_FULL, L_COUNT
      R_GAP1:  exp_lstate = 3'd4;
      R_GAP2:  exp_lstate = 3'd5;                      // L_IDLE
      default: exp_lstate = 3'd0;
    endcase
    race_hit = 1'b0;
    for (ai = 0; ai < N; ai = ai + 1)
      race_hit = race_hit | (racing[ai] && roff[ai*BW +: BW] == rstar);
  end
  // (a generate block: under rr these statements do not exist, so they are not counted)
  if (Arb) begin : g_arb_inv
    always @* begin
      if (f_started && Arb) begin
        assert((rph == R_INIT) == (cyc < M));
        assert(cyc <= M && cur < M && (!rb_pending || rb_barrier < M));
        assert(rph <= R_GAP2);
        assert(p_aload == a_load);
        assert(p_acnt2 == cur);
        case (rph)
          R_INIT:  assert(p_astate == 3'd0);
          R_POLL:  assert(p_astate == 3'd1);
          R_ARB:   assert(p_astate == 3'd2 && p_acnt == rj);
          R_HEAD:  assert(p_astate == 3'd3 && p_aheadarb == from_arb);
          R_WORD:  assert(p_astate == ((age == 1) ? 3'd4 : 3'd5));
          R_GAP1:  assert(p_astate == 3'd6);
          R_GAP2:  assert(p_astate == 3'd7);
          default: ;
        endcase
        if (rph == R_WORD || rph == R_GAP1 || rph == R_GAP2 || (rph == R_HEAD && !from_arb))
          assert(loaded);
        if (rph == R_WORD) begin
          assert(age >= 1 && age <= Slot0 + Q - 1);
          assert(sdirty != 0);
          if (snap_sum != 0) assert(age <= Slot0 + first_one);
          if (age >= 2) assert(p_acnt == age - 2 && full_at == 0);
          if (age >= Slot0 + 1) assert(p_carry == (low_sum >> (age - Slot0)));
          for (i = 0; i < N; i = i + 1)
            if (age >= 2) assert(rn[i*CntW +: CntW] < D);
        end
        if (rdone) begin
          assert(age == DoneAge && sdirty != 0 && full_at == 0 && snap_sum == 0);
          assert((M > 1) ? (rph == R_HEAD && !from_arb && !from_gap && !remark) : (rph == R_GAP1));
        end
        if (rph == R_GAP1 || rph == R_GAP2) assert(M == 1);
        if (rph == R_GAP2) assert(age == DoneAge + 1);
        if (rph == R_HEAD && from_gap) assert(M == 1 && age == DoneAge + 2 && !from_arb && !remark);
        if (rph == R_HEAD && remark) assert(age == 2 && !from_arb && sdirty != 0);
        if (rph == R_ARB || (rph == R_HEAD && from_arb)) begin
          assert(rstar < M && race_hit);
          for (i = 0; i < N; i = i + 1)
            if (racing[i]) assert(roff[i*BW +: BW] >= rstar && roff[i*BW +: BW] < M);
        end
        if (rph == R_ARB) begin
          assert(rj < BW);
          // r* bits decided so far: global (low rj bits of rstar_q) and local (rhi, one behind)
          assert(((p_arstar ^ (rstar >> (BW - rj))) & ((1 << rj) - 1)) == 0);
          for (i = 0; i < N; i = i + 1)
            assert(p_amask[i] == (racing[i] &&
                   (roff[i*BW +: BW] >> (BW - rj)) == (rstar >> (BW - rj))));
        end
        if (rph == R_HEAD && from_arb) assert(p_arstar == rstar);
        for (i = 0; i < N; i = i + 1) begin
          // A dirty bit stands for a commit after the barrier's last head, which no completion
          // covers yet: so its open bit is set (and a dirty head has an open snapshot).
          for (b = 0; b < M; b = b + 1)
            if (dref[i*M + b]) assert(sh_open[i*M + b]);
          if (sdirty[i]) assert(snap_open[i]);
          // Until its next head, the dirty bit of the word's barrier is its `touched` (a
          // full-slot exit re-marks it in the next head cycle; the rebase copies touched).
          if (rph == R_WORD || rph == R_GAP1 || rdone) assert(dref[i*M + cur] == touched[i]);
          if (rb_pending) assert(dref[i*M + rb_barrier] == rb_touched[i]);
          assert(p_dirty[i*M +: M] == dref[i*M +: M]);
          assert(p_lsdirty[i] == sdirty[i]);
          assert(p_lstate[i*3 +: 3] == exp_lstate);
          assert(p_lfirst[i] == ((rph == R_WORD && age == 2) || (rph == R_HEAD && remark)));
          if (rph == R_ARB) begin
            assert(p_lracing[i] == racing[i]);
            assert(p_lr[i*BW +: BW] == ((roff[i*BW +: BW] << rj) & ((1 << BW) - 1)));
            if (rj != 0) begin
              assert(p_larbj[i*BW +: BW] == rj);
              if (BW > 1) assert(p_lrhi[i*RhiW +: RhiW] == (rstar >> (BW - rj + 1)));
            end
          end
          if (rph == R_HEAD && from_arb && BW > 1) assert(p_lrhi[i*RhiW +: RhiW] == (rstar >> 1));
          // The registers that copy functions of CNT2, and the two head candidates written in
          // the last ARB slot (the head is b1 when bit 0 of r* is 1, else b0; b1 = b0 + 1).
          for (b = 0; b < M; b = b + 1) assert(p_lafter[i*M + b] == (cur < b));
          assert(p_lsucc[i*BW +: BW] == nxt);
          if (rph == R_HEAD && from_arb) begin
            assert(p_lb0[i*BW +: BW] == a_hb0);
            assert(p_lb1[i*BW +: BW] == a_hb1);
            assert((rstar[0] ? a_hb1 : a_hb0) == a_hb);
          end
        end
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
  // HalfRate: the cases its pipeline handles apart (a commit written in the snapshot cycle,
  // through the write-first bypass; an operand forwarded from the update accepted 2 (stage d),
  // 3 and 4 (the last-write register) cycles earlier; a commit to the completed barrier in
  // d + 1 and one in d + 2, which its rebase counts).
  reg [N-1:0] c_byp, c_fwd2, c_fwd3, c_fwd4, c_late, c_late2;
  always @* begin
    for (i = 0; i < N; i = i + 1) begin
      neg_any[i] = snap_val[i*T + T - 1];
      c_byp[i]  = snap && commit_q1[i] && cid_q1[i*BW +: BW] == snap_b;
      c_fwd2[i] = commit[i] && commit_q2[i] && cid_q2[i*BW +: BW] == acc_id[i*BW +: BW];
      c_fwd3[i] = commit[i] && commit_q3[i] && cid_q3[i*BW +: BW] == acc_id[i*BW +: BW];
      c_fwd4[i] = commit[i] && commit_q4[i] && cid_q4[i*BW +: BW] == acc_id[i*BW +: BW];
      c_late[i] = rb1 && commit_rb[i];
      c_late2[i] = rb2 && commit_rb[i];
    end
  end
  always @(posedge clk_i) begin
    if (f_started) begin
      // A completion with a negative count in it (the refusals at the edges of T are covered
      // by the summation jobs: reaching them here takes 2^(T-1) commits).
      // (N = 1: a zero sum has no negative count; a completion then)
      cover(done && (neg_any != 0 || N == 1));
      if (Arb) begin
        // the search skipped a clean barrier (M = 1 has only r* = 0)
        if (M > 1) cover(rph == R_HEAD && from_arb && rstar != 0);
        // a full-slot exit, re-marked (FifoDepth 1: the next dirty head after a completion
        // finds the FIFO full unless the PE popped; deeper FIFOs make the cover long)
        if (D == 1) cover(rph == R_HEAD && remark);
      end
      if (Half) begin
        cover(c_byp != 0);
        cover(c_fwd2 != 0);
        cover(c_fwd3 != 0);
        cover(c_fwd4 != 0);
        cover(c_late != 0);
        cover(c_late2 != 0);
      end
    end
  end
`endif

endmodule

`default_nettype wire
