// SPDX-License-Identifier: Apache-2.0
// Wavefront checker bound into every NCL register (dsbc_ncl_reg instantiates it under
// `ifdef NCL_CHECKS`). It watches the register's rails and ki from the outside and judges
// with its own completion logic, not the register's ko, so a broken completion detector
// cannot hide itself. Violations (each counted in ncl_rng.violations and printed):
//   rail11     a bit shows both rails high (input or output)
//   mixed      an output bit moves against the current wavefront (a bit returns to NULL while
//              the word is still becoming DATA, or the reverse), or changes DATA value
//   unacked    the output starts a new wavefront before the next stage acknowledged the last
//              one: DATA -> NULL without ki having fallen, NULL -> DATA without ki rising
//   early-ack  ki changes while the output is not complete (the next stage acknowledged a
//              wavefront it cannot have seen whole)
//   orphan     an input bit returns to NULL before the register latched its DATA, or brings
//              new DATA before the register returned to NULL (the predecessor overran us)
// Deadlock is checked by the testbench (every decision within a time bound).

`default_nettype none

module ncl_wavecheck #(
  parameter integer Width = 1  // dual-rail bits
) (
  input wire               rst_ni,  // reset of the register
  input wire [2*Width-1:0] d_i,     // register input rails
  input wire [2*Width-1:0] q_i,     // register output rails
  input wire               ki_i     // acknowledge from the next stage
);

  localparam integer PH_NULL = 0, PH_RISE = 1, PH_DATA = 2, PH_FALL = 3;

  integer phase;
  reg     acked;
  reg     live;       // checking started (armed and out of reset)
  integer reported;
  reg [2*Width-1:0] q_prev;
  reg [2*Width-1:0] d_prev;
  integer i;

  function is_data(input [1:0] r);
    is_data = r[0] | r[1];
  endfunction

  function all_data(input [2*Width-1:0] w);
    integer k;
    begin
      all_data = 1'b1;
      for (k = 0; k < Width; k = k + 1) if (!is_data(w[2*k+:2])) all_data = 1'b0;
    end
  endfunction

  function all_null(input [2*Width-1:0] w);
    integer k;
    begin
      all_null = 1'b1;
      for (k = 0; k < Width; k = k + 1) if (is_data(w[2*k+:2])) all_null = 1'b0;
    end
  endfunction

  task fail(input [8*10-1:0] kind, input integer bitn);
    begin
      ncl_rng.violation("wavefront");
      reported = reported + 1;
      if (reported <= 5)
        $display("NCL-VIOLATION %0s: %m bit %0d t=%0t (q=%b d=%b ki=%b)", kind, bitn, $time,
                 q_i, d_i, ki_i);
    end
  endtask

  initial begin
    live     = 1'b0;
    reported = 0;
    phase    = PH_NULL;
    acked    = 1'b0;
  end

  // Start checking once the testbench arms the checks (reset over, everything settled).
  always @(ncl_rng.armed or rst_ni) begin
    if (ncl_rng.armed && rst_ni && !live) begin
      live   = 1'b1;
      q_prev = q_i;
      d_prev = d_i;
      if (all_data(q_i)) begin
        phase = PH_DATA;
        acked = !ki_i;
      end else if (all_null(q_i)) begin
        phase = PH_NULL;
        acked = ki_i;
      end else begin
        fail("mixed", -1);
      end
    end else if (!rst_ni) begin
      live = 1'b0;
    end
  end

  always @(q_i) begin
    if (live) begin
      for (i = 0; i < Width; i = i + 1) begin
        if (q_i[2*i+:2] == 2'b11) fail("rail11", i);
        if (!is_data(q_prev[2*i+:2]) && is_data(q_i[2*i+:2])) begin
          // A bit becomes DATA: only legal while the word is NULL or rising.
          if (phase == PH_NULL) begin
            if (!acked) fail("unacked", i);
            phase = PH_RISE;
          end else if (phase != PH_RISE) begin
            fail("mixed", i);
          end
        end else if (is_data(q_prev[2*i+:2]) && !is_data(q_i[2*i+:2])) begin
          if (phase == PH_DATA) begin
            if (!acked) fail("unacked", i);
            phase = PH_FALL;
          end else if (phase != PH_FALL) begin
            fail("mixed", i);
          end
        end else if (is_data(q_prev[2*i+:2]) && q_prev[2*i+:2] != q_i[2*i+:2]) begin
          fail("mixed", i);
        end
      end
      if (phase == PH_RISE && all_data(q_i)) begin
        phase = PH_DATA;
        acked = 1'b0;
      end else if (phase == PH_FALL && all_null(q_i)) begin
        phase = PH_NULL;
        acked = 1'b0;
      end
      q_prev = q_i;
    end
  end

  always @(ki_i) begin
    if (live) begin
      if (ki_i === 1'b0) begin
        if (phase != PH_DATA) fail("early-ack", -1);
        else acked = 1'b1;
      end else if (ki_i === 1'b1) begin
        if (phase != PH_NULL) fail("early-ack", -1);
        else acked = 1'b1;
      end
    end
  end

  always @(d_i) begin
    if (live) begin
      for (i = 0; i < Width; i = i + 1) begin
        if (d_i[2*i+:2] == 2'b11) fail("rail11", i);
        // Input withdrawn before this bit was latched as DATA.
        if (is_data(d_prev[2*i+:2]) && !is_data(d_i[2*i+:2]) && !is_data(q_i[2*i+:2]))
          fail("orphan", i);
        // New input DATA while this bit still holds the previous DATA.
        if (!is_data(d_prev[2*i+:2]) && is_data(d_i[2*i+:2]) && is_data(q_i[2*i+:2]))
          fail("orphan", i);
      end
      d_prev = d_i;
    end
  end

endmodule

`default_nettype wire
