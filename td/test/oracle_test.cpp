// SPDX-License-Identifier: Apache-2.0
// The oracle: corrected algorithms never declare falsely and always declare; the
// literal-errata variants fail on some seed (issue item 4). The long sweep is
// `make td-regress`; this is its short version.
#include "helpers.h"
#include "td/sweep.h"

namespace td::test {
namespace {

TEST(Oracle, CorrectedAlgorithmsSafeAndLiveOnRandomRuns) {
  const auto variants = corrected_variants();
  const auto t = run_sweep(2026, static_cast<std::int64_t>(variants.size()) * 1500, variants);
  ASSERT_EQ(t.size(), 14u);  // the twelve of the seed papers, nbx and qd
  for (auto& [v, s] : t) {
    EXPECT_EQ(s.runs, 1500) << v;
    EXPECT_EQ(s.false_det, 0) << v << ": " << s.first_bad;
    EXPECT_EQ(s.missed, 0) << v << ": " << s.first_bad;
  }
}

TEST(Oracle, LiteralVariantsFailOnSomeSeed) {
  const auto t = run_sweep(2026, 5 * 1500, literal_variants());
  // Baker Figure 1 as printed (E1, E2), Tiered without levels (§4.1), Rokusawa's FIFO rules
  // on non-FIFO channels (I-6) and EDOD without the confirmed-RESUME fix: false detections.
  for (const char* v : {"baker-literal", "tiered-flat", "wtc-fifo-on-nonfifo", "edod-literal"})
    EXPECT_GT(t.at(v).false_det, 0) << v;
  // Rokusawa §6 as written: weight-1 subpools cannot fund a request (NF-4): missed detections.
  EXPECT_GT(t.at("wtc-literal").missed, 0);
}

TEST(Oracle, DeclarationBeforeTheComputationStartsIsFalse) {
  // The machine is quiescent before the initial tasks are injected; a detector that
  // declared then would be wrong. CV waits for the start (it floods warnings at time 0).
  RunConfig c = cfg("cv", "ring:p=0.9", 4, 1);
  c.machine.start = 5000;
  auto r = ok_run(c);
  EXPECT_GE(r.barriers[0].detected_at, 5000);
}

// Rokusawa §5.4 arithmetic (FIFO mode): a subpool created by a process of weight 2^10 can
// throw exactly 10 times before its weight becomes 1 (then it requests more, eagerly).
TEST(Wtc, TenThrowsFromWeight1024BeforeRequest) {
  auto run = [](int children) {
    RunConfig c = cfg("wtc", "tseng45:case=b,t=" + std::to_string(children + 1), 4, 1);
    c.opts.kv["mode"] = "fifo";
    return ok_run(c);
  };
  EXPECT_EQ(kind(run(9), "request"), 0);   // 1024 -> 2 after 9 throws
  EXPECT_EQ(kind(run(10), "request"), 1);  // 1024 -> 1 after 10 throws
  EXPECT_EQ(kind(run(11), "request"), 1);  // the 11th throw waits for the supply
  EXPECT_EQ(kind(run(11), "supply"), 1);
}

// Rokusawa abortion: every ABORT yields one TERMINATED (3a) or one RETURN (3b), and the
// controller's weight is back to zero (the run is detected, nothing in flight).
TEST(Wtc, AbortionCompletes) {
  for (std::uint64_t s = 1; s <= 20; ++s)
    for (const char* mode : {"fifo", "nonfifo"}) {
      RunConfig c = cfg("wtc", "dag:tasks=2000,live=30", 6, s);
      c.opts.kv["mode"] = mode;
      c.opts.kv["abort"] = "150";
      c.machine.latency = DelayModel{1, 30, false};
      auto r = ok_run(c);
      EXPECT_LT(r.barriers[0].tasks, 2000) << "the abort must cut the computation short";
      EXPECT_GT(kind(r, "abort"), 0);
      EXPECT_LE(kind(r, "abort"), kind(r, "terminated") + kind(r, "return"));
    }
}

// CDA (Bosilca §4): a terminal emission carries all the credit, so a process that sends
// its last messages and goes idle does not flush (C9); with a tiny C_init the borrow,
// prefetch and overflow paths run and the run stays safe and live (C8).
TEST(Cda, TerminalEmissionAvoidsFlushAndSmallCreditStaysCorrect) {
  // tseng45 case a: a chain; every sender's emission is terminal: the only flushes are the
  // P-1 initially idle processes (minus the controller's local one) and the last task's.
  auto r = ok_run(cfg("cda", "tseng45:case=a,t=40", 5, 1));
  EXPECT_EQ(r.extra[0].at("flushes"), 5 - 1 + 1);
  for (std::uint64_t s = 1; s <= 30; ++s) {
    RunConfig c = cfg("cda", "dag:tasks=500,live=40,maxk=4", 7, s);
    c.opts.kv = {{"cinit", "3"}, {"ccon", "8"}, {"wcon", "2"}, {"cborrow", "2"}, {"cmax", "9"}};
    c.machine.fifo = 0;
    c.machine.latency = DelayModel{0, 30, false};
    auto q = ok_run(c);
    EXPECT_GT(q.extra[0].at("borrows"), 0);
  }
}

}  // namespace
}  // namespace td::test
