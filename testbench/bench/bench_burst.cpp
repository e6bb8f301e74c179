// SPDX-License-Identifier: Apache-2.0
// How bursty the PEs' requests are (docs/clock.md, "Half the request rate"): on the
// golden model's checked closed loop at N=16, M=32, T=16, D=8, per scheduler and workload, the
// acceptances and how many of them come in the cycle right after an acceptance of the same
// PE. A local block that takes one request per PE every two cycles would hold each of those
// back by a cycle (to first order: a held request can delay the next one too), so this is
// what that contract costs the PEs of these workloads.
// An acceptance in cycle c is seen as ack_valid in c + 1 (the contract of
// docs/architecture.md section 3: every accepted request, refused or not, is acknowledged
// exactly one cycle later), so the bench needs nothing but the loop's outputs.
// Usage: bench_burst [cycles per run, 1000..100000000, default 400000] [csv file]

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
  uint64_t cycles = 400000;
  std::ofstream csv;
  const int rc = bench::parse_args(argc, argv, "bench_burst", cycles, csv,
                                   "workload,sched,N,M,T,D,cycles,accepted,per_pe_cycle,after_an_acceptance,share");
  if (rc >= 0) return rc;
  // bench_sched's sparse1 and busy, and the stimulus defaults.
  const bench::Workload workloads[] = {bench::sparse1(), bench::busy(), {"default", {}, 42}};

  std::printf("%-8s %-4s %10s %12s %20s %7s\n", "workload", "sch", "accepted", "per PE-cycle", "after an acceptance",
              "share");
  for (const bench::Workload& w : workloads) {
    for (dsbc::Sched sched : dsbc::all_scheds()) {
      dsbc::Config cfg;
      cfg.pes = 16;
      cfg.barriers = 32;
      cfg.count_bits = 16;
      cfg.fifo_depth = 8;
      cfg.sched = sched;
      dsbc::Unit unit(cfg);
      dsbc::ClosedLoop loop(unit, w.opt, w.seed);
      std::vector<char> prev(cfg.pes, 0);
      uint64_t accepted = 0;
      uint64_t burst = 0;
      while (unit.cycle() < cycles) {
        loop.step();
        for (int i = 0; i < cfg.pes; ++i) {
          const bool a = unit.outputs().pe[i].ack_valid;  // accepted in the cycle just stepped
          accepted += a;
          burst += a && prev[i];
          prev[i] = a;
        }
      }
      const dsbc::Oracle& o = loop.oracle();
      if (!o.ok()) {
        std::fprintf(stderr, "bench_burst: oracle violation (%s): %s\n", cfg.to_string().c_str(),
                     o.messages().front().c_str());
        return 1;
      }
      const double rate = static_cast<double>(accepted) / (static_cast<double>(cfg.pes) * static_cast<double>(cycles));
      const double share = accepted ? static_cast<double>(burst) / static_cast<double>(accepted) : 0.0;
      std::printf("%-8s %-4s %10llu %12.4f %20llu %6.2f%%\n", w.name, dsbc::sched_name(sched),
                  static_cast<unsigned long long>(accepted), rate, static_cast<unsigned long long>(burst),
                  100.0 * share);
      if (csv) {
        csv << w.name << ',' << dsbc::sched_name(sched) << ',' << cfg.pes << ',' << cfg.barriers << ','
            << cfg.count_bits << ',' << cfg.fifo_depth << ',' << cycles << ',' << accepted << ',' << rate << ','
            << burst << ',' << share << '\n';
      }
    }
  }
  csv.close();
  if (argc > 2 && !csv) {
    std::fprintf(stderr, "bench_burst: error writing %s\n", argv[2]);
    return 1;
  }
  return 0;
}
