// SPDX-License-Identifier: Apache-2.0
// Detection latency in clock cycles over random workloads, for the timing report
// (synth/timing-report.py): DSBC under each scheduler (design "dsbc" = rr, the paper's round
// robin; "dsbc-arb" = arb, docs/architecture.md 4e) from the golden model driven by
// dsbc::Stimulus and measured
// by dsbc::Oracle (cycles from the commit that closes a barrier to ctl_done; the lockstep
// tests show the RTL is cycle-identical), and Wired-NOR from dsbc::WiredNor driven by random
// busy/idle traffic (cycles from the ack of the clear that leaves a line with no busy PE to
// its release pulse), measured here from the ports only.
//
// Usage: wnor_latency OUT.csv [CYCLES]   (writes one row per design, workload, N and m)

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/unit.h"
#include "dsbc/wnor/wired_nor.h"

namespace {

dsbc::Config dsbc_config(int n, int m, dsbc::Sched sched) {
  dsbc::Config cfg;
  cfg.pes = n;
  cfg.barriers = m;
  cfg.count_bits = 16;
  cfg.fifo_depth = 8;
  cfg.sched = sched;
  return cfg;
}

dsbc::LatencyStats dsbc_latency(const dsbc::Config& cfg, const dsbc::StimulusOptions& opt, uint64_t cycles,
                                uint64_t seed) {
  try {
    return dsbc::model_latency(cfg, opt, cycles, seed);
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "wnor_latency: DSBC %s\n", e.what());
    std::exit(1);
  }
}

// Random Wired-NOR traffic: each PE works on a barrier for a random time, then clears it.
// `busy_prob` is the chance per idle PE per cycle to start working on a random line.
dsbc::LatencyStats wnor_latency(int n, int m, double busy_prob, uint64_t cycles, uint64_t seed) {
  dsbc::WnorConfig cfg{n, m, 4};
  dsbc::WiredNor w(cfg);
  std::mt19937_64 rng(seed);
  std::vector<int> working(n, -1);            // line the PE works on, -1: idle
  std::vector<uint64_t> until(n, 0);          // when it finishes
  std::vector<int> pending_line(n, -1);       // request accepted last cycle: line ...
  std::vector<bool> pending_clear(n, false);  // ... and kind
  std::vector<int> busy_count(m, 0);          // from acks: PEs with X set on the line
  std::vector<int64_t> idle_since(m, -1);     // ack cycle that left the line with no busy PE
  dsbc::LatencyStats lat;
  while (w.cycle() < cycles) {
    const uint64_t c = w.cycle();
    const dsbc::WnorOutputs& o = w.outputs();
    for (int i = 0; i < n; ++i) {
      if (!o.pe[i].ack_valid) continue;
      const int b = pending_line[i];
      if (pending_clear[i]) {
        if (--busy_count[b] == 0) idle_since[b] = static_cast<int64_t>(c);
      } else {
        ++busy_count[b];
        idle_since[b] = -1;
      }
    }
    for (int b = 0; b < m; ++b) {
      if (o.release[b] && idle_since[b] >= 0) {
        lat.add(c - static_cast<uint64_t>(idle_since[b]));
        idle_since[b] = -1;
      }
    }
    dsbc::WnorInputs in;
    in.pe.resize(n);
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < n; ++i) {
      pending_line[i] = -1;
      if (working[i] < 0 && u(rng) < busy_prob) {
        working[i] = static_cast<int>(rng() % m);
        until[i] = c + 1 + rng() % 64;
        in.pe[i] = {true, static_cast<uint32_t>(working[i]), false};
      } else if (working[i] >= 0 && c >= until[i]) {
        in.pe[i] = {true, static_cast<uint32_t>(working[i]), true};
        working[i] = -1;
      }
      if (in.pe[i].req_valid) {
        pending_line[i] = static_cast<int>(in.pe[i].req_barrier);
        pending_clear[i] = in.pe[i].req_clear;
      }
    }
    w.step(in);
  }
  return lat;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: wnor_latency OUT.csv [CYCLES]\n");
    return 2;
  }
  const uint64_t cycles = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : 200000;
  std::ofstream f(argv[1]);
  f << "design,workload,pes,barriers,count_bits,cycles,completions,mean_cycles,p99_cycles,"
       "max_cycles,latency_bound_cycles\n";
  // Two DSBC workloads. "saturated" keeps every barrier busy with short epochs (each barrier
  // is reopened as soon as its completion is popped), so the scanner spends its passes
  // completing words; "sparse" runs two epochs at a time, the other words are idle (closest to
  // Eq. 5.5's single-barrier view).
  // Every PE pops its FIFO at once and none stalls: the report measures detection, not how
  // fast software drains completions (a full FIFO holds every completion back by design).
  dsbc::StimulusOptions busy;  // "saturated"
  busy.start_prob = 0.2;
  busy.max_live_tasks = 16;
  busy.pop_prob = 1.0;
  busy.stubborn_cycles = 0;
  dsbc::StimulusOptions sparse = busy;
  sparse.start_prob = 0.002;
  sparse.max_open_barriers = 2;
  sparse.max_live_tasks = 48;
  for (int n : {4, 8, 16, 32, 64}) {
    for (int m : {16, 32, 256}) {
      // Enough cycles for a few hundred completions even with 256 barriers.
      const uint64_t cyc = cycles * (m >= 256 ? 4 : 1);
      for (const auto& [design, sched] :
           {std::pair{"dsbc", dsbc::Sched::kRr}, std::pair{"dsbc-arb", dsbc::Sched::kArb}}) {
        const dsbc::Config cfg = dsbc_config(n, m, sched);
        for (const auto& [name, opt] : {std::pair{"saturated", busy}, std::pair{"sparse", sparse}}) {
          // The same seed for both schedulers: the same workload options and stream.
          const dsbc::LatencyStats l = dsbc_latency(cfg, opt, cyc, 1000 + n * 7 + m);
          f << design << ',' << name << ',' << n << ',' << m << ",16," << cyc << ',' << l.count << ',' << l.mean()
            << ',' << l.percentile(99) << ',' << l.max << ',' << cfg.latency_bound() << '\n';
          std::printf("%-8s %-9s N=%-3d M=%-3d mean %7.1f p99 %5llu max %5llu (n=%llu)\n", design, name, n, m, l.mean(),
                      static_cast<unsigned long long>(l.percentile(99)), static_cast<unsigned long long>(l.max),
                      static_cast<unsigned long long>(l.count));
          std::fflush(stdout);
        }
      }
    }
    for (int m : {16, 32}) {
      const dsbc::LatencyStats l = wnor_latency(n, m, 0.05, cycles, 2000 + n * 7 + m);
      f << "wnor,random," << n << ',' << m << ",," << cycles << ',' << l.count << ',' << l.mean() << ','
        << l.percentile(99) << ',' << l.max << ",1\n";
      std::printf("wnor random N=%-3d m=%-3d mean %7.1f p99 %5llu max %5llu (n=%llu)\n", n, m, l.mean(),
                  static_cast<unsigned long long>(l.percentile(99)), static_cast<unsigned long long>(l.max),
                  static_cast<unsigned long long>(l.count));
    }
  }
  return 0;
}
