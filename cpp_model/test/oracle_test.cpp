// SPDX-License-Identifier: Apache-2.0
// dsbc::Oracle against hand-made port traces: what it must flag, and what it must accept.
// The traces are written from docs/architecture.md section 4 (one PE, M = 2, T = 8, D = 1:
// L_max = 2 * (8 + 4) + 5 = 29), not produced by the model, so the oracle is checked on its own.

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "dsbc/oracle.h"
#include "dsbc/unit.h"

namespace {

using dsbc::Config;
using dsbc::Oracle;

Config small_config() {
  Config c;
  c.pes = 1;
  c.barriers = 2;
  c.count_bits = 8;
  c.fifo_depth = 1;
  c.sched = dsbc::Sched::kRr;  // the scripted ports follow the round robin's word schedule (4c)
  return c;
}

/// The ports of a correct one-PE unit whose words are scripted: a word exits at the open slot
/// (3 cycles) unless complete(b) asked for its barrier's next word to complete (Q + 4 cycles,
/// ctl_done and the next snapshot in its last cycle). Requests are presented in order from
/// their cycle, accepted in the first cycle with ready high (not in a snapshot or completion
/// cycle) and acknowledged (never refused) one cycle after acceptance.
class ScriptedUnit {
 public:
  explicit ScriptedUnit(const Config& cfg) : cfg_(cfg), oracle_(cfg), cnt2_(static_cast<uint32_t>(cfg.barriers - 1)) {
    next_snap_ = static_cast<uint64_t>(cfg.barriers);
  }
  void request(uint64_t cycle, uint32_t b, bool dec) { reqs_.push_back({cycle, b, dec}); }
  void complete(uint32_t b) { complete_.push_back(b); }
  /// A unit off the schedule: completing words last `extra` cycles longer than Q + 4.
  void set_completion_delay(uint64_t extra) { extra_ = extra; }
  /// Runs until cycle `until`, popping the FIFO whenever `pop`.
  void run_to(uint64_t until, bool pop) {
    for (; k_ < until; ++k_) step(pop);
  }
  Oracle& oracle() { return oracle_; }
  std::string messages() const {
    std::string all;
    for (const auto& m : oracle_.messages()) all += m + "\n";
    return all;
  }

 private:
  struct Request {
    uint64_t cycle;
    uint32_t barrier;
    bool dec;
  };
  void step(bool pop) {
    dsbc::Outputs out;
    out.pe.resize(1);
    const bool done = k_ == done_at_;
    bool snap = false;
    if (k_ == next_snap_) {
      snap = true;
      const uint32_t b = (cnt2_ + 1) % static_cast<uint32_t>(cfg_.barriers);
      bool completes = false;
      for (size_t i = 0; i < complete_.size(); ++i) {
        if (complete_[i] == b) {
          completes = true;
          complete_.erase(complete_.begin() + static_cast<long>(i));
          break;
        }
      }
      const uint64_t len = completes ? static_cast<uint64_t>(cfg_.q()) + 4 + extra_ : 3;
      if (completes) done_at_ = k_ + len;
      next_snap_ = k_ + len;
    }
    out.global.snap = snap;
    out.global.done = done;
    out.global.done_barrier = cnt2_;
    out.pe[0].req_ready = k_ >= static_cast<uint64_t>(cfg_.barriers) && !done && !snap;
    out.pe[0].ack_valid = accepted_;
    out.pe[0].fifo_valid = !fifo_.empty();
    out.pe[0].fifo_barrier = fifo_.empty() ? 0 : fifo_.front();
    dsbc::Inputs in;
    in.pe.resize(1);
    if (!reqs_.empty() && reqs_.front().cycle <= k_) {
      in.pe[0].req_valid = true;
      in.pe[0].req_barrier = reqs_.front().barrier;
      in.pe[0].req_dec = reqs_.front().dec;
    }
    in.pe[0].fifo_pop = pop && !fifo_.empty();
    oracle_.observe(k_, out, in);
    accepted_ = in.pe[0].req_valid && out.pe[0].req_ready;
    if (accepted_) reqs_.pop_front();
    if (in.pe[0].fifo_pop) fifo_.pop_front();
    if (done) fifo_.push_back(cnt2_);
    if (snap) cnt2_ = (cnt2_ + 1) % static_cast<uint32_t>(cfg_.barriers);
  }

  Config cfg_;
  Oracle oracle_;
  uint32_t cnt2_;
  uint64_t k_ = 0, next_snap_ = 0, done_at_ = ~uint64_t{0}, extra_ = 0;
  bool accepted_ = false;
  std::deque<Request> reqs_;
  std::vector<uint32_t> complete_;
  std::deque<uint32_t> fifo_;
};

/// Snapshots every 3 cycles from cycle 2 (b0 at 2, b1 at 5, ...). Barrier 1 closes at cycle 5
/// (its +1 presented in the snapshot cycle 2 is accepted in 3, the -1 in 4) and completes with
/// its next word (snapshot 11, done 23; its FIFO entry fills the D = 1 FIFO, not popped until
/// cycle 60); barrier 0 closes at cycle 13 (its -1 presented in the snapshot cycle 11 is
/// accepted in 12) and stays unreported while that FIFO is full (excused); after the pop,
/// with snapshots at 23 + 3j, barrier 1 closes again at cycle 73 (the -1 presented in the
/// snapshot cycle 71 is accepted in 72). `report_b1_in_time`: its completion follows within L_max;
/// otherwise it is never reported and barrier 1 is reopened at 150 (and closed and reported
/// again): a lost completion hidden by the next epoch.
void run_two_closings(ScriptedUnit& u, bool report_b1_in_time) {
  u.request(2, 1, false);
  u.request(3, 1, true);  // barrier 1 closes at cycle 5, in its snapshot cycle
  u.run_to(6, false);
  u.complete(1);
  u.request(10, 0, false);
  u.request(11, 0, true);  // barrier 0 closes at cycle 13, the FIFO is full soon after
  u.run_to(60, false);
  u.run_to(62, true);  // pop: every FIFO has room from here on
  u.request(70, 1, false);
  u.request(71, 1, true);  // barrier 1 closes at cycle 73
  u.run_to(73, false);
  if (report_b1_in_time) {
    u.complete(1);
  } else {
    u.request(150, 1, false);
    u.request(151, 1, true);
    u.run_to(153, false);
    u.complete(1);
  }
  u.run_to(200, true);
  u.complete(0);  // the excused closing is reported at last
  u.run_to(300, true);
  u.oracle().finish(true);
}

TEST(OracleTest, AcceptsScriptedCorrectRun) {
  ScriptedUnit u(small_config());
  run_two_closings(u, true);
  EXPECT_TRUE(u.oracle().ok()) << u.messages();
  EXPECT_EQ(u.oracle().completions(), 3u);
  EXPECT_EQ(u.oracle().blocked_completions(), 1u);  // barrier 0, closed while the FIFO was full
  EXPECT_EQ(u.oracle().bin(Oracle::kLatencyChecked), 2u);
}

TEST(OracleTest, LivenessChecksEveryClosingNotOnlyTheOldest) {
  // The oldest pending closing (barrier 0) is excused by the full FIFO; the newer one
  // (barrier 1 at cycle 73) is not, and must be flagged at cycle 73 + 29 + 1 even though the
  // oldest one is still pending.
  ScriptedUnit u(small_config());
  run_two_closings(u, false);
  EXPECT_FALSE(u.oracle().ok());
  EXPECT_NE(u.messages().find("cycle 103: barrier 1 closed at cycle 73 is not reported within the bound 29"),
            std::string::npos)
      << u.messages();
}

TEST(OracleTest, CountsHeaderSlotOutcomesFromTheTiming) {
  ScriptedUnit u(small_config());
  run_two_closings(u, true);
  // Every scripted word that does not complete exits at the open slot (3 cycles).
  EXPECT_GT(u.oracle().bin(Oracle::kOpenSlotExit), 50u);
  EXPECT_EQ(u.oracle().bin(Oracle::kFullSlotExit), 0u);
  EXPECT_EQ(u.oracle().bin(Oracle::kCountExit), 0u);
  EXPECT_EQ(u.oracle().bin(Oracle::kCompletion), 3u);
  EXPECT_EQ(u.oracle().barriers_done(), 2u);
  EXPECT_EQ(u.oracle().done_ids_hex(), "3");
}

TEST(OracleTest, FlagsACompletionOffTheWordSchedule) {
  // Correct values, wrong timing: ctl_done one cycle late (Q + 5 after the snapshot).
  ScriptedUnit u(small_config());
  u.set_completion_delay(1);
  run_two_closings(u, true);
  EXPECT_FALSE(u.oracle().ok());
  EXPECT_NE(u.messages().find("done 13 cycles after its snapshot, not Q + 4 = 12"), std::string::npos) << u.messages();
}

}  // namespace
