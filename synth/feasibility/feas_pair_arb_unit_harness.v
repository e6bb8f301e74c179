// SPDX-License-Identifier: Apache-2.0
// Fmax harness around a whole feas_pair_arb_unit (see synth/harness/harness_scan_io.v):
// harness_dsbc_top's, for the pairarb unit (pairunit.md). Every PE-side input comes from a
// scan flip-flop, every output goes to a capture flip-flop and a loadable chain to one pin.

`default_nettype none

module feas_pair_arb_unit_harness #(
  parameter integer NumPes      = 16,
  parameter integer NumBarriers = 32,
  parameter integer CountBits   = 16,
  parameter integer FifoDepth   = 8,
  parameter integer RegLines    = 0,
  parameter integer Overlap     = 0,  // 1 (RegLines = 2): the overlap contract (ovlrtl.md)
  parameter integer OvlSeqPairs = 8,  // Overlap = 1: pairs per slot-sequencer copy (ovlrtl.md 11)
  parameter integer OvlR        = 2,  // Overlap = 1: R = 2 or 3 (ovlrtl.md 13)
  parameter integer OvlSpec     = 0,  // Overlap = 1: idle speculation (overlap.md 1d)
  parameter integer OvlPipeEnd  = 0,  // Overlap = 1: 2 = the pipelined word end (ovlrtl.md 15)
  parameter integer OvlHeadCut  = 0,  // OvlPipeEnd = 2: 1 = B's cut in the head cycle (ovlrtl.md 18)
  parameter integer OvlDead     = 2   // OvlPipeEnd = 2: 1 = one header slot (ovlrtl.md 18b)
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  input  wire load_i,
  output wire sout_o
);

  localparam integer BW   = $clog2(NumBarriers);
  localparam integer InW  = NumPes * (BW + 3);        // valid, barrier, dec, pop per PE
  localparam integer OutW = NumPes * (BW + 4) + 2;    // ready, ack, refused, fifo valid, ID; snap, done

  wire [InW-1:0]  dut_in;
  wire [OutW-1:0] dut_out;

  harness_scan_io #(.InW(InW), .OutW(OutW)) u_io (
    .clk_i(clk_i), .sin_i(sin_i), .load_i(load_i), .sout_o(sout_o),
    .dut_in_o(dut_in), .dut_out_i(dut_out)
  );

  (* keep_hierarchy *)
  feas_pair_arb_unit #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .RegLines(RegLines), .Overlap(Overlap), .OvlSeqPairs(OvlSeqPairs),
    .OvlR(OvlR), .OvlSpec(OvlSpec), .OvlPipeEnd(OvlPipeEnd), .OvlHeadCut(OvlHeadCut), .OvlDead(OvlDead)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    (dut_in[0 +: NumPes]),
    .req_barrier_i  (dut_in[NumPes +: NumPes*BW]),
    .req_dec_i      (dut_in[NumPes*(BW+1) +: NumPes]),
    .fifo_pop_i     (dut_in[NumPes*(BW+2) +: NumPes]),
    .req_ready_o    (dut_out[0 +: NumPes]),
    .ack_valid_o    (dut_out[NumPes +: NumPes]),
    .ack_refused_o  (dut_out[2*NumPes +: NumPes]),
    .fifo_valid_o   (dut_out[3*NumPes +: NumPes]),
    .fifo_barrier_o (dut_out[4*NumPes +: NumPes*BW]),
    .snap_o         (dut_out[NumPes*(BW+4)]),
    .done_o         (dut_out[NumPes*(BW+4)+1])
  );

endmodule

`default_nettype wire
