// SPDX-License-Identifier: Apache-2.0
// NCL dual-rail comparison with a constant: 1 when the Width-bit word equals Value. Each bit
// becomes a literal (itself, or its rails swapped = NOT where Value has a 0) and the literals
// go through an input-complete AND tree, so the comparison costs no gates beyond the ANDs.

`default_nettype none

module dsbc_ncl_eqc #(
  parameter integer Width = 1,  // word bits, >= 1
  parameter integer Value = 0   // constant, 0..2^Width-1
) (
  input  wire [2*Width-1:0] a_i,  // dual-rail word
  output wire [1:0]         z_o   // dual-rail a == Value
);

  if (Width < 1 || Value < 0 || Value >= (1 << Width)) begin : g_bad_value
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_eqc: Width = %0d, Value = %0d: legal Width >= 1, 0 <= Value < 2^Width",
                   Width, Value);
`else
    $error("dsbc_ncl_eqc: parameter Value is out of range: legal 0 <= Value < 2^Width");
`endif
  end

  wire [2*Width-1:0] lit;
  genvar i;
  for (i = 0; i < Width; i = i + 1) begin : g_lit
    if (((Value >> i) & 1) == 1) begin : g_pos
      assign lit[2*i+1:2*i] = a_i[2*i+1:2*i];
    end else begin : g_neg
      assign lit[2*i+1:2*i] = {a_i[2*i], a_i[2*i+1]};
    end
  end

  dsbc_ncl_andn #(.Width(Width)) u_and (.a_i(lit), .z_o(z_o));

endmodule

`default_nettype wire
