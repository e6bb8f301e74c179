// SPDX-License-Identifier: Apache-2.0
// Feasibility design (synth/feasibility/README.md), not part of the unit: the pipeline of a
// read-modify-write of the local count words whose same-barrier recurrence is one bit wide,
// without the RAM (the user owns it and its read address: feas_rmw_cut puts an operation in
// every cycle, feas_local_pipe the PE's accepted requests and lends the read port to the
// snapshot in the other cycles).
//
// feas_rmw_pipe shows that registers around the RAM buy little (about 114 MHz): what is left
// is the forwarding of one operation's result into the next one's operand (back-to-back
// updates of one barrier): forward mux -> range check -> result, a word wide. Here the word
// is taken out of that loop. Every step is +1 or -1, so operation k's operand is the RAM's
// (stale) word plus the unrefused steps still in flight to the same address, and its
// refusal only asks whether that operand sits at the edge its step would leave. Measured in
// steps towards that edge, the stale word's distance (0..15, or "far") is known from the
// word's bits a stage after the read; each in-flight step of the same barrier moves it by one
// (towards or away), and an operation's refusal is known the cycle after its own decision.
// So the distance is brought up to date one operation per stage as the operation travels
// (each stage applies the step it learned in the stage before, from registers), and at the
// decision only operation k-1's refusal is still open: both answers (k-1's step taken or
// not) are ready from registers, and the loop is one 4-input function of one bit. The word
// itself (stale + steps) is computed afterwards, from registers, in two stages, and goes only
// to the RAM's write port.
//
// Operation k (op_valid_i high in cycle k; the user reads its word on the RAM in cycle k and
// hands the RAM's output to rd_data_i in cycle k+1) is read in cycle k; stage t is cycle k+1+t; stage Decide = 6 (cycle k+7)
// decides the refusal; cycles k+8 and k+9 compute the new word; it is written at the end of
// k+10. A read at the very edge of a write to its address (the RAM promises nothing there)
// takes the written word from a register, so F = 9 operations are in flight behind a read.
// Outputs, for an operation read in cycle k: its refusal in cycle k+8 (ack_*, registered
// from the decision), its new word in the write register in cycle k+9 (commit_*: a step
// taken, the word written at the end of the next cycle) and on the write port in k+10 (a
// refused operation rewrites its word unchanged, so the user's cut is the same for both).

`default_nettype none

module feas_rmw_cut_core #(
  parameter integer CountBits = 16,  // T, >= 8 (the edge test splits off the low 4 bits)
  parameter integer AddrW     = 5    // address bits of the RAM
) (
  input  wire                 clk_i,           // clock
  input  wire                 rst_ni,          // asynchronous reset of the valid bits, active low
  input  wire                 op_valid_i,      // an operation is read in this cycle ...
  input  wire [AddrW-1:0]     op_addr_i,       // ... at this address (the RAM's read address)
  input  wire                 op_dec_i,        // ... and steps -1 (else +1)
  input  wire [CountBits:0]   rd_data_i,       // the RAM's word read last cycle
  output wire                 ack_valid_o,     // the operation read 8 cycles ago is decided ...
  output wire                 ack_refused_o,   // ... and refused (its step would leave the range)
  output wire                 commit_valid_o,  // a taken step's word is in the write register
  output wire [AddrW-1:0]     commit_addr_o,   // ... for this address
  output wire                 commit_dec_o,    // ... and the step was -1
  output wire                 wr_en_next_o,    // wr_en_o of the next cycle (wr_addr_o: commit_addr_o)
  output wire                 wr_en_o,         // write the word of the operation read 10 cycles ago
  output wire [AddrW-1:0]     wr_addr_o,       // ... at this address
  output wire [CountBits:0]   wr_data_o        // ... this word {open, count}
);


  localparam integer T      = CountBits;
  localparam integer W      = T + 1;  // {open, count}
  localparam integer A      = AddrW;
  localparam integer Decide = 6;   // the stage that decides the refusal
  localparam integer F      = Decide + 3;  // operations in flight behind a read
  // Distances 0..Window-1 are tracked one-hot from stage 3 on: by then at most Window - 1
  // steps are still to be learned (operations k-4 .. k-1), so a longer distance cannot reach 0.
  localparam integer Window = 5;
  localparam [T-1:0] CountMax = {1'b0, {(T - 1){1'b1}}};
  localparam [T-1:0] CountMin = {1'b1, {(T - 1){1'b0}}};

  wire [A-1:0] rd_addr = op_addr_i;  // cycle k: the operation's read
  wire         dec     = op_dec_i;

  // op_*_q[t]: the operation at stage t. hit_q[t][m-1]: it has the address of the operation
  // issued m cycles before it (m = 1..F), compared at its read.
  reg [A-1:0]    op_addr_q [0:Decide];
  reg [Decide:0] op_dec_q;
  reg [F-1:0]    hit_q [0:Decide];
  // done_*_q[i]: the operation that left the decision stage i + 1 cycles ago.
  reg [A-1:0]    done_addr_q [0:2];
  reg [F-1:0]    done_step_q;  // its step was taken (not refused)
  reg [F-1:0]    done_dec_q;   // ... and was -1
  // Valid bits: none in the pipe after configuration (FPGA initial values) or reset, so that
  // the first cycles write nothing and match nothing.
  reg [Decide:0] op_valid_q = {(Decide + 1){1'b0}};
  reg [2:0]      done_valid_q = 3'b000;

  // What operation k (at stage t) learns: the step of operation k - m, m = Decide + 1 - t,
  // from done_*_q[0]: taken and to the same word, towards the edge k's own step would leave (same direction)
  // or away from it.
  function [1:0] seen_step;  // {towards, away}
    input hit, step, dec_other, dec_self;
    begin
      seen_step = {hit & step & (dec_other == dec_self), hit & step & (dec_other != dec_self)};
    end
  endfunction

  function signed [3:0] toward_of;  // +1 towards, -1 away, 0
    input [1:0] seen_bits;
    begin
      toward_of = seen_bits[1] ? 4'sd1 : (seen_bits[0] ? -4'sd1 : 4'sd0);
    end
  endfunction

  function signed [4:0] step_of;  // the step itself, +1 / -1 / 0
    input [1:0] seen_bits;
    input       dec_self;
    begin
      if (seen_bits == 2'b00) step_of = 5'sd0;
      else step_of = (seen_bits[1] ^ dec_self) ? 5'sd1 : -5'sd1;
    end
  endfunction

  // The two oldest operations in flight (m = Decide + 2, Decide + 3) have decided by the
  // read already: they are learned at the read, from done_*_q[0] and [1], and registered.
  reg [1:0] seen_m8_q, seen_m9_q;
  wire [1:0] seen [0:Decide];
  genvar g;
  for (g = 0; g <= Decide; g = g + 1) begin : g_seen
    assign seen[g] = seen_step(hit_q[g][Decide - g], done_step_q[0], done_dec_q[0], op_dec_q[g]);
  end

  wire [W-1:0] rd_data = rd_data_i;
  reg  [W-1:0] stale_q [1:Decide+2];  // the word as read, at stages 1..Decide+2
  reg          collide_q;             // the read met the write of its address at its edge
  reg  [W-1:0] bypass_q;              // ... which wrote this word
  reg  [W-1:0] new_q;                 // the word written at the end of the next cycle

  // The distance to the edge: towards-steps learned at stages 0..1 (pre_q), the stale word's
  // edge test (stage 1), the distance as a number (stage 2), then one-hot over 0..Window-1
  // with one learned step applied per stage (a distance beyond the window can no longer
  // reach 0: fewer steps are left in flight than it is long).
  reg signed [3:0] pre_q [1:2];
  reg              hi_edge_q;       // the stale word's top bits are the edge's
  reg [3:0]        lo_dist_q;       // ... and the distance in its low bits
  reg signed [5:0] dist_q;          // at stage 3
  reg [Window-1:0] near_q [4:Decide];  // near_q[t][d]: distance d, the steps up to stage t-2
  reg [1:0]        late_q [3:Decide];  // the step learned at stage t-1, applied at stage t
  // The word: the steps (+1/-1) learned so far, and whether any step reached it (the open
  // bit is set then, even when the steps cancel).
  reg signed [4:0] net_q [1:Decide+1];
  reg [Decide+1:1] saw_q;

  // One learned step applied to the one-hot distance: towards -> one closer.
  function [Window-1:0] shift_near;
    input [Window-1:0] near;
    input [1:0]        seen_bits;
    begin
      if (seen_bits[1])      shift_near = {1'b0, near[Window-1:1]};
      else if (seen_bits[0]) shift_near = {near[Window-2:0], 1'b0};
      else                   shift_near = near;
    end
  endfunction

  // The decision (stage Decide): operation k-1's step (done_*_q[0]) taken or not.
  wire [Window-1:0] near_now = shift_near(near_q[Decide], late_q[Decide]);
  wire op_dec  = op_dec_q[Decide];
  wire link    = hit_q[Decide][0] & done_step_q[0];
  // k-1 can bring the word to the edge only with a step in k's direction (from distance 1).
  wire r_taken = (done_dec_q[0] == op_dec) ? near_now[1] : 1'b0;
  wire refused = link ? r_taken : near_now[0];

  integer t, i, d;
  wire signed [31:0] dist32 = {{26{dist_q[5]}}, dist_q};  // compared with the integer d
  wire unused_near = &{1'b0, near_now[Window-1:2]};  // only distances 0 and 1 decide
  always @(posedge clk_i) begin
    // The read, and the address compares against the operations ahead (stage i now holds
    // the operation i + 1 issues back; done_*_q[i - Decide - 1] the older ones).
    op_addr_q[0]  <= rd_addr;
    op_dec_q[0]   <= dec;
    for (i = 0; i < F; i = i + 1) begin
      if (i <= Decide) hit_q[0][i] <= op_valid_q[i] && (rd_addr == op_addr_q[i]);
      else             hit_q[0][i] <= done_valid_q[i - Decide - 1]
                                      && (rd_addr == done_addr_q[i - Decide - 1]);
    end
    for (t = 1; t <= Decide; t = t + 1) begin
      op_addr_q[t]  <= op_addr_q[t-1];
      op_dec_q[t]   <= op_dec_q[t-1];
      hit_q[t]      <= hit_q[t-1];
    end
    seen_m8_q <= seen_step(done_valid_q[0] && (rd_addr == done_addr_q[0]), done_step_q[0],
                           done_dec_q[0], dec);
    seen_m9_q <= seen_step(done_valid_q[1] && (rd_addr == done_addr_q[1]), done_step_q[1],
                           done_dec_q[1], dec);
    collide_q <= done_valid_q[2] && (rd_addr == done_addr_q[2]);
    bypass_q  <= new_q;

    // Stage 0: the RAM's word; the three oldest operations in flight.
    stale_q[1] <= collide_q ? bypass_q : rd_data;
    pre_q[1]   <= toward_of(seen_m9_q) + toward_of(seen_m8_q) + toward_of(seen[0]);
    net_q[1]   <= step_of(seen_m9_q, op_dec_q[0]) + step_of(seen_m8_q, op_dec_q[0])
                + step_of(seen[0], op_dec_q[0]);
    saw_q[1]   <= (seen_m9_q != 2'b00) || (seen_m8_q != 2'b00) || (seen[0] != 2'b00);
    // Stage 1: the edge test of the top bits; one more operation.
    hi_edge_q <= op_dec_q[1] ? (stale_q[1][T-1:4] == CountMin[T-1:4])
                             : (stale_q[1][T-1:4] == CountMax[T-1:4]);
    lo_dist_q <= op_dec_q[1] ? stale_q[1][3:0] : ~stale_q[1][3:0];
    pre_q[2]  <= pre_q[1] + toward_of(seen[1]);
    // Stage 2: the distance as a number; this stage's step waits a stage.
    dist_q     <= hi_edge_q ? ($signed({2'b00, lo_dist_q}) - {{2{pre_q[2][3]}}, pre_q[2]}) : 6'sd31;
    late_q[3]  <= seen[2];
    // Stage 3: one-hot, with the step learned at stage 2.
    for (d = 0; d < Window; d = d + 1) begin
      near_q[4][d] <= (late_q[3][1] && dist32 == d + 1) || (late_q[3][0] && dist32 == d - 1)
                   || (late_q[3] == 2'b00 && dist32 == d);
    end
    late_q[4] <= seen[3];
    // Stages 4..Decide-1: one learned step per stage.
    for (t = 5; t <= Decide; t = t + 1) begin
      near_q[t] <= shift_near(near_q[t-1], late_q[t-1]);
      late_q[t] <= seen[t-1];
    end
    for (t = 2; t <= Decide + 1; t = t + 1) begin
      stale_q[t] <= stale_q[t-1];
    end
    for (t = 2; t <= Decide; t = t + 1) begin
      net_q[t] <= net_q[t-1] + step_of(seen[t-1], op_dec_q[t-1]);
      saw_q[t] <= saw_q[t-1] || (seen[t-1] != 2'b00);
    end
    // The decision.
    done_addr_q[0]  <= op_addr_q[Decide];
    done_step_q[0]  <= !refused;
    done_dec_q[0]   <= op_dec;
    for (i = 1; i < F; i = i + 1) begin
      done_step_q[i] <= done_step_q[i-1];
      done_dec_q[i]  <= done_dec_q[i-1];
    end
    for (i = 1; i < 3; i = i + 1) begin
      done_addr_q[i]  <= done_addr_q[i-1];
    end
    // Into word stage 1.
    net_q[Decide+1] <= net_q[Decide];
    saw_q[Decide+1] <= saw_q[Decide] || link;
    stale_q[Decide+2] <= stale_q[Decide+1];
    // Word stage 2: from registers only.
    new_q  <= new_word;
  end

  // Word stage 1 (done_*_q[0] is operation k now, [1] operation k-1): every step counted.
  reg signed [4:0] total_q;
  reg              touched_q;
  reg              own_link_q;  // the decision's link: k-1's step reached this word
  always @(posedge clk_i) begin
    own_link_q <= link;
    total_q    <= net_q[Decide+1]
                + (own_link_q ? (done_dec_q[1] ? -5'sd1 : 5'sd1) : 5'sd0)
                + (done_step_q[0] ? (done_dec_q[0] ? -5'sd1 : 5'sd1) : 5'sd0);
    touched_q  <= saw_q[Decide+1] || done_step_q[0];
  end

  wire [T-1:0] new_count = stale_q[Decide+2][T-1:0] + {{(T - 5){total_q[4]}}, total_q};
  wire [W-1:0] new_word  = touched_q ? {1'b1, new_count} : stale_q[Decide+2];

`ifndef SYNTHESIS
  // For feas_rmw_check_tb only: the decision stage's operation, its operand and result.
  wire [1:0]        chk_write_lag = 2'd3;
  wire [A-1:0]      chk_addr      = op_addr_q[Decide];
  wire              chk_dec       = op_dec;
  wire              chk_forwarded = |hit_q[Decide];
  wire signed [4:0] chk_net       = net_q[Decide] + (link ? (done_dec_q[0] ? -5'sd1 : 5'sd1) : 5'sd0);
  wire [T-1:0]      chk_count     = stale_q[Decide][T-1:0] + {{(T - 5){chk_net[4]}}, chk_net};
  wire              chk_touched   = saw_q[Decide] || link;
  wire [W-1:0]      chk_old_word  = chk_touched ? {1'b1, chk_count} : stale_q[Decide];
  wire [W-1:0]      chk_new_word  = refused ? chk_old_word
                                  : {1'b1, chk_count + (op_dec ? {T{1'b1}} : {{(T - 1){1'b0}}, 1'b1})};
`endif

  // The valid bits alone are reset: the rest of the pipeline carries data qualified by them.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_valid_q   <= {(Decide + 1){1'b0}};
      done_valid_q <= 3'b000;
    end else begin
      op_valid_q   <= {op_valid_q[Decide-1:0], op_valid_i};
      done_valid_q <= {done_valid_q[1:0], op_valid_q[Decide]};
    end
  end

  assign ack_valid_o    = done_valid_q[0];
  assign ack_refused_o  = !done_step_q[0];
  assign commit_valid_o = done_valid_q[1] && done_step_q[1];
  assign commit_addr_o  = done_addr_q[1];
  assign commit_dec_o   = done_dec_q[1];
  assign wr_en_next_o   = done_valid_q[1];
  assign wr_en_o        = done_valid_q[2];
  assign wr_addr_o      = done_addr_q[2];
  assign wr_data_o      = new_q;

endmodule

`default_nettype wire
