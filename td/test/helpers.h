// SPDX-License-Identifier: Apache-2.0
// Test helpers for the TD lab.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "td/run.h"

namespace td::test {

/// A run configuration with the given algorithm, workload, PE count and seed.
inline RunConfig cfg(const std::string& algo, const std::string& wl, int pes, std::uint64_t seed) {
  RunConfig c;
  c.algo = algo;
  c.workload = wl;
  c.machine.npes = pes;
  c.machine.seed = seed;
  return c;
}

/// Runs and requires a safe, live run.
inline RunResult ok_run(const RunConfig& c) {
  RunResult r = run_simulation(c);
  EXPECT_TRUE(r.safe()) << to_json(c, r);
  EXPECT_TRUE(r.live()) << to_json(c, r);
  return r;
}

/// Control messages of kind `name` in barrier 0.
inline std::int64_t kind(const RunResult& r, const std::string& name) {
  for (std::size_t k = 0; k < r.kind_names.size(); ++k)
    if (r.kind_names[k] == name) return r.barriers[0].by_kind[k];
  ADD_FAILURE() << "no kind " << name;
  return -1;
}

/// ceil(log2(x)).
inline std::int64_t clg(std::int64_t x) {
  std::int64_t b = 0;
  while ((std::int64_t{1} << b) < x) ++b;
  return b;
}

}  // namespace td::test
