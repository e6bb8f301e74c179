// SPDX-License-Identifier: Apache-2.0
/// @file
/// Two engines (normally the golden model and the Verilated RTL) driven with the same inputs,
/// every output of every cycle compared. The one lockstep comparator: the lockstep tests
/// (testbench/lockstep) record mismatches and keep going, dsbc-system (sim/) stops on the
/// first one.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc {

/// Thrown (OnMismatch::kThrow) on the first cycle in which the two engines' outputs differ.
class LockstepMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What differs between `ref` and `dut` in their current cycle, naming each differing
/// output group with both values ("" when the cycle counters and all outputs agree).
/// `ref_name`/`dut_name` label the two sides in the text.
std::string lockstep_difference(const Engine& ref, const Engine& dut, const char* ref_name = "model",
                                const char* dut_name = "rtl");

/// Engine that runs `ref` and `dut` in lockstep and exposes ref's outputs. Outputs are
/// compared once at construction (cycle 0) and after every step.
class LockstepEngine final : public Engine {
 public:
  enum class OnMismatch {
    kThrow,   ///< throw LockstepMismatch at the first difference
    kRecord,  ///< count it, keep the first few descriptions, continue
  };
  LockstepEngine(std::unique_ptr<Engine> ref, std::unique_ptr<Engine> dut, OnMismatch on = OnMismatch::kThrow);

  const Config& config() const override { return ref_->config(); }
  const Outputs& outputs() const override { return ref_->outputs(); }
  void step(const Inputs& in) override;
  uint64_t cycle() const override { return ref_->cycle(); }

  /// Cycles compared so far (every output of each).
  uint64_t compared() const { return compared_; }
  /// Cycles that differed (only ever 0 with kThrow: the first one throws).
  uint64_t mismatches() const { return mismatches_; }
  /// Descriptions of the first kKeptMismatches differing cycles (kRecord).
  const std::vector<std::string>& mismatch_messages() const { return messages_; }
  static constexpr size_t kKeptMismatches = 3;

  const Engine& ref() const { return *ref_; }
  const Engine& dut() const { return *dut_; }

 private:
  void compare();
  std::unique_ptr<Engine> ref_, dut_;
  OnMismatch on_;
  uint64_t compared_ = 0;
  uint64_t mismatches_ = 0;
  std::vector<std::string> messages_;
};

}  // namespace dsbc
