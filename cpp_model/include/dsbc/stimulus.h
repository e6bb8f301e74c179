// SPDX-License-Identifier: Apache-2.0
/// @file
/// Constrained-random PE agents that drive a DSBC unit the way a task-parallel program
/// would, respecting the usage contract (README): +1 committed before a task is sent,
/// -1 after it is consumed, children's +1 before the parent's -1, a barrier reopened by a PE
/// only after that PE has popped its previous completion. Tasks migrate between PEs, so
/// local counts go negative; many barriers run at once; FIFO pops stall at random and one
/// PE at a time stops popping for long stretches.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc {

struct StimulusOptions {
  double start_prob = 0.02;   ///< per PE per cycle: try to start an epoch of an idle barrier
  double act_prob = 0.5;      ///< per held task per cycle: act (spawn a child or finish)
  double spawn_prob = 0.48;   ///< when acting: spawn a child (else consume the task)
  int max_live_tasks = 48;    ///< per barrier: tasks produced and not yet consumed
  int max_open_barriers = 0;  ///< epochs running at once (0: M)
  uint32_t transit_min = 1;   ///< cycles a task travels to another PE
  uint32_t transit_max = 24;
  double migrate_prob = 0.8;        ///< a spawned task goes to another PE (else stays)
  double pop_prob = 0.6;            ///< per cycle a PE pops a non-empty FIFO
  uint64_t stubborn_period = 6000;  ///< every period one PE (round robin) stops popping ...
  uint64_t stubborn_cycles = 3000;  ///< ... for this long (0: never)
};

class Stimulus {
 public:
  Stimulus(const Config& cfg, const StimulusOptions& opt, uint64_t seed);

  /// Inputs for cycle `cycle`, given the engine's outputs in that cycle.
  Inputs next(uint64_t cycle, const Outputs& out);
  /// Stop starting epochs and let running ones finish; pops resume everywhere.
  void drain() { draining_ = true; }
  /// Nothing left: no task, no request in flight, no running epoch, every FIFO empty.
  bool quiescent(const Outputs& out) const;

  uint64_t epochs_started() const { return epochs_started_; }
  uint64_t tasks_produced() const { return tasks_produced_; }

 private:
  enum class Kind { Root, Child, Consume };
  struct Op {
    Kind kind;
    uint32_t barrier;
  };
  struct Transit {
    uint64_t arrival;
    int pe;
    uint32_t barrier;
  };
  struct Pe {
    std::deque<Op> ops;     ///< requests not yet accepted, in order
    bool accepted = false;  ///< ops.front() was accepted last cycle: ack due now
    Op in_flight{Kind::Root, 0};
    std::vector<uint32_t> held;    ///< tasks this PE is executing (their barriers)
    std::vector<uint32_t> popped;  ///< [b]: completions of b popped
  };
  enum class BarrierPhase { Idle, Running };
  struct Barrier {
    BarrierPhase phase = BarrierPhase::Idle;
    int live = 0;              ///< produced (or being produced) and not consumed
    uint32_t completions = 0;  ///< done pulses seen
  };

  void send(uint64_t now, int from, uint32_t b);
  bool popping(uint64_t cycle, int pe) const;

  Config cfg_;
  StimulusOptions opt_;
  std::mt19937_64 rng_;
  std::vector<Pe> pe_;
  std::vector<Barrier> barrier_;
  std::vector<Transit> transit_;
  int running_ = 0;
  bool draining_ = false;
  uint64_t epochs_started_ = 0, tasks_produced_ = 0;
};

}  // namespace dsbc
