// SPDX-License-Identifier: Apache-2.0
// Exhaustive unit test of every NCL gate: set, hold and reset behaviour from both output
// states over every pair of consecutive input vectors, and the reset of the TH22N/TH22D
// variants. Each change between two vectors is applied in monotonic steps (falling inputs
// first, then rising, and in a second pass rising first), as inputs change in an NCL circuit;
// a simultaneous 1->0 and 0->1 is a race in any simulator and no NCL wavefront produces it. The expected output comes from a reference written here from the gates'
// definitions as threshold functions (input weights summed against the threshold), not from
// the gates' own Boolean expressions. Runs with and without NCL_DELAYS.
//
// Prints one line: "gates: <checks> checks, <errors> errors".

`default_nettype none

module tb_ncl_gates;

  reg  [3:0] v;      // shared stimulus: an n-input gate uses v[n-1:0]
  reg        rst_n;  // reset of the N/D variants
  wire [13:0] z;     // gate outputs, index = gate number below

  // Gate numbers: 0 th12, 1 th13, 2 th14, 3 th22, 4 th33, 5 th44, 6 th23, 7 th34w2,
  // 8 th34w22, 9 th24comp, 10 th22n, 11 th22d, 12 inv, 13 and2
  ncl_th12     u_g0  (.a_i(v[0]), .b_i(v[1]), .z_o(z[0]));
  ncl_th13     u_g1  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .z_o(z[1]));
  ncl_th14     u_g2  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .d_i(v[3]), .z_o(z[2]));
  ncl_th22     u_g3  (.a_i(v[0]), .b_i(v[1]), .z_o(z[3]));
  ncl_th33     u_g4  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .z_o(z[4]));
  ncl_th44     u_g5  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .d_i(v[3]), .z_o(z[5]));
  ncl_th23     u_g6  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .z_o(z[6]));
  ncl_th34w2   u_g7  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .d_i(v[3]), .z_o(z[7]));
  ncl_th34w22  u_g8  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .d_i(v[3]), .z_o(z[8]));
  ncl_th24comp u_g9  (.a_i(v[0]), .b_i(v[1]), .c_i(v[2]), .d_i(v[3]), .z_o(z[9]));
  ncl_th22n    u_g10 (.rst_ni(rst_n), .a_i(v[0]), .b_i(v[1]), .z_o(z[10]));
  ncl_th22d    u_g11 (.rst_ni(rst_n), .a_i(v[0]), .b_i(v[1]), .z_o(z[11]));
  ncl_inv      u_g12 (.a_i(v[0]), .z_o(z[12]));
  ncl_and2     u_g13 (.a_i(v[0]), .b_i(v[1]), .z_o(z[13]));

  // Reference: inputs, threshold and weights of each gate (weights of inputs A..D).
  function integer n_in(input integer g);
    case (g)
      0, 3, 10, 11, 13: n_in = 2;
      1, 4, 6:          n_in = 3;
      12:               n_in = 1;
      default:          n_in = 4;
    endcase
  endfunction

  function integer thresh(input integer g);
    case (g)
      0, 1, 2:      thresh = 1;
      3, 6, 10, 11: thresh = 2;
      4, 7, 8:      thresh = 3;
      5:            thresh = 4;
      default:      thresh = 0;  // not a plain threshold gate
    endcase
  endfunction

  function integer weight(input integer g, input integer k);
    begin
      weight = 1;
      if (g == 7 && k == 0) weight = 2;             // TH34w2: A counts twice
      if (g == 8 && (k == 0 || k == 1)) weight = 2; // TH34w22: A and B count twice
    end
  endfunction

  // Would input vector x make gate g output 1 / 0 (ignoring hold)?
  function wsum_set(input integer g, input [3:0] x);
    integer k, s;
    begin
      s = 0;
      for (k = 0; k < n_in(g); k = k + 1) s = s + (x[k] ? weight(g, k) : 0);
      if (g == 9)       wsum_set = (x[0] || x[1]) && (x[2] || x[3]);  // 2-of-4 complement
      else if (g == 12) wsum_set = !x[0];
      else if (g == 13) wsum_set = x[0] && x[1];
      else              wsum_set = (s >= thresh(g));
    end
  endfunction

  function all_null(input integer g, input [3:0] x);
    integer k;
    begin
      all_null = 1'b1;
      for (k = 0; k < n_in(g); k = k + 1) if (x[k]) all_null = 1'b0;
      // The Boolean gates have no hold region: "reset" is "not set".
      if (g == 12 || g == 13) all_null = !wsum_set(g, x);
    end
  endfunction

  reg [13:0] model;
  integer checks, errors, settle, g;

  task apply(input [3:0] x, input r);
    begin
      v = x;
      rst_n = r;
      #(settle);
      for (g = 0; g < 14; g = g + 1) begin
        if ((g == 10 || g == 11) && !r) model[g] = (g == 11);
        else if (wsum_set(g, x))       model[g] = 1'b1;
        else if (all_null(g, x))       model[g] = 1'b0;
        // else: hold, model keeps its value
        checks = checks + 1;
        if (z[g] !== model[g]) begin
          errors = errors + 1;
          if (errors < 20)
            $display("gate %0d: inputs %b rst_n %b: got %b, expected %b", g, x, r, z[g], model[g]);
        end
      end
    end
  endtask

  // From x to y in monotonic steps: the falling inputs first (or the rising ones first).
  task step(input [3:0] x, input [3:0] y, input rise_first);
    begin
      apply(rise_first ? (x | y) : (x & y), rst_n);
      apply(y, rst_n);
    end
  endtask

  integer p, a, b, ra, rb;
  initial begin
    checks = 0;
    errors = 0;
`ifdef NCL_DELAYS
    settle = 4000;  // longer than any drawn gate delay (mode 2: (10*32 + 10) ticks of 4)
    ncl_rng.armed = 1'b1;
`else
    settle = 1;
`endif
    model = {14{1'bx}};
    // Every pair of consecutive vectors from both output states: set, hold, reset.
    for (p = 0; p < 2; p = p + 1)
      for (a = 0; a < 16; a = a + 1)
        for (b = 0; b < 16; b = b + 1) begin
          apply(p ? 4'hf : 4'h0, 1'b1);
          step(p ? 4'hf : 4'h0, a[3:0], 1'b0);
          step(a[3:0], b[3:0], 1'b0);
          apply(p ? 4'hf : 4'h0, 1'b1);
          step(p ? 4'hf : 4'h0, a[3:0], 1'b1);
          step(a[3:0], b[3:0], 1'b1);
        end
    // Reset of the N/D variants from both states and under every input, then the first
    // vector after release (which must hold the reset value unless it sets or resets).
    for (p = 0; p < 2; p = p + 1)
      for (a = 0; a < 4; a = a + 1)
        for (ra = 0; ra < 2; ra = ra + 1)
          for (b = 0; b < 4; b = b + 1)
            for (rb = 0; rb < 2; rb = rb + 1) begin
              apply(v, 1'b1);  // release the reset alone: inputs and reset never move together
              apply(p ? 4'hf : 4'h0, 1'b1);
              step(p ? 4'hf : 4'h0, a[3:0], 1'b0);
              apply(a[3:0], ra[0]);
              step(a[3:0], b[3:0], 1'b0);
              apply(b[3:0], rb[0]);
            end
`ifdef NCL_DELAYS
    errors = errors + ncl_rng.violations;
`endif
    $display("gates: %0d checks, %0d errors", checks, errors);
    $finish;
  end

endmodule

`default_nettype wire
