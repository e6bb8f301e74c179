// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/pairunit.md): a whole unit of the pairarb kind: N / 2
// feas_pair_arb_local blocks (PE 2i is pair i's A, PE 2i + 1 its B: A accepted in even cycles,
// B in odd ones) and one feas_pair_arb_global. The PE-side ports are dsbc_top's (flat vectors,
// PE i's field at i), without dsbc_top's done_barrier_o (no block outputs the ID except
// through the FIFOs); snap_o is pair 0's head (s), done_o is ctl_done.
// Nets between the blocks: N serial lines up, ctl_load and ctl_done down.

`default_nettype none

module feas_pair_arb_unit #(
  parameter integer NumPes      = 16,  // N, even
  parameter integer NumBarriers = 32,  // M, a power of two, 32 .. 128
  parameter integer CountBits   = 16,  // T
  parameter integer FifoDepth   = 8,   // D
  parameter integer RegLines    = 0,   // 1: registered lines (pairunit.md "Registered lines")
  parameter integer Overlap     = 0,   // 1 (needs RegLines = 2): the overlap contract (ovlrtl.md):
                                       // feas_ovl_global in place of feas_pair_arb_global
  parameter integer OvlSeqPairs = 8,   // Overlap = 1: pairs served by one slot-sequencer copy
                                       // (ovlrtl.md 11; divides N / 2)
  parameter integer OvlR        = 2,   // Overlap = 1: R = 2 (round trip P = 3) or 3 (P = 4: the
                                       // broadcast flip-flop to flip-flop, ovlrtl.md 13)
  parameter integer OvlSpec     = 0,   // Overlap = 1: 1 = idle speculation (overlap.md 1d)
  parameter integer OvlPipeEnd  = 0,   // Overlap = 1: 0, or 2 = the pipelined word end
  parameter integer OvlDead     = 2,   // OvlPipeEnd = 2: 1 = one header slot (ovlrtl.md 18b)
  parameter integer OvlHeadCut  = 0,   // OvlPipeEnd = 2: 1 = both PEs' cuts in the head cycle,
                                       // B's count words also in a copy (ovlrtl.md 18)
                                       // (overlap.md 13, ovlrtl.md 15; needs OvlR = 2)
  parameter integer BarrierW    = $clog2(NumBarriers)
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire [NumPes-1:0]            req_valid_i,
  input  wire [NumPes*BarrierW-1:0]   req_barrier_i,
  input  wire [NumPes-1:0]            req_dec_i,
  output wire [NumPes-1:0]            req_ready_o,
  output wire [NumPes-1:0]            ack_valid_o,
  output wire [NumPes-1:0]            ack_refused_o,
  output wire [NumPes-1:0]            fifo_valid_o,
  output wire [NumPes*BarrierW-1:0]   fifo_barrier_o,
  input  wire [NumPes-1:0]            fifo_pop_i,
  output wire                         snap_o,
  output wire                         done_o
);

  localparam integer BW = BarrierW;
  localparam integer NP = NumPes / 2;

  wire [NumPes-1:0] lines;
  wire [NP-1:0]     snaps;
  wire              ctl_load, ctl_done;
  // the broadcast as each pair receives it: Overlap = 1, its own copy of the global block's
  // flip-flops (ovlrtl.md 12); otherwise ctl_load / ctl_done themselves
  wire [NP-1:0]     p_load, p_done;
  // Overlap = 1: the pairs' slot sequencer, one copy per OvlSeqPairs pairs (ovlrtl.md 11;
  // below); copy k's bus at oseqs[k * SW +: SW]
  localparam integer SW = 3 * BW + NumBarriers / 4 + 20;
  wire [NP*SW-1:0]  oseqs;
  // ... and its precomputed slot (feas_ovl_seq.pre_o, ovlrtl.md 12), copy k's at opres[k * PRW +: PRW]
  localparam integer PRW = 4 * (NumBarriers / 4 + BW + 15) + 1;
  wire [NP*PRW-1:0] opres;
  // ... and its {tail, word} flags (feas_ovl_seq.tl_o, OvlPipeEnd), copy k's at otls[2k +: 2]
  wire [NP*2-1:0]   otls;
  // ... and its tail flags per broadcast value (feas_ovl_seq.pef_o, OvlPipeEnd = 2, ovlrtl.md 16b)
  wire [NP*12-1:0]  opefs;
  // ... and its {cand_q, pre_q} (feas_ovl_seq.fol_o, OvlPipeEnd = 2, ovlrtl.md 16b)
  localparam integer FW = 4 * (2 * OvlR + 21 + 5 * BW + NumBarriers / 4 + 15);

  genvar i;
  for (i = 0; i < NP; i = i + 1) begin : g_pair
    feas_pair_arb_local #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
      .RegLines(RegLines), .Overlap(Overlap), .OvlPipeEnd(OvlPipeEnd),
      .OvlHeadCut(OvlHeadCut), .OvlDead(OvlDead)
    ) u_pair (
      .clk_i(clk_i), .rst_ni(rst_ni),
      .a_req_valid_i(req_valid_i[2*i]), .a_req_barrier_i(req_barrier_i[2*i*BW +: BW]),
      .a_req_dec_i(req_dec_i[2*i]), .a_req_ready_o(req_ready_o[2*i]),
      .a_ack_valid_o(ack_valid_o[2*i]), .a_ack_refused_o(ack_refused_o[2*i]),
      .a_fifo_valid_o(fifo_valid_o[2*i]), .a_fifo_barrier_o(fifo_barrier_o[2*i*BW +: BW]),
      .a_fifo_pop_i(fifo_pop_i[2*i]), .a_rr_bit_o(lines[2*i]),
      .b_req_valid_i(req_valid_i[2*i+1]), .b_req_barrier_i(req_barrier_i[(2*i+1)*BW +: BW]),
      .b_req_dec_i(req_dec_i[2*i+1]), .b_req_ready_o(req_ready_o[2*i+1]),
      .b_ack_valid_o(ack_valid_o[2*i+1]), .b_ack_refused_o(ack_refused_o[2*i+1]),
      .b_fifo_valid_o(fifo_valid_o[2*i+1]), .b_fifo_barrier_o(fifo_barrier_o[(2*i+1)*BW +: BW]),
      .b_fifo_pop_i(fifo_pop_i[2*i+1]), .b_rr_bit_o(lines[2*i+1]),
      .ctl_load_i(p_load[i]), .ctl_done_i(p_done[i]), .snap_o(snaps[i]),
      .ovl_seq_i(oseqs[(i / OvlSeqPairs) * SW +: SW]),
      .ovl_pre_i(opres[(i / OvlSeqPairs) * PRW +: PRW]),
      .ovl_tl_i(otls[(i / OvlSeqPairs) * 2 +: 2]),
      .ovl_pef_i(opefs[(i / OvlSeqPairs) * 12 +: 12])
    );
  end

  // exit_w / cmpl_w: a word's exit / completion on the broadcast now (observability; with
  // Overlap = 0 every ctl_done is a completion)
  wire exit_w, cmpl_w;
  generate
    if (Overlap != 0) begin : g_ovl
      wire en, en_nx;
      // (OvlPipeEnd = 2, ovlrtl.md 16b) the first pair copy's {cand_q, pre_q}, followed by
      // the global block's copy
      wire [FW-1:0] ofol;
      feas_ovl_global #(.NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
                        .OvlR(OvlR), .OvlSpec(OvlSpec), .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead)) u_global (
        .clk_i(clk_i), .rst_ni(rst_ni), .lines_i(lines), .ctl_load_o(ctl_load),
        .ctl_done_o(ctl_done), .exit_o(exit_w), .cmpl_o(cmpl_w), .en_o(en), .en_nx_o(en_nx),
        .ctl_load_cp_o(p_load), .ctl_done_cp_o(p_done), .seq_fol_i(ofol)
      );
      // The pairs' sequencer: every pair block had its own copy, each seeing only the broadcast
      // and enabled in the same cycle (the pairs' clearing ends in cycle 2M, the global block's
      // enable too), so all were in the same state in every cycle (the self-check compared
      // them). One copy serves OvlSeqPairs pairs (8: all; about 78 LUT4 a copy saved,
      // ovlrtl.md 11); the global block keeps its own (it needs the slot two cycles late, next
      // to its lines). More copies shorten the routes from a copy to its pairs.
      genvar k;
      for (k = 0; k < NP / OvlSeqPairs; k = k + 1) begin : g_pseq
        wire [FW-1:0] fo;
        feas_ovl_seq #(.NumBarriers(NumBarriers), .Q(CountBits + $clog2(NumPes)), .OvlR(OvlR),
                       .OvlSpec(OvlSpec), .OvlPipeEnd(OvlPipeEnd), .OvlDead(OvlDead)) u_pseq (
          .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en), .en_nx_i(en_nx), .ld_i(ctl_load), .dn_i(ctl_done),
          .s_poll_o(), .s_next_o(), .s_key_o(), .s_kidx_o(), .s_kw1_o(), .s_head_o(), .s_bar_o(),
          .s_cnt_o(), .s_j_o(), .exit_o(), .cmpl_o(), .s_spec_o(), .arr_o(), .arr_nx_o(), .arr_kind_nx_o(),
          .cnt2_o(), .pfx_o(), .ri_o(), .r_act_o(), .r_dec_o(), .r_nxt_o(), .bus_o(oseqs[k*SW +: SW]),
          .pre_o(opres[k*PRW +: PRW]), .tl_o(otls[k*2 +: 2]), .pef_o(opefs[k*12 +: 12]),
          .fol_i({FW{1'b0}}), .fol_o(fo)
        );
        if (k == 0) begin : g_lead
          assign ofol = fo;
        end
      end
      if (NP / OvlSeqPairs < NP) begin : g_pseq_rest
        assign oseqs[NP*SW-1:(NP/OvlSeqPairs)*SW] = {((NP - NP / OvlSeqPairs) * SW){1'b0}};
        assign opres[NP*PRW-1:(NP/OvlSeqPairs)*PRW] = {((NP - NP / OvlSeqPairs) * PRW){1'b0}};
        assign otls[NP*2-1:(NP/OvlSeqPairs)*2] = {((NP - NP / OvlSeqPairs) * 2){1'b0}};
        assign opefs[NP*12-1:(NP/OvlSeqPairs)*12] = {((NP - NP / OvlSeqPairs) * 12){1'b0}};
      end
    end else begin : g_std
      feas_pair_arb_global #(.NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
                             .RegLines(RegLines)) u_global (
        .clk_i(clk_i), .rst_ni(rst_ni), .lines_i(lines), .ctl_load_o(ctl_load), .ctl_done_o(ctl_done)
      );
      assign exit_w = ctl_load;
      assign cmpl_w = ctl_done;
      assign p_load = {NP{ctl_load}};
      assign p_done = {NP{ctl_done}};
      assign oseqs  = {(NP * SW){1'b0}};
      assign opres  = {(NP * PRW){1'b0}};
      assign otls   = {(NP * 2){1'b0}};
      assign opefs  = {(NP * 12){1'b0}};
    end
  endgenerate

  assign snap_o = snaps[0];
  assign done_o = cmpl_w;
  wire unused = &{1'b0, snaps, exit_w};

  // OvlSeqPairs also at synthesis (ovlrtl.md 16c): a value that does not divide N / 2 would
  // leave pairs without a sequencer copy and synthesise a unit that never starts a word.
  // (Icarus 11 does not parse $error here; it stops on the $fatal below.)
  generate
    if (Overlap != 0 && (OvlSeqPairs < 1 || NP % OvlSeqPairs != 0)) begin : g_bad_ovl_seq_pairs
`ifndef __ICARUS__
      $error("feas_pair_arb_unit: parameter OvlSeqPairs must divide NumPes / 2 (Overlap = 1)");
`endif
    end
  endgenerate
`ifndef SYNTHESIS
  initial if (Overlap != 0 && RegLines != 2) $fatal(1, "feas_pair_arb_unit: Overlap = 1 needs RegLines = 2");
  initial if (OvlSeqPairs < 1 || NP % OvlSeqPairs != 0) $fatal(1, "feas_pair_arb_unit: OvlSeqPairs must divide N / 2");
  initial if (OvlPipeEnd != 0 && OvlPipeEnd != 2)
    $fatal(1, "feas_pair_arb_unit: OvlPipeEnd = 0 or 2 only (got %0d)", OvlPipeEnd);
  initial if (OvlPipeEnd != 0 && (Overlap == 0 || OvlR != 2 || OvlSpec != 0))
    $fatal(1, "feas_pair_arb_unit: OvlPipeEnd = 2 needs Overlap = 1, OvlR = 2, OvlSpec = 0 (ovlrtl.md 15)");
  initial if ((OvlDead != 1 && OvlDead != 2) || (OvlDead == 1 && (OvlPipeEnd != 2 || OvlHeadCut != 0)))
    $fatal(1, "feas_pair_arb_unit: OvlDead = 1 or 2, and 1 needs OvlPipeEnd = 2 and OvlHeadCut = 0 (got OvlDead = %0d)",
           OvlDead);
  initial if (OvlHeadCut != 0 && (OvlHeadCut != 1 || OvlPipeEnd != 2))
    $fatal(1, "feas_pair_arb_unit: OvlHeadCut = 0 or 1, and 1 needs OvlPipeEnd = 2 (got OvlHeadCut = %0d, OvlPipeEnd = %0d)",
           OvlHeadCut, OvlPipeEnd);
`endif

endmodule

`default_nettype wire
