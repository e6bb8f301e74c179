// SPDX-License-Identifier: Apache-2.0
// Speed of the golden model alone, per scheduler, and a fingerprint of everything it did: the
// closed loop of bench_main (engine + stimulus agents, no oracle) at N=16, M=32, T=16, D=8,
// cycles per CPU second of the process (the machine is shared), best of `repeats` runs, and an
// FNV-1a hash over every output of every cycle of the run. A change that makes the model
// faster must leave every hash as it was (docs/performance.md section 2); so must the hashes
// printed after the speeds, of 200,000-cycle runs of corner configurations under two
// workloads (the default stimulus and bench_main's busy one).
// Usage: bench_model_speed [cycles, default 2000000] [repeats, default 3]

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "dsbc/closed_loop.h"
#include "dsbc/scheds.h"
#include "dsbc/unit.h"

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// FNV-1a over 64-bit words.
struct Fnv {
  uint64_t h = 14695981039346656037ULL;
  void add(uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ULL;
    }
  }
};

void hash_outputs(Fnv& f, const dsbc::Outputs& o) {
  for (const dsbc::PeOut& p : o.pe) {
    f.add(static_cast<uint64_t>(p.req_ready) | static_cast<uint64_t>(p.ack_valid) << 1 |
          static_cast<uint64_t>(p.ack_refused) << 2 | static_cast<uint64_t>(p.fifo_valid) << 3 |
          static_cast<uint64_t>(p.fifo_barrier) << 8);
  }
  f.add(static_cast<uint64_t>(o.global.snap) | static_cast<uint64_t>(o.global.done) << 1 |
        static_cast<uint64_t>(o.global.done_barrier) << 8);
}

/// FNV-1a of every output of `cycles` cycles of the closed loop (no oracle) on the model.
uint64_t run_hash(const dsbc::Config& cfg, const dsbc::StimulusOptions& opt, uint64_t seed, uint64_t cycles) {
  dsbc::Unit unit(cfg);
  dsbc::ClosedLoop loop(unit, opt, seed, /*check=*/false);
  Fnv f;
  for (uint64_t k = 0; k < cycles; ++k) {
    hash_outputs(f, unit.outputs());
    loop.step();
  }
  return f.h;
}

uint64_t parse(const char* text, const char* name, uint64_t lo, uint64_t hi) {
  char* end = nullptr;
  const uint64_t v = std::strtoull(text, &end, 10);
  if (*text == '\0' || *end != '\0' || v < lo || v > hi) {
    std::fprintf(stderr, "bench_model_speed: %s = '%s' is out of range: legal %llu..%llu\n", name, text,
                 static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi));
    std::exit(2);
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
    std::fprintf(stderr, "usage: %s [cycles 1000..1000000000, default 2000000] [repeats 1..100, default 3]\n", argv[0]);
    return argc == 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  const uint64_t cycles = argc > 1 ? parse(argv[1], "cycles", 1000, 1000000000) : 2000000;
  const uint64_t repeats = argc > 2 ? parse(argv[2], "repeats", 1, 100) : 3;
  for (const dsbc::Sched sched : dsbc::all_scheds()) {
    dsbc::Config cfg;
    cfg.pes = 16;
    cfg.barriers = 32;
    cfg.count_bits = 16;
    cfg.fifo_depth = 8;
    cfg.sched = sched;
    double best = 0;
    uint64_t first_hash = 0;
    for (uint64_t r = 0; r < repeats; ++r) {
      dsbc::Unit unit(cfg);
      dsbc::ClosedLoop loop(unit, dsbc::StimulusOptions{}, 42, /*check=*/false);
      // Timed without hashing (the hash is not the model's cost), then a second run hashes.
      const double t0 = cpu_seconds();
      loop.run_until(cycles);
      const double s = cpu_seconds() - t0;
      if (static_cast<double>(cycles) / s > best) best = static_cast<double>(cycles) / s;
      if (r == 0) first_hash = run_hash(cfg, dsbc::StimulusOptions{}, 42, cycles);
    }
    std::printf("%s: model closed loop %.0f cycles per CPU second (best of %llu x %llu cycles); outputs hash %016llx\n",
                cfg.to_string().c_str(), best, static_cast<unsigned long long>(repeats),
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(first_hash));
  }
  dsbc::StimulusOptions busy;  // bench_main's
  busy.start_prob = 0.2;
  busy.max_live_tasks = 16;
  const int corners[][4] = {{1, 1, 8, 1},  {2, 4, 8, 2},    {3, 32, 8, 3},
                            {7, 1, 12, 4}, {16, 32, 16, 8}, {64, 1024, 16, 8}};
  for (const dsbc::Sched sched : dsbc::all_scheds()) {
    for (const auto& c : corners) {
      dsbc::Config cfg;
      cfg.pes = c[0];
      cfg.barriers = c[1];
      cfg.count_bits = c[2];
      cfg.fifo_depth = c[3];
      cfg.sched = sched;
      std::printf("hash %s: default %016llx busy %016llx\n", cfg.to_string().c_str(),
                  static_cast<unsigned long long>(run_hash(cfg, dsbc::StimulusOptions{}, 5, 200000)),
                  static_cast<unsigned long long>(run_hash(cfg, busy, 6, 200000)));
    }
  }
  return 0;
}
