// SPDX-License-Identifier: Apache-2.0
// NCL (delay-insensitive, dual-rail) global path of DSBC: responder count encoder and
// decision module of dissertation section 5.5, between the N local blocks' serial slot bits
// and the 1-of-3 decision broadcast back to them.
//
// Protocol with each local block (4-phase, return to NULL): the local puts the slot bit on
// bits_i as DATA when dec_o is NULL, and returns it to NULL when dec_o is DATA; after a
// "cont" it sends the next slot of the same word, after "exit" or "done" slot 0 of the next
// word. The slot bits, their order and the rules are those of the synchronous unit
// (architecture.md 4c), so the decisions are the same, one per slot.

`default_nettype none

module dsbc_ncl_global #(
  parameter integer NumPes    = 4,   // N, 1..256
  parameter integer CountBits = 16,  // T, 8..32
  parameter integer Broken    = 0    // 0 normal; 1..3 deliberately broken (tests only)
) (
  input  wire                rst_ni,  // asynchronous reset, active low
  input  wire [2*NumPes-1:0] bits_i,  // dual-rail slot bit of PE i on [2i+1:2i]
  output wire [2:0]          dec_o    // 1-of-3 decision: [0] cont, [1] exit, [2] done
);

  dsbc_param_check #(.NumPes(NumPes), .CountBits(CountBits)) u_param_check ();

  if (Broken < 0 || Broken > 3) begin : g_bad_broken
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_global: parameter Broken = %0d is out of range: legal 0..3", Broken);
`else
    $error("dsbc_ncl_global: parameter Broken is out of range: legal 0..3");
`endif
  end

  localparam integer SumW = (NumPes > 0) ? $clog2(NumPes + 1) : 1;

  // Build the path only for legal parameters, so an illegal one stops with the message of
  // the checks above instead of an error deep inside the recursive adder tree.
  if (NumPes >= 1 && NumPes <= 256 && CountBits >= 8 && CountBits <= 32 &&
      Broken >= 0 && Broken <= 3) begin : g_path
    wire [2*SumW-1:0] sum;
    wire              dec_ko;

    dsbc_ncl_encoder #(.NumPes(NumPes), .Broken(Broken)) u_encoder (
      .rst_ni (rst_ni),
      .bits_i (bits_i),
      .ki_i   (dec_ko),
      .sum_o  (sum)
    );

    dsbc_ncl_decision #(.NumPes(NumPes), .CountBits(CountBits), .Broken(Broken)) u_decision (
      .rst_ni (rst_ni),
      .sum_i  (sum),
      .ko_o   (dec_ko),
      .dec_o  (dec_o)
    );
  end else begin : g_no_path
    assign dec_o = 3'b000;
    wire unused_in = ^{rst_ni, bits_i};
  end

endmodule

`default_nettype wire
