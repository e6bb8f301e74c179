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
        need_(rr_ ? static_cast<uint64_t>(cfg.barriers) + 1 : static_cast<uint64_t>(cfg.latency_bound()) + 1) {}

  /// Closes one cycle. `active`: the cycle had an ack, a done, some fifo_valid, or a request
  /// not acked yet; `snap`: global.snap in the cycle. Returns settled().
  ///
  /// rr (4c) snapshots every word, busy or not: count the snapshots after the last active
  /// cycle; at M+1 the M complete words inspected since then all saw the final state and
  /// reported nothing. arb (4e) takes no snapshot while no PE has a dirty bit, so count every
  /// cycle after the last active one: a closing commit is an ack (active), and its completion
  /// comes within L_max(arb) cycles (Config::latency_bound, 4e), so at L_max + 1 nothing is
  /// due. (A tighter count exists, Q + BW + 4 with snapshots resetting it: a HEAD follows the
  /// previous one within Q + 2 or BW + 2 cycles while anything is dirty; the bound is used
  /// because Icarus's testbench/icarus/tb_replay.v ends its replays by it too.)
  bool cycle(bool active, bool snap) {
    if (active) {
      quiet_ = 0;
    } else if (snap || !rr_) {
      ++quiet_;
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
