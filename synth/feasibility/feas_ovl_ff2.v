// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md 12): used by feas_ovl_global.

`default_nettype none

// Two flip-flops, reset to 0, in a hierarchy of their own (ovlrtl.md 12: the broadcast's per-pair
// copies in feas_ovl_global; kept so that the copies are not merged).
(* keep_hierarchy *)
module feas_ovl_ff2 (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire [1:0] d_i,
  output reg  [1:0] q_o
);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) q_o <= 2'b00;
    else         q_o <= d_i;
  end
endmodule

`default_nettype wire
