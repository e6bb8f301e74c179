// SPDX-License-Identifier: Apache-2.0
// Wired-NOR barrier unit (Shang & Hwang, IEEE TPDS 6(6), 1995; dissertation section 2.8.1),
// the baseline DSBC is compared with: m barrier lines over N PEs. PE i owns a control vector
// X_i (wnor_pe) and reads a monitor vector Y_i. Line j is high only when no PE has X_i,j set
// (wnor_nor_tree); that is the whole detection mechanism, so its latency is one cycle but it
// sees only PE state, never tasks in flight between PEs (the launch-in-transit hazard).
//
// Wiring: every PE drives m lines and monitors the same m lines, m·N connections in all
// (dissertation Fig. 5.9), against DSBC's 3N. Y is the same for every PE, so it is output
// once (`line_o`) rather than N times.
//
// Timing: a request accepted in cycle k updates X in cycle k+1 (the ack cycle, the "commit");
// the line is sampled into the monitor register at the end of k+1, so line_o and release_o
// show it in cycle k+2. Sampling through a register keeps the tree reg-to-reg for Fmax and
// models the PE's monitor bit Y.

`default_nettype none

module wnor_top #(
  parameter integer NumPes      = 4,   // N, processing elements, 1..1024
  parameter integer NumBarriers = 16,  // m, barrier lines, 1..256
  parameter integer TreeArity   = 4,   // fan-in of a reduction node, 2..8
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1  // derived
) (
  input  wire                       clk_i,          // clock, rising edge
  input  wire                       rst_ni,         // asynchronous reset, active low
  // PE side, one lane per PE (PE i in bits [i*W +: W]), as in dsbc_top
  input  wire [NumPes-1:0]          req_valid_i,    // PE i's request (bit i), accepted at once
  input  wire [NumPes*BarrierW-1:0] req_barrier_i,  // its line j (lane i)
  input  wire [NumPes-1:0]          req_clear_i,    // 0: set X (busy), 1: clear X (done)
  output wire [NumPes-1:0]          req_ready_o,    // always 1: no internal operation competes
  output wire [NumPes-1:0]          ack_valid_o,    // one cycle after acceptance: X updated ...
  output wire [NumPes-1:0]          ack_refused_o,  // barrier ID >= m
  // Monitor side, shared by every PE
  output wire [NumBarriers-1:0]     line_o,         // Y: line j high = nobody busy on j
  output wire [NumBarriers-1:0]     release_o       // line j rose this cycle: released
);

  wnor_param_check #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .TreeArity(TreeArity)
  ) u_param_check ();

  // x_pe[i*m + j] = X_i,j; x_line[j*N + i] = the same bit regrouped per line for the trees.
  wire [NumPes*NumBarriers-1:0] x_pe;
  wire [NumPes*NumBarriers-1:0] x_line;
  wire [NumBarriers-1:0]        idle;
  reg  [NumBarriers-1:0]        line_q, release_q;

  genvar i, j;
  for (i = 0; i < NumPes; i = i + 1) begin : g_pe
    wnor_pe #(.NumBarriers(NumBarriers), .BarrierW(BarrierW)) u_pe (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .req_valid_i   (req_valid_i[i]),
      .req_barrier_i (req_barrier_i[i*BarrierW +: BarrierW]),
      .req_clear_i   (req_clear_i[i]),
      .req_ready_o   (req_ready_o[i]),
      .ack_valid_o   (ack_valid_o[i]),
      .ack_refused_o (ack_refused_o[i]),
      .x_o           (x_pe[i*NumBarriers +: NumBarriers])
    );
    for (j = 0; j < NumBarriers; j = j + 1) begin : g_regroup
      assign x_line[j*NumPes + i] = x_pe[i*NumBarriers + j];
    end
  end

  for (j = 0; j < NumBarriers; j = j + 1) begin : g_line
    wnor_nor_tree #(.Width(NumPes), .TreeArity(TreeArity)) u_tree (
      .busy_i (x_line[j*NumPes +: NumPes]),
      .idle_o (idle[j])
    );
  end

  // Reset: every X is clear, so every line is high; no release pulse comes out of reset.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      line_q    <= {NumBarriers{1'b1}};
      release_q <= {NumBarriers{1'b0}};
    end else begin
      line_q    <= idle;
      release_q <= idle & ~line_q;
    end
  end

  assign line_o    = line_q;
  assign release_o = release_q;

endmodule

`default_nettype wire
