// SPDX-License-Identifier: Apache-2.0
// Local side of the NCL global path, in the local block's own clock domain: the PISO of the
// snapshot word, the converter of its slot bit to dual-rail, and the return path that turns
// the NCL decision into the synchronous events of the local block (load = ctl_load: snapshot
// the next barrier; done = ctl_done: push CNT2 into the FIFO and rebase).
//
// Per slot (4-phase handshake with dsbc_ncl_global): present the slot bit as DATA; when the
// synchronised decision is DATA, return the bit to NULL and act on the decision (cont: shift
// the PISO; exit: load the next word; done: pulse done_o, then load); when the decision is
// NULL again, present the next slot. The PISO shifts arithmetically, as in dsbc_rr, so count
// bits beyond T repeat the sign: no slot counter is needed on this side.
//
// The decision rails cross into this clock domain through two flip-flops each. Exactly one
// rail rises per decision and all fall before the next, so a rail seen high is the decision
// and no multi-bit coherence is needed. Each local block may run on its own clock.

`default_nettype none

module dsbc_ncl_local_if #(
  parameter integer CountBits = 16  // T
) (
  input  wire                 clk_i,         // local clock
  input  wire                 rst_ni,        // asynchronous reset, active low
  // Synchronous side (the local block)
  output wire                 load_o,        // pulse: snapshot the next barrier (ctl_load)
  input  wire                 snap_valid_i,  // the snapshot word below is valid (after load_o)
  input  wire                 snap_open_i,   // open bit of the snapshot
  input  wire                 snap_full_i,   // this PE's FIFO is full
  input  wire [CountBits-1:0] snap_count_i,  // count of the snapshot
  output wire                 done_o,        // pulse: the inspected barrier is complete (ctl_done)
  // NCL side
  output wire [1:0]           bit_o,         // dual-rail slot bit to dsbc_ncl_global
  input  wire [2:0]           dec_i          // 1-of-3 decision {done, exit, cont}
);

  localparam integer T = CountBits;

  localparam [2:0] ST_LOAD  = 3'd0,  // pulse load_o
                   ST_SNAP  = 3'd1,  // wait for the snapshot word
                   ST_SETUP = 3'd2,  // the bit flops are stable: raise valid next
                   ST_SEND  = 3'd3,  // DATA out, wait for a decision
                   ST_DRAIN = 3'd4;  // NULL out, wait for the decision to return to NULL

  reg [2:0]   state_q, state_d;
  reg [T+1:0] piso_q, piso_d;       // {count, full, open}; bit 0 is the slot bit
  reg         bitn_q, bitn_d;       // complement of piso_q[0], own flop (sr2dr)
  reg         valid_q, valid_d;
  reg         done_q, done_d;
  reg [2:0]   dec_s1_q, dec_s2_q;   // two-flop synchronisers, one per rail
  reg [1:0]   act_q, act_d;         // decision to act on: 0 cont, 1 exit, 2 done

  always @* begin
    state_d = state_q;
    piso_d  = piso_q;
    bitn_d  = bitn_q;
    valid_d = valid_q;
    done_d  = 1'b0;
    act_d   = act_q;
    case (state_q)
      ST_LOAD: state_d = ST_SNAP;
      ST_SNAP: begin
        if (snap_valid_i) begin
          piso_d  = {snap_count_i, snap_full_i, snap_open_i};
          bitn_d  = !snap_open_i;
          state_d = ST_SETUP;
        end
      end
      ST_SETUP: begin
        valid_d = 1'b1;
        state_d = ST_SEND;
      end
      ST_SEND: begin
        if (dec_s2_q != 3'b000) begin
          valid_d = 1'b0;
          state_d = ST_DRAIN;
          if (dec_s2_q[0]) begin
            act_d = 2'd0;
          end else if (dec_s2_q[1]) begin
            act_d = 2'd1;
          end else begin
            act_d = 2'd2;
          end
        end
      end
      ST_DRAIN: begin
        if (dec_s2_q == 3'b000) begin
          if (act_q == 2'd0) begin
            // cont: shift to the next slot. valid has been low since the last edge, and it
            // rises one edge after this one (ST_SETUP): the bundling rule of dsbc_ncl_sr2dr.
            piso_d  = {piso_q[T+1], piso_q[T+1:1]};
            bitn_d  = !piso_q[1];
            state_d = ST_SETUP;
          end else begin
            done_d  = (act_q == 2'd2);
            state_d = ST_LOAD;
          end
        end
      end
      default: state_d = ST_LOAD;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q  <= ST_LOAD;
      valid_q  <= 1'b0;
      done_q   <= 1'b0;
      act_q    <= 2'd0;
      dec_s1_q <= 3'b000;
      dec_s2_q <= 3'b000;
    end else begin
      state_q  <= state_d;
      valid_q  <= valid_d;
      done_q   <= done_d;
      act_q    <= act_d;
      dec_s1_q <= dec_i;
      dec_s2_q <= dec_s1_q;
    end
  end

  // Datapath flops, not reset: valid_q (reset) keeps them off the wires until loaded.
  always @(posedge clk_i) begin
    piso_q <= piso_d;
    bitn_q <= bitn_d;
  end

  assign load_o = (state_q == ST_LOAD);
  assign done_o = done_q;

  dsbc_ncl_sr2dr u_conv (
    .valid_i (valid_q),
    .bit_i   (piso_q[0]),
    .bit_ni  (bitn_q),
    .d_o     (bit_o)
  );

endmodule

`default_nettype wire
