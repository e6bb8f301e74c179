// SPDX-License-Identifier: Apache-2.0
// Work stealing (issue 15 item 1, docs/td.md "Work stealing"): with uts map=local every
// child stays on its spawning PE and idle PEs steal. The task total must equal the tree's
// size from tree_stats (a walk without the machine, checked against UTS's published sizes
// in uts_test.cpp), stealing must reach every PE, and the oracle must stay clean and must
// count a stolen task in flight as live work.
#include <gtest/gtest.h>

#include "helpers.h"
#include "td/machine.h"
#include "td/uts.h"

namespace td::test {
namespace {

constexpr const char* kTree = "uts:type=geometric,shape=fixed,depth=6,b0=4,rootseed=1,map=local";

uts::Params tree_params() {
  uts::Params p;
  p.type = uts::TreeType::Geometric;
  p.shape = uts::Shape::Fixed;
  p.depth = 6;
  p.b0 = 4;
  p.root_seed = 1;
  return p;
}

struct Outcome {
  BarrierMetrics m;
  std::vector<std::int64_t> per_pe;
};

Outcome run_machine(const std::string& algo, int pes, int fifo, std::uint64_t seed) {
  MachineConfig mc;
  mc.npes = pes;
  mc.seed = seed;
  mc.fifo = fifo;
  mc.latency = DelayModel{1, 20};
  mc.task_time = DelayModel{1, 10};
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(make_workload(parse_workload_spec(kTree), pes, 0, 1));
  Machine m(mc, std::move(ws), make_detector_factory(algo, AlgoOptions{}));
  m.run();
  Outcome o{m.metrics(0), {}};
  for (NodeId p = 0; p < pes; ++p) o.per_pe.push_back(m.tasks_executed(p));
  return o;
}

// Every algorithm, FIFO and non-FIFO, 8 PEs: clean, the whole tree, every PE worked, and
// each stolen task was one primary message (nothing else sends primaries with map=local).
TEST(Steal, LocalUtsSpreadsToEveryPeUnderEveryAlgorithm) {
  const uts::Stats s = uts::tree_stats(tree_params(), 1'000'000);
  ASSERT_GT(s.nodes, 1000);  // a tree worth spreading
  for (const std::string& algo : algorithm_names())
    for (int fifo : {0, 1}) {
      if (fifo == 0 && (algo == "cv" || algo == "edod")) continue;  // they assume FIFO channels
      const Outcome o = run_machine(algo, 8, fifo, 11);
      SCOPED_TRACE(algo + (fifo ? " fifo" : " non-fifo"));
      EXPECT_FALSE(o.m.false_detection);
      EXPECT_FALSE(o.m.missed);
      EXPECT_EQ(o.m.tasks, s.nodes);
      EXPECT_EQ(o.m.local_spawns, s.nodes - 1);  // every child spawned locally
      EXPECT_EQ(o.m.primary_msgs, o.m.steals);
      EXPECT_GT(o.m.steals, 0);
      EXPECT_GE(o.m.steal_requests, o.m.steals);
      std::int64_t sum = 0;
      for (std::size_t p = 0; p < o.per_pe.size(); ++p) {
        EXPECT_GT(o.per_pe[p], 0) << "PE " << p;
        sum += o.per_pe[p];
      }
      EXPECT_EQ(sum, s.nodes);
    }
}

// Several stealing barriers, zero latency (found by the 1,000,000-run sweep): a PE busy with
// another barrier's task kept giving away its only queued task of b, which bounced between
// busy PEs forever within one tick. A victim now keeps one unit of the barrier's work.
TEST(Steal, NoBouncingBetweenBusyPesAtZeroLatency) {
  RunConfig c =
      cfg("4c", "uts:type=binomial,b0=27,q=0.101245,m=4,rootseed=292,map=local,barriers=3", 3, 15422012066643590983ULL);
  c.machine.latency = DelayModel{0, 0};
  c.machine.task_time = DelayModel{0, 14};
  c.machine.fifo = 1;
  c.machine.tree_arity = 1;
  c.machine.max_events = 1'000'000;
  const RunResult r = ok_run(c);
  EXPECT_FALSE(r.hard_stopped);
  for (const auto& b : r.barriers) EXPECT_LE(b.steals, b.tasks);
}

// Same seed, same run: the victims and back-offs come from the run's RNG.
TEST(Steal, Deterministic) {
  const Outcome a = run_machine("nbx", 8, 0, 5), b = run_machine("nbx", 8, 0, 5);
  EXPECT_EQ(a.per_pe, b.per_pe);
  EXPECT_EQ(a.m.steal_requests, b.m.steal_requests);
  EXPECT_EQ(a.m.detected_at, b.m.detected_at);
}

// Two childless tasks on PE 0 (task time 6, latency 5, 2 PEs): PE 1 asks at tick 0, PE 0
// (running A, B queued) gives B at tick 5; B is in flight until tick 10 while PE 0 goes idle
// at tick 6. A detector that declares at that first idle must be caught: the stolen task in
// flight is live work. B then runs on PE 1 from 10 to 16 (true termination).
class TwoTasks : public Workload {
 public:
  void initial(Rng&, std::vector<Spawn>& out) override { out.resize(2); }
  void execute(const Task&, NodeId, Rng&, std::vector<Spawn>&) override {}
  bool steals() const override { return true; }
};
class DeclareAtFirstIdle : public Detector {
 public:
  explicit DeclareAtFirstIdle(Runtime& m) : m_(m) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term"}; }
  void on_idle(NodeId pe) override { m_.declare(pe, 0); }
  void on_control(NodeId, Message&) override {}

 private:
  Runtime& m_;
};

TEST(Steal, StolenTaskInFlightIsLiveWork) {
  MachineConfig mc;
  mc.npes = 2;
  mc.latency = DelayModel{5, 5};
  mc.task_time = DelayModel{6, 6};
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(std::make_unique<TwoTasks>());
  Machine m(mc, std::move(ws), [](Runtime& rt, int) { return std::make_unique<DeclareAtFirstIdle>(rt); });
  m.run();
  const BarrierMetrics& bm = m.metrics(0);
  EXPECT_EQ(bm.detected_at, 6);
  EXPECT_TRUE(bm.false_detection);
  EXPECT_EQ(bm.steals, 1);
  EXPECT_EQ(bm.true_termination, 16);
  EXPECT_EQ(m.tasks_executed(0), 1);
  EXPECT_EQ(m.tasks_executed(1), 1);
}

// The steal counters reach the JSON result (only runs that steal carry them).
TEST(Steal, CountersInJson) {
  const RunConfig c = cfg("qd", kTree, 4, 2);
  const RunResult r = ok_run(c);
  const std::string j = to_json(c, r);
  EXPECT_NE(j.find("\"steal_requests\":" + std::to_string(r.barriers[0].steal_requests)), std::string::npos) << j;
  EXPECT_NE(j.find("\"steals\":" + std::to_string(r.barriers[0].steals)), std::string::npos) << j;
  const RunConfig c2 = cfg("qd", "uts:map=random", 4, 2);
  EXPECT_EQ(to_json(c2, ok_run(c2)).find("steal"), std::string::npos);
}

}  // namespace
}  // namespace td::test
