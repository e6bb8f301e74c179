// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/arblean.md): the lean arb scheduler's control for one PE.
// Dirty bits D[b] live in a 256x16 block RAM (word g = barriers 16g..16g+15), written under a
// one-bit mask (set by a commit, cleared one cycle after the head); G = M/16 summary flip-flops
// S[g] = OR(D word g), kept exact, and two flags for the group of CNT2 (gc): above_q = some
// D[x] set with x in gc, x > CNT2; low_q = some D[x] set with x in gc, x <= CNT2.
// Every word is preceded by a race (no back-to-back words to CNT2 + 1):
//   p        POLL        line = OR(S)                   ctl_load(p+1) = OR: hit
//   a        WRAP slot   line = dirty x > CNT2 here     ctl_load(a+1) = key bit wrap (1 = NOR)
//   a+1..    GW group slots, MSB first (line = a candidate group here with next bit 0)
//   t        F slot      line = FIFO full; D word g* read (ready low in t-1: no commit in t)
//   t+1..t+4 4 bit slots (bit 3..0 of x in g*), over the word read in t
//   s = t+5  head        snapshot of b* = {g*, i*}; ready low
//   s+1      dead        D[b*] cleared (unless committed in s); S, above, low recomputed
//   s+2..    count slots (dsbc_rr's PISO), exit/complete: ctl_load, that cycle is a POLL
// ctl_load(t+1) = 1 (some FIFO full): t+1 is a POLL instead of bit slot 3.
// The race key is {wrap, g, i}, wrap = (x <= CNT2): the winner is the first barrier after
// CNT2 (cyclically) dirty at some PE as of the slots that froze it (every barrier dirty at the
// POLL is a candidate in every slot, so none is ever passed).
// RegLines = 1: the control steps (its race state moves, ctl_load_i is read) only in "step"
// cycles: always in POLL, the head's successors and the count slots; after every step into a
// race slot (WRAP, group, F, bit, head) it waits R = 2 cycles (ctl_load_i is 0 then, the line
// is ignored by the global block). The line of a slot is the one computed in its step cycle.
// The dirty word g* is read in the F slot's step t only; stall_o is high in the last group
// slot's step (t - 3: no commit in t) and in every cycle of the head state (s - 2 .. s: no
// commit in s + 1). The word's copy w_q takes the read data in t + 1 only.
// RegLines = 2 (pairunit.md section 8, "the wait cycles do the work"): the same schedule as
// RegLines = 1, cycle for cycle (every output the same in every cycle, except line_o, which
// the owner no longer uses: it takes line0_o / line1_o). Added flip-flops:
//   step_q   the step flag of the NEXT cycle (= (wt_q == 0) one cycle early), so that every
//            "step && state" decode is one LUT after flip-flops;
//   bl_q[b]  the bit-slot line for the decision b (0 / 1) on ctl_load_i, computed from the
//            dirty word read in t (on dr_rd_data_i from t + 1), the decided prefix ipfx_q
//            and CNT2 in every cycle and used in the step that follows: in the F and bit
//            states every step is preceded by R = 2 wait cycles of the same state, whose
//            inputs (the held read data, gsel_q, wrap_q, ipfx_q, k_q, CNT2) do not change.
//   bc_q     the bit slots' candidates (the dirty word read in t, masked by wrap and CNT2),
//            registered from t + 1 on, so that bl_q is one OR tree after flip-flops;
//   le_q     CNT2's thermometer (i <= CNT2), loaded in the head cycle with the head address's
//            index (CNT2 changes only there): for the clear's recomputation in s + 1 and bcand;
//   head_q, dead_q, stall_q, rd_busy_q: the head (s), s + 1, ready's stall term and the read
//            port's busy flag, each computed one cycle early from the next state, so that the
//            owner's ready, address and FIFO-fetch logic start at flip-flops (dead_q is kept
//            apart from the owner's equal h1_q, to be placed near its loads).
// And outputs: line0_o / line1_o, the line of this cycle if ctl_load_i is 0 / 1, so that the
// owner selects the line flip-flop's input with ctl_load_i in one LUT (the deep part, the bit
// slots' OR trees over the RAM's word, sits in the wait cycles); busy_nx_o (head or stall
// next cycle) and fix_nx_o (next cycle's write mask without the commit) for the owner's
// registered ready and mask. Inputs commit_oh_i (the set's one-hot index): the owner defers a
// head-cycle commit's set to s + 2 (feas_pair_arb_local), so keep_q is never set and the clear
// in s + 1 is unconditional at RegLines = 2.

`default_nettype none

module feas_arb_lean_ctl #(
  parameter integer NumBarriers = 32,  // M, a multiple of 16, >= 32
  parameter integer BarrierW    = 5,   // clog2(M)
  parameter integer HoldRace    = 1,   // 1: ready low from t-1 to s (no commit in t..s+1);
                                       // 0: ready low in t-1 only, a live copy of word g*
  parameter integer RegLines    = 0,   // 1 (pairunit.md "Registered lines", HoldRace = 0
                                       // only): the line is registered by the owner and
                                       // again by the global block, so the decision of a
                                       // race slot comes R = 2 cycles later: every race
                                       // state waits R cycles for its decision (below);
                                       // 2: the same schedule, retimed (header)
  parameter integer GW_O        = BarrierW - 4  // (the width of fix_addr_nx_o: the group bits)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                ctl_load_i,
  input  wire                ctl_done_i,        // (the word's end is also on ctl_load_i)
  input  wire [BarrierW-1:0] cnt2_i,            // CNT2 (dsbc_rr), = b* from s+1
  input  wire                commit_valid_i,
  input  wire [BarrierW-1:0] commit_barrier_i,
  input  wire [15:0]         commit_oh_i,       // RegLines = 2: one-hot of commit_barrier_i's
                                                // bit index if commit_valid_i, else 0
  input  wire                fifo_full_i,
  input  wire                piso_bit_i,
  output reg                 line_o,
  output reg                 line0_o,           // RegLines = 2: line_o if ctl_load_i = 0
  output reg                 line1_o,           // RegLines = 2: line_o if ctl_load_i = 1
  output wire                snap_o,            // head: snapshot snap_addr_o (ready low)
  output wire [BarrierW-1:0] snap_addr_o,
  output wire                stall_o,           // ready low (cycle t-1), no snapshot
  // the dirty-bit RAM
  output wire [7:0]          dr_wr_addr_o,
  output wire [15:0]         dr_wr_data_o,
  output wire [15:0]         dr_wr_mask_o,
  output wire                dr_rd_en_o,
  output wire [7:0]          dr_rd_addr_o,
  output wire                dr_rd_busy_o,      // the read port or its held data is in use
  output wire                busy_nx_o,         // RegLines = 2: snap_o || stall_o next cycle
  output reg  [15:0]         fix_nx_o,          // RegLines = 2: next cycle's mask without
                                                // the commit (clearing, clear in s + 1)
  output wire                fix_any_nx_o,      // RegLines = 2 (section 11): |fix_nx_o, and
  output wire [GW_O-1:0]     fix_addr_nx_o,     // that write's word (dr_wr_addr_o next cycle)
  output wire                head_nx_o,         // snap_o next cycle
  output wire                init_nx_o,         // the clearing goes on next cycle ...
  output wire [3:0]          init_idx_nx_o,     // ... with this bit (fix_nx_o's one bit)
  output wire [2:0]          ipfx_o,            // the head's decided bits 3..1 of i* (the
                                                // clear in s + 1 is bit {ipfx_o, ctl_load_i})
  input  wire [15:0]         dr_rd_data_i
);

  localparam integer M  = NumBarriers;
  localparam integer BW = BarrierW;
  localparam integer G  = M / 16;
  localparam integer GW = BW - 4;  // >= 1

  localparam [2:0] S_POLL = 3'd0,  // previous cycle: POLL (or idle, reset)
                   S_WRAP = 3'd1,  // previous: WRAP slot; now group slot 0
                   S_GRP  = 3'd2,  // previous: group slot j-1; now group slot j
                   S_GLST = 3'd3,  // previous: last group slot; now F slot (t)
                   S_F    = 3'd4,  // previous: F; now bit slot 0 (or POLL on abort)
                   S_BIT  = 3'd5,  // previous: bit slot k-1; now bit slot k (k = 1..3)
                   S_HEAD = 3'd6,  // previous: bit slot 3; now the head (s)
                   S_DEAD = 3'd7;  // now s+1; from s+2 count slots (S_CNT below)
  reg  [2:0]    state_q;
  reg           cnt_q;             // count slots (state_q is S_DEAD's successor)
  reg  [1:0]    k_q;               // group slot j (GW <= 4) or bit slot k
  reg  [G-1:0]  s_q;               // S[g]
  reg           above_q, low_q;    // for gc = CNT2's group
  reg  [G-1:0]  gm_q;              // group candidates matching the decided prefix
  reg           wrap_q;            // decided wrap bit
  reg  [GW-1:0] gsel_q;            // g*: decided group bits (shifted in), then g*
  reg  [2:0]    ipfx_q;            // decided bits of i* so far
  reg  [15:0]   w_q;               // D word g* as of now (the read in t, plus later sets)
  reg           keep_q;            // a commit to b* in s: D[b*] stays set
  reg           init_q;
  reg  [BW-1:0] init_addr_q;       // the RAM's bits are cleared one per cycle (M cycles)
  reg  [1:0]    wt_q;              // RegLines: wait cycles left before the next step
  reg           rdp_q;             // RegLines: the read of word g* was issued last cycle
  reg           step_q;            // RegLines = 2: wt_q will be 0 (a step) this cycle
  reg  [1:0]    bl_q;              // RegLines = 2: bit-slot line for ctl_load_i = 0 / 1
  wire          step = (RegLines == 0) || ((RegLines >= 2) ? step_q : (wt_q == 2'd0));
  // RegLines: a step into a race state that waits R cycles for its decision
  wire          go_wait = (state_q == S_POLL && ctl_load_i) || state_q == S_WRAP ||
                          state_q == S_GRP || state_q == S_GLST ||
                          (state_q == S_F && !ctl_load_i) || state_q == S_BIT;
  wire [1:0]    wt_nx_dec = !step ? (wt_q - 1'b1) : (go_wait ? 2'd2 : wt_q);
  // RegLines = 2 (pairunit.md section 11, a small edit of the race's wait counter): wt_nx's
  // two cofactors in ctl_load_i kept apart, so that ctl_load_i (a broadcast, 2-2.4 ns of
  // routing) is one LUT before wt_q / step_q; Yosys had put it at the first of 4 LUT levels
  (* keep *) wire [1:0] wt_nx0_k;
  assign wt_nx0_k = !step ? (wt_q - 1'b1) :
                    ((state_q == S_WRAP || state_q == S_GRP || state_q == S_GLST ||
                      state_q == S_F || state_q == S_BIT) ? 2'd2 : wt_q);
  (* keep *) wire [1:0] wt_nx1_k;
  assign wt_nx1_k = !step ? (wt_q - 1'b1) :
                    ((state_q == S_POLL || state_q == S_WRAP || state_q == S_GRP ||
                      state_q == S_GLST || state_q == S_BIT) ? 2'd2 : wt_q);
  wire [1:0]    wt_nx = (RegLines >= 2) ? (ctl_load_i ? wt_nx1_k : wt_nx0_k) : wt_nx_dec;

  wire [GW-1:0] gc   = cnt2_i[BW-1:4];
  wire [3:0]    clow = cnt2_i[3:0];
  wire [GW-1:0] cgrp = commit_barrier_i[BW-1:4];
  wire [3:0]    cidx = commit_barrier_i[3:0];

  // Thermometer of CNT2's bit index: le_mask[i] = (i <= clow)
  reg [15:0] le_mask;
  integer i;
  reg [15:0] le_q;  // RegLines = 2: le_mask as a flip-flop (CNT2 changes only at the head)
  always @* for (i = 0; i < 16; i = i + 1) le_mask[i] = (RegLines >= 2) ? le_q[i] : (i <= clow);

  // Group candidates for a decided wrap bit
  reg [G-1:0] cand_nowrap, cand_wrap;
  integer g;
  always @* begin
    for (g = 0; g < G; g = g + 1) begin
      cand_nowrap[g] = (g == gc) ? above_q : (s_q[g] && (g > gc));
      cand_wrap[g]   = (g == gc) ? low_q   : (s_q[g] && (g < gc));
    end
  end
  wire any_dirty = |s_q;
  wire unused_done = ctl_done_i;
  wire unused_fast;  // (quad2[3]: bit 3 = 1 is never a candidate half; see bit_line)

  // Group slot j: candidates still matching after the decided bit on ctl_load_i
  wire [G-1:0] gm_start = ctl_load_i ? cand_wrap : cand_nowrap;
  reg  [G-1:0] gm_eff, gm_zero;  // gm after this cycle's bit; its members with bit j = 0
  always @* begin
    for (g = 0; g < G; g = g + 1) begin
      if (state_q == S_WRAP) gm_eff[g] = gm_start[g];
      else                   gm_eff[g] = gm_q[g] && (((g >> (GW - k_q)) & 1) == ctl_load_i);
      gm_zero[g] = gm_eff[g] && (((g >> (GW - 1 - ((state_q == S_WRAP) ? 0 : k_q))) & 1) == 0);
    end
  end

  wire [GW-1:0] gstar = (GW > 1) ? {gsel_q[GW-2:0], ctl_load_i} : ctl_load_i;  // at S_GLST

  // Bit slots over the word read in t (held on dr_rd_data_i; no further read in the race)
  wire        same_grp = (gsel_q == gc);
  wire [15:0] bcand = dr_rd_data_i & (same_grp ? (wrap_q ? le_mask : ~le_mask) : 16'hffff);
  wire [2:0]  pfx_now = {ipfx_q[1:0], ctl_load_i};  // decided bits incl. this cycle's
  wire [1:0]  kk = (state_q == S_F) ? 2'd0 : k_q;   // bit slot now
  // line = some candidate in the half / quarter / pair the decided bits select, with the
  // next bit 0 (slot kk decides bit 3-kk)
  wire [7:0] pair_any = {bcand[15] | bcand[14], bcand[13] | bcand[12], bcand[11] | bcand[10],
                         bcand[9] | bcand[8], bcand[7] | bcand[6], bcand[5] | bcand[4],
                         bcand[3] | bcand[2], bcand[1] | bcand[0]};
  wire [3:0] quad_any = {pair_any[7] | pair_any[6], pair_any[5] | pair_any[4],
                         pair_any[3] | pair_any[2], pair_any[1] | pair_any[0]};
  reg bit_line;
  always @* begin
    case (kk)
      2'd0:    bit_line = quad_any[0] | quad_any[1];        // bit 3 = 0
      2'd1:    bit_line = quad_any[{pfx_now[0], 1'b0}];     // bits 3, 2 = b3, 0
      2'd2:    bit_line = pair_any[{pfx_now[1:0], 1'b0}];   // bits 3..1 = b3 b2 0
      default: bit_line = bcand[{pfx_now[2:0], 1'b0}];      // bits 3..0 = b3 b2 b1 0
    endcase
  end

  // RegLines = 2: the bit line for either decision on ctl_load_i (pfx_now's last bit 0 / 1),
  // registered in bl_q (used in the next cycle's step: see the header), from bc_q, the
  // candidates bcand registered (valid from t + 2: the word is on dr_rd_data_i from t + 1,
  // gsel_q = g* from t + 1; bl_q is used from t + 3 on)
  reg  [15:0] bc_q;
  wire [7:0] pair2 = {bc_q[15] | bc_q[14], bc_q[13] | bc_q[12], bc_q[11] | bc_q[10],
                      bc_q[9] | bc_q[8], bc_q[7] | bc_q[6], bc_q[5] | bc_q[4],
                      bc_q[3] | bc_q[2], bc_q[1] | bc_q[0]};
  wire [3:0] quad2 = {pair2[7] | pair2[6], pair2[5] | pair2[4], pair2[3] | pair2[2],
                      pair2[1] | pair2[0]};
  assign unused_fast = quad2[3];
  reg bit_line_c0, bit_line_c1;
  always @* begin
    case (kk)
      2'd0:    begin
                 bit_line_c0 = quad2[0] | quad2[1];
                 bit_line_c1 = quad2[0] | quad2[1];
               end
      2'd1:    begin
                 bit_line_c0 = quad2[2'b00];
                 bit_line_c1 = quad2[2'b10];
               end
      2'd2:    begin
                 bit_line_c0 = pair2[{ipfx_q[0], 1'b0, 1'b0}];
                 bit_line_c1 = pair2[{ipfx_q[0], 1'b1, 1'b0}];
               end
      default: begin
                 bit_line_c0 = bc_q[{ipfx_q[1:0], 1'b0, 1'b0}];
                 bit_line_c1 = bc_q[{ipfx_q[1:0], 1'b1, 1'b0}];
               end
    endcase
  end
  // ... and the group slots' line for either decision (gm_zero with ctl_load_i = 0 / 1)
  // (the bit positions by a case over k_q: constants per group g, no shifter)
  reg [G-1:0] gm_eff0, gm_eff1, gm_zero0, gm_zero1;
  integer kx;
  always @* begin
    for (g = 0; g < G; g = g + 1) begin
      if (state_q == S_WRAP) begin
        gm_eff0[g]  = cand_nowrap[g];
        gm_eff1[g]  = cand_wrap[g];
        gm_zero0[g] = cand_nowrap[g] && (((g >> (GW - 1)) & 1) == 0);
        gm_zero1[g] = cand_wrap[g] && (((g >> (GW - 1)) & 1) == 0);
      end else begin
        gm_eff0[g] = 1'b0;
        gm_eff1[g] = 1'b0;
        gm_zero0[g] = 1'b0;
        gm_zero1[g] = 1'b0;
        for (kx = 1; kx < 4; kx = kx + 1) begin
          if (k_q == kx[1:0] && kx <= GW) begin
            gm_eff0[g] = gm_q[g] && (((g >> (GW - kx)) & 1) == 0);
            gm_eff1[g] = gm_q[g] && (((g >> (GW - kx)) & 1) == 1);
            if (kx < GW) begin
              gm_zero0[g] = gm_eff0[g] && (((g >> (GW - 1 - kx)) & 1) == 0);
              gm_zero1[g] = gm_eff1[g] && (((g >> (GW - 1 - kx)) & 1) == 0);
            end
          end
        end
      end
    end
  end

  // Head, clear, updates
  reg  head_q;          // RegLines = 2: the head (s) and s + 1 as flip-flops (header);
  (* keep *) reg dead_q; // (kept apart from the owner's equal h1_q: placed near its loads)
  wire head   = (RegLines >= 2) ? head_q : ((state_q == S_HEAD) && step);
  wire dead   = (RegLines >= 2) ? dead_q : ((state_q == S_DEAD) && !cnt_q);  // s+1 (S_DEAD
                                                // with cnt_q: count slots)
  wire [3:0] istar = {ipfx_q, ctl_load_i};
  assign snap_o      = head;
  assign snap_addr_o = {gsel_q, istar};
  wire last_grp = (state_q == S_WRAP && GW == 1) || (state_q == S_GRP && k_q == GW - 1);
  assign stall_o     = (RegLines >= 2) ? stall_q :
                       (RegLines != 0) ? ((last_grp && step) || (state_q == S_HEAD)) :
                       (last_grp || ((HoldRace != 0) &&
                       (state_q == S_GLST || state_q == S_F || state_q == S_BIT)));

  // (RegLines = 2: keep_q is never set, no commit reaches the control in the head cycle: the
  // owner defers it to s + 2, so the clear in s + 1 is unconditional)
  wire       clear  = dead && ((HoldRace != 0) || (RegLines >= 2) || !keep_q);
  // One bit of one word is written per cycle: cleared after reset (init), cleared in s+1
  // (CNT2 = b* then; no commit in s+1) or set by a commit. The one-hot mask carries the enable.
  wire       wr_any = init_q || clear || commit_valid_i;
  wire [3:0] widx   = init_q ? init_addr_q[3:0] : (dead ? clow : cidx);
  reg  [15:0] oh;
  // RegLines = 2: the same mask as oh_fix | commit_oh_i, oh_fix from flip-flops only (the
  // clearing, the clear in s + 1), the commit's one-hot built by the owner (a commit never
  // falls in the clearing or in s + 1: the owner's ready; checked below)
  reg  [15:0] oh_fix;
  always @* begin
    for (i = 0; i < 16; i = i + 1) begin
      oh_fix[i] = init_q ? (init_addr_q[3:0] == i[3:0]) : (clear && (clow == i[3:0]));
      if (RegLines >= 2) oh[i] = oh_fix[i] || commit_oh_i[i];
      else               oh[i] = wr_any && (widx == i);
    end
  end
  wire        w_fresh = (RegLines != 0) ? rdp_q : (state_q == S_F);
  wire [15:0] w_now  = w_fresh ? dr_rd_data_i : w_q;
  // RegLines = 2: the set's one-hot from the commit's own index, not through oh (a commit
  // never falls in the clearing or in s + 1: the owner's ready; checked below)
  wire [15:0] w_set  = (commit_valid_i && cgrp == gsel_q) ? ((RegLines >= 2) ? commit_oh_i : oh) : 16'h0000;
  // D word g* after the clear (s+1); HoldRace: no commit since the read in t
  // D word g* after the clear of b* in s+1 (CNT2 = b*): bits above b*, below b*, and b*
  // itself only if kept (HoldRace = 0: committed to in s)
  wire [15:0] w_cur    = (HoldRace != 0) ? dr_rd_data_i : w_q;
  wire [15:0] lt_mask  = {1'b0, le_mask[15:1]};  // i < CNT2's index
  wire        above_nx = |(w_cur & ~le_mask);
  wire        low_nx   = |(w_cur & lt_mask) || ((HoldRace == 0) && keep_q);

  assign dr_wr_addr_o = init_q ? init_addr_q[BW-1:4] : (dead ? gsel_q : cgrp);
  assign dr_wr_data_o = {16{!(init_q || dead)}};
  assign dr_wr_mask_o = oh;
  assign dr_rd_en_o   = (state_q == S_GLST) && step;
  assign dr_rd_addr_o = gstar;
  wire   rd_busy_dec  = (state_q == S_GLST) || (state_q == S_F) || (state_q == S_BIT) ||
                        ((HoldRace != 0) && (state_q == S_HEAD || dead));
  // RegLines = 2 (HoldRace = 0): the read port's busy flag as a flip-flop, from the next state
  // (GLST after the last group slot's step, F after GLST's, BIT after F's without abort and
  // after the bit steps but the last)
  reg    rd_busy_q, stall_q;
  wire   rd_busy_nx = step ? (last_grp || state_q == S_GLST || (state_q == S_F && !ctl_load_i) ||
                              (state_q == S_BIT && k_q != 2'd3)) : rd_busy_dec;
  assign dr_rd_busy_o = (RegLines >= 2) ? rd_busy_q : rd_busy_dec;
  // ... and stall_o, snap_o of the next cycle (the owner's ready): the last group slot's step
  // follows a cycle with wt_q = 1 (every race state is entered with wt_q = 2); S_HEAD lasts
  // from the last bit step to the head
  wire   head_nx  = (state_q == S_HEAD) && (wt_q == 2'd1);
  wire [3:0] clow_nx = head ? istar : clow;  // CNT2's index next cycle (the owner's cnt2_q)
  // the next cycle's oh_fix (RegLines = 2: clear = dead, and dead next = head)
  localparam [31:0] MLAST = M - 1;
  wire          init_nxc  = init_q && (init_addr_q != MLAST[BW-1:0]);
  wire [3:0]    iaddr_nxc = init_q ? init_addr_q[3:0] + 1'b1 : init_addr_q[3:0];
  always @* begin
    for (i = 0; i < 16; i = i + 1)
      fix_nx_o[i] = init_nxc ? (iaddr_nxc == i[3:0]) : (head && (clow_nx == i[3:0]));
  end
  // (section 11) the next cycle's control write (clearing or the clear in s + 1) and its
  // word, for the owner's registered write address: the clear's word is g* (gsel_q does not
  // change in the head cycle), the clearing's the next init address's group
  wire [BW-1:0] iaddr_nxf = init_addr_q + 1'b1;
  assign fix_any_nx_o  = init_nxc || head;
  assign fix_addr_nx_o = init_nxc ? iaddr_nxf[BW-1:4] : gsel_q;
  assign head_nx_o     = head_nx;
  assign init_nx_o     = init_nxc;
  assign init_idx_nx_o = iaddr_nxc;
  assign ipfx_o        = ipfx_q;
  wire   stall_nx = (last_grp && !step && (wt_q == 2'd1)) || (state_q == S_HEAD && !step) ||
                    (state_q == S_BIT && step && k_q == 2'd3);
  assign busy_nx_o = head_nx || stall_nx;

  // RegLines = 2: line_o's two cofactors in ctl_load_i, from flip-flops (bl_q for the F and
  // bit slots) and shallow logic; the owner selects with ctl_load_i.
  always @* begin
    line0_o = 1'b0;
    line1_o = 1'b0;
    case (state_q)  // (computed at every RegLines; used by the owner at RegLines = 2 only)
      S_POLL:        begin line0_o = any_dirty;  line1_o = |cand_nowrap; end
      S_WRAP, S_GRP: begin line0_o = |gm_zero0;  line1_o = |gm_zero1;    end
      S_GLST:        begin line0_o = fifo_full_i; line1_o = fifo_full_i; end
      S_F:           begin line0_o = bl_q[0];    line1_o = any_dirty;    end
      S_BIT:         begin line0_o = bl_q[0];    line1_o = bl_q[1];      end
      S_DEAD:        begin line0_o = cnt_q && piso_bit_i; line1_o = cnt_q && any_dirty; end
      default:       begin line0_o = 1'b0;       line1_o = 1'b0;         end
    endcase
  end

  always @* begin
    line_o = 1'b0;
    case (state_q)
      S_POLL:  line_o = ctl_load_i ? |cand_nowrap : any_dirty;
      S_WRAP, S_GRP: line_o = |gm_zero;
      S_GLST:  line_o = fifo_full_i;
      S_F:     line_o = ctl_load_i ? any_dirty : bit_line;
      S_BIT:   line_o = bit_line;
      S_DEAD:  line_o = cnt_q ? (ctl_load_i ? any_dirty : piso_bit_i) : 1'b0;
      default: line_o = 1'b0;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= S_POLL;
      cnt_q       <= 1'b0;
      k_q         <= 2'd0;
      s_q         <= {G{1'b0}};
      above_q     <= 1'b0;
      low_q       <= 1'b0;
      gm_q        <= {G{1'b0}};
      wrap_q      <= 1'b0;
      gsel_q      <= {GW{1'b0}};
      ipfx_q      <= 3'd0;
      w_q         <= 16'h0000;
      keep_q      <= 1'b0;
      init_q      <= 1'b1;
      init_addr_q <= {BW{1'b0}};
      wt_q        <= 2'd0;
      rdp_q       <= 1'b0;
      step_q      <= 1'b1;
      bl_q        <= 2'b00;
      head_q      <= 1'b0;
      dead_q      <= 1'b0;
      rd_busy_q   <= 1'b0;
      stall_q     <= 1'b0;
      bc_q        <= 16'h0000;
      le_q        <= 16'hffff;   // CNT2 = M - 1 after reset: every index <= 15
    end else begin
      if (RegLines != 0) begin
        rdp_q <= dr_rd_en_o;
        wt_q  <= wt_nx;
      end
      if (RegLines >= 2) begin
        step_q <= (wt_nx == 2'd0);
        bl_q   <= {bit_line_c1, bit_line_c0};
        // S_HEAD is entered with wt_q = 2 (a step from the last bit slot): the head is the
        // cycle after the one with wt_q = 1
        head_q <= head_nx;
        dead_q <= head;
        rd_busy_q <= rd_busy_nx;
        stall_q   <= stall_nx;
        // the word read in t, taken once in t + 1 (rdp_q): from t + 1 to s its other inputs
        // (gsel_q = g*, wrap_q, le_q) do not change, so bc_q is what loading it in every cycle
        // gave while the RAM held its data; section 11 reads the RAM in every cycle (its read
        // enable tied high), so the data is no longer held
        if (rdp_q) bc_q <= bcand;
        for (i = 0; i < 16; i = i + 1) le_q[i] <= (i <= clow_nx);
      end
      if (init_q) begin
        init_addr_q <= init_addr_q + 1'b1;
        if (init_addr_q == M - 1) init_q <= 1'b0;
      end
      // phases
      if (step) case (state_q)
        S_POLL: if (ctl_load_i) state_q <= S_WRAP;
        S_WRAP: begin
          wrap_q <= ctl_load_i;
          k_q    <= 2'd1;
          state_q <= (GW == 1) ? S_GLST : S_GRP;
        end
        S_GRP: begin
          gsel_q <= {gsel_q, ctl_load_i};
          k_q    <= k_q + 1'b1;
          if (k_q == GW - 1) state_q <= S_GLST;
        end
        S_GLST: begin
          gsel_q  <= gstar;
          state_q <= S_F;
        end
        S_F: begin
          k_q <= 2'd1;
          state_q <= ctl_load_i ? S_POLL : S_BIT;
        end
        S_BIT: begin
          ipfx_q <= pfx_now;
          k_q    <= k_q + 1'b1;
          if (k_q == 2'd3) state_q <= S_HEAD;
        end
        S_HEAD: begin
          ipfx_q  <= 3'd0;
          cnt_q   <= 1'b0;
          state_q <= S_DEAD;
        end
        default: begin  // S_DEAD: s+1, then the count slots until ctl_load_i
          if (!cnt_q) cnt_q <= 1'b1;
          else if (ctl_load_i) state_q <= S_POLL;
        end
      endcase
      if (step && (state_q == S_WRAP || state_q == S_GRP)) gm_q <= gm_eff;
      if (step && state_q == S_F) ipfx_q <= 3'd0;
      if (HoldRace == 0) begin
        keep_q <= head && commit_valid_i && (commit_barrier_i == snap_addr_o);
        w_q    <= w_now | w_set;  // the word g*: as read in t, plus this PE's later sets
      end
      // summaries
      if (dead) begin
        s_q[gsel_q] <= above_nx || low_nx;
        above_q     <= above_nx;
        low_q       <= low_nx;
      end else if (commit_valid_i) begin
        s_q[cgrp] <= 1'b1;
        if (cgrp == gc) begin
          if (cidx > clow) above_q <= 1'b1;
          else             low_q   <= 1'b1;
        end
      end
    end
  end

`ifndef SYNTHESIS
  // RegLines = 2: the retimed decodes equal the ones they replace
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else if (RegLines >= 2) begin
    if (wt_nx != wt_nx_dec)
      $fatal(1, "%m: wt_nx's cofactors differ from its decode at %0t", $time);
    if (step_q != (wt_q == 2'd0))
      $fatal(1, "%m: step_q differs from wt_q == 0 at %0t", $time);
    if (head_q != ((state_q == S_HEAD) && (wt_q == 2'd0)))
      $fatal(1, "%m: head_q differs from the head decode at %0t", $time);
    if (dead_q != ((state_q == S_DEAD) && !cnt_q))
      $fatal(1, "%m: dead_q differs from the s + 1 decode at %0t", $time);
    if (rd_busy_q != rd_busy_dec)
      $fatal(1, "%m: rd_busy_q differs from the state decode at %0t", $time);
    if (stall_q != ((last_grp && (wt_q == 2'd0)) || (state_q == S_HEAD)))
      $fatal(1, "%m: stall_q differs from the stall decode at %0t", $time);
    for (i = 0; i < 16; i = i + 1)
      if (le_q[i] != (i <= clow))
        $fatal(1, "%m: le_q differs from CNT2's thermometer at %0t", $time);
    if (commit_valid_i && (init_q || dead_q))
      $fatal(1, "%m: a dirty set in the clearing or in s + 1 at %0t", $time);
    if (keep_q)
      $fatal(1, "%m: keep_q set at RegLines = 2 at %0t", $time);
    if (commit_oh_i != (commit_valid_i ? (16'h0001 << cidx) : 16'h0000))
      $fatal(1, "%m: commit_oh_i is not the commit's one-hot at %0t", $time);
  end
`endif

endmodule

`default_nettype wire
