// SPDX-License-Identifier: Apache-2.0
// The arbitration search of one local block (scheduler arb, docs/architecture.md 4e):
// r = (x - CNT2 - 1) mod M for the first barrier x with D[x] = 1 after CNT2, cyclically
// (i.e. at or after base = CNT2 + 1 mod M). Combinational; 0 when no bit is set (the PE is
// then not racing).
//
// Why this shape: the search sits between the dirty flip-flops and the race register in one
// cycle, and it set the arb unit's clock. A rotation of D by base followed by a lowest-set-bit
// (x & -x) is a barrel shifter plus an M-bit carry chain: 54 MHz at M = 32 on the HX8K. Here
// nothing is rotated, and nothing is compared with CNT2: the mask {k > CNT2} comes from a
// register (dsbc_dirty writes it when CNT2 changes). The candidates after CNT2 are D & mask;
// they are placed below a second copy of D (the wrapped-around candidates), and one priority
// tree finds the lowest set position of that 2W-bit vector (W = 2^BW) in BW + 1 levels of
// 2:1 choices:
//   position p < W:  x = p,     after CNT2:       r = x - CNT2 - 1
//   position p >= W: x = p - W, at or before it:  r = x + M - CNT2 - 1
// The lower copy wins whenever some candidate is after CNT2, which is the cyclic order (CNT2 =
// M - 1: no candidate is after it, and the upper copy gives r = x, base being 0).
// The reference formulation (rotate, then lowest set bit) is kept in formal/first_dirty_ref.v
// and proved equal to this one by formal/run.py (job first_dirty_*).

`default_nettype none

module dsbc_first_dirty #(
  parameter integer NumBarriers = 4,  // M
  parameter integer BarrierW    = 2   // BW = max(1, clog2(M))
) (
  input  wire [NumBarriers-1:0] dirty_i,  // D
  input  wire [BarrierW-1:0]    cnt2_i,   // CNT2, the last head's barrier, < M
  input  wire [NumBarriers-1:0] after_i,  // bit k: k > CNT2 (a register in dsbc_dirty)
  output wire [BarrierW-1:0]    first_o   // r
);

  localparam integer M  = NumBarriers;
  localparam integer BW = BarrierW;
  localparam integer W  = 1 << BW;        // M rounded up to a power of two
  localparam integer L  = 2 * W;          // leaves of the tree
  localparam integer LW = BW + 1;         // bits of a leaf's position
  localparam [BW:0]  M_WIDE = M[BW:0];

  // Leaves: [W-1:0] the candidates after CNT2, [2W-1:W] all of D (zero-padded above M).
  wire [W-1:0] after;
  wire [W-1:0] dirty_pad;
  genvar k;
  for (k = 0; k < W; k = k + 1) begin : g_leaf
    if (k < M) begin : g_real
      assign after[k]     = dirty_i[k] && after_i[k];
      assign dirty_pad[k] = dirty_i[k];
    end else begin : g_pad
      assign after[k]     = 1'b0;
      assign dirty_pad[k] = 1'b0;
    end
  end
  wire [L-1:0] leaf = {dirty_pad, after};

  // The tree: level l (1 .. LW) has L >> l nodes; node n covers leaves n * 2^l ..
  // (n + 1) * 2^l - 1 and holds "some leaf set" (any) and the offset of the lowest set leaf
  // within it (off, l bits). The lower half wins. One pair of vectors per level, so that no
  // signal depends on other bits of itself (a simulator then orders the levels statically).
  genvar l, n;
  for (l = 1; l <= LW; l = l + 1) begin : g_level
    wire [(L >> l)-1:0]     any;
    wire [(L >> l)*l-1:0]   off;
    for (n = 0; n < (L >> l); n = n + 1) begin : g_node
      if (l == 1) begin : g_pair
        assign any[n] = leaf[2 * n] | leaf[2 * n + 1];
        assign off[n] = !leaf[2 * n];
      end else begin : g_join
        wire lo_any = g_level[l-1].any[2 * n];
        wire hi_any = g_level[l-1].any[2 * n + 1];
        assign any[n] = lo_any | hi_any;
        // Bit l-1 says "in the upper half"; the bits below come from the half that wins.
        assign off[n * l +: l] = lo_any ? {1'b0, g_level[l-1].off[2 * n * (l - 1) +: l - 1]}
                                        : {1'b1, g_level[l-1].off[(2 * n + 1) * (l - 1) +: l - 1]};
      end
    end
  end

  wire          found = g_level[LW].any[0];
  wire [LW-1:0] pos   = g_level[LW].off;
  wire          wrapped = pos[BW];
  wire [BW:0]   x       = {1'b0, pos[BW-1:0]};
  // After CNT2: x - CNT2 - 1 in 0 .. M - 2; wrapped: x + M - CNT2 - 1 in 0 .. M - 1. Written
  // as x (+ M) + ~CNT2, ~CNT2 being -CNT2 - 1 in BW + 1 bits: one adder.
  wire [BW:0]   r_wide  = (wrapped ? x + M_WIDE : x) + ~{1'b0, cnt2_i};
  wire          unused_r_top = r_wide[BW];
  assign first_o = found ? r_wide[BW-1:0] : {BW{1'b0}};

endmodule

`default_nettype wire
