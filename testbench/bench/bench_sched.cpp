// SPDX-License-Identifier: Apache-2.0
// Scheduler comparison on the golden model only (issue 13 draft, docs/architecture.md 4e):
// detection latency (cycles from the closing commit to ctl_done, measured by the oracle) and
// completions per 1,000 cycles of the round robin (rr), of the arbitration scheduler (arb) and
// of its speculating variant (spec), at N=16, T=16, D=8 and M = 4, 32, 256, 1024, on three
// random workloads:
//   sparse1  one epoch at a time (so one closing at a time);
//   sparse2  at most two epochs at a time (bench_main's "sparse", docs/performance.md);
//   busy     many epochs at once (bench_main's "busy").
// Every run is checked by the oracle (a violation stops the bench: its figures mean nothing).
// Usage: bench_sched [cycles per run, default 1250000 (bench_main's at N=16)] [csv file]

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
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
    csv << "workload,sched,N,M,T,D,cycles,n,mean,p99,max,completions,per_kcycle,blocked\n";
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

  std::printf("%-8s %-4s %5s %9s %6s %6s %8s %10s %8s\n", "workload", "sch", "M", "mean", "p99", "max", "n",
              "done/kcyc", "blocked");
  for (const Workload& w : workloads) {
    for (const int m : {4, 32, 256, 1024}) {
      for (const dsbc::Sched sched : {dsbc::Sched::kRr, dsbc::Sched::kArb}) {
        dsbc::Config cfg;
        cfg.pes = 16;
        cfg.barriers = m;
        cfg.count_bits = 16;
        cfg.fifo_depth = 8;
        cfg.sched = sched;
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
        std::printf("%-8s %-4s %5d %9.1f %6llu %6llu %8llu %10.2f %8llu\n", w.name, dsbc::sched_name(sched), m,
                    l.mean(), static_cast<unsigned long long>(l.percentile(99)), static_cast<unsigned long long>(l.max),
                    static_cast<unsigned long long>(l.count), per_k,
                    static_cast<unsigned long long>(o.blocked_completions()));
        std::fflush(stdout);
        if (csv) {
          csv << w.name << ',' << dsbc::sched_name(sched) << ',' << cfg.pes << ',' << m << ',' << cfg.count_bits << ','
              << cfg.fifo_depth << ',' << cycles << ',' << l.count << ',' << l.mean() << ',' << l.percentile(99) << ','
              << l.max << ',' << o.completions() << ',' << per_k << ',' << o.blocked_completions() << '\n';
        }
      }
    }
  }
  return 0;
}
