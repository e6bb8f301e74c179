// SPDX-License-Identifier: Apache-2.0
// System co-simulation on the golden model. The exact cycles of the two small scenarios are
// derived by hand from docs/architecture.md section 4 (comments below), not from the code.
#include "dsys/system.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace dsys {
namespace {

SystemConfig small(const std::string& workload, int pes) {
  SystemConfig c;
  c.workload = workload;
  c.pes = pes;
  c.barriers = 1;
  c.clock_ps = 10'000;         // 10 ns
  c.latency_ps = 50'000;       // 50 ns
  c.task_ps = 100'000;         // 100 ns
  c.sched = dsbc::Sched::kRr;  // the hand-computed cycles below follow the round robin (4c)
  return c;
}

// One task on PE 0 of N=4, M=1, T=16 (Q = 18). Its +1 is requested at t=0 (cycle 0, the RAM
// clearing cycle: ready low), accepted in cycle 1, committed in cycle 2. It completes at
// 100 ns: -1 presented in cycle 10, committed in cycle 11. Snapshots (first in cycle M=1):
// s=1 unused word, exit at the open slot (s+2), next s=4; s=4 count 1, exit at count bit 0
// (s+4), next s=9; s=9 still 1 (the commit of cycle 11 is later), next s=14; s=14 sum 0 and
// open: complete, ctl_done at s+Q+4 = 36; every PE pops in 37 and knows at the end of 37,
// 380 ns. True termination is 100 ns.
TEST(SystemModel, SingleTaskDetectedAtHandComputedCycle) {
  SystemResult r = run_system(small("ring:p=0", 4), make_model_backend);
  ASSERT_TRUE(r.ok()) << r.failures.front();
  ASSERT_EQ(r.rows.size(), 1U);
  const EpochRow& row = r.rows[0];
  EXPECT_EQ(row.tasks, 1);
  EXPECT_EQ(row.true_termination, 100'000);
  EXPECT_EQ(row.dsbc_requests, 2);
  EXPECT_EQ(row.dsbc_snap_cycle, 14U);
  EXPECT_EQ(row.dsbc_done_cycle, 36U);
  EXPECT_EQ(row.det[0].at, 380'000);
  EXPECT_EQ(row.det[0].control_msgs, 0);
}

// The same task with the pipelined global sum (Pipe = 1, architecture.md 4f): N=4, so P =
// 1 + ceil(clog2(4) / 2) = 2, and every decision of a word comes P cycles later (4f's table):
// s=1 unused word, exit at the open slot, next s = 1+3+P = 6; s=6 count 1, exit at count
// bit 0, next s = 6+5+P = 13. Cycle 10 is neither a snapshot nor a completion, so the -1 is
// still accepted in 10 and committed in 11; s=13 sum 0 and open: complete, ctl_done at
// s+Q+4+P = 13+18+4+2 = 37; popped in 38, known at the end of 38, 390 ns.
TEST(SystemModel, SingleTaskPipelinedDecisionsComePCyclesLater) {
  SystemConfig c = small("ring:p=0", 4);
  c.pipe = 1;
  SystemResult r = run_system(c, make_model_backend);
  ASSERT_TRUE(r.ok()) << r.failures.front();
  const EpochRow& row = r.rows.at(0);
  EXPECT_EQ(row.true_termination, 100'000);
  EXPECT_EQ(row.dsbc_requests, 2);
  EXPECT_EQ(row.dsbc_last_commit_cycle, 11U);
  EXPECT_EQ(row.dsbc_snap_cycle, 13U);
  EXPECT_EQ(row.dsbc_done_cycle, 37U);
  EXPECT_EQ(row.det[0].at, 390'000);
}

// Pipe = 1 under arb is refused with the model's rule, naming the option; with rr it runs,
// and the default clock is the rr local block's at every N (4f: the pipelined global block
// is far faster than the local one), as for rr at N <= 32 without the pipeline.
TEST(SystemModel, PipeNeedsRrAndKeepsTheLocalBlocksClock) {
  SystemConfig c;
  c.pipe = 1;
  c.sched = dsbc::Sched::kArb;
  try {
    run_system(c, make_model_backend);
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--pipe: pipe = 1 needs sched = rr, not sched = arb"), std::string::npos)
        << e.what();
  }
  c.pipe = 2;
  c.sched = dsbc::Sched::kRr;
  EXPECT_THROW(run_system(c, make_model_backend), ConfigError);
  // HalfRate: its own option name, with the model's rule; a pipe rule stays --pipe's.
  const auto error_of = [](const SystemConfig& k) {
    try {
      run_system(k, make_model_backend);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  SystemConfig h;
  h.barriers = 4;
  h.half_rate = 1;
  h.sched = dsbc::Sched::kArb;
  EXPECT_NE(error_of(h).find("--half-rate: half_rate = 1 needs sched = rr, not sched = arb"), std::string::npos)
      << error_of(h);
  h.sched = dsbc::Sched::kRr;
  h.barriers = 2;
  EXPECT_NE(error_of(h).find("--half-rate: half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2)"),
            std::string::npos)
      << error_of(h);
  // M = 2 with the pipe: legal at N >= 2 (P >= 2), not at N = 1 (P = 1: (M - 1)(3 + P) = 4).
  h.pipe = 1;
  h.pes = 1;
  EXPECT_NE(error_of(h).find("--half-rate: half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), "
                             "not barriers = 2 with pipe = 1, pes = 1"),
            std::string::npos)
      << error_of(h);
  h.pes = 16;
  h.pipe = 0;
  h.half_rate = 2;
  EXPECT_NE(error_of(h).find("--half-rate: 2 is out of range 0..1"), std::string::npos) << error_of(h);
  h.half_rate = 1;
  h.pipe = 1;
  h.sched = dsbc::Sched::kArb;
  EXPECT_NE(error_of(h).find("--pipe: pipe = 1 needs sched = rr"), std::string::npos) << error_of(h);
  for (const int pes : {4, 16, 64, 256}) {
    EXPECT_EQ(SystemConfig::default_clock_ps(pes, dsbc::Sched::kRr, 1), 9'884) << pes;  // 101.17 MHz
  }
  EXPECT_EQ(SystemConfig::default_clock_ps(64, dsbc::Sched::kRr, 0), 12'902);  // the unpipelined global
}

// tree lmin=2 lambda=0 on N=2 (Q = 17), map rr: root (node 0) on PE 0 spawns node 1 for PE 1
// and node 2 locally at 100 ns. PE 0 presents +1(n1), +1(n2), -1(root) from cycle 10:
// accepted 10, 11, 12, committed 11, 12, 13. n1 may leave only after its +1 is acknowledged:
// at the end of cycle 11 = 120 ns, arriving at 170 ns; it runs to 270 ns (true termination)
// and its -1 is committed in cycle 28. n2 runs 100..200 ns, -1 committed in cycle 21.
// Snapshots: 1 (unused) -> 4 (sum 1, exit bit 0) -> 9 -> 14 (sum 2: exit at count bit 1,
// s+5) -> 20 (sum 2) -> 26 (sum 1) -> 31 (sum 0): ctl_done 31+17+4 = 52, known at 540 ns.
// Without the hold the task would arrive at 150 ns and terminate at 250 ns.
TEST(SystemModel, RemoteChildWaitsForItsAck) {
  SystemResult r = run_system(small("tree:lmin=2,lmax=2,lambda=0,map=rr", 2), make_model_backend);
  ASSERT_TRUE(r.ok()) << r.failures.front();
  const EpochRow& row = r.rows.at(0);
  EXPECT_EQ(row.tasks, 3);
  EXPECT_EQ(row.primary_msgs, 1);
  EXPECT_EQ(row.true_termination, 270'000);
  EXPECT_EQ(row.dsbc_snap_cycle, 31U);
  EXPECT_EQ(row.dsbc_done_cycle, 52U);
  EXPECT_EQ(row.det[0].at, 540'000);
}

/// A random tree on N=16, M=3 barriers, 2 epochs each: six detections.
SystemConfig tree16() {
  SystemConfig c;
  c.workload = "tree:lambda=0.7,lmax=12,map=random";
  c.pes = 16;
  c.barriers = 3;
  c.epochs = 2;
  c.seed = 5;
  return c;
}

TEST(SystemModel, AlgorithmsSeeTheSameExecutionAndNoneIsWrong) {
  SystemConfig c = tree16();
  c.algos = {"tiered", "cda", "4c", "edod", "ltd"};
  SystemResult r = run_system(c, make_model_backend);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  ASSERT_EQ(r.rows.size(), 6U);
  for (const EpochRow& row : r.rows) {
    ASSERT_EQ(row.det.size(), 6U);
    EXPECT_EQ(row.dsbc_requests, 2 * row.tasks);  // one +1 and one -1 per task
    for (const Detection& d : row.det) {
      EXPECT_TRUE(d.same_execution) << d.name;
      EXPECT_GE(d.at, row.true_termination) << d.name;
    }
    // Detection within L_max of the closing commit, plus the pop cycle: ctl_done at d <= c +
    // L_max (architecture.md 6; every FIFO has room: depth 8, PEs pop at once), the entry is
    // popped in d+1, and `at` is the end of that cycle, (d+2)·P, against the commit's end
    // (c+1)·P: at most L_max + 1 cycles, exactly.
    const Ps bound = (c.dsbc().latency_bound() + 1) * r.period_ps;
    const Ps last_commit_end = static_cast<Ps>(row.dsbc_last_commit_cycle + 1) * r.period_ps - row.epoch_start;
    EXPECT_LE(row.det[0].at - last_commit_end, bound);
  }
}

// The same bound with the pipelined sum: L_max grows by (M + 1)·P (architecture.md 4f). N=16
// M=3 T=16: Q = 20, P = 3, L_max = 3·(20 + 4 + 3) + 5 + 3 + 4 = 93 cycles, written out here
// rather than taken from Config::latency_bound().
TEST(SystemModel, PipelinedDetectionWithinItsBound) {
  SystemConfig c = tree16();
  c.sched = dsbc::Sched::kRr;
  c.pipe = 1;
  ASSERT_EQ(c.dsbc().latency_bound(), 93);
  SystemResult r = run_system(c, make_model_backend);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  ASSERT_EQ(r.rows.size(), 6U);
  for (const EpochRow& row : r.rows) {
    ASSERT_TRUE(row.det[0].detected);
    EXPECT_LE(row.dsbc_done_cycle - row.dsbc_last_commit_cycle, 93U);
  }
}

// Half the request rate (clock.md, "Half the request rate in the product"): a
// request accepted in t is acknowledged in t + 4, and a PE's ready is low in t + 1, so its
// acknowledges are at least 2 cycles apart; detection stays within rr's bound, written out
// here (N=16 M=3 T=16, Q = 20): Pipe = 0 L_max = 3·(20 + 4) + 5 + 4 = 81, Pipe = 1 93 (above).
// The same workload at the full rate has acknowledges 1 cycle apart, so the spacing check
// can tell the two apart.
TEST(SystemModel, HalfRateAcksFourCyclesLaterAndTwoApart) {
  const auto min_gap_and_delay = [](const SystemResult& r, std::int64_t& min_gap, std::int64_t& min_delay) {
    std::vector<std::int64_t> last(static_cast<std::size_t>(r.cfg.pes), -1);
    min_gap = min_delay = 1'000'000;
    // Requests of one PE are acknowledged in the order it made them (pe_agent.h).
    for (const RequestRecord& q : r.requests) {
      ASSERT_GE(q.ack_cycle, 0) << "request never acknowledged";
      min_delay = std::min(min_delay, q.ack_cycle - static_cast<std::int64_t>(q.cycle));
      std::int64_t& prev = last.at(static_cast<std::size_t>(q.pe));
      if (prev >= 0) min_gap = std::min(min_gap, q.ack_cycle - prev);
      prev = q.ack_cycle;
    }
  };
  for (const int pipe : {0, 1}) {
    SystemConfig c = tree16();
    c.sched = dsbc::Sched::kRr;
    c.pipe = pipe;
    SystemResult full = run_system(c, make_model_backend);
    c.half_rate = 1;
    SystemResult half = run_system(c, make_model_backend);
    for (const auto& f : half.failures) ADD_FAILURE() << f;
    ASSERT_TRUE(full.ok());
    std::int64_t gap = 0, delay = 0;
    min_gap_and_delay(full, gap, delay);
    EXPECT_EQ(gap, 1) << "pipe " << pipe;  // the check below can fail
    EXPECT_EQ(delay, 1) << "pipe " << pipe;
    min_gap_and_delay(half, gap, delay);
    EXPECT_EQ(gap, 2) << "pipe " << pipe;
    EXPECT_EQ(delay, 4) << "pipe " << pipe;
    const std::uint64_t l_max = pipe == 1 ? 93 : 81;
    ASSERT_EQ(half.rows.size(), 6U);
    for (const EpochRow& row : half.rows) {
      ASSERT_TRUE(row.det[0].detected);
      EXPECT_LE(row.dsbc_done_cycle - row.dsbc_last_commit_cycle, l_max) << "pipe " << pipe;
    }
  }
}

// The default clock at half the request rate: 1/Fmax of the slower block (config.cpp's
// figures, reports/synth.csv): dsbc_global without the pipe, dsbc_local_half (216.08 MHz)
// with it.
TEST(SystemModel, HalfRateDefaultClockIsTheSlowerBlocks) {
  const auto ps = [](double mhz) { return static_cast<Ps>(std::llround(1e6 / mhz)); };
  EXPECT_EQ(SystemConfig::default_clock_ps(4, dsbc::Sched::kRr, 0, 1), ps(156.54));
  EXPECT_EQ(SystemConfig::default_clock_ps(8, dsbc::Sched::kRr, 0, 1), ps(136.37));
  EXPECT_EQ(SystemConfig::default_clock_ps(16, dsbc::Sched::kRr, 0, 1), ps(137.23));
  EXPECT_EQ(SystemConfig::default_clock_ps(32, dsbc::Sched::kRr, 0, 1), ps(109.79));
  EXPECT_EQ(SystemConfig::default_clock_ps(64, dsbc::Sched::kRr, 0, 1), ps(77.51));
  for (const int pes : {1, 16, 256}) EXPECT_EQ(SystemConfig::default_clock_ps(pes, dsbc::Sched::kRr, 1, 1), ps(216.08));
}

// The default clock of the default scheduler (arb): 1/Fmax of the slower block in
// reports/synth.csv (M = 16): dsbc_local (arb) 90.02 MHz up to N = 32, dsbc_global (arb) at
// N = 64, 75.11 MHz, from there on (N rounded up to the next synthesised N, 64's reused).
TEST(SystemModel, ArbDefaultClockIsTheSlowerBlock) {
  const auto ps = [](double mhz) { return static_cast<Ps>(std::llround(1e6 / mhz)); };
  for (const int pes : {1, 4, 16, 32})
    EXPECT_EQ(SystemConfig::default_clock_ps(pes, dsbc::Sched::kArb, 0, 0), ps(90.02)) << pes;
  for (const int pes : {33, 64, 256})
    EXPECT_EQ(SystemConfig::default_clock_ps(pes, dsbc::Sched::kArb, 0, 0), ps(75.11)) << pes;
}

TEST(SystemModel, SameSeedSameResult) {
  SystemConfig c = small("ring:p=0.95", 8);
  c.barriers = 2;
  c.epochs = 3;
  c.algos = {"4c"};
  std::ostringstream a, b;
  write_json(run_system(c, make_model_backend), a);
  write_json(run_system(c, make_model_backend), b);
  // wall_seconds differs; compare everything after it.
  EXPECT_EQ(a.str().substr(a.str().find("\"rows\"")), b.str().substr(b.str().find("\"rows\"")));
}

TEST(SystemModel, RejectsBadParametersNamingThem) {
  SystemConfig c;
  c.pes = 0;
  try {
    run_system(c, make_model_backend);
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--pes"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("1..256"), std::string::npos);
  }
  c.pes = 4;
  c.algos = {"nosuch"};
  EXPECT_THROW(run_system(c, make_model_backend), ConfigError);
  c.algos = {};
  c.workload = "tree:barriers=2";
  EXPECT_THROW(run_system(c, make_model_backend), ConfigError);
  c.workload = "tree:nokey=1";
  EXPECT_THROW(run_system(c, make_model_backend), ConfigError);
}

}  // namespace
}  // namespace dsys
