// SPDX-License-Identifier: Apache-2.0
// The pipelined global sum (Config::pipe, docs/architecture.md 4f) in the golden model: the
// configuration rules, P and the worst-case bound from their formulas, and directed
// round-robin timing worked out by hand from 4c with every decision P cycles late (the closed
// loop with the oracle is sched_test.cpp's SchedClosedLoop).

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "drive.h"
#include "dsbc/unit.h"

namespace {

using dsbc::Config;
using dsbc::Sched;

Config pipe_config(int n, int m, int t, int d) {
  Config c;
  c.pes = n;
  c.barriers = m;
  c.count_bits = t;
  c.fifo_depth = d;
  c.sched = Sched::kRr;
  c.pipe = 1;
  return c;
}

/// Cycles in which snap (ctl_load) or done was high.
struct Seen {
  std::vector<uint64_t> snaps;
  std::vector<uint64_t> dones;
};
Seen seen_in(const std::vector<dsbc::test::Event>& events) {
  Seen seen;
  for (const dsbc::test::Event& e : events) {
    if (e.snap) seen.snaps.push_back(e.cycle);
    if (e.done) seen.dones.push_back(e.cycle);
  }
  return seen;
}

using dsbc::test::request;
using dsbc::test::run;

TEST(PipeTest, ConfigRules) {
  Config c = pipe_config(4, 4, 16, 8);
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(c.to_string(), "N=4 M=4 T=16 D=8 P=1");
  c.pipe = 0;
  EXPECT_EQ(c.to_string(), "N=4 M=4 T=16 D=8");  // today's names stay as they are
  c.pipe = 2;
  try {
    c.validate();
    FAIL() << "pipe = 2 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "pipe = 2 is out of range: legal 0..1");
  }
  c.pipe = 1;
  c.sched = Sched::kArb;
  try {
    c.validate();
    FAIL() << "pipe = 1 under arb accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "pipe = 1 needs sched = rr, not sched = arb: legal pipe 0 with any sched, pipe 1 with sched rr");
  }
  EXPECT_EQ(Config{}.pipe, 0);  // off unless asked for
}

TEST(PipeTest, LatencyIsOneLineRegisterPlusOneStagePerTwoTreeLevels) {
  // P = 1 + ceil(clog2(N) / 2); 0 without the pipeline.
  EXPECT_EQ(pipe_config(1, 4, 8, 2).sum_latency(), 1);
  EXPECT_EQ(pipe_config(2, 4, 8, 2).sum_latency(), 2);
  EXPECT_EQ(pipe_config(3, 4, 8, 2).sum_latency(), 2);
  EXPECT_EQ(pipe_config(5, 4, 8, 2).sum_latency(), 3);
  EXPECT_EQ(pipe_config(16, 4, 8, 2).sum_latency(), 3);
  EXPECT_EQ(pipe_config(64, 4, 8, 2).sum_latency(), 4);
  EXPECT_EQ(pipe_config(256, 4, 8, 2).sum_latency(), 5);
  Config off = pipe_config(64, 4, 8, 2);
  off.pipe = 0;
  EXPECT_EQ(off.sum_latency(), 0);
}

TEST(PipeTest, LatencyBoundGainsPPerWord) {
  // Section 6 with P: L_max = M (Q + 4 + P) + 5 + P + floor(log2 N) [+ 2 if M == 1].
  EXPECT_EQ(pipe_config(16, 32, 16, 8).latency_bound(), 32 * (20 + 4 + 3) + 5 + 3 + 4);  // 876
  EXPECT_EQ(pipe_config(64, 4, 8, 2).latency_bound(), 4 * (14 + 4 + 4) + 5 + 4 + 6);
  EXPECT_EQ(pipe_config(1, 1, 8, 2).latency_bound(), 1 * (8 + 4 + 1) + 5 + 1 + 0 + 2);
  EXPECT_EQ(pipe_config(3, 4, 8, 2).latency_bound(), 4 * (10 + 4 + 2) + 5 + 2 + 1);
}

TEST(PipeTest, DirectedRoundRobinTimingIsPCyclesLate) {
  // N = 2, M = 4, T = 8: Q = 9, P = 2. An open-slot exit starts the next word in s+3+P = s+5,
  // an exit at count bit 0 in s+5+P = s+7, a completion is in d = s+Q+4+P = s+15, with the
  // next word's snapshot (M > 1). PE 0's +1 of barrier 1 is presented in cycle 4, the first
  // snapshot cycle, accepted in 5, committed in 6; PE 1's -1 in cycle 40 (no snapshot) is
  // committed in 41. Barrier 1's words at 9 and 31 see the sum 1, the one at 53 sees 0.
  dsbc::Unit u(pipe_config(2, 4, 8, 2));
  const Seen seen = seen_in(run(u, 80, [](uint64_t k, dsbc::Inputs& in) {
    if (k == 4 || k == 5) request(in, 0, 1, false);  // held until accepted (ready low in 4)
    if (k == 40) request(in, 1, 1, true);
  }));
  const std::vector<uint64_t> snaps{4, 9, 16, 21, 26, 31, 38, 43, 48, 53, 68, 73, 78};
  EXPECT_EQ(seen.snaps, snaps);
  EXPECT_EQ(seen.dones, std::vector<uint64_t>{68});
}

TEST(PipeTest, DirectedSingleBarrierGapFollowsThePipelinedCompletion) {
  // N = 1, M = 1, T = 8: Q = 8, P = 1. The first snapshot is in cycle M = 1; unused, it exits
  // at the open slot: next snapshot in 1 + 3 + P = 5. The +1 presented in 2 commits in 3, the
  // -1 presented in 3 commits in 4: the snapshot of 5 sees count 0, open: done in
  // 5 + Q + 4 + P = 18, and (M = 1) the next snapshot two cycles later, in 20.
  dsbc::Unit u(pipe_config(1, 1, 8, 2));
  const Seen seen = seen_in(run(u, 26, [](uint64_t k, dsbc::Inputs& in) {
    if (k == 2) request(in, 0, 0, false);
    if (k == 3) request(in, 0, 0, true);
  }));
  EXPECT_EQ(seen.snaps, (std::vector<uint64_t>{1, 5, 20, 24}));
  EXPECT_EQ(seen.dones, std::vector<uint64_t>{18});
}

}  // namespace
