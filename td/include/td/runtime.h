// SPDX-License-Identifier: Apache-2.0
/// @file runtime.h
/// What a termination-detection algorithm sees of the engine that runs it: the per-barrier
/// metrics, the Detector hooks and the Runtime services. td::Machine (the simulator) and the
/// MPI runtime implement Runtime.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "td/types.h"

namespace td {

class Runtime;

/// Per-barrier metrics of a run.
struct BarrierMetrics {
  std::int64_t tasks = 0;                      ///< T: tasks executed (killed tasks excluded)
  std::int64_t idle_events = 0;                ///< E: busy -> idle transitions over all PEs
  std::int64_t primary_msgs = 0;               ///< external primary messages
  std::int64_t local_spawns = 0;               ///< children spawned on the spawning PE
  std::int64_t steal_requests = 0;             ///< work-stealing requests sent (workload traffic)
  std::int64_t steals = 0;                     ///< tasks given to thieves (each also a primary message)
  std::int64_t ctrl_external = 0;              ///< control messages between distinct nodes
  std::int64_t internal = 0;                   ///< internal notifications (inside a node)
  std::int64_t ctrl_bits = 0;                  ///< control bits (algorithm's accounting)
  std::int64_t peak_state = 0;                 ///< peak per-node detector state (entries)
  std::vector<std::int64_t> by_kind;           ///< control messages per kind (index = kind)
  std::vector<std::int64_t> by_kind_recovery;  ///< of which sent after the first failure
  bool fatal = false;                          ///< the detector reported FATAL (job failure)
  std::string fatal_reason;                    ///< its reason
  Tick fatal_at = -1;                          ///< when
  bool fatal_explained = false;                ///< the oracle found a failure pattern the mode cannot handle
  Tick true_termination = -1;                  ///< when live tasks and in-flight primaries hit 0
  Tick detected_at = -1;                       ///< when the algorithm declared termination
  bool detected = false;                       ///< declared at all
  /// Declared while a task was live or a primary in flight, before the initial tasks were
  /// injected, or (strict_quiescence algorithms) with a control message in flight.
  bool false_detection = false;
  /// Not declared, or (with an explicit MachineConfig::liveness_bound) declared later than
  /// the bound after true termination.
  bool missed = false;
  /// Detection delay in ticks (declaration - true termination), -1 if not detected.
  Tick delay() const { return detected && true_termination >= 0 ? detected_at - true_termination : -1; }
};

/// A termination-detection algorithm for one barrier. The hooks follow PaRSEC's termdet
/// modules (Bosilca et al., §6.1): produce, consume, send, receive, idle, control message.
/// All hooks run inside the simulation and may call back into the machine.
class Detector {
 public:
  virtual ~Detector() = default;
  /// Names of the control kinds (index = kind; 0 and 1 are "primary" and "term").
  virtual std::vector<std::string> kind_names() const = 0;
  /// Default FIFO assumption of the algorithm (used when the user does not choose).
  virtual bool wants_fifo() const { return false; }
  /// Whether the algorithm uses a dedicated controller node (node N).
  virtual bool uses_controller_node() const { return false; }
  /// At time 0, before the initial tasks are injected (at MachineConfig::start).
  virtual void on_boot() {}
  /// An initial task is about to be placed on `pe` at the start of the run (the algorithm
  /// may set its piggyback, e.g. Mattern's credit).
  virtual void on_initial(NodeId /*pe*/, Task& /*t*/) {}
  /// After the initial tasks are placed (PEs holding them are already busy).
  virtual void on_start() {}
  /// A completing task `parent` on `pe` spawns `child` (locally if `local`).
  virtual void on_produce(NodeId /*pe*/, Task& /*parent*/, Task& /*child*/, bool /*local*/) {}
  /// A batch of primary messages is about to leave `pe`. `remains_active` tells whether the
  /// PE keeps work of this barrier after the batch. Return false for a message to hold it
  /// (the algorithm then owns it and later calls Machine::release_held).
  virtual void on_emit(NodeId /*pe*/, std::vector<Message*>& /*batch*/, bool /*remains_active*/,
                       std::vector<bool>& /*hold*/) {}
  /// A primary message was delivered to `pe` (its task is already queued; `was_idle` tells
  /// whether this activated the PE).
  virtual void on_receive(NodeId /*pe*/, Message& /*m*/, bool /*was_idle*/) {}
  /// A task completed on `pe` (after its children were produced and emitted).
  virtual void on_consume(NodeId /*pe*/, const Task& /*t*/) {}
  /// `pe` has no more work of this barrier (no queued/running task, no held emission).
  virtual void on_idle(NodeId /*pe*/) {}
  /// A control message of this algorithm was delivered to `node`.
  virtual void on_control(NodeId node, Message& m) = 0;
  /// A timer set with Machine::set_timer fired.
  virtual void on_timer(NodeId /*node*/, std::int64_t /*tag*/) {}
  /// Control bits of the run, given the final metrics (default: what was charged at send).
  virtual std::int64_t control_bits(const BarrierMetrics& m, int /*npes*/) const { return m.ctrl_bits; }
  /// Whether declaring termination also requires that no control message of the algorithm
  /// is in flight (Rokusawa et al. §5-6: zero weight means nothing of the pool is in transit).
  virtual bool strict_quiescence() const { return false; }
  /// Whether the detector survives fail-stop failures (MachineConfig::faults).
  virtual bool fault_tolerant() const { return false; }
  /// A failure notice: `failed` failed and all messages it sent were delivered (fail-flush).
  /// Only delivered to a live `node` that requested notices about `failed`.
  virtual void on_failure(NodeId /*node*/, NodeId /*failed*/) {}
  /// Whether a control message of `kind` counts as a communication edge for the oracle's
  /// explanation of FATAL (a recovery query: the sender may adopt the receiver).
  virtual bool edge_kind(int /*kind*/) const { return false; }
  /// An instance of a non-blocking collective this detector entered with
  /// Runtime::start_collective completed at `pe`; `sums` is the element-wise sum of the
  /// values every PE entered (empty for a barrier).
  virtual void on_collective(NodeId /*pe*/, std::int64_t /*instance*/, const std::vector<std::int64_t>& /*sums*/) {}
  /// Algorithm-specific named counters reported in the JSON result.
  virtual std::map<std::string, std::int64_t> extra() const { return {}; }
};

/// Builds a detector for one barrier.
using DetectorFactory = std::function<std::unique_ptr<Detector>(Runtime&, int barrier)>;

/// The services a detector may use, whoever executes it: the discrete-event simulator
/// (td::Machine) or real processes (the MPI runtime). Detectors are written against this
/// interface only, so one copy of each algorithm serves every engine. A service that names a
/// node is only called by the detector for a node the engine hosts (the node whose hook is
/// running), except `send_control`'s destination.
class Runtime {
 public:
  virtual ~Runtime() = default;
  /// Current time (ticks; nanoseconds in a real run).
  virtual Tick now() const = 0;
  /// Number of PEs.
  virtual int npes() const = 0;
  /// Node id of the dedicated controller (N).
  NodeId controller_node() const { return npes(); }
  /// Whether channels are FIFO in this run.
  virtual bool fifo() const = 0;
  /// Whether `pe` holds work of `barrier` (queued/running task or held emission).
  virtual bool busy(NodeId pe, int barrier) const = 0;
  /// Units of work `pe` holds for `barrier`: queued and running tasks plus held emissions.
  virtual std::int64_t work(NodeId pe, int barrier) const = 0;
  /// Sends a control message; `bits` is charged to the control-bit metric. A message to
  /// oneself is delivered as an internal notification (not counted as external).
  virtual void send_control(NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0 = 0,
                            std::int64_t f1 = 0, std::int64_t f2 = 0, std::vector<std::int64_t> v = {},
                            std::int64_t bits = 64) = 0;
  /// Counts one internal notification at `node` (e.g. a task telling its local agent).
  virtual void internal_note(NodeId node, int barrier) = 0;
  /// Declares termination of `barrier` at `node`.
  virtual void declare(NodeId node, int barrier) = 0;
  /// Reports FATAL (the job fails: the detector cannot decide termination); stops the run.
  virtual void fatal(NodeId node, int barrier, const std::string& reason) = 0;
  /// Records a named instant of `node` (e.g. an adoption) in the event log and the trace.
  virtual void mark(NodeId node, int barrier, const std::string& what) = 0;
  /// Asks for a notice (Detector::on_failure) when `target` fails (fault-tolerant detectors).
  virtual void request_notice(NodeId watcher, int barrier, NodeId target) = 0;
  /// Drops one reference of a request_notice.
  virtual void drop_notice(NodeId watcher, int barrier, NodeId target) = 0;
  /// Whether `pe` has failed.
  virtual bool dead(NodeId pe) const = 0;
  /// Starts the termination broadcast down the broadcast tree: N-1 messages from PE 0, plus
  /// one message root -> 0 when `root` is not PE 0.
  virtual void broadcast_termination(NodeId root, int barrier) = 0;
  /// Sends a message an algorithm held in Detector::on_emit.
  virtual void release_held(NodeId pe, Message* m) = 0;
  /// Discards a held message (its work is aborted); does not call on_idle.
  virtual void drop_held(NodeId pe, Message* m) = 0;
  /// Aborts all work of `barrier` at `pe` (WTC abortion). Does not call on_idle.
  virtual void kill_barrier_at(NodeId pe, int barrier) = 0;
  /// Fires Detector::on_timer(node, tag) after `delay` ticks.
  virtual void set_timer(NodeId node, int barrier, Tick delay, std::int64_t tag) = 0;
  /// Records that `node` holds `entries` units of detector state (for the peak metric).
  virtual void note_state(NodeId node, int barrier, std::int64_t entries) = 0;
  /// Enters the next instance of the non-blocking collective of `barrier` at PE `pe`: a
  /// barrier (MPI_Ibarrier) when `values` is empty, else a sum (MPI_Iallreduce, MPI_SUM).
  /// Every PE enters the instances in the same order with vectors of the same length; the
  /// k-th call of each PE belongs to instance k (k = 0, 1, ...). When all N PEs have entered
  /// instance k, every PE p gets Detector::on_collective(p, k, sums). `kind` is the
  /// detector's control kind charged for the collective's messages.
  virtual void start_collective(NodeId pe, int barrier, std::int16_t kind, std::vector<std::int64_t> values) = 0;
  /// Arity of the heap-ordered control/broadcast tree.
  virtual int tree_arity() const = 0;

  /// Parent of `pe` in the heap-ordered tree of arity tree_arity() (root 0: -1).
  NodeId tree_parent(NodeId pe) const;
  /// Number of children of `pe` in that tree.
  std::size_t tree_nchildren(NodeId pe) const;
  /// The child of `anc` on the tree path down to its descendant `desc`.
  NodeId tree_child_towards(NodeId anc, NodeId desc) const;
  /// Children of `pe` in that tree.
  std::vector<NodeId> tree_children(NodeId pe) const;
};

}  // namespace td
