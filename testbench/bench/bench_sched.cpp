// SPDX-License-Identifier: Apache-2.0
// Scheduler comparison on the golden model (issue 13, docs/performance.md "Scheduler
// comparison"): detection latency (cycles from the closing commit to ctl_done, measured by
// the oracle) and completions per 1,000 cycles of every scheduler the model has
// (dsbc::all_scheds(): rr, arb), at N=16, T=16, D=8 and M = 4, 8, ..., 1024, on three random
// workloads:
//   sparse1  one epoch at a time, so one closing at a time (issue 13's "sparse" target);
//   sparse2  at most two epochs at a time (bench_main's "sparse", docs/performance.md 3);
//   busy     many epochs at once (bench_main's "busy").
// Every run is checked by the oracle (a violation stops the bench: its figures mean nothing).
// Usage: bench_sched [cycles per run, default 1250000 (bench_main's at N=16)] [csv file]
// Environment: BENCH_SCHED_PIPE=1 adds rr with the pipelined global sum (Config::pipe,
// docs/architecture.md 4f) as a third row per M, "rr-pipe" (reports/sched.csv is made without).

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/scheds.h"
#include "dsbc/unit.h"

namespace {

struct Workload {
  const char* name;
  dsbc::StimulusOptions opt;
  uint64_t seed;
};

}  // namespace

int main(int argc, char** argv) {
  uint64_t cycles = 1250000;
  if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
    std::fprintf(stderr, "usage: %s [cycles per run, 1000..100000000, default 1250000] [csv file]\n", argv[0]);
    return argc == 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  if (argc > 1) {
    char* end = nullptr;
    cycles = std::strtoull(argv[1], &end, 10);
    if (*end != '\0' || cycles < 1000 || cycles > 100000000) {
      std::fprintf(stderr, "bench_sched: cycles = '%s' is out of range: legal 1000..100000000\n", argv[1]);
      return 2;
    }
  }
  std::ofstream csv;
  if (argc > 2) {
    csv.open(argv[2]);
    if (!csv) {
      std::fprintf(stderr, "bench_sched: cannot write %s\n", argv[2]);
      return 2;
    }
    csv << "workload,sched,N,M,T,D,Q,BW,cycles,n,mean,p99,max,completions,per_kcycle,blocked,latency_bound\n";
  }
  // The same stimulus settings and seeds as bench_main (busy 7, sparse 8), so that rr's
  // sparse2/busy figures at M=32 can be compared with docs/performance.md.
  Workload busy{"busy", {}, 7};
  busy.opt.start_prob = 0.2;
  busy.opt.max_live_tasks = 16;
  Workload sparse2{"sparse2", {}, 8};
  sparse2.opt.start_prob = 0.002;
  sparse2.opt.max_open_barriers = 2;
  Workload sparse1{"sparse1", {}, 8};
  sparse1.opt.start_prob = 0.002;
  sparse1.opt.max_open_barriers = 1;
  const Workload workloads[] = {sparse1, sparse2, busy};

  // What each row runs: every scheduler, and rr with Pipe = 1 when asked for.
  struct Variant {
    dsbc::Sched sched;
    int pipe;
  };
  std::vector<Variant> variants;
  for (const dsbc::Sched sched : dsbc::all_scheds()) variants.push_back({sched, 0});
  const char* pipe_env = std::getenv("BENCH_SCHED_PIPE");
  if (pipe_env != nullptr && std::string(pipe_env) == "1") variants.push_back({dsbc::Sched::kRr, 1});

  std::printf("%-8s %-7s %5s %9s %6s %6s %8s %10s %8s\n", "workload", "sch", "M", "mean", "p99", "max", "n",
              "done/kcyc", "blocked");
  for (const Workload& w : workloads) {
    for (int m = 4; m <= 1024; m *= 2) {
      for (const Variant& v : variants) {
        const dsbc::Sched sched = v.sched;
        const std::string label = dsbc::sched_label(sched, v.pipe);
        dsbc::Config cfg;
        cfg.pes = 16;
        cfg.barriers = m;
        cfg.count_bits = 16;
        cfg.fifo_depth = 8;
        cfg.sched = sched;
        cfg.pipe = v.pipe;
        dsbc::Unit unit(cfg);
        dsbc::ClosedLoop loop(unit, w.opt, w.seed);
        loop.run_until(cycles);
        const dsbc::Oracle& o = loop.oracle();
        if (!o.ok()) {
          std::fprintf(stderr, "bench_sched: oracle violation (%s): %s\n", cfg.to_string().c_str(),
                       o.messages().front().c_str());
          return 1;
        }
        const dsbc::LatencyStats& l = o.latency();
        const double per_k = 1000.0 * static_cast<double>(o.completions()) / static_cast<double>(cycles);
        std::printf("%-8s %-7s %5d %9.1f %6llu %6llu %8llu %10.2f %8llu\n", w.name, label.c_str(), m, l.mean(),
                    static_cast<unsigned long long>(l.percentile(99)), static_cast<unsigned long long>(l.max),
                    static_cast<unsigned long long>(l.count), per_k,
                    static_cast<unsigned long long>(o.blocked_completions()));
        std::fflush(stdout);
        if (csv) {
          csv << w.name << ',' << label << ',' << cfg.pes << ',' << m << ',' << cfg.count_bits << ',' << cfg.fifo_depth
              << ',' << cfg.q() << ',' << cfg.barrier_bits() << ',' << cycles << ',' << l.count << ',' << l.mean()
              << ',' << l.percentile(99) << ',' << l.max << ',' << o.completions() << ',' << per_k << ','
              << o.blocked_completions() << ',' << cfg.latency_bound() << '\n';
        }
      }
    }
  }
  csv.close();
  if (argc > 2 && !csv) {
    std::fprintf(stderr, "bench_sched: error writing %s\n", argv[2]);
    return 1;
  }
  return 0;
}
