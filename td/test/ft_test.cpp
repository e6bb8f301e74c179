// SPDX-License-Identifier: Apache-2.0
// Fault-tolerant termination detection (issue 14): the scripted scenarios of the spec's
// §6.3 (../shared/specs/seed-004-lifflander.md) on the three adoption protocols, the
// fixes F-9 and F-10 switched off, the oracle, and the command line. The expected outcomes
// are the spec's table (from the paper's lemmas), not the simulator's output.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "td/algorithms.h"
#include "td/machine.h"
#include "td/run.h"
#include "td/sweep.h"
#include "tdsim_run.h"

namespace td {
namespace {

/// A scripted computation: node i runs on `pe` for `dur` ticks, then sends its children.
struct Node {
  NodeId pe;
  Tick dur;
  std::vector<int> kids;
};

class Script : public Workload {
 public:
  explicit Script(std::vector<Node> n) : n_(std::move(n)) {}
  void initial(Rng&, std::vector<Spawn>& out) override {
    Spawn s;
    s.pe = n_[0].pe;
    out.push_back(s);
  }
  void execute(const Task& t, NodeId, Rng&, std::vector<Spawn>& out) override {
    for (int k : n_[static_cast<std::size_t>(t.a)].kids) {
      Spawn s;
      s.pe = n_[static_cast<std::size_t>(k)].pe;
      s.task.a = k;
      out.push_back(s);
    }
  }
  Tick duration(const Task& t, Rng&) override { return n_[static_cast<std::size_t>(t.a)].dur; }

 private:
  std::vector<Node> n_;
};

enum class Want { kDetected, kFatal, kPremature };

struct Outcome {
  Want got;
  std::string reason;
  bool explained;
};

/// Runs `script` on `npes` PEs (constant latency 10) with ds ft=`mode` and the failures.
Outcome run(const std::vector<Node>& script, int npes, const std::string& mode,
            std::vector<std::pair<NodeId, Tick>> faults, std::map<std::string, std::string> opts = {}) {
  MachineConfig mc;
  mc.npes = npes;
  mc.latency = DelayModel{10, 10, false};
  mc.fifo = 0;
  mc.faults = std::move(faults);
  AlgoOptions o;
  o.kv = std::move(opts);
  o.kv["ft"] = mode;
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(std::make_unique<Script>(script));
  Machine m(mc, std::move(ws), make_detector_factory("ds", o));
  m.run();
  const BarrierMetrics& b = m.metrics(0);
  if (b.fatal) return {Want::kFatal, b.fatal_reason, b.fatal_explained};
  if (b.detected && b.false_detection) return {Want::kPremature, "", false};
  EXPECT_TRUE(b.detected) << mode << ": neither detected nor FATAL (missed)";
  return {Want::kDetected, "", false};
}

const char* name(Want w) { return w == Want::kDetected ? "TERMINATED" : w == Want::kFatal ? "FATAL" : "PREMATURE"; }

#define EXPECT_OUTCOME(o, want) EXPECT_EQ(name((o).got), name(want)) << (o).reason

// S1/S2 (paper Figs. 2, 3): 0 -> a; a -> b, b -> c long (b interior); a -> L long (L exterior).
// PEs: a=1, b=2, c=3, L=4. The messages are out by tick 33; failures at 100.
const std::vector<Node> kFig3 = {{0, 1, {1}}, {1, 1, {2, 4}}, {2, 1, {3}}, {3, 500, {}}, {4, 500, {}}};

TEST(FtScenario, S1SingleFailureOfAParentIsSurvived) {
  for (const char* mode : {"indep", "rellazy", "releager"})
    EXPECT_OUTCOME(run(kFig3, 5, mode, {{1, 100}}), Want::kDetected) << mode;
}

TEST(FtScenario, S2aParentWithExteriorChild) {
  auto indep = run(kFig3, 5, "indep", {{1, 100}, {4, 100}});
  EXPECT_OUTCOME(indep, Want::kFatal);
  EXPECT_TRUE(indep.explained);
  EXPECT_OUTCOME(run(kFig3, 5, "rellazy", {{1, 100}, {4, 100}}), Want::kDetected);
  EXPECT_OUTCOME(run(kFig3, 5, "releager", {{1, 100}, {4, 100}}), Want::kDetected);
}

TEST(FtScenario, S2bParentWithInteriorChildIsFatalInEveryMode) {
  for (const char* mode : {"indep", "rellazy", "releager"}) {
    auto o = run(kFig3, 5, mode, {{1, 100}, {2, 100}});
    EXPECT_OUTCOME(o, Want::kFatal) << mode;
    EXPECT_TRUE(o.explained) << mode;
  }
}

// S3: 0 -> f -> c -> d, d long; f fails at 100 (recovered by ~150), then {c, d} at 300.
// PEs f=1, c=2, d=3 (S3b: d -> e long, e=4, so d is interior).
const std::vector<Node> kS3a = {{0, 1, {1}}, {1, 1, {2}}, {2, 1, {3}}, {3, 1000, {}}};
const std::vector<Node> kS3b = {{0, 1, {1}}, {1, 1, {2}}, {2, 1, {3}}, {3, 1, {4}}, {4, 1000, {}}};

TEST(FtScenario, S3aAdoptedChildAndExteriorChildLazyFatalEagerSurvives) {
  auto lazy = run(kS3a, 4, "rellazy", {{1, 100}, {2, 300}, {3, 300}});
  EXPECT_OUTCOME(lazy, Want::kFatal);
  EXPECT_NE(lazy.reason.find("marked window"), std::string::npos) << lazy.reason;
  EXPECT_OUTCOME(run(kS3a, 4, "releager", {{1, 100}, {2, 300}, {3, 300}}), Want::kDetected);
}

TEST(FtScenario, S3bAdoptedChildAndInteriorChildFatal) {
  EXPECT_OUTCOME(run(kS3b, 5, "rellazy", {{1, 100}, {2, 300}, {3, 300}}), Want::kFatal);
  auto eager = run(kS3b, 5, "releager", {{1, 100}, {2, 300}, {3, 300}});
  EXPECT_OUTCOME(eager, Want::kFatal);
  EXPECT_NE(eager.reason.find("parent/interior-child"), std::string::npos) << eager.reason;
}

// S4-S6: 0 -> g -> f -> c -> d, d long. PEs g=1, f=2, c=3, d=4. f fails at 100; g adopts c.
const std::vector<Node> kS4 = {{0, 1, {1}}, {1, 1, {2}}, {2, 1, {3}}, {3, 1, {4}}, {4, 2000, {}}};

TEST(FtScenario, S4AdopterAndInteriorAdopteeFatalWithSettlePrematureWithout) {
  for (const char* mode : {"rellazy", "releager"}) {
    auto o = run(kS4, 5, mode, {{2, 100}, {1, 400}, {3, 400}});
    EXPECT_OUTCOME(o, Want::kFatal) << mode;
    EXPECT_TRUE(o.explained) << mode;
    EXPECT_OUTCOME(run(kS4, 5, mode, {{2, 100}, {1, 400}, {3, 400}}, {{"settle", "0"}}), Want::kPremature) << mode;
  }
}

TEST(FtScenario, S5FailuresBeforeTheAdopteeProcessedTheQuery) {
  // f's notice reaches g at 101 (f's messages were delivered by 33); g's query reaches c at
  // 111. g and c fail at 105: c never processes it.
  EXPECT_OUTCOME(run(kS4, 5, "indep", {{2, 100}, {1, 105}, {3, 105}}), Want::kFatal);
  for (const char* mode : {"rellazy", "releager"}) {
    auto o = run(kS4, 5, mode, {{2, 100}, {1, 105}, {3, 105}});
    EXPECT_OUTCOME(o, Want::kFatal) << mode;
    EXPECT_NE(o.reason.find("unsettled"), std::string::npos) << mode << ": " << o.reason;
    EXPECT_OUTCOME(run(kS4, 5, mode, {{2, 100}, {1, 105}, {3, 105}}, {{"settle", "0"}}), Want::kPremature) << mode;
  }
}

TEST(FtScenario, S6TwoSequentialSingleFailuresSurvivedOnlyWithForget) {
  for (const char* mode : {"indep", "rellazy", "releager"}) {
    EXPECT_OUTCOME(run(kS4, 5, mode, {{2, 100}, {1, 900}}), Want::kDetected) << mode;
    auto o = run(kS4, 5, mode, {{2, 100}, {1, 900}}, {{"forget", "0"}});
    EXPECT_OUTCOME(o, Want::kFatal) << mode;
    EXPECT_FALSE(o.explained) << mode << ": the oracle must flag it (sequential, handled)";
  }
}

TEST(FtScenario, S7TwoMessagesFromTheParentInOneEngagementNoFaults) {
  const std::vector<Node> s7 = {{0, 1, {1, 2}}, {1, 50, {}}, {1, 50, {}}};
  for (const char* mode : {"indep", "rellazy", "releager"})
    EXPECT_OUTCOME(run(s7, 2, mode, {}), Want::kDetected) << mode;
}

TEST(FtScenario, S8UnrelatedConcurrentFailuresAreSurvived) {
  const std::vector<Node> s8 = {{0, 1, {1, 2, 3, 4}}, {1, 500, {}}, {2, 500, {}}, {3, 500, {}}, {4, 500, {}}};
  for (const char* mode : {"indep", "rellazy", "releager"})
    EXPECT_OUTCOME(run(s8, 5, mode, {{1, 100}, {2, 100}, {3, 100}, {4, 100}}), Want::kDetected) << mode;
}

TEST(FtScenario, FaultFreeModesDetectLikeDs) {
  // C1: without failures the three modes detect when plain ds does (same machine, same
  // seed: the detection tick may differ only by control-message latency, here none).
  for (const char* wl : {"tree:lmax=10", "ring:p=0.9,branch=0.3,maxsteps=100", "dag:tasks=300"}) {
    RunConfig c;
    c.algo = "ds";
    c.workload = wl;
    c.machine.npes = 16;
    c.machine.seed = 4;
    const RunResult base = run_simulation(c);
    for (const char* mode : {"indep", "rellazy", "releager"}) {
      c.opts.kv["ft"] = mode;
      const RunResult r = run_simulation(c);
      EXPECT_TRUE(r.safe() && r.live()) << wl << " " << mode;
      EXPECT_EQ(r.barriers[0].detected_at, base.barriers[0].detected_at) << wl << " " << mode;
      EXPECT_EQ(r.barriers[0].tasks, base.barriers[0].tasks);
    }
  }
}

TEST(FtSweep, SmallRandomSweepIsClean) {
  const auto t = run_sweep(11, 600, ft_variants());
  for (auto& [v, s] : t) {
    EXPECT_EQ(s.false_det, 0) << v << " " << s.first_bad;
    EXPECT_EQ(s.missed, 0) << v << " " << s.first_bad;
    EXPECT_EQ(s.unexplained, 0) << v << " " << s.first_bad;
    EXPECT_GT(s.failures, s.runs) << v;  // about 4 failures per run
  }
}

TEST(FtMachine, SameSeedSameFailuresSameEventLog) {
  RunConfig c;
  c.algo = "ds";
  c.opts.kv["ft"] = "releager";
  c.workload = "dag:tasks=400,live=20";
  c.machine.npes = 32;
  c.machine.seed = 9;
  c.random_faults = 4;
  std::string logs[2];
  for (int i = 0; i < 2; ++i) {
    c.events_path = ::testing::TempDir() + "/ft_ev" + std::to_string(i) + ".jsonl";
    run_simulation(c);
    std::ifstream f(c.events_path);
    std::stringstream s;
    s << f.rdbuf();
    logs[i] = s.str();
  }
  EXPECT_EQ(logs[0], logs[1]);
  EXPECT_NE(logs[0].find("\"ev\":\"fail\""), std::string::npos);
  EXPECT_NE(logs[0].find("\"ev\":\"notice\""), std::string::npos);
}

using td::test::Out;
using td::test::tdsim;

TEST(FtCli, BadFaultInputExitsTwoNamingTheOptionAndRange) {
  struct Case {
    const char* args;
    const char* needle;
  } cases[] = {{"--algo ds --opt ft=indep --pes 8 --fault 8@50", "legal PEs: 1..7"},
               {"--algo ds --opt ft=indep --pes 8 --fault 0@50", "root"},
               {"--algo ds --opt ft=indep --pes 8 --start 100 --fault 3@100", "legal: 101.."},
               {"--algo ds --opt ft=indep --pes 8 --fault 3@-5", "--fault"},
               {"--algo ds --opt ft=indep --pes 8 --fault 3", "PE@TICK"},
               {"--algo ds --opt ft=indep --pes 8 --fault 3@9 --fault 3@20", "twice"},
               {"--algo cda --pes 8 --fault 3@50", "no fault-tolerance mode"},
               {"--algo ds --pes 8 --fault 3@50", "no fault-tolerance mode"},
               {"--algo cda --opt ft=indep", "'ft'"},
               {"--algo ds --opt ft=maybe", "indep|rellazy|releager"},
               {"--algo ds --opt forget=0", "'forget'"},
               {"--algo ds --opt ft=indep --pes 4 --faults 4", "legal 0..3"}};
  for (auto& c : cases) {
    Out o = tdsim(c.args);
    EXPECT_EQ(o.code, 2) << c.args << "\n" << o.text;
    EXPECT_NE(o.text.find(c.needle), std::string::npos) << c.args << "\n" << o.text;
  }
}

TEST(FtCli, JsonOutcomeAndTraceShowFailuresAndAdoptions) {
  const std::string ct = ::testing::TempDir() + "/ft_ct.json";
  Out o = tdsim(
      "--algo ds --opt ft=rellazy --workload tree:lmax=10,lmin=4 --pes 16 --seed 3 --fault 5@40 --json "
      "--chrome-trace " +
      ct);
  ASSERT_EQ(o.code, 0) << o.text;
  const auto j = nlohmann::json::parse(o.text);
  EXPECT_EQ(j["outcome"], "detected");
  EXPECT_EQ(j["failures"][0]["pe"], 5);
  EXPECT_EQ(j["barriers"][0]["outcome"], "detected");
  std::ifstream f(ct);
  std::stringstream s;
  s << f.rdbuf();
  const auto t = nlohmann::json::parse(s.str());
  int fails = 0, adopts = 0;
  for (auto& e : t["traceEvents"]) {
    const std::string n = e["name"];
    fails += n.rfind("fail PE", 0) == 0;
    adopts += n.rfind("adopt", 0) == 0;
  }
  EXPECT_EQ(fails, 1);
  EXPECT_EQ(adopts, j["barriers"][0]["extra"]["adoptions"]);
  EXPECT_GE(adopts, 1);
}

}  // namespace
}  // namespace td
