// SPDX-License-Identifier: Apache-2.0
// Scheduler comparison on the golden model (issue 13, docs/performance.md "Scheduler
// comparison"): detection latency (cycles from the closing commit to ctl_done, measured by
// the oracle) and completions per 1,000 cycles of every scheduler the model has
// (dsbc::all_scheds(): rr, arb), at N=16, T=16, D=8 and M = 4, 8, ..., 1024, on three random
// workloads (sparse1, sparse2, busy: bench_workloads.h).
// Every run is checked by the oracle (a violation stops the bench: its figures mean nothing).
// Usage: bench_sched [cycles per run, default 1250000 (bench_main's at N=16)] [csv file]
// Environment: BENCH_SCHED_PIPE=1 adds rr with the pipelined global sum (Config::pipe,
// docs/architecture.md 4f) as a third row per M, "rr-pipe" (reports/sched.csv is made without);
// BENCH_SCHED_HALF=1 adds rr at half the request rate (Config::half_rate, 4f) without and with
// the pipelined sum, "rr-half" and "rr-pipe-half" (the units `make place-unit` places fastest).

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "bench_workloads.h"
#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/scheds.h"
#include "dsbc/unit.h"

int main(int argc, char** argv) {
  uint64_t cycles = 1250000;
  std::ofstream csv;
  const int rc = bench::parse_args(argc, argv, "bench_sched", cycles, csv,
                                   "workload,sched,N,M,T,D,Q,BW,cycles,n,mean,p99,max,completions,per_kcycle,"
                                   "blocked,latency_bound");
  if (rc >= 0) return rc;
  const bench::Workload workloads[] = {bench::sparse1(), bench::sparse2(), bench::busy()};

  // What each row runs: every scheduler, and rr with Pipe = 1 when asked for.
  struct Variant {
    dsbc::Sched sched;
    int pipe;
    int half_rate;
  };
  std::vector<Variant> variants;
  for (const dsbc::Sched sched : dsbc::all_scheds()) variants.push_back({sched, 0, 0});
  const char* pipe_env = std::getenv("BENCH_SCHED_PIPE");
  if (pipe_env != nullptr && std::string(pipe_env) == "1") variants.push_back({dsbc::Sched::kRr, 1, 0});
  const char* half_env = std::getenv("BENCH_SCHED_HALF");
  if (half_env != nullptr && std::string(half_env) == "1") {
    variants.push_back({dsbc::Sched::kRr, 0, 1});
    variants.push_back({dsbc::Sched::kRr, 1, 1});
  }

  std::printf("%-8s %-12s %5s %9s %6s %6s %8s %10s %8s\n", "workload", "sch", "M", "mean", "p99", "max", "n",
              "done/kcyc", "blocked");
  for (const bench::Workload& w : workloads) {
    for (int m = 4; m <= 1024; m *= 2) {
      for (const Variant& v : variants) {
        const dsbc::Sched sched = v.sched;
        const std::string label = dsbc::sched_label(sched, v.pipe, v.half_rate);
        dsbc::Config cfg;
        cfg.pes = 16;
        cfg.barriers = m;
        cfg.count_bits = 16;
        cfg.fifo_depth = 8;
        cfg.sched = sched;
        cfg.pipe = v.pipe;
        cfg.half_rate = v.half_rate;
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
        std::printf("%-8s %-12s %5d %9.1f %6llu %6llu %8llu %10.2f %8llu\n", w.name, label.c_str(), m, l.mean(),
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
