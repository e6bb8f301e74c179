// SPDX-License-Identifier: Apache-2.0
// Feasibility (synth/feasibility/arblean.md): 256 x 16 dual-port RAM with a per-bit write
// mask and a read enable, the shape of one iCE40 SB_RAM40_4K in 256x16 mode (MASK port).
// A bit is set or cleared by one write under a one-bit mask: no read-modify-write. The read
// output holds its value while rd_en_i is low. No reset: the owner clears the words it uses.
// A read and a write of the same word in one cycle return undefined data (as dsbc_ram_dp);
// the owner never uses such a read.
// MaskLow = 1 (pairunit.md section 11): wr_mask_i is active LOW (0: this bit is written), the
// primitive's own MASK polarity, so that a mask held in flip-flops reaches MASK with no LUT
// in between; and wr_en_i gates the whole write (the primitive's WE). MaskLow = 0: wr_mask_i
// active high, wr_en_i ignored (as before).

`default_nettype none

module feas_bitmap_ram #(
  parameter integer AddrW   = 8, // 256 words
  parameter integer MaskLow = 0  // 1: active-low mask and wr_en_i (header)
) (
  input  wire             clk_i,
  input  wire [AddrW-1:0] wr_addr_i,
  input  wire [15:0]      wr_data_i,
  input  wire [15:0]      wr_mask_i,  // 1: this bit of word wr_addr_i is written (the enable)
                                      // (MaskLow = 1: 0 writes)
  input  wire             wr_en_i,    // MaskLow = 1: 0 writes nothing
  input  wire             rd_en_i,    // read word rd_addr_i: rd_data_o next cycle
  input  wire [AddrW-1:0] rd_addr_i,
  output reg  [15:0]      rd_data_o   // held while rd_en_i is low
);

`ifdef FEAS_ICE40_PRIMITIVE
  // The iCE40 primitive itself: MASK is active low (1 = bit not written); WE high (MaskLow = 0), a
  // write with every bit masked changes nothing. 256x16 mode.
  wire [15:0] rdata;
  SB_RAM40_4K #(.READ_MODE(0), .WRITE_MODE(0)) u_ram (
    .RDATA(rdata), .RADDR({{(11 - AddrW){1'b0}}, rd_addr_i}), .RCLK(clk_i), .RCLKE(rd_en_i),
    .RE(rd_en_i), .WADDR({{(11 - AddrW){1'b0}}, wr_addr_i}), .WCLK(clk_i), .WCLKE(1'b1),
    .WE((MaskLow != 0) ? wr_en_i : 1'b1), .WDATA(wr_data_i),
    .MASK((MaskLow != 0) ? wr_mask_i : ~wr_mask_i)
  );
  always @* rd_data_o = rdata;
`else
  // the bits this cycle writes, active high
  wire [15:0] wm = (MaskLow != 0) ? (~wr_mask_i & {16{wr_en_i}}) : wr_mask_i;
  (* no_rw_check *)
  reg [15:0] mem_q [0:(1 << AddrW) - 1];

  integer k;
  always @(posedge clk_i) begin
    for (k = 0; k < 16; k = k + 1) begin
      if (wm[k]) mem_q[wr_addr_i][k] <= wr_data_i[k];
    end
  end

  always @(posedge clk_i) begin
    if (rd_en_i) begin
      rd_data_o <= mem_q[rd_addr_i];
`ifndef SYNTHESIS
      if ((|wm) && (wr_addr_i == rd_addr_i)) rd_data_o <= 16'hxxxx;
`endif
    end
  end

`endif

endmodule

`default_nettype wire
