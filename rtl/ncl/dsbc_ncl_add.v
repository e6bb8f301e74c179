// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail ripple adder: a (WidthA bits) + b (WidthB bits) [+ ci] -> WidthB + 1 bits.
// Full adders where both operands have a bit, half adders above, and the last carry is the
// top sum bit, so every carry is consumed (none is left unobserved). WidthA <= WidthB.

`default_nettype none

module dsbc_ncl_add #(
  parameter integer WidthA = 1,  // narrower operand, 1..WidthB
  parameter integer WidthB = 1,  // wider operand, >= 1
  parameter integer HasCin = 0   // 1: ci_i is a third operand bit; 0: ci_i is ignored
) (
  input  wire [2*WidthA-1:0]   a_i,   // dual-rail operand a
  input  wire [2*WidthB-1:0]   b_i,   // dual-rail operand b
  input  wire [1:0]            ci_i,  // dual-rail carry in (HasCin = 1)
  output wire [2*WidthB+1:0]   s_o    // dual-rail sum, WidthB + 1 bits
);

  if (WidthA < 1 || WidthA > WidthB) begin : g_bad_width
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_add: WidthA = %0d, WidthB = %0d: legal 1 <= WidthA <= WidthB",
                   WidthA, WidthB);
`else
    $error("dsbc_ncl_add: parameter WidthA is out of range: legal 1 <= WidthA <= WidthB");
`endif
  end

  wire [2*WidthB+1:2] c;  // c[2i+1:2i] is the carry into bit i (bit 0 takes ci_i)

  if (HasCin != 0) begin : g_cin
    dsbc_ncl_fa u_fa0 (.a_i(a_i[1:0]), .b_i(b_i[1:0]), .ci_i(ci_i), .s_o(s_o[1:0]), .co_o(c[3:2]));
  end else begin : g_no_cin
    dsbc_ncl_ha u_ha0 (.a_i(a_i[1:0]), .b_i(b_i[1:0]), .s_o(s_o[1:0]), .c_o(c[3:2]));
    wire unused_ci = ^ci_i;
  end

  genvar i;
  for (i = 1; i < WidthB; i = i + 1) begin : g_bit
    if (i < WidthA) begin : g_fa
      dsbc_ncl_fa u_fa (.a_i(a_i[2*i+1:2*i]), .b_i(b_i[2*i+1:2*i]), .ci_i(c[2*i+1:2*i]),
                        .s_o(s_o[2*i+1:2*i]), .co_o(c[2*i+3:2*i+2]));
    end else begin : g_ha
      dsbc_ncl_ha u_ha (.a_i(b_i[2*i+1:2*i]), .b_i(c[2*i+1:2*i]),
                        .s_o(s_o[2*i+1:2*i]), .c_o(c[2*i+3:2*i+2]));
    end
  end

  assign s_o[2*WidthB+1:2*WidthB] = c[2*WidthB+1:2*WidthB];

endmodule

`default_nettype wire
