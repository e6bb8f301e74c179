// SPDX-License-Identifier: Apache-2.0
// Pipelined global sum of the serial lines (Pipe = 1, clock.md, "Pipelined global
// sum"): what dsbc_encoder and dsbc_decision compute in one cycle, spread over
// P = 1 + ceil(clog2(N) / 2) register stages so that every stage is two LUT levels on an iCE40.
//
//   stage 0      the lines, registered where they arrive (they come from N blocks far apart)
//   stage 1..    a binary tree of bit-serial adders, L = clog2(N) levels: each node adds the
//                two serial streams of the level below, LSB first, with a one-bit carry
//                flip-flop; the sum bit is registered at every second level and at the root,
//                so a stage holds two adder levels (two LUT levels: one full adder's sum or
//                carry is one LUT4 with the tag)
//
// The root's bit in cycle t + P is bit j of the sum, modulo 2^Q, of the Q-bit patterns whose
// bit j was on the lines in cycle t. That is the sum the carry latch of 4c computes (each node
// adds two numbers modulo 2^Q exactly, and addition modulo 2^Q is associative), so 4c's "why it
// is exact" carries over unchanged: all Q bits are zero exactly when the counts sum to zero.
// A node's carry must start at 0 with count bit 0: the "count bit 0" tag is ctl_load delayed
// through the same stages (count bit 0 is on the lines 4 cycles after ctl_load), so each
// level's carries are cleared by the tag of the data they are adding, whatever came before.
//
// The open and full slots need "some line is 1": an OR tree of four inputs per stage on the
// stage-0 register (4^stages >= 2^L inputs: it ends with the root's stage). open_o marks the cycle in
// which a word's open slot (on the lines 2 cycles after ctl_load) is at the outputs.

`default_nettype none

module dsbc_serial_sum #(
  parameter integer NumPes = 4   // N, serial lines, 1..256
) (
  input  wire              clk_i,    // clock, rising edge
  input  wire              rst_ni,   // asynchronous reset, active low
  input  wire [NumPes-1:0] lines_i,  // this cycle's serial bit of every PE (bit i from PE i)
  input  wire              load_i,   // ctl_load: a word's open slot is on the lines 2 cycles on
  output wire              open_o,   // the outputs below hold a word's open slot now
  output wire              sum_o,    // bit of the global sum of the lines of cycle now - P
  output wire              any_o     // some line was 1 in cycle now - P
);

  // Tree levels and the padded width: a complete binary tree over 2^L leaves (zero streams
  // for the missing PEs add nothing; the synthesis drops their logic as constant).
  localparam integer Levels  = (NumPes > 1) ? $clog2(NumPes) : 0;
  localparam integer Width   = 1 << Levels;
  // Adder levels per register stage (2: two LUT levels; 1 would be one LUT level per stage
  // and P = 1 + L).
  localparam integer PerStage = 2;
  localparam integer Stages  = (Levels + PerStage - 1) / PerStage;
  // P, the latency from the lines to the outputs: the line register and the tree's stages.
  // The golden model's Config::sum_latency() is the same formula (architecture.md 4f).
  localparam integer Latency = 1 + Stages;
  // Delay line of ctl_load: ld_q[k-1] is ctl_load of cycle now - k. Count bit 0 is on the
  // lines 4 cycles after ctl_load, in line_q 5, and at level l's adders 5 + (the registers
  // between line_q and level l) = 5 + (l - 1) / PerStage, at most 5 + Stages - 1 = P + 3 (the
  // root's level); the open slot reaches the outputs 2 + P cycles after ctl_load.
  localparam integer LdLen   = Latency + 3;

  reg [LdLen-1:0] ld_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ld_q <= {LdLen{1'b0}};
    end else begin
      ld_q <= {ld_q[LdLen-2:0], load_i};
    end
  end
  assign open_o = ld_q[Latency+1];

  // Stage 0: the lines, registered (padded with zero streams to the tree's width).
  wire [Width-1:0] padded;
  if (Width > NumPes) begin : g_pad
    assign padded = {{(Width-NumPes){1'b0}}, lines_i};
  end else begin : g_nopad
    assign padded = lines_i;
  end
  reg [Width-1:0] line_q;
  always @(posedge clk_i) begin
    line_q <= padded;
  end

  // Levels 1..L: level l has Width >> l nodes, each a serial adder of two nodes of level
  // l - 1 (level 0 is line_q). One vector per level, as in dsbc_encoder; `out` is the sum bit
  // registered (every PerStage-th level and the root) or not.
  genvar l, i;
  for (l = 1; l <= Levels; l = l + 1) begin : g_level
    localparam integer Nodes = Width >> l;
    wire [2*Nodes-1:0] in;    // the level below
    wire [Nodes-1:0]   sum;
    wire [Nodes-1:0]   out;
    reg  [Nodes-1:0]   carry_q;
    // Count bit 0 of a word is at this level's inputs: the carries start at 0.
    wire tag = ld_q[4 + (l - 1) / PerStage];
    if (l == 1) begin : g_from_lines
      assign in = line_q;
    end else begin : g_from_level
      assign in = g_level[l-1].out;
    end
    for (i = 0; i < Nodes; i = i + 1) begin : g_node
      wire a = in[2*i];
      wire b = in[2*i+1];
      wire c = carry_q[i] && !tag;
      assign sum[i] = a ^ b ^ c;
      always @(posedge clk_i) begin
        carry_q[i] <= (a && b) || (a && c) || (b && c);
      end
    end
    if (l % PerStage == 0 || l == Levels) begin : g_reg
      reg [Nodes-1:0] sum_q;
      always @(posedge clk_i) begin
        sum_q <= sum;
      end
      assign out = sum_q;
    end else begin : g_comb
      assign out = sum;
    end
  end

  // The OR of the lines: groups of four per stage (one LUT4); after the last stage one bit is
  // left, which leaves together with the root's sum bit.
  function integer or_width(input integer stage);
    integer k, w;
    begin
      w = Width;
      for (k = 0; k < stage; k = k + 1) w = (w + 3) / 4;
      or_width = w;
    end
  endfunction

  for (l = 1; l <= Stages; l = l + 1) begin : g_or
    localparam integer Outs = or_width(l);
    localparam integer Ins  = or_width(l - 1);
    wire [Ins-1:0]    prev;
    wire [4*Outs-1:0] in;
    reg  [Outs-1:0]   any_q;
    if (l == 1) begin : g_from_lines
      assign prev = line_q;
    end else begin : g_from_stage
      assign prev = g_or[l-1].any_q;
    end
    if (4 * Outs > Ins) begin : g_pad
      assign in = {{(4*Outs-Ins){1'b0}}, prev};
    end else begin : g_nopad
      assign in = prev;
    end
    for (i = 0; i < Outs; i = i + 1) begin : g_group
      always @(posedge clk_i) begin
        any_q[i] <= |in[4*i +: 4];
      end
    end
  end

  if (Levels == 0) begin : g_one
    // N = 1: the line register is the whole pipeline (P = 1).
    assign sum_o = line_q[0];
    assign any_o = line_q[0];
    wire unused_tags = &{1'b0, ld_q[LdLen-1:Latency+2], ld_q[Latency:0]};
  end else begin : g_tree
    assign sum_o = g_level[Levels].out[0];
    assign any_o = g_or[Stages].any_q[0];
    // ld_q[0..2] only delay ctl_load towards the first tag and open_o.
    wire unused_tags = &{1'b0, ld_q[2:0]};
  end

endmodule

`default_nettype wire
