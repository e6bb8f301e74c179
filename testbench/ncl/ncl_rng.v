// SPDX-License-Identifier: Apache-2.0
// Delay source and violation counter of the NCL testbenches: a separate top-level module that
// every delayed gate calls by its absolute name (ncl_rng.draw...), so one seed drives the
// whole run. Simulation only (Icarus).
//
// Plusargs: +seed=<n> (default 1), +delay_mode=<m>:
//   0  unit delay: every gate takes exactly one TICK (gate-depth measurements)
//   1  random (default): each instance draws a base delay lo in 1..10 ticks and a spread
//      span in 0..10 ticks once; 1 instance in 16 is a "long wire" with lo x8. Every
//      transition then takes lo + uniform(0..span) ticks.
//   2  random and wide: as 1, but 1 instance in 4 is a long wire with lo x32 (stress)

`default_nettype none

module ncl_rng;

  localparam integer TICK = 4;  // time units per delay tick; hazard checks run at +1

  integer seed;
  integer mode;
  reg     inited;
  reg     armed;      // set by the testbench once reset has settled
  integer violations;
  integer draws;
  real    sum_ticks;

  initial begin
    inited     = 1'b0;
    armed      = 1'b0;
    violations = 0;
    draws      = 0;
    sum_ticks  = 0.0;
  end

  task init;
    begin
      if (!inited) begin
        inited = 1'b1;
        if (!$value$plusargs("seed=%d", seed)) seed = 1;
        if (!$value$plusargs("delay_mode=%d", mode)) mode = 1;
        // Decorrelate neighbouring seeds: $random(seed) of small seeds starts similar.
        seed = seed * 7919 + 104729;
      end
    end
  endtask

  // Uniform 0..k-1
  task uni(input integer k, output integer r);
    begin
      init;
      r = {$random(seed)} % k;
    end
  endtask

  task draw_inst(output integer lo, output integer span);
    integer r;
    begin
      init;
      if (mode == 0) begin
        lo   = 1;
        span = 0;
      end else begin
        uni(10, r); lo = 1 + r;
        uni(11, r); span = r;
        if (mode == 1) begin
          uni(16, r); if (r == 0) lo = lo * 8;
        end else begin
          uni(4, r); if (r == 0) lo = lo * 32;
        end
      end
    end
  endtask

  // One transition's delay in time units.
  task draw(input integer lo, input integer span, output integer d);
    integer r;
    begin
      if (span > 0) uni(span + 1, r);
      else r = 0;
      d = (lo + r) * TICK;
      draws = draws + 1;
      sum_ticks = sum_ticks + (lo + r);
    end
  endtask

  // Random wait for behavioural agents: 0..k-1 ticks (0 in unit-delay mode when k == 0).
  task agent_delay(input integer k, output integer d);
    integer r;
    begin
      if (k <= 0) begin
        d = 0;
      end else begin
        uni(k, r);
        d = r * TICK;
      end
    end
  endtask

  task violation(input [8*16-1:0] kind);
    begin
      violations = violations + 1;
    end
  endtask

endmodule

`default_nettype wire
