// SPDX-License-Identifier: Apache-2.0
/// @file
/// The named random workloads of the closed loop (dsbc::Stimulus settings and seeds) that the
/// benchmarks (testbench/bench: bench_sched, bench_ovl, bench_burst) and the tests that run
/// the same loads in short (cpp_model/test/ovl/closed_loop_test.cpp) share: one definition,
/// so that a test's "sparse1" is the benchmark's.
#pragma once

#include <cstdint>

#include "dsbc/stimulus.h"

namespace dsbc::workloads {

struct Workload {
  const char* name;
  StimulusOptions opt;
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

}  // namespace dsbc::workloads
