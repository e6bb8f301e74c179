// SPDX-License-Identifier: Apache-2.0
// Stimulus, oracle and engine in one closed loop (see dsbc/closed_loop.h).
#include "dsbc/closed_loop.h"

#include <stdexcept>

namespace dsbc {

ClosedLoop::ClosedLoop(Engine& engine, const StimulusOptions& opt, uint64_t seed, bool check)
    : engine_(engine), stim_(engine.config(), opt, seed), oracle_(engine.config()), check_(check) {}

void ClosedLoop::step() {
  stim_.next(engine_.cycle(), engine_.outputs(), in_);
  if (check_) oracle_.observe(engine_.cycle(), engine_.outputs(), in_);
  engine_.step(in_);
}

void ClosedLoop::run_until(uint64_t end) {
  while (engine_.cycle() < end) step();
}

LatencyStats model_latency(const Config& cfg, const StimulusOptions& opt, uint64_t cycles, uint64_t seed) {
  Unit unit(cfg);
  ClosedLoop loop(unit, opt, seed);
  loop.run_until(cycles);
  if (!loop.oracle().ok()) {
    throw std::runtime_error("oracle violation (" + cfg.to_string() + "): " + loop.oracle().messages().front());
  }
  return loop.oracle().latency();
}

}  // namespace dsbc
