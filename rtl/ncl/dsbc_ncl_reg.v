// SPDX-License-Identifier: Apache-2.0
// NCL register of Width dual-rail bits with completion detection and the ko/ki handshake.
//
// Dual-rail convention of every dsbc_ncl_* module: bit i of a word travels on rails
// [2i+1] (true rail, DATA1) and [2i] (false rail, DATA0); 00 is NULL, 01 is DATA 0, 10 is
// DATA 1, 11 is illegal. A word is DATA when every bit is, NULL when every bit is.
//
// Each rail is a TH22 of the incoming rail and ki_i: the register passes DATA only while the
// next stage requests DATA (ki_i = 1) and NULL only while it requests NULL (ki_i = 0).
// ko_o is the inverted completion of the outputs: 0 (request NULL) once the whole output
// word is DATA, 1 (request DATA) once it is all NULL. Reset (rst_ni = 0) forces NULL, or with
// ResetData = 1 the DATA word ResetValue (a register ring starts with one DATA token).
//
// CompWidth = 0 builds no completion detector (ko_o is then a constant 1): for a register
// whose acknowledge is observed further down the pipeline (the encoder's input register, see
// dsbc_ncl_encoder). 0 < CompWidth < Width leaves the upper bits out of the completion: only
// the deliberately broken test variant uses that (an acknowledge that does not cover the
// whole wavefront).

`default_nettype none

module dsbc_ncl_reg #(
  parameter integer Width      = 1,  // dual-rail bits, >= 1
  parameter integer ResetData  = 0,  // 0: reset to NULL, 1: reset to DATA ResetValue
  parameter integer ResetValue = 0,  // reset word when ResetData = 1 (bit i of the integer)
  parameter integer CompWidth  = Width  // bits covered by ko_o: Width, or 0 (no ko_o)
) (
  input  wire               rst_ni,  // asynchronous reset, active low
  input  wire [2*Width-1:0] d_i,     // dual-rail word in
  input  wire               ki_i,    // from the next stage: 1 request DATA, 0 request NULL
  output wire [2*Width-1:0] q_o,     // dual-rail word out
  output wire               ko_o     // to the previous stage: 1 request DATA, 0 request NULL
);

  if (Width < 1 || CompWidth < 0 || CompWidth > Width) begin : g_bad_width
`ifdef __ICARUS__
    initial $fatal(1, "dsbc_ncl_reg: Width = %0d, CompWidth = %0d: legal Width >= 1, 0 <= CompWidth <= Width",
                   Width, CompWidth);
`else
    $error("dsbc_ncl_reg: parameter Width/CompWidth out of range: legal Width >= 1, 0 <= CompWidth <= Width");
`endif
  end

  genvar i;
  for (i = 0; i < Width; i = i + 1) begin : g_bit
    // The rail that carries the reset value resets to 1, all others to 0.
    if (ResetData != 0 && ((ResetValue >> i) & 1) == 1) begin : g_rst_one
      ncl_th22n u_f (.rst_ni(rst_ni), .a_i(d_i[2*i]),   .b_i(ki_i), .z_o(q_o[2*i]));
      ncl_th22d u_t (.rst_ni(rst_ni), .a_i(d_i[2*i+1]), .b_i(ki_i), .z_o(q_o[2*i+1]));
    end else if (ResetData != 0) begin : g_rst_zero
      ncl_th22d u_f (.rst_ni(rst_ni), .a_i(d_i[2*i]),   .b_i(ki_i), .z_o(q_o[2*i]));
      ncl_th22n u_t (.rst_ni(rst_ni), .a_i(d_i[2*i+1]), .b_i(ki_i), .z_o(q_o[2*i+1]));
    end else begin : g_rst_null
      ncl_th22n u_f (.rst_ni(rst_ni), .a_i(d_i[2*i]),   .b_i(ki_i), .z_o(q_o[2*i]));
      ncl_th22n u_t (.rst_ni(rst_ni), .a_i(d_i[2*i+1]), .b_i(ki_i), .z_o(q_o[2*i+1]));
    end
  end

  if (CompWidth > 0) begin : g_comp
    wire [CompWidth-1:0] bit_done;  // bit i is DATA (either rail high)
    wire complete;
    for (i = 0; i < CompWidth; i = i + 1) begin : g_done
      ncl_th12 u_done (.a_i(q_o[2*i]), .b_i(q_o[2*i+1]), .z_o(bit_done[i]));
    end
    dsbc_ncl_ctree #(.Width(CompWidth)) u_comp (.a_i(bit_done), .z_o(complete));
    ncl_inv u_ko (.a_i(complete), .z_o(ko_o));
  end else begin : g_no_comp
    assign ko_o = 1'b1;
  end

`ifdef NCL_CHECKS
  // Testbench wavefront checker (testbench/ncl/ncl_wavecheck.v), simulation only.
  ncl_wavecheck #(.Width(Width)) u_check (
    .rst_ni (rst_ni),
    .d_i    (d_i),
    .q_i    (q_o),
    .ki_i   (ki_i)
  );
`endif

endmodule

`default_nettype wire
