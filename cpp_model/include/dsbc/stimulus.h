// SPDX-License-Identifier: Apache-2.0
/// @file
/// Constrained-random PE agents that drive a DSBC unit the way a task-parallel program
/// would, respecting the usage contract (README): +1 committed before a task is sent,
/// -1 after it is consumed, children's +1 before the parent's -1, a barrier reopened by a PE
/// only after that PE has popped its previous completion. Tasks migrate between PEs, so
/// local counts go negative; many barriers run at once; FIFO pops stall at random and one
/// PE at a time stops popping for long stretches.
///
/// Random draws (dsbc::Rng, rng.h says why each has the law its option names): a held task
/// acts with probability act_prob in each cycle its PE has fewer than 8 queued requests; an
/// acting task spawns with spawn_prob; a PE pops a valid FIFO with pop_prob; a spawned task
/// migrates with migrate_prob to a PE drawn uniformly from the others and travels a uniform
/// number of cycles in [transit_min, transit_max]. Starts are the one rare per-cycle event: a
/// PE starts an epoch with start_prob in each cycle in which starting is allowed. It is drawn as
/// tries a geometric number of cycles apart, each starting if starting is allowed in its cycle:
/// whether a cycle holds a try is then Bernoulli(start_prob), independent of every other cycle
/// and of whether starting is allowed, so a start in an allowed cycle has probability
/// start_prob as before, with one draw per try instead of one per cycle, and a PE with no
/// task, request, try or completion to pop is skipped. The same seed gives the same run; the
/// streams differ from those before dsbc::Rng (std::mt19937_64 and a double draw per
/// decision), and with them every random workload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dsbc/rng.h"
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

  /// Inputs for cycle `cycle`, given the engine's outputs in that cycle. Called once per
  /// cycle, cycles in increasing order.
  Inputs next(uint64_t cycle, const Outputs& out);
  /// The same, written into `in` (every field of every PE, and the hint Inputs::active;
  /// resized to N): no allocation per cycle once `in` has its size.
  void next(uint64_t cycle, const Outputs& out, Inputs& in);
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
    int pe;
    uint32_t barrier;
  };
  /// A FIFO of requests kept in one vector (std::deque's size() and blocks cost the agents'
  /// loop more than its work): entries before `head` are gone, and the vector is emptied
  /// whenever the queue is, which it often is.
  class OpQueue {
   public:
    bool empty() const { return head_ == ops_.size(); }
    size_t size() const { return ops_.size() - head_; }
    const Op& front() const { return ops_[head_]; }
    void push_back(const Op& op) { ops_.push_back(op); }
    void pop_front() {
      if (++head_ == ops_.size()) {
        ops_.clear();
        head_ = 0;
      } else if (head_ >= 64 && 2 * head_ >= ops_.size()) {
        ops_.erase(ops_.begin(), ops_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
      }
    }

   private:
    std::vector<Op> ops_;
    size_t head_ = 0;
  };
  struct Pe {
    OpQueue ops;            ///< requests not yet accepted, in order
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

  /// A task of barrier `b` leaves PE `from` in the current cycle (this call's) for a PE and a
  /// transit time drawn from the options.
  void send(int from, uint32_t b);
  /// The PE that does not pop in `cycle` (stubborn_period, stubborn_cycles), or -1.
  int stubborn_pe(uint64_t cycle);
  /// PE p's part of next(): its tasks act, it may try to start an epoch, presents its oldest
  /// request and may pop; `stubborn` is stubborn_pe(cycle). Returns 1 if PE p presents a
  /// request or a pop (its bit of Inputs::active), else 0.
  uint64_t visit(int p, uint64_t cycle, const Outputs& out, Inputs& in, int stubborn);
  /// `from` plus a geometric gap of start_prob: the cycle of a PE's next try to start.
  uint64_t next_try_after(uint64_t from);
  /// Files PE p's next try, after `cycle`, in the try wheel or among the far tries.
  void place_try(int p, uint64_t cycle);
  /// The try wheel rebuilt from next_try_ for `cycle`: every try due at or before it in its slot.
  void place_tries(uint64_t cycle);
  /// The far tries fewer than kTryWheel cycles after `cycle` moved into the wheel.
  void pull_far_tries(uint64_t cycle);
  /// Tasks whose transit ends in cycles up to `cycle` start executing at their destination.
  void arrive(uint64_t cycle);

  Config cfg_;
  StimulusOptions opt_;
  Rng rng_;
  // The options' probabilities as Rng draws take them.
  uint64_t act_threshold_, spawn_threshold_, migrate_threshold_, pop_threshold_;
  double start_log_fail_;
  std::vector<Pe> pe_;
  // Per PE, kept beside pe_ so that next() visits only the PEs with something to do.
  std::vector<uint64_t> next_try_;  ///< cycle of the next try to start an epoch (Rng::kNever: none)
  /// The tries by cycle, so that a cycle finds its due PEs without a test of every PE's try: a
  /// timing wheel of kTryWheel slots of PE bits (slot c % kTryWheel, busy_.size() words each)
  /// holds the PEs whose try is fewer than kTryWheel cycles ahead; the others are in
  /// far_tries_ and move into the wheel from far_check_ on (the earliest far try less
  /// kTryWheel - 1). Exact for the cycle try_cycle_; another cycle rebuilds it (place_tries).
  static constexpr uint64_t kTryWheel = 256;
  std::vector<uint64_t> try_wheel_;
  std::vector<uint64_t> far_tries_;
  uint64_t far_check_ = Rng::kNever;
  uint64_t try_cycle_ = Rng::kNever;
  std::vector<uint64_t> busy_;  ///< bit p of word p / 64: PE p holds a task or a queued request
  std::vector<uint64_t> fifo_;  ///< the same bits: PE p's fifo_valid was high in the last call
  bool fifo_all_ = true;        ///< every FIFO may hold an entry in the next call (ctl_done seen)
  uint64_t fifo_cycle_ = 0;     ///< the cycle of the next call for which fifo_ is exact
  std::vector<int> acked_;      ///< PEs whose request was accepted in the last call, in order
  std::vector<Barrier> barrier_;
  /// Tasks in transit, by arrival cycle modulo transit_max + 1 (a task arrives at most
  /// transit_max cycles after it is sent): a timing wheel, so that a cycle touches only the
  /// tasks arriving in it.
  std::vector<std::vector<Transit>> wheel_;
  uint64_t wheel_next_ = 0;  ///< first cycle whose arrivals have not been delivered
  size_t next_slot_ = 0;     ///< wheel_next_'s slot
  size_t now_slot_ = 0;      ///< the slot of the cycle of the current call
  uint64_t in_transit_ = 0;
  uint64_t stub_start_ = 0;  ///< first cycle of the stubborn period of stubborn_pe's last call
  int stub_pe_ = 0;          ///< that period's stubborn PE
  int running_ = 0;
  bool draining_ = false;
  uint64_t epochs_started_ = 0, tasks_produced_ = 0;
};

}  // namespace dsbc
