// SPDX-License-Identifier: Apache-2.0
// Global logic (dissertation Figs. 5.1, 5.5, 5.6): responder count encoder, decision module
// and global control. The control sequences one word (one barrier) at a time with CNT1 and
// drives the two broadcast wires ctl_load and ctl_done (architecture.md 4c).
//
// Slots of a word whose ctl_load is in cycle s (CNT1 = slot index, valid from s+2):
//   0        open bit   column sum == 0 -> nobody used the barrier since its completion: exit
//   1        FIFO full  column sum != 0 -> some PE has no room for a completion: exit
//   2..Q+1   count bit  LSB of (column sum + carry) == 1 -> global sum != 0: exit;
//                       at the last slot a 0 means the global sum is exactly 0: complete
// An exit decided in cycle e starts the next word (ctl_load) in cycle e+1.
//
// Sched = 1 (scheduler arb, architecture.md 4e): dsbc_arb_ctl drives the wires, the CNT2
// copy and snap_o instead of the control below; the encoder and the carry latch are shared.
// The round-robin control stays in place (and is optimised away as unused) so that its
// registers keep the names the formal harness and the mutation check use.
//
// Pipe = 1 (round robin only, clock.md, "Pipelined global sum"): dsbc_serial_sum
// replaces the encoder and the carry latch, and the slots reach the control P cycles after
// they were on the lines; the control of g_pipe below decides each slot then, with the same
// rules. Every event of a word therefore comes P cycles later than with Pipe = 0.

`default_nettype none

module dsbc_global #(
  parameter integer NumPes      = 4,   // N, 1..256
  parameter integer NumBarriers = 4,   // M, 1..1024
  parameter integer CountBits   = 16,  // T, 8..32
  parameter integer FifoDepth   = 8,   // checked only
  parameter integer BarrierW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1,
  parameter integer Sched       = 1,   // scheduler: 0 rr, 1 arb (default) (legal 0..1)
  parameter integer Pipe        = 0    // 1: pipelined global sum (rr only) (legal 0..1)
) (
  input  wire                clk_i,       // clock, rising edge
  input  wire                rst_ni,      // asynchronous reset, active low
  input  wire [NumPes-1:0]   rr_bits_i,   // one serial bit from every local block
  output wire                ctl_load_o,  // broadcast: snapshot the next barrier
  output wire                ctl_done_o,  // broadcast: the inspected barrier is complete
  output wire                snap_o,      // a snapshot in this cycle (rr: = ctl_load_o)
  output wire [BarrierW-1:0] cnt2_o,      // global copy of CNT2, for observation
  output wire [NumPes-1:0]   ctl_done_pe_o  // ctl_done_o for each PE (Pipe = 1: PE i's own register)
);

  dsbc_param_check #(
    .NumPes(NumPes), .NumBarriers(NumBarriers), .CountBits(CountBits), .FifoDepth(FifoDepth),
    .Sched(Sched), .Pipe(Pipe)
  ) u_param_check ();

  // Q = T + clog2(N) count slots make the serial sum exact (architecture.md 4c).
  localparam integer Q        = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer LastSlot = Q + 1;
  localparam integer Cnt1W    = $clog2(LastSlot + 1);
  // Clamped so that an illegal NumPes = 0 still elaborates as far as dsbc_param_check, which
  // names the parameter (a zero-width SumW would stop elaboration with a less helpful error).
  localparam integer SumW     = (NumPes > 0) ? $clog2(NumPes + 1) : 1;
  localparam integer InitW    = (NumBarriers > 1) ? $clog2(NumBarriers) : 1;
  localparam integer LastBarrier = NumBarriers - 1;
  localparam [BarrierW-1:0] LAST_BARRIER = LastBarrier[BarrierW-1:0];
  localparam [Cnt1W-1:0]    SLOT_OPEN    = 0;
  localparam [Cnt1W-1:0]    SLOT_FULL    = 1;
  localparam [Cnt1W-1:0]    SLOT_LAST    = LastSlot[Cnt1W-1:0];
  localparam [InitW-1:0]    INIT_CYCLES  = LastBarrier[InitW-1:0];

  // Phases of the control; ctl_load is high exactly in PH_LOAD.
  localparam [2:0] PH_INIT = 3'd0,  // the local blocks clear their RAMs (M cycles)
                   PH_LOAD = 3'd1,  // cycle s
                   PH_WAIT = 3'd2,  // cycle s+1: the PISOs load
                   PH_SLOT = 3'd3,  // cycles s+2...: slot CNT1 on the wires
                   PH_GAP1 = 3'd4,  // M == 1 only: let the rebase commit before
                   PH_GAP2 = 3'd5;  //   the only barrier is snapshotted again

  ///////////////////////////////////
  // Encoder and decision module  //
  ///////////////////////////////////

  wire [SumW-1:0] col_sum;
  wire            col_any;   // col_sum != 0, from an OR tree (dsbc_encoder)
  wire            decision;
  reg  [2:0]      phase_q, phase_d;
  reg  [Cnt1W-1:0] cnt1_q, cnt1_d;
  reg             done_q, done_d;
  reg             carry_advance;
  wire            carry_clear_sel, carry_advance_sel;  // of the selected scheduler

  dsbc_encoder #(.NumPes(NumPes), .SumW(SumW)) u_encoder (
    .bits_i (rr_bits_i),
    .sum_o  (col_sum),
    .any_o  (col_any)
  );

  dsbc_decision #(.NumPes(NumPes), .SumW(SumW)) u_decision (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .col_sum_i  (col_sum),
    .clear_i    (carry_clear_sel),
    .advance_i  (carry_advance_sel),
    .decision_o (decision)
  );

  ////////////////////
  // Global control //
  ////////////////////

  reg [InitW-1:0] init_cnt_q;
  wire col_zero = !col_any;

  always @* begin
    phase_d       = phase_q;
    cnt1_d        = cnt1_q;
    done_d        = 1'b0;
    carry_advance = 1'b0;
    case (phase_q)
      PH_INIT: if (init_cnt_q == {InitW{1'b0}}) phase_d = PH_LOAD;
      PH_LOAD: phase_d = PH_WAIT;
      PH_WAIT: begin
        phase_d = PH_SLOT;
        cnt1_d  = SLOT_OPEN;
      end
      PH_SLOT: begin
        if (cnt1_q == SLOT_OPEN) begin
          if (col_zero) phase_d = PH_LOAD;
          else          cnt1_d  = SLOT_FULL;
        end else if (cnt1_q == SLOT_FULL) begin
          if (!col_zero) phase_d = PH_LOAD;
          else           cnt1_d  = cnt1_q + 1'b1;
        end else if (decision) begin
          phase_d = PH_LOAD;                 // this bit of the global sum is 1
        end else if (cnt1_q == SLOT_LAST) begin
          done_d  = 1'b1;                    // all Q bits are 0: the global sum is 0
          phase_d = (NumBarriers > 1) ? PH_LOAD : PH_GAP1;
        end else begin
          cnt1_d        = cnt1_q + 1'b1;
          carry_advance = 1'b1;
        end
      end
      PH_GAP1: phase_d = PH_GAP2;
      PH_GAP2: phase_d = PH_LOAD;
      default: phase_d = PH_LOAD;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q    <= PH_INIT;
      cnt1_q     <= SLOT_OPEN;
      done_q     <= 1'b0;
      init_cnt_q <= INIT_CYCLES;
    end else begin
      phase_q <= phase_d;
      cnt1_q  <= cnt1_d;
      done_q  <= done_d;
      if (phase_q == PH_INIT) init_cnt_q <= init_cnt_q - 1'b1;
    end
  end

  // ctl_load is (phase_q == PH_LOAD), kept as its own register so that the broadcast to the
  // N blocks starts at a flip-flop, not behind a decode of the phase (architecture.md 4f).
  reg  load_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      load_q <= 1'b0;
    end else begin
      load_q <= (phase_d == PH_LOAD);
    end
  end
  wire rr_load = load_q;

  // Global copy of CNT2, stepped exactly like the local ones.
  reg [BarrierW-1:0] cnt2_q;
  wire cnt2_step;  // ctl_load of the round robin's control (Pipe = 0 or 1)
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt2_q <= LAST_BARRIER;
    end else if (cnt2_step) begin
      cnt2_q <= (cnt2_q == LAST_BARRIER) ? {BarrierW{1'b0}} : cnt2_q + 1'b1;
    end
  end

  // Zero-sized N or M (illegal: dsbc_param_check stops elaboration and names the parameter)
  // would make the arb modules fail to elaborate first, with an error that names neither;
  // the rr branch survives them, so the user sees the parameter check's message.
  localparam UseArb = (Sched == 1) && (NumPes >= 1) && (NumBarriers >= 1);
  // Pipe = 1 with arb is illegal (dsbc_param_check); arb wins here so that it still elaborates.
  localparam UsePipe = !UseArb && (Pipe == 1) && (NumPes >= 1) && (NumBarriers >= 1);

  if (UseArb) begin : g_arb
    dsbc_arb_ctl #(
      .NumPes(NumPes), .NumBarriers(NumBarriers), .BarrierW(BarrierW), .Q(Q)
    ) u_arb (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .lines_i         (rr_bits_i),
      .decision_i      (decision),
      .carry_clear_o   (carry_clear_sel),
      .carry_advance_o (carry_advance_sel),
      .ctl_load_o      (ctl_load_o),
      .ctl_done_o      (ctl_done_o),
      .snap_o          (snap_o),
      .cnt2_o          (cnt2_o)
    );
    assign cnt2_step = 1'b0;
    wire unused_rr = &{1'b0, rr_load, done_q, carry_advance, cnt2_q};
  end

  if (UsePipe) begin : g_pipe
    ///////////////////////////////////////////////
    // Round robin on the pipelined sum (Pipe = 1) //
    ///////////////////////////////////////////////
    // The slots of a word leave dsbc_serial_sum P cycles after they were on the lines: the
    // open slot in s+2+P (open_w), the full slot in s+3+P, count bit j in s+4+j+P. The
    // control keeps no phase counter: slot_q is one-hot over the slots after the open one
    // and every bit is passed on only if its slot did not end the word, so it is all zero
    // between words and every decision is a function of a few flip-flops (one or two LUT
    // levels: the control must not become the path the pipeline removed).
    localparam integer LastPos = Q + 1;  // slot_q index of the last count slot (count bit Q-1)
    wire open_w, sum_w, any_w;
    reg  [LastPos:1] slot_q;      // [1]: full slot at the outputs; [2+j]: count bit j
    reg              count_q;     // some count slot is (= |slot_q[LastPos:2])
    reg              pipe_load_q, pipe_done_q;
    reg              gap1_q, gap2_q;  // M = 1: the two cycles between ctl_done and ctl_load
    reg              start_q;     // the cycle before the first ctl_load (cycle M - 1)
    // Counts the RAM clearing down (4a). Its own counter, not the rr control's init_cnt_q:
    // starting from that control's phase would keep the unpipelined encoder, which feeds the
    // phase, alive in the netlist.
    reg  [InitW-1:0] wait_q;


    dsbc_serial_sum #(.NumPes(NumPes)) u_sum (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .lines_i (rr_bits_i),
      .load_i  (pipe_load_q),
      .open_o  (open_w),
      .sum_o   (sum_w),
      .any_o   (any_w)
    );

    // The decisions of 4c, each on the slot now at the outputs.
    wire exit_open  = open_w && !any_w;       // nobody used the barrier
    wire exit_full  = slot_q[1] && any_w;     // some FIFO has no room
    wire exit_count = count_q && sum_w;       // this bit of the global sum is 1
    wire complete   = slot_q[LastPos] && !sum_w;  // all Q bits are 0
    wire pipe_load_d = exit_open || exit_full || exit_count || (complete && NumBarriers > 1)
                    || gap2_q || start_q;
    wire [LastPos:1] slot_d;
    assign slot_d[1] = open_w && any_w;
    assign slot_d[2] = slot_q[1] && !any_w;
    if (LastPos > 2) begin : g_count_slots
      assign slot_d[LastPos:3] = slot_q[LastPos-1:2] & {(LastPos-2){!sum_w}};
    end

    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        slot_q      <= {LastPos{1'b0}};
        count_q     <= 1'b0;
        pipe_load_q <= 1'b0;
        pipe_done_q <= 1'b0;
        gap1_q      <= 1'b0;
        gap2_q      <= 1'b0;
        start_q     <= (NumBarriers == 1);
        wait_q      <= INIT_CYCLES;
      end else begin
        slot_q      <= slot_d;
        count_q     <= slot_d[2] || (count_q && !sum_w && !slot_q[LastPos]);
        pipe_load_q <= pipe_load_d;
        pipe_done_q <= complete;
        gap1_q      <= complete && (NumBarriers == 1);
        gap2_q      <= gap1_q;
        // wait_q = M - 1 - cycle until it reaches 0: it is 1 in cycle M - 2.
        start_q     <= (wait_q == {{(InitW-1){1'b0}}, 1'b1});
        if (wait_q != {InitW{1'b0}}) wait_q <= wait_q - 1'b1;
      end
    end

    assign carry_clear_sel   = 1'b0;
    assign carry_advance_sel = 1'b0;
    assign ctl_load_o        = pipe_load_q;
    assign ctl_done_o        = pipe_done_q;
    // Each PE's ctl_done from a flip-flop and a LUT of its own. ctl_done drives about ten
    // cells in every local block (the FIFO push, the rebase, the ready); from one flip-flop
    // that is one net across the device, and in the placed 8-PE unit it was the critical path
    // of every seed (architecture.md 4f). A copy per PE can be placed next to its block, but
    // only with a LUT of its own: Yosys merges identical LUTs and flip-flops, and a copy fed
    // by a shared LUT cannot share its logic cell with it. So each copy's next value also reads
    // the copy itself, which changes nothing: a copy is 1 only in the cycle after a word's last
    // count slot, and no slot is at the outputs then (slot_q is one-hot over one word's slots
    // and a completion ends the word). formal/global_check.v proves every copy equals
    // ctl_done_o.
    genvar pe;
    for (pe = 0; pe < NumPes; pe = pe + 1) begin : g_done_pe
      reg copy_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) copy_q <= 1'b0;
        else         copy_q <= slot_q[LastPos] && !sum_w && !copy_q;
      end
      assign ctl_done_pe_o[pe] = copy_q;
    end
    assign snap_o            = pipe_load_q;
    assign cnt2_o            = cnt2_q;
    assign cnt2_step         = pipe_load_q;
    wire unused_rr = &{1'b0, rr_load, done_q, carry_advance, decision};

`ifndef SYNTHESIS
`ifndef FORMAL
    // At most one slot of one word is at the outputs; no ctl_load while a word is deciding.
    wire [LastPos:0] live = {slot_q, open_w};
    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        // out of reset only
      end else begin
        if ((live & (live - 1'b1)) != {(LastPos+1){1'b0}}) begin
          $fatal(1, "%m: two slots at the pipeline's outputs at once at %0t", $time);
        end
        if (pipe_load_q && live != {(LastPos+1){1'b0}}) begin
          $fatal(1, "%m: ctl_load while a word is still being decided at %0t", $time);
        end
        if (count_q != (slot_q[LastPos:2] != {(LastPos-1){1'b0}})) begin
          $fatal(1, "%m: count-slot flag out of step with the slot register at %0t", $time);
        end
      end
    end
`endif
`endif
  end

  if (!UseArb && !UsePipe) begin : g_rr
    assign carry_clear_sel   = (phase_q == PH_WAIT);
    assign carry_advance_sel = carry_advance;
    assign ctl_load_o        = rr_load;
    assign ctl_done_o        = done_q;
    assign snap_o            = rr_load;
    assign cnt2_o            = cnt2_q;
    assign cnt2_step         = rr_load;
  end

  // Without the pipelined control every PE's ctl_done is the one register's (a loop, not a
  // replication: N = 0 must still elaborate as far as dsbc_param_check's message).
  if (!UsePipe) begin : g_done_shared
    genvar pe;
    for (pe = 0; pe < NumPes; pe = pe + 1) begin : g_pe
      assign ctl_done_pe_o[pe] = ctl_done_o;
    end
  end

`ifndef SYNTHESIS
`ifndef FORMAL
  // Simulation check that stops the run: the control is always in one of its phases, and a
  // completion is only signalled at the end of a word (formal/ proves the whole schedule).
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // out of reset only: before the first reset the registers are random
    end else begin
      if (phase_q > PH_GAP2) begin
        $fatal(1, "%m: control in undefined phase %0d at %0t", phase_q, $time);
      end
      if (load_q != (phase_q == PH_LOAD)) begin
        $fatal(1, "%m: ctl_load register out of step with the phase at %0t", $time);
      end
      if (done_d && phase_q != PH_SLOT) begin
        $fatal(1, "%m: completion outside a count slot at %0t", $time);
      end
    end
  end
`endif
`endif

endmodule

`default_nettype wire
