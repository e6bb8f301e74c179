// SPDX-License-Identifier: Apache-2.0
// The identities the seed papers state, checked exactly (docs/reproduction.md lists them):
// Tseng Tables 4.1-4.3, Bosilca Theorem 1 and the wave costs of 4C/SKR/Baker.
#include <cmath>

#include "helpers.h"

namespace td::test {
namespace {

const char* kWorkloads[] = {"tree:lambda=0.8,lmax=14,map=random",
                            "tree:lambda=0.8,lmax=14,map=rr",
                            "dag:tasks=400,live=20",
                            "forkjoin:width=9,rounds=3",
                            "ring:p=0.97,branch=0.2",
                            "tseng45:case=b,t=50",
                            "tseng47:t=40",
                            "dag:tasks=200,live=6,barriers=2"};

RunConfig mixed(const std::string& algo, const std::string& wl, int pes, std::uint64_t seed) {
  RunConfig c = cfg(algo, wl, pes, seed);
  c.machine.latency = DelayModel::parse("uniform:1:40", "--latency");
  c.machine.task_time = DelayModel::parse("uniform:0:20", "--task-time");
  return c;
}

// Table 4.1: Tiered sends E external messages and T internal notifications.
TEST(Table41, TieredExternalEqualsEventsInternalEqualsTasks) {
  for (const char* wl : kWorkloads)
    for (std::uint64_t s = 1; s <= 4; ++s) {
      auto r = ok_run(mixed("tiered", wl, 7, s));
      for (auto& b : r.barriers) {
        EXPECT_EQ(b.ctrl_external, b.idle_events) << wl;
        EXPECT_EQ(b.internal, b.tasks) << wl;
      }
    }
}

// Table 4.1: the Credit Algorithm sends T external messages and no internal ones.
TEST(Table41, CreditExternalEqualsTasks) {
  for (const char* wl : kWorkloads)
    for (std::uint64_t s = 1; s <= 3; ++s) {
      auto r = ok_run(mixed("credit", wl, 5, s));
      for (auto& b : r.barriers) {
        EXPECT_EQ(b.ctrl_external, b.tasks) << wl;
        EXPECT_EQ(b.internal, 0) << wl;
        EXPECT_EQ(b.ctrl_bits, b.tasks * clg(b.tasks)) << wl;  // Table 4.2: T ceil(lg T)
      }
    }
}

// Table 4.1: CV sends 2L + (remove_entry per tracked message) + N - 1; on the complete
// network 2L = N(N-1) warnings. With the computation started after the warnings, every
// primary message is tracked, so remove_entry = primary messages.
TEST(Table41, CvExternalIs2LPlusMessagesPlusNMinus1) {
  for (const char* wl : kWorkloads)
    for (int n : {2, 5, 9}) {
      RunConfig c = mixed("cv", wl, n, 7);
      if (std::string(wl).rfind("tseng47", 0) == 0 && n < 2) continue;
      c.machine.start = 10000;
      auto r = ok_run(c);
      const auto& b = r.barriers[0];
      EXPECT_EQ(kind(r, "warning"), static_cast<std::int64_t>(n) * (n - 1)) << wl;
      EXPECT_EQ(kind(r, "remove"), b.primary_msgs) << wl;
      EXPECT_EQ(kind(r, "terminate"), n - 1) << wl;
      if (r.barriers.size() == 1) {
        EXPECT_EQ(b.ctrl_external, n * (n - 1) + b.primary_msgs + n - 1) << wl;
      }
      EXPECT_EQ(b.internal, b.tasks) << wl;
    }
}

// Table 4.1: LTD sends N-1 START and at most T-1 FINISHED; every primary message (and every
// initial task outside the root, a virtual message from p_1) is finished exactly once.
TEST(Table41, LtdWithinTablesRangeAndEveryMessageFinishedOnce) {
  for (const char* wl : kWorkloads)
    for (std::uint64_t s = 1; s <= 3; ++s) {
      const int n = 6;
      auto r = ok_run(mixed("ltd", wl, n, s));
      for (std::size_t i = 0; i < r.barriers.size(); ++i) {
        const auto& b = r.barriers[i];
        EXPECT_EQ(kind(r, "start"), n - 1) << wl;
        if (i == 0) {
          EXPECT_GE(r.extra[i].at("finished_sum"), b.primary_msgs) << wl;
        }
        EXPECT_LE(b.ctrl_external, n + b.tasks - 2) << wl;
        EXPECT_EQ(b.internal, b.tasks) << wl;
      }
    }
  // single initial task on PE 0: finished_sum is exactly the number of primary messages
  auto r = ok_run(mixed("ltd", "tree:lambda=0.8,lmax=14,map=rr", 6, 3));
  EXPECT_EQ(r.extra[0].at("finished_sum"), r.barriers[0].primary_msgs);
}

// Dijkstra-Scholten: every primary message is acknowledged exactly once (Lifflander §2).
TEST(DijkstraScholten, EveryMessageAcknowledgedOnce) {
  for (const char* wl : {"tree:lambda=0.8,lmax=14,map=rr", "dag:tasks=400,live=20", "ring:p=0.97"})
    for (std::uint64_t s = 1; s <= 3; ++s) {
      RunConfig c = mixed("ds", wl, 6, s);
      c.machine.fifo = 0;
      auto r = ok_run(c);
      EXPECT_EQ(r.extra[0].at("acked_sum"), r.barriers[0].primary_msgs) << wl;
      EXPECT_LE(r.barriers[0].ctrl_external, r.barriers[0].primary_msgs) << wl;
    }
}

// Table 4.2: Tiered's report units on Fig. 4.5's extreme patterns. (a) every task on its own
// level, adjacent levels on distinct PEs: each event reports "one consumed, one spawned",
// except the last task (nothing spawned): 2T - 1 units <= 2T. (c) all tasks on level 1:
// one unit per event, 2E ceil(lg T) bits.
TEST(Table42, TieredBitsOnFig45Patterns) {
  for (int t : {8, 31, 100}) {
    auto a = ok_run(cfg("tiered", "tseng45:case=a,t=" + std::to_string(t), 4, 1));
    EXPECT_EQ(a.extra[0].at("report_units"), 2 * t - 1);
    EXPECT_EQ(a.barriers[0].ctrl_bits, (2 * t - 1) * 2 * clg(t));
    EXPECT_LE(a.barriers[0].ctrl_bits, 4 * t * clg(t));
    auto c = ok_run(cfg("tiered", "tseng45:case=c,t=" + std::to_string(t), 4, 1));
    EXPECT_EQ(c.extra[0].at("report_units"), c.barriers[0].idle_events);
    EXPECT_EQ(c.barriers[0].ctrl_bits, 2 * c.barriers[0].idle_events * clg(t));
    // (b): the first-level task's PE reports -(T-1) for level 2 in one unit
    auto b = ok_run(cfg("tiered", "tseng45:case=b,t=" + std::to_string(t), 4, 1));
    EXPECT_EQ(b.barriers[0].ctrl_external, b.barriers[0].idle_events);
  }
}

// 4C: every wave costs 2(P-1) (P-1 STOP up, P-1 REPEAT or TERMINATE down).
TEST(WaveCosts, FourCountersTwoPMinusOnePerWave) {
  for (const char* wl : kWorkloads)
    for (int p : {1, 2, 7, 16}) {
      RunConfig c = mixed("4c", wl, p, 5);
      if (std::string(wl).rfind("tseng47", 0) == 0 && p < 2) continue;
      auto r = ok_run(c);
      const std::int64_t w = r.extra[0].at("waves");
      EXPECT_GE(w, 1);
      EXPECT_EQ(kind(r, "stop"), (p - 1) * w) << wl;
      EXPECT_EQ(kind(r, "repeat"), (p - 1) * (w - 1)) << wl;
      EXPECT_EQ(kind(r, "term"), p - 1) << wl;
      if (r.barriers.size() == 1) {
        EXPECT_EQ(r.barriers[0].ctrl_external, 2 * (p - 1) * w) << wl;
      }
    }
}

// SKR: 2(P-1) per phase plus the termination broadcast (Baker §3).
TEST(WaveCosts, SkrTwoPMinusOnePerPhase) {
  for (const char* wl : kWorkloads)
    for (int p : {1, 3, 8}) {
      if (std::string(wl).rfind("tseng47", 0) == 0 && p < 2) continue;
      auto r = ok_run(mixed("skr", wl, p, 6));
      const std::int64_t ph = r.extra[0].at("phases");
      EXPECT_GE(ph, 2);
      if (r.barriers.size() == 1) {
        EXPECT_EQ(r.barriers[0].ctrl_external, 2 * (p - 1) * ph + (p - 1)) << wl;
      }
    }
}

// Baker: 2(P-1) per sweep plus the termination broadcast (Baker §4, A.7).
TEST(WaveCosts, BakerTwoPMinusOnePerSweep) {
  for (const char* wl : kWorkloads)
    for (int p : {1, 3, 8}) {
      if (std::string(wl).rfind("tseng47", 0) == 0 && p < 2) continue;
      for (int fifo : {0, 1}) {
        RunConfig c = mixed("baker", wl, p, 8);
        c.machine.fifo = fifo;
        auto r = ok_run(c);
        const std::int64_t sw = r.extra[0].at("sweeps");
        EXPECT_GE(sw, 1);
        if (r.barriers.size() == 1) {
          EXPECT_EQ(kind(r, "down"), (p - 1) * sw) << wl;
          EXPECT_EQ(kind(r, "up"), (p - 1) * sw) << wl;
          EXPECT_EQ(r.barriers[0].ctrl_external, 2 * (p - 1) * sw + (p - 1)) << wl;
        }
      }
    }
}

// Bosilca Theorem 1 (token ring): CDA sends at most 2P control messages, independent of the
// number of steps: P-1 initial flushes, one final flush (none if the token ends on the
// controller) and the P-1 termination broadcast.
TEST(Theorem1, CdaTokenRingAtMostTwoP) {
  for (int p : {4, 16, 64})
    for (double prob : {0.9, 0.99, 0.999})
      for (std::uint64_t s = 1; s <= 3; ++s) {
        RunConfig c = cfg("cda", "ring:p=" + std::to_string(prob), p, s);
        c.machine.task_time = DelayModel{1000, 1000, false};  // steps synchronised (§5.1)
        c.machine.latency = DelayModel{1, 5, false};
        auto r = ok_run(c);
        const auto ext = r.barriers[0].ctrl_external;
        EXPECT_LE(ext, 2 * p);
        EXPECT_TRUE(ext == 2 * p - 1 || ext == 2 * p - 2) << ext;
        EXPECT_EQ(r.extra[0].at("borrows"), 0);
      }
}

// Theorem 1, HCDA: one flush per step and a borrow every log2(C_init) steps. With
// C_init = 2^k the token carries 2^(k-j) after j hops, so the holder of the (jk+1)-th hop
// has credit 1 and borrows: floor((M-1)/k) borrows for M hops; M + 1 flushes.
TEST(Theorem1, HcdaFlushPerStepBorrowEveryLogCinitSteps) {
  for (int k : {3, 5, 32})
    for (std::uint64_t s = 1; s <= 4; ++s) {
      RunConfig c = cfg("hcda", "ring:p=0.98", 8, s);
      c.opts.kv["cinit"] = std::to_string(std::int64_t{1} << k);
      c.machine.task_time = DelayModel{1000, 1000, false};
      auto r = ok_run(c);
      const std::int64_t m = r.barriers[0].primary_msgs;
      EXPECT_EQ(r.extra[0].at("borrows"), m > 0 ? (m - 1) / k : 0) << "k=" << k;
      EXPECT_EQ(r.extra[0].at("flushes"), m + 1);
    }
}

// Theorem 1, 4C and EDOD: the paper's expressions are asymptotic lower-bound estimates;
// our measured values sit near them but not always above (docs/reproduction.md), so they
// are reported by `make td-tables`, not asserted. What is exact: 4C's cost per wave (above).

// Table 4.3 on Fig. 4.7 (send cost t per external message, zero latency, long tasks):
// Tiered and Credit detect one send after the last task. CV: the last PE pops its T-N+1
// FROM entries serially and the root's remove_entry comes last (PE 0's tasks arrived
// first, LIFO): (T-N+1)t, growing with T. (The dissertation's T t adds N-1 terminate hops;
// here every PE above the last one already sent terminate before it was reactivated, which
// CV allows.) LTD grows with N only: the last PE's major message came from PE 0, so its
// N-2 minor FINISHED go first ((N-2)t), then the chain N-2 -> ... -> 0 ((N-2)t): (2N-4)t,
// one send less than the dissertation's (2N-3)t (docs/reproduction.md).
TEST(Table43, DetectionDelayShapesOnFig47) {
  const Tick t = 3;
  for (int n : {4, 6, 8})
    for (int tasks : {3 * n, 6 * n}) {
      auto mk = [&](const char* algo, int arity) {
        RunConfig c = cfg(algo, "tseng47:t=" + std::to_string(tasks), n, 1);
        c.machine.latency = DelayModel{0, 0, false};
        c.machine.send_cost = t;
        c.machine.task_time = DelayModel{100, 100, false};
        c.machine.start = 100000;
        c.machine.tree_arity = arity;
        c.machine.fifo = 1;
        return ok_run(c).barriers[0].delay();
      };
      EXPECT_EQ(mk("tiered", 2), t);
      EXPECT_EQ(mk("credit", 2), t);
      EXPECT_EQ(mk("cv", 1), (tasks - n + 1) * t) << "n=" << n << " T=" << tasks;
      EXPECT_EQ(mk("ltd", 2), (2 * n - 4) * t) << "n=" << n << " T=" << tasks;
    }
}

}  // namespace
}  // namespace td::test
