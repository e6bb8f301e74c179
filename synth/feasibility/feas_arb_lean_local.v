// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/arblean.md): one PE's local block under the lean arb
// scheduler. Same PE side and the same 3 nets as dsbc_local; what the nets carry is the
// contract of arblean.md. Count words: dsbc_summation + dsbc_ram_dp (T bits used: one
// SB_RAM40_4K at T = 16); dirty bits: feas_bitmap_ram (the second SB_RAM40_4K); CNT2, PISO,
// rebase accumulator: feas_lean_rr (HoldRace = 1) or dsbc_rr with Sched = 1 (HoldRace = 0); completed IDs: feas_ram_fifo,
// in words 128.. of the dirty-bit RAM.
// M must be a multiple of 16, 32..256.

`default_nettype none

module feas_arb_lean_local #(
  parameter integer NumPes      = 16,  // N (unused here; kept for the common chparam)
  parameter integer NumBarriers = 32,  // M
  parameter integer CountBits   = 16,  // T
  parameter integer FifoDepth   = 8,
  parameter integer BarrierW    = $clog2(NumBarriers),
  parameter integer HoldRace    = 1    // 1: ready low t-1..s, feas_lean_rr; 0: dsbc_rr
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                req_valid_i,
  input  wire [BarrierW-1:0] req_barrier_i,
  input  wire                req_dec_i,
  output wire                req_ready_o,
  output wire                ack_valid_o,
  output wire                ack_refused_o,
  output wire                fifo_valid_o,
  output wire [BarrierW-1:0] fifo_barrier_o,
  input  wire                fifo_pop_i,
  output wire                rr_bit_o,
  input  wire                ctl_load_i,
  input  wire                ctl_done_i,
  output wire                snap_o           // observability: head (snapshot) now
);

  localparam integer T = CountBits;

  wire [BarrierW-1:0] rd_addr, wr_addr, snap_rd_addr;
  wire [T:0]          rd_data, wr_data, wr_old;
  wire                wr_en;
  wire                commit_valid;
  wire [BarrierW-1:0] commit_barrier;
  wire                commit_dec;
  wire [BarrierW-1:0] cnt2, cnt2_succ;
  wire [T:0]          rebase_count;
  wire                touched;
  wire                fifo_full;
  wire                piso_bit;
  wire                head, stall;
  wire [BarrierW-1:0] head_addr;
  wire                dr_rd_en;
  wire [7:0]          dr_wr_addr, dr_rd_addr;
  wire [15:0]         dr_wr_data, dr_wr_mask, dr_rd_data;
  wire                c_rd_en, c_rd_busy;
  wire [7:0]          c_wr_addr, c_rd_addr;
  wire [15:0]         c_wr_data, c_wr_mask;
  wire                f_wr_en, f_rd_en;
  wire [7:0]          f_wr_addr, f_rd_addr;
  wire [15:0]         f_wr_data;

  // The RAM's write port: a FIFO push (d+1: no commit, no clear then) or the control's
  // sets and clears; the read port: the race's read (t) or a FIFO fetch when it is free.
  // (the control's mask is zero in a push cycle; a push writes the low BarrierW bits only)
  assign dr_wr_addr = f_wr_en ? f_wr_addr : c_wr_addr;
  assign dr_wr_data = {c_wr_data[15:BarrierW],
                       f_wr_en ? f_wr_data[BarrierW-1:0] : c_wr_data[BarrierW-1:0]};
  assign dr_wr_mask = {c_wr_mask[15:BarrierW], c_wr_mask[BarrierW-1:0] | {BarrierW{f_wr_en}}};
  assign dr_rd_en   = c_rd_en || f_rd_en;
  assign dr_rd_addr = c_rd_en ? c_rd_addr : f_rd_addr;

  assign snap_o = head;
  wire unused = &{1'b0, cnt2_succ, NumPes[0]};

  feas_arb_lean_ctl #(.NumBarriers(NumBarriers), .BarrierW(BarrierW), .HoldRace(HoldRace)) u_ctl (
    .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(ctl_load_i), .ctl_done_i(ctl_done_i),
    .cnt2_i(cnt2), .commit_valid_i(commit_valid), .commit_barrier_i(commit_barrier),
    .fifo_full_i(fifo_full), .piso_bit_i(piso_bit), .line_o(rr_bit_o),
    .snap_o(head), .snap_addr_o(head_addr), .stall_o(stall),
    .dr_wr_addr_o(c_wr_addr), .dr_wr_data_o(c_wr_data),
    .dr_wr_mask_o(c_wr_mask), .dr_rd_en_o(c_rd_en), .dr_rd_addr_o(c_rd_addr),
    .dr_rd_busy_o(c_rd_busy),
    .dr_rd_data_i(dr_rd_data)
  );

  feas_bitmap_ram #(.AddrW(8)) u_dirty_ram (
    .clk_i(clk_i), .wr_addr_i(dr_wr_addr), .wr_data_i(dr_wr_data),
    .wr_mask_i(dr_wr_mask), .rd_en_i(dr_rd_en), .rd_addr_i(dr_rd_addr), .rd_data_o(dr_rd_data)
  );

  // The stall cycle (t-1) lowers ready like a snapshot; its count-RAM read is unused.
  dsbc_summation #(
    .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW)
  ) u_summation (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_valid_i(req_valid_i), .req_barrier_i(req_barrier_i),
    .req_dec_i(req_dec_i), .req_ready_o(req_ready_o), .ack_valid_o(ack_valid_o),
    .ack_refused_o(ack_refused_o),
    .snap_i(head || stall), .snap_barrier_i(snap_rd_addr),
    .rebase_i(ctl_done_i), .rebase_barrier_i(cnt2), .rebase_count_i(rebase_count),
    .rebase_touched_i(touched),
    .commit_valid_o(commit_valid), .commit_barrier_o(commit_barrier), .commit_dec_o(commit_dec),
    .ram_rd_addr_o(rd_addr), .ram_rd_data_i(rd_data), .ram_wr_en_o(wr_en),
    .ram_wr_addr_o(wr_addr), .ram_wr_data_o(wr_data), .ram_wr_old_o(wr_old)
  );

  dsbc_ram_dp #(.Depth(NumBarriers), .Width(T + 1), .AddrW(BarrierW)) u_ram (
    .clk_i(clk_i), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
    .rd_addr_i(rd_addr), .rd_data_o(rd_data)
  );

  if (HoldRace != 0) begin : g_hold
    feas_lean_rr #(
      .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW)
    ) u_rr (
      .clk_i(clk_i), .rst_ni(rst_ni), .head_i(head), .head_addr_i(head_addr),
      .ram_rd_data_i(rd_data), .commit_valid_i(commit_valid),
      .commit_barrier_i(commit_barrier), .commit_dec_i(commit_dec), .rr_bit_o(piso_bit),
      .cnt2_o(cnt2), .rebase_count_o(rebase_count), .touched_o(touched)
    );
    assign snap_rd_addr = head_addr;
    assign cnt2_succ    = {BarrierW{1'b0}};
    wire unused_old = &{1'b0, wr_old};
  end else begin : g_live
    dsbc_rr #(
      .NumBarriers(NumBarriers), .CountBits(CountBits), .BarrierW(BarrierW), .Sched(1)
    ) u_rr (
      .clk_i(clk_i), .rst_ni(rst_ni), .ctl_load_i(head), .snap_addr_i(head_addr),
      .rr_bit_o(piso_bit), .ram_rd_addr_o(snap_rd_addr), .ram_rd_data_i(rd_data),
      .ram_wr_en_i(wr_en), .ram_wr_addr_i(wr_addr), .ram_wr_old_i(wr_old),
      .commit_valid_i(commit_valid), .commit_barrier_i(commit_barrier),
      .commit_dec_i(commit_dec), .fifo_full_i(fifo_full), .cnt2_o(cnt2),
      .cnt2_succ_o(cnt2_succ), .rebase_count_o(rebase_count), .touched_o(touched)
    );
  end

  feas_ram_fifo #(.Depth(FifoDepth), .Width(BarrierW), .Base(8'd128)) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni), .push_i(ctl_done_i), .push_data_i(cnt2),
    .pop_i(fifo_pop_i), .valid_o(fifo_valid_o), .data_o(fifo_barrier_o), .full_o(fifo_full),
    .wr_en_o(f_wr_en), .wr_addr_o(f_wr_addr), .wr_data_o(f_wr_data),
    .rd_free_i(!c_rd_busy), .rd_en_o(f_rd_en), .rd_addr_o(f_rd_addr), .rd_data_i(dr_rd_data)
  );

endmodule

`default_nettype wire
