// SPDX-License-Identifier: Apache-2.0
// The pure-C++ DSBC side (see engine_backend.h).
#include "dsys/engine_backend.h"

#include <stdexcept>

namespace dsys {

EngineBackend::EngineBackend(std::unique_ptr<dsbc::Engine> engine, Ps period_ps)
    : Backend(engine->config(), period_ps), engine_(std::move(engine)) {
  if (engine_->cycle() != 0) throw std::logic_error("EngineBackend: the engine must start in cycle 0");
}

void EngineBackend::run_cycles(std::uint64_t until) {
  while (engine_->cycle() < until) engine_->step(on_cycle(engine_->cycle(), engine_->outputs()));
}

}  // namespace dsys
