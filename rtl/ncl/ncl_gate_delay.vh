// SPDX-License-Identifier: Apache-2.0
// Delayed simulation model shared by every NCL gate (included inside the gate module under
// `ifdef NCL_DELAYS`, Icarus only). The gate provides `set_w`, `rst_w` and `output reg z_o`.
// It lives beside the gates because it is part of each gate's description (its timing); the
// randomness is the testbench's: a simulation that defines NCL_DELAYS must elaborate a
// top-level module `ncl_rng` with the tasks draw_inst, draw and violation and the flag armed
// (testbench/ncl/ncl_rng.v), which this model calls by its absolute name. Without NCL_DELAYS
// (lint, synthesis, the zero-delay testbenches) nothing here is compiled.
//
// Semantics: the gate's target is 1 when set_w, 0 when rst_w, else its present output (the
// hysteresis hold). A change of target schedules the output change after a delay drawn from
// ncl_rng (per instance range, per transition value). The model is inertial: a newer target
// supersedes a pending one (generation counter), so random per-transition delays can never
// reorder one gate's output events.
//
// A pending transition that is withdrawn (the target returns to the present output before the
// output moved) is a hazard: in a delay-insensitive circuit an excited gate stays excited
// until it fires. A withdrawal that is re-excited within the same time step is an evaluation-
// order glitch, not a hazard, so the check runs one time unit later; gate delays are
// multiples of ncl_rng.TICK (4), so nothing else happens in between.

  reg     tgt_r;
  reg     pend_r;
  integer gen_r;
  integer fire_r;
  integer hz_r;
  integer lo_r;
  integer span_r;
  integer d_r;

  initial begin
    z_o    = 1'bx;
    gen_r  = 0;
    pend_r = 1'b0;
    lo_r   = 0;
    span_r = 0;
  end

  always @* begin
    tgt_r = z_o;
    if (set_w === 1'b1) begin
      tgt_r = 1'b1;
    end else if (rst_w === 1'b1) begin
      tgt_r = 1'b0;
    end
  end

  always @(tgt_r) begin
    gen_r = gen_r + 1;
    if (tgt_r !== z_o) begin
      if (lo_r == 0) ncl_rng.draw_inst(lo_r, span_r);
      ncl_rng.draw(lo_r, span_r, d_r);
      pend_r = 1'b1;
      fire_r <= #(d_r) gen_r;
    end else if (pend_r) begin
      pend_r = 1'b0;
      hz_r <= #1 gen_r;
    end
  end

  always @(fire_r) begin
    if (fire_r == gen_r && pend_r) begin
      z_o    = tgt_r;
      pend_r = 1'b0;
    end
  end

  always @(hz_r) begin
    if (hz_r == gen_r && !pend_r && ncl_rng.armed) begin
      ncl_rng.violation("hazard");
      $display("NCL-VIOLATION hazard: excited gate withdrawn at %m t=%0t", $time);
    end
  end
