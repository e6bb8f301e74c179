// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md 17): a depth probe, not part of any unit.

`default_nettype none

// The global block's decision for a streamed key slot (overlap_model.py --stream 1): the pairs
// send the digits of their own smallest key in consecutive cycles, so the global block, not the
// pairs, keeps track of who is still in the race: one flag per pair, all set at key slot 1, a
// pair dropped when its digit is not the winner. The winner digit (hi, lo) is the smallest digit
// among the pairs still in: hi = AND of their A lines, lo = AND of the B lines of those whose
// A = hi (the same rule as today's key slot, over a masked set). lo is formed for both values of
// hi and then selected, so that hi and the two lo's are parallel AND trees. The lines come from
// the global block's input registers (here the module's inputs); the decision goes to the
// broadcast register. At StreamLat = 0 the flags' update is a one-cycle loop (still_q -> hi / lo
// -> still_q); what this module is for is its LUT depth (ovlrtl.md 17).
module feas_stream_elim #(
  parameter integer NumPairs = 8
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                key_i,     // the lines of this cycle are a streamed key slot
  input  wire                first_i,   // ... key slot 1 (every pair is in)
  input  wire                w1_i,      // ... a one-bit digit (A only; KB odd, the last slot)
  input  wire [NumPairs-1:0] a_i,       // the A / B lines, one bit per pair (registered)
  input  wire [NumPairs-1:0] b_i,
  output reg                 hi_q,      // the winner digit, to the broadcast (ctl_load)
  output reg                 lo_q       // (ctl_done)
);

  reg  [NumPairs-1:0] still_q;
  wire [NumPairs-1:0] in_now = first_i ? {NumPairs{1'b1}} : still_q;
  // a pair out of the race forces 1 into every AND: it can not lower the minimum
  wire hi  = &(a_i | ~in_now);
  wire lo0 = &(b_i | ~in_now | a_i);    // hi = 0: the pairs whose A is 0
  wire lo1 = &(b_i | ~in_now | ~a_i);   // hi = 1: all pairs in have A = 1
  wire lo  = !w1_i && (hi ? lo1 : lo0);
  wire [NumPairs-1:0] keep = in_now & ~(a_i ^ {NumPairs{hi}}) &
                             ({NumPairs{w1_i}} | ~(b_i ^ {NumPairs{lo}}));

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      still_q <= {NumPairs{1'b0}};
      hi_q    <= 1'b0;
      lo_q    <= 1'b0;
    end else if (key_i) begin
      still_q <= keep;
      hi_q    <= hi;
      lo_q    <= lo;
    end
  end

endmodule

`default_nettype wire
