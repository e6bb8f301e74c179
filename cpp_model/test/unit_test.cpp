// SPDX-License-Identifier: Apache-2.0
/// @file
/// Unit tests of the DSBC golden model. Every expected cycle number below is derived by
/// hand from docs/architecture.md (the arithmetic is written next to it), never copied
/// from the model's output. The last suite drives random traffic against an oracle that
/// re-derives counts, refusals and completions from the document's *definitions*
/// (commit history and snapshot cycles), not from the model's mechanism.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/stimulus.h"
#include "dsbc/unit.h"

namespace {

using dsbc::Config;
using dsbc::Inputs;
using dsbc::Outputs;
using dsbc::PeIn;
using dsbc::Unit;

Config make_config(int n, int m, int t, int d) {
  Config c;
  c.pes = n;
  c.barriers = m;
  c.count_bits = t;
  c.fifo_depth = d;
  c.sched = dsbc::Sched::kRr;  // these tests derive the round robin's timing (4c, 4d, 6)
  return c;
}

/// One observed ctl_done.
struct Done {
  uint64_t cycle;
  uint32_t barrier;
  uint64_t snap_cycle;
  bool operator==(const Done&) const = default;
};

/// Drives a Unit cycle by cycle and records what it observes. Inputs set before step()
/// apply to the current cycle only.
class Driver {
 public:
  explicit Driver(const Config& cfg)
      : unit(cfg),
        in{std::vector<PeIn>(static_cast<size_t>(cfg.pes))},
        auto_pop(static_cast<size_t>(cfg.pes), false),
        popped(static_cast<size_t>(cfg.pes)),
        accepts(static_cast<size_t>(cfg.pes)),
        queued(static_cast<size_t>(cfg.pes)) {}

  const Outputs& out() const { return unit.outputs(); }
  uint64_t cycle() const { return unit.cycle(); }

  void produce(int pe, uint32_t barrier) { request(pe, barrier, false); }
  void consume(int pe, uint32_t barrier) { request(pe, barrier, true); }
  void request(int pe, uint32_t barrier, bool dec) {
    PeIn& p = in.pe[static_cast<size_t>(pe)];
    p.req_valid = true;
    p.req_barrier = barrier;
    p.req_dec = dec;
  }
  void pop(int pe) { in.pe[static_cast<size_t>(pe)].fifo_pop = true; }
  /// Queues `count` requests of `pe`, presented one after another from cycle `from` on, each
  /// held until accepted (as a PE does: req_ready is low in snapshot and completion cycles).
  /// A request set for the current cycle with produce()/consume() goes first.
  void queue(int pe, uint64_t from, uint32_t barrier, bool dec, int count) {
    for (int i = 0; i < count; ++i) queued[static_cast<size_t>(pe)].push_back({from, barrier, dec});
  }
  bool queues_empty() const {
    return std::all_of(queued.begin(), queued.end(), [](const auto& q) { return q.empty(); });
  }

  void step() {
    const Outputs& o = out();
    if (o.global.snap) snaps.push_back(cycle());
    if (o.global.done) {
      dones.push_back({cycle(), o.global.done_barrier, unit.done_snapshot_cycle()});
    }
    for (size_t i = 0; i < in.pe.size(); ++i) {
      if (auto_pop[i]) in.pe[i].fifo_pop = true;
      if (o.pe[i].fifo_valid && in.pe[i].fifo_pop) popped[i].push_back(o.pe[i].fifo_barrier);
      auto& q = queued[i];
      const bool from_queue = !in.pe[i].req_valid && !q.empty() && q.front().from <= cycle();
      if (from_queue) {
        in.pe[i].req_valid = true;
        in.pe[i].req_barrier = q.front().barrier;
        in.pe[i].req_dec = q.front().dec;
      }
      if (in.pe[i].req_valid && o.pe[i].req_ready) {
        accepts[i].push_back(cycle());
        if (from_queue) q.pop_front();
      }
    }
    unit.step(in);
    for (PeIn& p : in.pe) p = PeIn{};
  }
  void run_to(uint64_t c) {
    while (cycle() < c) step();
  }

  Unit unit;
  Inputs in;
  std::vector<bool> auto_pop;
  std::vector<uint64_t> snaps;
  std::vector<Done> dones;
  std::vector<std::vector<uint32_t>> popped;
  std::vector<std::vector<uint64_t>> accepts;  ///< per PE: cycles a request was accepted in
  struct Queued {
    uint64_t from;
    uint32_t barrier;
    bool dec;
  };
  std::vector<std::deque<Queued>> queued;
};

std::vector<uint64_t> snaps_up_to(const Driver& d, uint64_t last) {
  std::vector<uint64_t> r;
  for (uint64_t s : d.snaps) {
    if (s <= last) r.push_back(s);
  }
  return r;
}

// =======================================================================================
// Config
// =======================================================================================

struct IllegalCase {
  Config cfg;
  std::string name;
  std::string range;
};

TEST(ConfigTest, RejectsEachIllegalParameterNamingIt) {
  const Config ok = make_config(4, 4, 16, 8);
  std::vector<IllegalCase> cases;
  auto with = [&](auto setter, const std::string& name, const std::string& range) {
    Config c = ok;
    setter(c);
    cases.push_back({c, name, range});
  };
  with([](Config& c) { c.pes = 0; }, "pes", "legal 1..256");
  with([](Config& c) { c.pes = 257; }, "pes", "legal 1..256");
  with([](Config& c) { c.barriers = 0; }, "barriers", "legal 1..1024");
  with([](Config& c) { c.barriers = 1025; }, "barriers", "legal 1..1024");
  with([](Config& c) { c.count_bits = 7; }, "count_bits", "legal 8..32");
  with([](Config& c) { c.count_bits = 33; }, "count_bits", "legal 8..32");
  with([](Config& c) { c.fifo_depth = 0; }, "fifo_depth", "legal 1..1024");
  with([](Config& c) { c.fifo_depth = 1025; }, "fifo_depth", "legal 1..1024");
  for (const IllegalCase& tc : cases) {
    SCOPED_TRACE(tc.cfg.to_string());
    try {
      tc.cfg.validate();
      ADD_FAILURE() << "validate() accepted an illegal " << tc.name;
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(tc.name), std::string::npos) << what;
      EXPECT_NE(what.find(tc.range), std::string::npos) << what;
    }
    EXPECT_THROW(Unit u(tc.cfg), std::invalid_argument);
  }
}

TEST(ConfigTest, MessageFormat) {
  Config c = make_config(4, 4, 4, 8);
  try {
    c.validate();
    FAIL() << "count_bits = 4 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "count_bits = 4 is out of range: legal 8..32");
  }
}

TEST(ConfigTest, AcceptsEdges) {
  EXPECT_NO_THROW(make_config(1, 1, 8, 1).validate());
  EXPECT_NO_THROW(make_config(256, 1024, 32, 1024).validate());
  EXPECT_NO_THROW(make_config(1, 1024, 8, 1024).validate());
  EXPECT_NO_THROW(make_config(256, 1, 32, 1).validate());
  EXPECT_NO_THROW(Unit u(make_config(1, 1, 8, 1)));
  EXPECT_NO_THROW(Unit u(make_config(256, 1024, 32, 1024)));
}

TEST(ConfigTest, DerivedWidths) {
  // BW = max(1, clog2 M).
  EXPECT_EQ(make_config(1, 1, 8, 1).barrier_bits(), 1);
  EXPECT_EQ(make_config(1, 2, 8, 1).barrier_bits(), 1);
  EXPECT_EQ(make_config(1, 3, 8, 1).barrier_bits(), 2);
  EXPECT_EQ(make_config(1, 4, 8, 1).barrier_bits(), 2);
  EXPECT_EQ(make_config(1, 5, 8, 1).barrier_bits(), 3);
  EXPECT_EQ(make_config(1, 1024, 8, 1).barrier_bits(), 10);
  // w = clog2 N, Q = T + w.
  EXPECT_EQ(make_config(1, 1, 8, 1).sum_extra_bits(), 0);
  EXPECT_EQ(make_config(2, 1, 8, 1).sum_extra_bits(), 1);
  EXPECT_EQ(make_config(3, 1, 8, 1).sum_extra_bits(), 2);
  EXPECT_EQ(make_config(4, 1, 8, 1).sum_extra_bits(), 2);
  EXPECT_EQ(make_config(5, 1, 8, 1).sum_extra_bits(), 3);
  EXPECT_EQ(make_config(256, 1, 8, 1).sum_extra_bits(), 8);
  EXPECT_EQ(make_config(3, 1, 8, 1).q(), 10);
  EXPECT_EQ(make_config(256, 1, 32, 1).q(), 40);
}

TEST(ConfigTest, LatencyBoundFormula) {
  // M*(Q+4) + 5 + floor(log2 N) + (M == 1 ? 2 : 0).
  // N=16 M=32 T=16: Q = 20, 32*24 + 5 + 4 = 777.
  EXPECT_EQ(make_config(16, 32, 16, 8).latency_bound(), 777);
  // N=1 M=1 T=8: Q = 8, 1*12 + 5 + 0 + 2 = 19.
  EXPECT_EQ(make_config(1, 1, 8, 1).latency_bound(), 19);
  // N=3 M=1 T=8: Q = 10, 14 + 5 + 1 + 2 = 22.
  EXPECT_EQ(make_config(3, 1, 8, 1).latency_bound(), 22);
  // N=4 M=4 T=8: Q = 10, 4*14 + 5 + 2 = 63.
  EXPECT_EQ(make_config(4, 4, 8, 1).latency_bound(), 63);
  // N=256 M=1024 T=32: Q = 40, 1024*44 + 5 + 8 = 45069; the document's upper estimate
  // M*(T + clog2 N + 5) + 32 = 1024*45 + 32 = 46112 is not exceeded.
  EXPECT_EQ(make_config(256, 1024, 32, 1).latency_bound(), 45069);
  EXPECT_LE(make_config(256, 1024, 32, 1).latency_bound(), 1024 * 45 + 32);
}

TEST(ConfigTest, ToString) { EXPECT_EQ(make_config(16, 32, 16, 8).to_string(), "N=16 M=32 T=16 D=8"); }

// =======================================================================================
// Input validation
// =======================================================================================

TEST(InputTest, WrongPeCountThrows) {
  Unit u(make_config(3, 2, 8, 2));
  Inputs in;
  in.pe.resize(2);
  EXPECT_THROW(u.step(in), std::invalid_argument);
  in.pe.resize(4);
  EXPECT_THROW(u.step(in), std::invalid_argument);
  EXPECT_EQ(u.cycle(), 0U);  // a rejected step does not advance
  in.pe.resize(3);
  EXPECT_NO_THROW(u.step(in));
  EXPECT_EQ(u.cycle(), 1U);
}

TEST(InputTest, HintOfWrongSizeThrows) {
  Unit u(make_config(65, 2, 8, 2));  // two mask words
  Inputs in;
  in.pe.resize(65);
  in.active.assign(1, 0);
  EXPECT_THROW(u.step(in), std::invalid_argument);
  in.active.assign(3, 0);
  EXPECT_THROW(u.step(in), std::invalid_argument);
  EXPECT_EQ(u.cycle(), 0U);
  in.active.assign(2, 0);
  EXPECT_NO_THROW(u.step(in));
  in.active.clear();
  EXPECT_NO_THROW(u.step(in));
}

// The hint (Inputs::active) only saves the model a pass over the inputs: a unit given the
// stimulus agents' hint, one given none and one given every bit set must present the same
// outputs in every cycle, and the agents' hint must name every PE with a request or a pop.
TEST(InputTest, HintChangesNoOutput) {
  dsbc::StimulusOptions busy;
  busy.start_prob = 0.2;
  for (const dsbc::Sched sched : {dsbc::Sched::kRr, dsbc::Sched::kArb}) {
    for (const int n : {1, 7, 16, 65, 130}) {
      Config cfg = make_config(n, 8, 8, 2);
      cfg.sched = sched;
      Unit hinted(cfg), plain(cfg), all(cfg);
      dsbc::Stimulus stim(cfg, busy, 77);
      Inputs in;
      Inputs none;
      Inputs every;
      uint64_t requests = 0, pops = 0;
      // 8,000 cycles: over 4,000 the request count varies from seed to seed between a few
      // hundred and a few thousand (N = 130: 371 to 2,548 over 20 seeds, 507 to 3,979 with the
      // streams before the acts were gaps), too close to the floor below; over 8,000 it is
      // 2,342 or more.
      for (uint64_t k = 0; k < 8000; ++k) {
        stim.next(k, hinted.outputs(), in);
        ASSERT_EQ(in.active.size(), (static_cast<size_t>(n) + 63) / 64);
        for (size_t i = 0; i < in.pe.size(); ++i) {
          const bool bit = (in.active[i / 64] >> (i % 64) & 1) != 0;
          ASSERT_EQ(bit, in.pe[i].req_valid || in.pe[i].fifo_pop) << cfg.to_string() << " cycle " << k << " PE " << i;
          requests += in.pe[i].req_valid ? 1 : 0;
          pops += in.pe[i].fifo_pop ? 1 : 0;
        }
        none.pe = in.pe;
        every.pe = in.pe;
        every.active.assign(in.active.size(), ~uint64_t{0});
        hinted.step(in);
        plain.step(none);
        all.step(every);
        ASSERT_EQ(hinted.outputs(), plain.outputs()) << cfg.to_string() << " cycle " << k;
        ASSERT_EQ(hinted.outputs(), all.outputs()) << cfg.to_string() << " cycle " << k;
      }
      EXPECT_GT(requests, 400U) << cfg.to_string();  // every run exercises both inputs
      EXPECT_GT(pops, 20U) << cfg.to_string();
    }
  }
}

TEST(InputTest, IntrospectionRangeChecked) {
  Unit u(make_config(2, 3, 8, 2));
  EXPECT_THROW(static_cast<void>(u.count(2, 0)), std::out_of_range);
  EXPECT_THROW(static_cast<void>(u.count(-1, 0)), std::out_of_range);
  EXPECT_THROW(static_cast<void>(u.open(0, 3)), std::out_of_range);
  EXPECT_EQ(u.count(1, 2), 0);
  EXPECT_FALSE(u.open(1, 2));
}

// =======================================================================================
// Initialisation and the round robin (4a, 4c)
// =======================================================================================

TEST(InitTest, ReadyLowForMCyclesThenFirstSnapAtM) {
  // M = 5: cycles 0..4 clear the RAM, first ctl_load in cycle 5, where ready is low too
  // (the snapshot takes the read port, section 3). PE0 holds a request from cycle 0: only
  // the one in cycle 6 is accepted, acked in 7, committed in 7, visible from 8.
  Driver d(make_config(3, 5, 8, 2));
  for (uint64_t c = 0; c <= 6; ++c) {
    ASSERT_EQ(d.cycle(), c);
    for (const auto& p : d.out().pe) {
      EXPECT_EQ(p.req_ready, c == 6) << "cycle " << c;
      EXPECT_FALSE(p.ack_valid) << "cycle " << c;
      EXPECT_FALSE(p.fifo_valid) << "cycle " << c;
    }
    EXPECT_EQ(d.out().global.snap, c == 5) << "cycle " << c;
    EXPECT_FALSE(d.out().global.done);
    EXPECT_EQ(d.out().global.done_barrier, c <= 5 ? 4U : 0U) << "CNT2 resets to M-1, advances in 5";
    d.produce(0, 1);
    d.step();
  }
  EXPECT_TRUE(d.out().pe[0].ack_valid);
  EXPECT_FALSE(d.out().pe[0].ack_refused);
  EXPECT_FALSE(d.out().pe[1].ack_valid);
  EXPECT_EQ(d.unit.count(0, 1), 0);  // committed in cycle 7, not yet visible
  EXPECT_EQ(d.out().global.done_barrier, 0U) << "CNT2 advanced in cycle 5";
  d.step();
  EXPECT_FALSE(d.out().pe[0].ack_valid);
  EXPECT_EQ(d.unit.count(0, 1), 1);
  EXPECT_TRUE(d.unit.open(0, 1));
}

TEST(InitTest, UnusedBarriersTakeThreeCyclesEach) {
  // Nothing used: every word exits at the open slot (s+2) and the next load is s+3.
  // M = 4: loads at 4, 7, 10, 13, 16, ... and CNT2 (done_barrier) reads 3 up to cycle 4,
  // then 0 in 5..7, 1 in 8..10, 2 in 11..13, 3 in 14..16, 0 in 17..19.
  Driver d(make_config(2, 4, 8, 2));
  const uint32_t expected_cnt2[] = {3, 3, 3, 3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0};
  for (uint64_t c = 0; c < 20; ++c) {
    EXPECT_EQ(d.out().global.done_barrier, expected_cnt2[c]) << "cycle " << c;
    d.step();
  }
  d.run_to(400);
  std::vector<uint64_t> expected;
  for (uint64_t s = 4; s < 400; s += 3) expected.push_back(s);
  EXPECT_EQ(d.snaps, expected);
  EXPECT_TRUE(d.dones.empty());
}

// =======================================================================================
// Summation (4b)
// =======================================================================================

TEST(SummationTest, SingleProduceConsume) {
  // N=2 M=2 T=8 D=4, so Q = 8 + clog2(2) = 9. Cycles 0..1 initialise.
  // PE0: produce b0 accepted in 3 (commit 4), consume b0 accepted in 4 (commit 5); cycle 2
  // is a snapshot cycle, where no request is accepted.
  // Loads: 2 (b0: word as of start of 2 is {0,0}: open sum 0 at s+2 = 4, exit, next 5),
  //        5 (b1: unused, exit at 7, next 8),
  //        8 (b0: PE0 {open 1, count 0}, PE1 {0,0}; slot 0 at 10: sum 1, go on; slot 1 at
  //           11: no FIFO full in 9; count slots j = 0..8 in cycles 12..20, every column 0;
  //           complete decided in 20 = s+Q+3; ctl_done in d = 21 = 8+9+4, with ctl_load
  //           of b1: unused, exit at 23), 24 (b0: rebased in 22, closed, exit 26), 27 (b1).
  // Ready is low in every snapshot cycle (ctl_done is one of them).
  const uint64_t d_cycle = 21;
  const std::vector<uint64_t> snap_cycles{2, 5, 8, 21, 24, 27};
  Driver d(make_config(2, 2, 8, 4));
  while (d.cycle() < 30) {
    const uint64_t c = d.cycle();
    const auto& o = d.out();
    const bool snap = std::count(snap_cycles.begin(), snap_cycles.end(), c) != 0;
    if (c == 3) d.produce(0, 0);
    if (c == 4) d.consume(0, 0);
    EXPECT_EQ(o.pe[0].ack_valid, c == 4 || c == 5) << "cycle " << c;
    EXPECT_FALSE(o.pe[0].ack_refused);
    EXPECT_FALSE(o.pe[1].ack_valid);
    if (c == 5) {
      EXPECT_EQ(d.unit.count(0, 0), 1);
      EXPECT_TRUE(d.unit.open(0, 0));
    }
    if (c == 6) {
      EXPECT_EQ(d.unit.count(0, 0), 0);
      EXPECT_TRUE(d.unit.open(0, 0));
    }
    for (int pe = 0; pe < 2; ++pe) {
      EXPECT_EQ(o.pe[pe].req_ready, c >= 2 && !snap) << "cycle " << c;
      EXPECT_EQ(o.pe[pe].fifo_valid, c == d_cycle + 1) << "cycle " << c;
      EXPECT_EQ(o.pe[pe].fifo_barrier, 0U);
    }
    if (c == d_cycle) {
      EXPECT_TRUE(o.global.done);
      EXPECT_EQ(o.global.done_barrier, 0U);
      EXPECT_EQ(d.unit.done_snapshot_cycle(), 8U);
    }
    if (c == d_cycle + 1) {
      d.pop(0);
      d.pop(1);
      // The rebase commits in d+1: still open now, closed from d+2.
      EXPECT_TRUE(d.unit.open(0, 0));
      EXPECT_EQ(o.global.done_barrier, 1U);
    }
    if (c == d_cycle + 2) {
      EXPECT_FALSE(d.unit.open(0, 0));
      EXPECT_EQ(d.unit.count(0, 0), 0);
    }
    d.step();
  }
  EXPECT_EQ(snaps_up_to(d, 29), snap_cycles);
  d.run_to(500);
  EXPECT_EQ(d.dones, (std::vector<Done>{{d_cycle, 0, 8}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{0}));
  EXPECT_EQ(d.popped[1], (std::vector<uint32_t>{0}));
}

TEST(SummationTest, RequestHeldDuringDoneIsAcceptedNextCycle) {
  // Same schedule as SingleProduceConsume (d = 21). PE1 holds a produce of b1 in 21 and
  // 22: ready is low in 21, so only 22 accepts, acked in 23 (not 22).
  Driver d(make_config(2, 2, 8, 4));
  while (d.cycle() < 25) {
    const uint64_t c = d.cycle();
    if (c == 3) d.produce(0, 0);
    if (c == 4) d.consume(0, 0);
    if (c == 21 || c == 22) d.produce(1, 1);
    EXPECT_EQ(d.out().pe[1].ack_valid, c == 23) << "cycle " << c;
    d.step();
  }
  EXPECT_EQ(d.dones, (std::vector<Done>{{21, 0, 8}}));
  EXPECT_EQ(d.unit.count(1, 1), 1);  // exactly one commit (in 23)
}

TEST(SummationTest, BackToBackSameBarrierAllCounted) {
  // N=1 M=2 T=8 (Q = 8). Loads (snapshot cycles, ready low) at 2, 5, 8, 13, 16 (below).
  // PE0: produce b0 in 3, 4, 6, 7, consume in 9..12: commits one cycle later, +1 in 4, 5,
  // 7, 8 and -1 in 10..13 (two pairs and a run of four on consecutive cycles).
  // count(start of c) = commits before c: 3->0 4->0 5->1 6->2 7->2 8->3 9->4 10->4 11->3
  // 12->2 13->1 14->0.
  // Loads: 2 (b0 empty, exit 4), 5 (b1, exit 7), 8 (b0: count 3 (the commit of 8 is not
  // in it), open; 3 is odd so count slot 0 at 8+4 = 12 exits, next 13), 13 (b1, exit 15),
  // 16 (b0: count 0, open -> complete, d = 16+8+4 = 28).
  Driver d(make_config(1, 2, 8, 4));
  const int64_t expected_count[] = {0, 0, 1, 2, 2, 3, 4, 4, 3, 2, 1, 0};  // cycles 3..14
  while (d.cycle() < 40) {
    const uint64_t c = d.cycle();
    if (c == 3 || c == 4 || c == 6 || c == 7) d.produce(0, 0);
    if (c >= 9 && c <= 12) d.consume(0, 0);
    const bool acked = c == 4 || c == 5 || c == 7 || c == 8 || (c >= 10 && c <= 13);
    EXPECT_EQ(d.out().pe[0].ack_valid, acked) << "cycle " << c;
    EXPECT_FALSE(d.out().pe[0].ack_refused) << "cycle " << c;
    if (c >= 3 && c <= 14) {
      EXPECT_EQ(d.unit.count(0, 0), expected_count[c - 3]) << "cycle " << c;
    }
    d.step();
  }
  EXPECT_EQ(snaps_up_to(d, 28), (std::vector<uint64_t>{2, 5, 8, 13, 16, 28}));
  EXPECT_EQ(d.dones, (std::vector<Done>{{28, 0, 16}}));
}

TEST(SummationTest, OverflowAtPositiveLimitRefused) {
  // N=1 M=1 T=8: counts live in [-128, 127]. PE0 presents 128 produces back to back from
  // cycle 1, each held until accepted (ready is low in the snapshot cycles, section 3): the
  // first 127 commit (count 127); the 128th would make 128 and is refused, one cycle after
  // its acceptance. Then one consume: 126. No completion can happen (the count is never 0
  // once open), so ready is low only in snapshot cycles.
  Driver d(make_config(1, 1, 8, 1));
  d.queue(0, 1, 0, false, 128);
  size_t consumes = 0;
  while (d.cycle() < 600) {
    const uint64_t c = d.cycle();
    const auto& o = d.out();
    EXPECT_EQ(o.pe[0].req_ready, c >= 1 && !o.global.snap) << "cycle " << c;
    const auto& acc = d.accepts[0];
    const bool acked = !acc.empty() && acc.back() + 1 == c;
    EXPECT_EQ(o.pe[0].ack_valid, acked) << "cycle " << c;
    EXPECT_EQ(o.pe[0].ack_refused, acked && acc.size() == 128) << "cycle " << c;
    if (acked && acc.size() == 128) {
      EXPECT_EQ(d.unit.count(0, 0), 127) << "cycle " << c;
    }
    if (acc.size() == 128 && !acked && consumes == 0) {
      EXPECT_EQ(d.unit.count(0, 0), 127) << "refused: unchanged";
      d.queue(0, c, 0, true, 1);
      consumes = 1;
    }
    d.step();
  }
  EXPECT_EQ(d.accepts[0].size(), 129U);
  EXPECT_EQ(d.unit.count(0, 0), 126);
  EXPECT_TRUE(d.dones.empty());
}

TEST(SummationTest, OverflowAtNegativeLimitRefused) {
  // Mirror image: 128 consumes reach -128 = -2^(T-1), which is legal; the 129th is refused
  // one cycle after its acceptance. Then one produce: -127.
  Driver d(make_config(1, 1, 8, 1));
  d.queue(0, 1, 0, true, 129);
  bool produced = false;
  while (d.cycle() < 600) {
    const uint64_t c = d.cycle();
    const auto& o = d.out();
    const auto& acc = d.accepts[0];
    const bool acked = !acc.empty() && acc.back() + 1 == c;
    EXPECT_EQ(o.pe[0].ack_valid, acked) << "cycle " << c;
    EXPECT_EQ(o.pe[0].ack_refused, acked && acc.size() == 129) << "cycle " << c;
    if (acc.size() == 129 && !acked && !produced) {
      EXPECT_EQ(d.unit.count(0, 0), -128);
      d.queue(0, c, 0, false, 1);
      produced = true;
    }
    d.step();
  }
  EXPECT_EQ(d.accepts[0].size(), 130U);
  EXPECT_EQ(d.unit.count(0, 0), -127);
  EXPECT_TRUE(d.dones.empty());
}

TEST(SummationTest, BarrierIdOutOfRangeRefused) {
  // M = 3, so BW = 2 and ID 3 fits on the port but is >= M: refused, nothing written,
  // nothing opened, so nothing is ever reported.
  // Cycle 3 is the first snapshot (ready low); the request is presented in 4.
  Driver d(make_config(2, 3, 8, 2));
  d.run_to(4);
  d.produce(1, 3);
  d.step();
  EXPECT_TRUE(d.out().pe[1].ack_valid);
  EXPECT_TRUE(d.out().pe[1].ack_refused);
  d.run_to(300);
  for (int pe = 0; pe < 2; ++pe) {
    for (uint32_t b = 0; b < 3; ++b) {
      EXPECT_EQ(d.unit.count(pe, b), 0);
      EXPECT_FALSE(d.unit.open(pe, b));
    }
  }
  EXPECT_TRUE(d.dones.empty());
}

TEST(SummationTest, BarrierIdWiderThanPortThrows) {
  // ID 4 needs 3 bits; req_barrier_i is BW = 2 bits wide for M = 3. Presented in cycle 4,
  // the first with ready high (cycle 3 is the first snapshot).
  Unit u(make_config(2, 3, 8, 2));
  Inputs in{std::vector<PeIn>(2)};
  for (int c = 0; c < 4; ++c) u.step(in);
  in.pe[0] = PeIn{true, 4, false, false};
  EXPECT_THROW(u.step(in), std::invalid_argument);
  // Not checked while not accepted (valid low): the ID is a don't-care then.
  in.pe[0].req_valid = false;
  EXPECT_NO_THROW(u.step(in));
}

// =======================================================================================
// Completion and rebase (4c, 4d)
// =======================================================================================

TEST(CompletionTest, NonzeroLocalCountsReportedOnceAndRebased) {
  // N=2 M=2 T=8 D=4, Q = 9. PE0 +1 and PE1 -1 on b1, both accepted in 3 (2 is a snapshot
  // cycle), committed in 4.
  // Loads: 2 (b0 empty, exit at 4), 5 (b1). Snapshot of b1 at 5: PE0 {1, +1},
  // PE1 {1, -1}. Slot 0 (7): open sum 2, go on. Slot 1 (8): no FIFO full in 6.
  // Q-bit two's complement: +1 = 000000001, -1 = 111111111.
  //   j=0 (cycle 9):  S = 2, x = 2 + 0 = 2 even, carry 1
  //   j=1..8 (10..17): S = 1 (only PE1), x = 1 + 1 = 2 even, carry 1
  // Complete decided at 17 (j = Q-1), ctl_done d = 18 = 5+9+4 with ctl_load of b0.
  // Rebase committed in 19: counts 0/0 visible from 20.
  Driver d(make_config(2, 2, 8, 4));
  while (d.cycle() < 21) {
    const uint64_t c = d.cycle();
    if (c == 3) {
      d.produce(0, 1);
      d.consume(1, 1);
    }
    if (c == 18) {
      EXPECT_TRUE(d.out().global.done);
      EXPECT_TRUE(d.out().global.snap);
      EXPECT_EQ(d.out().global.done_barrier, 1U);
    }
    if (c == 19) {
      for (int pe = 0; pe < 2; ++pe) {
        EXPECT_TRUE(d.out().pe[pe].fifo_valid);
        EXPECT_EQ(d.out().pe[pe].fifo_barrier, 1U);
        d.pop(pe);
      }
      EXPECT_EQ(d.unit.count(0, 1), 1);
      EXPECT_EQ(d.unit.count(1, 1), -1);
    }
    d.step();
  }
  EXPECT_EQ(d.unit.count(0, 1), 0);
  EXPECT_EQ(d.unit.count(1, 1), 0);
  EXPECT_FALSE(d.unit.open(0, 1));
  EXPECT_FALSE(d.unit.open(1, 1));
  for (int pe = 0; pe < 2; ++pe) d.auto_pop[static_cast<size_t>(pe)] = true;
  d.run_to(600);
  EXPECT_EQ(d.dones, (std::vector<Done>{{18, 1, 5}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{1}));
  EXPECT_EQ(d.popped[1], (std::vector<uint32_t>{1}));
}

TEST(CompletionTest, NeverUsedBarrierNeverReported) {
  // N=4 M=4: only barrier 2 is ever used (PE3 +1 then -1); over a long run exactly one
  // completion happens, for barrier 2, and 0, 1, 3 are never reported.
  Driver d(make_config(4, 4, 8, 4));
  for (size_t pe = 0; pe < 4; ++pe) d.auto_pop[pe] = true;
  while (d.cycle() < 2000) {
    if (d.cycle() == 50) d.produce(3, 2);
    if (d.cycle() == 60) d.consume(3, 2);
    d.step();
  }
  ASSERT_EQ(d.dones.size(), 1U);
  EXPECT_EQ(d.dones[0].barrier, 2U);
  for (size_t pe = 0; pe < 4; ++pe) EXPECT_EQ(d.popped[pe], (std::vector<uint32_t>{2}));
}

TEST(CompletionTest, SingleBarrierM1) {
  // N=1 M=1 T=8 D=4, Q = 8. Cycle 0 initialises; loads from 1 (ready low in each).
  // PE0 +1 in 2 (commit 3), -1 in 3 (commit 4).
  // Loads: 1 (open 0 -> exit at 3), 4 (count 1: the -1 commits in 4 itself; slot 0 at 6,
  // slot 1 at 7, count slot 0 at 8 is odd -> exit, next 9), 9 (count 0, open 1: count
  // slots at 13..20, complete decided at 20, d = 21 = 9+8+4). M == 1: no ctl_load in d,
  // the next is at d+2 = 23, after the rebase committed in 22. At 23 the word is closed:
  // exit at 25, loads 26, 29, ... every 3 cycles.
  const std::vector<uint64_t> snap_cycles{1, 4, 9, 23, 26, 29};
  Driver d(make_config(1, 1, 8, 4));
  while (d.cycle() <= 30) {
    const uint64_t c = d.cycle();
    const bool snap = std::count(snap_cycles.begin(), snap_cycles.end(), c) != 0;
    if (c == 2) d.produce(0, 0);
    if (c == 3) d.consume(0, 0);
    EXPECT_EQ(d.out().pe[0].req_ready, c >= 1 && c != 21 && !snap) << "cycle " << c;
    EXPECT_EQ(d.out().pe[0].fifo_valid, c >= 22) << "cycle " << c;
    EXPECT_EQ(d.out().global.done_barrier, 0U);
    if (c == 22) {
      EXPECT_TRUE(d.unit.open(0, 0));
    }
    if (c == 23) {
      EXPECT_FALSE(d.unit.open(0, 0));
    }
    d.step();
  }
  EXPECT_EQ(snaps_up_to(d, 30), snap_cycles);
  EXPECT_EQ(d.dones, (std::vector<Done>{{21, 0, 9}}));
  d.run_to(500);
  EXPECT_EQ(d.dones.size(), 1U);
}

TEST(CompletionTest, CommitAfterSnapshotKeepsWordOpen) {
  // As SingleBarrierM1 (first completion d = 21, snapshot 9), plus a second epoch whose
  // +1 (accepted 19, committed 20) and -1 (accepted 20, committed 21 = d) both fall in
  // s..d: touched, so the rebase in 22 leaves count 0 - 0 = 0 and open = 1. The load at
  // 23 sees it and completes at 23+8+4 = 35; next load at 37. The rebase in 36 finds no
  // commit in 23..35, so the word is closed from 37 on.
  Driver d(make_config(1, 1, 8, 4));
  d.auto_pop[0] = true;
  while (d.cycle() < 45) {
    const uint64_t c = d.cycle();
    if (c == 2 || c == 19) d.produce(0, 0);
    if (c == 3 || c == 20) d.consume(0, 0);
    if (c == 21) {
      EXPECT_TRUE(d.out().pe[0].ack_valid);  // committed in d itself
    }
    if (c == 23) {
      EXPECT_TRUE(d.unit.open(0, 0));
      EXPECT_EQ(d.unit.count(0, 0), 0);
    }
    if (c == 37) {
      EXPECT_FALSE(d.unit.open(0, 0));
    }
    d.step();
  }
  EXPECT_EQ(snaps_up_to(d, 40), (std::vector<uint64_t>{1, 4, 9, 23, 37, 40}));
  EXPECT_EQ(d.dones, (std::vector<Done>{{21, 0, 9}, {35, 0, 23}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{0, 0}));
}

TEST(CompletionTest, RebaseSubtractsSnapshotKeepsLaterCommits) {
  // N=2 M=2 T=8, Q = 9. Epoch 1: PE0 +1, PE1 -1 committed in 4 (as
  // NonzeroLocalCountsReportedOnceAndRebased: snapshot of b1 at 5, d = 18). PE0 then
  // produces b1 again, accepted 9, committed 10 (after the snapshot): at the rebase in
  // 19 PE0 has count 2, snap 1 -> 1, open (touched); PE1 has -1 - (-1) = 0, not touched
  // -> closed.
  Driver d(make_config(2, 2, 8, 4));
  while (d.cycle() < 21) {
    if (d.cycle() == 3) {
      d.produce(0, 1);
      d.consume(1, 1);
    }
    if (d.cycle() == 9) d.produce(0, 1);
    d.step();
  }
  EXPECT_EQ(d.dones, (std::vector<Done>{{18, 1, 5}}));
  EXPECT_EQ(d.unit.count(0, 1), 1);
  EXPECT_TRUE(d.unit.open(0, 1));
  EXPECT_EQ(d.unit.count(1, 1), 0);
  EXPECT_FALSE(d.unit.open(1, 1));
}

// =======================================================================================
// Full FIFO (4c slot 1, 5.4)
// =======================================================================================

class FifoFullTest : public ::testing::TestWithParam<uint64_t> {};

TEST_P(FifoFullTest, DepthOneCompletionWaitsForPop) {
  // N=2 M=2 T=8 D=1, Q = 9. PE0 +1/-1 on b0 in 3/4 (commits 4/5); as in
  // SingleProduceConsume b0 completes at d0 = 21 (snapshot 8) and both FIFOs receive 0,
  // valid from 22. PE0 always pops; PE1 pops only in cycle P.
  // PE1 +1/-1 on b1 accepted in 22/23 (commits 23/24).
  // Loads: 21 (b1: unused at 21 -> exit 23), 24 (b0: rebased in 22, closed -> exit 26),
  //   27 (b1: PE1 {1, 0}; slot 1 at 30 looks at 28, PE1 full -> exit), 31 (b0, exit 33),
  //   34 (b1, full in 35, exit 37), 38 (b0, exit 40), 41 (b1, full in 42?) ...
  // P = 41: the pop in 41 empties PE1's FIFO from 42, so the word of 41 completes:
  //   d1 = 41 + 9 + 4 = 54.
  // P = 42: still full in 42, exit at 44; 45 (b0, exit 47); 48 (b1, empty in 49):
  //   d1 = 48 + 13 = 61.
  const uint64_t pop_cycle = GetParam();
  const uint64_t d1 = pop_cycle == 41 ? 54 : 61;
  const uint64_t s1 = d1 - 13;
  Driver d(make_config(2, 2, 8, 1));
  d.auto_pop[0] = true;
  while (d.cycle() < 700) {
    const uint64_t c = d.cycle();
    if (c == 3) d.produce(0, 0);
    if (c == 4) d.consume(0, 0);
    if (c == 22) d.produce(1, 1);
    if (c == 23) d.consume(1, 1);
    if (c == pop_cycle) d.pop(1);
    if (c > d1) d.auto_pop[1] = true;
    if (c >= 22 && c <= d1) {
      const bool valid = c <= pop_cycle;
      EXPECT_EQ(d.out().pe[1].fifo_valid, valid) << "cycle " << c;
      EXPECT_EQ(d.out().pe[1].fifo_barrier, 0U) << "cycle " << c;
    }
    if (c == d1 + 1) {
      EXPECT_TRUE(d.out().pe[1].fifo_valid);
      EXPECT_EQ(d.out().pe[1].fifo_barrier, 1U);
    }
    d.step();
  }
  EXPECT_EQ(d.dones, (std::vector<Done>{{21, 0, 8}, {d1, 1, s1}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(d.popped[1], (std::vector<uint32_t>{0, 1}));
}

INSTANTIATE_TEST_SUITE_P(PopCycle, FifoFullTest, ::testing::Values(41U, 42U));

TEST(FifoTest, PushAndPopSameCycle) {
  // N=1 M=2 T=8 D=2, Q = 8 (complete word: d = s+12; unused word: 3 cycles).
  // b0: +1/-1 accepted 3/4 (commits 4/5; 2 is a snapshot cycle). b1: +1/-1 accepted 9/10
  // (commits 10/11).
  // Loads: 2 (b0 open 0, exit 4), 5 (b1: nothing committed before 5, exit 7),
  //   8 (b0: count 0, open -> complete, d = 20, with the load of b1),
  //   20 (b1: count 0, open; FIFO in 21 holds one entry < D -> complete, d = 32).
  // The PE first pops in 32, the cycle b1 is pushed: pop of 0 and push of 1 together.
  // FIFO: {0} in 21..32, {1} in 33 (popped in 33), empty from 34.
  Driver d(make_config(1, 2, 8, 2));
  while (d.cycle() < 60) {
    const uint64_t c = d.cycle();
    if (c == 3 || c == 9) d.produce(0, c == 3 ? 0 : 1);
    if (c == 4 || c == 10) d.consume(0, c == 4 ? 0 : 1);
    if (c == 32 || c == 33) d.pop(0);
    EXPECT_EQ(d.out().pe[0].fifo_valid, c >= 21 && c <= 33) << "cycle " << c;
    EXPECT_EQ(d.out().pe[0].fifo_barrier, c == 33 ? 1U : 0U) << "cycle " << c;
    d.step();
  }
  EXPECT_EQ(d.dones, (std::vector<Done>{{20, 0, 8}, {32, 1, 20}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{0, 1}));
}

// =======================================================================================
// Non-power-of-two N: the Q = T + clog2 N word (4c, 5.1)
// =======================================================================================

TEST(NonPowerOfTwoTest, SumOfTwoToTheTDoesNotComplete) {
  // N=3 M=1 T=8: Q = 8 + clog2(3) = 10. PE0 and PE1 reach +127, PE2 +2: the sum is
  // 256 = 2^T, zero modulo 2^T (a T-bit-only check would wrongly complete) but not
  // modulo 2^Q. A multiple of 2^T other than 0 is reachable: |sum| <= 3*128 = 384, so
  // +256 and -256 are the only ones. With 10-bit words
  //   127 = 0001111111, 2 = 0000000010:
  //   j=0: S=2, x=2, carry 1;  j=1: S=3, x=4, carry 2;  j=2..6: S=2, x=4, carry 2;
  //   j=7: S=0, x=2, carry 1;  j=8: S=0, x=1 odd -> exit at s+12, next load s+13.
  // PE0/PE1 present 127 produces each, PE2 two, from cycle 1, each held until accepted
  // (ready is low in snapshot cycles): PE2's two commit first, and the sum is > 0 from then
  // on, so it is never zero while open.
  Driver d(make_config(3, 1, 8, 4));
  d.queue(0, 1, 0, false, 127);
  d.queue(1, 1, 0, false, 127);
  d.queue(2, 1, 0, false, 2);
  while (d.cycle() < 800) {
    if (d.out().pe[0].ack_valid) {
      EXPECT_FALSE(d.out().pe[0].ack_refused);
    }
    d.step();
  }
  ASSERT_TRUE(d.queues_empty());
  EXPECT_EQ(d.unit.count(0, 0) + d.unit.count(1, 0) + d.unit.count(2, 0), 256);
  EXPECT_TRUE(d.dones.empty());
  // Every word whose snapshot includes all commits (s after the last commit) exits at
  // count bit 8.
  const uint64_t last_commit = std::max(d.accepts[0].back(), d.accepts[1].back()) + 1;
  int checked = 0;
  for (size_t i = 0; i + 1 < d.snaps.size(); ++i) {
    if (d.snaps[i] > last_commit) {
      EXPECT_EQ(d.snaps[i + 1], d.snaps[i] + 13) << "snapshot " << d.snaps[i];
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(NonPowerOfTwoTest, SumOfMinusTwoToTheTDoesNotComplete) {
  // N=3 M=1 T=8, Q = 10. PE0 and PE1 reach -128 (the negative limit), PE2 stays unused:
  // sum -256, 10-bit pattern of -256 is 1100000000; of -128 1110000000:
  //   j=0..6: S=0, carry 0;  j=7: S=2, x=2, carry 1;  j=8: S=2, x=3 odd -> exit s+12.
  // The 128 consumes of each are held until accepted (ready is low in snapshot cycles).
  Driver d(make_config(3, 1, 8, 4));
  d.queue(0, 1, 0, true, 128);
  d.queue(1, 1, 0, true, 128);
  while (d.cycle() < 800) d.step();
  ASSERT_TRUE(d.queues_empty());
  EXPECT_EQ(d.unit.count(0, 0), -128);
  EXPECT_EQ(d.unit.count(1, 0), -128);
  EXPECT_TRUE(d.dones.empty());
  const uint64_t last_commit = std::max(d.accepts[0].back(), d.accepts[1].back()) + 1;
  int checked = 0;
  for (size_t i = 0; i + 1 < d.snaps.size(); ++i) {
    if (d.snaps[i] > last_commit) {
      EXPECT_EQ(d.snaps[i + 1], d.snaps[i] + 13);
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(NonPowerOfTwoTest, SumOfZeroCompletes) {
  // N=3 M=1 T=8, Q = 10. From cycle 1 PE0 presents 127 produces, PE1 128 consumes, PE2
  // one produce, each held until accepted. Ready is low in the snapshot cycles only (no
  // completion before the end), and every PE sees the same ready, so PE0 and PE1 are
  // accepted in the same cycles and PE2 in the first of them.
  // Loads: 1 (nothing committed, open 0, exit 3), then 4, 9, ..., 4+5k: the sum is 1 from
  // the commits of cycle 3 on (PE0 +1, PE1 -1, PE2 +1) and a sum of 1 exits at count slot
  // 0 (column 0 = 2*bit0(a) + 1 is odd): s+4, next s+5.
  // Accepting cycles: 2, 3, then 4 in each 5 (5..8, 10..13, ...): after the window of the
  // load 4+5k, 2 + 4(k+1) requests. k = 30 gives 126; the load of 159 (k = 31) is followed
  // by the 127th in 160 and PE1's 128th in 161 (commit 162): the sum is 0 from 162.
  // The load of 159 exits (sum 1); the load of 164 sees the sum 0 with every PE open and
  // completes: d = 164 + 10 + 4 = 178. Rebase in 179: all counts 0 from 180.
  // Latency from the closing commit (162): 16 <= latency_bound() = 22.
  const Config cfg = make_config(3, 1, 8, 4);
  Driver d(cfg);
  for (size_t pe = 0; pe < 3; ++pe) d.auto_pop[pe] = true;
  d.queue(0, 1, 0, false, 127);
  d.queue(1, 1, 0, true, 128);
  d.queue(2, 1, 0, false, 1);
  while (d.cycle() < 180) d.step();
  ASSERT_EQ(d.accepts[1].size(), 128U);
  EXPECT_EQ(d.accepts[1].back(), 161U);
  EXPECT_EQ(d.dones, (std::vector<Done>{{178, 0, 164}}));
  EXPECT_LE(178 - 162, cfg.latency_bound());
  for (int pe = 0; pe < 3; ++pe) {
    EXPECT_EQ(d.unit.count(pe, 0), 0);
    EXPECT_FALSE(d.unit.open(pe, 0));
  }
  d.run_to(600);
  EXPECT_EQ(d.dones.size(), 1U);
  for (size_t pe = 0; pe < 3; ++pe) EXPECT_EQ(d.popped[pe], (std::vector<uint32_t>{0}));
}

// =======================================================================================
// Latency (section 6)
// =======================================================================================

TEST(LatencyTest, WorstCaseClosingAtSnapshotMeetsBoundExactly) {
  // N=4 M=4 T=8: Q = 10, a full word is Q+4 = 14 cycles, latency_bound() = 4*14+5+2 = 63.
  // Setup (every PE the same): +1 on b2, then 128 consumes on each of b0, b1, b3, so b0,
  // b1, b3 each sum to -512 and b2 to +4. Their 10-bit patterns per PE: -128 = 1110000000
  // (j=7: S=4, carry 2; j=8: S=4, x=6, carry 3; j=9: x=7 odd: exit at the last slot, s+13,
  // next load s+14 -- as long as a completing word), +1 = 0000000001 (j=0: S=4, carry 2;
  // j=1: x=2, carry 1; j=2: x=1 odd: exit at s+6, next load s+7).
  // Then all four PEs consume b2 so that the commits land exactly in the cycle s of a
  // load of b2 (c = s): that word misses them and exits at s+6 (pre-closing sum N = 4,
  // first 1 bit at j = floor(log2 4) = 2), then b3 (s+7), b0 (s+21), b1 (s+35) take 14
  // each, b2 loads at s+49 with count 0 everywhere and completes at s+49+14 = s+63.
  const Config cfg = make_config(4, 4, 8, 4);
  ASSERT_EQ(cfg.latency_bound(), 63);
  Driver d(cfg);
  for (size_t pe = 0; pe < 4; ++pe) d.auto_pop[pe] = true;
  // Setup requests from cycle 4, each held until accepted (ready is low in snapshot
  // cycles): b2 +1, then 128 consumes each of b0, b1, b3.
  for (int pe = 0; pe < 4; ++pe) {
    d.queue(pe, 4, 2, false, 1);
    d.queue(pe, 4, 0, true, 128);
    d.queue(pe, 4, 1, true, 128);
    d.queue(pe, 4, 3, true, 128);
  }
  uint64_t consume_at = 0;  // acceptance cycle of the closing consumes (c - 1)
  uint64_t closing = 0;
  uint64_t settled = 0;  // a full pass after the last setup commit: every word is as above
  while (d.cycle() < 1200) {
    const uint64_t c = d.cycle();
    if (settled == 0 && d.queues_empty()) settled = c + 2 + 4 * 14;
    // A load of b1 after setup: CNT2 still shows 0 in the load cycle. b1 exits at the
    // last slot, so b2 is loaded 14 cycles later; accept the consumes one cycle earlier.
    if (closing == 0 && settled != 0 && c >= settled && d.out().global.snap && d.out().global.done_barrier == 0) {
      consume_at = c + 13;
      closing = c + 14;
    }
    if (closing != 0 && c == consume_at) {
      for (int pe = 0; pe < 4; ++pe) {
        ASSERT_TRUE(d.out().pe[pe].req_ready);
        d.consume(pe, 2);
      }
    }
    if (closing != 0 && c == closing) {
      EXPECT_TRUE(d.out().global.snap) << "b2 is loaded in the closing cycle";
      EXPECT_EQ(d.out().global.done_barrier, 1U);
      for (int pe = 0; pe < 4; ++pe) EXPECT_TRUE(d.out().pe[pe].ack_valid);
    }
    d.step();
  }
  ASSERT_NE(closing, 0U);
  ASSERT_EQ(d.dones.size(), 1U);
  EXPECT_EQ(d.dones[0], (Done{closing + 63, 2, closing + 49}));
  EXPECT_LE(static_cast<int64_t>(d.dones[0].cycle - closing), cfg.latency_bound());
}

TEST(LatencyTest, EpochClosedDuringCompletingWordWaitsOnePass) {
  // N=1 M=1 T=8, Q = 8, latency_bound() = 12 + 5 + 0 + 2 = 19.
  // Epoch 1: +1/-1 accepted 2/3, committed 3/4 (ready is low in the snapshot cycles 1, 4
  // and 9). Load 1 (open 0, exit 3); load 4 misses the -1 of cycle 4: count 1, exits at
  // count slot 0 (8), next 9; load 9: count 0 open -> completes, d = 21. Epoch 2: +1
  // accepted 8 (commit 9 = s), -1 accepted 10 (commit 11): both after the snapshot of 9,
  // so the completion in 21 covers epoch 1 only. The rebase in 22 gives count 0, open =
  // touched = 1; load at 23 completes at 35.
  // Epoch 2 closed in cycle 11 and is reported at 35: 24 cycles, more than the section-6
  // L_max of 19 (which only considers an *exiting* word at the closing commit). See the
  // report: the true worst case under one-completion-per-closing matching is
  // (M+1)(Q+4) [+2 if M == 1] = 2*12 + 2 = 26 here.
  const Config cfg = make_config(1, 1, 8, 4);
  Driver d(cfg);
  d.auto_pop[0] = true;
  while (d.cycle() < 100) {
    const uint64_t c = d.cycle();
    if (c == 2 || c == 8) d.produce(0, 0);
    if (c == 3 || c == 10) d.consume(0, 0);
    d.step();
  }
  EXPECT_EQ(d.dones, (std::vector<Done>{{21, 0, 9}, {35, 0, 23}}));
  EXPECT_EQ(d.popped[0], (std::vector<uint32_t>{0, 0}));
}

// =======================================================================================
// Random traffic against an oracle built from the document's definitions
// =======================================================================================

/// Commit history of one (PE, barrier): commit cycles and running sums, for range sums.
struct History {
  std::vector<uint64_t> cycle;
  std::vector<int64_t> prefix;  ///< prefix[i] = sum of deltas of commits 0..i
  void add(uint64_t c, int64_t delta) {
    cycle.push_back(c);
    prefix.push_back((prefix.empty() ? 0 : prefix.back()) + delta);
  }
  /// Sum and count of the commits in cycles [lo, hi).
  std::pair<int64_t, size_t> range(uint64_t lo, uint64_t hi) const {
    const auto a = std::lower_bound(cycle.begin(), cycle.end(), lo) - cycle.begin();
    const auto b = std::lower_bound(cycle.begin(), cycle.end(), hi) - cycle.begin();
    if (b <= a) return {0, 0};
    const int64_t upto_b = prefix[static_cast<size_t>(b - 1)];
    const int64_t upto_a = a == 0 ? 0 : prefix[static_cast<size_t>(a - 1)];
    return {upto_b - upto_a, static_cast<size_t>(b - a)};
  }
};

struct OracleRun {
  Config cfg;
  uint64_t cycles;
  double req_prob;
  double pop_prob;  ///< 1.0: every PE pops whenever it can
  uint32_t seed;
};

/// Runs random traffic and checks, every cycle, the model against what the document's
/// definitions imply:
///  - local count = sum of this PE's commits since the snapshot of the last completion of
///    the barrier whose rebase is visible (4d), open = any such commit;
///  - req_ready, ack_valid one cycle after acceptance, ack_refused = out of T-bit range
///    or ID >= M (4b);
///  - every completion (d, b, s) has a zero global sum of commits before s and at least
///    one commit since the previous completion's snapshot (5.2); every PE's FIFO delivers
///    the completions in order, nothing lost or duplicated;
///  - after draining, no barrier is left closed-but-unreported;
///  - with pop_prob == 1 and D >= 2 (every FIFO has room), every closing commit is
///    followed by a completion of its barrier within latency_bound().
void run_oracle(const OracleRun& run) {
  const Config& cfg = run.cfg;
  SCOPED_TRACE(cfg.to_string() + " seed " + std::to_string(run.seed));
  const size_t n = static_cast<size_t>(cfg.pes);
  const uint32_t m = static_cast<uint32_t>(cfg.barriers);
  const int64_t lo = -(int64_t{1} << (cfg.count_bits - 1));
  const int64_t hi = (int64_t{1} << (cfg.count_bits - 1)) - 1;
  const uint32_t id_span = 1U << cfg.barrier_bits();
  Unit u(cfg);
  std::mt19937 rng(run.seed);
  std::uniform_real_distribution<double> uni(0.0, 1.0);

  std::vector<History> hist(n * m);
  std::vector<int64_t> total(m, 0);  // global sum of all commits to b
  struct Completion {
    uint64_t d;
    uint64_t s;
  };
  std::vector<std::vector<Completion>> completions(m);
  std::vector<std::deque<uint32_t>> expect_fifo(n);
  struct Accepted {
    bool valid = false;
    uint32_t barrier = 0;
    int64_t delta = 0;
  };
  std::vector<Accepted> accepted(n);
  // Latency: per barrier, cycle of a closing commit awaiting its completion.
  std::vector<int64_t> closing_at(m, -1);
  int64_t worst_latency = 0;
  int closings_measured = 0;
  int completions_seen = 0;
  int refusals_seen = 0;

  // Snapshot base of barrier b as seen at the start of cycle k: the s of the last
  // completion whose rebase (committed in d+1) is visible, i.e. d + 2 <= k.
  auto base = [&](uint32_t b, uint64_t k) -> uint64_t {
    uint64_t r = 0;
    for (const Completion& c : completions[b]) {
      if (c.d + 2 <= k) r = c.s;
    }
    return r;
  };
  // Per-PE walk bias, so sums wander far enough to hit the T-bit limits now and then.
  std::vector<double> bias(n, 0.05);

  const uint64_t drain_from = run.cycles;
  const uint64_t end = run.cycles + 3 * static_cast<uint64_t>(cfg.latency_bound()) + 100;
  for (uint64_t k = 0; k < end; ++k) {
    ASSERT_EQ(u.cycle(), k);
    const Outputs o = u.outputs();  // a copy: step() below replaces the outputs
    // --- check this cycle's outputs ---
    const bool done = o.global.done;
    for (size_t i = 0; i < n; ++i) {
      const auto& p = o.pe[i];
      // Low while clearing, in a completion cycle and in a snapshot cycle (section 3).
      ASSERT_EQ(p.req_ready, k >= m && !done && !o.global.snap) << "cycle " << k << " pe " << i;
      ASSERT_EQ(p.ack_valid, accepted[i].valid) << "cycle " << k << " pe " << i;
      if (accepted[i].valid) {
        const Accepted& a = accepted[i];
        bool refused = a.barrier >= m;
        if (!refused) {
          const int64_t now = hist[i * m + a.barrier].range(base(a.barrier, k), k).first;
          refused = now + a.delta < lo || now + a.delta > hi;
        }
        ASSERT_EQ(p.ack_refused, refused) << "cycle " << k << " pe " << i;
        refusals_seen += refused ? 1 : 0;
      } else {
        ASSERT_FALSE(p.ack_refused);
      }
      ASSERT_EQ(p.fifo_valid, !expect_fifo[i].empty()) << "cycle " << k << " pe " << i;
      ASSERT_EQ(p.fifo_barrier, expect_fifo[i].empty() ? 0U : expect_fifo[i].front());
      for (uint32_t b = 0; b < m; ++b) {
        const auto [sum, commits] = hist[i * m + b].range(base(b, k), k);
        ASSERT_EQ(u.count(static_cast<int>(i), b), sum) << "cycle " << k << " pe " << i;
        ASSERT_EQ(u.open(static_cast<int>(i), b), commits > 0) << "cycle " << k;
      }
    }
    if (done) {
      const uint32_t b = o.global.done_barrier;
      ASSERT_LT(b, m);
      const uint64_t s = u.done_snapshot_cycle();
      ASSERT_EQ(k, s + static_cast<uint64_t>(cfg.q()) + 4) << "d = s + Q + 4";
      const uint64_t prev = completions[b].empty() ? 0 : completions[b].back().s;
      int64_t sum_before_s = 0;
      size_t commits_since_prev = 0;
      for (size_t i = 0; i < n; ++i) {
        sum_before_s += hist[i * m + b].range(0, s).first;
        commits_since_prev += hist[i * m + b].range(prev, s).second;
      }
      ASSERT_EQ(sum_before_s, 0) << "completion of b" << b << " at " << k;
      ASSERT_GT(commits_since_prev, 0U) << "completion of a closed barrier b" << b;
      completions[b].push_back({k, s});
      ++completions_seen;
      if (closing_at[b] >= 0) {
        const int64_t lat = static_cast<int64_t>(k) - closing_at[b];
        worst_latency = std::max(worst_latency, lat);
        ++closings_measured;
        if (run.pop_prob >= 1.0 && cfg.fifo_depth >= 2) {
          ASSERT_LE(lat, cfg.latency_bound()) << "closing at " << closing_at[b];
        }
        closing_at[b] = -1;
      }
    }

    // --- choose inputs ---
    // Phases of 600 cycles. Cycles 0..299 of a phase: "task" traffic (produce while a
    // barrier has few outstanding tasks, consume while it has some). 300..449: settle
    // every barrier towards a zero global sum, so barriers close and complete. 450..599:
    // idle. Every fourth phase is instead a biased random walk that drives per-PE counts
    // into the T-bit limits (refusals).
    const uint64_t phase_at = k % 600;
    const bool walk_phase = (k / 600) % 4 == 3;
    std::vector<int64_t> projected = total;  // including requests not yet committed
    for (size_t i = 0; i < n; ++i) {
      if (accepted[i].valid && accepted[i].barrier < m) {
        projected[accepted[i].barrier] += accepted[i].delta;
      }
    }
    Inputs in{std::vector<PeIn>(n)};
    for (size_t i = 0; i < n; ++i) {
      if (uni(rng) < 0.01) bias[i] = uni(rng) < 0.5 ? 0.05 : 0.95;
      PeIn& p = in.pe[i];
      p.fifo_pop = k >= drain_from || uni(rng) < run.pop_prob;
      if (k >= drain_from || uni(rng) >= run.req_prob) continue;
      if (walk_phase) {
        p.req_valid = phase_at < 450;
        // Mostly legal IDs, sometimes the illegal ones that still fit in BW bits.
        p.req_barrier = static_cast<uint32_t>(rng() % id_span);
        if (p.req_barrier >= m && uni(rng) < 0.8) p.req_barrier %= m;
        p.req_dec = uni(rng) < bias[i];
      } else if (phase_at < 300) {
        p.req_valid = true;
        p.req_barrier = static_cast<uint32_t>(rng() % id_span);
        if (p.req_barrier >= m && uni(rng) < 0.8) p.req_barrier %= m;
        const int64_t outstanding = p.req_barrier < m ? projected[p.req_barrier] : 0;
        p.req_dec = outstanding >= 3 || (outstanding > 0 && uni(rng) < 0.5);
      } else if (phase_at < 450) {
        const uint32_t b = static_cast<uint32_t>(rng() % m);
        if (projected[b] != 0) {
          p.req_valid = true;
          p.req_barrier = b;
          p.req_dec = projected[b] > 0;
        }
      }
      if (p.req_valid && p.req_barrier < m && o.pe[i].req_ready) {
        projected[p.req_barrier] += p.req_dec ? -1 : 1;
      }
    }
    u.step(in);

    // --- what the document says happened in cycle k ---
    std::vector<bool> touched_b(m, false);
    for (size_t i = 0; i < n; ++i) {
      if (accepted[i].valid && !o.pe[i].ack_refused) {
        hist[i * m + accepted[i].barrier].add(k, accepted[i].delta);
        total[accepted[i].barrier] += accepted[i].delta;
        touched_b[accepted[i].barrier] = true;
      }
      accepted[i] = Accepted{};
      if (in.pe[i].req_valid && o.pe[i].req_ready) {
        accepted[i] = {true, in.pe[i].req_barrier, in.pe[i].req_dec ? -1 : 1};
      }
      if (o.pe[i].fifo_valid && in.pe[i].fifo_pop) expect_fifo[i].pop_front();
      if (done) expect_fifo[i].push_back(o.global.done_barrier);
    }
    for (uint32_t b = 0; b < m; ++b) {
      if (!touched_b[b]) continue;
      // A commit that leaves the global sum at zero closes the barrier (5.2); measure
      // from the first such closing until the next completion of b after it.
      if (total[b] == 0 && closing_at[b] < 0) closing_at[b] = static_cast<int64_t>(k);
      if (total[b] != 0) closing_at[b] = -1;  // reopened before being reported
    }
  }
  // Drained: nothing closed (zero sum, committed to since the last completion's snapshot)
  // may be left unreported.
  for (uint32_t b = 0; b < m; ++b) {
    const uint64_t last = completions[b].empty() ? 0 : completions[b].back().s;
    size_t commits = 0;
    for (size_t i = 0; i < n; ++i) commits += hist[i * m + b].range(last, end).second;
    EXPECT_FALSE(total[b] == 0 && commits > 0) << "b" << b << " closed but not reported";
  }
  EXPECT_GT(completions_seen, 0);
  ::testing::Test::RecordProperty("refusals", refusals_seen);
  ::testing::Test::RecordProperty("completions", completions_seen);
  ::testing::Test::RecordProperty("closings_measured", closings_measured);
  ::testing::Test::RecordProperty("worst_latency", static_cast<int>(worst_latency));
}

TEST(OracleTest, RandomTrafficSmallConfigs) {
  const OracleRun runs[] = {
      {make_config(1, 1, 8, 1), 12000, 0.6, 0.5, 1},  {make_config(2, 2, 8, 1), 12000, 0.6, 0.3, 2},
      {make_config(3, 3, 8, 2), 12000, 0.5, 0.2, 3},  {make_config(5, 2, 8, 3), 12000, 0.7, 0.1, 4},
      {make_config(4, 4, 9, 1), 12000, 0.4, 0.05, 5}, {make_config(3, 5, 8, 4), 12000, 0.3, 0.8, 6},
  };
  for (const OracleRun& r : runs) run_oracle(r);
}

TEST(OracleTest, RandomTrafficLatencyWithRoom) {
  // Every PE pops whenever it can and D >= 2, so every FIFO has room at every slot 1:
  // each closing commit must be followed by a completion within latency_bound().
  const OracleRun runs[] = {
      {make_config(1, 1, 8, 2), 12000, 0.7, 1.0, 11},  {make_config(2, 1, 8, 2), 12000, 0.7, 1.0, 12},
      {make_config(3, 2, 8, 2), 12000, 0.6, 1.0, 13},  {make_config(4, 3, 8, 4), 12000, 0.5, 1.0, 14},
      {make_config(7, 2, 10, 2), 12000, 0.4, 1.0, 15},
  };
  for (const OracleRun& r : runs) run_oracle(r);
}

TEST(OracleTest, RandomTrafficRandomConfigs) {
  // Small random configurations (including non-powers of two and M == 1), random FIFO
  // back-pressure; the latency check applies to the runs that always pop with D >= 2.
  std::mt19937 rng(2024);
  for (int r = 0; r < 40; ++r) {
    const int n = 1 + static_cast<int>(rng() % 9);
    const int m = 1 + static_cast<int>(rng() % 7);
    const int t = 8 + static_cast<int>(rng() % 3);
    const int depth = 1 + static_cast<int>(rng() % 4);
    const double pop = rng() % 3 == 0 ? 1.0 : 0.05 + 0.009 * static_cast<double>(rng() % 100);
    const double req = 0.2 + 0.007 * static_cast<double>(rng() % 100);
    run_oracle({make_config(n, m, t, depth), 5000, req, pop, static_cast<uint32_t>(100 + r)});
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace
