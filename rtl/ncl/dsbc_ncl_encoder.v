// SPDX-License-Identifier: Apache-2.0
// NCL responder count encoder (dissertation Fig. 5.17): the input NCL register over the N
// dual-rail serial bits from the local blocks, then the NCL adder tree (dsbc_ncl_popcount).
//
// The register passes a slot's DATA only when the decision module's register has returned to
// NULL (ki_i = its ko), and NULL only when that register holds the whole decision: so a new
// slot can never meet a half-reset adder tree, whatever the delays. The register needs no
// completion detector of its own: the locals are acknowledged by the decision itself (they
// drop their slot bit when a decision is DATA and send the next one when it is NULL), and the
// decision is input-complete over this register (bit 0 of the count depends on every input).

`default_nettype none

module dsbc_ncl_encoder #(
  parameter integer NumPes = 4,                   // N, 1..256
  parameter integer Broken = 0,                   // 3: register bypassed (tests only)
  parameter integer SumW   = $clog2(NumPes + 1)   // count width (do not override)
) (
  input  wire                rst_ni,  // asynchronous reset, active low: register NULL
  input  wire [2*NumPes-1:0] bits_i,  // dual-rail serial bit of every local block
  input  wire                ki_i,    // decision register ko: 1 request DATA, 0 request NULL
  output wire [2*SumW-1:0]   sum_o    // dual-rail responder count
);

  wire [2*NumPes-1:0] bits_q;

  if (Broken == 3) begin : g_broken_bypass
    // Deliberately broken variant (tests only, docs/ncl.md): the register and its ki are
    // removed, the slot bits feed the adder tree directly. A local's next slot can then meet
    // gates that have not yet returned to NULL after the previous decision.
    assign bits_q = bits_i;
    wire unused_ki = ki_i;
    wire unused_rst_ni = rst_ni;
  end else begin : g_reg
    wire unused_ko;
    dsbc_ncl_reg #(.Width(NumPes), .CompWidth(0)) u_reg (
      .rst_ni (rst_ni),
      .d_i    (bits_i),
      .ki_i   (ki_i),
      .q_o    (bits_q),
      .ko_o   (unused_ko)
    );
  end

  dsbc_ncl_popcount #(.Width(NumPes)) u_tree (
    .a_i (bits_q),
    .n_o (sum_o)
  );

endmodule

`default_nettype wire
