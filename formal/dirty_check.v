// SPDX-License-Identifier: Apache-2.0
// rtl/dsbc_dirty.v (decoders spelled out: split addresses, no shifter, no carry chain) against
// formal/dirty_ref.v (the same bits written as `1 << addr` and `addr < k`): from the same
// reset, under the same inputs (any inputs: addresses >= M and simultaneous set, clear and
// re-mark included), the two hold the same dirty bits and search mask and give the same
// outputs. The state equality is the inductive invariant, so induction at depth 1 is the
// whole proof (formal/run.py, jobs dirty_m*).

`default_nettype none

module dirty_check #(
  parameter integer NumBarriers = 4,
  parameter integer BarrierW    = 2
) (
  input wire                clk_i,
  input wire                rst_ni,
  input wire                set_i,
  input wire [BarrierW-1:0] set_addr_i,
  input wire                clear_i,
  input wire [BarrierW-1:0] clear_addr_i,
  input wire                remark_i,
  input wire [BarrierW-1:0] remark_addr_i,
  input wire [BarrierW-1:0] cnt2_i,
  input wire [BarrierW-1:0] rd0_addr_i,
  input wire [BarrierW-1:0] rd1_addr_i
);
  localparam integer M = NumBarriers;

  wire                any, any_ref, rd0, rd0_ref, rd1, rd1_ref;
  wire [BarrierW-1:0] first, first_ref;

  dsbc_dirty #(.NumBarriers(M), .BarrierW(BarrierW)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .set_i(set_i), .set_addr_i(set_addr_i),
    .clear_i(clear_i), .clear_addr_i(clear_addr_i), .remark_i(remark_i),
    .remark_addr_i(remark_addr_i), .cnt2_i(cnt2_i), .any_o(any), .first_o(first),
    .rd0_addr_i(rd0_addr_i), .rd0_o(rd0), .rd1_addr_i(rd1_addr_i), .rd1_o(rd1));
  dsbc_dirty_ref #(.NumBarriers(M), .BarrierW(BarrierW)) u_ref (
    .clk_i(clk_i), .rst_ni(rst_ni), .set_i(set_i), .set_addr_i(set_addr_i),
    .clear_i(clear_i), .clear_addr_i(clear_addr_i), .remark_i(remark_i),
    .remark_addr_i(remark_addr_i), .cnt2_i(cnt2_i), .any_o(any_ref), .first_o(first_ref),
    .rd0_addr_i(rd0_addr_i), .rd0_o(rd0_ref), .rd1_addr_i(rd1_addr_i), .rd1_o(rd1_ref));

  // Probes (formal/run.py connects them to the two copies' registers).
  (* keep *) wire [M-1:0] p_dirty, p_dirty_ref, p_after, p_after_ref;

  // Reset in the first cycle; free afterwards.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

  always @* begin
    if (f_started) begin
      p_state: assert (p_dirty == p_dirty_ref && p_after == p_after_ref);
      p_any:   assert (any == any_ref);
      p_rd0:   assert (rd0 == rd0_ref);
      p_rd1:   assert (rd1 == rd1_ref);
      // first_o is meaningful for a legal CNT2 only; compared for every CNT2 all the same.
      p_first: assert (first == first_ref);
    end
  end

  // Not vacuous: two bits dirty at once, and a head (clear) that moves the search mask.
  always @* begin
    if (f_started && rst_ni) begin
      if (M > 1) begin
        c_two: cover (p_dirty[0] && p_dirty[M-1]);
      end
      c_mask: cover (p_after != 0 && any);
    end
  end
endmodule

`default_nettype wire
