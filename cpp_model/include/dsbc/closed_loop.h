// SPDX-License-Identifier: Apache-2.0
/// @file
/// The closed loop every random-workload measurement runs: each cycle the PE agents
/// (dsbc::Stimulus) read the engine's outputs and compute its inputs, the architectural
/// oracle (dsbc::Oracle) checks the cycle, and the engine steps. The benchmarks
/// (testbench/bench) and the detection-latency table (testbench/wnor/latency_main.cpp) use it.
#pragma once

#include <cstdint>

#include "dsbc/oracle.h"
#include "dsbc/stimulus.h"
#include "dsbc/unit.h"

namespace dsbc {

class ClosedLoop {
 public:
  /// Drives `engine` (which must outlive the loop) with a Stimulus seeded by `seed`. With
  /// `check` false the oracle is left out, so that a speed measurement times only the engine
  /// and the agents.
  ClosedLoop(Engine& engine, const StimulusOptions& opt, uint64_t seed, bool check = true);

  /// One cycle: inputs from the agents, the oracle's check, the engine's step.
  void step();
  /// Steps until the engine's cycle counter reaches `end`.
  void run_until(uint64_t end);

  Engine& engine() { return engine_; }
  Stimulus& stimulus() { return stim_; }
  /// The oracle (it has observed nothing when `check` was false).
  const Oracle& oracle() const { return oracle_; }

 private:
  Engine& engine_;
  Stimulus stim_;
  Oracle oracle_;
  bool check_;
  Inputs in_;  ///< this cycle's inputs, kept so that a cycle allocates nothing
};

/// Runs the golden model of `cfg` in a checked closed loop for `cycles` cycles and returns
/// the completion latencies the oracle measured. Throws std::runtime_error with the first
/// oracle violation if there is any (the figures of a wrong run mean nothing).
LatencyStats model_latency(const Config& cfg, const StimulusOptions& opt, uint64_t cycles, uint64_t seed);

}  // namespace dsbc
