// SPDX-License-Identifier: Apache-2.0
// The checks can fail: the lockstep stops on a planted output difference, and the oracle
// reports early, missed and post-snapshot-commit detections in hand-made results.
#include <gtest/gtest.h>

#include "dsys/lockstep_engine.h"
#include "dsys/system.h"

namespace dsys {
namespace {

/// The golden model with PE 1's fifo_valid inverted from a given cycle on (a planted bug).
class FaultyUnit final : public dsbc::Engine {
 public:
  FaultyUnit(const dsbc::Config& c, std::uint64_t from) : u_(c), from_(from) { sync(); }
  const dsbc::Config& config() const override { return u_.config(); }
  const dsbc::Outputs& outputs() const override { return out_; }
  void step(const dsbc::Inputs& in) override {
    u_.step(in);
    sync();
  }
  std::uint64_t cycle() const override { return u_.cycle(); }

 private:
  void sync() {
    out_ = u_.outputs();
    if (u_.cycle() >= from_) out_.pe[1].fifo_valid = !out_.pe[1].fifo_valid;
  }
  dsbc::Unit u_;
  std::uint64_t from_;
  dsbc::Outputs out_;
};

TEST(LockstepEngine, FailsOnFirstDifferingCycle) {
  dsbc::Config c;
  c.pes = 2;
  c.barriers = 2;
  LockstepEngine ls(std::make_unique<dsbc::Unit>(c), std::make_unique<FaultyUnit>(c, 5));
  dsbc::Inputs in;
  in.pe.resize(2);
  for (int k = 0; k < 4; ++k) ls.step(in);
  try {
    ls.step(in);
    FAIL() << "no mismatch reported";
  } catch (const LockstepMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("cycle 5"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("pe1"), std::string::npos) << e.what();
  }
}

SystemResult one_row() {
  SystemResult r;
  r.cfg.pes = 4;
  r.cfg.barriers = 1;
  r.period_ps = 10'000;
  EpochRow row;
  row.true_termination = 100'000;
  row.dsbc_last_commit_cycle = 11;
  row.dsbc_snap_cycle = 14;
  row.dsbc_done_cycle = 36;
  Detection d;
  d.name = "dsbc";
  d.detected = true;
  d.at = 380'000;
  row.det.push_back(d);
  r.rows.push_back(row);
  return r;
}

TEST(SystemOracle, AcceptsACorrectDetection) {
  SystemResult r = one_row();
  check(r);
  EXPECT_TRUE(r.ok());
}

TEST(SystemOracle, FailsEarlyMissedAndStaleSnapshot) {
  SystemResult early = one_row();
  early.rows[0].det[0].at = 90'000;
  check(early);
  EXPECT_FALSE(early.ok());

  SystemResult missed = one_row();
  missed.rows[0].det[0].detected = false;
  missed.rows[0].det[0].missed = true;
  check(missed);
  EXPECT_FALSE(missed.ok());

  SystemResult stale = one_row();  // a commit of the epoch in the snapshot's cycle
  stale.rows[0].dsbc_last_commit_cycle = 14;
  check(stale);
  EXPECT_FALSE(stale.ok());

  SystemResult slow = one_row();  // beyond L_max = M(Q+4) + 5 + log2 N + 2 = 22 + 7 + 2 = 31
  slow.rows[0].dsbc_done_cycle = 11 + 32;
  check(slow);
  EXPECT_FALSE(slow.ok());
}

}  // namespace
}  // namespace dsys
