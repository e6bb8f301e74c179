// SPDX-License-Identifier: Apache-2.0
/// @file
/// The port-level model of the feasibility Overlap unit (synth/feasibility/ovlrtl.md:
/// feas_pair_arb_unit with Overlap = 1, RegLines = 2, OvlR = 2; 8 pair blocks of two
/// phase-locked PEs, A = PE 2i in even cycles, B = PE 2i + 1 in odd ones) behind the product's
/// engine interface (unit.h): per cycle the PEs' inputs in, every PE's outputs and the
/// broadcast out, cycle for cycle as the RTL's ports (checked against its port dumps,
/// port_dump.h and cpp_model/test/ovl/port_unit_test.cpp).
///
/// Written from the contract at the ports (feas_pair_arb_local.v's header, ovlrtl.md 2) and
/// confirmed against the RTL:
/// - cycle 0 is the first cycle out of reset; cycles 0 .. 2M - 1 clear the RAMs (ready low);
///   the slot sequencers start in 2M (contract cycle x = cycle - 2M);
/// - ready: PE A only in even cycles, B only in odd ones; low in the head s and s + 1 (the
///   count RAM's two snapshot reads), and from a completion d to d + 4 (A) / d + 5 (B) (the
///   rebase writes);
/// - an update accepted in k is committed in k + 3, or refused when the count is at its edge
///   (T-bit two's complement: +1 at 2^(T-1) - 1, -1 at -2^(T-1); never wrapped), and
///   acknowledged in k + 4 with the refusal flag; a commit in d .. d + 2 to the barrier
///   completing in d meets the count before its rebase (the RMW reads the word before the
///   rebase write);
/// - the snapshot, dirty sets, race and count bits: Datapath (datapath.h), which drives the
///   contract's SlotSequencer / GlobalBlock / pair_lines (contract.h);
/// - FIFOs (feas_ram_fifo, Fast = 1): the completion of d pushes in d + 2, the RAM word is
///   written in d + 3; a head register, refetched after each pop: fifo_valid from d + 6 at the
///   earliest, after a pop low for two cycles (one pop per 3 cycles); A's and B's FIFOs share
///   the RAM's read port, A first (B's fetch waits one cycle when both want it).
/// - Params::pipe_end = 2 (overlap.md 13; the RTL's OvlPipeEnd = 2, checked against its port
///   dumps in data/ports_pipeend/): the sequencers (contract.h) may send the next head with the old word's last
///   count slot, before that word's exit. Every port event keeps the timing of its own trigger,
///   now possibly interleaved: the new head s' lowers ready in s' and s' + 1 and takes its
///   snapshot (B's commit of an even s' to the new barrier in its cut) as any head; the tail's
///   exit d (P cycles after s' at R = 2) is the tail's completion: push in d + 2, ready low in
///   d .. d + 4 / d + 5, the d .. d + 2 pre-rebase read, all with the tail's barrier and
///   snapshot (Datapath keeps one per word), never CNT2, which the new head has moved on.
///   Ready is low when any of these windows says so. done_barrier stays CNT2 (the new word's
///   barrier during the tail's exit), as the oracle's decoder has it. Not modelled, for the
///   RTL: the tail's exit d = s' + 3, so the head after s' (s'' >= s' + 6 = d + 3, a word that
///   exits at bit 0) can read its snapshots in s'', s'' + 1 while the tail's rebase is written
///   in d + 4 / d + 5; without pipe_end the next-but-one head is >= d + 6. In the busy closed
///   loop (seed 7, 1,250,000 cycles, a one-off count) 53 heads fell in d + 3 .. d + 5. The
///   abstract count here applies the rebase at d, so this model cannot show whether the RTL's
///   count RAM has a port for both.
/// Outputs: GlobalOut::snap = ctl_load, GlobalOut::done = ctl_done (under the overlap contract
/// both also carry race decisions), GlobalOut::done_barrier = CNT2; fifo_barrier 0 without
/// fifo_valid. Config (config()) reports N, M, T, D with Config::overlap = 1, which the oracle
/// (oracle.h) checks as this contract: the overlap scheduler is not a product Sched yet.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "dsbc/ovl/contract.h"
#include "dsbc/ovl/datapath.h"
#include "dsbc/unit.h"

namespace dsbc::ovl {

class PortUnit final : public Engine {
 public:
  /// Throws std::invalid_argument naming the first field outside the RTL's build: N = 16,
  /// M = 32, T = 16 or 8, D = 8, R = 2, E = 0, no idle speculation; pipe_end 0 (the RTL's) or 2.
  explicit PortUnit(const Params& p);
  static void validate(const Params& p);

  const Config& config() const override { return cfg_; }
  const Outputs& outputs() const override { return out_; }
  void step(const Inputs& in) override;
  uint64_t cycle() const override { return static_cast<uint64_t>(cycle_); }

  /// The contract's state (introspection for tests and tools).
  const Datapath& datapath() const { return dp_; }

 private:
  struct Op {
    bool valid = false;
    uint32_t barrier = 0;
    bool dec = false;
    bool refused = false;
  };
  struct Fifo {
    std::deque<uint32_t> ram;  // entries written to the RAM and not fetched
    int total = 0;             // entries pushed and not popped
    bool wr = false;           // the RAM write of a push this cycle
    uint32_t wr_data = 0;
    bool fetch_q = false;  // a fetch last cycle: the head register loads now
    uint32_t fetched = 0;
    bool hd_valid = false;
    uint32_t hd = 0;
  };
  void present();
  bool completion_ago(int k) const { return ((cdone_hist_ >> k) & 1) != 0; }

  Params p_;
  Config cfg_;
  Datapath dp_;
  int64_t x0_;
  int64_t cycle_ = 0;
  Outputs out_;
  bool head_ = false;
  bool head_prev_ = false;
  uint32_t cdone_hist_ = 0;             // bit k: a completion k cycles ago (bit 0: this cycle)
  std::vector<std::array<Op, 8>> ops_;  // [pe][accept cycle % 8]
  std::vector<Fifo> fifo_;
  // the last completion: its barrier, cycle and snapshot (the rebase not yet written in d .. d + 2)
  uint32_t rb_barrier_ = 0;
  int64_t rb_cycle_ = -100;
  std::vector<int64_t> rb_snap_;
  uint32_t done_barrier_ = 0;
};

}  // namespace dsbc::ovl
