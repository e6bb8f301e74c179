// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/arblean.md): the FIFO of completed barrier IDs kept in block
// RAM words (a region of the dirty-bit RAM, feas_bitmap_ram), with a one-entry head register
// for the show-ahead output. Pointers and counts stay in flip-flops. A push at d is written
// at d+1 (push_data_i must still hold it in d+1: CNT2 does, the next head is later); the
// head is fetched when the RAM's read port is free (rd_free_i) and arrives a cycle later, so
// an entry is visible from d+3 at the earliest, one pop per 3 cycles at most. full_o counts
// every entry (RAM, in flight and head).
// Fast = 1 (pairunit.md section 8, the pair block with RegLines = 2): the same behaviour, with
// "full" and "some entry in the RAM" as flip-flops (full_q, nz_q, from the counts' next
// values) and the counts' updates written as +1 / -1 / hold, so that fetch and full are one
// LUT after flip-flops and rd_free_i. Fast = 0: unchanged.
// Fast = 2 (pairunit.md section 11): as Fast = 1, and "this FIFO wants the read port"
// (!hd_valid_q && !fetch_q && nz_q) is itself a flip-flop, want_q, so that fetch is
// rd_free_i && want_q; want_nx_o, rd_addr_nx_o and wr_addr_nx_o give the next cycle's want_q,
// read address and write address, for an owner that registers the RAM's addresses; a push
// must never meet a full FIFO (do_push is push_i).

`default_nettype none

module feas_ram_fifo #(
  parameter integer Depth = 8,   // entries, a power of two, <= 128
  parameter integer Width = 5,
  parameter [7:0]   Base  = 8'd128, // first RAM word
  parameter integer Fast  = 0       // 1: registered flags; 2: also want_q (header)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             push_i,       // at d
  input  wire [Width-1:0] push_data_i,  // read at d+1
  input  wire             pop_i,
  output wire             valid_o,
  output wire [Width-1:0] data_o,
  output wire             full_o,
  // RAM ports (muxed by the owner)
  output wire             wr_en_o,
  output wire [7:0]       wr_addr_o,
  output wire [15:0]      wr_data_o,
  input  wire             rd_free_i,    // the read port is ours this cycle
  output wire             rd_en_o,
  output wire [7:0]       rd_addr_o,
  input  wire [15:0]      rd_data_i,
  output wire             want_o,       // Fast = 2: want_q (the fetch is rd_free_i && want_o)
  output wire             want_nx_o,    // Fast = 2: want_q next cycle
  output wire [7:0]       rd_addr_nx_o, // rd_addr_o next cycle
  output wire [7:0]       wr_addr_nx_o  // wr_addr_o next cycle
);

  localparam integer PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam integer CntW = $clog2(Depth + 1);
  localparam [CntW-1:0] DEPTH_CNT = Depth[CntW-1:0];

  reg  [PtrW-1:0]  wptr_q, rptr_q;
  reg  [CntW-1:0]  total_q, inram_q;
  reg              wr_q, fetch_q, hd_valid_q;
  reg  [Width-1:0] hd_q;

  reg              full_q, nz_q;
  wire             full_dec = (total_q == DEPTH_CNT);
  assign full_o  = (Fast != 0) ? full_q : full_dec;
  assign valid_o = hd_valid_q;
  assign data_o  = hd_q;

  // Fast = 2: a push never meets a full FIFO (the owner's contract: the F slot aborts the
  // race when a FIFO is full; checked below), so the push is push_i itself, one LUT less
  // before the counts and flags
  wire do_push = push_i && ((Fast >= 2) || !full_o);
  wire do_pop  = pop_i && hd_valid_q;
  reg  want_q;
  wire want_dec = !hd_valid_q && !fetch_q && ((Fast != 0) ? nz_q : (inram_q != {CntW{1'b0}}));
  wire fetch   = rd_free_i && ((Fast >= 2) ? want_q : want_dec);
  // Fast: the counts' next values as +1 / -1 / hold
  reg [CntW-1:0] inram_nx, total_nx;
  always @* begin
    case ({wr_q, fetch})
      2'b10:   inram_nx = inram_q + 1'b1;
      2'b01:   inram_nx = inram_q - 1'b1;
      default: inram_nx = inram_q;
    endcase
    case ({do_push, do_pop})
      2'b10:   total_nx = total_q + 1'b1;
      2'b01:   total_nx = total_q - 1'b1;
      default: total_nx = total_q;
    endcase
  end

  assign wr_en_o   = wr_q;
  assign wr_addr_o = Base + wptr_q;
  assign wr_data_o = {{(16 - Width){1'b0}}, push_data_i};
  assign rd_en_o   = fetch;
  assign rd_addr_o = Base + rptr_q;
  // Fast = 2: the next cycle's values (hd_valid_q next: set by fetch_q, else cleared by a pop)
  wire             hd_valid_nx = fetch_q || (hd_valid_q && !do_pop);
  // (without a fetch the RAM count only grows by wr_q: nonzero next iff nz_q or wr_q; written
  // so, want_nx is one LUT after fetch, not three through inram_nx's adder; Fast = 2 only)
  wire             want_nx     = !hd_valid_nx && !fetch &&
                                 ((Fast >= 2) ? (nz_q || wr_q) : (inram_nx != {CntW{1'b0}}));
  wire [PtrW-1:0]  rptr_nx     = rptr_q + fetch;
  wire [PtrW-1:0]  wptr_nx     = wptr_q + wr_q;
  assign want_o       = want_q;
  assign want_nx_o    = want_nx;
  assign rd_addr_nx_o = Base + rptr_nx;
  assign wr_addr_nx_o = Base + wptr_nx;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q <= {PtrW{1'b0}};
      rptr_q <= {PtrW{1'b0}};
      total_q <= {CntW{1'b0}};
      inram_q <= {CntW{1'b0}};
      wr_q <= 1'b0;
      fetch_q <= 1'b0;
      hd_valid_q <= 1'b0;
      full_q <= 1'b0;
      nz_q <= 1'b0;
      want_q <= 1'b0;
    end else begin
      want_q  <= want_nx;
      wr_q    <= do_push;
      fetch_q <= fetch;
      if (wr_q) wptr_q <= wptr_q + 1'b1;
      if (fetch) rptr_q <= rptr_q + 1'b1;
      if (Fast != 0) begin
        inram_q <= inram_nx;
        total_q <= total_nx;
        full_q  <= (total_nx == DEPTH_CNT);
        nz_q    <= (inram_nx != {CntW{1'b0}});
      end else begin
        inram_q <= inram_q + wr_q - fetch;
        total_q <= total_q + do_push - do_pop;
      end
      if (fetch_q)     hd_valid_q <= 1'b1;
      else if (do_pop) hd_valid_q <= 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (fetch_q) hd_q <= rd_data_i[Width-1:0];
  end

`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) begin
    // out of reset only
  end else if (Fast != 0) begin
    if (full_q != full_dec || nz_q != (inram_q != {CntW{1'b0}}))
      $fatal(1, "%m: Fast: a registered flag differs from its count at %0t", $time);
    if (Fast >= 2 && push_i && full_o)
      $fatal(1, "%m: Fast = 2: a push into a full FIFO at %0t", $time);
    if (Fast >= 2 && want_q != want_dec)
      $fatal(1, "%m: Fast = 2: want_q differs from its decode at %0t", $time);
  end
`endif

endmodule

`default_nettype wire
