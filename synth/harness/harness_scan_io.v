// SPDX-License-Identifier: Apache-2.0
// Register harness I/O for Fmax measurement (not part of the design): every input bit of the
// block under test comes from a flip-flop of a serial shift chain, and every output bit goes
// into a capture flip-flop, then into a loadable shift chain to one pin. So every path
// through the block starts and ends at a register (nextpnr reports no Fmax for pin-to-pin
// paths; docs/synthesis.md), a block with hundreds of ports needs four pins, and nothing can
// be optimized away (every output reaches the pin). The only logic added on a timed path is
// the load multiplexer between the capture and the output chain, one LUT after a register.

`default_nettype none

module harness_scan_io #(
  parameter integer InW  = 8,  // input bits of the block under test, >= 1
  parameter integer OutW = 8   // output bits of the block under test, >= 1
) (
  input  wire            clk_i,
  input  wire            sin_i,    // serial data for the input chain
  input  wire            load_i,   // 1: load the captured outputs into the output chain
  output wire            sout_o,   // serial output
  output wire [InW-1:0]  dut_in_o,  // to the block under test
  input  wire [OutW-1:0] dut_out_i  // from the block under test
);

  reg [InW-1:0]  in_q;
  reg [OutW-1:0] cap_q;
  reg [OutW-1:0] shift_q;

  // No reset: the chains hold data only, and a reset would add a net to every flip-flop.
  always @(posedge clk_i) begin
    in_q  <= {in_q[InW-2:0], sin_i};
    cap_q <= dut_out_i;
    shift_q <= load_i ? cap_q : {shift_q[OutW-2:0], 1'b0};
  end

  assign dut_in_o = in_q;
  assign sout_o   = shift_q[OutW-1];

endmodule

`default_nettype wire
