// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: the smallest
// single-cycle read-modify-write of one count RAM as DSBC's local block needs it, to learn
// what clock an iCE40 HX8K allows for it at all. 32 words of 17 bits (dsbc_ram_dp: a pair of
// SB_RAM40_4K), an operation every cycle: read in cycle k, +1 or -1 and write in k+1, the
// operand forwarded from the previous cycle's write when the addresses match (the forwarding
// select is a register, compared in cycle k). No range check: the local block's refusal
// runs beside the adder (dsbc_summation) and is not on this path when it is built as there.
// Stimulus from an LFSR (and a pin, so it is not constant); the written word is folded into
// one registered output pin (from its register copy), so no logic is optimised away.

`default_nettype none

module feas_rmw (
  input  wire clk_i,   // clock
  input  wire sin_i,   // stirs the LFSR
  output reg  sout_o   // XOR of the last written word
);

  localparam integer W = 17;  // {open, count} at T = 16
  localparam integer A = 5;   // M = 32

  wire [15:0] lfsr_q;
  feas_lfsr u_lfsr (.clk_i(clk_i), .sin_i(sin_i), .state_o(lfsr_q));

  wire [A-1:0] rd_addr = lfsr_q[A-1:0];  // cycle k: the operation's read
  wire         dec     = lfsr_q[A];

  reg  [A-1:0] w_addr_q = {A{1'b0}};
  reg          w_dec_q = 1'b0;
  reg          fwd_q = 1'b0;          // cycle k+1 forwards: rd_addr(k) == write address(k)
  reg  [W-1:0] last_data_q = {W{1'b0}};
  wire [W-1:0] rd_data;

  wire [W-1:0] old_word = fwd_q ? last_data_q : rd_data;
  wire [W-1:0] new_word = old_word + (w_dec_q ? {W{1'b1}} : {{(W-1){1'b0}}, 1'b1});

  always @(posedge clk_i) begin
    w_addr_q    <= rd_addr;
    w_dec_q     <= dec;
    fwd_q       <= (rd_addr == w_addr_q);
    last_data_q <= new_word;
    sout_o      <= ^last_data_q;  // from a register: nothing added after the adder
  end

  dsbc_ram_dp #(.Depth(32), .Width(W), .AddrW(A)) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (1'b1),
    .wr_addr_i (w_addr_q),
    .wr_data_i (new_word),
    .rd_addr_i (rd_addr),
    .rd_data_o (rd_data)
  );

endmodule

`default_nettype wire
