// SPDX-License-Identifier: Apache-2.0
// Feasibility (pair.md): the rebase accumulator of one PE of feas_pair_local. Everything
// is one cycle late: to_cur_i / to_reb_i say that this PE committed in the last cycle to
// CNT2 / to the completed barrier (both as of now), registers of the caller.
// - acc_q: the sum of this PE's commits to CNT2 that are not in CNT2's snapshot. ld_i is
//   high in the cycle after the first commit that is not in the snapshot (PE A: s + 1, its
//   commit of s is not in the snapshot; PE B: s + 2, its commit of s is in it, since its word
//   is read in s + 1), and restarts the sum from that commit.
// - reb_q: at done_i (d + 1) the sum of the completed barrier (acc_q), then d's commit (in
//   d + 2) and its tail (the commits of d + 1 and d + 2, processed in d + 2 and d + 3; of d,
//   d + 1, d + 2 at most two are this PE's, not adjacent); read when the rebase is written
//   (d + 4 for A, d + 5 for B). touched / reb_touched likewise ("committed since the snapshot").
// The sums are AccW bits (a PE commits at most once every two cycles over a word's life plus
// the tail); reb_word_o is the rebase word {touched, count - snap}, sign-extended to T bits.

`default_nettype none

module feas_pair_acc #(
  parameter integer CountBits = 16,  // T
  parameter integer AccW      = 7,   // |count - snap| < 2^(AccW-1)
  parameter integer Flat      = 0    // 1 (ovlrtl.md 16l): acc_q written so that to_cur_i is
                                     // in its last LUT (the same values)
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               ld_i,       // restart the sum from the last cycle's commit
  input  wire               done_i,     // ctl_done was high last cycle
  input  wire               to_cur_i,   // this PE committed last cycle to CNT2 (as of now)
  input  wire               to_reb_i,   // ... to the completed barrier
  input  wire               dec_i,      // ... a -1 (else +1)
  output wire [CountBits:0] reb_word_o  // {touched, count - snap} of the completed barrier
);

  localparam integer T = CountBits;

  reg  [AccW-1:0] acc_q, reb_q;
  reg             touched_q, reb_touched_q;
  reg             pend_q, pdec_q;  // d's commit to the completed barrier, added in d + 2
  wire [AccW-1:0] reb_step = (pend_q ? pdec_q : dec_i) ? {AccW{1'b1}} : {{(AccW - 1){1'b0}}, 1'b1};
  wire [AccW-1:0] step   = dec_i ? {AccW{1'b1}} : {{(AccW - 1){1'b0}}, 1'b1};
  wire            to_cur = to_cur_i;
  wire [AccW-1:0] acc_sum = acc_q + step;
  wire            to_reb = to_reb_i;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_q         <= {AccW{1'b0}};
      touched_q     <= 1'b0;
      reb_q         <= {AccW{1'b0}};
      reb_touched_q <= 1'b0;
      pend_q        <= 1'b0;
      pdec_q        <= 1'b0;
    end else begin
      if (Flat != 0) begin
        // the same register: load or step enabled by ld_i || to_cur; the value is the sum (or
        // the step at ld_i) ANDed with to_cur, so the sum does not wait for to_cur
        if (ld_i || to_cur) begin
          acc_q     <= (ld_i ? step : acc_sum) & {AccW{to_cur}};
          touched_q <= to_cur;
        end
      end else if (ld_i) begin
        acc_q     <= to_cur ? step : {AccW{1'b0}};
        touched_q <= to_cur;
      end else if (to_cur) begin
        acc_q     <= acc_q + step;
        touched_q <= 1'b1;
      end
      // d's commit (processed in d + 1 with the capture) is added in d + 2 (pend_q): this PE
      // commits at most every other cycle, so d + 1's commit is not processed then.
      pend_q <= done_i && to_reb;
      pdec_q <= dec_i;
      if (done_i) begin
        reb_q         <= acc_q;
        reb_touched_q <= touched_q || to_reb;
      end else if (pend_q || to_reb) begin
        reb_q         <= reb_q + reb_step;
        reb_touched_q <= 1'b1;
      end
    end
  end

  assign reb_word_o = {reb_touched_q, {(T - AccW){reb_q[AccW-1]}}, reb_q};

endmodule

`default_nettype wire
