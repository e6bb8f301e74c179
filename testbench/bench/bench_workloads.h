// SPDX-License-Identifier: Apache-2.0
// What bench_sched and bench_burst share: their workloads on the golden model's closed loop
// and their command line ([cycles per run] [csv file]).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "dsbc/stimulus.h"

namespace bench {

struct Workload {
  const char* name;
  dsbc::StimulusOptions opt;
  uint64_t seed;
};

// The same stimulus settings and seeds as bench_main (busy 7, sparse 8), so that rr's
// sparse2/busy figures at M=32 can be compared with docs/performance.md.
//   sparse1  one epoch at a time, so one closing at a time (issue 13's "sparse" target);
//   sparse2  at most two epochs at a time (bench_main's "sparse", docs/performance.md 3);
//   busy     many epochs at once (bench_main's "busy").
inline Workload sparse1() {
  Workload w{"sparse1", {}, 8};
  w.opt.start_prob = 0.002;
  w.opt.max_open_barriers = 1;
  return w;
}
inline Workload sparse2() {
  Workload w{"sparse2", {}, 8};
  w.opt.start_prob = 0.002;
  w.opt.max_open_barriers = 2;
  return w;
}
inline Workload busy() {
  Workload w{"busy", {}, 7};
  w.opt.start_prob = 0.2;
  w.opt.max_live_tasks = 16;
  return w;
}

/// Parses `[cycles per run, 1000..100000000] [csv file]` into `cycles` (left at its default
/// when absent) and opens `csv` with `header` when a file is given. Returns -1 to go on, or
/// the exit code (0 for --help, 2 for a bad argument, with the message on stderr).
inline int parse_args(int argc, char** argv, const char* name, uint64_t& cycles, std::ofstream& csv,
                      const char* header) {
  if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
    std::fprintf(stderr, "usage: %s [cycles per run, 1000..100000000, default %llu] [csv file]\n", argv[0],
                 static_cast<unsigned long long>(cycles));
    return argc == 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  if (argc > 1) {
    char* end = nullptr;
    cycles = std::strtoull(argv[1], &end, 10);
    if (*end != '\0' || cycles < 1000 || cycles > 100000000) {
      std::fprintf(stderr, "%s: cycles = '%s' is out of range: legal 1000..100000000\n", name, argv[1]);
      return 2;
    }
  }
  if (argc > 2) {
    csv.open(argv[2]);
    if (!csv) {
      std::fprintf(stderr, "%s: cannot write %s\n", name, argv[2]);
      return 2;
    }
    csv << header << '\n';
  }
  return -1;
}

}  // namespace bench
