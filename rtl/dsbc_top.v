// SPDX-License-Identifier: Apache-2.0
// DSBC unit: N local blocks and one global block (dissertation Fig. 5.1). Per-PE ports are
// packed vectors, PE i in bits [i*W +: W]. Between local block i and the global block run
// exactly three wires: rr_bits[i] up, and the broadcast ctl_load and ctl_done down.
// Sched picks what they carry (0: rr, the paper's round robin; 1: arb, architecture.md 4e);
// Pipe = 1 (rr only) pipelines the global sum: every decision comes P cycles later (4f).
// HalfRate = 1 (rr only) takes dsbc_local_half for every local block: at most one request per
// PE every two cycles, acknowledged four cycles after acceptance, for a shorter clock (4f).

`default_nettype none

module dsbc_top #(
  parameter integer NumPes      = 4,   // N, processing elements, 1..256
  parameter integer NumBarriers = 4,   // M, barrier IDs (RAM words per PE), 1..1024
  parameter integer CountBits   = 16,  // T, local count width (two's complement), 8..32
  parameter integer FifoDepth   = 8,   // completed-barrier FIFO entries per PE, 1..1024
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1,  // derived
  parameter integer Sched       = 1,   // scheduler: 0 rr (round robin), 1 arb (default); 0..1
  parameter integer Pipe        = 0,   // 1: pipelined global sum, rr only (architecture.md 4f); 0..1
  parameter integer HalfRate    = 0    // 1: half the request rate, rr only, M >= 3 (Pipe 0) or 2 (Pipe 1, N >= 2) (4f); 0..1
) (
  input  wire                       clk_i,           // clock, rising edge
  input  wire                       rst_ni,          // asynchronous reset, active low
  // PE side, one lane per PE: PE i in bit i, or in bits [i*BarrierW +: BarrierW]
  input  wire [NumPes-1:0]          req_valid_i,     // PE i's request, held until accepted
  input  wire [NumPes*BarrierW-1:0] req_barrier_i,   // its barrier ID (lane i)
  input  wire [NumPes-1:0]          req_dec_i,       // 0: produce (+1), 1: consume (-1)
  output wire [NumPes-1:0]          req_ready_o,     // PE i's request is accepted
  output wire [NumPes-1:0]          ack_valid_o,     // committed 1 (HalfRate: 4) cycles after acceptance
  output wire [NumPes-1:0]          ack_refused_o,   // ... or refused (overflow, ID >= M)
  output wire [NumPes-1:0]          fifo_valid_o,    // PE i has a completed ID waiting
  output wire [NumPes*BarrierW-1:0] fifo_barrier_o,  // the oldest one (lane i)
  input  wire [NumPes-1:0]          fifo_pop_i,      // PE i takes its head at this edge
  // Observation of the global control
  output wire                       snap_o,          // a snapshot this cycle (rr: ctl_load)
  output wire                       done_o,          // ctl_done: completion this cycle
  output wire [BarrierW-1:0]        done_barrier_o   // global CNT2
);

  dsbc_param_check #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched), .Pipe(Pipe)
  ) u_param_check ();

  // Only when HalfRate != 0 (so the default unit elaborates as it always did: see the module).
  if (HalfRate != 0) begin : g_half_rate_check
    dsbc_half_rate_check #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .Sched(Sched), .Pipe(Pipe), .HalfRate(HalfRate)
    ) u_half_rate_check ();
  end

  wire [NumPes-1:0] rr_bits;
  wire              ctl_load;
  wire              ctl_done;
  wire [NumPes-1:0] ctl_done_pe;  // ctl_done, one copy per PE (dsbc_global)

  // One loop per kind of local block, the other one empty: so that HalfRate = 0 keeps the
  // instance names it always had (g_pe[i].u_local), which tests and harnesses reach into.
  localparam integer FullPes = (HalfRate == 0) ? NumPes : 0;
  localparam integer HalfPes = (HalfRate == 0) ? 0 : NumPes;

  genvar i;
  for (i = 0; i < FullPes; i = i + 1) begin : g_pe
    dsbc_local #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
      .FifoDepth(FifoDepth), .BarrierW(BarrierW), .Sched(Sched)
    ) u_local (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .req_valid_i    (req_valid_i[i]),
      .req_barrier_i  (req_barrier_i[i*BarrierW +: BarrierW]),
      .req_dec_i      (req_dec_i[i]),
      .req_ready_o    (req_ready_o[i]),
      .ack_valid_o    (ack_valid_o[i]),
      .ack_refused_o  (ack_refused_o[i]),
      .fifo_valid_o   (fifo_valid_o[i]),
      .fifo_barrier_o (fifo_barrier_o[i*BarrierW +: BarrierW]),
      .fifo_pop_i     (fifo_pop_i[i]),
      .rr_bit_o       (rr_bits[i]),
      .ctl_load_i     (ctl_load),
      .ctl_done_i     (ctl_done_pe[i])
    );
  end

  for (i = 0; i < HalfPes; i = i + 1) begin : g_pe_half
    dsbc_local_half #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
      .FifoDepth(FifoDepth), .BarrierW(BarrierW)
    ) u_local (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .req_valid_i    (req_valid_i[i]),
      .req_barrier_i  (req_barrier_i[i*BarrierW +: BarrierW]),
      .req_dec_i      (req_dec_i[i]),
      .req_ready_o    (req_ready_o[i]),
      .ack_valid_o    (ack_valid_o[i]),
      .ack_refused_o  (ack_refused_o[i]),
      .fifo_valid_o   (fifo_valid_o[i]),
      .fifo_barrier_o (fifo_barrier_o[i*BarrierW +: BarrierW]),
      .fifo_pop_i     (fifo_pop_i[i]),
      .rr_bit_o       (rr_bits[i]),
      .ctl_load_i     (ctl_load),
      .ctl_done_i     (ctl_done_pe[i])
    );
  end

  dsbc_global #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits),
    .FifoDepth(FifoDepth), .BarrierW(BarrierW), .Sched(Sched), .Pipe(Pipe)
  ) u_global (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rr_bits_i  (rr_bits),
    .ctl_load_o (ctl_load),
    .ctl_done_o (ctl_done),
    .snap_o     (snap_o),
    .cnt2_o     (done_barrier_o),
    .ctl_done_pe_o (ctl_done_pe)
  );

  assign done_o = ctl_done;

endmodule

`default_nettype wire
