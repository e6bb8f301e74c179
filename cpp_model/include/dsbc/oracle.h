// SPDX-License-Identifier: Apache-2.0
/// @file
/// Architectural checker of a DSBC unit, independent of its micro-architecture: it sees
/// only the ports (inputs and outputs of each cycle) and checks what the unit promises to
/// software (README "usage contract", docs/architecture.md sections 3-6).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "dsbc/ovl/contract.h"
#include "dsbc/unit.h"

namespace dsbc {

/// Latency statistics of completions (cycles from the closing commit to ctl_done).
struct LatencyStats {
  uint64_t count = 0;
  uint64_t sum = 0;
  uint64_t max = 0;
  std::vector<uint64_t> samples;  ///< every latency, for percentiles
  void add(uint64_t latency);
  double mean() const { return count ? static_cast<double>(sum) / count : 0.0; }
  /// Nearest-rank percentile, p in 1..100: the smallest sample with at least p% of the
  /// samples at or below it (0 when there are none).
  uint64_t percentile(int p) const;
};

/// Feed it every cycle with observe(outputs, inputs) in the order the engine sees them.
/// Violations are collected as messages ("cycle 123: ..."); the first few are kept.
///
/// With Config::overlap (ovl::PortUnit) it checks the overlap contract's ports instead of the
/// word timing of rr / arb: the broadcast (snap = ctl_load, done = ctl_done) is decoded into
/// heads and exits by the contract's own ovl::SlotSequencer, as every pair block decodes it,
/// started in cycle 2M; the snapshot is the phase-locked cut (commits of cycles < s, and B's,
/// an odd PE's, of an even s); every head names a barrier with a commit since its last head's
/// cut (no phantom head); a completion is legal as for rr / arb (global sum 0 at the cut, a
/// commit not covered yet), pushes into every FIFO in d and rebases in d + 4 (commits of
/// d .. d + 2 meet the count before it); req_ready is phase-locked and low in cycles < 2M, in
/// a head s and s + 1 and in d .. d + 4 (d + 5 for B); a FIFO's head is valid within 6 cycles
/// of its push and 3 of the last pop (B: 7, 4), never early or out of order; CNT2
/// (done_barrier) is the sequencer's; every exit is a completion exactly when the sum at the
/// cut is 0, in s + 6 + j .. s + 6 + j + K (j its lowest 1 bit, Q - 1 for a completion). The
/// latency is measured as for rr / arb (closing commit to the completion's ctl_done) and
/// bounded by Config::latency_bound() while every FIFO has 2 free entries, 3 while a tail's
/// exit is in flight under Config::overlap_pipe_end (a FIFO short of room vetoes races,
/// overlap.md 3 and 13a; the sequencer's room_need()). Under overlap_pipe_end the decoder gives
/// each exit to the tail first, and the exit is checked against the tail's own cut and head. The exit's exact cycle
/// (which key slots the race steals) and the race's winner are not predicted (they need the pairs' dirty sets): a
/// broadcast the sequencer cannot explain is reported.
class Oracle {
 public:
  explicit Oracle(const Config& cfg);

  /// Check one cycle: `out` are the engine's outputs in this cycle, `in` the inputs applied.
  void observe(uint64_t cycle, const Outputs& out, const Inputs& in);
  /// End of run: every completion reported must have reached every PE's FIFO and been
  /// popped, given the stimulus drained them (checked only when `drained` is true).
  void finish(bool drained);

  bool ok() const { return violations_ == 0; }
  uint64_t violations() const { return violations_; }
  const std::vector<std::string>& messages() const { return messages_; }

  const LatencyStats& latency() const { return latency_; }
  uint64_t completions() const { return completions_; }
  uint64_t commits() const { return commits_; }
  uint64_t refusals() const { return refusals_; }
  uint64_t pops() const { return pops_; }
  /// Completions whose latency was not bounded because some FIFO was full meanwhile.
  uint64_t blocked_completions() const { return blocked_completions_; }
  /// Test hook (with Unit::preload_count): before the cycle `cycle` is observed, PE `pe`'s
  /// count of `b` was set to `count` (and opened) as if by commits in cycle - 1. Only for a
  /// barrier whose word is not being inspected (no completion may use an earlier snapshot).
  void preload(uint64_t cycle, int pe, uint32_t b, int64_t count);
  /// True global count of a barrier: the sum of every committed delta.
  int64_t global_count(uint32_t b) const { return barrier_[b].global; }

  // ---- Functional coverage (docs/verification.md "Functional coverage bins") ----
  /// The events the oracle counts, seen at the ports only. A regression (make sim) must hit
  /// every bin that is applicable to a configuration (scripts/sim-summary.py).
  enum Bin : int {
    kCompletion,      ///< a completion (ctl_done)
    kLatencyChecked,  ///< a completion whose latency was checked against L_max
    kRefusePositive,  ///< a +1 refused: the count would pass 2^(T-1)-1
    kRefuseNegative,  ///< a -1 refused: the count would pass -2^(T-1)
    kRefuseId,        ///< a request refused for barrier ID >= M
    kFullHolds,       ///< a closed barrier's word exits at the full slot (held back)
    kSimultaneous,    ///< a barrier closes while another one is closed, not yet reported
    kReopenAfterPop,  ///< a barrier's new epoch after its completion was popped by that PE
    kNegativeLocal,   ///< a commit leaves a PE's local count below zero
    kOpenSlotExit,    ///< rr: a word exits at the open slot (unused barrier)
    kCleanHeadExit,   ///< arb: a word exits at its head slot (nobody committed since its last head)
    kFullSlotExit,    ///< a word exits at the full slot (some FIFO full)
    kCountExit,       ///< a word exits in the count slots (non-zero sum)
    kNumBins
  };
  /// Widest count the lockstep edge test drives to the edge of its range, one commit per
  /// cycle (2^(T-1) cycles); wider counts are preloaded (Unit::preload_count).
  static constexpr int kEdgeMaxCountBits = 24;
  /// Summary-line name of each bin (cov_<name>).
  static const std::array<const char*, kNumBins>& bin_names();
  uint64_t bin(Bin b) const { return bins_[b]; }
  /// Why bin `b` cannot be hit in this configuration, "" when it can (the one rule,
  /// documented in docs/verification.md).
  std::string bin_not_applicable(Bin b) const;
  /// How many barrier IDs have completed at least once.
  uint32_t barriers_done() const;
  /// Bitmap of the barrier IDs that completed at least once, hex, barrier 0 in the lowest
  /// bit of the last digit (so runs can be OR-ed).
  std::string done_ids_hex() const;
  /// " cov_<name>=<count or na> ... done_ids=<hex>" for the DSBC_SUMMARY line.
  std::string coverage_fields() const;

 private:
  struct Commit {
    uint64_t cycle;
    int pe;
    uint32_t barrier;
    int delta;
  };
  struct BarrierState {
    int64_t global = 0;           ///< sum of committed deltas, all time
    bool closed_pending = false;  ///< global returned to 0 after a commit: awaits done
    uint64_t close_cycle = 0;     ///< cycle of that closing commit
    int close_pe = 0;             ///< its PE (the overlap contract's cut depends on it)
  };
  static constexpr uint64_t kNone = ~uint64_t{0};
  void fail(uint64_t cycle, const std::string& what);
  void set_closed(BarrierState& bs, bool closed);
  /// The word that started with the snapshot at last_snap_cycle_ ended with a snapshot (or
  /// is followed by one) in cycle k: classify its outcome from the timing (4c).
  void end_of_word(uint64_t k, uint32_t b);
  /// Scheduler arb (4e): the schedule predicted from the ports alone. Before the cycle's
  /// commits: check snap, done and done_barrier against the prediction; run a due POLL.
  void check_arb_schedule(uint64_t k, const Outputs& out);
  /// After the cycle's commits (committed: their barriers): the outcome of a head in k,
  /// the dirty bits as of the start of k+1.
  void advance_arb_schedule(uint64_t k, const std::vector<uint32_t>& committed);
  int64_t local_at(int pe, uint32_t b, uint64_t before_cycle) const;
  /// A commit of `pe` in `cycle` is in the snapshot of cycle s: cycle < s; under the overlap
  /// contract also an odd PE's (B's) commit of an even s (the phase-locked cut).
  bool in_cut(int pe, uint64_t cycle, uint64_t s) const {
    return cycle < s || (cfg_.overlap == 1 && cycle == s && (pe & 1) != 0 && (s & 1) == 0);
  }
  /// Overlap contract (Config::overlap): the broadcast of cycle k decoded, the head's and
  /// exit's checks, ready, the FIFOs' heads (steps 2 to 5 of observe).
  void observe_overlap(uint64_t k, const Outputs& out, const Inputs& in);
  /// rr / arb: steps 2 to 5 of observe (ready, FIFOs, a done, the snapshot's bookkeeping).
  void observe_ports(uint64_t k, const Outputs& out, const Inputs& in);
  /// A completion in cycle k of barrier b, its word's snapshot taken in s.
  void complete(uint64_t k, uint32_t b, uint64_t s);

  Config cfg_;
  int64_t count_min_, count_max_;
  std::vector<BarrierState> barrier_;
  std::vector<std::vector<int64_t>> local_;        ///< [pe][b], with rebases applied
  std::deque<Commit> recent_;                      ///< commits of the last cycles (for rebases)
  std::vector<std::deque<uint32_t>> expect_fifo_;  ///< [pe]: IDs pushed, not yet popped
  struct Pending {
    bool valid = false;
    uint32_t barrier = 0;
    bool dec = false;
  };
  /// Slots of accepted_: a power of two above every ack_delay_ (the constructor checks it).
  static constexpr uint64_t kAckSlots = 8;
  /// [pe][c % kAckSlots]: the request accepted in c - ack_delay_ (one PE has at most one
  /// acceptance a cycle, and ack_delay_ < kAckSlots), whose ack is due in c; every slot is
  /// rewritten every kAckSlots cycles.
  std::vector<std::array<Pending, kAckSlots>> accepted_;
  std::vector<uint8_t> accepted_last_;  ///< [pe]: a request was accepted in the last cycle
  // Half the request rate (Config::half_rate, architecture.md 4f): what the contract changes.
  uint64_t ack_delay_ = 1;      ///< acceptance to acknowledge: 1, half rate 4
  uint64_t commit_lag_ = 0;     ///< acknowledge to commit, backwards: 0, half rate 1 (t + 3)
  uint64_t rebase_gap_ = 0;     ///< ready low after a completion in d .. d + rebase_gap_: 0, half rate 4
  uint64_t last_done_ = kNone;  ///< cycle of the last completion
  /// Half rate: the rebase of the completion of `barrier` is committed in `at` (d + 4): the
  /// commits of d .. d + 2 (of requests accepted in d - 3 .. d - 1) are still refused or taken
  /// on the count before it.
  struct DeferredRebase {
    uint64_t at = kNone;
    uint32_t barrier = 0;
    std::vector<int64_t> snap;  ///< [pe]: the count at the snapshot, subtracted then
  };
  DeferredRebase rebase_;
  /// [b]: cycle of the earliest commit no completion has covered yet (kNone: none).
  std::vector<uint64_t> uncovered_;
  std::vector<int> uncovered_pe_;  ///< [b]: the PE of that commit (the overlap contract's cut)
  struct Closing {
    uint64_t cycle;
    uint32_t barrier;
  };
  std::deque<Closing> pending_closings_;  ///< in closing order, for the liveness check
  uint64_t last_snap_cycle_ = 0;
  bool seen_snap_ = false;
  uint64_t last_full_cycle_ = kNone;  ///< last cycle some PE's FIFO was full
  LatencyStats latency_;
  uint64_t violations_ = 0, completions_ = 0, commits_ = 0, refusals_ = 0, pops_ = 0;
  uint64_t blocked_completions_ = 0;
  std::vector<std::string> messages_;
  std::array<uint64_t, kNumBins> bins_{};
  uint32_t closed_now_ = 0;                 ///< barriers closed and not yet reported
  std::vector<uint32_t> done_per_barrier_;  ///< [b]: completions of b
  std::vector<uint32_t> in_fifo_;           ///< [pe * M + b]: entries of b in pe's FIFO
  bool word_done_ = false;                  ///< the word under inspection completed
  /// Scheduler arb: the contract of 4e replayed on what the ports show (commits, FIFOs,
  /// snapshot counts), independently of the model's event bookkeeping.
  struct ArbSchedule {
    std::vector<bool> dirty;     ///< [b]: a commit to b since b's last head, as of the start of the cycle
    uint64_t poll_from = kNone;  ///< POLL slots from this cycle on, until one finds a dirty bit
    uint64_t next_head = kNone;  ///< cycle of the next head slot (snap high)
    uint32_t next_barrier = 0;   ///< its barrier
    uint64_t next_done = kNone;  ///< cycle of the next ctl_done
    uint32_t last = 0;           ///< CNT2: the barrier of the last head (reset M-1)
    uint64_t remark_at = kNone;  ///< full-slot exit: the head's barrier is dirty again from remark_at + 1
    uint32_t remark_barrier = 0;
    bool head_clean = false;  ///< the head in this cycle found no dirty bit (set in check)
  };
  ArbSchedule arb_;
  /// Overlap contract: the broadcast's decoder, started in cycle x0 = 2M (contract cycle k - x0).
  struct Overlap {
    std::optional<ovl::SlotSequencer> seq;
    /// The slots a race can steal from a word's count bits: its K key slots, and with one
    /// header slot (ovl::Params::header_slots = 1) the POLL after a NEXT that did not decide.
    int seq_stolen_max = 0;
    /// Cycles from a head to the broadcast of its count bit 0's decision: the first count slot
    /// (s + 3, or s + 2 with one header slot) plus the round trip P = 3.
    uint64_t bit0_after_head = 6;
    uint64_t x0 = 0;
    int64_t protocol_errors = 0;
    uint64_t last_head = kNone;  ///< cycle of the last head
    uint32_t last_head_barrier = 0;
    std::vector<uint8_t> dirty;                ///< [b]: a commit after the cut of b's last head
    std::vector<std::deque<uint64_t>> pushed;  ///< [pe]: push cycle of each entry of expect_fifo_
    std::vector<uint64_t> last_pop;            ///< [pe]: cycle of the last pop taken
  };
  Overlap ovl_;
  int full_level_ = 0;  ///< entries at which a FIFO counts as full for the bound's excuse
};

}  // namespace dsbc
