// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/pairarb.md): ONE local block serving TWO phase-locked PEs,
// A and B, under an arb-like scheduler (arblean.md's race before every word), with ONE
// scheduler per pair. It is feas_pair_local (pair.md) with arblean's scheduling:
// - count words: T bits (no open bit), 2M words {pe, barrier} in ONE dsbc_ram_dp (one
//   SB_RAM40_4K at M = 32, T = 16), one shared read-modify-write pipeline (feas_pair_rmw,
//   unchanged; its open bit is fed 0 and dropped), per-PE rebase accumulators
//   (feas_pair_acc, unchanged);
// - ONE dirty bitmap per pair (feas_bitmap_ram, the second SB_RAM40_4K): bit D[b] is set by
//   a commit of EITHER PE and cleared after the pair's race winner's head, by ONE
//   feas_arb_lean_ctl (unchanged, HoldRace = 0: it tracks the sets to the raced word after
//   its read and keeps D[b*] set on a commit to b* in the head cycle, which the block hands
//   it only for A's commits, after the cut: see "CHANGED (pairunit)" below);
// - ONE completed-ID FIFO storage for both PEs: words 128.. of the dirty-bit RAM, written
//   once per completion; two feas_ram_fifo (unchanged) with the same Base keep their own
//   read pointer and head register (their write pointers are equal: the same pushes, and no
//   push ever meets a full FIFO under this contract, since the F slot aborts the race).
// Not a product block: no model, oracle, formal harness or global block for this contract.
//
// Cycle 0 is the first cycle with rst_ni high; the phase of a cycle is its parity.
//
// CONTRACT AT THE PORTS (p, a, t, s, d as in arblean.md section 2):
// - PE side (per PE, as feas_pair_local): A accepted only in even cycles, B only in odd
//   ones; an update accepted in k is committed (or refused at the count's edge) in k + 3,
//   written in k + 4 and acknowledged in k + 4. Ready is low for both PEs during the
//   clearing (cycles 0 .. 2M - 1) and in t - 1 (the last group slot), t + 3 (the third bit
//   slot, s - 2), s and s + 1 (the count RAM's read port: A's word in s, B's in s + 1), and
//   for A in d .. d + 4, for B in d .. d + 5 (the rebases, as feas_pair_local). Each PE
//   loses only the cycles of its own phase among these.
// - Race slots (POLL, WRAP, group slots, F, bit slots, head s, s + 1): exactly arblean.md's
//   contract with the pair as ONE participant, on A's line (a_rr_bit_o); b_rr_bit_o is 0
//   in every race slot (the global block ORs the lines). The dirty set is the pair's: D[x]
//   = some commit of A or B to x since x's last head. The F slot carries "A's or B's FIFO
//   full" (before the completion's push: see below).
// - CHANGED (both): the dirty bit of a commit in t or t + 1 is set one cycle late (the
//   dirty RAM's read in t and its single write port: a commit in t is written in t + 1, one
//   in t + 1 in t + 2; ready low in t - 1 leaves t + 2 free). A commit in t or t + 1 is thus
//   seen by the race's slots one cycle later than any other commit (after t it is not a
//   candidate of this race anyway). A commit to b* in s keeps D[b*] set (as arblean's
//   HoldRace = 0); no commit in s + 1 (ready low in s - 2).
// - CHANGED (against arblean): snapshot cut of pair.md: the count words of b* hold every
//   commit of cycles < s' (s' = s for odd s, s + 1 for even s); D[b*] is cleared at s + 1
//   unless a commit to b* after the cut fell in s, so a commit after the cut always leaves
//   D[b*] set.
// - CHANGED (pairunit, 2026-11-29): for even s, B's commit to b* in s is in the snapshot and
//   no longer keeps D[b*] set. It used to ("one spare word, never a lost change"), but the
//   spare word then ran on no change, and when b*'s global sum was zero it completed b* a
//   second time: a duplicate, illegal completion (the unit's self-check, pairunit.md).
// - CHANGED (against arblean: +1 cycle per word): count slots start in s + 3, not s + 2:
//   count bit j of each PE's snapshot on its own line in s + 3 + j (sign-extended for
//   ever); s + 1 and s + 2 are dead (both lines 0). The global block's earliest ctl_load
//   after a head is s + 4 (exit on bit 0); a completion is ctl_done in d = s + 3 + Q (with
//   ctl_load: d is a POLL). A's line is one LUT of the PISO's flip-flop / the control; B's
//   bit 0 comes from the registered RAM word (as feas_pair_local's open slot).
// - CHANGED (against both): the completion's push is written to the FIFO storage in d + 3
//   (the dirty RAM's write port is free then: no commit, ready low d .. d + 4), so a
//   completed ID is visible on fifo_valid from d + 6 at the earliest (two cycles after
//   arblean's, whose push is in d); FIFO full counts it
//   from d + 3, before the next F slot (t >= d + 3). One pop per 3 cycles per PE at most;
//   the two FIFOs share the RAM's read port with the race's read (A first, then B).
// - Rebase (as feas_pair_local): count <- count - snap, A's written in d + 4, B's in d + 5;
//   the next head is at d + 8 or later (M = 32), so it reads the rebased words.
// - Restrictions of this build: M a power of two and a multiple of 16, 32 .. 128 (the FIFO
//   words from 128); T <= 16 for one count RAM (wider works, more RAMs).
// - RegLines = 1 (pairunit.md "Registered lines"; default 0: all of the above unchanged):
//   both serial lines come straight from flip-flops (the line of cycle x is on the port in
//   x + 1) and the global block registers them again, so the decision about a slot is
//   ctl_load R = 2 cycles later than above. Every race slot (WRAP, group, F, bit slots,
//   head) waits R cycles for the previous decision (feas_arb_lean_ctl's RegLines): with
//   p the POLL whose hit starts the word, a = p + 3, group slots a + 3 .. a + 3 GW,
//   t = a + 3 (GW + 1), bit slots t + 3 .. t + 12, s = t + 15; count bit j on the port in
//   s + 4 + j, the word's ctl_load in s + 6 + j at the earliest. No commit is delayed (the
//   held set of t, t + 1 is not used): ready is low in t - 3 (the last group slot: no commit
//   in t, the dirty word's read) and in s - 2 .. s + 1 (no commit in s + 1), not in t - 1
//   nor t + 3. PE side, count RAM, rebases, FIFOs: as above, relative to s and d.
// - RegLines = 2 (pairunit.md section 8): the schedule of RegLines = 1, cycle for cycle at the
//   ports (checked in lockstep by the unit's self-check), with the wait cycles doing the work:
//   a_line_q / b_line_q take ctl_load ? (candidate for 1) : (candidate for 0), both from the
//   control's line0 / line1 (registered bit-slot candidates) and the PISOs; the dirty set of a
//   commit in the head cycle s is deferred to s + 2 (hs_q, hs_b_q, hs_bar_q taken in s; ap_q,
//   ap_oh_q: the cut decided in s + 1 from CNT2 = b*), so that no dirty-bit logic depends on
//   ctl_load; fixm_q holds the dirty RAM's mask one cycle early for everything but the commit
//   in stage c (the RAM, an SB_RAM40_4K with -DFEAS_ICE40_PRIMITIVE, writes by the mask
//   alone); bp_q is ready's busy term without ctl_done, one flip-flop; both FIFOs have Fast
//   = 1 (registered full / non-empty flags). Simulation assertions compare each of these with
//   what it replaces, every cycle.
// - Section 11 (pairunit.md; RegLines = 2 only, the same schedule): every input of the dirty
//   RAM from flip-flops (mask incl. the commit, write address and data; WE = no refusal in
//   stage c; read enable tied high, read address one LUT after flip-flops), the control's
//   dirty set from flip-flops (sv_q, sb_q), both FIFOs with Fast = 2. Asserted as above.
// - OvlHeadCut = 1 (ovlrtl.md 18; Overlap = 1, OvlPipeEnd = 2 only): B's snapshot is cut where
//   A's is, at the head cycle s, for both parities of s: both count words of b* hold every
//   commit of cycles < s (B's commit of an even s is AFTER the cut: it sets D[b*] and goes to
//   B's rebase accumulator, loaded in s + 1 like A's). The count RAM has one read port, taken
//   by A's word in s, so B's words are kept twice: in the count RAM (the read-modify-write
//   reads them there) and in a copy of M words, the second read port (one more SB_RAM40_4K per
//   pair), read in s at b*. The copy takes every write of B's half, and B's rebase already in
//   d + 4 with A's (the count RAM writes it in d + 5: one write port), so that a head in d + 4
//   sees both rebased words, as a head in d + 4 saw them when B was read in s + 1. A write of
//   the copy in s to b* (B's commit of s - 1, or the rebase) is bypassed. B's PISO loads the
//   word in s + 1 and holds it in s + 2; the lines are unchanged (bit 0 in s + 3). 17a took
//   this read to be what one header slot needs; it is not (ovlrtl.md 18: B's word read in s + 1
//   is in the RAM's output register in s + 2, early enough for bit 0 there). Cost at N = 16:
//   +264 LCs and 8 block RAMs, more than the HX8K has (ovlrtl.md 18).

`default_nettype none

module feas_pair_arb_local #(
  parameter integer NumPes      = 16,  // N of the unit (bounds the rebase sum's width)
  parameter integer NumBarriers = 32,  // M
  parameter integer CountBits   = 16,  // T
  parameter integer FifoDepth   = 8,   // a power of two <= 128
  parameter integer RegLines    = 0,   // 1: registered lines (header)
  parameter integer Overlap     = 0,   // 1 (with RegLines = 2): the overlap contract (ovlrtl.md)
  parameter integer OvlPipeEnd  = 0,   // Overlap: 2 = the pipelined word end (ovlrtl.md 15)
  parameter integer OvlDead     = 2,   // 1 (Overlap, OvlPipeEnd = 2): one header slot, count bit
                                       // j in s + 2 + j (ovlrtl.md 18b)
  parameter integer OvlHeadCut  = 0,   // 1 (Overlap, OvlPipeEnd = 2): both PEs' snapshots cut in
                                       // the head cycle s, B's word from a copy (ovlrtl.md 18)
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // PE A (even cycles)
  input  wire                a_req_valid_i,
  input  wire [BarrierW-1:0] a_req_barrier_i,
  input  wire                a_req_dec_i,
  output wire                a_req_ready_o,
  output wire                a_ack_valid_o,
  output wire                a_ack_refused_o,
  output wire                a_fifo_valid_o,
  output wire [BarrierW-1:0] a_fifo_barrier_o,
  input  wire                a_fifo_pop_i,
  output wire                a_rr_bit_o,
  // PE B (odd cycles)
  input  wire                b_req_valid_i,
  input  wire [BarrierW-1:0] b_req_barrier_i,
  input  wire                b_req_dec_i,
  output wire                b_req_ready_o,
  output wire                b_ack_valid_o,
  output wire                b_ack_refused_o,
  output wire                b_fifo_valid_o,
  output wire [BarrierW-1:0] b_fifo_barrier_o,
  input  wire                b_fifo_pop_i,
  output wire                b_rr_bit_o,
  // the two broadcasts
  input  wire                ctl_load_i,
  input  wire                ctl_done_i,
  output wire                snap_o,           // observability: head (s) now
  // Overlap = 1 (ovlrtl.md 11): the unit's one slot sequencer (feas_ovl_seq.bus_o); unused
  // (and may be left open) otherwise
  input  wire [3*BarrierW+NumBarriers/4+19:0] ovl_seq_i,
  // ... and its precomputed slot (feas_ovl_seq.pre_o, ovlrtl.md 12)
  input  wire [4*(NumBarriers/4+BarrierW+15):0] ovl_pre_i,
  // ... and its {tail, word} registers (feas_ovl_seq.tl_o; OvlPipeEnd, ovlrtl.md 15)
  input  wire [1:0]          ovl_tl_i,
  // ... and its tail flags per value of the broadcast (feas_ovl_seq.pef_o; OvlPipeEnd = 2,
  // ovlrtl.md 16b)
  input  wire [11:0]         ovl_pef_i
);

  localparam integer T    = CountBits;
  localparam integer Q    = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer AccW = $clog2(Q + 14) + 1;
  localparam integer AW   = BarrierW + 1;
  localparam [AW-1:0] LAST_CLR = {AW{1'b1}};  // 2M - 1

  ////////////////////////////////
  // Phase, clearing, delays    //
  ////////////////////////////////

  reg [BarrierW-1:0] cnt2_q;
  reg          phase_q, init_q;
  reg [AW-1:0] clr_q;         // clearing address, then {rw_b, completed barrier}
  reg          h1_q, h2_q, h3_q;   // head 1, 2, 3 cycles ago
  reg [3:0]    st_q;          // st_q[j]: stall (t - 1) j + 1 cycles ago (t, t+1, t+2, t+3)
  reg [4:0]    dsh_q;         // dsh_q[j]: ctl_done j + 1 cycles ago
  reg          cnt_q;         // count slots (s + 3 .. the word's ctl_load)
  wire [BarrierW-1:0] reb_bar = clr_q[BarrierW-1:0];

  wire                head, stall;
  wire [BarrierW-1:0] head_addr;
  // cnt2_q's load: head, or at Overlap with OvlPipeEnd = 2 the sequencer's head without
  // !init_q (ovlrtl.md 16f; the same in every cycle: no head during the clearing, asserted in
  // g_ovl), the load of feas_ovl_pair's own CNT2 copy: the two registers are then one (Yosys
  // merges them), 5 flip-flops a pair fewer
  wire                c2_ld;
  // Overlap = 1: ctl_done also carries race decisions (radix-4 digits, NEXT); a completion is
  // ctl_done in a word's exit only (feas_ovl_pair's cmpl). Overlap = 0: ctl_done itself.
  wire                ovl_cmpl;
  wire                cdone = (Overlap != 0) ? ovl_cmpl : ctl_done_i;
  // OvlPipeEnd (overlap.md 13, ovlrtl.md 15): pe_eh, a head that leaves the running word as the
  // tail (its exit after this head); pe_tc, a completion that is the tail's (CNT2 is then the
  // new word's barrier). The tail's barrier goes to clr_q at pe_eh (CNT2 is still the tail's
  // then), not at its completion: the rebase, the FIFO push and the rebase accumulator's
  // barrier compare (reb_bar) take the tail's own barrier. Both 0 without the rule.
  wire                pe_eh, pe_tc;
  reg                 pe_eh1_q, pe_tc1_q;  // pe_eh / pe_tc one cycle ago
  // pe_nc: a completion that is not the tail's (cdone && !pe_tc); at OvlPipeEnd = 2 selected
  // with pe_eh and pe_tc from the sequencer's flags per broadcast value (ovlrtl.md 16b): the
  // enable of clr_q and the rebase compare's select (pe_eh || pe_nc) was the head's 4:1 select,
  // pe_eh's terms and the OR after the broadcast, the worst path of two N = 16 placements
  wire                pe_nc_f;
  wire                pe_nc = (OvlPipeEnd == 2) ? pe_nc_f : (cdone && !pe_tc);

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= 1'b0;
      init_q  <= 1'b1;
      clr_q   <= {AW{1'b0}};
      h1_q    <= 1'b0;
      h2_q    <= 1'b0;
      h3_q    <= 1'b0;
      st_q    <= 4'd0;
      dsh_q   <= 5'd0;
      cnt_q   <= 1'b0;
      cnt2_q  <= {BarrierW{1'b1}};
      pe_eh1_q <= 1'b0;
      pe_tc1_q <= 1'b0;
    end else begin
      pe_eh1_q <= pe_eh;
      pe_tc1_q <= pe_tc;
      phase_q <= !phase_q;
      if (init_q) begin
        init_q <= (clr_q != LAST_CLR);
        clr_q  <= clr_q + 1'b1;
      end else begin
        clr_q[AW-1] <= dsh_q[3];
        if (pe_eh || pe_nc) clr_q[BarrierW-1:0] <= cnt2_q;
      end
      h1_q  <= head;
      h2_q  <= h1_q;
      h3_q  <= h2_q;
      st_q  <= {st_q[2:0], stall};
      dsh_q <= {dsh_q[3:0], cdone};
      if (ctl_load_i)  cnt_q <= 1'b0;
      else if ((OvlDead == 1) ? h1_q : h2_q) cnt_q <= 1'b1;
      if (c2_ld) cnt2_q <= head_addr;
    end
  end

  wire busy_dec = init_q || head || h1_q || stall || ((RegLines == 0) && st_q[3]) || cdone ||
                  (|dsh_q[3:0]);
  // RegLines = 2: busy without ctl_done_i as ONE flip-flop, from the next cycle's terms (the
  // control's busy_nx: its head or stall next cycle; h1 next = head; dsh_q shifted)
  wire ctl_busy_nx;
  reg  bp_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) bp_q <= 1'b1;
    else         bp_q <= (init_q && (clr_q != LAST_CLR)) || ctl_busy_nx || head || (|{dsh_q[2:0], ctl_done_i});
  end
  wire busy = ((RegLines >= 2) && (Overlap == 0)) ? (bp_q || ctl_done_i) : busy_dec;
  assign a_req_ready_o = !phase_q && !busy;
  assign b_req_ready_o = phase_q && !busy && !dsh_q[4];
  wire acc_a = a_req_valid_i && a_req_ready_o;
  wire acc_b = b_req_valid_i && b_req_ready_o;
  assign snap_o = head;

  ////////////////////////////////////
  // Count RAM and shared pipeline  //
  ////////////////////////////////////

  wire [T-1:0]        rd_data;
  wire [T:0]          rd_q, d_word, reb_word_a, reb_word_b;
  wire [T:0]          a_word;  // rd_q's next value (OvlDead = 1: B's bit 0 in s + 2)
  wire                d_valid, d_refused, d_dec, c_valid, c_refused;
  wire [BarrierW-1:0] c_bar, d_bar;
  wire                b_valid;  // stage b (section 11: the registered dirty-RAM mask)
  wire                ctl_head_nx;  // the control's head next cycle (section 11)
  wire [BarrierW-1:0] b_bar;

  wire [AW-1:0] rd_addr = head ? {1'b0, head_addr}
                        : h1_q ? {1'b1, cnt2_q}
                        : {phase_q, phase_q ? b_req_barrier_i : a_req_barrier_i};
  reg  wen_q, osel_q;
  wire init_nx = init_q && (clr_q != LAST_CLR);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wen_q  <= 1'b1;
      osel_q <= 1'b1;
    end else begin
      wen_q  <= init_nx || dsh_q[2] || dsh_q[3] || c_valid;
      osel_q <= init_nx || dsh_q[2] || dsh_q[3];
    end
  end
  wire          rw_b    = dsh_q[4];
  wire [AW-1:0] wr_addr = osel_q ? clr_q : {phase_q, d_bar};
  wire [T-1:0]  wr_data = !osel_q ? d_word[T-1:0] : rw_b ? reb_word_b[T-1:0] : reb_word_a[T-1:0];
  wire          coll    = wen_q && (wr_addr == rd_addr);

  dsbc_ram_dp #(.Depth(2 * NumBarriers), .Width(T), .AddrW(AW)) u_ram (
    .clk_i(clk_i), .wr_en_i(wen_q), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
    .rd_addr_i(rd_addr), .rd_data_o(rd_data)
  );

  feas_pair_rmw #(.CountBits(T), .BarrierW(BarrierW)) u_rmw (
    .clk_i(clk_i), .rst_ni(rst_ni), .op_valid_i(acc_a || acc_b),
    .op_barrier_i(phase_q ? b_req_barrier_i : a_req_barrier_i),
    .op_dec_i(phase_q ? b_req_dec_i : a_req_dec_i),
    .rd_data_i({1'b0, rd_data}), .coll_i(coll), .wr_data_i({1'b0, wr_data}),
    .rd_q_o(rd_q), .a_word_o(a_word), .c_valid_o(c_valid), .c_refused_o(c_refused), .d_valid_o(d_valid),
    .d_refused_o(d_refused), .c_barrier_o(c_bar), .d_barrier_o(d_bar), .d_dec_o(d_dec),
    .d_word_o(d_word), .b_valid_o(b_valid), .b_barrier_o(b_bar)
  );

  // OvlHeadCut = 1: B's words again, read in the head cycle s at b* (see the header). Written
  // with every write of B's half of the count RAM (a commit's word, phase_q high; the
  // clearing), and with B's rebase word in d + 4 and d + 5 (osel_q: the count RAM writes A's in
  // d + 4, B's in d + 5; reb_word_b is final from d + 4: the tail's last commit is in d + 2).
  // hc_word: B's snapshot word in s + 1, the copy's read of s or the word written to b* in s.
  wire [T-1:0] hc_word;
`ifndef SYNTHESIS
  initial if ((OvlDead != 1 && OvlDead != 2) || (OvlDead == 1 && (Overlap == 0 || OvlPipeEnd != 2 || OvlHeadCut != 0)))
    $fatal(1, "feas_pair_arb_local: OvlDead = 1 or 2, and 1 needs Overlap = 1, OvlPipeEnd = 2, OvlHeadCut = 0 (got OvlDead = %0d)",
           OvlDead);
  initial if (OvlHeadCut != 0 && (OvlHeadCut != 1 || Overlap == 0 || OvlPipeEnd != 2 || RegLines != 2))
    $fatal(1, "feas_pair_arb_local: OvlHeadCut = 0 or 1, and 1 needs Overlap = 1, OvlPipeEnd = 2, RegLines = 2 (got OvlHeadCut = %0d)",
           OvlHeadCut);
`endif
  generate
    if (OvlHeadCut != 0) begin : g_hcut
      wire                hc_wen   = wen_q && (osel_q || phase_q);
      wire [BarrierW-1:0] hc_waddr = wr_addr[BarrierW-1:0];
      wire [T-1:0]        hc_wdata = osel_q ? reb_word_b[T-1:0] : d_word[T-1:0];
      wire [T-1:0]        hc_rd;
      dsbc_ram_dp #(.Depth(NumBarriers), .Width(T), .AddrW(BarrierW)) u_ram_b (
        .clk_i(clk_i), .wr_en_i(hc_wen), .wr_addr_i(hc_waddr), .wr_data_i(hc_wdata),
        .rd_addr_i(head_addr), .rd_data_o(hc_rd)
      );
      reg         hc_coll_q;
      reg [T-1:0] hc_lw_q;
      always @(posedge clk_i) begin
        hc_coll_q <= hc_wen && (hc_waddr == head_addr);
        hc_lw_q   <= hc_wdata;
      end
      assign hc_word = hc_coll_q ? hc_lw_q : hc_rd;
`ifndef SYNTHESIS
      // the copy is B's half of the count RAM: after every write of both the two words agree
      // (not after B's rebase in d + 4, nor in the clearing's first half: the count RAM writes
      // A's half then)
      reg                hc_chk_q;
      reg [BarrierW-1:0] hc_wa_q;
      always @(posedge clk_i) begin
        hc_chk_q <= hc_wen && wr_addr[AW-1];  // the count RAM wrote B's half too
        hc_wa_q  <= hc_waddr;
        if (rst_ni && hc_chk_q && (u_ram.mem_q[{1'b1, hc_wa_q}] !== u_ram_b.mem_q[hc_wa_q]))
          $fatal(1, "%m: OvlHeadCut: B's copy of barrier %0d differs from the count RAM at %0t",
                 hc_wa_q, $time);
      end
`endif
    end else begin : g_nohcut
      assign hc_word = {T{1'b0}};
    end
  endgenerate

  assign a_ack_valid_o   = d_valid && !phase_q;
  assign b_ack_valid_o   = d_valid && phase_q;
  assign a_ack_refused_o = d_refused;
  assign b_ack_refused_o = d_refused;

  //////////////////////////////
  // Rebase accumulators      //
  //////////////////////////////

  wire commit_c = c_valid && !c_refused;  // stage c: a commit now (A in odd cycles)
  // head_hit: the head now, of c_bar (Overlap = 1: from the precomputed slot, ovlrtl.md 12)
  wire ovl_hit;
  wire head_hit = (Overlap != 0) ? ovl_hit : (head && (c_bar == head_addr));
  wire mc_nx    = head ? head_hit : (c_bar == cnt2_q);
  // (OvlPipeEnd: at pe_eh the commit goes to the tail's rebase sum if it is to CNT2, the tail's
  // barrier until this cycle ends; at the tail's completion reb_bar already holds it)
  // (OvlPipeEnd = 2, ovlrtl.md 16l) the two comparisons kept as nets (Yosys keep: ABC may not
  // move the broadcast's select of pe_eh / pe_nc in front of them, which put tr_a_q / tr_b_q 7
  // LUT levels after the sequencer's tail flags); the same values. (Every kept net here is
  // declared, then assigned: Icarus warns that it drops an attribute on a net declaration
  // assignment; Yosys reads both forms alike.)
  wire mr_eqc, mr_eqr;
  generate
    if ((Overlap != 0) && (OvlPipeEnd == 2)) begin : g_mrk
      (* keep *) wire eqc;
      assign eqc = (c_bar == cnt2_q);
      (* keep *) wire eqr;
      assign eqr = (c_bar == reb_bar);
      assign mr_eqc = eqc;
      assign mr_eqr = eqr;
    end else begin : g_mr0
      assign mr_eqc = (c_bar == cnt2_q);
      assign mr_eqr = (c_bar == reb_bar);
    end
  endgenerate
  wire mr_nx    = (pe_eh || pe_nc) ? mr_eqc : mr_eqr;

  reg  tc_a_q, tr_a_q, tc_b_q, tr_b_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tc_a_q <= 1'b0;
      tr_a_q <= 1'b0;
      tc_b_q <= 1'b0;
      tr_b_q <= 1'b0;
    end else begin
      tc_a_q <= commit_c && phase_q && mc_nx;
      tr_a_q <= commit_c && phase_q && mr_nx;
      tc_b_q <= commit_c && !phase_q && mc_nx;
      tr_b_q <= commit_c && !phase_q && mr_nx;
    end
  end
  // Overlap, OvlPipeEnd = 2 (ovlrtl.md 16f): tc_a_q / tc_b_q from stage d instead of the
  // head's comparison. mc_nx is c_bar == (head ? head_addr : cnt2_q), that is c_bar == the next
  // cnt2_q; one cycle later that commit is in stage d (d_valid, d_refused, d_bar: registered
  // from stage c), phase_q has toggled and cnt2_q holds that value. So the same flags are
  // d_valid && !d_refused && (d_bar == cnt2_q), A's in even cycles (!phase_q), B's in odd:
  // a comparison of registers, local to the pair, in front of the accumulators, where the old
  // flags needed the broadcast's select of the precomputed head and barrier and the comparison
  // with c_bar (Yosys shared that logic with the dirty set's set: 7 - 8 LUTs from the pair's
  // broadcast copy). The registers tc_a_q / tc_b_q then have no reader (only the simulation's
  // check below) and are removed by synthesis.
  // (ovlrtl.md 16l) d_valid && !d_refused as one flip-flop, commit_c registered (c_valid_q /
  // refused_q are c_valid / c_refused registered, d_valid reset to 0): one input fewer in front
  // of the accumulators (the ack_refused -> acc_q cone at 5 levels); equal in every cycle
  reg  cd_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cd_q <= 1'b0;
    else         cd_q <= commit_c;
  end
`ifndef SYNTHESIS
  always @(posedge clk_i) if (rst_ni && (cd_q !== (d_valid && !d_refused)))
    $fatal(1, "%m: the registered commit differs from stage d's at %0t", $time);
`endif
  wire cmt_d = ((Overlap != 0) && (OvlPipeEnd == 2)) ? cd_q : (d_valid && !d_refused);
  wire tc_d = cmt_d && (d_bar == cnt2_q);
  // (16l) at OvlPipeEnd = 2 the two flags kept as nets (ABC chained the comparison, cmt_d and
  // the phase in front of the accumulators' select: 5 levels; as nets, 2 + 1)
  wire tc_a, tc_b;
  generate
    if ((Overlap != 0) && (OvlPipeEnd == 2)) begin : g_tck
      (* keep *) wire ta;
      assign ta = tc_d && !phase_q;
      (* keep *) wire tb;
      assign tb = tc_d && phase_q;
      assign tc_a = ta;
      assign tc_b = tb;
    end else begin : g_tc0
      assign tc_a = tc_a_q;
      assign tc_b = tc_b_q;
    end
  endgenerate
`ifndef SYNTHESIS
  always @(posedge clk_i) if (rst_ni && ({tc_a, tc_b} !== {tc_a_q, tc_b_q}))
    $fatal(1, "%m: OvlPipeEnd: the stage d accumulator flags differ from tc_a_q / tc_b_q at %0t",
           $time);
`endif
  // OvlPipeEnd: the tail's sum (the commits to its barrier since its cut, acc_q until now) moves
  // to the rebase sum in s' + 1, before A's / B's reload for the new word in s' + 1 / s' + 2:
  // the accumulator's own capture at a completion (done_i: reb_q <= acc_q, the last cycle's
  // commit to the completed barrier added a cycle later), here in the cycle after the early
  // head; the tail's later commits are counted there (to_reb, reb_bar = the tail's barrier).
  // Its completion does not capture again (done_i only for a completion without a tail).
  wire acc_done = (dsh_q[0] && !pe_tc1_q) || pe_eh1_q;
  feas_pair_acc #(.CountBits(T), .AccW(AccW), .Flat(((Overlap != 0) && (OvlPipeEnd == 2)) ? 1 : 0)) u_acc_a (
    .clk_i(clk_i), .rst_ni(rst_ni), .ld_i(h1_q), .done_i(acc_done), .to_cur_i(tc_a),
    .to_reb_i(tr_a_q), .dec_i(d_dec), .reb_word_o(reb_word_a)
  );
  feas_pair_acc #(.CountBits(T), .AccW(AccW), .Flat(((Overlap != 0) && (OvlPipeEnd == 2)) ? 1 : 0)) u_acc_b (
    .clk_i(clk_i), .rst_ni(rst_ni), .ld_i((OvlHeadCut != 0) ? h1_q : h2_q), .done_i(acc_done), .to_cur_i(tc_b),
    .to_reb_i(tr_b_q), .dec_i(d_dec), .reb_word_o(reb_word_b)
  );

  ///////////////////////////////////////////
  // The pair's scheduler and dirty bitmap //
  ///////////////////////////////////////////

  // Commits in t and t + 1 reach the dirty RAM one cycle late (t: its read; the write port
  // takes one bit per cycle); t + 2 has no commit (ready low in t - 1).
  wire win = (RegLines == 0) && (st_q[0] || st_q[1]);
  reg                hold_q;
  reg [BarrierW-1:0] hold_bar_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) hold_q <= 1'b0;
    else         hold_q <= commit_c && win;
  end
  always @(posedge clk_i) hold_bar_q <= c_bar;
  // A commit in the head cycle s to b* is after the cut when it is A's (odd s): it keeps D[b*]
  // set. When it is B's (even s, phase_q low) it is IN the snapshot: it must not set D[b*],
  // or the next word of b* would run on no change and, the sum being zero, complete a second
  // time (found by the unit's self-check, pairunit.md).
  wire                in_cut = head_hit && !phase_q;
  wire                dset   = (commit_c && !win && !in_cut) || hold_q;
  // RegLines = 2: the dirty set of a commit in the head cycle s is DEFERRED to s + 2, so that
  // no dirty-bit logic depends on ctl_load_i (in s the head address's last bit): the commit
  // is held (hs_q, hs_b_q = B's, hs_bar_q), the cut is decided in s + 1 from flip-flops
  // (CNT2 = b* then) into ap_q, and the set is applied in s + 2. The write port and the
  // control are free in s + 2 (ready is low in s - 2 .. s + 1: no commit in s + 1 .. s + 4;
  // the clear of D[b*] is in s + 1; a FIFO push is in d + 3, never in s + 2). The state it
  // leaves from s + 3 on is the one of RegLines = 1: a kept commit to b* (A's, after the
  // cut) sets D[b*] again after the clear instead of keeping it (keep_q is never set), and
  // S[g], above, low and the control's copy of word g* take the set in s + 2 instead of s;
  // nothing reads them in between (the head's and the dead slots' lines are 0, the count
  // slots' lines are the snapshot's bits; the first line that reads S is the POLL after the
  // word's exit, >= s + 6). The lockstep check (pairunit.md section 8) compares the ports.
  wire                dset_c;   // the control's dirty set (dset, or the deferred form)
  wire [BarrierW-1:0] dset_b2;
  wire [15:0]         dset_oh;  // RegLines = 2: its one-hot bit index (0 if no set)
  // the dirty RAM's write mask as the RAM takes it (section 11: g_mask2's wmn_q, active low).
  // Declared here because g_dset2 reads it: a hierarchical name into g_mask2 (below) is
  // resolved by Icarus but, in Yosys 0.23, becomes an undriven implicit wire
  wire [15:0]         dr_wr_mask_ram;
  wire                ap_chk;
  generate
    if ((RegLines >= 2) && (Overlap == 0)) begin : g_dset2  // (Overlap: the control is unused, g_dset1)
      reg                hs_q, hs_b_q, ap_q;
      reg [BarrierW-1:0] hs_bar_q;
      reg [15:0]         ap_oh_q;   // the deferred set's one-hot (with ap_q)
      wire               cvc = commit_c && !head;
      wire [15:0]        c_oh = 16'h0001 << c_bar[3:0];
      wire               ap_nx = hs_q && !(hs_b_q && (hs_bar_q == cnt2_q));  // (section 11)
      wire [15:0]        ap_oh_nx = (hs_q && !(hs_b_q && (hs_bar_q == cnt2_q))) ?
                                    (16'h0001 << hs_bar_q[3:0]) : 16'h0000;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          hs_q <= 1'b0;
          ap_q <= 1'b0;
          ap_oh_q <= 16'h0000;
        end else begin
          hs_q <= commit_c && head;
          ap_q <= hs_q && !(hs_b_q && (hs_bar_q == cnt2_q));
          ap_oh_q <= ap_oh_nx;
        end
      end
      always @(posedge clk_i) begin
        if (head) begin
          hs_b_q   <= !phase_q;
          hs_bar_q <= c_bar;
        end
      end
      // Section 11: the control's dirty set from flip-flops loaded a cycle early (the path from
      // the refusal edge_q through this set into the control's copy w_q was 5 LUTs): sv_q =
      // next cycle's cvc || ap_q without the refusal (stage b valid and not in the head, or
      // the deferred set), sb_q = next cycle's dset_b2; the refusal, known only in stage c,
      // is applied after them (as the RAM's WE); the one-hot is the RAM's registered mask
      // (at most one dirty bit per cycle, and no clearing, clear or FIFO push write meets a
      // dirty set: the control's and this block's assertions)
      reg                sv_q;
      reg [BarrierW-1:0] sb_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) sv_q <= 1'b0;
        else         sv_q <= (b_valid && !ctl_head_nx) || ap_nx;
      end
      always @(posedge clk_i) sb_q <= ap_nx ? hs_bar_q : b_bar;
      assign dset_c  = sv_q && !(c_valid && c_refused);
      assign dset_oh = ~dr_wr_mask_ram & {16{dset_c}};
      assign dset_b2 = sb_q;
      assign ap_chk  = ap_q && commit_c;
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni) begin
        if (dset_c != (cvc || ap_q) || (dset_c && dset_b2 != (ap_q ? hs_bar_q : c_bar)) ||
            dset_oh != ((cvc ? c_oh : 16'h0000) | ap_oh_q))
          $fatal(1, "%m: section 11: the registered dirty set differs at %0t", $time);
      end
`endif
    end else begin : g_dset1
      assign dset_c  = dset;
      assign dset_oh = 16'h0000;
      assign dset_b2 = dset_b;
      assign ap_chk  = 1'b0;
    end
  endgenerate
  wire [BarrierW-1:0] dset_b = hold_q ? hold_bar_q : c_bar;

  wire        a_full, b_full, ctl_line, ctl_line0, ctl_line1;
  wire        ctl_head, ctl_stall;
  wire [BarrierW-1:0] ctl_head_addr;
  wire        c_rd_en, c_rd_busy;
  wire [7:0]  c_wr_addr, c_rd_addr;
  wire [15:0] c_wr_data, c_wr_mask, dr_rd_data;
  wire        fa_wr_en, fb_wr_en, fa_rd_en, fb_rd_en;
  wire [7:0]  fa_wr_addr, fb_wr_addr, fa_rd_addr, fb_rd_addr;
  wire [15:0] fa_wr_data, fb_wr_data;
  wire        ctl_fix_any_nx, fa_want_nx, fb_want_nx;
  wire [BarrierW-5:0] ctl_fix_addr_nx;
  wire        ctl_init_nx;
  wire [3:0]  ctl_init_idx_nx;
  wire [2:0]  ctl_ipfx;
  wire [7:0]  fa_wr_addr_nx;
  wire        fa_want, fb_want;

  // Overlap = 1: the control sees no broadcast and no commit (idle for ever; its outputs are
  // not used and Yosys removes it)
  wire ovl = (Overlap != 0);
  feas_arb_lean_ctl #(.NumBarriers(NumBarriers), .BarrierW(BarrierW), .HoldRace(0),
                      .RegLines(RegLines)) u_ctl (
    .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(ctl_load_i && !ovl), .ctl_done_i(ctl_done_i && !ovl),
    .cnt2_i(ovl ? {BarrierW{1'b1}} : cnt2_q), .commit_valid_i(dset_c && !ovl), .commit_barrier_i(dset_b2), .commit_oh_i(ovl ? 16'h0000 : dset_oh),
    .fifo_full_i(a_full || b_full), .piso_bit_i(1'b0), .line_o(ctl_line),
    .line0_o(ctl_line0), .line1_o(ctl_line1),
    .snap_o(ctl_head), .snap_addr_o(ctl_head_addr), .stall_o(ctl_stall),
    .dr_wr_addr_o(c_wr_addr), .dr_wr_data_o(c_wr_data), .dr_wr_mask_o(c_wr_mask),
    .dr_rd_en_o(c_rd_en), .dr_rd_addr_o(c_rd_addr), .dr_rd_busy_o(c_rd_busy),
    .dr_rd_data_i(dr_rd_data), .busy_nx_o(ctl_busy_nx), .fix_nx_o(ctl_fix_nx),
    .fix_any_nx_o(ctl_fix_any_nx), .fix_addr_nx_o(ctl_fix_addr_nx), .head_nx_o(ctl_head_nx),
    .init_nx_o(ctl_init_nx), .init_idx_nx_o(ctl_init_idx_nx), .ipfx_o(ctl_ipfx)
  );

  // The dirty RAM's ports: the write port is the control's, or the FIFO's push in d + 3
  // (the control's mask is zero then); the read port is the race's, else A's fetch, else B's.
  // Overlap = 1: the FIFO's alone (its mask is the only one, g_mask_ovl). Yosys cannot see
  // that the idle control's outputs are constant (they are flip-flops), so a mux on them kept
  // the whole control alive, about 40 cells a pair (ovlrtl.md 7, 9).
  wire [7:0]  dr_wr_addr = (ovl || fa_wr_en) ? fa_wr_addr : c_wr_addr;
  wire [15:0] dr_wr_data = {ovl ? {(16 - BarrierW){1'b0}} : c_wr_data[15:BarrierW],
                            (ovl || fa_wr_en) ? fa_wr_data[BarrierW-1:0] : c_wr_data[BarrierW-1:0]};
  wire [15:0] dr_wr_mask_c = {c_wr_mask[15:BarrierW], c_wr_mask[BarrierW-1:0] | {BarrierW{fa_wr_en}}};
  // RegLines = 2: the same mask as fixm_q | the commit's one-hot: fixm_q holds, one cycle
  // early, every term but the commit in stage c (the clearing, the clear in s + 1, the
  // deferred set of s + 2, the FIFO's push write: push in d + 2 and not full). Section 11
  // (in g_mask2) goes further: every input of the dirty RAM comes from flip-flops, loaded with
  // the next cycle's values (the worst paths of section 9 ended at these inputs, 2-3 LUTs
  // after flip-flops, with 1-2 ns from the nearest logic tile into the RAM):
  //   wmn_q  the mask (active low, the RAM's own polarity) including the commit of stage c,
  //          from stage b's valid and barrier; a refused commit is known only in stage c
  //          (edge_q, a flip-flop of feas_pair_rmw), so it gates the RAM's WE instead of the
  //          mask: WE = !(c_valid && c_refused), one LUT. No other write ever meets a valid
  //          stage c (the clearing, s + 1, s + 2, d + 3 have none: ready; checked below), so
  //          WE low drops the commit's bit alone;
  //   (the FIFOs' write next cycle is dsh_q[1]: with Fast = 2 a push is never refused)
  //   wa_q   the write address: the FIFO's push word, else the control's word (clearing,
  //          s + 1), else the deferred set's (s + 2: hs_q in s + 1; no commit in s + 2),
  //          else stage b's barrier's group;
  //   wdh_q, wdl_q  the write data: 0 in the clearing and s + 1, else 1; the push's ID
  //          (CNT2, which does not change between d + 2 and d + 3) in the FIFO's bits;
  //   the read: RE and RCLKE tied high, so the RAM reads in every cycle and every reader
  //          takes the data only in the cycle it wants it (the control in t + 1: w_q, bc_q;
  //          a FIFO one cycle after its fetch); the read address is the control's
  //          ({g*'s decided bits, ctl_load_i}, while rd_busy_q: it reads only then and the
  //          FIFOs never do) or the read pointer of the FIFO that wants the port (A's, else
  //          B's: the one that fetches if the port is free; want_q is a flip-flop, Fast = 2).
  // Simulation assertions compare each with what it replaces, in every cycle it matters.
  wire [15:0] ctl_fix_nx;
  wire [15:0] dr_wr_mask;   // active high (the control's view; the RAM takes wmn_q, active low)
  wire        dr_wr_en;
  wire [7:0]  dr_wr_addr_ram, dr_rd_addr_ram;
  wire [15:0] dr_wr_data_ram;
  wire        dr_rd_en_ram;
  wire        push_nx = dsh_q[1] && !a_full;  // the FIFOs' write (wr_q) next cycle
  generate
    if (Overlap != 0) begin : g_mask_ovl
      // the FIFO's push write only
      assign dr_wr_mask = {{(16 - BarrierW){1'b0}}, {BarrierW{fa_wr_en}}};
    end else if (RegLines >= 2) begin : g_mask2
      reg [15:0] fixm_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) fixm_q <= 16'h0001;  // the clearing's first bit (init_addr 0)
        else fixm_q <= ctl_fix_nx | g_dset2.ap_oh_nx |
                       {{(16 - BarrierW){1'b0}}, {BarrierW{push_nx}}};
      end
      assign dr_wr_mask = fixm_q | (g_dset2.cvc ? g_dset2.c_oh : 16'h0000);
      // section 11: the registered port
      wire        cw_nx  = b_valid && !ctl_head_nx;  // stage c next cycle, not in the head
      // at most one dirty bit is written per cycle (the FIFO's push aside): its index and
      // valid next cycle, decoded once into the register (cheaper than OR-ing four one-hots;
      // the clear in s + 1 is bit {ipfx, ctl_load_i} of word g*). Splitting off the clear's
      // two candidate bits (ctl_load_i one LUT before wmn_q, not 4) cost 36 LUT4 per pair
      // and placed no faster (pairunit.md section 11): not done
      wire        wv_nx  = ctl_fix_any_nx || g_dset2.ap_nx || cw_nx;
      wire [3:0]  wi_nx  = ctl_init_nx ? ctl_init_idx_nx :
                           head ? {ctl_ipfx, ctl_load_i} :
                           g_dset2.hs_q ? g_dset2.hs_bar_q[3:0] : b_bar[3:0];
      wire [15:0] w_oh   = (wv_nx ? (16'h0001 << wi_nx) : 16'h0000) |
                           {{(16 - BarrierW){1'b0}}, {BarrierW{dsh_q[1]}}};
      reg  [15:0] wmn_q;
      reg  [7:0]  wa_q;
      reg         wdh_q;
      reg  [BarrierW-1:0] wdl_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          wmn_q <= 16'hfffe;  // the clearing's first bit (init_addr 0), active low
          wa_q  <= 8'd0;
          wdh_q <= 1'b0;
          wdl_q <= {BarrierW{1'b0}};
        end else begin
          wmn_q <= ~w_oh;
          wa_q  <= dsh_q[1] ? fa_wr_addr_nx :
                   {{(8 - (BarrierW - 4)){1'b0}},
                    ctl_fix_any_nx ? ctl_fix_addr_nx :
                    g_dset2.hs_q ? g_dset2.hs_bar_q[BarrierW-1:4] : b_bar[BarrierW-1:4]};
          wdh_q <= !ctl_fix_any_nx;
          wdl_q <= dsh_q[1] ? cnt2_q : {BarrierW{!ctl_fix_any_nx}};
        end
      end
      assign dr_wr_mask_ram = wmn_q;
      assign dr_wr_en       = !(c_valid && c_refused);
      assign dr_wr_addr_ram = wa_q;
      assign dr_wr_data_ram = {{(16 - BarrierW){wdh_q}}, wdl_q};
      assign dr_rd_en_ram   = 1'b1;
      // the FIFOs' read address: A's pointer if A wants the port (it then fetches if the port
      // is free), else B's: one LUT after flip-flops (a registered next-cycle address, fr_q,
      // was 4-5 LUTs deep through the FIFOs' next want and placed no faster)
      (* keep *) wire [7:0] fr_k;
      assign fr_k = fa_want ? fa_rd_addr : fb_rd_addr;
      assign dr_rd_addr_ram = c_rd_busy ? c_rd_addr : fr_k;
`ifndef SYNTHESIS
      // the registered port writes what the control's port writes, and reads what it reads
      wire [15:0] wm_eff = ~wmn_q & {16{dr_wr_en}};
      always @(posedge clk_i) if (rst_ni) begin
        if (wm_eff != dr_wr_mask)
          $fatal(1, "%m: section 11: the registered mask differs from the control's at %0t", $time);
        if ((|dr_wr_mask) && (wa_q != dr_wr_addr))
          $fatal(1, "%m: section 11: the registered write address differs at %0t", $time);
        if (((dr_wr_data_ram ^ dr_wr_data) & dr_wr_mask) != 16'h0000)
          $fatal(1, "%m: section 11: the registered write data differs at %0t", $time);
        if (c_valid && (|fixm_q))
          $fatal(1, "%m: section 11: a stage-c commit meets another dirty-RAM write at %0t", $time);
        if (dr_rd_en && (dr_rd_addr_ram != dr_rd_addr))
          $fatal(1, "%m: section 11: the registered read address differs at %0t", $time);
      end
`endif
    end else begin : g_mask1
      assign dr_wr_mask     = dr_wr_mask_c;
    end
    // without section 11's registered port (RegLines < 2, or Overlap): the RAM's inputs are
    // the muxed ports themselves, its mask active high
    if ((RegLines < 2) || (Overlap != 0)) begin : g_port_direct
      assign dr_wr_mask_ram = dr_wr_mask;
      assign dr_wr_en       = 1'b1;
      assign dr_wr_addr_ram = dr_wr_addr;
      assign dr_wr_data_ram = dr_wr_data;
      assign dr_rd_en_ram   = dr_rd_en;
      assign dr_rd_addr_ram = dr_rd_addr;
    end
  endgenerate
  // Overlap = 1: the control is not used (its outputs are dropped, Yosys removes it); the
  // dirty RAM holds only the FIFO storage, its read port is the FIFOs'
  wire        c_rd_x     = (Overlap == 0) && c_rd_en;
  wire        c_busy_x   = (Overlap == 0) && c_rd_busy;
  wire        dr_rd_en   = c_rd_x || fa_rd_en || fb_rd_en;
  wire [7:0]  dr_rd_addr = c_rd_x ? c_rd_addr : fa_rd_en ? fa_rd_addr : fb_rd_addr;

  feas_bitmap_ram #(.AddrW(8), .MaskLow(((RegLines >= 2) && (Overlap == 0)) ? 1 : 0)) u_dirty_ram (
    .clk_i(clk_i), .wr_addr_i(dr_wr_addr_ram), .wr_data_i(dr_wr_data_ram),
    .wr_mask_i(dr_wr_mask_ram), .wr_en_i(dr_wr_en),
    .rd_en_i(dr_rd_en_ram), .rd_addr_i(dr_rd_addr_ram), .rd_data_o(dr_rd_data)
  );

  // One FIFO storage, two read pointers / head registers. Push at d + 2, written in d + 3.
  // Overlap = 1: the next head can be in d already (CNT2 then changes in d + 1): the pushed ID
  // is the completed barrier held in clr_q since d (reb_bar), equal to CNT2 otherwise.
  // Overlap keeps the FIFOs' Fast = 1 (ovlrtl.md was verified with it; section 11's Fast = 2
  // serves section 11's registered port, which Overlap does not use).
  wire [BarrierW-1:0] push_bar = (Overlap != 0) ? reb_bar : cnt2_q;
  localparam integer FifoFast = (Overlap != 0) ? 1 : (RegLines >= 2) ? 2 : 0;
  feas_ram_fifo #(.Depth(FifoDepth), .Width(BarrierW), .Base(8'd128), .Fast(FifoFast)) u_fifo_a (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(dsh_q[1]), .push_data_i(push_bar),
    .pop_i(a_fifo_pop_i), .valid_o(a_fifo_valid_o), .data_o(a_fifo_barrier_o), .full_o(a_full),
    .wr_en_o(fa_wr_en), .wr_addr_o(fa_wr_addr), .wr_data_o(fa_wr_data),
    .rd_free_i(!c_busy_x), .rd_en_o(fa_rd_en), .rd_addr_o(fa_rd_addr), .rd_data_i(dr_rd_data),
    .want_o(fa_want), .want_nx_o(fa_want_nx), .rd_addr_nx_o(), .wr_addr_nx_o(fa_wr_addr_nx)
  );
  feas_ram_fifo #(.Depth(FifoDepth), .Width(BarrierW), .Base(8'd128), .Fast(FifoFast)) u_fifo_b (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(dsh_q[1]), .push_data_i(push_bar),
    .pop_i(b_fifo_pop_i), .valid_o(b_fifo_valid_o), .data_o(b_fifo_barrier_o), .full_o(b_full),
    .wr_en_o(fb_wr_en), .wr_addr_o(fb_wr_addr), .wr_data_o(fb_wr_data),
    .rd_free_i(!c_busy_x && !fa_rd_en), .rd_en_o(fb_rd_en), .rd_addr_o(fb_rd_addr),
    .rd_data_i(dr_rd_data), .want_o(fb_want), .want_nx_o(fb_want_nx), .rd_addr_nx_o(),
    .wr_addr_nx_o()
  );

  //////////////////////
  // Serial lines     //
  //////////////////////

  // A: PISO loaded from rd_q in s + 2 (A's word), bit 0 in s + 3. B: its word is in rd_q in
  // s + 3: bit 0 straight from rd_q, the PISO takes bits T-1..1 then. (OvlHeadCut = 1: B's
  // word comes from the copy in s + 1, g_hcut; its PISO holds all T bits from then on.)
  // (OvlDead = 1, ovlrtl.md 18b: count bit j in s + 2 + j) A: bit 0 straight from rd_q in
  // s + 2, the PISO takes bits T-1..1 then; B: bit 0 from the read-modify-write's stage-a word
  // in s + 2 (its read of s + 1, in the RAM's output register, bypassed), bit 1 from rd_q in
  // s + 3, the PISO takes bits T-1..2 then. No slot is stolen in s + 2 or s + 3 (NEXT, in
  // s + 1, is decided in s + 1 + P at the earliest).
  reg [T-1:0] piso_a_q;
  wire        ovl_key;   // Overlap = 1: a key slot now (it steals the count cycle: hold)
  always @(posedge clk_i) begin
    if (h2_q)          piso_a_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:1]} : rd_q[T-1:0];
    else if (!ovl_key) piso_a_q <= {piso_a_q[T-1], piso_a_q[T-1:1]};
  end
  wire a_cbit = ((OvlDead == 1) && h2_q) ? rd_q[0] : piso_a_q[0];  // A's count bit now
  wire b_cbit;  // B's count bit now (in the count slots)
  generate
    if (OvlHeadCut != 0) begin : g_piso_hc
      reg [T-1:0] piso_b_q;
      always @(posedge clk_i) begin
        if (h1_q)                   piso_b_q <= hc_word;
        else if (!h2_q && !ovl_key) piso_b_q <= {piso_b_q[T-1], piso_b_q[T-1:1]};
      end
      assign b_cbit = piso_b_q[0];
    end else begin : g_piso_rd
      reg [T-2:0] piso_b_q;
      always @(posedge clk_i) begin
        if (h3_q)          piso_b_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:2]} : rd_q[T-1:1];
        else if (!ovl_key) piso_b_q <= {piso_b_q[T-2], piso_b_q[T-2:1]};
      end
      if (OvlDead == 1) begin : g_b0
        assign b_cbit = h2_q ? a_word[0] : h3_q ? rd_q[1] : piso_b_q[0];
      end else begin : g_b0_rd
        assign b_cbit = h3_q ? rd_q[0] : piso_b_q[0];
      end
    end
  endgenerate
  wire cslot  = cnt_q && !ctl_load_i;
  wire a_line = cslot ? a_cbit : ctl_line;
  wire b_line = cslot && b_cbit;
  generate
    if (Overlap != 0) begin : g_ovl
      // the overlap contract: sequencer, dirty set, key digits, room, line flip-flops
      wire oa, ob, o_head, o_exit, o_cmpl, o_hit;
      wire [BarrierW-1:0] o_bar;
      // (OvlPipeEnd = 2, ovlrtl.md 16l) stage c's valid and its barrier's digit for the dirty
      // set's set, decoded from stage b and registered: chv_q[j] = c_valid && c_bar[BarrierW-1:2]
      // == j in every cycle (c_valid_q / c_bar_q are b_valid_q / b_bar_q registered; c_valid_q
      // and chv_q reset to 0); with it the range check alone (!c_refused, cok_i), so that the
      // set's digit is not formed on commit_c (c_valid && !c_refused, which ABC shares: one LUT
      // level more)
      wire [NumBarriers/4-1:0] o_chv;
      if (OvlPipeEnd == 2) begin : g_chv
        reg [NumBarriers/4-1:0] chv_q;
        integer cj;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) chv_q <= {(NumBarriers / 4){1'b0}};
          else for (cj = 0; cj < NumBarriers / 4; cj = cj + 1)
            chv_q[cj] <= b_valid && (b_bar[BarrierW-1:2] == cj);
        end
        assign o_chv = chv_q;
`ifndef SYNTHESIS
        integer ck;
        always @(posedge clk_i) if (rst_ni) for (ck = 0; ck < NumBarriers / 4; ck = ck + 1)
          if (chv_q[ck] !== (c_valid && (c_bar[BarrierW-1:2] == ck)))
            $fatal(1, "%m: the registered commit decode differs from stage c's at %0t", $time);
`endif
      end else begin : g_nochv
        assign o_chv = {(NumBarriers / 4){1'b0}};
      end
      feas_ovl_pair #(.NumBarriers(NumBarriers), .Q(Q), .FifoDepth(FifoDepth), .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead)) u_ovl (
        .clk_i(clk_i), .rst_ni(rst_ni), .seq_i(ovl_seq_i), .pre_i(ovl_pre_i), .tl_i(ovl_tl_i), .ld_i(ctl_load_i), .dn_i(ctl_done_i),
        // (ovlrtl.md 14) the commit and the cut apart, not dset = commit_c && !in_cut: the pair
        // forms the set for each value of the broadcast before the broadcast selects one, so
        // that its dirty set's set does not wait for o_hit (in_cut = ovl_hit && !phase_q,
        // ovl_hit = o_hit && !init_q: the same dset)
        .cmt_i(commit_c), .cut_i((OvlHeadCut == 0) && !phase_q && !init_q),
        .pop_a_i(a_fifo_pop_i && a_fifo_valid_o), .pop_b_i(b_fifo_pop_i && b_fifo_valid_o),
        .a_cbit_i(a_cbit), .b_cbit_i(b_cbit),
        .cbar_i(c_bar), .chv_i(o_chv), .cok_i(!c_refused), .hit_o(o_hit), .head_o(o_head), .head_bar_o(o_bar), .exit_o(o_exit), .cmpl_o(o_cmpl), .key_o(ovl_key),
        .a_line_o(oa), .b_line_o(ob)
      );
      // The head and the completion come from the unit's shared sequencer (ovlrtl.md 11), the
      // same nets in every pair: Yosys then merged the pairs' registers and logic that depend on
      // them alone (h1_q .. h3_q, CNT2, dsh_q, the read address's head term) into one copy, whose
      // outputs crossed the chip to the other pairs' RAMs and dirty sets. ANDed with this pair's
      // own !init_q (always 1 when the sequencer can give a head or an exit: it is enabled in
      // the cycle the clearing ends) they stay per pair: the same values, the logic local.
      assign head      = o_head && !init_q;
      assign c2_ld     = (OvlPipeEnd == 2) ? o_head : head;
      assign ovl_cmpl  = o_cmpl && !init_q;
      assign ovl_hit   = o_hit && !init_q;
      assign head_addr = o_bar;
      // OvlPipeEnd: the sequencer's word flag after this cycle's arrival is w_act_q unless an
      // exit now ended it (an exit answers the tail first, ovl_tl_i[1]); a head with the word
      // still running leaves it as the tail. A completion with a tail pending is the tail's.
      // (OvlPipeEnd = 2, ovlrtl.md 16b) the same three flags, selected from ovl_pef_i by the
      // broadcast (eh with the sequencer's en, as the head), each with this pair's !init_q
      reg [2:0] pef_v;
      always @* begin
        case ({ctl_load_i, ctl_done_i})
          2'd0:    pef_v = ovl_pef_i[2:0];
          2'd1:    pef_v = ovl_pef_i[5:3];
          2'd2:    pef_v = ovl_pef_i[8:6];
          default: pef_v = ovl_pef_i[11:9];
        endcase
      end
      wire pef_en = ovl_pre_i[4*(NumBarriers/4+BarrierW+15)];
      wire pe_eh_o = (OvlPipeEnd != 0) && head && ovl_tl_i[0] && (ovl_tl_i[1] || !o_exit);
      wire pe_tc_o = (OvlPipeEnd != 0) && ovl_cmpl && ovl_tl_i[1];
      assign pe_eh   = (OvlPipeEnd == 2) ? (pef_en && pef_v[0] && !init_q) : pe_eh_o;
      assign pe_tc   = (OvlPipeEnd == 2) ? (pef_v[2] && !init_q) : pe_tc_o;
      assign pe_nc_f = pef_v[1] && !init_q;
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && (OvlPipeEnd == 2) &&
          ({pe_eh, pe_tc, pe_nc} !== {pe_eh_o, pe_tc_o, cdone && !pe_tc_o}))
        $fatal(1, "%m: OvlPipeEnd: the selected tail flags differ from the slot's at %0t", $time);
`endif
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && init_q && (o_head || o_cmpl))
        $fatal(1, "%m: Overlap: a head or an exit during the clearing at %0t", $time);
      // one barrier in flight at a time in clr_q and the rebase sums: a tail forms neither in
      // the cycle of a completion nor in the cycle after one (at R = 2, E = 0 the tail's exit
      // is 3 cycles after its head and the next early head 22 or more)
      always @(posedge clk_i) if (rst_ni && pe_eh && (cdone || (|dsh_q[3:0])))
        $fatal(1, "%m: OvlPipeEnd: a tail formed within a completion's rebase window at %0t", $time);
`endif
      assign stall     = 1'b0;
      assign a_rr_bit_o = oa;
      assign b_rr_bit_o = ob;
      wire unused_ovl = &{1'b0, a_line, b_line, ctl_line, ctl_line0, ctl_line1, ctl_fix_nx, dset,
                          dset_b, o_exit, ctl_head, ctl_head_addr, ctl_stall, cnt_q, bp_q};
    end else if (RegLines >= 2) begin : g_fast_lines
      // RegLines = 2: the line flip-flops' inputs are a select by ctl_load_i between two
      // values from flip-flops and shallow logic (the control's line0 / line1, bl_q for the
      // bit slots): the same values as a_line / b_line in every cycle.
      (* keep *) wire a0_k;
      assign a0_k = cnt_q ? piso_a_q[0] : ctl_line0;
      (* keep *) wire a1_k;
      assign a1_k = ctl_line1;
      (* keep *) wire b0_k;
      assign b0_k = cnt_q && b_cbit;
      reg a_line_q, b_line_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          a_line_q <= 1'b0;
          b_line_q <= 1'b0;
        end else begin
          a_line_q <= ctl_load_i ? a1_k : a0_k;
          b_line_q <= !ctl_load_i && b0_k;
        end
      end
      assign a_rr_bit_o = a_line_q;
      assign b_rr_bit_o = b_line_q;
      wire unused_fast = &{1'b0, a_line, b_line, ctl_line, dset, dset_b};
      assign head = ctl_head;
      assign c2_ld = head;
      assign head_addr = ctl_head_addr;
      assign stall = ctl_stall;
      assign ovl_cmpl = 1'b0;
      assign ovl_hit = 1'b0;
      assign ovl_key = 1'b0;
      assign pe_eh = 1'b0;
      assign pe_tc = 1'b0;
      assign pe_nc_f = 1'b0;
    end else if (RegLines != 0) begin : g_reg_lines
      reg a_line_q, b_line_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          a_line_q <= 1'b0;
          b_line_q <= 1'b0;
        end else begin
          a_line_q <= a_line;
          b_line_q <= b_line;
        end
      end
      assign a_rr_bit_o = a_line_q;
      assign b_rr_bit_o = b_line_q;
      wire unused_fast = &{1'b0, ctl_line0, ctl_line1, ctl_fix_nx};
      assign head = ctl_head;
      assign c2_ld = head;
      assign head_addr = ctl_head_addr;
      assign stall = ctl_stall;
      assign ovl_cmpl = 1'b0;
      assign ovl_hit = 1'b0;
      assign ovl_key = 1'b0;
      assign pe_eh = 1'b0;
      assign pe_tc = 1'b0;
      assign pe_nc_f = 1'b0;
    end else begin : g_comb_lines
      assign a_rr_bit_o = a_line;
      assign b_rr_bit_o = b_line;
      wire unused_fast = &{1'b0, ctl_line0, ctl_line1, ctl_fix_nx};
      assign head = ctl_head;
      assign c2_ld = head;
      assign head_addr = ctl_head_addr;
      assign stall = ctl_stall;
      assign ovl_cmpl = 1'b0;
      assign ovl_hit = 1'b0;
      assign ovl_key = 1'b0;
      assign pe_eh = 1'b0;
      assign pe_tc = 1'b0;
      assign pe_nc_f = 1'b0;
    end
  endgenerate

  wire unused = &{1'b0, a_word, ovl_seq_i, ovl_pre_i, ovl_tl_i, ovl_pef_i, fa_want_nx, fb_want_nx, rd_q[T], reb_word_a[T], reb_word_b[T], fb_wr_en, fb_wr_addr,
                  fb_wr_data, d_word[T], fa_wr_data[15:BarrierW]};

`ifndef SYNTHESIS
  initial begin
    if ((NumBarriers & (NumBarriers - 1)) != 0 || NumBarriers < 32 || NumBarriers > 128) begin
      $fatal(1, "feas_pair_arb_local: NumBarriers = %0d: a power of two, 32..128 only", NumBarriers);
    end
  end
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else begin
    if (hold_q && commit_c && !win)
      $fatal(1, "%m: a held dirty set meets a commit at %0t", $time);
    if ((Overlap == 0) && h1_q && dset_c)
      $fatal(1, "%m: a dirty set in s + 1 (the clear) at %0t", $time);
    if ((Overlap == 0) && dr_wr_mask != dr_wr_mask_c)
      $fatal(1, "%m: RegLines = 2: the registered mask differs from the control's at %0t", $time);
    if ((RegLines >= 2) && (Overlap == 0) && (bp_q || ctl_done_i) != busy_dec)
      $fatal(1, "%m: bp_q differs from the busy decode at %0t", $time);
    if ((Overlap == 0) && ap_chk)
      $fatal(1, "%m: the deferred dirty set (RegLines = 2) meets a commit at %0t", $time);
    if ((Overlap == 0) && fa_wr_en && (|c_wr_mask))
      $fatal(1, "%m: the FIFO's push meets a dirty-bit write at %0t", $time);
    if (fa_wr_en != fb_wr_en || fa_wr_addr != fb_wr_addr)
      $fatal(1, "%m: the two FIFOs' writes differ at %0t", $time);
    if (dsh_q[1] && (a_full || b_full))
      $fatal(1, "%m: a push into a full FIFO at %0t", $time);
    if (d_valid && (init_q || dsh_q[3] || dsh_q[4]))
      $fatal(1, "%m: the pipeline's write meets the clearing or a rebase at %0t", $time);
  end
`endif

endmodule

`default_nettype wire
