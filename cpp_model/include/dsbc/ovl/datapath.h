// SPDX-License-Identifier: Apache-2.0
/// @file
/// The overlap unit's abstract datapath around the contract (contract.h): per-PE counts and
/// snapshots, the pairs' dirty sets, the FIFO fills the POLL's room check reads, the pairs'
/// and the global block's sequencers and the global block's decisions, stepped one contract
/// cycle at a time. One piece shared by the dump replay (dump_replay.h: commits and pops from
/// a dump) and the port-level model (port_unit.h: commits and pops from its own PE ports).
///
/// It reproduces two of the RTL's abstractions that ovlrtl.md section 4 lists (the third, the
/// RTL's 2M clearing cycles, is the caller's time origin): B's commit in an even head cycle to
/// the head's barrier is in the snapshot and sets no dirty bit (the phase-locked cut); the key
/// digits read the dirty set one cycle old. The rebase is applied at the completion's cycle d
/// (the RTL writes it in d + 4 / d + 5; by ovlrtl.md 3c no line sum differs).
///
/// With Params::pipe_end (overlap.md 13) a word's exit can come after the next word's head: the
/// datapath keeps two words, the running one and the tail, each with its own barrier and
/// snapshot, and a completion rebases and pushes with the exiting word's own (never CNT2's).
/// A kCountHead slot's lines are the old word's count bit, read before the head's snapshot.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "dsbc/ovl/contract.h"

namespace dsbc::ovl {

/// What the broadcast and the sequencers did in one cycle (Datapath::begin).
struct CycleStart {
  bool load = false;  ///< ctl_load on the broadcast
  bool done = false;  ///< ctl_done on the broadcast
  Slot slot;          ///< the pairs' slot
  std::optional<Exit> exit;
  bool head() const { return slot.head(); }  ///< a HEAD (pipe_end 2: or a kCountHead slot)
  bool completion() const { return exit && exit->completion; }
};

class Datapath {
 public:
  explicit Datapath(const Params& p);  ///< validates p

  /// Phase 1 of contract cycle x (0, 1, 2, ... one call per cycle): the broadcast, both
  /// sequencers, the exit (a completion rebases every PE's count of its barrier by the
  /// snapshot and counts one push into every FIFO), the head (snapshot, the barrier's dirty
  /// bits cleared), the pairs' lines and the global block's decision on them.
  const CycleStart& begin(int64_t x);
  /// Phase 2, after begin(x): a FIFO pop taken by `pe` in x. False (nothing changes) when the
  /// contract's FIFO of that PE is empty.
  bool pop(int pe);
  /// Phase 2, after begin(x): a commit (delta +1 / -1) of `pe` to barrier b in x.
  void commit(int pe, uint32_t b, int delta);
  /// Phase 3: ends cycle x.
  void end();

  const Params& params() const { return p_; }
  /// PE pe's count of barrier b, rebased at each completion's cycle (the abstract count).
  int64_t count(int pe, uint32_t b) const { return count_[idx(pe)][b]; }
  /// PE pe's snapshot of the running (or last) word.
  int64_t snapshot(int pe) const { return word_.snap[idx(pe)]; }
  /// Entries in PE pe's FIFO as the POLL counts them (pushes from d, pops when taken).
  int fifo_fill(int pe) const { return fill_[idx(pe)]; }
  uint32_t cnt2() const { return pair_seq_.cnt2(); }
  /// Every PE's snapshot of the last completed word (its rebase), set by begin() on a completion.
  const std::vector<int64_t>& last_rebase() const { return last_rebase_; }

  /// Cycles in which the pairs' and the global block's sequencer chose different slots.
  int64_t sequencer_splits() const { return sequencer_splits_; }
  /// pipe_end: heads sent before the previous word's exit (SlotSequencer::pipelined_heads).
  int64_t pipelined_heads() const { return pair_seq_.pipelined_heads(); }
  /// pipe_end: heads that waited for the exit, the winner being the word's own barrier.
  int64_t same_barrier_waits() const { return pair_seq_.same_barrier_waits(); }
  /// The two sequencers' protocol errors (contract.h).
  int64_t protocol_errors() const;
  /// Heads of a barrier within 3 cycles of its completion (the RTL reads the count before its
  /// rebase, ovlrtl.md 3c) ...
  int64_t same_barrier_heads() const { return same_barrier_heads_; }
  /// ... of which the global sum differed between the two reads (0 in every legal run).
  int64_t rebase_sum_errors() const { return rebase_sum_errors_; }
  /// PEs whose count of a completed barrier, right after its rebase, is not their own commits
  /// since the word's cut (0 in every legal run; overlap.md 13a's REBASE check: a rebase with
  /// another word's snapshot or barrier changes per-PE counts without changing their sum).
  int64_t rebase_errors() const { return rebase_errors_; }

 private:
  static size_t idx(int i) { return static_cast<size_t>(i); }

  Params p_;
  SlotSequencer pair_seq_;  // the pairs' copy; the global block holds its own
  GlobalBlock global_;
  int64_t x_ = -1;
  CycleStart cs_;
  // A word as the datapath holds it: its cut (snapshot) and each PE's commits to its barrier
  // since the cut (for rebase_errors()).
  struct WordState {
    int64_t head;
    uint32_t barrier;
    std::vector<int64_t> snap;
    std::vector<int64_t> since_cut;
  };
  std::vector<std::vector<int64_t>> count_;
  WordState word_;  // the running (or last) word
  WordState tail_;  // pipe_end: the older word waiting for its exit (valid while the sequencer has a tail)
  std::vector<std::vector<uint8_t>> dirty_, dirty_prev_, dirty_start_;
  std::vector<int> fill_;
  // barrier -> (its completion's cycle, its snapshot)
  std::map<uint32_t, std::pair<int64_t, std::vector<int64_t>>> rebased_;
  std::vector<int64_t> last_rebase_;
  Lines lines_;
  int64_t sequencer_splits_ = 0;
  int64_t same_barrier_heads_ = 0;
  int64_t rebase_sum_errors_ = 0;
  int64_t rebase_errors_ = 0;
};

}  // namespace dsbc::ovl
