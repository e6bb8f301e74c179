// SPDX-License-Identifier: Apache-2.0
// Tests of the shared model-side harness: the lockstep comparator (dsbc/lockstep.h), the
// closed loop (dsbc/closed_loop.h) and the latency percentile. Each check is shown able to
// fail: the comparator is given a planted output difference, the percentile hand-made
// samples whose nearest-rank values are worked out in the comments.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "dsbc/closed_loop.h"
#include "dsbc/lockstep.h"
#include "dsbc/oracle.h"
#include "dsbc/unit.h"

namespace {

using dsbc::LockstepEngine;

/// The golden model with PE 1's ack_valid inverted from cycle `from` on (a planted bug).
class FaultyUnit final : public dsbc::Engine {
 public:
  FaultyUnit(const dsbc::Config& c, uint64_t from) : u_(c), from_(from) { sync(); }
  const dsbc::Config& config() const override { return u_.config(); }
  const dsbc::Outputs& outputs() const override { return out_; }
  void step(const dsbc::Inputs& in) override {
    u_.step(in);
    sync();
  }
  uint64_t cycle() const override { return u_.cycle(); }

 private:
  void sync() {
    out_ = u_.outputs();
    if (u_.cycle() >= from_) out_.pe[1].ack_valid = !out_.pe[1].ack_valid;
  }
  dsbc::Unit u_;
  uint64_t from_;
  dsbc::Outputs out_;
};

dsbc::Config small() {
  dsbc::Config c;
  c.pes = 3;
  c.barriers = 2;
  return c;
}

dsbc::Inputs idle() {
  dsbc::Inputs in;
  in.pe.resize(3);
  return in;
}

TEST(Lockstep, EqualEnginesNeverMismatch) {
  LockstepEngine ls(std::make_unique<dsbc::Unit>(small()), std::make_unique<dsbc::Unit>(small()),
                    LockstepEngine::OnMismatch::kRecord);
  for (int k = 0; k < 50; ++k) ls.step(idle());
  EXPECT_EQ(ls.compared(), 51u);  // cycle 0 at construction, then one per step
  EXPECT_EQ(ls.mismatches(), 0u);
}

TEST(Lockstep, RecordCountsEveryDifferingCycleAndKeepsTheFirstFew) {
  LockstepEngine ls(std::make_unique<dsbc::Unit>(small()), std::make_unique<FaultyUnit>(small(), 7),
                    LockstepEngine::OnMismatch::kRecord);
  for (int k = 0; k < 20; ++k) ls.step(idle());
  // Cycles 7..20 differ: 14 of them.
  EXPECT_EQ(ls.mismatches(), 14u);
  ASSERT_EQ(ls.mismatch_messages().size(), LockstepEngine::kKeptMismatches);
  const std::string& first = ls.mismatch_messages().front();
  EXPECT_NE(first.find("cycle 7 "), std::string::npos) << first;
  EXPECT_NE(first.find("pe1 "), std::string::npos) << first;
  EXPECT_EQ(first.find("pe0 "), std::string::npos) << first;  // only what differs is named
  EXPECT_EQ(first.find("global"), std::string::npos) << first;
}

TEST(Lockstep, ThrowStopsOnTheFirstDifferingCycle) {
  LockstepEngine ls(std::make_unique<dsbc::Unit>(small()), std::make_unique<FaultyUnit>(small(), 3));
  ls.step(idle());
  ls.step(idle());
  try {
    ls.step(idle());
    FAIL() << "no mismatch reported";
  } catch (const dsbc::LockstepMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("cycle 3 "), std::string::npos) << e.what();
  }
}

TEST(Lockstep, DifferentConfigurationsAreRefused) {
  dsbc::Config other = small();
  other.fifo_depth = 3;
  EXPECT_THROW(LockstepEngine(std::make_unique<dsbc::Unit>(small()), std::make_unique<dsbc::Unit>(other)),
               std::invalid_argument);
}

TEST(LatencyStats, NearestRankPercentile) {
  dsbc::LatencyStats l;
  EXPECT_EQ(l.percentile(99), 0u);               // no samples
  for (uint64_t v = 100; v >= 1; --v) l.add(v);  // 1..100, unsorted
  EXPECT_EQ(l.percentile(99), 99u);              // rank ceil(0.99 * 100) = 99
  EXPECT_EQ(l.percentile(100), 100u);
  EXPECT_EQ(l.percentile(1), 1u);
  EXPECT_EQ(l.max, 100u);
  EXPECT_DOUBLE_EQ(l.mean(), 50.5);
  l.add(1000);                        // 101 samples
  EXPECT_EQ(l.percentile(99), 100u);  // rank ceil(0.99 * 101) = ceil(99.99) = 100
  EXPECT_EQ(l.percentile(50), 51u);   // rank ceil(50.5) = 51
}

TEST(ClosedLoop, CheckedRunSeesCompletionsUncheckedRunObservesNothing) {
  dsbc::Config c;
  c.pes = 4;
  c.barriers = 4;
  dsbc::Unit checked_unit(c), unchecked_unit(c);
  dsbc::ClosedLoop checked(checked_unit, dsbc::StimulusOptions{}, 5);
  dsbc::ClosedLoop unchecked(unchecked_unit, dsbc::StimulusOptions{}, 5, /*check=*/false);
  checked.run_until(20000);
  unchecked.run_until(20000);
  EXPECT_EQ(checked_unit.cycle(), 20000u);
  EXPECT_TRUE(checked.oracle().ok());
  EXPECT_GT(checked.oracle().completions(), 0u);
  EXPECT_EQ(unchecked.oracle().completions(), 0u);
  EXPECT_EQ(unchecked.oracle().commits(), 0u);
  // Same seed, same engine: the oracle does not perturb the loop.
  EXPECT_EQ(checked_unit.outputs(), unchecked_unit.outputs());
  // model_latency is the checked loop on a fresh model.
  const dsbc::LatencyStats l = dsbc::model_latency(c, dsbc::StimulusOptions{}, 20000, 5);
  EXPECT_EQ(l.count, checked.oracle().latency().count);
  EXPECT_EQ(l.samples, checked.oracle().latency().samples);
}

}  // namespace
