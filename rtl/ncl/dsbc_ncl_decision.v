// SPDX-License-Identifier: Apache-2.0
// NCL decision module (dissertation Fig. 5.18): per slot, the slot rule of architecture.md 4c
// on the responder count, with the carry latch and the slot counter (CNT1) held in an NCL
// register ring; the decision goes out as a 1-of-3 code.
//
// One slot = one DATA wavefront. Inputs: the count S of this slot (from the encoder) and the
// state {carry, cnt} of the ring. With k_open = (cnt == 0), k_full = (cnt == 1), k_cnt = the
// count slots, k_last = (cnt == Q + 1), total = S + carry, odd = total[0]:
//   exit = k_open & (S == 0)  |  k_full & (S != 0)  |  k_cnt & odd
//   done = k_last & !odd                      (all Q count bits were 0: complete)
//   cont = !(exit | done)
//   next cnt   = cont ? cnt + 1 : 0           (the word ends: CNT1 restarts at the open slot)
//   next carry = cont & k_cnt ? total >> 1 : 0   (the carry reset of the original design)
// dec_o = {done, exit, cont}: exactly one rail rises per slot, all three low is NULL.
//
// Ring (Fant's sequential network, Fig. 5.14): r1 = {decision, next state} -> r2 -> r3 ->
// the logic above -> r1. r2 resets to the DATA state {carry 0, cnt 0}, r1 and r3 to NULL:
// one DATA token, one NULL, one bubble, the minimum for a token to circulate. r3's ki is r1's
// ko, so the ring only advances once r1 holds a whole decision, and the encoder register's
// ki is r1's ko too, so a new slot only enters once every gate here is back to NULL.
//
// Always-1 actuation: the dissertation adds an Always-1 DATA source to step CNT1 without a
// clock. Here the increment's constant 1 is folded into the first counter stage: bit 0 of
// cnt + 1 is NOT cnt[0] (a rail swap) and its carry is cnt[0] itself. The state DATA that
// enters with every slot is what actuates the counter; no gate is needed for the constant.
//
// Broken (tests only): 1 = r1's completion covers only the two decision bits, an acknowledge
// that does not cover the whole wavefront; 2 = a single-rail shortcut on `odd` (below).

`default_nettype none

module dsbc_ncl_decision #(
  parameter integer NumPes    = 4,    // N, 1..256
  parameter integer CountBits = 16,   // T, 8..32
  parameter integer Broken    = 0,    // 1, 2: deliberately broken variants (tests only)
  parameter integer SumW      = $clog2(NumPes + 1)  // count width (do not override)
) (
  input  wire              rst_ni,  // asynchronous reset, active low: state {0, 0}
  input  wire [2*SumW-1:0] sum_i,   // dual-rail responder count S of this slot
  output wire              ko_o,    // r1 ko, to the encoder register: 1 DATA, 0 NULL
  output wire [2:0]        dec_o    // 1-of-3 decision: [0] cont, [1] exit, [2] done
);

  // Q = T + clog2(N) count slots (architecture.md 4c); slots 0 (open) .. Q + 1 (last bit).
  localparam integer Q        = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);
  localparam integer LastSlot = Q + 1;
  localparam integer CntW     = $clog2(LastSlot + 1);
  localparam integer StW      = CntW + SumW;  // state {carry, cnt}
  localparam integer W1       = 2 + StW;      // r1 {carry', cnt', done, end}

  wire [2*StW-1:0]  st;                    // r3 output: the state of this slot
  wire [2*CntW-1:0] cnt   = st[2*CntW-1:0];
  wire [2*SumW-1:0] carry = st[2*StW-1:2*CntW];

  //////////////////////
  // Slot arithmetic  //
  //////////////////////

  // total = S + carry; carry < N and S <= N, so SumW + 1 bits hold it. The carry is kept
  // SumW bits wide (one more than clog2(N) when N is a power of two) so that the adder's top
  // carry is a state bit and is observed, instead of an always-0 output left dangling.
  wire [2*SumW+1:0] total;
  dsbc_ncl_add #(.WidthA(SumW), .WidthB(SumW), .HasCin(0)) u_add (
    .a_i  (carry),
    .b_i  (sum_i),
    .ci_i (2'b00),
    .s_o  (total)
  );
  wire [1:0] odd;
  if (Broken == 2) begin : g_broken_single_rail
    // Deliberately broken variant (ncl-broken only), a single-rail shortcut: the false rail
    // of `odd` is made by inverting the true rail, as in Boolean logic. It reads "DATA 0"
    // during NULL and before the true rail has settled, so the slot rules can fire early.
    assign odd[1] = total[1];
    ncl_inv u_odd_f (.a_i(total[1]), .z_o(odd[0]));
    wire unused_odd_f = total[0];
  end else begin : g_odd
    assign odd = total[1:0];
  end

  wire [1:0] zero;  // S == 0
  dsbc_ncl_eqc #(.Width(SumW), .Value(0)) u_zero (.a_i(sum_i), .z_o(zero));

  // cnt + 1 (see Always-1 above): bit 0 is the swapped rails, the carry into bit 1 is cnt[0];
  // the top stage needs no carry out (cnt never exceeds LastSlot < 2^CntW).
  wire [2*CntW-1:0] inc;
  wire [2*CntW-1:2] ic;  // ic[2i+1:2i] = carry into bit i
  assign inc[1:0] = {cnt[0], cnt[1]};
  assign ic[3:2]  = cnt[1:0];
  genvar i;
  for (i = 1; i < CntW; i = i + 1) begin : g_inc
    if (i < CntW - 1) begin : g_ha
      dsbc_ncl_ha u_ha (.a_i(cnt[2*i+1:2*i]), .b_i(ic[2*i+1:2*i]),
                        .s_o(inc[2*i+1:2*i]), .c_o(ic[2*i+3:2*i+2]));
    end else begin : g_top
      dsbc_ncl_xor2 u_x (.a_i(cnt[2*i+1:2*i]), .b_i(ic[2*i+1:2*i]), .z_o(inc[2*i+1:2*i]));
    end
  end

  ////////////////
  // Slot rules //
  ////////////////

  wire [1:0] k_open, k_full, k_last, k_cnt;
  dsbc_ncl_eqc #(.Width(CntW), .Value(0))        u_k_open (.a_i(cnt), .z_o(k_open));
  dsbc_ncl_eqc #(.Width(CntW), .Value(1))        u_k_full (.a_i(cnt), .z_o(k_full));
  dsbc_ncl_eqc #(.Width(CntW), .Value(LastSlot)) u_k_last (.a_i(cnt), .z_o(k_last));
  // k_cnt = !k_open & !k_full (NOT = rail swap)
  dsbc_ncl_and2 u_k_cnt (.a_i({k_open[0], k_open[1]}), .b_i({k_full[0], k_full[1]}), .z_o(k_cnt));

  wire [1:0] e_open, e_full, e_bit, e_fb, exit_w, done_w, end_w;
  dsbc_ncl_and2 u_e_open (.a_i(k_open), .b_i(zero),                 .z_o(e_open));
  dsbc_ncl_and2 u_e_full (.a_i(k_full), .b_i({zero[0], zero[1]}),   .z_o(e_full));
  dsbc_ncl_and2 u_e_bit  (.a_i(k_cnt),  .b_i(odd),                  .z_o(e_bit));
  dsbc_ncl_or2  u_e_fb   (.a_i(e_full), .b_i(e_bit),                .z_o(e_fb));
  dsbc_ncl_or2  u_exit   (.a_i(e_open), .b_i(e_fb),                 .z_o(exit_w));
  dsbc_ncl_and2 u_done   (.a_i(k_last), .b_i({odd[0], odd[1]}),     .z_o(done_w));
  dsbc_ncl_or2  u_end    (.a_i(exit_w), .b_i(done_w),               .z_o(end_w));
  wire [1:0] cont = {end_w[0], end_w[1]};

  ///////////////////////////
  // Next state, ring      //
  ///////////////////////////

  wire [2*CntW-1:0] cnt_nxt;
  for (i = 0; i < CntW; i = i + 1) begin : g_cnt_nxt
    dsbc_ncl_and2 u_and (.a_i(cont), .b_i(inc[2*i+1:2*i]), .z_o(cnt_nxt[2*i+1:2*i]));
  end

  wire [1:0] adv;  // carry the shifted total into the next count slot
  dsbc_ncl_and2 u_adv (.a_i(cont), .b_i(k_cnt), .z_o(adv));
  wire [2*SumW-1:0] carry_nxt;
  for (i = 0; i < SumW; i = i + 1) begin : g_carry_nxt
    dsbc_ncl_and2 u_and (.a_i(adv), .b_i(total[2*i+3:2*i+2]), .z_o(carry_nxt[2*i+1:2*i]));
  end

  wire [2*W1-1:0]  r1_q;
  wire [2*StW-1:0] r2_q;
  wire             r1_ko, r2_ko, r3_ko;

  dsbc_ncl_reg #(.Width(W1), .CompWidth((Broken == 1) ? 2 : W1)) u_r1 (
    .rst_ni (rst_ni),
    .d_i    ({carry_nxt, cnt_nxt, done_w, end_w}),
    .ki_i   (r2_ko),
    .q_o    (r1_q),
    .ko_o   (r1_ko)
  );

  dsbc_ncl_reg #(.Width(StW), .ResetData(1), .ResetValue(0)) u_r2 (
    .rst_ni (rst_ni),
    .d_i    (r1_q[2*W1-1:4]),
    .ki_i   (r3_ko),
    .q_o    (r2_q),
    .ko_o   (r2_ko)
  );

  dsbc_ncl_reg #(.Width(StW)) u_r3 (
    .rst_ni (rst_ni),
    .d_i    (r2_q),
    .ki_i   (r1_ko),
    .q_o    (st),
    .ko_o   (r3_ko)
  );

  assign ko_o = r1_ko;

  // 1-of-3 decision from r1's {done, end}: done implies end, so {end, done} = {0, 1} never
  // occurs and each rail is one C-element that waits for both bits.
  ncl_th22 u_dec_cont (.a_i(r1_q[0]), .b_i(r1_q[2]), .z_o(dec_o[0]));  // !end & !done
  ncl_th22 u_dec_exit (.a_i(r1_q[1]), .b_i(r1_q[2]), .z_o(dec_o[1]));  //  end & !done
  ncl_th22 u_dec_done (.a_i(r1_q[1]), .b_i(r1_q[3]), .z_o(dec_o[2]));  //  end &  done

endmodule

`default_nettype wire
