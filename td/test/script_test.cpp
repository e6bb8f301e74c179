// SPDX-License-Identifier: Apache-2.0
// Scripted counterexamples: the literal pseudo-code of Baker et al. (Fig. 1, errata E1 and
// E2) and flat counting without Tseng's levels (§4.1) declare termination while a PE is
// busy; the corrected versions do not. The schedules are the papers'/spec's traces, built
// from tasks with fixed durations and a constant latency of 1 tick.
#include <map>

#include "helpers.h"

namespace td::test {
namespace {

struct Node {
  Tick duration;
  std::vector<std::pair<NodeId, std::int64_t>> children;  // (PE, node)
};

/// A workload given as a table of nodes; Task::a is the node id.
class Script : public Workload {
 public:
  Script(std::map<std::int64_t, Node> nodes, std::vector<std::pair<NodeId, std::int64_t>> init)
      : nodes_(std::move(nodes)), init_(std::move(init)) {}
  void initial(Rng&, std::vector<Spawn>& out) override {
    for (auto& [pe, n] : init_) {
      Spawn s;
      s.pe = pe;
      s.task.a = n;
      out.push_back(s);
    }
  }
  void execute(const Task& t, NodeId, Rng&, std::vector<Spawn>& out) override {
    for (auto& [pe, n] : nodes_.at(t.a).children) {
      Spawn s;
      s.pe = pe;
      s.task.a = n;
      out.push_back(s);
    }
  }
  Tick duration(const Task& t, Rng&) override { return nodes_.at(t.a).duration; }

 private:
  std::map<std::int64_t, Node> nodes_;
  std::vector<std::pair<NodeId, std::int64_t>> init_;
};

BarrierMetrics run_script(const std::string& algo, const AlgoOptions& o, std::map<std::int64_t, Node> nodes,
                          std::vector<std::pair<NodeId, std::int64_t>> init) {
  MachineConfig mc;
  mc.npes = 3;
  mc.latency = DelayModel{1, 1, false};
  mc.fifo = 1;
  mc.tree_arity = 2;  // root PE 0, leaves PE 1 (p) and PE 2 (q)
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(std::make_unique<Script>(std::move(nodes), std::move(init)));
  Machine m(mc, std::move(ws), make_detector_factory(algo, o));
  m.run();
  return m.metrics(0);
}

// E1: q (active) sends m1 to p after p's visit; p, still active, sends m2 tagged 1 to q;
// q's leaf visit then counts 1 - 1 = 0 and the root sums 0 while p is busy.
std::map<std::int64_t, Node> e1() {
  return {{0, {100, {{1, 1}, {2, 2}}}},  // A on q: m1 -> p (B), local C keeps q busy
          {2, {50, {}}},                 // C
          {1, {10, {{2, 3}, {1, 4}}}},   // B on p: m2 -> q (D), local E keeps p busy
          {3, {1, {}}},                  // D on q
          {4, {1000, {}}}};              // E on p
}

// E2: the root's sweep number leads; q's visit counts +1 (m1 sent), p answers m1 with m2
// tagged 1 to the root, whose -1 cancels it: total 0 while p is busy.
std::map<std::int64_t, Node> e2() {
  return {{0, {100, {{1, 1}, {2, 2}}}},  // A on q: m1 -> p (B), local C delays q's visit
          {2, {50, {}}},                 // C
          {1, {10, {{0, 3}, {1, 4}}}},   // B on p: m2 -> root (F), local E keeps p busy
          {3, {5, {}}},                  // F on the root
          {4, {1000, {}}}};              // E on p
}

TEST(Script, BakerFigure1LeafWithoutInfinityCheckFalselyDetects) {
  AlgoOptions lit;
  lit.kv["leaf_check"] = "0";
  const auto bad = run_script("baker", lit, e1(), {{2, 0}});
  EXPECT_TRUE(bad.false_detection);
  EXPECT_LT(bad.detected_at, 1000);  // declared while E runs on p
  const auto good = run_script("baker", AlgoOptions{}, e1(), {{2, 0}});
  EXPECT_FALSE(good.false_detection);
  EXPECT_TRUE(good.detected);
  EXPECT_GE(good.detected_at, good.true_termination);
}

TEST(Script, BakerFigure1RootLeadingSweepNumberFalselyDetects) {
  AlgoOptions lit;
  lit.kv["root_sweep"] = "lead";
  const auto bad = run_script("baker", lit, e2(), {{2, 0}});
  EXPECT_TRUE(bad.false_detection);
  AlgoOptions both;
  both.literal = true;
  EXPECT_TRUE(run_script("baker", both, e2(), {{2, 0}}).false_detection);
  EXPECT_TRUE(run_script("baker", both, e1(), {{2, 0}}).false_detection);
  const auto good = run_script("baker", AlgoOptions{}, e2(), {{2, 0}});
  EXPECT_FALSE(good.false_detection);
  EXPECT_TRUE(good.detected);
}

// Tseng §4.1: PE1 runs the only task, spawns one to PE2, which spawns one back to PE1 and
// stays busy; PE1 reports "consumed 2, produced 1" and flat counting balances.
TEST(Script, TieredWithoutLevelsFalselyDetectsWithLevelsNot) {
  std::map<std::int64_t, Node> s = {{0, {10, {{2, 1}, {1, 4}}}},  // A on PE1: -> PE2 (B), local X
                                    {4, {30, {}}},                // X keeps PE1 busy
                                    {1, {10, {{1, 2}, {2, 3}}}},  // B on PE2: -> PE1 (C), local D
                                    {2, {1, {}}},                 // C on PE1
                                    {3, {1000, {}}}};             // D keeps PE2 busy
  AlgoOptions flat;
  flat.kv["levels"] = "0";
  const auto bad = run_script("tiered", flat, s, {{1, 0}});
  EXPECT_TRUE(bad.false_detection);
  EXPECT_LT(bad.detected_at, 1000);
  const auto good = run_script("tiered", AlgoOptions{}, s, {{1, 0}});
  EXPECT_FALSE(good.false_detection);
  EXPECT_TRUE(good.detected);
}

}  // namespace
}  // namespace td::test
