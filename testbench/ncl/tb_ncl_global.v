// SPDX-License-Identifier: Apache-2.0
// Randomised-delay testbench of the NCL global path (dsbc_ncl_global), Icarus only.
//
// N local blocks send random count snapshots ("words") slot by slot; every decision of the
// NCL path is compared with the decision the synchronous unit makes on the same word,
// computed here from its definition (architecture.md 4c) by integer arithmetic:
//   no open bit set                -> exit at slot 0
//   some FIFO-full bit set         -> exit at slot 1
//   S = sum of the counts; S == 0  -> done at slot Q + 1 (the last count slot)
//   S != 0                         -> exit at slot 2 + (index of the lowest 1 bit of |S|)
// and cont at every slot before. Nothing here looks at the serial adder or the carry.
//
// Environment (+env=<m>):
//   0  clocked local blocks: dsbc_ncl_local_if (PISO, converter, synchronisers) per PE,
//      each on its own clock (random period and phase), with a random snapshot latency;
//      their load/done pulses are checked word by word as well
//   1  asynchronous behavioural locals with random response delays (+agent=<max ticks>,
//      0 gives an ideal environment for cycle-time measurements)
// Gate delays come from ncl_rng (+seed, +delay_mode). Checks: the decision against the
// reference (mismatches); every register's wavefronts (ncl_wavecheck), gate hazards, the
// 1-of-3 code of the decision and no deadlock (violations). Other plusargs: +words=<n>,
// +all_done (every word sums to zero), +bound=<time units without a decision = deadlock>.
//
// Last line: "ncl-run: N=<n> T=<t> broken=<b> seed=<s> env=<m> decisions=<d>
//             violations=<v> mismatches=<m>", then a "ncl-time:" line with timing figures.

`default_nettype none

module tb_ncl_global;

  parameter integer NumPes    = 4;  // N
  parameter integer CountBits = 8;  // T
  parameter integer Broken    = 0;  // DUT variant

  localparam integer Q        = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer MaxWords = 512;
  localparam [2:0]   DEC_CONT = 3'b001, DEC_EXIT = 3'b010, DEC_DONE = 3'b100;

  reg                 rst_n;
  wire [2*NumPes-1:0] bits;
  wire [2:0]          dec;

  dsbc_ncl_global #(.NumPes(NumPes), .CountBits(CountBits), .Broken(Broken)) u_dut (
    .rst_ni (rst_n),
    .bits_i (bits),
    .dec_o  (dec)
  );

  ///////////
  // Words //
  ///////////

  reg [NumPes-1:0] w_open [0:MaxWords-1];
  reg [NumPes-1:0] w_full [0:MaxWords-1];
  integer          w_count [0:MaxWords*NumPes-1];
  integer          exp_slot [0:MaxWords-1];  // slot of the word's last decision
  reg              exp_done [0:MaxWords-1];  // that decision is done (else exit)

  integer n_words, env_mode, agent_max, bound, seed;
  reg     all_done;

  // The slot bit PE p sends in slot s of word w (sign-extended beyond bit T-1).
  function slot_bit(input integer w, input integer p, input integer s);
    integer c, k;
    begin
      if (s == 0) begin
        slot_bit = w_open[w][p];
      end else if (s == 1) begin
        slot_bit = w_full[w][p];
      end else begin
        c = w_count[w*NumPes+p];
        k = s - 2;
        if (k > CountBits - 1) k = CountBits - 1;
        slot_bit = (c >>> k) & 1;
      end
    end
  endfunction

  task make_word(input integer w);
    integer p, r, style, sum, lim, k, tries;
    begin
      lim = (1 << (CountBits - 1));
      ncl_rng.uni(100, r);
      w_open[w] = {NumPes{1'b0}};
      w_full[w] = {NumPes{1'b0}};
      if (all_done || r >= 12) begin
        for (p = 0; p < NumPes; p = p + 1) begin
          ncl_rng.uni(2, r);
          w_open[w][p] = r[0];
        end
        ncl_rng.uni(NumPes, p);
        w_open[w][p] = 1'b1;
      end
      ncl_rng.uni(100, r);
      if (!all_done && r < 12) begin
        ncl_rng.uni(NumPes, p);
        w_full[w][p] = 1'b1;
        ncl_rng.uni(NumPes, p);
        w_full[w][p] = 1'b1;
      end
      ncl_rng.uni(5, style);
      if (all_done) style = 1;
      for (p = 0; p < NumPes; p = p + 1) begin
        case (style)
          0: begin  // uniform over the whole T-bit range
            ncl_rng.uni(2 * lim, r);
            w_count[w*NumPes+p] = r - lim;
          end
          4: begin  // extremes: both ends of the range and the small values
            ncl_rng.uni(5, r);
            case (r)
              0: w_count[w*NumPes+p] = -lim;
              1: w_count[w*NumPes+p] = lim - 1;
              2: w_count[w*NumPes+p] = -1;
              3: w_count[w*NumPes+p] = 1;
              default: w_count[w*NumPes+p] = 0;
            endcase
          end
          3: w_count[w*NumPes+p] = 0;
          default: begin  // styles 1, 2: small enough that the last PE can balance them
            ncl_rng.uni(2 * ((lim - 1) / NumPes) + 1, r);
            w_count[w*NumPes+p] = r - (lim - 1) / NumPes;
          end
        endcase
      end
      if (style == 1 || style == 2) begin
        // Zero sum: the last PE takes minus the others' sum (in range by the bound above).
        sum = 0;
        for (p = 0; p < NumPes - 1; p = p + 1) sum = sum + w_count[w*NumPes+p];
        w_count[w*NumPes+NumPes-1] = -sum;
        if (style == 2) begin
          // Then one PE moves by +-2^k, so the word exits at count bit k exactly.
          tries = 0;
          ncl_rng.uni(CountBits, k);
          ncl_rng.uni(NumPes, p);
          ncl_rng.uni(2, r);
          sum = w_count[w*NumPes+p] + (r ? (1 << k) : -(1 << k));
          if (sum >= -lim && sum < lim) w_count[w*NumPes+p] = sum;
        end
      end
      // Reference decision (see the header).
      sum = 0;
      for (p = 0; p < NumPes; p = p + 1) sum = sum + w_count[w*NumPes+p];
      if (w_open[w] == {NumPes{1'b0}}) begin
        exp_slot[w] = 0;
        exp_done[w] = 1'b0;
      end else if (w_full[w] != {NumPes{1'b0}}) begin
        exp_slot[w] = 1;
        exp_done[w] = 1'b0;
      end else if (sum == 0) begin
        exp_slot[w] = Q + 1;
        exp_done[w] = 1'b1;
      end else begin
        if (sum < 0) sum = -sum;
        k = 0;
        while (((sum >> k) & 1) == 0) k = k + 1;
        exp_slot[w] = 2 + k;
        exp_done[w] = 1'b0;
      end
    end
  endtask

  /////////////////////
  // Local blocks    //
  /////////////////////

  reg started;  // reset released: the environments may run

  genvar gi;
  for (gi = 0; gi < NumPes; gi = gi + 1) begin : g_pe
    // Environment 0: a clocked local block with its own clock.
    reg                 clk;
    integer             half;
    reg                 snap_valid;
    reg                 snap_open;
    reg                 snap_full;
    reg [CountBits-1:0] snap_count;
    wire                load;
    wire                done;
    wire [1:0]          bit_if;
    integer             lw;        // word this local has loaded (-1: none yet)
    integer             lat;       // snapshot latency countdown, -1 idle
    reg                 done_seen;
    // Environment 1: behavioural asynchronous local.
    reg [1:0]           bit_ag;
    integer             aw, as, ad;
    reg [2:0]           adec;

    assign bits[2*gi+1:2*gi] = (env_mode == 0) ? bit_if : bit_ag;

    dsbc_ncl_local_if #(.CountBits(CountBits)) u_local (
      .clk_i        (clk),
      .rst_ni       (rst_n),
      .load_o       (load),
      .snap_valid_i (snap_valid),
      .snap_open_i  (snap_open),
      .snap_full_i  (snap_full),
      .snap_count_i (snap_count),
      .done_o       (done),
      .bit_o        (bit_if),
      .dec_i        (dec)
    );

    initial begin
      clk        = 1'b0;
      snap_valid = 1'b0;
      lw         = -1;
      lat        = -1;
      done_seen  = 1'b0;
      bit_ag     = 2'b00;
      // Random half period (3..16 ticks) and phase per local block.
      ncl_rng.uni(14, half);
      half = (half + 3) * ncl_rng.TICK;
      wait (env_mode >= 0);
      if (env_mode == 0) begin
        ncl_rng.uni(half, ad);
        #(ad + 1);
        forever #(half) clk = !clk;
      end
    end

    // Snapshot supply and the word-by-word check of load/done (environment 0).
    always @(posedge clk) begin
      snap_valid <= 1'b0;
      if (rst_n) begin
        if (done && !load) done_seen <= 1'b1;
        if (load) begin
          if (lw >= 0 && lw < n_words) begin
            // done_o comes with the load_o of the next word (as ctl_done with ctl_load).
            if ((done_seen | done) !== exp_done[lw]) begin
              tb_ncl_global.pe_mismatch(gi, lw, done_seen | done);
            end
          end
          done_seen <= 1'b0;
          lw <= lw + 1;
          ncl_rng.uni(3, lat);
        end else if (lat == 0) begin
          snap_valid <= 1'b1;
          snap_open  <= w_open[lw][gi];
          snap_full  <= w_full[lw][gi];
          snap_count <= w_count[lw*NumPes+gi];
          lat <= -1;
        end else if (lat > 0) begin
          lat <= lat - 1;
        end
      end
    end

    // Environment 1: slot DATA when the decision is NULL, NULL when it is DATA.
    initial begin
      aw = 0;
      as = 0;
      wait (started);
      if (env_mode == 1) begin
        forever begin
          wait (dec === 3'b000);
          ncl_rng.agent_delay(agent_max, ad);
          #(ad);
          bit_ag = slot_bit(aw, gi, as) ? 2'b10 : 2'b01;
          wait (dec !== 3'b000);
          adec = dec;
          ncl_rng.agent_delay(agent_max, ad);
          #(ad);
          bit_ag = 2'b00;
          if (adec == DEC_CONT) begin
            as = as + 1;
          end else begin
            aw = aw + 1;
            as = 0;
          end
        end
      end
    end
  end

  ///////////////////////
  // Decision monitor  //
  ///////////////////////

  integer decisions, mismatches, mon_w, mon_s, reported;
  integer last_t, first_t, slots_timed, word_start_t, full_words;
  real    sum_cycle, sum_full_word;
  reg     finished;

  task pe_mismatch(input integer p, input integer w, input reg seen);
    begin
      mismatches = mismatches + 1;
      reported = reported + 1;
      if (reported <= 10)
        $display("MISMATCH: PE %0d word %0d: done pulse %b, expected %b", p, w, seen, exp_done[w]);
    end
  endtask

  task finish_run;
    real cyc, gd, fw;
    begin
      if (!finished) begin
        finished = 1'b1;
        if (mon_w < n_words) begin
          ncl_rng.violation("deadlock");
          $display("NCL-VIOLATION deadlock: %0d of %0d words decided, no decision since t=%0t",
                   mon_w, n_words, last_t);
        end
        gd  = (ncl_rng.draws > 0) ? ncl_rng.sum_ticks / ncl_rng.draws : 0.0;
        cyc = (slots_timed > 0) ? sum_cycle / slots_timed / ncl_rng.TICK : 0.0;
        fw  = (full_words > 0) ? sum_full_word / full_words / ncl_rng.TICK : 0.0;
        $display("ncl-time: N=%0d env=%0d delay_mode=%0d slots=%0d cycle_ticks=%0.2f gate_ticks=%0.3f cycle_gates=%0.2f full_words=%0d full_word_ticks=%0.1f full_word_gates=%0.1f",
                 NumPes, env_mode, ncl_rng.mode, slots_timed, cyc, gd,
                 (gd > 0.0) ? cyc / gd : 0.0, full_words, fw, (gd > 0.0) ? fw / gd : 0.0);
        $display("ncl-run: N=%0d T=%0d broken=%0d seed=%0d env=%0d decisions=%0d violations=%0d mismatches=%0d",
                 NumPes, CountBits, Broken, seed, env_mode, decisions, ncl_rng.violations,
                 mismatches);
        $finish;
      end
    end
  endtask

  reg [2:0] dec_prev;
  reg [2:0] expect_dec;
  always @(dec) begin
    if (ncl_rng.armed && !finished) begin
      if (^dec === 1'bx || (dec != 3'b000 && dec != DEC_CONT && dec != DEC_EXIT && dec != DEC_DONE)) begin
        ncl_rng.violation("decision");
        $display("NCL-VIOLATION decision code %b t=%0t", dec, $time);
      end
      if (dec_prev === 3'b000 && dec !== 3'b000) begin
        decisions = decisions + 1;
        if (mon_s < exp_slot[mon_w]) expect_dec = DEC_CONT;
        else expect_dec = exp_done[mon_w] ? DEC_DONE : DEC_EXIT;
        if (dec !== expect_dec) begin
          mismatches = mismatches + 1;
          reported = reported + 1;
          if (reported <= 10)
            $display("MISMATCH: word %0d slot %0d: decision %b, expected %b (open %b full %b)",
                     mon_w, mon_s, dec, expect_dec, w_open[mon_w], w_full[mon_w]);
        end
        // Timing: DATA-to-DATA of the decision, and whole words that reached the last slot.
        if (decisions > 1) begin
          sum_cycle   = sum_cycle + ($time - last_t);
          slots_timed = slots_timed + 1;
        end
        last_t = $time;
        if (dec == DEC_DONE && mon_w > 0) begin
          sum_full_word = sum_full_word + ($time - word_start_t);
          full_words    = full_words + 1;
        end
        // Follow the circuit's own decision, as the locals do.
        if (dec == DEC_CONT) begin
          mon_s = mon_s + 1;
        end else begin
          mon_w = mon_w + 1;
          mon_s = 0;
          word_start_t = $time;
          if (mon_w >= n_words) finish_run;
        end
      end
      dec_prev = dec;
    end
  end

  // Deadlock watchdog: every decision within `bound` time units of the previous one.
  initial begin
    wait (started);
    forever begin
      #(bound / 4);
      if ($time - last_t > bound) finish_run;
    end
  end

  integer w;
  initial begin
    decisions     = 0;
    mismatches    = 0;
    reported      = 0;
    mon_w         = 0;
    mon_s         = 0;
    slots_timed   = 0;
    full_words    = 0;
    sum_cycle     = 0.0;
    sum_full_word = 0.0;
    finished      = 1'b0;
    started       = 1'b0;
    dec_prev      = 3'b000;
    env_mode      = -1;
    rst_n         = 1'b0;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("words=%d", n_words)) n_words = 24;
    if (n_words > MaxWords - 4) n_words = MaxWords - 4;
    if (!$value$plusargs("agent=%d", agent_max)) agent_max = 40;
    if (!$value$plusargs("bound=%d", bound)) bound = 400000;
    all_done = $test$plusargs("all_done");
    for (w = 0; w < n_words + 4; w = w + 1) make_word(w);
    if (!$value$plusargs("env=%d", env_mode)) env_mode = 0;
    // Reset long enough for every gate to settle from X (longest draw: 330 ticks, depth < 40).
    #(60000);
    if (dec !== 3'b000 || ^bits === 1'bx) begin
      ncl_rng.violation("reset");
      $display("NCL-VIOLATION reset: outputs not NULL after reset (dec=%b bits=%b)", dec, bits);
    end
    rst_n = 1'b1;
    #1;
    ncl_rng.armed = 1'b1;
    last_t  = $time;
    started = 1'b1;
  end

endmodule

`default_nettype wire
