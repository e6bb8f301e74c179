// SPDX-License-Identifier: Apache-2.0
// Benchmark for one verilated configuration (DSBC_N/M/T/D, and DSBC_SCHED, a dsbc::Sched member, when
// the RTL was verilated with another scheduler than rr): simulation speed of the golden
// model and of the Verilated RTL, and the detection latency over random workloads beside the
// dissertation's Eq. 5.5. Prints a table and appends CSV rows to the file given as argv[1].
//
// Speed is the process's CPU time (not wall-clock time: the machine is shared, and CPU time
// does not count the cycles other jobs take) of the closed loop (engine + stimulus agents),
// and of the engine alone with idle inputs; the model's closed loop for every scheduler
// (dsbc::all_scheds(); the RTL has only rr). Latency is measured on the model (identical to the RTL: the
// lockstep tests check that every cycle), cycles from the closing commit to ctl_done.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "Vdsbc_top.h"
#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/rtl_engine.h"
#include "dsbc/scheds.h"
#include "dsbc/stimulus.h"
#include "dsbc/unit.h"

namespace {

/// CPU seconds used by this process so far.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

dsbc::Config config() {
  dsbc::Config c;
  c.pes = DSBC_N;
  c.barriers = DSBC_M;
  c.count_bits = DSBC_T;
  c.fifo_depth = DSBC_D;
#ifdef DSBC_SCHED
  c.sched = dsbc::Sched::DSBC_SCHED;  // the scheduler the RTL was verilated with
#else
  // The RTL was verilated with Sched = 0 (rr); Config's default is arb since the default flip.
  c.sched = dsbc::Sched::kRr;
#endif
  return c;
}

/// Cycles per CPU second of `engine` driven by the random stimulus (closed loop, unchecked: the
/// oracle's cost is not the engine's) or idle.
double speed(dsbc::Engine& engine, uint64_t cycles, bool idle) {
  dsbc::ClosedLoop loop(engine, dsbc::StimulusOptions{}, 42, /*check=*/false);
  dsbc::Inputs none;
  none.pe.resize(engine.config().pes);
  const double t0 = cpu_seconds();
  for (uint64_t i = 0; i < cycles; ++i) {
    if (idle) {
      engine.step(none);
    } else {
      loop.step();
    }
  }
  const double s = cpu_seconds() - t0;
  return static_cast<double>(cycles) / s;
}

/// The inputs the stimulus agents gave the model in `cycles` cycles of the closed loop. The
/// RTL is cycle-identical to the model (the lockstep tests), so replayed into either engine
/// they drive the same run as the closed loop.
std::vector<dsbc::Inputs> record_inputs(const dsbc::Config& cfg, uint64_t cycles) {
  dsbc::Unit u(cfg);
  dsbc::Stimulus stim(cfg, dsbc::StimulusOptions{}, 42);
  std::vector<dsbc::Inputs> rec;
  rec.reserve(cycles);
  for (uint64_t i = 0; i < cycles; ++i) {
    rec.push_back(stim.next(u.cycle(), u.outputs()));
    u.step(rec.back());
  }
  return rec;
}

/// Cycles per CPU second of `engine` alone, stepped through recorded inputs: the closed
/// loop's run without the cost of the stimulus agents.
double replay_speed(dsbc::Engine& engine, const std::vector<dsbc::Inputs>& rec) {
  const double t0 = cpu_seconds();
  for (const dsbc::Inputs& in : rec) engine.step(in);
  return static_cast<double>(rec.size()) / (cpu_seconds() - t0);
}

/// Dissertation Eq. 5.5 in bit-check cycles (T_bt_chk = 1, T_RAM = T_FIFO = 0): expected
/// detection time for m barriers and q-bit words, each bit 1 with probability 1/2.
double eq55(int m, int q) {
  const double h = 0.5;
  return (m - 1) * (1 - std::pow(h, q - 1) * q + std::pow(h, q) * (2 * q - 1)) + q;
}

struct Lat {
  double mean;
  uint64_t p99, max;
  uint64_t n;
};

Lat latency(const dsbc::StimulusOptions& opt, uint64_t cycles, uint64_t seed) {
  dsbc::LatencyStats l;
  try {
    l = dsbc::model_latency(config(), opt, cycles, seed);
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "bench: %s\n", e.what());
    std::exit(1);
  }
  return {l.mean(), l.percentile(99), l.max, l.count};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {  // e.g. --help: not a file name
    std::fprintf(stderr, "usage: %s [CSV file to append to, default bench.csv]\n", argv[0]);
    return argc == 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  const std::string csv = argc > 1 ? argv[1] : "bench.csv";
  const dsbc::Config cfg = config();
  const uint64_t speed_cycles = std::max<uint64_t>(20000, 4000000 / static_cast<uint64_t>(DSBC_N));
  const uint64_t lat_cycles = std::max<uint64_t>(200000, 20000000 / static_cast<uint64_t>(DSBC_N));

  double model_loop, model_idle, rtl_loop, rtl_idle, model_engine, rtl_engine;
  {
    const std::vector<dsbc::Inputs> rec = record_inputs(cfg, speed_cycles);
    dsbc::Unit u(cfg);
    model_engine = replay_speed(u, rec);
    dsbc::RtlEngine<Vdsbc_top> r(cfg);
    rtl_engine = replay_speed(r, rec);
  }
  {
    dsbc::Unit u(cfg);
    model_loop = speed(u, speed_cycles, false);
  }
  std::string other_scheds_text, other_scheds_csv;  // the model's loop under every other scheduler
  for (const dsbc::Sched s : dsbc::all_scheds()) {
    if (s == cfg.sched) continue;
    dsbc::Config c = cfg;
    c.sched = s;
    dsbc::Unit u(c);
    const double cps = speed(u, speed_cycles, false);
    dsbc::Unit u2(c);
    const double engine = replay_speed(u2, record_inputs(c, speed_cycles));
    other_scheds_text += std::string(" | model ") + dsbc::sched_name(s) + " loop " + std::to_string(std::lround(cps)) +
                         " engine " + std::to_string(std::lround(engine));
    other_scheds_csv += ' ' + std::string(dsbc::sched_name(s)) + ":loop=" + std::to_string(std::lround(cps)) +
                        ":engine=" + std::to_string(std::lround(engine));
  }
  {
    dsbc::Unit u(cfg);
    model_idle = speed(u, speed_cycles, true);
  }
  {
    dsbc::RtlEngine<Vdsbc_top> r(cfg);
    rtl_loop = speed(r, speed_cycles, false);
  }
  {
    dsbc::RtlEngine<Vdsbc_top> r(cfg);
    rtl_idle = speed(r, speed_cycles, true);
  }

  dsbc::StimulusOptions busy;  // many barriers running at once
  busy.start_prob = 0.2;
  busy.max_live_tasks = 16;
  dsbc::StimulusOptions sparse;  // a few epochs at a time
  sparse.start_prob = 0.002;
  sparse.max_open_barriers = 2;
  const Lat lb = latency(busy, lat_cycles, 7);
  const Lat ls = latency(sparse, lat_cycles, 8);
  const double paper = eq55(cfg.barriers, cfg.q());

  std::printf(
      "%s  speed (cycles per CPU second): model loop %.0f idle %.0f engine %.0f | RTL loop %.0f idle %.0f "
      "engine %.0f%s\n",
      cfg.to_string().c_str(), model_loop, model_idle, model_engine, rtl_loop, rtl_idle, rtl_engine,
      other_scheds_text.c_str());
  std::printf("  latency busy:   mean %.1f p99 %llu max %llu (n=%llu)\n", lb.mean,
              static_cast<unsigned long long>(lb.p99), static_cast<unsigned long long>(lb.max),
              static_cast<unsigned long long>(lb.n));
  std::printf("  latency sparse: mean %.1f p99 %llu max %llu (n=%llu)\n", ls.mean,
              static_cast<unsigned long long>(ls.p99), static_cast<unsigned long long>(ls.max),
              static_cast<unsigned long long>(ls.n));
  std::printf("  Eq. 5.5 (m=%d, q=%d, in bit-check cycles): %.1f   documented worst case: %lld\n", cfg.barriers,
              cfg.q(), paper, static_cast<long long>(cfg.latency_bound()));

  std::ofstream f(csv, std::ios::app);
  f << cfg.pes << ',' << cfg.barriers << ',' << cfg.count_bits << ',' << cfg.fifo_depth << ','
    << dsbc::sched_name(cfg.sched) << ',' << speed_cycles << ',' << model_loop << ',' << model_idle << ',' << rtl_loop
    << ',' << rtl_idle << ',' << lat_cycles << ',' << lb.mean << ',' << lb.p99 << ',' << lb.max << ',' << lb.n << ','
    << ls.mean << ',' << ls.p99 << ',' << ls.max << ',' << ls.n << ',' << paper << ',' << cfg.latency_bound() << ','
    << model_engine << ',' << rtl_engine << ",\"" << other_scheds_csv.substr(other_scheds_csv.empty() ? 0 : 1)
    << "\"\n";
  return 0;
}
