// SPDX-License-Identifier: Apache-2.0
// Decision module (dissertation Fig. 5.6): adds the column sum of the current bit to the
// carry latch, takes the LSB as the decision (1: this bit of the global sum is 1, the barrier
// is not complete) and keeps the rest, shifted right, as the carry for the next bit.
//
// The carry stays below N: if carry < N then (N + carry) >> 1 < N. So it needs clog2(N) bits
// (at least 1), and the adder clog2(N) + 1.

`default_nettype none

module dsbc_decision #(
  parameter integer NumPes = 4,                                // N
  parameter integer SumW   = (NumPes > 0) ? $clog2(NumPes + 1) : 1,               // column-sum width
  parameter integer CarryW = (NumPes > 1) ? $clog2(NumPes) : 1 // carry-latch width
) (
  input  wire            clk_i,      // clock, rising edge
  input  wire            rst_ni,     // asynchronous reset, active low
  input  wire [SumW-1:0] col_sum_i,  // responder count of this bit
  input  wire            clear_i,    // start of a word: carry <- 0
  input  wire            advance_i,  // this bit was checked and was 0: carry <- total >> 1
  output wire            decision_o  // LSB of col_sum + carry
);

  localparam integer TotalW = CarryW + 1;

  reg  [CarryW-1:0] carry_q;
  // SumW <= TotalW always (N < 2^(clog2 N + 1)), so widening col_sum loses nothing.
  wire [TotalW-1:0] total = {{(TotalW-SumW){1'b0}}, col_sum_i} + {1'b0, carry_q};

  // total[0] written out: the column sum's LSB comes from the encoder's XOR tree, and this
  // XOR can join that tree instead of waiting behind an adder (architecture.md 4f).
  assign decision_o = col_sum_i[0] ^ carry_q[0];
  wire unused_total_lsb = &{1'b0, total[0]};  // the same bit, through the adder

  // The "shift right" is a relabelling of wires, as in the paper.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      carry_q <= {CarryW{1'b0}};
    end else if (clear_i) begin
      carry_q <= {CarryW{1'b0}};
    end else if (advance_i) begin
      carry_q <= total[TotalW-1:1];
    end
  end

endmodule

`default_nettype wire
