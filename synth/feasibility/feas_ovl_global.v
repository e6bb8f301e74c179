// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md): the global block of the overlap contract
// (overlap.md section 1), used by feas_pair_arb_unit when Overlap = 1 (in place of
// feas_pair_arb_global). Inputs: the N lines (2 per pair: A, B); outputs: ctl_load and
// ctl_done, registered, broadcast to every pair. No other wire.
//
// Timing (P = 3): the pairs send the lines of their cycle x from a flip-flop (on the wire in
// x + 1), this block registers them (lin_q, in x + 2), decides in x + 2 and registers the
// decision (ctl_*_o, seen by the pairs in x + 3). Its sequencer copy (feas_ovl_seq, fed its
// own outputs) runs in the pairs' time; the slot it names is delayed two cycles (sd_*) to meet
// its lines. Decisions:
//   POLL  GO = OR(A) and not OR(B) (B: a pair's FIFO has < 2 free entries); a POLL while a GO is
//         in flight (the P - 1 cycles after it) is answered 0;
//   NEXT  (OR(A), OR(B)): CNT2 + 1 / CNT2 + 2 dirty at some pair;
//   KEY   hi = AND of the A lines, lo = AND of the B lines of the pairs whose A = hi (the
//         minimum over the pairs' digits); a one-bit slot: (hi, 0);
//   CNT   the column sum (all N lines) plus the carry, LSB first; the carry holds over the key
//         slots that interleave the count bits and is cleared at the head; the word exits at
//         its first 1 bit or at bit Q - 1 (ctl_done too when all Q bits are 0). An exit whose
//         cycle on the broadcast is an arrival goes out in the first cycle after that is not.
// After reset: ctl_load = 0 and the sequencer held for 2M cycles (the pairs' clearing), as the
// pairs' copies are.
// OvlR = 3 (ovlrtl.md 13; overlap.md's R = 3, P = 4): the decision of x + 2 is registered here
// (ld_q, dn_q, next to the logic that makes it) and the broadcast flip-flops (ctl_*_o and the
// per-pair copies) take that register: the route from this block to the pairs is flip-flop to
// flip-flop, and the decision is on the broadcast in x + 4. The decision logic is unchanged; it
// only looks at the cycle its decision lands on two cycles ahead instead of one (arr_nx, the
// slot sent two cycles ago: the same slot as sd2_q's), and a GO silences the P - 1 = 3 POLLs
// after it. OvlSpec = 1 (overlap.md 1d): a SPEC slot is decided as key slot 1 if the POLL of the
// cycle before it said GO (go_q), else answered 0.

`default_nettype none

module feas_ovl_global #(
  parameter integer NumPes      = 16,
  parameter integer NumBarriers = 32,
  parameter integer CountBits   = 16,
  parameter integer OvlR        = 2,   // 2 (P = 3) or 3 (P = 4)
  parameter integer OvlSpec     = 0,   // 1: idle speculation
  parameter integer OvlPipeEnd  = 0,   // 2: the pipelined word end (overlap.md 13, ovlrtl.md 15)
  parameter integer OvlDead     = 2    // 1: one header slot (ovlrtl.md 18b): NEXT decides CNT2 + 1
                                       // alone, and only if no pair is short of FIFO room (its B line)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [NumPes-1:0] lines_i,
  output reg               ctl_load_o,
  output reg               ctl_done_o,
  output wire              exit_o,    // observability: the broadcast now is a word's exit ...
  output wire              cmpl_o,    // ... a completion
  output wire              en_o,      // the clearing is over (the unit's pair sequencer, ovlrtl.md 11)
  output wire              en_nx_o,   // (OvlPipeEnd = 2, ovlrtl.md 16g) en_o of the next cycle
  // ovlrtl.md 12: copies of ctl_load_o / ctl_done_o, one per pair (bit i to pair i), the same
  // flip-flops with the same inputs: each pair's select of the precomputed slot (and its other
  // uses of the broadcast) has its own select lines, and the pairs' identical select logic is
  // no longer merged into one pair's (a route across the chip to the others)
  output wire [NumPes/2-1:0] ctl_load_cp_o,
  output wire [NumPes/2-1:0] ctl_done_cp_o,
  // (OvlPipeEnd = 2, ovlrtl.md 16b) the unit's first pair sequencer's candidates and
  // precomputed slots (feas_ovl_seq.fol_o): this block's copy follows it (OvlFollow) instead of
  // precomputing them itself; unused otherwise
  input  wire [4*(2*OvlR+21+5*$clog2(NumBarriers)+NumBarriers/4+15)-1:0] seq_fol_i
);

  localparam integer BW    = $clog2(NumBarriers);
  localparam integer P     = OvlR + 1;
  localparam integer Q     = CountBits + $clog2(NumPes);
  localparam integer NP    = NumPes / 2;
  localparam integer SumW  = $clog2(NumPes + 1);
  localparam integer CW    = SumW + 1;  // carry < N
  localparam integer InitN = 2 * NumBarriers;
  localparam integer IW    = $clog2(InitN + 1);
  localparam [IW-1:0] INITN = InitN[IW-1:0];

  reg [IW-1:0] init_q;
  // en = (init_q == INITN) as a flip-flop (ovlrtl.md 11): the comparison came before every
  // sequencer decision and began the worst paths once the others were shortened
  reg en_q;
  wire en = en_q;
  assign en_o = en;
  // (ovlrtl.md 16g) the sequencers' candidates load from the last cycle with en = 0 on
  wire en_nx = en_q || (init_q == INITN - 1'b1);
  assign en_nx_o = en_nx;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q <= {IW{1'b0}};
      en_q   <= 1'b0;
    end else begin
      if (!en) init_q <= init_q + 1'b1;
      en_q <= en_nx;
    end
  end

  wire s_poll, s_next, s_key, s_kw1, s_head, s_cnt, arr, arr_nx, s_spec;
  wire [2:0] s_kidx, ri;
  wire [4:0] s_j;
  wire [BW-1:0] s_bar, cnt2;
  wire [BW:0] pfx;
  wire [1:0] arr_kind_nx;
  wire r_act, r_dec, r_nxt;
  feas_ovl_seq #(.NumBarriers(NumBarriers), .Q(Q), .OvlR(OvlR), .OvlSpec(OvlSpec),
                 .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead), .OvlFollow((OvlPipeEnd == 2) ? 1 : 0)) u_seq (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en), .en_nx_i(en_nx), .ld_i(ctl_load_o), .dn_i(ctl_done_o),
    .s_poll_o(s_poll), .s_next_o(s_next), .s_key_o(s_key), .s_kidx_o(s_kidx), .s_kw1_o(s_kw1),
    .s_head_o(s_head), .s_bar_o(s_bar), .s_cnt_o(s_cnt), .s_j_o(s_j), .exit_o(exit_o),
    .cmpl_o(cmpl_o), .s_spec_o(s_spec), .arr_o(arr), .arr_nx_o(arr_nx), .arr_kind_nx_o(arr_kind_nx),
    .cnt2_o(cnt2), .pfx_o(pfx), .ri_o(ri), .r_act_o(r_act), .r_dec_o(r_dec), .r_nxt_o(r_nxt), .bus_o(), .pre_o(),
    .tl_o(), .pef_o(), .fol_i(seq_fol_i), .fol_o()
  );

  // the slot, two cycles late (it meets its lines in lin_q)
  reg [6:0] sd1_q, sd2_q;  // {poll, next, key, kw1, head, cnt, last bit}
  reg [NumPes-1:0] lin_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sd1_q <= 7'd0;
      sd2_q <= 7'd0;
      lin_q <= {NumPes{1'b0}};
    end else begin
      sd1_q <= {s_poll, s_next, s_key, s_kw1, s_head, s_cnt, s_cnt && (s_j == Q - 1)};
      sd2_q <= sd1_q;
      lin_q <= lines_i;
    end
  end
  wire d_poll = sd2_q[6], d_next = sd2_q[5], d_key = sd2_q[4], d_kw1 = sd2_q[3],
       d_head = sd2_q[2], d_cnt = sd2_q[1], d_last = sd2_q[0];
  // OvlSpec: the SPEC slot two cycles late, and whether the POLL one cycle before it said GO
  reg sp1_q, sp2_q, go_q;
  wire d_spec = (OvlSpec != 0) && sp2_q;

  // the pairs' A lines (2i) and B lines (2i + 1)
  reg [NP-1:0] la, lb;
  integer i;
  always @* for (i = 0; i < NP; i = i + 1) begin
    la[i] = lin_q[2 * i];
    lb[i] = lin_q[2 * i + 1];
  end
  wire any_a0 = |la, any_b0 = |lb;
  wire hi0 = &la;
  // lo: the AND of B over the pairs whose A = hi. Written as &(lb | (la ^ {NP{hi}})) it waited
  // for hi (an AND of 8) before its own AND of 8, and led the R = 2 decision's worst paths
  // (lin_q -> ctl_done and its copies, ovlrtl.md 14). hi = 1: every A is 1, so all pairs count
  // (&lb); hi = 0: the pairs with A = 0 (&(lb | la)). Both ANDs in parallel with hi, hi only
  // selecting.
  wire lo0 = hi0 ? (&lb) : (&(lb | la));
  // (OvlPipeEnd = 2, ovlrtl.md 16l) the five summaries of the lines the decision reads (any A,
  // any B, hi, lo, the parity) registered with lin_q, formed from lines_i: lin_q's own values in
  // every cycle (both reset to the summaries of all zeros), 2 - 3 LUT levels taken out of the
  // decision's cone lin_q -> ld_nx / dn_nx -> the broadcast's copies (6 levels); lin_q stays for
  // the column count. The deinterleave and the summaries repeat those of lin_q above on purpose:
  // written as one function for both (ovlrtl.md 16n), the same logic mapped to 7 and 20 LUT4
  // more (ABC follows the netlist's order), which moves every placed figure of this unit; the
  // check below ties the two copies in every simulated cycle.
  wire any_a, any_b, hi, lo, par;
  generate
    if (OvlPipeEnd == 2) begin : g_lsum
      reg [NP-1:0] ia, ib;
      integer k;
      always @* for (k = 0; k < NP; k = k + 1) begin
        ia[k] = lines_i[2 * k];
        ib[k] = lines_i[2 * k + 1];
      end
      reg [4:0] ls_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ls_q <= 5'd0;
        else         ls_q <= {|ia, |ib, &ia, (&ia) ? (&ib) : (&(ib | ia)), ^lines_i};
      end
      assign {any_a, any_b, hi, lo, par} = ls_q;
`ifndef SYNTHESIS
      always @(posedge clk_i) if (rst_ni && (ls_q !== {any_a0, any_b0, hi0, lo0, ^lin_q}))
        $fatal(1, "%m: the registered line summaries differ from lin_q's at %0t", $time);
`endif
    end else begin : g_lsum0
      assign {any_a, any_b, hi, lo, par} = {any_a0, any_b0, hi0, lo0, ^lin_q};
    end
  endgenerate

  // column count (all N lines) plus the carry
  reg [SumW-1:0] col;
  always @* begin
    col = {SumW{1'b0}};
    for (i = 0; i < NumPes; i = i + 1) col = col + {{(SumW - 1){1'b0}}, lin_q[i]};
  end
  reg  [CW-1:0] carry_q;
  wire [CW:0]   tot = {{(CW - SumW + 1){1'b0}}, col} + {1'b0, carry_q};
  reg           exd_q;    // the running word's exit is decided
  reg           xp_q, xpd_q;  // an exit waiting for a cycle that is not an arrival
  reg [1:0]     gin_q;    // a GO in flight: POLLs answered 0
  // the count bit itself as the parity of the 16 lines and the carry's bit 0 (ovlrtl.md 11): the
  // same value as tot[0], but taken from the column sum it came 5 LUTs deep (the sum's adder
  // tree) and led to ctl_done through the exit; the parity is 2 LUTs
  // OvlPipeEnd (ovlrtl.md 15): the slot "CNT + HEAD" is in sd2_q as d_cnt and d_head at once;
  // its column (the old word's bit Q - 1) must use the old word's carry, so bit_now and tot
  // read carry_q as it is, and the head's clear takes effect in the register below, after the
  // column (head before count there). Its exit (ex_now) is the old word's and sets no exd_q
  // (the head clears it for the new word); a pending exit (xp_q) is not touched by a head.
  wire bit_now  = (^lin_q) ^ carry_q[0];
  wire bit_use  = (OvlPipeEnd == 2) ? (par ^ carry_q[0]) : bit_now;  // (16l: the registered parity)
  wire ex_now   = d_cnt && !exd_q && (bit_use || d_last);
  wire ex_done  = !bit_use;
  wire go       = d_poll && (gin_q == 2'd0) && any_a && !any_b;

  // the broadcast's next value (ctl_load_o, ctl_done_o and their copies take it)
  reg ld_nx, dn_nx;
  always @* begin
    if (arr_nx) begin
      // the cycle this decision lands on (the next one; at OvlR = 3 the one after, through
      // ld_q / dn_q) carries the decision of the slot in sd2_q (sent P cycles before it)
      // (a SPEC: d_key too; answered only after a GO, else 0)
      ld_nx = d_poll ? go : d_next ? (any_a && !((OvlDead == 1) && any_b)) :
              d_key ? (hi && (!d_spec || go_q)) : 1'b0;
      dn_nx = d_next ? ((OvlDead == 2) && any_b) : (d_key && !d_kw1) ? (lo && (!d_spec || go_q)) : 1'b0;
    end else begin
      ld_nx = xp_q || ex_now;
      dn_nx = xp_q ? xpd_q : (ex_now && ex_done);
    end
  end
  // One kept module per copy: Yosys merges flip-flops with the same inputs back into one
  // (opt_merge), also when they are marked keep (tried: the netlist had one); it does not merge
  // instances of a kept module.
  // OvlR = 3: the decision registered first (ld_q, dn_q); the broadcast takes the register
  wire ld_b, dn_b;
  genvar ci;
  generate
    if (OvlR >= 3) begin : g_r3
      // Not a feas_ovl_ff2 instance, though the same two flip-flops: its kept hierarchy cost 33
      // LUT4 / 32 LCs of the packed unit (ovlrtl.md 13g), at 95 % of the device.
      reg ld_q, dn_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          ld_q <= 1'b0;
          dn_q <= 1'b0;
        end else begin
          ld_q <= ld_nx;
          dn_q <= dn_nx;
        end
      end
      assign ld_b = ld_q;
      assign dn_b = dn_q;
    end else begin : g_r2
      assign ld_b = ld_nx;
      assign dn_b = dn_nx;
    end
    for (ci = 0; ci < NP; ci = ci + 1) begin : g_cp
      feas_ovl_ff2 u_cp (.clk_i(clk_i), .rst_ni(rst_ni), .d_i({ld_b, dn_b}),
                         .q_o({ctl_load_cp_o[ci], ctl_done_cp_o[ci]}));
    end
  endgenerate

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      carry_q    <= {CW{1'b0}};
      exd_q      <= 1'b0;
      xp_q       <= 1'b0;
      xpd_q      <= 1'b0;
      gin_q      <= 2'd0;
      sp1_q      <= 1'b0;
      sp2_q      <= 1'b0;
      go_q       <= 1'b0;
      ctl_load_o <= 1'b0;
      ctl_done_o <= 1'b0;
    end else begin
      if (d_head) carry_q <= {CW{1'b0}};
      else if (d_cnt) carry_q <= tot[CW:1];
      if (d_head) exd_q <= 1'b0;
      else if (ex_now) exd_q <= 1'b1;
      // a GO: the POLLs of the P - 1 cycles after it are answered 0 (their decisions would land
      // before the GO's own arrival, where the pairs still POLL)
      gin_q <= go ? (P - 1) : (gin_q != 2'd0) ? gin_q - 1'b1 : 2'd0;
      sp1_q <= s_spec;
      sp2_q <= sp1_q;
      go_q  <= go;
      ctl_load_o <= ld_b;
      ctl_done_o <= dn_b;
      if (arr_nx) begin
        xp_q  <= xp_q || ex_now;
        xpd_q <= xp_q ? xpd_q : ex_done;
      end else begin
        xp_q <= 1'b0;
      end
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else begin
    if (arr_nx && !(d_poll || d_next || d_key))
      $fatal(1, "%m: an arrival without its slot two cycles back at %0t", $time);
    if (!arr_nx && (d_poll || d_next || d_key))
      $fatal(1, "%m: a race slot whose decision falls on no arrival at %0t", $time);
    if (xp_q && ex_now)
      $fatal(1, "%m: two exits pending at %0t", $time);
  end
  initial if (NumPes > 16 || NumPes % 2 != 0) $fatal(1, "feas_ovl_global: NumPes even, <= 16");
  initial if (OvlR != 2 && OvlR != 3) $fatal(1, "feas_ovl_global: OvlR = 2 or 3 only");
  // OvlPipeEnd: built and verified at R = 2, E = 0 only (ovlrtl.md 15), where the tail's exit
  // (its last slot + P) is decided before the new word's first race or count decision and one
  // pending exit (xp_q) suffices; R = 3 and idle speculation with it are not verified
  initial if (OvlPipeEnd != 0 && OvlPipeEnd != 2)
    $fatal(1, "feas_ovl_global: OvlPipeEnd = 0 or 2 only (got %0d)", OvlPipeEnd);
  initial if (OvlPipeEnd != 0 && (OvlR != 2 || OvlSpec != 0))
    $fatal(1, "feas_ovl_global: OvlPipeEnd = 2 needs OvlR = 2 and OvlSpec = 0 (not verified otherwise)");
  initial if (OvlSpec != 0 && (NumBarriers < 8)) $fatal(1, "feas_ovl_global: OvlSpec needs K >= 2 key slots");
`endif

endmodule

`default_nettype wire
