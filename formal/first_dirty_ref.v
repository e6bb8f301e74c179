// SPDX-License-Identifier: Apache-2.0
// Reference for rtl/dsbc_first_dirty.v, in the formulation the RTL had until 2026-11-25:
// rotate D so that base is bit 0, keep the lowest set bit (x & -x), encode its position.
// A second, independent way to compute the same function; formal/run.py's first_dirty_* jobs
// prove the two equal for every D and every base < M.

`default_nettype none

module first_dirty_ref #(
  parameter integer NumBarriers = 4,
  parameter integer BarrierW    = 2
) (
  input  wire [NumBarriers-1:0] dirty_i,
  input  wire [BarrierW-1:0]    base_i,
  output wire [BarrierW-1:0]    first_o
);
  localparam integer M = NumBarriers;
  wire [M-1:0]   one     = {{(M-1){1'b0}}, 1'b1};
  // rot[k] = D[(base + k) mod M]: bits base .. base+M-1 of {D, D} (base < M).
  wire [2*M-1:0] doubled = {dirty_i, dirty_i};
  wire [2*M-1:0] shifted = doubled >> base_i;
  wire [M-1:0]   rot     = shifted[M-1:0];
  wire [M-1:0]   lowest  = rot & (~rot + one);
  genvar j, k;
  for (j = 0; j < BarrierW; j = j + 1) begin : g_enc
    wire [M-1:0] has_bit;
    for (k = 0; k < M; k = k + 1) begin : g_pos
      assign has_bit[k] = ((k >> j) & 1) != 0;
    end
    assign first_o[j] = |(lowest & has_bit);
  end
endmodule

`default_nettype wire
