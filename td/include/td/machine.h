// SPDX-License-Identifier: Apache-2.0
/// @file machine.h
/// Deterministic discrete-event machine: N PEs, a network, the termination-detection
/// algorithm hooks, the oracle and the metrics.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "td/pe_core.h"
#include "td/runtime.h"
#include "td/types.h"
#include "td/workload.h"

namespace td {

/// A delay distribution: constant (lo == hi), uniform on [lo, hi], or exponential with
/// mean max(lo, 1) (exp == true; each draw rounded down, so it may be 0).
struct DelayModel {
  Tick lo = 10;      ///< lower bound (or constant, or mean of the exponential)
  Tick hi = 10;      ///< upper bound
  bool exp = false;  ///< exponential with mean lo
  /// Draws one delay.
  Tick draw(Rng& rng) const;
  /// Parses `N`, `uniform:LO:HI` or `exp:MEAN` (decimal tick counts); throws ConfigError
  /// naming `option`.
  static DelayModel parse(const std::string& text, const std::string& option);
};

/// Everything that defines one run, besides the algorithm's own options.
struct MachineConfig {
  int npes = 8;                            ///< number of PEs
  std::uint64_t seed = 1;                  ///< seed of the run's single RNG
  DelayModel latency{10, 10};              ///< per-message network latency
  DelayModel task_time{5, 5};              ///< task execution time (unless the workload sets it)
  Tick send_cost = 0;                      ///< sender NIC occupancy per external message (serialises)
  int fifo = -1;                           ///< 1 FIFO channels, 0 non-FIFO, -1 the algorithm's default
  Tick start = 0;                          ///< time at which the initial tasks are injected
  Tick liveness_bound = 0;                 ///< 0: automatic (see Machine::liveness_bound)
  std::uint64_t max_events = 400'000'000;  ///< hard stop (counts as a missed detection)
  int tree_arity = 2;                      ///< arity of the heap-ordered control/broadcast tree
  /// Fail-stop failures (PE, tick): PE 1..N-1 (the root cannot fail), tick > start, each PE
  /// at most once. Only fault-tolerant detectors accept them (Detector::fault_tolerant).
  std::vector<std::pair<NodeId, Tick>> faults;
  Tick notify_delay = 1;  ///< failure notice: this many ticks after the fail-flush
};

/// One injected failure as the run saw it.
struct FailureRecord {
  NodeId pe = -1;         ///< the failed PE
  Tick at = -1;           ///< failure tick
  Tick flushed_at = -1;   ///< when its last message was delivered and the notices went out
  std::int64_t lost = 0;  ///< units of work (tasks, held or in-flight primaries) lost with it
};

/// Work-stealing traffic (Workload::steals): workload messages, not detector control
/// messages, so their kinds lie below kPrimary and no detector sees them.
enum StealKind : std::int16_t { kStealRequest = -1, kStealRefusal = -2 };

/// The simulated machine and its event kernel (the simulator's Runtime).
class Machine final : public Runtime {
 public:
  /// Creates a machine for `cfg`, running `workloads` (one per barrier) under detectors
  /// built by `make_detector`.
  Machine(const MachineConfig& cfg, std::vector<std::unique_ptr<Workload>> workloads,
          const DetectorFactory& make_detector);
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;
  ~Machine();

  /// Runs to completion (event queue empty or hard stop); then evaluates liveness.
  /// The same as begin(), step() while pending(), end().
  void run();

  // ---- stepping, for a host kernel that executes the events itself (the SystemC top) ---
  /// Who executes an event: a node (task completion, timer), the network (a delivery to
  /// node `node`), or the machine itself (injecting the initial tasks).
  struct Owner {
    enum Kind : std::uint8_t { kNode, kNetwork, kMachine } kind;
    NodeId node;  ///< the node, or the delivery's destination; -1 for the machine
  };
  /// Injects the start event and boots the detectors.
  void begin();
  /// Whether an event is left (and no hard stop was hit).
  bool pending() const;
  /// Time of the next event (pending() must hold); events run in (time, priority, order).
  Tick next_time() const;
  /// Who executes the next event.
  Owner next_owner() const;
  /// Executes the next event, then the liveness guard. The event counts against
  /// MachineConfig::max_events; over the budget it is not executed and the run stops.
  void step();
  /// Final liveness evaluation and control-bit accounting.
  void end();

  // ---- Runtime services (documented in runtime.h) ------------------------------------
  Tick now() const override { return now_; }
  int npes() const override { return cfg_.npes; }
  bool fifo() const override { return fifo_; }
  bool busy(NodeId pe, int barrier) const override { return count_[idx(pe, barrier)] > 0; }
  std::int64_t work(NodeId pe, int barrier) const override { return count_[idx(pe, barrier)]; }
  void send_control(NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0 = 0, std::int64_t f1 = 0,
                    std::int64_t f2 = 0, std::vector<std::int64_t> v = {}, std::int64_t bits = 64) override;
  void internal_note(NodeId node, int barrier) override;
  /// The oracle checks every declaration.
  void declare(NodeId node, int barrier) override;
  void fatal(NodeId node, int barrier, const std::string& reason) override;
  void mark(NodeId node, int barrier, const std::string& what) override;
  /// Reference-counted per (barrier, watcher, target). If `target` has already failed and
  /// been flushed, the notice comes at once (an event at the current tick).
  void request_notice(NodeId watcher, int barrier, NodeId target) override;
  void drop_notice(NodeId watcher, int barrier, NodeId target) override;
  bool dead(NodeId pe) const override { return dead_[static_cast<std::size_t>(pe)] != 0; }
  void broadcast_termination(NodeId root, int barrier) override;
  void release_held(NodeId pe, Message* m) override;
  void drop_held(NodeId pe, Message* m) override;
  /// Queued tasks are dropped, a running one is killed.
  void kill_barrier_at(NodeId pe, int barrier) override;
  void set_timer(NodeId node, int barrier, Tick delay, std::int64_t tag) override;
  void note_state(NodeId node, int barrier, std::int64_t entries) override;
  void start_collective(NodeId pe, int barrier, std::int16_t kind, std::vector<std::int64_t> values) override;
  int tree_arity() const override { return cfg_.tree_arity; }

  // ---- simulator-only services --------------------------------------------------------
  /// The run's RNG.
  Rng& rng() { return rng_; }
  /// Configuration.
  const MachineConfig& config() const { return cfg_; }
  /// Failures so far, in the order they happened.
  const std::vector<FailureRecord>& failures() const { return failures_; }
  /// Tasks PE `pe` executed (all barriers; killed tasks excluded).
  std::int64_t tasks_executed(NodeId pe) const { return executed_[static_cast<std::size_t>(pe)]; }
  /// Whether `barrier` truly terminated: no live task (queued, running or held) and no
  /// primary message in flight (oracle state).
  bool truly_terminated(int barrier) const { return live_[barrier] == 0 && inflight_[barrier] == 0; }

  // ---- results -----------------------------------------------------------------------
  /// Metrics of barrier b.
  const BarrierMetrics& metrics(int b) const { return metrics_[b]; }
  /// Number of barriers.
  int nbarriers() const { return static_cast<int>(metrics_.size()); }
  /// Detector of barrier b.
  const Detector& detector(int b) const { return *dets_[b]; }
  /// Events processed.
  std::uint64_t events() const { return nevents_; }
  /// Whether the run hit the hard event/time stop.
  bool hard_stopped() const { return hard_stop_; }
  /// Message ids allocated (primary + control).
  std::uint64_t messages() const { return next_msg_id_; }

  /// Writes a JSON Lines event log to `f` (nullptr: off).
  void set_event_log(std::FILE* f) { evlog_ = f; }
  /// Collects busy intervals and instants for a Chrome trace.
  void set_chrome_trace(bool on) { chrome_ = on; }
  /// Writes the collected Chrome trace (Trace Event Format, JSON) to `f`.
  void write_chrome_trace(std::FILE* f) const;

 private:
  enum EvType : std::uint8_t { kDeliver, kTaskDone, kTimer, kInject, kFail, kFlushed, kNotice, kCollective, kSteal };
  /// Same-tick priorities: deliveries first, so a message arriving at the tick a PE
  /// completes its last task is seen before the idle decision; then task completions;
  /// then algorithm timers (they observe the settled state of the tick).
  enum Prio : std::uint8_t { kPrioDeliver = 0, kPrioTask = 1, kPrioTimer = 2 };
  struct Event {
    Tick t;
    std::uint8_t prio;
    std::uint64_t seq;
    EvType type;
    NodeId node;
    std::int32_t barrier;
    std::int64_t arg;
  };
  struct Later {
    bool operator()(const Event& a, const Event& b) const {
      if (a.t != b.t) return a.t > b.t;
      if (a.prio != b.prio) return a.prio > b.prio;
      return a.seq > b.seq;
    }
  };
  struct Pe {
    std::deque<Task> queue;
    bool running = false;
    Task cur;
    Tick busy_since = 0;
    Tick nic_free = 0;
  };

  std::size_t idx(NodeId pe, int b) const { return static_cast<std::size_t>(pe) * metrics_.size() + b; }
  void schedule(Tick t, std::uint8_t prio, EvType type, NodeId node, int barrier, std::int64_t arg);
  std::uint32_t alloc_msg();
  void free_msg(std::uint32_t i);
  void transmit(std::uint32_t mi);
  void enqueue_task(NodeId pe, const Task& t);
  void start_next(NodeId pe);
  void task_done(NodeId pe);
  void produce_children(NodeId pe, Task& t);
  void emit_batch(NodeId pe, int b);
  void retire_task(NodeId pe, const Task& t);
  void execute(const Event& ev);
  void inject_initial_tasks();
  void liveness_guard();
  bool all_truly_terminated();
  Tick liveness_bound() const;
  void check_faults();
  void count_in_flight(const Message& m);
  void fail_pe(NodeId pe);
  void flushed(NodeId pe);
  void notify(NodeId watcher, int barrier, NodeId failed);
  void explain_fatal(BarrierMetrics& bm) const;
  Tick concurrency_window() const;
  void check_true_termination(int b);
  void deliver(std::uint32_t mi);
  void go_idle_if(NodeId pe, int b);
  void dec_live(int b);
  void log_msg(const char* ev, NodeId pe, NodeId peer, const Message& m);
  void log_pe(const char* ev, NodeId pe, int barrier);
  void complete_collective(NodeId pe, int barrier, std::int64_t instance);
  void steal_request(NodeId thief, int barrier);
  void steal_answer(NodeId victim, const Message& req);
  void steal_refused(NodeId thief, int barrier);
  Message& steal_msg(NodeId src, NodeId dst, std::int16_t kind, int barrier);  // a fresh message of the steal protocol
  bool steals(int barrier) const;
  const std::string& kind_name(int b, int kind) const;

  MachineConfig cfg_;
  Rng rng_;
  bool fifo_ = false;
  Tick now_ = 0;
  std::uint64_t seq_ = 0;
  std::uint64_t nevents_ = 0;
  bool hard_stop_ = false;  // event or liveness limit hit: step() refuses further events
  bool injected_ = false;
  bool begun_ = false;
  bool ended_ = false;
  bool all_term_ = false;  // liveness guard state (see step())
  Tick last_term_ = -1;
  Tick liveness_unit_ = 0;
  std::priority_queue<Event, std::vector<Event>, Later> q_;
  std::vector<std::unique_ptr<Workload>> workloads_;
  std::vector<std::unique_ptr<Detector>> dets_;
  std::vector<std::vector<std::string>> kind_names_;
  std::vector<Pe> pes_;
  std::vector<std::int64_t> count_;          // per (pe, barrier): queued + running + held
  std::vector<std::int64_t> live_;           // per barrier: tasks queued/running + held messages
  std::vector<std::int64_t> inflight_;       // per barrier: primary messages in flight
  std::vector<std::int64_t> inflight_ctrl_;  // per barrier: control messages in flight
  std::vector<BarrierMetrics> metrics_;
  std::deque<Message> msgs_;  // deque: references stay valid while detectors hold them
  std::vector<std::uint32_t> free_msgs_;
  std::unordered_map<std::uint64_t, Tick> fifo_last_;
  std::uint64_t next_msg_id_ = 0;
  std::int64_t next_task_id_ = 0;
  Completion comp_;  // buffers of the task completion in progress (pe_core.h)
  std::string unknown_kind_ = "unknown";
  std::FILE* evlog_ = nullptr;
  bool chrome_ = false;
  struct Span {
    NodeId pe;
    Tick t0, t1;
  };
  struct Instant {
    NodeId pe;
    Tick t;
    std::string name;
  };
  std::vector<Span> spans_;
  std::vector<Instant> instants_;
  // ---- failures (empty/unused in fault-free runs) ----
  bool faulty_ = false;         // faults configured: track edges and subscriptions
  bool stopped_fatal_ = false;  // a detector reported FATAL: no further events
  Tick first_failure_ = -1;
  std::vector<std::uint8_t> dead_;         // per node
  std::vector<Tick> last_arrival_from_;    // per node: latest arrival of a message it sent
  std::vector<std::int64_t> inflight_to_;  // per (node, barrier): primaries in flight to it
  std::vector<FailureRecord> failures_;
  std::vector<std::uint8_t> flushed_;  // per node: failed and flushed (notices sent)
  // per barrier: target -> watcher -> references
  std::vector<std::map<NodeId, std::map<NodeId, int>>> subs_;
  std::map<std::pair<NodeId, NodeId>, Tick> edges_;     // (sender, receiver) -> first send tick
  std::map<std::pair<NodeId, NodeId>, Tick> notified_;  // (failed, watcher) -> notice tick
  // ---- non-blocking collectives (start_collective) ----
  struct Collective {
    int entered = 0;                 // PEs that entered this instance
    int delivered = 0;               // PEs that got on_collective
    std::size_t nvalues = 0;         // length of every PE's vector
    std::vector<std::int64_t> sums;  // element-wise sum so far
  };
  std::vector<std::int64_t> coll_next_;                   // per (pe, barrier): next instance to enter
  std::vector<std::map<std::int64_t, Collective>> coll_;  // per barrier: open instances
  std::vector<Tick> coll_last_done_;                      // per barrier: completion of the latest instance
  // ---- work stealing (Workload::steals) ----
  std::vector<std::uint8_t> steal_wait_;  // per (pe, barrier): a steal request or its back-off is outstanding
  std::vector<int> steal_refusals_;       // per (pe, barrier): consecutive refusals (back-off exponent)
  std::vector<std::int64_t> executed_;    // per PE: tasks executed (all barriers)
};

}  // namespace td
