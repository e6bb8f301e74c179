// SPDX-License-Identifier: Apache-2.0
/// @file lockstep_engine.h
/// Two engines (normally the golden model and the Verilated RTL) driven with the same inputs;
/// every output of every cycle is compared, and the first difference stops the run.
#pragma once

#include <memory>
#include <stdexcept>

#include "dsbc/unit.h"

namespace dsys {

/// Thrown on the first cycle in which the two engines' outputs differ.
class LockstepMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Engine that runs `ref` and `dut` in lockstep and exposes ref's outputs.
class LockstepEngine final : public dsbc::Engine {
 public:
  LockstepEngine(std::unique_ptr<dsbc::Engine> ref, std::unique_ptr<dsbc::Engine> dut);
  const dsbc::Config& config() const override { return ref_->config(); }
  const dsbc::Outputs& outputs() const override { return ref_->outputs(); }
  void step(const dsbc::Inputs& in) override;
  std::uint64_t cycle() const override { return ref_->cycle(); }
  /// Cycles compared so far (every output of each).
  std::uint64_t compared() const { return compared_; }

 private:
  void compare();
  std::unique_ptr<dsbc::Engine> ref_, dut_;
  std::uint64_t compared_ = 0;
};

}  // namespace dsys
