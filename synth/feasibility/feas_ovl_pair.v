// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md): the race side of one pair block under the overlap
// contract (feas_pair_arb_local with Overlap = 1; overlap.md sections 1a, 1b, 8). It replaces
// feas_arb_lean_ctl there: the pair's dirty set, the key digits, the FIFO room, and the two
// line flip-flops; the slot sequencer is the unit's one copy (feas_ovl_seq, on seq_i). The count RAM, the read-modify-write pipeline, the
// snapshot, the PISOs, the rebase and the FIFOs stay the pair block's.
//
// - Dirty set: M flip-flops (M = 32: 32 FF), not the dirty-bit RAM. The race for word k + 1
//   runs during word k, and the key digits, NEXT and POLL each want the whole set, or a word
//   of it, in cycles the RAM's single read port would have to share with the FIFO fetch and
//   with the clear after the head: with flip-flops there is no port schedule at all (the RAM
//   keeps only the FIFO storage). D[b] is set by a commit (stage c) of either PE after the
//   cut, cleared at b's head s; a commit in s to b* after the cut (A's, odd s) sets it again
//   in the same cycle (the set wins); B's commit in an even s is in the snapshot and does not
//   set it (cut_i; the caller's in_cut before ovlrtl.md 14).
// - Key digits, designed for the clock (overlap.md section 8): key slot i + 1 is sent in the
//   cycle digit i arrives, and its content depends on that digit. In the cycle before, the
//   four digits for the four possible arrivals are computed from the dirty set and the prefix
//   (dg4_q), and the line flip-flop takes one of them selected by (ctl_load, ctl_done): one
//   4:1 mux after the broadcast. Slot 1's digit (no prefix) is likewise registered (dg1_q).
//   Computing from the set one cycle old is sound: during a race the set only grows (no head
//   falls inside a race), so a candidate that made the previous digit is still in it
//   (overlap.md section 2, claim 2).
// - FIFO room (POLL's B): a FIFO of this pair with fewer than 2 free entries, counting a
//   completion's push from the cycle the completion is seen (d), not from its RAM write in
//   d + 3: the push still pending is counted (overlap.md section 9's open point). occ_*_q =
//   completions seen - pops done; the FIFO holds at most D entries, checked by the caller.

`default_nettype none

module feas_ovl_pair #(
  parameter integer NumBarriers = 32,  // M
  parameter integer Q           = 20,
  parameter integer FifoDepth   = 8,   // D
  parameter integer OvlPipeEnd  = 0,   // 2: the pipelined word end (ovlrtl.md 15): the room check
  parameter integer OvlDead     = 2,   // 1 (ovlrtl.md 18b): NEXT's B line is the POLL's room line
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [3*BarrierW+NumBarriers/4+19:0] seq_i,  // the sequencer's bus (feas_ovl_seq.bus_o, ovlrtl.md 11)
  input  wire [4*(NumBarriers/4+BarrierW+15):0] pre_i,  // ... its precomputed slot (feas_ovl_seq.pre_o, ovlrtl.md 12)
  input  wire [1:0]          tl_i,        // ... its {tail, word} registers (feas_ovl_seq.tl_o, OvlPipeEnd)
  input  wire                ld_i,        // ctl_load
  input  wire                dn_i,        // ctl_done
  input  wire                cmt_i,       // a commit (stage c) now, to cbar_i ...
  input  wire                cut_i,       // ... in the snapshot if it is the head's now (B's)
  input  wire                pop_a_i,     // a pop taken by FIFO A / B
  input  wire                pop_b_i,
  input  wire [BarrierW-1:0] cbar_i,      // the barrier of the caller's commit in stage c ...
  output wire                hit_o,       // ... is the head's now (head_o && head_bar_o == cbar_i)
  input  wire [NumBarriers/4-1:0] chv_i,  // (OvlPipeEnd = 2, ovlrtl.md 16l) the commit's stage c
                                          // valid and cbar_i[BarrierW-1:2] decoded, registered
                                          // by the caller from stage b ...
  input  wire                cok_i,       // ... and its range check passed: cmt_i && chd[j] =
                                          // chv_i[j] && cok_i (not read otherwise)
  input  wire                a_cbit_i,    // the count bit of PE A / B for this cycle
  input  wire                b_cbit_i,
  output wire                head_o,      // s: the head now ...
  output wire [BarrierW-1:0] head_bar_o,  // ... of this barrier
  output wire                exit_o,      // the broadcast now is a word's exit ...
  output wire                cmpl_o,      // ... a completion (the caller's ctl_done)
  output wire                key_o,       // a key slot now (the PISOs hold; OvlDead = 1: or a POLL)
  output reg                 a_line_o,    // the registered lines
  output reg                 b_line_o
);

  localparam integer M  = NumBarriers;
  localparam integer KB = BarrierW + 1;
  localparam integer K  = (KB + 1) / 2;
  localparam integer OW = $clog2(FifoDepth + 1);
  localparam [OW-1:0] DM1 = FifoDepth - 1;

  // The slot of this cycle comes from ONE sequencer for the unit's 8 pairs (ovlrtl.md 11): the
  // copies were identical by construction (they see only the broadcast and start together; the
  // self-check compared their state every cycle), and each cost about 78 LUT4. Unpacked in
  // feas_ovl_seq.bus_o's order; of that bus only the registers' values (arr, ri, pfx; CNT2 only
  // in an assertion, ovlrtl.md 14) are used here: what depends on this cycle's broadcast comes
  // precomputed on pre_i (below).
  wire arr;
  wire [2:0] ri;
  wire [BarrierW-1:0] c2_s;   // the sequencer's CNT2 (this pair uses its own copy, cnt2, below)
  wire [BarrierW:0] pfx;
  // (the rest of the bus: the same values as pre_i's selected ones, not used)
  wire [NumBarriers/4-1:0] b_hh;
  wire [3:0] b_hl, b_kidx;
  wire [BarrierW-1:0] b_bar;
  wire b_cmpl, b_exit, b_cnt, b_head, b_kw1, b_key, b_next, b_poll;
  assign {b_hh, b_hl, arr, ri, pfx, c2_s, b_cmpl, b_exit, b_cnt, b_bar, b_head, b_kw1, b_kidx[2:0],
          b_key, b_next, b_poll} = seq_i;
  assign b_kidx[3] = 1'b0;
  // ovlrtl.md 12: the slot of this cycle for each of the 4 values of the broadcast
  // {ld_i, dn_i}, registered in the sequencer (feas_ovl_seq.pre_o); the broadcast received
  // selects one: the head, its barrier (the dirty set's clear, the count RAM's address), exit,
  // completion and the slot kinds are a 4:1 select after ld_i / dn_i here, instead of the
  // sequencer's head decision plus a route across the chip. Slot kinds, head and hh were
  // computed with en = 1: ANDed with en (the sequencer gives no slot while !en).
  localparam integer PW = NumBarriers / 4 + BarrierW + 15;
  wire          en = pre_i[4*PW];
  // (an explicit 4:1 select: the part-select with a variable base became a barrel shifter over
  // the whole bus)
  reg  [PW-1:0] pv;
  always @* begin
    case ({ld_i, dn_i})
      2'd0:    pv = pre_i[0 +: PW];
      2'd1:    pv = pre_i[PW +: PW];
      2'd2:    pv = pre_i[2*PW +: PW];
      default: pv = pre_i[3*PW +: PW];
    endcase
  end
  wire s_poll_p, s_next_p, s_key_p, s_head_p, s_cnt_p, s_kw1;
  wire [2:0] s_kidx;
  wire [BarrierW-1:0] s_bar;
  wire [NumBarriers/4-1:0] hh_p;
  wire [3:0] hl;
  assign {hh_p, hl, cmpl_o, exit_o, s_cnt_p, s_bar, s_head_p, s_kw1, s_kidx, s_key_p, s_next_p,
          s_poll_p} = pv;
  // hit_o per value of the broadcast from the registered fields (head: bit 7, bar: bits 8 ..),
  // then selected: the comparison with cbar_i (a register) is not behind the broadcast
  wire [3:0] hit4;
  genvar hv;
  generate
    for (hv = 0; hv < 4; hv = hv + 1) begin : g_hit
      assign hit4[hv] = pre_i[hv*PW + 7] && (pre_i[hv*PW + 8 +: BarrierW] == cbar_i);
    end
  endgenerate
  assign hit_o = en && hit4[{ld_i, dn_i}];
  wire s_poll = en && s_poll_p, s_next = en && s_next_p, s_key = en && s_key_p;
  wire s_head = en && s_head_p, s_cnt = en && s_cnt_p;
  wire [NumBarriers/4-1:0] hh = hh_p & {(NumBarriers / 4){en}};
  assign head_o     = s_head;
  assign head_bar_o = s_bar;
  // (OvlDead = 1) the POLL stolen from a count cycle when NEXT did not decide holds them too
  assign key_o      = s_key || ((OvlDead == 1) && s_poll);

  // ---- the dirty set ----
  reg  [M-1:0] d_q;
  // the clear at the head, from the sequencer's predecode (s_head && s_bar == b)
  wire [M-1:0] clr_m;
  genvar ci;
  generate
    for (ci = 0; ci < M; ci = ci + 1) begin : g_clr
      assign clr_m[ci] = hh[ci / 4] && hl[ci % 4];
    end
  endgenerate
  // The set: D[b] is set by a commit to b after the cut: dset = cmt_i && !(hit_o && cut_i) (a
  // commit to the head's barrier in the head cycle is in the snapshot when cut_i: B's, even s).
  // hit_o is the broadcast's 4:1 select of hit4 (the precomputed head / barrier comparison), so
  // dset waited for that select, then the cut, then the decode into d_q: up to 7 LUTs after
  // the broadcast's copy, the worst path of most placements of ovlrtl.md 13f. dset is computed
  // here for each of the 4 values of the broadcast from registers (pre_i, cbar_i, the commit
  // and the cut) and selected like the slot: the broadcast is one 4:1 select before the
  // decode (ovlrtl.md 14). (The cut applied per bit under the clear, clr_m[b] ? sel && !cut :
  // d_q[b] || sel, was as short but cost about 39 LUT4 a pair: 5 inputs per bit.)
  wire [3:0] dset4;
  genvar dv;
  generate
    for (dv = 0; dv < 4; dv = dv + 1) begin : g_dset
      assign dset4[dv] = cmt_i && !(en && hit4[dv] && cut_i);
    end
  endgenerate
  wire         dset  = dset4[{ld_i, dn_i}];
  wire [M-1:0] set_m = dset ? ({{(M - 1){1'b0}}, 1'b1} << cbar_i) : {M{1'b0}};
  wire [M-1:0] d_nx0 = (d_q & ~clr_m) | set_m;
  // OvlPipeEnd = 2 (ovlrtl.md 16f): the set without the head comparison. Yosys / ABC shared
  // dset's hit with the caller's (hit_o: the commit's accumulator select) and put the
  // broadcast's select before the comparison with cbar_i (select the barrier, then compare):
  // 7 LUTs from the pair's broadcast copy to d_q, the worst path of 3 of 5 N = 16 placements
  // (ovlrtl.md 16b). But for the commit's own bit b = cbar_i, hit is clr_m[b] (both are en &&
  // head && bar == b of the selected slot, from the same precomputed registers: the predecode
  // hh / hl and the head / barrier fields). So per bit b = 4j + i, with the set's sel_b = cmt
  // && cbar_i == b:
  //   d_nx[b] = clr_m[b] ? sel_b && !cut : d_q[b] || sel_b = !h_b && (d_q[b] || sel_b),
  //   h_b = clr_m[b] && (cut || !sel_b) = hl[i] && (ha[j] || (hh[j] && !blo[i])),
  //   ha[j] = hh[j] && (cut || !chi[j]), chi[j] = cmt && chd[j],
  //   chd[j] = cbar_i[4:2] == j, blo[i] = cbar_i[1:0] == i:
  // two 4-input LUTs a bit on shared per-pair signals (hh, ha, hl; chi, blo), the broadcast
  // only in hh / ha / hl's 4:1 selects, so 4 - 5 LUTs from the broadcast to d_q. (At
  // OvlPipeEnd = 2 the caller no longer reads hit_o either: its accumulator flags tc_a / tc_b
  // come from stage d, feas_pair_arb_local; so the 4 comparisons hit4 are gone.)
  wire [M-1:0] d_nx;
  generate
    if (OvlPipeEnd == 2) begin : g_dnx2
      wire [M/4-1:0] chd, chi, cc;
      wire [3:0]     blo;
      genvar gj, gb;
      // (16l) the head's predecode hh / hl for the clear as an explicit two-level 4:1 select,
      // its first level (on ctl_done) kept as nets: ABC formed it from a shared decode of
      // {ld_i, dn_i} and an AND-OR (3 levels: the broadcast -> d_q at 5). Equal to hh / hl in
      // every cycle (asserted below). (Declared, then assigned: Icarus drops an attribute on a
      // net declaration assignment, with a warning.)
      localparam integer HW = M / 4 + 4;   // {hh, hl}: the top HW bits of each value's field
      (* keep *) wire [HW-1:0] hm01;
      assign hm01 = dn_i ? pre_i[2*PW-HW +: HW] : pre_i[PW-HW +: HW];
      (* keep *) wire [HW-1:0] hm23;
      assign hm23 = dn_i ? pre_i[4*PW-HW +: HW] : pre_i[3*PW-HW +: HW];
      wire [HW-1:0] hsel = ld_i ? hm23 : hm01;
      wire [M/4-1:0] hh2 = hsel[HW-1 -: M/4] & {(M / 4){en}};
      wire [3:0]     hl2 = hsel[3:0];
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && ({hh2, hl2} !== {hh, hl}))
        $fatal(1, "%m: the clear's two-level select differs from hh / hl at %0t", $time);
`endif
      for (gj = 0; gj < M / 4; gj = gj + 1) begin : g_j
        assign chd[gj] = (cbar_i[BarrierW-1:2] == gj);
        // (ovlrtl.md 16l) chi from the caller's registered decode chv_i (c_valid && chd, loaded
        // from stage b) and the range check cok_i: one LUT on two register bits instead of two
        // levels on five (the c_bar / c_refused -> d_q cone at 5 levels); checked against
        // cmt_i && chd below
        assign chi[gj] = chv_i[gj] && cok_i;
        // (16l) the cut's term without the head's select: cc[j] = cut || !chi[j], registers
        // only (one LUT); ha[j] = hh[j] && cc[j] is then formed inside h_b (below), so the
        // broadcast's select hh / hl meets the commit's terms in one LUT, not two
        assign cc[gj]  = cut_i || !chi[gj];
      end
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && (chi !== ({(M / 4){cmt_i}} & chd)))
        $fatal(1, "%m: the registered commit decode %h differs from the commit's %h at %0t", chi,
               {(M / 4){cmt_i}} & chd, $time);
`endif
      for (gj = 0; gj < 4; gj = gj + 1) begin : g_i
        assign blo[gj] = (cbar_i[1:0] == gj);
      end
      for (gb = 0; gb < M; gb = gb + 1) begin : g_b
        // hl && (ha || hh && !blo) = hl && hh && (cc || !blo), ha = hh && cc (16f's form)
        wire h_b = hl2[gb % 4] && hh2[gb / 4] && (cc[gb / 4] || !blo[gb % 4]);
        assign d_nx[gb] = !h_b && (d_q[gb] || (chi[gb / 4] && blo[gb % 4]));
      end
    end else begin : g_dnx0
      assign d_nx = d_nx0;
    end
  endgenerate
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) d_q <= {M{1'b0}};
    else         d_q <= d_nx;
  end

  // ---- CNT2, this pair's own copy (ovlrtl.md 14) ----
  // The sequencer's c2_q is loaded with the head's barrier at a head (feas_ovl_seq_step: c2_o =
  // s_bar at s_head, which needs en), else kept. The same register here, loaded from this
  // pair's select of the precomputed slot (s_head, s_bar: already selected for the head and the
  // dirty set's clear), holds the same value in every cycle (asserted below). With the one
  // cnt2 bus of the sequencer in all 8 pairs, Yosys merged the first levels of the pairs' NEXT
  // selections d_r1[cnt2] / d_r2[cnt2] across pairs (one pair's LUTs feeding another's line, a
  // worst path of ovlrtl.md 13f); a register per pair keeps that cone inside its pair. 5
  // flip-flops a pair. The wrap thermometer gt (below) stays on the sequencer's c2_s: it is
  // the same 32 wires for every pair, and one shared decoder is what keeps it small (decoded
  // from this register in each pair the unit had 301 LUT4 more, ovlrtl.md 14).
  reg [BarrierW-1:0] cnt2;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)     cnt2 <= {BarrierW{1'b1}};
    else if (s_head) cnt2 <= s_bar;
  end

  // ---- candidate keys {wrap, b}, wrap = (b <= CNT2): km[{w, b}] ----
  // The wrap bits as a thermometer (gt[b] = b > CNT2: all ones shifted up by CNT2 + 1), one
  // decoder of CNT2's 5 bits: 32 comparisons b > CNT2 each became a carry chain (ovlrtl.md 7).
  // (On the sequencer's CNT2, c2_s: one decoder for the 8 pairs, see above.)
  wire [M-1:0] gt0 = ({M{1'b1}} << c2_s) << 1;
  // (OvlPipeEnd = 2, ovlrtl.md 16i) the same thermometer from the sequencer's registered
  // predecode of CNT2 (feas_ovl_seq g_bus_th, in bus_o's fields b_hh / b_hl / the low slot
  // fields, which this pair does not read at OvlPipeEnd = 2): gt[4j + i] = gh[j] || ge[j] &&
  // gl[i], 3 register bits a wrap bit instead of CNT2's 5 (2 LUT levels fewer in front of the
  // key digits). Equal to gt0 in every cycle (asserted below).
  wire [M-1:0] gt;
  generate
    if (OvlPipeEnd == 2) begin : g_gt2
      wire [M/4-1:0] th_gh = b_hh, th_ge = seq_i[M/4-1:0];
      wire [3:0]     th_gl = b_hl;
      genvar tb;
      for (tb = 0; tb < M; tb = tb + 1) begin : g_b
        assign gt[tb] = th_gh[tb / 4] || (th_ge[tb / 4] && th_gl[tb % 4]);
      end
    end else begin : g_gt0
      assign gt = gt0;
    end
  endgenerate
  wire [2*M-1:0] km = {d_q & ~gt, d_q & gt};

  // The digits as a tree (ovlrtl.md 10): the generic "first candidate under a prefix" loop
  // (one priority search over all 64 keys per digit, 9 of them) is, for KB = 6 and radix 4,
  // the first set bit of one of three 4-bit groups: slot 1 of the ORs of 16 keys (key bits
  // 5:4), slot 2 under digit 1 = d of the ORs of 4 keys (bits 3:2), slot 3 under prefix
  // {p, d} of the keys themselves (bits 1:0). The ORs are shared by all digits. The prefix
  // bits above the ones a slot uses must be zero for a match, as in the loop (they are, as
  // the sequencer clears pfx at the race's start; kept for an exact equivalent).
  wire [3:0]  g16;
  wire [15:0] g4;
  genvar gi;
  generate
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_g4
      assign g4[gi] = |km[4*gi +: 4];
    end
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_g16
      assign g16[gi] = |g4[4*gi +: 4];
    end
  endgenerate
  // the first set bit of 4 (0 .. 3), 3 if none: the loop's any[0] ? 0 : any[1] ? 1 : ...
  function [1:0] first4(input [3:0] a);
    first4 = {!a[0] && !a[1], !a[0] && (a[1] || !a[2])};
  endfunction
  // slot 3's 16 keys under digit 1 = pfx[1:0]; slot 2's or 3's 16 candidates for digit i
  wire [15:0] k16 = km[16 * pfx[1:0] +: 16];
  wire        ok1 = (pfx[3:0] == 4'd0);   // ri = 1: no prefix bit set (pfx[5:4] drop out)
  wire        ok2 = (pfx[3:2] == 2'd0);   // ri = 2: only digit 1's bits
  wire [15:0] c16 = (ri == 3'd1) ? (ok1 ? g4 : 16'h0000) :
                    (ri == 3'd2) ? (ok2 ? k16 : 16'h0000) : 16'h0000;

  // precompute: slot 1's digit; for a key digit i arriving next cycle (i = ri, prefix pfx of
  // 2 (i - 1) bits), the digit of slot i + 1 for each of the 4 values of digit i
  reg [1:0] dg1_q;
  reg [7:0] dg4_q;   // dg4_q[2d +: 2]: slot i + 1's digit if digit i = d = {ctl_load, ctl_done}
  wire [7:0] dg4_nx0 = {first4(c16[15:12]), first4(c16[11:8]), first4(c16[7:4]), first4(c16[3:0])};
  // (OvlPipeEnd = 2, ovlrtl.md 16i) c16's select from registered decodes: the sequencer
  // gives (feas_ovl_seq g_bus_th, in bus_o's low slot fields) ks[0] = (ri == 1 && ok1) and
  // ks[1 + p] = (ri == 2 && ok2 && pfx[1:0] == p), registered from its next r_i / prefix, so
  // c16 is one AND-OR of the keys / g4 with single register bits, not the 4:1 select on pfx
  // after the decode of ri and the prefix (2 LUT levels fewer in front of dg4_q). c16 and
  // dg4_nx equal the old expressions in every cycle (asserted below).
  wire [15:0] c16x;
  generate
    if (OvlPipeEnd == 2) begin : g_dg2
      wire [4:0] ks = seq_i[M/4 +: 5];
      assign c16x = ({16{ks[0]}} & g4) | ({16{ks[1]}} & km[15:0]) | ({16{ks[2]}} & km[31:16]) |
                    ({16{ks[3]}} & km[47:32]) | ({16{ks[4]}} & km[63:48]);
    end else begin : g_dg0
      assign c16x = c16;
    end
  endgenerate
  wire [7:0] dg4_nx = {first4(c16x[15:12]), first4(c16x[11:8]), first4(c16x[7:4]), first4(c16x[3:0])};
  always @(posedge clk_i) begin
    dg1_q <= first4(g16);
    dg4_q <= dg4_nx;
  end
  wire [1:0] kdig = (s_kidx == 3'd1) ? dg1_q : dg4_q[2 * {ld_i, dn_i} +: 2];

  // ---- FIFO room ----
  reg [OW-1:0] occ_a_q, occ_b_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      occ_a_q <= {OW{1'b0}};
      occ_b_q <= {OW{1'b0}};
    end else begin
      occ_a_q <= occ_a_q + cmpl_o - pop_a_i;
      occ_b_q <= occ_b_q + cmpl_o - pop_b_i;
    end
  end
  // fewer than 2 free entries (a completion seen now counts already): occ + cmpl > D - 2,
  // the sum in 32 bits as before (DM1 - 1 is an integer expression: no wrap). Written without
  // the adder and the comparison (Yosys maps both to carry chains, 16 SB_CARRY and 9 LUT4 a
  // pair, ovlrtl.md 10): x + 1 > k is x > k - 1; x > constant is bit logic (gtc).
  function gtc(input [OW-1:0] x, input [OW-1:0] k);  // x > k, LSB first, no $alu
    integer i;
    reg r;
    begin
      r = 1'b0;
      for (i = 0; i < OW; i = i + 1) r = (x[i] && !k[i]) || ((x[i] == k[i]) && r);
      gtc = r;
    end
  endfunction
  function room_short(input [OW-1:0] x, input c);  // (x + c) > DM1 - 1
    room_short = c ? gtc(x, DM1 - 2'd2) : gtc(x, DM1 - 1'b1);
  endfunction
  // OvlPipeEnd (overlap.md 13a, ovlrtl.md 15): while a tail is pending (its exit not in by the
  // end of this cycle's arrival: an exit now is the tail's), up to 3 pushes may follow a GO (the
  // tail's, the running word's, the race's winner's): fewer than 3 free entries is short.
  // (x + c) > D - 3 as above: c ? x > D - 4 : x > D - 3.
  function room_short3(input [OW-1:0] x, input c);
    room_short3 = c ? gtc(x, DM1 - 2'd3) : gtc(x, DM1 - 2'd2);
  endfunction
  wire tail_now = (OvlPipeEnd != 0) && tl_i[1] && !exit_o;
  wire short = tail_now ? (room_short3(occ_a_q, cmpl_o) || room_short3(occ_b_q, cmpl_o)) :
               (room_short(occ_a_q, cmpl_o) || room_short(occ_b_q, cmpl_o));

  // NEXT's lines D[CNT2 + 1], D[CNT2 + 2] (mod M): the set rotated by 1 and by 2 (wires
  // only), indexed by CNT2 itself: no adder (a carry chain each) in front of the selections
  wire [M-1:0] d_r1 = {d_q[0], d_q[M-1:1]};
  wire [M-1:0] d_r2 = {d_q[1:0], d_q[M-1:2]};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_line_o <= 1'b0;
      b_line_o <= 1'b0;
    end else begin
      a_line_o <= s_poll ? (|d_q) : s_next ? d_r1[cnt2] : s_key ? kdig[1] : s_cnt ? a_cbit_i : 1'b0;
      b_line_o <= s_poll ? short : s_next ? ((OvlDead == 1) ? short : d_r2[cnt2]) : s_key ? (s_kw1 || kdig[0]) :
                  s_cnt ? b_cbit_i : 1'b0;
    end
  end

  wire unused = &{1'b0, chv_i, cok_i, tl_i[0], arr, c2_s, b_hh, b_hl, b_kidx, b_bar, b_cmpl, b_exit, b_cnt, b_head, b_kw1,
                  b_key, b_next, b_poll};

`ifndef SYNTHESIS
  // the digit tree above is written for 6-bit keys in radix 4 (3 slots), and the rotations
  // for a power-of-two M
  initial if (KB != 6 || K != 3 || M != 32)
    $fatal(1, "%m: the digit tree is for M = 32 (KB = 6, K = 3) only");
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else begin
    if (occ_a_q > FifoDepth || occ_b_q > FifoDepth)
      $fatal(1, "%m: FIFO occupancy above its depth at %0t", $time);
    if (cnt2 != c2_s)
      $fatal(1, "%m: the pair's CNT2 %0d differs from the sequencer's %0d at %0t", cnt2, c2_s,
             $time);
    if (s_key && s_kidx != 3'd1 && !arr)
      $fatal(1, "%m: key slot > 1 not at a digit's arrival at %0t", $time);
    if (gt !== gt0)
      $fatal(1, "%m: the wrap thermometer %h differs from CNT2's %h at %0t", gt, gt0, $time);
    if (c16x !== c16)
      $fatal(1, "%m: the key digits' candidates %h differ from the old select's %h at %0t", c16x,
             c16, $time);
    if (dg4_nx !== dg4_nx0)
      $fatal(1, "%m: the key digits %h differ from the old expression's %h at %0t", dg4_nx,
             dg4_nx0, $time);
    if (d_nx !== d_nx0)
      $fatal(1, "%m: the dirty set's next state %h differs from the old expression's %h at %0t",
             d_nx, d_nx0, $time);
  end
`endif

endmodule

`default_nettype wire
