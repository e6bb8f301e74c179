// SPDX-License-Identifier: Apache-2.0
// Formal harness of dsbc_global with its encoder and decision module (formal/run.py, jobs
// global_*). The harness plays N local blocks: at every ctl_load it takes N open bits, N
// full bits and N T-bit two's complement counts (free: every value), and presents the slots
// of architecture.md 4c on rr_bits (open, full, then the counts sign-extended to
// Q = T + clog2(N) bits, LSB first; the wires are free outside the slots). The expected end
// of every word is computed here from the integer sum of the counts, not from the serial
// adder: the word completes (ctl_done at s+Q+4) exactly when some open bit is set, no full
// bit is set and the sum is zero; otherwise it exits at the open slot, the full slot, or the
// lowest set bit of the sum, and the next ctl_load follows at once (M > 1) or two cycles
// after the completion (M = 1). CNT2 steps once per ctl_load; the first ctl_load is in
// cycle M.
//
// Pipe = 1 (architecture.md 4f): every decision comes P = 1 + ceil(clog2(N) / 2) cycles after its slot
// was on the lines, so every expected end moves P cycles later; the lines carry the free
// noise after the word's last slot while the pipeline still works on it.

`default_nettype none

module global_check #(
  parameter integer NumPes      = 3,
  parameter integer NumBarriers = 2,
  parameter integer CountBits   = 8,
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1,
  parameter integer Pipe        = 0
) (
  input wire                        clk_i,
  input wire                        rst_ni,
  input wire [NumPes-1:0]           open_i,    // taken at each ctl_load
  input wire [NumPes-1:0]           full_i,    // taken at each ctl_load
  input wire [NumPes*CountBits-1:0] counts_i,  // taken at each ctl_load
  input wire [NumPes-1:0]           noise_i    // rr_bits outside the slots
);

  localparam integer N = NumPes;
  localparam integer M = NumBarriers;
  localparam integer T = CountBits;
  localparam integer Q = T + ((N > 1) ? $clog2(N) : 0);
  localparam integer SW = Q + 4;               // wide enough for a sum of N Q-bit patterns
  // P of architecture.md 4f: one line register and one register per two levels of the tree.
  localparam integer P = (Pipe == 1) ? 1 + (((N > 1) ? $clog2(N) : 0) + 1) / 2 : 0;
  localparam integer AgeW = $clog2(Q + P + 8);
  localparam integer CarryW = (N > 1) ? $clog2(N) : 1;
  localparam integer LastBarrier = M - 1;

  wire [N-1:0]        rr_bits;
  wire                ctl_load, ctl_done;
  wire [N-1:0]        ctl_done_pe;  // each PE's copy (Pipe = 1: registers of their own)
  wire [BarrierW-1:0] cnt2;

  dsbc_global #(.NumPes(N), .NumBarriers(M), .CountBits(T), .FifoDepth(2), .BarrierW(BarrierW),
                .Sched(0), .Pipe(Pipe))  // the round robin (4c); arb: unit_check.v
    u_dut (.clk_i(clk_i), .rst_ni(rst_ni), .rr_bits_i(rr_bits), .ctl_load_o(ctl_load),
           .ctl_done_o(ctl_done), .cnt2_o(cnt2), .ctl_done_pe_o(ctl_done_pe));

  (* keep *) wire [2:0]  p_phase;
  (* keep *) wire [$clog2(Q + 2)-1:0] p_cnt1;
  (* keep *) wire [CarryW-1:0] p_carry;
  (* keep *) wire [BarrierW-1:0] p_init_cnt;
  // Pipe = 1 only (formal/run.py connects them then): the pipelined control's registers.
  (* keep *) wire [Q:0]          p_pslot;   // slot_q[Q+1:1]
  (* keep *) wire                p_pcount;  // count_q
  (* keep *) wire [BarrierW-1:0] p_pwait;   // wait_q
  (* keep *) wire                p_pstart;  // start_q
  (* keep *) wire [P+2:0]        p_pld;     // u_sum.ld_q: ctl_load of the last P + 3 cycles

  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* assume(rst_ni == f_started);

  // The word under inspection, as the harness loaded it.
  reg [N-1:0]   w_open, w_full;
  reg [N*T-1:0] w_counts;
  reg           loaded;           // a ctl_load has happened
  reg [AgeW-1:0] age;             // cycles since the last ctl_load
  reg [AgeW-1:0] cyc;             // cycles since reset, until the first ctl_load
  reg [BarrierW-1:0] exp_cnt2;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      loaded   <= 1'b0;
      cyc      <= 0;
      exp_cnt2 <= LastBarrier[BarrierW-1:0];
    end else begin
      if (!loaded) cyc <= cyc + 1'b1;
      if (ctl_load) begin
        loaded   <= 1'b1;
        age      <= 1;
        w_open   <= open_i;
        w_full   <= full_i;
        w_counts <= counts_i;
        exp_cnt2 <= (exp_cnt2 == LastBarrier) ? 0 : exp_cnt2 + 1'b1;
      end else if (age < Q + P + 7) begin
        age <= age + 1'b1;
      end
    end
  end

  // Q-bit two's complement pattern of count i, and the true sum of the counts.
  function [Q-1:0] pattern(input integer i);
    pattern = {{(Q - T){w_counts[i*T + T - 1]}}, w_counts[i*T +: T]};
  endfunction
  integer i;
  reg signed [SW-1:0] sum;       // sum of the counts (integer)
  reg [SW-1:0]        low_sum;   // sum of the patterns' bits below the current slot
  reg [AgeW-1:0]      first_one; // lowest set bit of the sum
  always @* begin
    sum = 0;
    for (i = 0; i < N; i = i + 1) sum = sum + $signed(w_counts[i*T +: T]);
    first_one = Q;
    for (i = Q - 1; i >= 0; i = i - 1) if (sum[i]) first_one = i;
    low_sum = 0;
    for (i = 0; i < N; i = i + 1)
      low_sum = low_sum + (pattern(i) & ((1 << (age - 4)) - 1));
  end

  wire open_zero  = (w_open == 0);
  wire full_any   = (w_full != 0);
  wire complete   = !open_zero && !full_any && (sum == 0);
  wire [AgeW-1:0] next_load = P + (open_zero ? 3 : full_any ? 4 : (sum != 0) ? 5 + first_one
                                 : (M > 1) ? Q + 4 : Q + 6);

  // The local blocks' slots.
  reg [N-1:0] slot_bits;
  always @* begin
    for (i = 0; i < N; i = i + 1) begin
      slot_bits[i] = noise_i[i];
      if (loaded && age == 2) slot_bits[i] = w_open[i];
      if (loaded && age == 3) slot_bits[i] = w_full[i];
      if (loaded && age >= 4 && age < 4 + Q) slot_bits[i] = pattern(i) >> (age - 4);
    end
  end
  assign rr_bits = slot_bits;

  always @* begin
    if (f_started) begin
      assert(cnt2 == exp_cnt2);
      assert(ctl_done_pe == {N{ctl_done}});
      if (!loaded) begin
        assert(ctl_load == (cyc == M));
        assert(!ctl_done);
        assert(cyc <= M);
        if (cyc < M) assert(p_phase == 3'd0 && p_init_cnt == M - 1 - cyc);
        if (Pipe == 1) begin
          assert(p_pslot == 0 && !p_pcount && p_pld == 0);
          assert(p_pwait == ((cyc < M - 1) ? M - 1 - cyc : 0));
          assert(p_pstart == (cyc == M - 1));
        end
      end else begin
        assert(age <= next_load);
        assert(ctl_load == (age == next_load));
        assert(ctl_done == (complete && age == Q + 4 + P));
        // Inductive support (Pipe = 0): the control's phase and slot counter follow the
        // word's age, and the carry latch holds the carries of the bits checked so far.
        if (Pipe == 0) begin
        if (age == 1) assert(p_phase == 3'd2);
        if (age >= 2 && age < next_load && age < Q + 4) assert(p_phase == 3'd3 && p_cnt1 == age - 2);
        if (age >= 5 && age < next_load && age < Q + 4) assert(p_carry == (low_sum >> (age - 4)));
        if (M == 1 && complete && age == Q + 4) assert(p_phase == 3'd4);
        if (M == 1 && complete && age == Q + 5) assert(p_phase == 3'd5);
        end
        // Inductive support (Pipe = 1): the slot at the pipeline's outputs (slot age - 2 - P)
        // is the one-hot slot_q while the word is being decided, and ctl_load's delay line
        // holds only the last ctl_load (words are at least P + 3 cycles apart).
        if (Pipe == 1) begin
          assert(p_pslot == ((age >= 3 + P && age < next_load && age < Q + 4 + P)
                             ? {{Q{1'b0}}, 1'b1} << (age - 3 - P) : 0));
          assert(p_pcount == (p_pslot[Q:1] != 0));
          assert(p_pld == ((age <= P + 3) ? {{(P+2){1'b0}}, 1'b1} << (age - 1) : 0));
          assert(p_pwait == 0 && !p_pstart);
        end
      end
    end
  end

  // Non-vacuity: each way a word ends, and a completion with a negative count in it.
  reg neg_any;
  always @* begin
    neg_any = 1'b0;
    for (i = 0; i < N; i = i + 1) neg_any = neg_any | w_counts[i*T + T - 1];
  end
  always @(posedge clk_i) begin
    if (f_started && loaded) begin
      cover(ctl_load && age == 3 + P);
      cover(ctl_load && age == 4 + P);
      cover(ctl_load && age > 5 + P);
      if (N > 1) cover(ctl_done && neg_any);  // one PE alone completes only at zero
      cover(ctl_done && cnt2 == LastBarrier);
    end
  end

endmodule

`default_nettype wire
