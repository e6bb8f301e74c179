// SPDX-License-Identifier: Apache-2.0
// rtl/dsbc_first_dirty.v (priority tree over the unrotated dirty bits) against
// formal/first_dirty_ref.v (rotate by base = CNT2 + 1 mod M, lowest set bit, encode): equal
// for every D and every CNT2 < M (CNT2 is a barrier ID). Combinational, so the proof is by
// induction at depth 1 (formal/run.py, jobs first_dirty_m*).

`default_nettype none

module first_dirty_check #(
  parameter integer NumBarriers = 4,
  parameter integer BarrierW    = 2
) (
  input wire                   clk_i,
  input wire [NumBarriers-1:0] dirty_i,
  input wire [BarrierW-1:0]    cnt2_i
);
  wire [BarrierW-1:0] base = (cnt2_i == NumBarriers - 1) ? {BarrierW{1'b0}} : cnt2_i + 1'b1;
  // The mask as dsbc_dirty keeps it: bit k is k > CNT2.
  wire [NumBarriers-1:0] after;
  genvar k;
  for (k = 0; k < NumBarriers; k = k + 1) begin : g_after
    localparam [BarrierW-1:0] K = k;
    assign after[k] = cnt2_i < K;
  end
  wire [BarrierW-1:0] first, first_ref;
  dsbc_first_dirty #(.NumBarriers(NumBarriers), .BarrierW(BarrierW)) u_dut (
    .dirty_i(dirty_i), .cnt2_i(cnt2_i), .after_i(after), .first_o(first));
  first_dirty_ref #(.NumBarriers(NumBarriers), .BarrierW(BarrierW)) u_ref (
    .dirty_i(dirty_i), .base_i(base), .first_o(first_ref));
  wire unused_clk = clk_i;

  always @* begin
    if (cnt2_i < NumBarriers) begin
      p_same: assert (first == first_ref);
    end
  end

  // Not vacuous (M >= 2; at M = 1 there is nothing to search): a search that finds a barrier
  // after CNT2, and one that wraps past M - 1 to barrier 0 (the upper copy of D wins).
  generate
    if (NumBarriers > 1) begin : g_cover
      always @* begin
        if (cnt2_i < NumBarriers - 1) begin
          c_ahead: cover ((dirty_i & after) != 0);
          c_wraps: cover ((dirty_i & after) == 0 && dirty_i[0] && first_ref != 0);
        end
      end
    end
  endgenerate
endmodule

`default_nettype wire
