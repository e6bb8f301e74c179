// SPDX-License-Identifier: Apache-2.0
// The simulator's non-blocking collectives (Machine::start_collective, the contract in
// docs/td.md "Non-blocking collectives"): an instance completes at every PE at once, only
// after its last PE entered, at t_last + 2 ceil(log2 N) latency draws, in instance order,
// with the element-wise sums, charged as 2 (N - 1) messages. Expected values come from
// those formulas, evaluated here by hand for constant latencies.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "helpers.h"
#include "td/machine.h"

namespace td::test {
namespace {

struct Done {
  NodeId pe;
  std::int64_t inst;
  Tick t;
  std::vector<std::int64_t> sums;
};

// A detector that enters `ninst` instances at every PE: PE p enters instance k at tick
// start + entry(p, k) (timers), with values {p, k, 1} (or none for a barrier), and records
// every completion. PE 0 declares after the last one so the run is clean.
class Scripted : public Detector {
 public:
  using Entry = std::function<Tick(NodeId, std::int64_t)>;
  Scripted(Runtime& m, int ninst, bool values, Entry entry, std::vector<Done>& log)
      : m_(m), ninst_(ninst), values_(values), entry_(std::move(entry)), log_(log) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "coll"}; }
  void on_start() override {
    for (NodeId p = 0; p < m_.npes(); ++p) m_.set_timer(p, 0, entry_(p, 0), 0);
  }
  void on_timer(NodeId p, std::int64_t k) override {
    entered_at_.push_back({p, k, m_.now(), {}});
    std::vector<std::int64_t> v;
    if (values_) v = {p, k, 1};
    m_.start_collective(p, 0, 2, v);
    if (k + 1 < ninst_) m_.set_timer(p, 0, entry_(p, k + 1) - entry_(p, k), k + 1);
  }
  void on_collective(NodeId p, std::int64_t k, const std::vector<std::int64_t>& sums) override {
    log_.push_back({p, k, m_.now(), sums});
    if (p == 0 && k + 1 == ninst_) m_.declare(0, 0);
  }
  void on_control(NodeId, Message&) override {}
  std::vector<Done> entered_at_;

 private:
  Runtime& m_;
  int ninst_;
  bool values_;
  Entry entry_;
  std::vector<Done>& log_;
};

struct Run {
  std::vector<Done> done;
  BarrierMetrics metrics;
  std::vector<Done> entered;
};

Run run(int n, int ninst, bool values, Scripted::Entry entry, DelayModel lat, std::FILE* evlog = nullptr) {
  MachineConfig mc;
  mc.npes = n;
  mc.latency = lat;
  mc.seed = 5;
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(make_workload(parse_workload_spec("ring:p=0"), n, 0, 1));  // one task on PE 0
  Run r;
  Scripted* det = nullptr;
  Machine m(mc, std::move(ws), [&](Runtime& rt, int) {
    auto d = std::make_unique<Scripted>(rt, ninst, values, entry, r.done);
    det = d.get();
    return d;
  });
  m.set_event_log(evlog);
  m.run();
  r.metrics = m.metrics(0);
  r.entered = det->entered_at_;
  return r;
}

// N = 5 PEs, constant latency 7: ceil(log2 5) = 3 levels, so an instance completes 2*3*7 =
// 42 ticks after its last entry; PE p enters instance k at 100k + 10p (PE 4 last, at
// 100k + 40). Sums: {0+1+2+3+4, 5k, 5}. Messages: 2*(5-1) = 8 per instance, 64 bits per value.
TEST(Collective, CompletesAfterTheLastEntryWithTheSums) {
  const auto r = run(
      5, 3, true, [](NodeId p, std::int64_t k) { return 100 * k + 10 * p + 1; }, DelayModel{7, 7});
  ASSERT_EQ(r.done.size(), 15u);
  for (const Done& d : r.done) {
    EXPECT_EQ(d.t, 100 * d.inst + 41 + 42) << "PE " << d.pe << " instance " << d.inst;
    EXPECT_EQ(d.sums, (std::vector<std::int64_t>{10, 5 * d.inst, 5}));
  }
  EXPECT_EQ(r.metrics.by_kind.at(2), 3 * 8);
  EXPECT_EQ(r.metrics.ctrl_external, 3 * 8);
  EXPECT_EQ(r.metrics.ctrl_bits, 3 * 8 * 3 * 64);
  EXPECT_TRUE(r.metrics.detected);
  EXPECT_FALSE(r.metrics.false_detection);
}

// A barrier (no values): empty sums, 64 bits per message; N = 8: 3 levels, latency 2 -> 12.
TEST(Collective, BarrierHasEmptySumsAndChargesOneWord) {
  const auto r = run(
      8, 2, false, [](NodeId p, std::int64_t k) { return 50 * k + (7 - p) + 1; }, DelayModel{2, 2});
  ASSERT_EQ(r.done.size(), 16u);
  for (const Done& d : r.done) {
    EXPECT_TRUE(d.sums.empty());
    EXPECT_EQ(d.t, 50 * d.inst + 8 + 12);  // PE 0 enters last, at 50k + 8
  }
  EXPECT_EQ(r.metrics.ctrl_bits, 2 * 14 * 64);
}

// Uneven entries and random latencies: no PE hears of an instance before its last PE
// entered it, every PE hears of the instances in order, and the completions of the
// instances are ordered even when a later instance draws a shorter delay.
TEST(Collective, InstancesCompleteInOrderOnlyAfterTheLastEntry) {
  const auto entry = [](NodeId p, std::int64_t k) { return 1 + 12 * k + ((p * 7 + k * 13) % 11); };
  const auto r = run(6, 40, true, entry, DelayModel{0, 30});
  ASSERT_EQ(r.done.size(), 6u * 40u);
  std::vector<Tick> last_entry(40, 0), done_at(40, -1);
  for (const Done& e : r.entered)
    last_entry[static_cast<std::size_t>(e.inst)] = std::max(last_entry[static_cast<std::size_t>(e.inst)], e.t);
  std::vector<std::int64_t> next(6, 0);
  for (const Done& d : r.done) {
    EXPECT_EQ(d.inst, next[static_cast<std::size_t>(d.pe)]++) << "PE " << d.pe;
    EXPECT_GT(d.t, last_entry[static_cast<std::size_t>(d.inst)]);  // N > 1: at least one tick later
    auto& t = done_at[static_cast<std::size_t>(d.inst)];
    if (t < 0) t = d.t;
    EXPECT_EQ(d.t, t) << "every PE hears of an instance at the same tick";
    EXPECT_EQ(d.sums, (std::vector<std::int64_t>{15, 6 * d.inst, 6}));
  }
  for (std::size_t k = 1; k < 40; ++k) EXPECT_GE(done_at[k], done_at[k - 1]) << k;
}

// N = 1: the instance completes at the tick of the entry and costs no message.
TEST(Collective, SinglePeCompletesAtOnceWithoutMessages) {
  const auto r = run(
      1, 4, true, [](NodeId, std::int64_t k) { return 10 * k + 3; }, DelayModel{9, 9});
  ASSERT_EQ(r.done.size(), 4u);
  for (const Done& d : r.done) {
    EXPECT_EQ(d.t, 10 * d.inst + 3);
    EXPECT_EQ(d.sums, (std::vector<std::int64_t>{0, d.inst, 1}));
  }
  EXPECT_EQ(r.metrics.ctrl_external, 0);
  EXPECT_EQ(r.metrics.by_kind.at(2), 0);
}

// The event log has one coll_enter and one coll_done line per PE and instance, and two runs
// with the same seed write the same log (random latencies: the draws are the run's RNG).
TEST(Collective, LoggedAndDeterministic) {
  auto log_of = [] {
    std::FILE* f = std::tmpfile();
    run(
        4, 5, true, [](NodeId p, std::int64_t k) { return 1 + 20 * k + p; }, DelayModel{1, 25}, f);
    std::rewind(f);
    std::string s;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    std::fclose(f);
    return s;
  };
  const std::string a = log_of(), b = log_of();
  EXPECT_EQ(a, b);
  auto count = [&](const std::string& what) {
    std::size_t c = 0;
    for (auto pos = a.find(what); pos != std::string::npos; pos = a.find(what, pos + 1)) ++c;
    return c;
  };
  EXPECT_EQ(count("\"ev\":\"coll_enter\""), 20u);
  EXPECT_EQ(count("\"ev\":\"coll_done\""), 20u);
}

// Every PE must enter an instance with vectors of the same length.
TEST(Collective, MismatchedLengthsAreRefused) {
  MachineConfig mc;
  mc.npes = 2;
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(make_workload(parse_workload_spec("ring:p=0"), 2, 0, 1));
  struct Bad : Detector {
    explicit Bad(Runtime& m) : m_(m) {}
    std::vector<std::string> kind_names() const override { return {"primary", "term", "coll"}; }
    void on_start() override {
      m_.start_collective(0, 0, 2, {1});
      m_.start_collective(1, 0, 2, {1, 2});
    }
    void on_control(NodeId, Message&) override {}
    Runtime& m_;
  };
  Machine m(mc, std::move(ws), [](Runtime& rt, int) { return std::make_unique<Bad>(rt); });
  EXPECT_THROW(m.run(), std::logic_error);
}

}  // namespace
}  // namespace td::test
