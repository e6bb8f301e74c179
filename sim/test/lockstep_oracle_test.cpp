// SPDX-License-Identifier: Apache-2.0
// The checks can fail: the oracle reports early, missed and post-snapshot-commit detections in
// hand-made results. (That the lockstep stops on a planted output difference is tested where
// the comparator lives: cpp_model/test/lockstep_test.cpp.)
#include <gtest/gtest.h>

#include "dsys/system.h"

namespace dsys {
namespace {

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
