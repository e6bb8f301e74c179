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
/// number of cycles in [transit_min, transit_max]; a PE starts an epoch with start_prob in each
/// cycle in which starting is allowed.
///
/// Starts and acts are drawn as gaps, not as a draw per cycle. Take, for each PE (its tries to
/// start) and for each held task (its acts), a coin per cycle, heads with the option's
/// probability, independent of every other coin and of everything else, and act only in a cycle
/// whose coin shows heads *and* in which acting is allowed (starting allowed: an idle barrier
/// whose completions this PE has popped; a task: its PE has fewer than 8 queued requests at the
/// start of its visit). Then in every allowed cycle the act happens with exactly the option's
/// probability, independently of the past: the law stated above, the same as a Bernoulli draw
/// made only in the allowed cycles. Whether a cycle is allowed is decided by the past, never by
/// this cycle's coin. The cycles of heads are independent geometric gaps apart (rng.h:
/// P(G >= k) = (1 - p)^k), so one geometric draw per head gives the whole coin sequence: the
/// next head of a PE's tries (next_try_) or of a task (Held::act), drawn when the last one is
/// used. A head that falls in a cycle where acting is not allowed is spent: nothing acts and the
/// next head is drawn after it, as the coin of a blocked cycle is thrown away (a task due while
/// its PE is blocked does not act later instead). So no gap is redrawn when the state changes
/// while it runs (a barrier starts or closes, the request queue fills or drains): the coins
/// never depend on the state, and the state only decides, in the head's own cycle, whether it
/// acts. A new task (arrived, or a Root accepted) throws its first coin in its first cycle at
/// its PE, as it was drawn there before: its first head is that cycle plus a geometric gap of 0
/// or more. rng_test.cpp tests these laws on the agents' outputs, including a PE that is
/// blocked and released (StimulusLaw.BlockedActsFollowActProb).
///
/// With the gaps, a PE is visited only in the cycles in which it has something to do: a due
/// try or act (a timing wheel of PEs by their earliest one), a queued request, or a FIFO to pop.
/// The same seed gives the same run. The streams differ from those before dsbc::Rng
/// (std::mt19937_64 and a double draw per decision) and from those before the acts were gaps
/// (a Bernoulli draw per held task per cycle), and with them every random workload: each is a
/// new sample of the same laws.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "dsbc/ovl/contract.h"
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
  /// A task a PE executes: its barrier and the cycle of its next head (above), >= the
  /// current cycle except while it is being visited.
  struct Held {
    uint32_t barrier;
    uint64_t act;
  };
  struct Pe {
    OpQueue ops;            ///< requests not yet accepted, in order
    bool accepted = false;  ///< ops.front() was accepted last cycle: ack due now
    Op in_flight{Kind::Root, 0};
    std::vector<Held> held;        ///< tasks this PE is executing
    std::vector<uint32_t> popped;  ///< [b]: completions of b popped
  };
  enum class BarrierPhase { Idle, Running };
  struct Barrier {
    BarrierPhase phase = BarrierPhase::Idle;
    int live = 0;              ///< produced (or being produced) and not consumed
    uint32_t completions = 0;  ///< done pulses seen
  };

  // The helpers of next() below are `inline`, defined in stimulus.cpp and used there only: so
  // that the compiler inlines them into next() and visit() (docs/performance.md 2a, "after
  // speed5").
  /// A task of barrier `b` leaves PE `from` in the current cycle (this call's) for a PE and a
  /// transit time drawn from the options.
  inline void send(int from, uint32_t b);
  /// The PE that does not pop in `cycle` (stubborn_period, stubborn_cycles), or -1.
  inline int stubborn_pe(uint64_t cycle);
  /// PE p's part of next(): its tasks act, it may try to start an epoch, presents its oldest
  /// request and may pop; `stubborn` is stubborn_pe(cycle). Returns 1 if PE p presents a
  /// request or a pop (its bit of Inputs::active), else 0.
  inline uint64_t visit(int p, uint64_t cycle, const Outputs& out, Inputs& in, int stubborn);
  /// `from` plus a geometric gap of start_prob: the cycle of a PE's next try to start.
  inline uint64_t next_try_after(uint64_t from);
  /// `from` plus a geometric gap of act_prob: the cycle of a task's next act.
  inline uint64_t next_act_after(uint64_t from);
  /// PE p's request `op` is acknowledged now, refused or not: the task it stands for moves on.
  inline void settle(int p, const Op& op, bool refused, uint64_t cycle);
  /// PE p takes a task of barrier `b` in `cycle` (before that cycle's visits): its first act
  /// drawn, and the PE filed earlier if that act is before its wake.
  inline void hold(int p, uint32_t b, uint64_t cycle);
  /// Files PE p, to wake at wake_[p], in the wake wheel or among the far wakes; a wake at or
  /// before `cycle` goes into `cycle`'s slot.
  inline void place_wake(int p, uint64_t cycle);
  /// The wake wheel rebuilt from wake_ for `cycle`: every wake due at or before it in its slot.
  void place_wakes(uint64_t cycle);
  /// The far wakes fewer than kWakeWheel cycles after `cycle` moved into the wheel.
  void pull_far_wakes(uint64_t cycle);
  /// Tasks whose transit ends in cycles up to `cycle` start executing at their destination.
  inline void arrive(uint64_t cycle);

  Config cfg_;
  StimulusOptions opt_;
  Rng rng_;
  // The options' probabilities as Rng draws take them.
  uint64_t spawn_threshold_, migrate_threshold_, pop_threshold_;
  Rng::Geometric start_law_, act_law_;
  std::vector<Pe> pe_;
  // Per PE, kept beside pe_ so that next() visits only the PEs with something to do.
  std::vector<uint64_t> next_try_;  ///< cycle of the next try to start an epoch (Rng::kNever: none)
  /// The cycle PE p is filed to wake at: min(next_try_[p], its held tasks' act) when it was
  /// filed. A task that arrives with an earlier act files the PE again (the later slot then
  /// visits it for nothing, which draws nothing: a visit acts only on due tries and acts).
  std::vector<uint64_t> wake_;
  /// The wakes by cycle, so that a cycle finds its due PEs without a test of every PE: a
  /// timing wheel of kWakeWheel slots of PE bits (slot c % kWakeWheel, busy_.size() words each)
  /// holds the PEs whose wake is fewer than kWakeWheel cycles ahead; the others are in
  /// far_wakes_ and move into the wheel from far_check_ on (the earliest far wake less
  /// kWakeWheel - 1). Exact for the cycle wake_cycle_; another cycle rebuilds it (place_wakes).
  static constexpr uint64_t kWakeWheel = 256;
  std::vector<uint64_t> wake_wheel_;
  std::vector<uint64_t> far_wakes_;
  uint64_t far_check_ = Rng::kNever;
  uint64_t wake_cycle_ = Rng::kNever;
  std::vector<uint64_t> busy_;  ///< bit p of word p / 64: PE p has a queued request
  std::vector<uint64_t> fifo_;  ///< the same bits: PE p's fifo_valid was high in the last call
  bool fifo_all_ = true;        ///< every FIFO may hold an entry in the next call (ctl_done seen)
  uint64_t fifo_cycle_ = 0;     ///< the cycle of the next call for which fifo_ is exact
  std::vector<int> acked_;      ///< PEs whose request was accepted in the last call, in order
  /// Config::overlap: the PEs learn a completion, as the overlap contract's pair blocks do, from
  /// the broadcast decoded by the contract's sequencer (ctl_load / ctl_done also carry race
  /// decisions, and CNT2 may already name the next head's barrier in d); started in cycle 2M.
  /// Their FIFOs show an entry 6 or more cycles after the completion and again a few cycles
  /// after a pop, so every FIFO is looked at in every cycle (fifo_all_).
  std::optional<ovl::SlotSequencer> ovl_seq_;
  uint64_t ovl_x0_ = 0;
  /// Half the request rate (Config::half_rate): the acknowledge comes Config::ack_latency() = 4
  /// cycles after the acceptance, and a PE can have two requests in flight; those accepted in
  /// cycle c wait in late_acks_[(c + 4) % kLateSlots], in order. Unused at the full rate
  /// (acked_).
  struct LateAck {
    int pe;
    Op op;
  };
  /// Slots of late_acks_: more than Config::ack_latency() (the constructor checks it).
  static constexpr size_t kLateSlots = 8;
  std::array<std::vector<LateAck>, kLateSlots> late_acks_;
  uint64_t late_in_flight_ = 0;  ///< requests in late_acks_ (quiescent() needs none)
  uint64_t ack_latency_ = 1;
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
