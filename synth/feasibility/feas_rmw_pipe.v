// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: the local block's
// read-modify-write with pipeline registers that the present contract does not allow
// (architecture.md 4f), to learn what clock each register buys on an iCE40 HX8K before the
// contract is changed for it. Same RAM and stimulus as feas_rmw.v, plus the range check the
// local block needs (a +1 at the largest T-bit count or a -1 at the smallest is refused and
// leaves the word unchanged), because with the operand from a register the check is on the
// same path as the adder.
//
//   RegRead  = 1: the RAM's output is registered before the adder (one more cycle between
//                 the read and the operand; the RAM's clock-to-out leaves the adder path).
//   RegWrite = 1: the new word is registered before the RAM's write port (the adder's
//                 result reaches the RAM's data pins a cycle later).
//
// An operation is read in cycle k and its word is written at the end of cycle
// k + 1 + RegRead + RegWrite. The RAM cannot show a word whose write is still in flight, nor
// one written at the very edge of the read (dsbc_ram_dp promises nothing there), so the
// operand is forwarded from the last Fwd = 1 + RegRead + RegWrite operations when an address
// matches, the most recent first. The address compares are registered, as in dsbc_summation.

`default_nettype none

module feas_rmw_pipe #(
  parameter integer RegRead  = 1,  // 0..1
  parameter integer RegWrite = 1   // 0..1
) (
  input  wire clk_i,   // clock
  input  wire sin_i,   // stirs the LFSR
  output reg  sout_o   // XOR of the last written word
);

  localparam integer W   = 17;  // {open, count} at T = 16
  localparam integer T   = 16;
  localparam integer A   = 5;   // M = 32
  localparam integer Fwd = 1 + RegRead + RegWrite;  // operations whose result the RAM lacks
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};

  wire [15:0] lfsr_q;
  feas_lfsr u_lfsr (.clk_i(clk_i), .sin_i(sin_i), .state_o(lfsr_q));

  wire [A-1:0] rd_addr = lfsr_q[A-1:0];  // cycle k: the operation's read
  wire         dec     = lfsr_q[A];

  // The operation at the adder (stage "modify"): its address, sign and, per earlier
  // operation in flight, whether it is the same word. Entry 0 of res_q is the most recent
  // result, entry Fwd-1 the oldest one the RAM cannot show yet.
  reg  [A-1:0]   op_addr_q [0:RegRead];  // [0]: read in the last cycle, [RegRead]: at the adder
  reg  [RegRead:0] op_dec_q;
  reg  [Fwd-1:0] hit_q [0:RegRead];      // hit_q[s][j]: same address as result j's operation
  reg  [A-1:0]   res_addr_q [0:Fwd-1];
  reg  [W-1:0]   res_q [0:Fwd-1];
  wire [W-1:0]   rd_data;
  reg  [W-1:0]   rd_data_q;

  wire [W-1:0] ram_word = (RegRead != 0) ? rd_data_q : rd_data;

  // The operand: the most recent matching result, else the RAM's word.
  reg [W-1:0] old_word;
  integer j;
  always @* begin
    old_word = ram_word;
    for (j = Fwd - 1; j >= 0; j = j - 1) begin
      if (hit_q[RegRead][j]) old_word = res_q[j];
    end
  end

  wire          op_dec    = op_dec_q[RegRead];
  wire [T-1:0]  old_count = old_word[T-1:0];
  wire          refused   = op_dec ? (old_count == CountMin) : (old_count == CountMax);
  wire [T-1:0]  sum       = old_count + (op_dec ? {T{1'b1}} : {{(T - 1){1'b0}}, 1'b1});
  wire [W-1:0]  new_word  = refused ? old_word : {1'b1, sum};

  // Addresses of the operations whose results res_q holds, as seen by the next operation.
  integer s;
  always @(posedge clk_i) begin
    op_addr_q[0] <= rd_addr;
    op_dec_q[0]  <= dec;
    // The new operation against every result that will still be in flight when it reaches
    // the adder: entry j there is the result made j + 1 cycles before that.
    for (j = 0; j < Fwd; j = j + 1) begin
      if (j < RegRead + 1) begin
        // not made yet: that operation is j stages ahead in the pipe
        hit_q[0][j] <= (rd_addr == op_addr_q[j]);
      end else begin
        hit_q[0][j] <= (rd_addr == res_addr_q[j - RegRead - 1]);
      end
    end
    for (s = 1; s <= RegRead; s = s + 1) begin
      op_addr_q[s] <= op_addr_q[s-1];
      op_dec_q[s]  <= op_dec_q[s-1];
      hit_q[s]     <= hit_q[s-1];
    end
    rd_data_q     <= rd_data;
    res_q[0]      <= new_word;
    res_addr_q[0] <= op_addr_q[RegRead];
    for (j = 1; j < Fwd; j = j + 1) begin
      res_q[j]      <= res_q[j-1];
      res_addr_q[j] <= res_addr_q[j-1];
    end
    sout_o <= ^res_q[Fwd-1];
  end

`ifndef SYNTHESIS
  // For feas_rmw_check_tb only.
  wire [1:0]   chk_write_lag = (RegWrite != 0) ? 2'd1 : 2'd0;
  wire [A-1:0] chk_addr      = op_addr_q[RegRead];
  wire         chk_dec       = op_dec;
  wire         chk_forwarded = |hit_q[RegRead];
  wire [W-1:0] chk_old_word  = old_word;
  wire [W-1:0] chk_new_word  = new_word;
`endif

  wire [A-1:0] wr_addr = (RegWrite != 0) ? res_addr_q[0] : op_addr_q[RegRead];
  wire [W-1:0] wr_data = (RegWrite != 0) ? res_q[0] : new_word;

  dsbc_ram_dp #(.Depth(32), .Width(W), .AddrW(A)) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (1'b1),
    .wr_addr_i (wr_addr),
    .wr_data_i (wr_data),
    .rd_addr_i (rd_addr),
    .rd_data_o (rd_data)
  );

endmodule

`default_nettype wire
