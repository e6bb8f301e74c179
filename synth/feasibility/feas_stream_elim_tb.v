// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/ovlrtl.md 17): self-check of feas_stream_elim. Eight pairs
// stream the digits of random keys (KB = 6: three 2-bit digits, M = 32; KB = 3: a 2-bit and a
// 1-bit digit, M = 4); the digits the module decides must spell the smallest key, computed
// here directly. Usage: iverilog -g2005 -o t feas_stream_elim_tb.v feas_stream_elim.v && vvp t
`timescale 1ns / 1ps
`default_nettype none
module feas_stream_elim_tb;
  reg clk = 1'b0, rst_n = 1'b0, key = 1'b0, first = 1'b0, w1 = 1'b0;
  reg [7:0] a = 8'd0, b = 8'd0;
  wire hi, lo;
  feas_stream_elim #(.NumPairs(8)) dut (.clk_i(clk), .rst_ni(rst_n), .key_i(key),
    .first_i(first), .w1_i(w1), .a_i(a), .b_i(b), .hi_q(hi), .lo_q(lo));
  always #5 clk = !clk;
  integer seed, race, p, d, kb, nd, errors, races, want, got, lo_w, wbits;
  reg [5:0] keys [0:7];
  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    $display("feas_stream_elim_tb: seed %0d (replay: +seed=%0d)", seed, seed);
    errors = 0; races = 0;
    repeat (2) @(posedge clk);
    rst_n = 1'b1;
    for (race = 0; race < 4000; race = race + 1) begin
      kb = (race % 2) ? 6 : 3;
      nd = (kb + 1) / 2;
      for (p = 0; p < 8; p = p + 1) begin
        keys[p] = $random(seed) & ((1 << kb) - 1);
        // ties and "no candidate" (all ones) often
        if (($random(seed) & 3) == 0) keys[p] = keys[0];
        if (($random(seed) & 7) == 0) keys[p] = (1 << kb) - 1;
      end
      want = (1 << kb) - 1;
      for (p = 0; p < 8; p = p + 1) if (keys[p] < want) want = keys[p];
      got = 0;
      lo_w = kb;
      for (d = 0; d < nd; d = d + 1) begin
        wbits = (lo_w >= 2) ? 2 : 1;
        lo_w = lo_w - wbits;
        @(negedge clk);
        key = 1'b1; first = (d == 0); w1 = (wbits == 1);
        for (p = 0; p < 8; p = p + 1) begin
          if (wbits == 2) begin a[p] = keys[p][lo_w + 1]; b[p] = keys[p][lo_w]; end
          else begin a[p] = keys[p][lo_w]; b[p] = $random(seed); end
        end
        @(posedge clk); #1;
        got = (wbits == 2) ? ((got << 2) | {hi, lo}) : ((got << 1) | hi);
        if (wbits == 1 && lo !== 1'b0) errors = errors + 1;
      end
      @(negedge clk); key = 1'b0;
      // idle cycles between races must not disturb the flags of the next one
      a = $random(seed); b = $random(seed);
      races = races + 1;
      if (got !== want) begin
        errors = errors + 1;
        if (errors < 5) $display("FAIL race %0d kb %0d: decided %0d, smallest key %0d", race, kb, got, want);
      end
    end
    if (errors == 0) $display("PASS: %0d races, every decided key the smallest", races);
    else begin $display("FAIL: %0d errors", errors); $fatal(1); end
    $finish;
  end
endmodule
`default_nettype wire
