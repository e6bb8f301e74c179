// SPDX-License-Identifier: Apache-2.0
/// @file
/// The "quiet" rule: when a driver that has nothing left to send may conclude, from the
/// unit's outputs alone (so identically for every engine), that the unit will never report
/// anything again. dsbc-replay ends its run with it (dsbc/replay.h) and dsbc-system's backend
/// (sim/src/backend.cpp) decides that an epoch has settled with it. Header-only.
#pragma once

#include <algorithm>
#include <cstdint>

#include "dsbc/unit.h"

namespace dsbc {

class QuietRule {
 public:
  explicit QuietRule(const Config& cfg)
      : rr_(cfg.sched == Sched::kRr),
        need_(rr_ ? static_cast<uint64_t>(cfg.barriers) + 1 : static_cast<uint64_t>(cfg.q() + cfg.barrier_bits()) + 4) {
  }

  /// Closes one cycle. `active`: the cycle had an ack, a done, some fifo_valid, or a request
  /// not acked yet; `snap`: global.snap in the cycle. Returns settled().
  ///
  /// rr (4c) snapshots every word, busy or not: count the snapshots after the last active
  /// cycle; at M+1 the M complete words inspected since then all saw the final state and
  /// reported nothing. arb (4e) takes a snapshot (a HEAD slot) only while some dirty bit is set
  /// or a word is under way: a HEAD follows the previous one within Q + 2 cycles (an exit at a
  /// count slot, a completion) or BW + 2 (a clean HEAD, then POLL and ARB slots), and follows a
  /// commit within as long; so a run of Q + BW + 4 cycles (the latency of a lone closing, more
  /// than either gap) with neither activity nor a snapshot means that every dirty bit is clear
  /// and the unit only polls.
  bool cycle(bool active, bool snap) {
    if (active) {
      quiet_ = 0;
    } else if (rr_) {
      if (snap) ++quiet_;
    } else {
      quiet_ = snap ? 0 : quiet_ + 1;
    }
    return settled();
  }
  /// The rule's count has been reached (and stays reached until the next active cycle).
  bool settled() const { return quiet_ >= need_; }

 private:
  bool rr_;
  uint64_t need_;
  uint64_t quiet_ = 0;
};

}  // namespace dsbc
