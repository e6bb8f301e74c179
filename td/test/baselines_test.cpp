// SPDX-License-Identifier: Apache-2.0
// nbx and qd (issue 15 item 2, docs/td.md "The practical baselines") on a schedule small
// enough to follow by hand: Tseng's Fig. 4.5 (a) chain of two tasks on 2 PEs, constant
// latency 10, task time 5. Task 0 runs on PE 0 over [0, 5] and sends task 1 to PE 1
// (delivered at 15); task 1 runs over [15, 20]: true termination at 20. A collective on 2
// PEs has one tree level: it completes 2 x 10 = 20 ticks after its last entry and costs 2
// messages. The expected ticks below are derived in the comments, not read from a run.
#include <gtest/gtest.h>

#include "helpers.h"

namespace td::test {
namespace {

RunConfig chain(const std::string& algo) {
  RunConfig c = cfg(algo, "tseng45:case=a,t=2", 2, 1);
  c.machine.latency = DelayModel{10, 10};
  c.machine.task_time = DelayModel{5, 5};
  return c;
}

// nbx. PE 1 is idle at the start and enters barrier 0 at 0. PE 0 sends at 5 and goes idle,
// but waits for the ack (PE 1 receives at 15, acks; the ack arrives at 25), so it enters at
// 25: barrier 0 completes at 45. PE 1 received after its barrier entry (and PE 0 sent), so
// reduction 0 (45 -> 65) sums 2: dirty. Both are idle and acknowledged: barrier 1 at 65 ->
// 85, reduction 1 sums 0 at 105: declared at 105, delay 85, 2 rounds. Messages: 1 ack, 2
// barriers and 2 reductions of 2 each.
TEST(Baselines, NbxRoundsOnTheChain) {
  const RunResult r = ok_run(chain("nbx"));
  const BarrierMetrics& m = r.barriers[0];
  EXPECT_EQ(m.true_termination, 20);
  EXPECT_EQ(m.detected_at, 105);
  EXPECT_EQ(r.extra[0].at("rounds"), 2);
  EXPECT_EQ(kind(r, "ack"), 1);
  EXPECT_EQ(kind(r, "barrier"), 4);
  EXPECT_EQ(kind(r, "reduce"), 4);
  EXPECT_EQ(m.ctrl_external, 9);
  EXPECT_EQ(kind(r, "term"), 0);  // every PE learns the result from the reduction itself
}

// qd. PE 1 enters wave 0 at 0 with (created, processed) = (0, 0); PE 0 enters when idle at 5
// with (2, 1) (the initial task and its child created, the initial task processed): wave 0
// gives (2, 1) at 25. Wave 1: both idle at 25; PE 1 processed task 1 at 20: (2, 2) at 45,
// not the previous (2, 1). Wave 2 (45 -> 65) gives (2, 2) again with created == processed:
// declared at 65, delay 45, 3 waves of 2 messages.
TEST(Baselines, QdWavesOnTheChain) {
  const RunResult r = ok_run(chain("qd"));
  const BarrierMetrics& m = r.barriers[0];
  EXPECT_EQ(m.true_termination, 20);
  EXPECT_EQ(m.detected_at, 65);
  EXPECT_EQ(r.extra[0].at("waves"), 3);
  EXPECT_EQ(kind(r, "wave"), 6);
  EXPECT_EQ(m.ctrl_external, 6);
}

// qd's patience: a PE that stays busy joins a due wave at the end of its K-th task. One PE
// runs a 40-task chain of local tasks (tseng45 case a on 1 PE; a wave completes at once on 1
// PE). K = 1: a wave at each of the 40 task ends (the last one sees (40, 40) for the first
// time), then one more to confirm it: 41. K = 1000: the PE joins only when idle, after the
// 40th task: (40, 40), then the confirming wave: 2.
TEST(Baselines, QdPatienceLetsABusyPeJoinTheWave) {
  auto waves = [](const char* k) {
    RunConfig c = cfg("qd", "tseng45:case=a,t=40", 1, 1);
    c.opts.kv["patience"] = k;
    return ok_run(c).extra[0].at("waves");
  };
  EXPECT_EQ(waves("1"), 41);
  EXPECT_EQ(waves("1000"), 2);
}

TEST(Baselines, QdRejectsABadPatience) {
  RunConfig c = cfg("qd", "tseng45:case=a,t=4", 2, 1);
  c.opts.kv["patience"] = "0";
  try {
    run_simulation(c);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'patience'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace td::test
