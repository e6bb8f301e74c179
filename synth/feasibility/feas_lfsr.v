// SPDX-License-Identifier: Apache-2.0
// Stimulus of the read-modify-write feasibility designs (synth/feasibility/README.md): a
// 16-bit LFSR stirred by one input pin, so that the synthesis cannot treat the operations
// as constants. Every design draws its operation (address, +1 or -1) from the same state,
// so their self-checks (feas_rmw_check_tb.v) see the same operation stream.

`default_nettype none

module feas_lfsr (
  input  wire        clk_i,   // clock
  input  wire        sin_i,   // stirs the LFSR
  output reg  [15:0] state_o  // the LFSR's state (an FPGA initial value of 0)
);

  initial state_o = 16'd0;
  always @(posedge clk_i) begin
    state_o <= {state_o[14:0], state_o[15] ^ state_o[13] ^ state_o[12] ^ state_o[10] ^ sin_i};
  end

endmodule

`default_nettype wire
