// SPDX-License-Identifier: Apache-2.0
// Local logic of one PE (dissertation Fig. 5.1): summation module, RAM of the M words
// {open, count} (one write port, one read port shared by the summation and the snapshot:
// one block RAM at T <= 15, two at T = 16, for M <= 256), reporting and recording module,
// FIFO of completed barrier IDs. It talks to the global block through three wires: rr_bit_o
// up, ctl_load_i and ctl_done_i down. Sched selects what the wires carry: 0 = rr, the
// paper's round robin (architecture.md 4c), 1 = arb, dirty bits and arbitration (4e,
// dsbc_arb_local); the other modules are shared.

`default_nettype none

module dsbc_local #(
  parameter integer NumPes      = 4,   // N (checked only)
  parameter integer NumBarriers = 4,   // M, 1..1024
  parameter integer CountBits   = 16,  // T, 8..32
  parameter integer FifoDepth   = 8,   // 1..1024
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1,
  parameter integer Sched       = 1    // scheduler: 0 rr, 1 arb (default) (legal 0..1)
) (
  input  wire                clk_i,           // clock, rising edge
  input  wire                rst_ni,          // asynchronous reset, active low
  // PE side
  input  wire                req_valid_i,     // PE request, held until accepted (valid/ready)
  input  wire [BarrierW-1:0] req_barrier_i,   // its barrier ID, 0..M-1
  input  wire                req_dec_i,       // 0: produce (+1), 1: consume (-1)
  output wire                req_ready_o,     // low for M cycles after reset, in snapshots, with ctl_done
  output wire                ack_valid_o,     // one cycle after acceptance: committed ...
  output wire                ack_refused_o,   // ... unless refused (overflow or ID >= M)
  output wire                fifo_valid_o,    // a completed barrier ID waits
  output wire [BarrierW-1:0] fifo_barrier_o,  // the oldest completed barrier ID
  input  wire                fifo_pop_i,      // the PE takes it at this edge
  // The three wires to the global block
  output wire                rr_bit_o,        // serial snapshot bit, one slot per cycle
  input  wire                ctl_load_i,      // snapshot the next barrier now
  input  wire                ctl_done_i       // that barrier is complete: push, rebase
);

  localparam integer T = CountBits;

  dsbc_param_check #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched)
  ) u_param_check ();

  wire [BarrierW-1:0] rd_addr, wr_addr, snap_rd_addr;
  wire [T:0]          rd_data, wr_data, wr_old;
  wire                wr_en;
  wire                commit_valid;
  wire [BarrierW-1:0] commit_barrier;
  wire                commit_dec;
  wire [BarrierW-1:0] cnt2;
  wire [T:0]          rebase_count;
  wire                touched;
  wire                fifo_full;
  wire [BarrierW-1:0] cnt2_succ;
  wire                piso_bit;
  wire                snap;       // a snapshot in this cycle (rr: ctl_load_i)
  wire [BarrierW-1:0] snap_addr;  // arb: its barrier (rr: CNT2 + 1, inside dsbc_rr)

  // Zero-sized N or M (illegal: dsbc_param_check stops elaboration and names the parameter)
  // would make the arb modules fail to elaborate first, with an error that names neither;
  // the rr branch survives them, so the user sees the parameter check's message.
  localparam UseArb = (Sched == 1) && (NumPes >= 1) && (NumBarriers >= 1);

  if (UseArb) begin : g_arb
    dsbc_arb_local #(
      .NumBarriers(NumBarriers), .BarrierW(BarrierW)
    ) u_arb (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .ctl_load_i       (ctl_load_i),
      .ctl_done_i       (ctl_done_i),
      .cnt2_i           (cnt2),
      .cnt2_succ_i      (cnt2_succ),
      .commit_valid_i   (commit_valid),
      .commit_barrier_i (commit_barrier),
      .fifo_full_i      (fifo_full),
      .piso_bit_i       (piso_bit),
      .line_o           (rr_bit_o),
      .snap_o           (snap),
      .snap_addr_o      (snap_addr)
    );
  end else begin : g_rr
    assign snap      = ctl_load_i;
    assign snap_addr = cnt2_succ;  // unused by dsbc_rr under rr
    assign rr_bit_o  = piso_bit;
  end

  dsbc_summation #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW)
  ) u_summation (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_valid_i(req_valid_i), .req_barrier_i(req_barrier_i), .req_dec_i(req_dec_i), .req_ready_o(req_ready_o), .ack_valid_o(ack_valid_o), .ack_refused_o(ack_refused_o),
    .snap_i           (snap),
    .snap_barrier_i   (snap_rd_addr),
    .rebase_i         (ctl_done_i),
    .rebase_barrier_i (cnt2),
    .rebase_count_i   (rebase_count),
    .rebase_touched_i (touched),
    .commit_valid_o   (commit_valid),
    .commit_barrier_o (commit_barrier),
    .commit_dec_o     (commit_dec),
    .ram_rd_addr_o    (rd_addr),
    .ram_rd_data_i    (rd_data),
    .ram_wr_en_o      (wr_en),
    .ram_wr_addr_o    (wr_addr),
    .ram_wr_data_o    (wr_data),
    .ram_wr_old_o     (wr_old)
  );

  dsbc_ram_dp #(
    .Depth(NumBarriers), .Width(T + 1), .AddrW(BarrierW)
  ) u_ram (
    .clk_i(clk_i),
    .wr_en_i   (wr_en),
    .wr_addr_i (wr_addr),
    .wr_data_i (wr_data),
    .rd_addr_i (rd_addr),
    .rd_data_o (rd_data)
  );

  dsbc_rr #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .Sched(Sched)
  ) u_rr (
    .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(snap), .snap_addr_i(snap_addr), .rr_bit_o(piso_bit),
    .ram_rd_addr_o    (snap_rd_addr),
    .ram_rd_data_i    (rd_data),
    .ram_wr_en_i      (wr_en),
    .ram_wr_addr_i    (wr_addr),
    .ram_wr_old_i     (wr_old),
    .commit_valid_i   (commit_valid),
    .commit_barrier_i (commit_barrier),
    .commit_dec_i     (commit_dec),
    .fifo_full_i      (fifo_full),
    .cnt2_o           (cnt2),
    .cnt2_succ_o      (cnt2_succ),
    .rebase_count_o   (rebase_count),
    .touched_o        (touched)
  );

  // The completion of the inspected barrier is recorded in the cycle ctl_done is high.
  dsbc_fifo #(
    .Depth(FifoDepth), .Width(BarrierW)
  ) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .push_i      (ctl_done_i),
    .push_data_i (cnt2),
    .pop_i       (fifo_pop_i),
    .valid_o     (fifo_valid_o),
    .data_o      (fifo_barrier_o),
    .full_o      (fifo_full)
  );

endmodule

`default_nettype wire
