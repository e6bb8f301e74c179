// SPDX-License-Identifier: Apache-2.0
// The overlap schedule (the feasibility RTL's, synth/feasibility/ovlrtl.md) in the product's
// closed loop: the port-level model dsbc::ovl::PortUnit driven by the PE agents (Stimulus)
// and checked by the architectural oracle under its contract (Config::overlap), on
// bench_sched's workloads (bench_workloads.h: sparse1, sparse2, busy) with the same seeds and
// cycles, beside the golden model's arb and rr, and rr at half the request rate (rr-half), on
// the same runs. N = 16, M = 32, T = 16, D = 8 only (the RTL's build). "ovl-pe2" is the same
// unit with the pipelined word end (overlap.md 13, ovl::Params::pipe_end = 2; the RTL's
// OvlPipeEnd = 2): its rows come after "ovl"'s, in the same CSV columns (sched = ovl-pe2),
// so a reader of the older CSV only sees more rows. "ovl-hs1" adds one header slot to it
// (ovl::Params::header_slots = 1; the RTL's OvlDead = 1, ovlrtl.md 18b), likewise.
// Printed and written to the CSV per workload and scheduler: detection latency (cycles from
// the closing commit to ctl_done, measured by the oracle as for rr / arb: mean, p99, max),
// completions, completions per 1,000 cycles, completions whose latency was not bounded
// because a FIFO was short of room (blocked), the documented bound, and the speed of the
// unchecked closed loop (engine and agents, cycles/s; bench_model_speed's measure).
// Every run is checked by the oracle (a violation stops the bench: its figures mean nothing).
// Usage: bench_ovl [cycles per run, default 1250000 (bench_sched's)] [csv file]
// Environment: BENCH_OVL_NOSTUB=1 adds "busy-nostub", busy without the PE that stops popping
// for 3,000 of every 6,000 cycles (StimulusOptions::stubborn_cycles = 0): no FIFO short of
// room, so the words alone set the figures (a diagnostic, not one of the workloads).

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bench_workloads.h"
#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/ovl/port_unit.h"
#include "dsbc/unit.h"

namespace {

constexpr int kPes = 16;
constexpr int kBarriers = 32;
constexpr int kCountBits = 16;
constexpr int kFifoDepth = 8;

// A fresh engine of one scheduler: "ovl" (PortUnit), "ovl-pe2" (PortUnit with the pipelined
// word end), "ovl-hs1" (and one header slot), "arb", "rr" or "rr-half" (the golden
// model; rr-half: rr at half the request rate, Config::half_rate, whose PEs, like the overlap
// unit's, have a request accepted at most every second cycle and acknowledged 4 cycles later).
std::unique_ptr<dsbc::Engine> make_engine(const std::string& sched) {
  if (sched == "ovl" || sched == "ovl-pe2" || sched == "ovl-hs1") {
    dsbc::ovl::Params p;
    p.pipe_end = sched == "ovl" ? 0 : 2;
    p.header_slots = sched == "ovl-hs1" ? 1 : 2;
    p.pes = kPes;
    p.barriers = kBarriers;
    p.count_bits = kCountBits;
    p.fifo_depth = kFifoDepth;
    return std::make_unique<dsbc::ovl::PortUnit>(p);
  }
  dsbc::Config cfg;
  cfg.pes = kPes;
  cfg.barriers = kBarriers;
  cfg.count_bits = kCountBits;
  cfg.fifo_depth = kFifoDepth;
  const bool half = sched == "rr-half";
  cfg.sched = dsbc::parse_sched(half ? "rr" : sched);
  cfg.half_rate = half ? 1 : 0;
  return std::make_unique<dsbc::Unit>(cfg);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t cycles = 1250000;
  std::ofstream csv;
  const int rc = bench::parse_args(argc, argv, "bench_ovl", cycles, csv,
                                   "workload,sched,N,M,T,D,cycles,n,mean,p99,max,completions,per_kcycle,blocked,"
                                   "latency_bound,cycles_per_s");
  if (rc >= 0) return rc;
  std::vector<bench::Workload> workloads = {bench::sparse1(), bench::sparse2(), bench::busy()};
  const char* nostub_env = std::getenv("BENCH_OVL_NOSTUB");
  if (nostub_env != nullptr && std::string(nostub_env) == "1") {
    bench::Workload w = bench::busy();
    w.name = "busy-nostub";
    w.opt.stubborn_cycles = 0;
    workloads.push_back(w);
  }
  const char* const scheds[] = {"ovl", "ovl-pe2", "ovl-hs1", "arb", "rr", "rr-half"};

  std::printf("%-11s %-7s %5s %9s %6s %6s %8s %10s %8s %6s %12s\n", "workload", "sch", "M", "mean", "p99", "max", "n",
              "done/kcyc", "blocked", "bound", "cycles/s");
  for (const bench::Workload& w : workloads) {
    for (const std::string sched : scheds) {
      // The checked run: the figures.
      std::unique_ptr<dsbc::Engine> engine = make_engine(sched);
      const dsbc::Config cfg = engine->config();
      dsbc::ClosedLoop loop(*engine, w.opt, w.seed);
      loop.run_until(cycles);
      const dsbc::Oracle& o = loop.oracle();
      if (!o.ok()) {
        std::fprintf(stderr, "bench_ovl: oracle violation (%s, %s, %llu violations): %s\n", cfg.to_string().c_str(),
                     w.name, static_cast<unsigned long long>(o.violations()), o.messages().front().c_str());
        return 1;
      }
      // The unchecked run of the same stimulus: the engine's and the agents' speed.
      std::unique_ptr<dsbc::Engine> bare = make_engine(sched);
      dsbc::ClosedLoop fast(*bare, w.opt, w.seed, /*check=*/false);
      const auto t0 = std::chrono::steady_clock::now();
      fast.run_until(cycles);
      const double speed = static_cast<double>(cycles) / seconds_since(t0);

      const dsbc::LatencyStats& l = o.latency();
      const double per_k = 1000.0 * static_cast<double>(o.completions()) / static_cast<double>(cycles);
      std::printf("%-11s %-7s %5d %9.2f %6llu %6llu %8llu %10.2f %8llu %6lld %12.0f\n", w.name, sched.c_str(),
                  cfg.barriers, l.mean(), static_cast<unsigned long long>(l.percentile(99)),
                  static_cast<unsigned long long>(l.max), static_cast<unsigned long long>(l.count), per_k,
                  static_cast<unsigned long long>(o.blocked_completions()), static_cast<long long>(cfg.latency_bound()),
                  speed);
      std::fflush(stdout);
      if (csv) {
        csv << w.name << ',' << sched << ',' << cfg.pes << ',' << cfg.barriers << ',' << cfg.count_bits << ','
            << cfg.fifo_depth << ',' << cycles << ',' << l.count << ',' << l.mean() << ',' << l.percentile(99) << ','
            << l.max << ',' << o.completions() << ',' << per_k << ',' << o.blocked_completions() << ','
            << cfg.latency_bound() << ',' << static_cast<uint64_t>(speed) << '\n';
      }
    }
  }
  csv.close();
  if (argc > 2 && !csv) {
    std::fprintf(stderr, "bench_ovl: error writing %s\n", argv[2]);
    return 1;
  }
  return 0;
}
