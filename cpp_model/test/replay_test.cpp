// SPDX-License-Identifier: Apache-2.0
// Replay driver, against a tiny scripted engine (not the golden model): line order within a
// cycle, snapshot attribution of done, request presentation, pop-stall determinism,
// pop-period, max-cycles timeout and the end condition.
#include "dsbc/replay.h"

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using dsbc::Config;
using dsbc::Inputs;
using dsbc::Outputs;
using dsbc::ReplayOptions;
using dsbc::ReplayResult;
using dsbc::Trace;
using dsbc::TraceEvent;

/// A scripted stand-in for the unit: snaps and dones happen when the script says; a request
/// accepted in cycle k is acked in k+1 (refused if its barrier is in `refused`); a done in
/// cycle d pushes done_barrier into every PE's FIFO, visible from d+1; a pop removes the head.
class FakeEngine final : public dsbc::Engine {
 public:
  explicit FakeEngine(int pes, int barriers) {
    cfg_.pes = pes;
    cfg_.barriers = barriers;
    cfg_.count_bits = 8;
    cfg_.fifo_depth = 8;
    cfg_.sched = dsbc::Sched::kRr;  // scripted snapshots: the round robin's end rule applies
    acks_.resize(static_cast<size_t>(pes));
    fifos_.resize(static_cast<size_t>(pes));
  }

  // Script (set before the run).
  std::function<bool(uint64_t)> snap = [](uint64_t) { return false; };
  std::map<uint64_t, uint32_t> dones;                ///< done cycle -> done_barrier
  std::set<std::pair<int, uint64_t>> not_ready;      ///< (pe, cycle) with req_ready low
  std::set<uint32_t> refused;                        ///< barriers whose requests are refused
  std::set<std::pair<int, uint64_t>> spurious_acks;  ///< (pe, cycle) acks out of nowhere

  /// Inputs applied in every cycle so far.
  std::vector<Inputs> applied;

  const Config& config() const override { return cfg_; }
  const Outputs& outputs() const override {
    refresh();
    return out_;
  }
  uint64_t cycle() const override { return cycle_; }

  void step(const Inputs& in) override {
    refresh();
    applied.push_back(in);
    for (size_t p = 0; p < acks_.size(); ++p) {
      const auto& pi = in.pe[p];
      const auto& po = out_.pe[p];
      acks_[p].reset();
      if (pi.req_valid && po.req_ready) acks_[p] = refused.count(pi.req_barrier) > 0;
      if (pi.fifo_pop && po.fifo_valid) fifos_[p].pop_front();
    }
    if (const auto it = dones.find(cycle_); it != dones.end()) {
      for (auto& f : fifos_) f.push_back(it->second);
    }
    ++cycle_;
  }

 private:
  void refresh() const {
    out_.pe.resize(acks_.size());
    for (size_t p = 0; p < acks_.size(); ++p) {
      auto& o = out_.pe[p];
      const int pe = static_cast<int>(p);
      o.req_ready = not_ready.count({pe, cycle_}) == 0;
      o.ack_valid = acks_[p].has_value() || spurious_acks.count({pe, cycle_}) > 0;
      o.ack_refused = acks_[p].value_or(false);
      o.fifo_valid = !fifos_[p].empty();
      o.fifo_barrier = fifos_[p].empty() ? 0 : fifos_[p].front();
    }
    out_.global.snap = snap(cycle_);
    const auto it = dones.find(cycle_);
    out_.global.done = it != dones.end();
    out_.global.done_barrier = it != dones.end() ? it->second : 0;
  }

  Config cfg_;
  uint64_t cycle_ = 0;
  std::vector<std::optional<bool>> acks_;  ///< ack due this cycle (value: refused)
  std::vector<std::deque<uint32_t>> fifos_;
  mutable Outputs out_;
};

Trace make_trace(int pes, int barriers, std::vector<TraceEvent> events) {
  Trace t;
  t.config.pes = pes;
  t.config.barriers = barriers;
  t.config.count_bits = 8;
  t.config.fifo_depth = 8;
  t.config.sched = dsbc::Sched::kRr;  // the fake engine's snapshots follow the round robin's end rule
  t.events = std::move(events);
  t.path = "fake.trace";
  return t;
}

std::string replay(FakeEngine& e, const Trace& t, const ReplayOptions& o = {}, ReplayResult* result = nullptr) {
  std::ostringstream out;
  const ReplayResult r = dsbc::run_replay(e, t, o, out);
  if (result != nullptr) *result = r;
  return out.str();
}

std::function<bool(uint64_t)> every(uint64_t period, uint64_t first) {
  return [=](uint64_t c) { return c >= first && (c - first) % period == 0; };
}

TEST(ReplayDriver, OrderWithinACycle) {
  FakeEngine e(2, 2);
  e.snap = [](uint64_t c) { return c == 0 || c == 1 || (c >= 5 && (c - 5) % 3 == 0); };
  e.dones = {{1, 1}};
  const Trace t = make_trace(2, 2, {{0, 1, 0, +1, 1}, {0, 0, 1, -1, 2}});
  ReplayResult r;
  EXPECT_EQ(replay(e, t, {}, &r),
            "commit 1 0 1 -1\n"
            "commit 1 1 0 +1\n"
            "done 1 1 0\n"
            "pop 2 0 1\n"
            "pop 2 1 1\n"
            "end 11\n");
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.end_cycle, 11U);
  EXPECT_EQ(r.commits, 2U);
  EXPECT_EQ(r.overflows, 0U);
  EXPECT_EQ(r.dones, 1U);
  EXPECT_EQ(r.pops, 2U);
}

TEST(ReplayDriver, OverflowLine) {
  FakeEngine e(2, 4);
  e.snap = every(2, 0);
  e.refused = {3};
  const Trace t = make_trace(2, 4, {{0, 1, 3, +1, 1}, {1, 1, 2, -1, 2}});
  ReplayResult r;
  EXPECT_EQ(replay(e, t, {}, &r),
            "overflow 1 1 3\n"
            "commit 2 1 2 -1\n"
            "end 12\n");  // M+1 = 5 snaps after cycle 2: 4, 6, 8, 10, 12
  EXPECT_EQ(r.overflows, 1U);
  EXPECT_EQ(r.commits, 1U);
}

TEST(ReplayDriver, DoneIsAttributedToTheLastSnapStrictlyBefore) {
  FakeEngine e(1, 2);
  e.snap = [](uint64_t c) { return c == 3 || c == 10 || c == 20 || c == 25 || c >= 40; };
  e.dones = {{20, 1}, {30, 0}};
  const Trace t = make_trace(1, 2, {});
  EXPECT_EQ(replay(e, t),
            "done 20 1 10\n"
            "pop 21 0 1\n"
            "done 30 0 25\n"
            "pop 31 0 0\n"
            "end 42\n");
}

TEST(ReplayDriver, RequestsArePresentedOneAtATimeFromTheirCycle) {
  FakeEngine e(2, 4);
  e.snap = every(4, 0);
  e.not_ready = {{0, 1}};
  const Trace t = make_trace(2, 4, {{0, 0, 1, +1, 1}, {0, 0, 2, +1, 2}, {0, 0, 3, -1, 3}, {5, 1, 0, -1, 4}});
  EXPECT_EQ(replay(e, t),
            "commit 1 0 1 +1\n"
            "commit 3 0 2 +1\n"
            "commit 4 0 3 -1\n"
            "commit 6 1 0 -1\n"
            "end 24\n");
  // PE0: request 1 in cycle 0, request 2 in cycles 1 (not ready) and 2, request 3 in 3.
  const std::vector<std::pair<bool, uint32_t>> pe0 = {{true, 1}, {true, 2},  {true, 2},
                                                      {true, 3}, {false, 0}, {false, 0}};
  for (size_t c = 0; c < pe0.size(); ++c) {
    EXPECT_EQ(e.applied[c].pe[0].req_valid, pe0[c].first) << "cycle " << c;
    if (pe0[c].first) {
      EXPECT_EQ(e.applied[c].pe[0].req_barrier, pe0[c].second) << "cycle " << c;
    }
  }
  EXPECT_FALSE(e.applied[2].pe[0].req_dec);
  EXPECT_TRUE(e.applied[3].pe[0].req_dec);
  // PE1: nothing before cycle 5, then its consume, accepted at once.
  for (size_t c = 0; c < e.applied.size(); ++c) {
    EXPECT_EQ(e.applied[c].pe[1].req_valid, c == 5) << "cycle " << c;
  }
  EXPECT_TRUE(e.applied[5].pe[1].req_dec);
}

/// Pops the driver should request, recomputed independently: one draw per PE per cycle.
std::vector<std::vector<bool>> expected_pops(uint64_t seed, double stall, uint64_t period, int pes, size_t cycles) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<std::vector<bool>> pops(cycles, std::vector<bool>(static_cast<size_t>(pes)));
  for (size_t c = 0; c < cycles; ++c) {
    for (int p = 0; p < pes; ++p) {
      const bool draw_ok = u(rng) >= stall;
      pops[c][static_cast<size_t>(p)] = draw_ok && (c + static_cast<size_t>(p)) % period == 0;
    }
  }
  return pops;
}

/// A run with many completions, so that FIFOs fill and drain under stalls.
FakeEngine busy_engine() {
  FakeEngine e(3, 2);
  e.snap = every(4, 0);
  for (uint64_t d = 8; d <= 200; d += 8) e.dones[d] = static_cast<uint32_t>((d / 8) % 2);
  return e;
}

TEST(ReplayDriver, PopStallIsDeterministicPerSeed) {
  const Trace t = make_trace(3, 2, {{0, 0, 0, +1, 1}, {3, 2, 0, -1, 2}});
  ReplayOptions o;
  o.pop_stall = 0.6;
  o.seed = 42;
  FakeEngine a = busy_engine();
  FakeEngine b = busy_engine();
  const std::string out_a = replay(a, t, o);
  EXPECT_EQ(out_a, replay(b, t, o));
  ASSERT_EQ(a.applied.size(), b.applied.size());
  const auto want = expected_pops(42, 0.6, 1, 3, a.applied.size());
  for (size_t c = 0; c < a.applied.size(); ++c) {
    for (size_t p = 0; p < 3; ++p) {
      EXPECT_EQ(a.applied[c].pe[p].fifo_pop, want[c][p]) << "cycle " << c << " pe " << p;
      EXPECT_EQ(a.applied[c].pe[p].fifo_pop, b.applied[c].pe[p].fifo_pop);
    }
  }
  o.seed = 43;
  FakeEngine other = busy_engine();
  EXPECT_NE(replay(other, t, o), out_a);
}

TEST(ReplayDriver, NoStallPopsEveryCycle) {
  FakeEngine e = busy_engine();
  replay(e, make_trace(3, 2, {}));
  for (const auto& in : e.applied) {
    for (const auto& p : in.pe) EXPECT_TRUE(p.fifo_pop);
  }
}

TEST(ReplayDriver, PopPeriod) {
  const Trace t = make_trace(3, 2, {});
  ReplayOptions o;
  o.pop_period = 3;
  FakeEngine e = busy_engine();
  const std::string out = replay(e, t, o);
  ASSERT_GT(e.applied.size(), 200U);
  for (size_t c = 0; c < e.applied.size(); ++c) {
    for (size_t p = 0; p < 3; ++p) {
      EXPECT_EQ(e.applied[c].pe[p].fifo_pop, (c + p) % 3 == 0) << "cycle " << c << " pe " << p;
    }
  }
  // The first completion (done 8) is visible from cycle 9: PE0 pops at 9, PE1 at 11, PE2 at 10.
  EXPECT_NE(out.find("pop 9 0 1\npop 10 2 1\npop 11 1 1\n"), std::string::npos) << out;

  // Combined with a stall: pop iff the draw and the period both allow.
  o.pop_stall = 0.3;
  o.seed = 7;
  FakeEngine s = busy_engine();
  replay(s, t, o);
  const auto want = expected_pops(7, 0.3, 3, 3, s.applied.size());
  for (size_t c = 0; c < s.applied.size(); ++c) {
    for (size_t p = 0; p < 3; ++p) EXPECT_EQ(s.applied[c].pe[p].fifo_pop, want[c][p]);
  }
}

TEST(ReplayDriver, MaxCyclesTimeout) {
  FakeEngine e(2, 2);  // never snaps: never ends
  const Trace t = make_trace(2, 2, {{0, 0, 0, +1, 1}, {2, 1, 1, -1, 2}});
  ReplayOptions o;
  o.max_cycles = 50;
  ReplayResult r;
  EXPECT_EQ(replay(e, t, o, &r), "commit 1 0 0 +1\ncommit 3 1 1 -1\ntimeout 50\n");
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.end_cycle, 50U);
  EXPECT_EQ(e.applied.size(), 50U);

  FakeEngine z(2, 2);
  o.max_cycles = 0;
  EXPECT_EQ(replay(z, t, o, &r), "timeout 0\n");
  EXPECT_TRUE(r.timed_out);
}

TEST(ReplayDriver, EndAfterMPlusOneQuietSnaps) {
  FakeEngine e(2, 3);
  e.snap = every(3, 3);
  ReplayResult r;
  EXPECT_EQ(replay(e, make_trace(2, 3, {}), {}, &r), "end 12\n");
  EXPECT_EQ(r.end_cycle, 12U);
}

TEST(ReplayDriver, SnapInAnActiveCycleDoesNotCount) {
  FakeEngine e(1, 1);
  e.snap = every(2, 0);
  // Accepted in cycle 3, acked (active) in cycle 4, which also has a snap.
  const Trace t = make_trace(1, 1, {{3, 0, 0, +1, 1}});
  EXPECT_EQ(replay(e, t), "commit 4 0 0 +1\nend 8\n");
}

TEST(ReplayDriver, FifoValidKeepsTheReplayActive) {
  FakeEngine e(2, 1);
  e.snap = every(2, 0);
  e.dones = {{1, 0}};
  ReplayOptions o;
  o.pop_period = 10;  // PE0 pops at 10, PE1 at 9: the FIFO of PE0 is valid in cycles 2..10
  EXPECT_EQ(replay(e, make_trace(2, 1, {}), o), "done 1 0 0\npop 9 1 0\npop 10 0 0\nend 14\n");
}

TEST(ReplayDriver, FutureRequestsKeepTheReplayActive) {
  FakeEngine e(1, 1);
  e.snap = every(2, 0);
  const Trace t = make_trace(1, 1, {{100, 0, 0, -1, 1}});
  EXPECT_EQ(replay(e, t), "commit 101 0 0 -1\nend 104\n");
}

TEST(ReplayDriver, UnackedRequestsKeepTheReplayActive) {
  FakeEngine e(1, 2);
  e.snap = every(2, 0);
  for (uint64_t c = 0; c < 30; ++c) e.not_ready.insert({0, c});
  const Trace t = make_trace(1, 2, {{0, 0, 1, +1, 1}});
  EXPECT_EQ(replay(e, t), "commit 31 0 1 +1\nend 36\n");
}

TEST(ReplayDriver, ProtocolViolationsThrow) {
  FakeEngine spurious(1, 1);
  spurious.snap = every(2, 0);
  spurious.spurious_acks = {{0, 1}};
  EXPECT_THROW(replay(spurious, make_trace(1, 1, {})), dsbc::ReplayError);

  FakeEngine early_done(1, 1);
  early_done.dones = {{0, 0}};
  EXPECT_THROW(replay(early_done, make_trace(1, 1, {})), dsbc::ReplayError);
}

TEST(ReplayDriver, RejectsBadOptionsAndMismatchedConfig) {
  FakeEngine e(2, 2);
  ReplayOptions o;
  o.pop_stall = 1.0;
  EXPECT_THROW(replay(e, make_trace(2, 2, {}), o), std::invalid_argument);
  o = {};
  o.pop_period = 0;
  EXPECT_THROW(replay(e, make_trace(2, 2, {}), o), std::invalid_argument);
  EXPECT_THROW(replay(e, make_trace(3, 2, {})), std::invalid_argument);
}

TEST(ReplayStim, Format) {
  Trace t = make_trace(3, 4, {{0, 0, 1, +1, 5}, {7, 2, 3, -1, 6}});
  t.config.fifo_depth = 2;
  std::ostringstream out;
  dsbc::write_stim(t, out);
  EXPECT_EQ(out.str(), "3 4 8 2\n0 1 0 0\n2 3 1 7\n-1 -1 -1 -1\n");
}

}  // namespace
