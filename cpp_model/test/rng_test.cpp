// SPDX-License-Identifier: Apache-2.0
// The stimulus agents' random draws have the laws their options name (dsbc/rng.h argues why):
// the draws of dsbc::Rng alone, then the agents' start, act and pop decisions as seen on
// dsbc::Stimulus's outputs. Every bound is 5 standard errors of the statistic at the sample
// size drawn (a correct law fails one check in about 1.7 million; the seeds are fixed, so a
// run is reproducible): a law off by a few percent, or a geometric gap off by one cycle, is
// far outside them (shown once by planting each: docs/performance.md 2a).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "dsbc/rng.h"
#include "dsbc/stimulus.h"

namespace {

/// Mean, variance and the variance's standard error of a sample.
struct Moments {
  double n = 0, mean = 0, var = 0, var_se = 0;
};

Moments moments(const std::vector<double>& x) {
  Moments m;
  m.n = static_cast<double>(x.size());
  for (double v : x) m.mean += v;
  m.mean /= m.n;
  double m2 = 0, m4 = 0;
  for (double v : x) {
    const double d = (v - m.mean) * (v - m.mean);
    m2 += d;
    m4 += d * d;
  }
  m2 /= m.n;
  m4 /= m.n;
  m.var = m2;
  // Var(sample variance) ~ (mu4 - sigma^4) / n, estimated from the sample's own moments.
  m.var_se = std::sqrt((m4 - m2 * m2) / m.n);
  return m;
}

/// A sample of gaps must have the mean and variance of 1 + Geometric(p): the number of
/// cycles from one success of per-cycle Bernoulli(p) trials to the next.
void expect_geometric_gaps(const std::vector<double>& gaps, double p, const char* what) {
  ASSERT_GT(gaps.size(), 1000u) << what << ": too few samples to test";
  const Moments m = moments(gaps);
  const double mean = 1 / p, var = (1 - p) / (p * p);
  EXPECT_NEAR(m.mean, mean, 5 * std::sqrt(var / m.n)) << what << ": mean gap, n = " << m.n;
  EXPECT_NEAR(m.var, var, 5 * m.var_se) << what << ": gap variance, n = " << m.n;
}

TEST(Rng, BernoulliHitsItsProbability) {
  dsbc::Rng r(1);
  for (double p : {0.02, 0.3, 0.48, 0.5, 0.6, 0.8, 0.9}) {
    const uint64_t t = dsbc::Rng::threshold(p);
    const int n = 1000000;
    int hits = 0;
    for (int i = 0; i < n; ++i) hits += r.bernoulli(t) ? 1 : 0;
    EXPECT_NEAR(static_cast<double>(hits) / n, p, 5 * std::sqrt(p * (1 - p) / n)) << "p = " << p;
  }
  // The edges are exact.
  for (int i = 0; i < 10000; ++i) {
    ASSERT_FALSE(r.bernoulli(dsbc::Rng::threshold(0.0)));
    ASSERT_TRUE(r.bernoulli(dsbc::Rng::threshold(1.0)));
  }
}

TEST(Rng, BelowIsUniform) {
  dsbc::Rng r(2);
  for (uint32_t n : {1u, 3u, 15u, 24u, 1024u}) {
    std::vector<int> hist(n, 0);
    const int draws = 200000;
    std::vector<double> x;
    x.reserve(draws);
    for (int i = 0; i < draws; ++i) {
      const uint32_t v = r.below(n);
      ASSERT_LT(v, n);
      ++hist[v];
      x.push_back(v);
    }
    const Moments m = moments(x);
    const double mean = (n - 1) / 2.0, var = (static_cast<double>(n) * n - 1) / 12.0;
    EXPECT_NEAR(m.mean, mean, 5 * std::sqrt(var / m.n) + 1e-12) << "n = " << n;
    EXPECT_NEAR(m.var, var, 5 * m.var_se + 1e-12) << "n = " << n;
    // Every value is drawn at its rate 1/n (binomial bound per bin).
    const double q = 1.0 / n;
    for (uint32_t v = 0; v < n; ++v) {
      EXPECT_NEAR(hist[v] / static_cast<double>(draws), q, 5 * std::sqrt(q * (1 - q) / draws) + 1e-12)
          << "n = " << n << " value " << v;
    }
  }
}

TEST(Rng, GeometricHasTheGeometricLaw) {
  dsbc::Rng r(3);
  for (double p : {0.02, 0.2, 0.5, 0.9}) {
    const dsbc::Rng::Geometric law = dsbc::Rng::geometric_law(p);
    const int n = 400000;
    std::vector<double> gaps;
    gaps.reserve(n);
    std::vector<int> at_least(8, 0);  // draws with G >= k, k = 1, 2, 4, ..., 128
    for (int i = 0; i < n; ++i) {
      const uint64_t g = r.geometric(law);
      gaps.push_back(static_cast<double>(g) + 1);
      for (int j = 0; j < 8; ++j) at_least[j] += g >= (uint64_t{1} << j) ? 1 : 0;
    }
    expect_geometric_gaps(gaps, p, "geometric");
    // The tail P(G >= k) = (1 - p)^k, where it is not vanishingly small.
    for (int j = 0; j < 8; ++j) {
      const double q = std::pow(1 - p, static_cast<double>(uint64_t{1} << j));
      if (q * n < 100) continue;
      EXPECT_NEAR(at_least[j] / static_cast<double>(n), q, 5 * std::sqrt(q * (1 - q) / n))
          << "p = " << p << ", P(G >= " << (1 << j) << ")";
    }
  }
  EXPECT_EQ(r.geometric(dsbc::Rng::geometric_law(0.0)), dsbc::Rng::kNever);
  EXPECT_EQ(r.geometric(dsbc::Rng::geometric_law(1.0)), 0u);
}

// ---- The agents' decisions, seen on Stimulus's outputs ----------------------------------

dsbc::Config one_pe(int barriers) {
  dsbc::Config c;
  c.pes = 1;
  c.barriers = barriers;
  return c;
}

/// Outputs of one PE with the given ready, refusal and FIFO state, nothing else.
dsbc::Outputs outputs(bool ready, bool refused, bool fifo_valid) {
  dsbc::Outputs o;
  o.pe.resize(1);
  o.pe[0].req_ready = ready;
  o.pe[0].ack_valid = refused;
  o.pe[0].ack_refused = refused;
  o.pe[0].fifo_valid = fifo_valid;
  return o;
}

TEST(StimulusLaw, StartTriesAreStartProbPerCycle) {
  // Every Root is accepted the cycle it is queued and refused the next, before that cycle's
  // try: the barrier is idle again at every try, so every try starts and is presented at once,
  // and the gaps between requests are the gaps between tries.
  // 0.002: most gaps are longer than the agents' try wheel (256 cycles), so tries are filed
  // as far tries first (stimulus.h).
  for (double p : {0.02, 0.2, 0.002}) {
    dsbc::StimulusOptions opt;
    opt.start_prob = p;
    opt.stubborn_cycles = 0;
    dsbc::Stimulus s(one_pe(1024), opt, 11);
    const dsbc::Outputs o = outputs(true, true, false);
    std::vector<double> gaps;
    uint64_t last = 0;
    bool seen = false;
    const uint64_t cycles = p < 0.01 ? 1500000 : 400000;  // over 1,000 gaps
    for (uint64_t c = 0; c < cycles; ++c) {
      const dsbc::Inputs in = s.next(c, o);
      if (!in.pe[0].req_valid) continue;
      ASSERT_FALSE(in.pe[0].req_dec);  // a refused Root leaves no task: only Roots are sent
      if (seen) gaps.push_back(static_cast<double>(c - last));
      last = c;
      seen = true;
    }
    expect_geometric_gaps(gaps, p, ("start, p = " + std::to_string(p)).c_str());
  }
}

TEST(StimulusLaw, EveryTryIsDueAfterSkippedCycles) {
  // next() for cycle 0, then for cycle 100,000: every PE's try (gaps of mean 50 cycles) is
  // due by then, so every PE tries to start an epoch of a random barrier; only a barrier drawn
  // twice fails (70 PEs, M = 1024: 2.4 such pairs expected), so more than 60 start and present
  // their Root (ready low: it stays presented). Tries lost over the skip would leave a few.
  dsbc::Config cfg;
  cfg.pes = 70;  // two words of PE bits
  cfg.barriers = 1024;
  dsbc::StimulusOptions opt;
  opt.stubborn_cycles = 0;
  dsbc::Stimulus s(cfg, opt, 15);
  dsbc::Outputs o;
  o.pe.resize(static_cast<size_t>(cfg.pes));
  const uint64_t first = s.next(0, o).pe.size();
  ASSERT_EQ(first, 70u);
  const uint64_t before = s.epochs_started();
  const dsbc::Inputs in = s.next(100000, o);
  int presenting = 0;
  for (const dsbc::PeIn& pin : in.pe) presenting += pin.req_valid ? 1 : 0;
  EXPECT_GT(s.epochs_started() - before, 60u) << "tries lost over the skipped cycles";
  EXPECT_GT(presenting, 60);
}

TEST(StimulusLaw, ActGapsAndSpawnsFollowActProb) {
  // One epoch (max_open_barriers = 1, start_prob = 1): its Root is accepted and not refused,
  // so the PE holds one task; every act of that task spawns (spawn_prob = 1) a child whose
  // +1 is accepted at once and refused, so the child is not produced and the task stays the
  // only one. Its requests come in its act cycles: gaps of 1 + Geometric(act_prob).
  for (double p : {0.5, 0.1}) {
    dsbc::StimulusOptions opt;
    opt.start_prob = 1;
    opt.max_open_barriers = 1;
    opt.spawn_prob = 1;
    opt.act_prob = p;
    opt.stubborn_cycles = 0;
    dsbc::Stimulus s(one_pe(4), opt, 12);
    std::vector<double> gaps;
    uint64_t last = 0;
    for (uint64_t c = 0; c < 300000; ++c) {
      const dsbc::Inputs in = s.next(c, outputs(true, c > 1, false));
      if (!in.pe[0].req_valid) continue;
      ASSERT_FALSE(in.pe[0].req_dec) << "cycle " << c;  // spawns only: no task ever finishes
      if (c > 0) gaps.push_back(static_cast<double>(c - last));
      last = c;
    }
    expect_geometric_gaps(gaps, p, p == 0.5 ? "act, p = 0.5" : "act, p = 0.1");
  }
}

TEST(StimulusLaw, BlockedActsFollowActProb) {
  // The act law where it matters that acts are drawn as gaps: a PE blocked (8 queued requests)
  // and released. One task, as in ActGapsAndSpawnsFollowActProb (every act a +1 that is
  // accepted when ready is high and refused), but ready is low for stretches long enough to
  // fill the queue, then high for a few cycles. By the law (stimulus.h), in each cycle the
  // queue holds q < 8 requests at the visit, the task queues one more with probability
  // act_prob, and a request is accepted if ready is high and one is queued. The expected
  // number of accepted requests per run follows from that law alone (a distribution over
  // q = 0..8 stepped cycle by cycle, below), and the runs are independent (a seed each): the
  // mean over the runs must lie within 5 standard errors of it. An act deferred over a block
  // (a task due while blocked acting in the first free cycle) adds about 1 - act_prob requests
  // per release, a law a few percent off shifts every run: both far outside the bound.
  for (double p : {0.5, 0.25}) {
    const uint64_t low = p < 0.4 ? 64 : 24, high = 12, cycles = 5 * (low + high) + 1;
    // Cycle 0 presents the Root (ready), which is acked, not refused, in cycle 1; from then on
    // ready is low for `low` cycles, then high for `high`, and so on.
    auto ready = [&](uint64_t c) { return c == 0 || (c - 1) % (low + high) >= low; };
    // The law: P(q) at the visit of cycle c, from cycle 1 on (the Root taken: q = 0).
    std::vector<double> q(9, 0.0);
    q[0] = 1;
    double expected = 0;
    for (uint64_t c = 1; c < cycles; ++c) {
      std::vector<double> next(9, 0.0);
      for (int k = 0; k < 9; ++k) {
        const double act = k < 8 ? p : 0;  // blocked at 8: no act
        for (const auto& [after, w] : {std::pair<int, double>{k + 1, act}, {k, 1 - act}}) {
          if (w == 0) continue;
          const bool accept = ready(c) && after > 0;
          expected += accept ? q[k] * w : 0;
          next[after - (accept ? 1 : 0)] += q[k] * w;
        }
      }
      q = next;
    }
    dsbc::StimulusOptions opt;
    opt.start_prob = 1;
    opt.max_open_barriers = 1;
    opt.spawn_prob = 1;
    opt.act_prob = p;
    opt.stubborn_cycles = 0;
    std::vector<double> accepted;
    for (uint64_t run = 0; run < 4000; ++run) {
      dsbc::Stimulus s(one_pe(4), opt, 1000 + run);
      double n = 0;
      for (uint64_t c = 0; c < cycles; ++c) {
        const dsbc::Inputs in = s.next(c, outputs(ready(c), c > 1, false));
        if (c > 0 && in.pe[0].req_valid && ready(c)) n += 1;
      }
      accepted.push_back(n);
    }
    const Moments m = moments(accepted);
    EXPECT_NEAR(m.mean, expected, 5 * std::sqrt(m.var / m.n)) << "act_prob = " << p << ", runs = " << m.n;
  }
}

TEST(StimulusLaw, SpawnFractionIsSpawnProb) {
  // spawn_prob = 0.48, every request after the Root refused: a refused child is not produced,
  // a refused -1 hands the task on (to this PE again, N = 1), so the task lives on and every
  // act is a request: +1 for a spawn, -1 for a finish.
  dsbc::StimulusOptions opt;
  opt.start_prob = 1;
  opt.max_open_barriers = 1;
  opt.stubborn_cycles = 0;
  dsbc::Stimulus s(one_pe(4), opt, 13);
  uint64_t acts = 0, spawns = 0;
  for (uint64_t c = 0; c < 400000; ++c) {
    const dsbc::Inputs in = s.next(c, outputs(true, c > 1, false));
    if (c == 0 || !in.pe[0].req_valid) continue;
    ++acts;
    spawns += in.pe[0].req_dec ? 0 : 1;
  }
  ASSERT_GT(acts, 10000u);
  const double p = opt.spawn_prob, n = static_cast<double>(acts);
  EXPECT_NEAR(static_cast<double>(spawns) / n, p, 5 * std::sqrt(p * (1 - p) / n)) << "spawn fraction, n = " << n;
}

TEST(StimulusLaw, PopsFollowPopProb) {
  dsbc::StimulusOptions opt;
  opt.start_prob = 0;  // nothing but pops
  opt.stubborn_cycles = 0;
  for (double p : {0.6, 0.3}) {
    opt.pop_prob = p;
    dsbc::Stimulus s(one_pe(4), opt, 14);
    const dsbc::Outputs o = outputs(false, false, true);
    const int n = 400000;
    int pops = 0;
    for (int c = 0; c < n; ++c) pops += s.next(static_cast<uint64_t>(c), o).pe[0].fifo_pop ? 1 : 0;
    EXPECT_NEAR(pops / static_cast<double>(n), p, 5 * std::sqrt(p * (1 - p) / n)) << "pop_prob = " << p;
  }
}

}  // namespace
