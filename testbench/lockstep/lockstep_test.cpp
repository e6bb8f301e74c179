// SPDX-License-Identifier: Apache-2.0
// Lockstep tests: the Verilated dsbc_top and the golden model get the same inputs every
// cycle and must give the same outputs every cycle; the architectural oracle checks both
// against what the unit promises (zero-sum at the snapshot, exactly-once delivery, overflow
// refusal, latency bound). One executable per verilated configuration (DSBC_N/M/T/D).
//
// Environment: DSBC_SEED (replay a seed), DSBC_CYCLES (random-run length),
// DSBC_WAVES=1 (write <Suite>.<Test>.fst), DSBC_SUMMARY=<file> (append one line per run).

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "Vdsbc_top.h"
#include "dsbc/oracle.h"
#include "dsbc/stimulus.h"
#include "dsbc/unit.h"
#include "rtl_engine.h"

namespace {

using dsbc::Config;
using dsbc::Inputs;
using dsbc::Outputs;

Config config() {
  Config c;
  c.pes = DSBC_N;
  c.barriers = DSBC_M;
  c.count_bits = DSBC_T;
  c.fifo_depth = DSBC_D;
  return c;
}

uint64_t env_u64(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return (v && *v) ? std::strtoull(v, nullptr, 0) : fallback;
}

std::string test_name() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string(info->test_suite_name()) + "." + info->name();
}

std::string waves_path() {
  const char* w = std::getenv("DSBC_WAVES");
  if (!w || std::string(w) != "1") return "";
  return test_name() + ".fst";
}

std::string describe(const Outputs& o) {
  std::ostringstream os;
  os << "snap=" << o.global.snap << " done=" << o.global.done << " cnt2=" << o.global.done_barrier;
  for (size_t i = 0; i < o.pe.size(); ++i) {
    const auto& p = o.pe[i];
    os << " | pe" << i << " rdy=" << p.req_ready << " ack=" << p.ack_valid << "/" << p.ack_refused
       << " fifo=" << p.fifo_valid << ":" << p.fifo_barrier;
  }
  return os.str();
}

/// Drives model and RTL together; the stimulus sees the model's outputs (equal to the RTL's
/// as long as no mismatch has been reported).
class Lockstep {
 public:
  Lockstep() : cfg_(config()), model_(cfg_), rtl_(cfg_, waves_path()), oracle_(cfg_) {}

  /// One cycle: compare outputs, check them, apply `in` to both.
  bool step(const Inputs& in) {
    const Outputs& mo = model_.outputs();
    const Outputs& ro = rtl_.outputs();
    if (!(mo == ro)) {
      ++mismatches_;
      if (mismatches_ <= 3) {
        ADD_FAILURE() << "mismatch at cycle " << model_.cycle() << " (" << context_ << ")\n model: "
                      << describe(mo) << "\n   rtl: " << describe(ro);
      }
    }
    oracle_.observe(model_.cycle(), mo, in);
    model_.step(in);
    rtl_.step(in);
    return mismatches_ == 0;
  }
  const Outputs& outputs() const { return model_.outputs(); }
  uint64_t cycle() const { return model_.cycle(); }
  dsbc::Oracle& oracle() { return oracle_; }
  const Config& cfg() const { return cfg_; }
  uint64_t mismatches() const { return mismatches_; }
  void set_context(std::string c) { context_ = std::move(c); }

  /// Final checks and the summary line.
  void finish(bool drained) {
    oracle_.finish(drained);
    EXPECT_EQ(mismatches_, 0u) << context_;
    EXPECT_TRUE(oracle_.ok()) << context_ << "\n" << [&] {
      std::string all;
      for (const auto& m : oracle_.messages()) all += "  " + m + "\n";
      return all;
    }();
    if (const char* path = std::getenv("DSBC_SUMMARY"); path && *path) {
      std::ofstream f(path, std::ios::app);
      f << "config=" << cfg_.pes << "," << cfg_.barriers << "," << cfg_.count_bits << ","
        << cfg_.fifo_depth << " test=" << test_name() << " " << context_
        << " cycles=" << cycle() << " mismatches=" << mismatches_
        << " violations=" << oracle_.violations() << " completions=" << oracle_.completions()
        << " commits=" << oracle_.commits() << " refusals=" << oracle_.refusals()
        << " blocked=" << oracle_.blocked_completions() << " lat_mean=" << oracle_.latency().mean()
        << " lat_max=" << oracle_.latency().max << " bound=" << cfg_.latency_bound() << "\n";
    }
  }

 private:
  Config cfg_;
  dsbc::Unit model_;
  dsbc::RtlEngine<Vdsbc_top> rtl_;
  dsbc::Oracle oracle_;
  uint64_t mismatches_ = 0;
  std::string context_;
};

/// Runs a constrained-random workload, then drains it.
void run_random(const dsbc::StimulusOptions& opt, uint64_t default_seed, uint64_t default_cycles) {
  const uint64_t seed = env_u64("DSBC_SEED", default_seed);
  const uint64_t cycles = env_u64("DSBC_CYCLES", default_cycles);
  Lockstep ls;
  std::printf("[ seed     ] %s DSBC_SEED=%" PRIu64 " DSBC_CYCLES=%" PRIu64 " (%s)\n",
              test_name().c_str(), seed, cycles, ls.cfg().to_string().c_str());
  ls.set_context("seed=" + std::to_string(seed));
  dsbc::Stimulus stim(ls.cfg(), opt, seed);
  while (ls.cycle() < cycles) {
    if (!ls.step(stim.next(ls.cycle(), ls.outputs()))) break;
  }
  stim.drain();
  // Drain: everything running finishes and every FIFO is popped, within a generous bound.
  const uint64_t drain_limit = ls.cycle() + 200000 + 50 * ls.cfg().latency_bound();
  while (ls.mismatches() == 0 && !stim.quiescent(ls.outputs()) && ls.cycle() < drain_limit) {
    ls.step(stim.next(ls.cycle(), ls.outputs()));
  }
  // Let the unit run one more full pass, so a duplicate report would show.
  const uint64_t tail = ls.cycle() + 2 * ls.cfg().latency_bound();
  while (ls.mismatches() == 0 && ls.cycle() < tail) ls.step(stim.next(ls.cycle(), ls.outputs()));
  EXPECT_TRUE(stim.quiescent(ls.outputs())) << "workload did not drain (seed " << seed << ")";
  EXPECT_GT(ls.oracle().completions(), 0u) << "no completion seen: the run checked nothing";
  ls.finish(true);
}

uint64_t default_cycles() {
  // Long enough for many epochs per barrier; shorter for the widest configurations.
  return std::max<uint64_t>(60000, 1200000 / static_cast<uint64_t>(DSBC_N));
}

TEST(Lockstep, RandomWorkloadMatchesModel) {
  dsbc::StimulusOptions opt;
  run_random(opt, 1, default_cycles());
}

TEST(Lockstep, HeavyMigrationReachesCountLimits) {
  dsbc::StimulusOptions opt;
  // Big epochs and tasks that always move: producers' counts climb and consumers' counts fall
  // to the edge of the T-bit range, so refusals happen (for small T).
  opt.max_live_tasks = std::min(1000, 3 << (DSBC_T - 1));
  opt.spawn_prob = 0.5;
  opt.act_prob = 0.9;
  opt.migrate_prob = 1.0;
  opt.start_prob = 0.01;
  opt.max_open_barriers = 2;
  run_random(opt, 2, default_cycles() / 2);
}

TEST(Lockstep, LongPopStallsLoseNothing) {
  dsbc::StimulusOptions opt;
  opt.start_prob = 0.2;
  opt.max_live_tasks = 6;
  opt.pop_prob = 0.3;
  opt.stubborn_period = 5000;
  opt.stubborn_cycles = 4500;
  run_random(opt, 3, default_cycles() / 2);
}

// ---- Directed scenarios -----------------------------------------------------------------

struct Req {
  uint64_t cycle;  // earliest cycle the PE presents it
  int pe;
  uint32_t barrier;
  bool dec;
};

/// Presents each PE's requests in order (from their cycle, once earlier ones are accepted);
/// pops whenever `pop(cycle, pe)` allows. Runs `cycles` cycles.
void run_script(Lockstep& ls, const std::vector<Req>& reqs, uint64_t cycles,
                const std::function<bool(uint64_t, int)>& pop = [](uint64_t, int) { return true; }) {
  const int n = ls.cfg().pes;
  std::vector<std::vector<Req>> per_pe(n);
  for (const Req& r : reqs) per_pe.at(r.pe).push_back(r);
  std::vector<size_t> next(n, 0);
  const uint64_t end = ls.cycle() + cycles;
  while (ls.cycle() < end) {
    Inputs in;
    in.pe.resize(n);
    const Outputs& out = ls.outputs();
    for (int p = 0; p < n; ++p) {
      if (next[p] < per_pe[p].size() && per_pe[p][next[p]].cycle <= ls.cycle()) {
        const Req& r = per_pe[p][next[p]];
        in.pe[p].req_valid = true;
        in.pe[p].req_barrier = r.barrier;
        in.pe[p].req_dec = r.dec;
        if (out.pe[p].req_ready) ++next[p];
      }
      in.pe[p].fifo_pop = out.pe[p].fifo_valid && pop(ls.cycle(), p);
    }
    if (!ls.step(in)) break;
  }
  for (int p = 0; p < n; ++p) {
    EXPECT_EQ(next[p], per_pe[p].size()) << "PE " << p << " requests not all accepted";
  }
}

uint64_t word_max() { return static_cast<uint64_t>(config().q()) + 4; }
uint64_t pass_max() { return static_cast<uint64_t>(DSBC_M) * word_max(); }
uint64_t start() { return DSBC_M; }  // first cycle requests are accepted
int last_pe() { return DSBC_N - 1; }

TEST(Directed, SingleTaskAcrossPesClosesOnce) {
  Lockstep ls;
  const uint32_t b = DSBC_M - 1;
  run_script(ls, {{start(), 0, b, false}, {start() + 7, last_pe(), b, true}}, 4 * pass_max() + 100);
  EXPECT_EQ(ls.oracle().completions(), 1u);
  EXPECT_EQ(ls.oracle().pops(), static_cast<uint64_t>(DSBC_N));  // once to every PE
  ls.finish(true);
}

TEST(Directed, UnusedBarriersAreNeverReported) {
  Lockstep ls;
  run_script(ls, {}, 5 * pass_max() + 100);
  EXPECT_EQ(ls.oracle().completions(), 0u);
  ls.finish(true);
}

TEST(Directed, NegativeLocalCountsSumExactly) {
  // PE0 produces k tasks; they are consumed on the other PEs (local counts -1 each), or on
  // PE0 itself when N == 1. Exactly one completion, after the last consume.
  Lockstep ls;
  std::vector<Req> r;
  const int k = 2 * DSBC_N + 1;
  for (int i = 0; i < k; ++i) r.push_back({start(), 0, 0, false});
  for (int i = 0; i < k; ++i) r.push_back({start() + 40 + i, DSBC_N > 1 ? 1 + i % (DSBC_N - 1) : 0, 0, true});
  run_script(ls, r, 4 * pass_max() + 400);
  EXPECT_EQ(ls.oracle().completions(), 1u);
  ls.finish(true);
}

TEST(Directed, BackToBackUpdatesToOneBarrierAreAllCounted) {
  // 20 +1s on consecutive cycles, then 20 -1s on consecutive cycles (on another PE if there
  // is one): every update lands, so the barrier closes exactly once, after the last -1.
  Lockstep ls;
  std::vector<Req> r;
  for (int i = 0; i < 20; ++i) r.push_back({start(), 0, 0, false});
  for (int i = 0; i < 20; ++i) r.push_back({start() + 25, last_pe(), 0, true});
  run_script(ls, r, 4 * pass_max() + 200);
  EXPECT_EQ(ls.oracle().global_count(0), 0);
  EXPECT_EQ(ls.oracle().completions(), 1u);
  ls.finish(true);
}

TEST(Directed, CountsAtTheEdgeOfTBitsAreRefusedNotWrapped) {
  if (DSBC_T > 12 || DSBC_N < 3) GTEST_SKIP() << "needs T <= 12 and N >= 3 to reach the edge quickly";
  // PE0 climbs to 2^(T-1)-1 and its next +1 is refused; PE2 adds one task; PE1 then consumes
  // all 2^(T-1) of them, reaching -2^(T-1) exactly as the global count reaches 0, and its
  // extra -1 (back to back, before the rebase) is refused.
  Lockstep ls;
  const int half = 1 << (DSBC_T - 1);
  std::vector<Req> r;
  for (int i = 0; i < half; ++i) r.push_back({start(), 0, 0, false});
  r.push_back({start(), 2, 0, false});
  for (int i = 0; i < half + 1; ++i) r.push_back({start() + half + 10, 1, 0, true});
  run_script(ls, r, 4 * static_cast<uint64_t>(half) + 4 * pass_max() + 200);
  EXPECT_EQ(ls.oracle().refusals(), 2u);
  EXPECT_EQ(ls.oracle().completions(), 1u);
  ls.finish(true);
}

TEST(Directed, FullFifoDelaysCompletionsButLosesNone) {
  // PE0 does not pop for a long time while more completions than its FIFO holds happen
  // (each on its own barrier: the contract forbids reopening one before its completion is
  // popped).
  if (DSBC_M <= DSBC_D) GTEST_SKIP() << "needs more barriers than FIFO entries";
  Lockstep ls;
  std::vector<Req> r;
  const int epochs = std::min(DSBC_M, 3 * DSBC_D + 2);
  const uint64_t gap = pass_max() + 2 * word_max() + 10;
  for (int e = 0; e < epochs; ++e) {
    const uint32_t b = static_cast<uint32_t>(e % DSBC_M);
    const uint64_t c = start() + static_cast<uint64_t>(e) * gap;
    r.push_back({c, last_pe(), b, false});
    r.push_back({c + 3, last_pe(), b, true});
  }
  const uint64_t stall_until = start() + static_cast<uint64_t>(epochs) * gap;
  run_script(ls, r, stall_until + static_cast<uint64_t>(epochs + 4) * (pass_max() + 20),
             [&](uint64_t c, int pe) { return pe != 0 || c >= stall_until; });
  EXPECT_EQ(ls.oracle().completions(), static_cast<uint64_t>(epochs));
  EXPECT_GT(ls.oracle().blocked_completions(), 0u);
  ls.finish(true);
}

TEST(Directed, CommitsAtEveryPhaseOfAWord) {
  // Close barrier 0 with a commit in every cycle offset relative to the snapshot schedule,
  // to hit the read-first bypass, forwarding into the rebase, and "touched" after snapshots.
  Lockstep ls;
  std::vector<Req> r;
  const uint64_t span = 2 * pass_max() + 3 * word_max() + 8;
  const int rounds = static_cast<int>(std::min<uint64_t>(3 * word_max(), 60));
  for (int i = 0; i < rounds; ++i) {
    const uint64_t c = start() + static_cast<uint64_t>(i) * span + static_cast<uint64_t>(i);
    r.push_back({c, 0, 0, false});
    r.push_back({c + 2 + static_cast<uint64_t>(i % 5), last_pe(), 0, true});  // after the ack
  }
  run_script(ls, r, static_cast<uint64_t>(rounds + 2) * span + 2 * pass_max());
  EXPECT_EQ(ls.oracle().completions(), static_cast<uint64_t>(rounds));
  ls.finish(true);
}

TEST(Directed, ReopenedBarrierIsReportedAgain) {
  Lockstep ls;
  const uint64_t span = 3 * pass_max() + 50;
  std::vector<Req> r;
  for (int e = 0; e < 4; ++e) {
    const uint64_t c = start() + static_cast<uint64_t>(e) * span;
    r.push_back({c, 0, 0, false});
    r.push_back({c + 2, 0, 0, true});
  }
  run_script(ls, r, 5 * span);
  EXPECT_EQ(ls.oracle().completions(), 4u);
  ls.finish(true);
}

}  // namespace
