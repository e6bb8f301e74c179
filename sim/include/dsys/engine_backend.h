// SPDX-License-Identifier: Apache-2.0
/// @file engine_backend.h
/// The pure-C++ DSBC side: a dsbc::Engine (golden model, Verilated RTL, or both in lockstep)
/// stepped cycle by cycle from C++.
#pragma once

#include <memory>

#include "dsys/backend.h"

namespace dsys {

/// Backend over any dsbc::Engine, which must be in cycle 0.
class EngineBackend final : public Backend {
 public:
  EngineBackend(std::unique_ptr<dsbc::Engine> engine, Ps period_ps);
  dsbc::Engine& engine() { return *engine_; }

 protected:
  void run_cycles(std::uint64_t until) override;

 private:
  std::unique_ptr<dsbc::Engine> engine_;
};

}  // namespace dsys
