// SPDX-License-Identifier: Apache-2.0
/// @file mpi_runtime.h
/// td::Runtime over real processes: one MPI rank per PE (rank 0 also hosts node N, the
/// controller of the algorithms that use one). The lab's detectors run unchanged; see
/// docs/mpi.md for the clock, the message layout, the end of a run and the event log.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include "rank_log.h"
#include "td/algorithms.h"
#include "td/pe_core.h"
#include "td/run.h"
#include "td/runtime.h"
#include "td/workload.h"

namespace td::mpi {

/// One real run.
struct MpiConfig {
  std::string algo = "credit";   ///< algorithm name (td::algorithm_names)
  AlgoOptions opts;              ///< its options
  std::string workload = "uts";  ///< workload spec NAME[:key=value,...]
  std::uint64_t seed = 1;        ///< seed of the initial tasks (common) and of each rank's draws
  int tree_arity = 2;            ///< control/broadcast tree arity
  double timeout_s = 120;        ///< the run aborts after this many seconds (MPI_Abort)
  std::int64_t spin_ns = 0;      ///< busy-wait added to every task (a task's real time is execute() + this)
  int idle_sleep_us = 20;        ///< an idle rank sleeps this long between empty polls
  std::string log_dir;           ///< per-rank JSON Lines logs ("" = none)
  /// Planted faults for the tests (hidden option): "exit" (rank 1 exits at once), "hang"
  /// (rank 1 sleeps forever), "early-declare" (rank 0 declares after its first task).
  std::string test_fault;
};

/// The MPI engine of one rank. Construct after MPI_Init on every rank, then run().
class MpiRuntime final : public Runtime {
 public:
  /// Builds the workload and detector instances (every rank the same); throws ConfigError on
  /// bad input (every rank throws the same).
  MpiRuntime(const MpiConfig& cfg, MPI_Comm world);
  ~MpiRuntime() override;
  MpiRuntime(const MpiRuntime&) = delete;
  MpiRuntime& operator=(const MpiRuntime&) = delete;

  /// Runs this rank's PE until every rank knows termination, drains the network and gathers
  /// the metrics: the result is complete on rank 0 only.
  RunResult run();
  /// This process's rank (= its PE).
  int rank() const { return rank_; }
  /// Rank 0, after run(): mean real time of a task (execute() and the spin), ns.
  double task_ns_mean() const { return task_ns_mean_; }

  // ---- Runtime services (runtime.h) ------------------------------------------------------
  Tick now() const override;
  int npes() const override { return size_; }
  bool fifo() const override { return true; }  // MPI: non-overtaking per (sender, receiver)
  /// A PE this process does not host counts as busy (one unit of work): the hooks every rank
  /// runs for all PEs at the start (e.g. on_start's "idle PEs report") then act for the
  /// hosted PE only, and the PE's own rank acts for it.
  bool busy(NodeId pe, int barrier) const override { return work(pe, barrier) > 0; }
  std::int64_t work(NodeId pe, int barrier) const override;
  void send_control(NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0 = 0, std::int64_t f1 = 0,
                    std::int64_t f2 = 0, std::vector<std::int64_t> v = {}, std::int64_t bits = 64) override;
  void internal_note(NodeId node, int barrier) override;
  void declare(NodeId node, int barrier) override;
  void fatal(NodeId node, int barrier, const std::string& reason) override;
  void mark(NodeId node, int barrier, const std::string& what) override;
  void request_notice(NodeId, int, NodeId) override {}  // no failures in real runs
  void drop_notice(NodeId, int, NodeId) override {}
  bool dead(NodeId) const override { return false; }
  void broadcast_termination(NodeId root, int barrier) override;
  void release_held(NodeId pe, Message* m) override;
  void drop_held(NodeId pe, Message* m) override;
  void kill_barrier_at(NodeId pe, int barrier) override;
  void set_timer(NodeId node, int barrier, Tick delay, std::int64_t tag) override;
  void note_state(NodeId node, int barrier, std::int64_t entries) override;
  void start_collective(NodeId pe, int barrier, std::int16_t kind, std::vector<std::int64_t> values) override;
  int tree_arity() const override { return cfg_.tree_arity; }

 private:
  enum Tag : int { kTagTd = 1, kTagRt = 2 };                // detector/primary traffic, runtime traffic
  enum RtType : std::int64_t { kRtStop = 1, kRtKnow = 2 };  // runtime messages: [type, barrier]
  struct Out {
    MPI_Request req;
    std::vector<std::int64_t> buf;
  };
  struct Timer {
    Tick due;
    std::uint64_t seq;
    NodeId node;
    int barrier;
    std::int64_t tag;
    bool operator>(const Timer& o) const { return due != o.due ? due > o.due : seq > o.seq; }
  };
  struct Coll {
    int barrier;
    std::int16_t kind;
    std::int64_t instance;
    std::vector<std::int64_t> send, recv;
    MPI_Request req;
  };

  int host_of(NodeId node) const { return node >= size_ ? 0 : node; }
  /// Whether this rank hosts `node`. Every rank runs on_boot, on_initial and on_start for the
  /// whole machine (their start state may depend on every PE); what such a hook does *for* a
  /// node of another rank (a send, a timer, a declaration, a collective) is that rank's to do,
  /// so it is skipped here.
  bool hosts(NodeId node) const { return host_of(node) == rank_; }
  void boot();
  bool loop_once();
  void run_task();
  bool poll(int max_msgs);
  void receive(const std::vector<std::int64_t>& buf, int src, int tag);
  void deliver(Message& m);
  void after_hook(int barrier);
  void learn(int barrier, const char* how);
  void enqueue(const Task& t);
  void go_idle_if(int barrier);
  void send_primary(Message& m);
  void post(int dst_rank, int tag, std::vector<std::int64_t>&& buf);
  void progress_sends();
  bool progress_collectives();
  bool fire_timers();
  void check_timeout();
  void drain();
  RunResult gather();
  Message& alloc_msg();
  void log_msg(const char* ev, const Message& m, NodeId peer, bool late = false);
  std::string kind_name(int b, int kind) const;

  MpiConfig cfg_;
  MPI_Comm comm_ = MPI_COMM_NULL;    // td and runtime messages (non-overtaking per pair and tag)
  MPI_Comm shut_ = MPI_COMM_NULL;    // the shutdown barrier
  std::vector<MPI_Comm> coll_comm_;  // per barrier: start_collective's instances
  int rank_ = 0, size_ = 1;
  bool one_host_ = true;
  std::int64_t t0_ = 0;  // CLOCK_MONOTONIC ns of the common start
  std::vector<std::unique_ptr<Workload>> workloads_;
  std::vector<std::unique_ptr<Detector>> dets_;
  std::vector<std::vector<std::string>> kind_names_;
  std::vector<BarrierMetrics> metrics_;
  std::vector<std::map<std::string, std::int64_t>> extra_;
  Rng rng_;
  std::deque<Task> queue_;
  std::vector<std::int64_t> count_;  // per barrier: queued + running + held units of this PE
  std::unordered_map<Message*, std::unique_ptr<Message>> held_;
  std::vector<std::unique_ptr<Message>> fresh_;  // messages of the completion in progress
  Completion comp_;
  std::deque<Message> local_q_;  // messages between nodes this rank hosts (PE r, node N on rank 0)
  std::vector<Out> outs_;
  std::vector<std::int64_t> sent_to_, recv_from_;  // MPI messages per peer rank (drain)
  std::priority_queue<Timer, std::vector<Timer>, std::greater<Timer>> timers_;
  std::uint64_t timer_seq_ = 0;
  std::deque<Coll> colls_;
  std::vector<std::int64_t> coll_next_;  // per barrier: next instance
  std::int64_t next_task_id_ = 0, next_msg_id_ = 0;
  // termination knowledge and the end of the run
  std::vector<bool> known_, declared_here_, bcast_here_, stop_sent_;
  std::vector<Tick> detected_at_;   // per barrier: this rank's declaration (-1: none)
  std::vector<Tick> last_idle_;     // per barrier: this PE's last busy -> idle transition
  std::vector<std::int64_t> late_;  // per barrier: primaries received after the stop, work left at it
  std::vector<bool> know_from_;     // rank 0: ranks that reported knowing termination
  std::vector<double> heard_;       // per rank: MPI_Wtime of the last message from it
  bool stopped_ = false;            // every barrier known: no more tasks
  bool shutdown_started_ = false, shutdown_done_ = false, draining_ = false;
  MPI_Request shut_req_ = MPI_REQUEST_NULL;
  std::int64_t tasks_run_ = 0, msgs_in_ = 0, busy_ns_ = 0;
  double task_ns_mean_ = 0;
  bool early_declared_ = false;
  double wall0_ = 0;
  RankLog log_;
  std::vector<std::int64_t> rxbuf_, txbuf_;
};

/// Measures the one-way latency between ranks 0 and 1 with `rounds` ping-pongs of one
/// int64 (after 100 warm-up rounds); returns the median one-way time in ns on rank 0.
double pingpong_ns(MPI_Comm comm, int rounds);

}  // namespace td::mpi
