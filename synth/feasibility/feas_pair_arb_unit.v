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

  genvar i;
  for (i = 0; i < NP; i = i + 1) begin : g_pair
    feas_pair_arb_local #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
      .RegLines(RegLines), .Overlap(Overlap)
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
      .ctl_load_i(ctl_load), .ctl_done_i(ctl_done), .snap_o(snaps[i])
    );
  end

  // exit_w / cmpl_w: a word's exit / completion on the broadcast now (observability; with
  // Overlap = 0 every ctl_done is a completion)
  wire exit_w, cmpl_w;
  generate
    if (Overlap != 0) begin : g_ovl
      feas_ovl_global #(.NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits)) u_global (
        .clk_i(clk_i), .rst_ni(rst_ni), .lines_i(lines), .ctl_load_o(ctl_load),
        .ctl_done_o(ctl_done), .exit_o(exit_w), .cmpl_o(cmpl_w)
      );
    end else begin : g_std
      feas_pair_arb_global #(.NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
                             .RegLines(RegLines)) u_global (
        .clk_i(clk_i), .rst_ni(rst_ni), .lines_i(lines), .ctl_load_o(ctl_load), .ctl_done_o(ctl_done)
      );
      assign exit_w = ctl_load;
      assign cmpl_w = ctl_done;
    end
  endgenerate

  assign snap_o = snaps[0];
  assign done_o = cmpl_w;
  wire unused = &{1'b0, snaps, exit_w};
`ifndef SYNTHESIS
  initial if (Overlap != 0 && RegLines != 2) $fatal(1, "feas_pair_arb_unit: Overlap = 1 needs RegLines = 2");
`endif

endmodule

`default_nettype wire
