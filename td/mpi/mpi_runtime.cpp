// SPDX-License-Identifier: Apache-2.0
// The MPI runtime (mpi_runtime.h, docs/mpi.md).
#include "mpi_runtime.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <thread>

#include "wire.h"

namespace td::mpi {

namespace {
// Ids of the tasks and messages a rank creates: rank-tagged so that they are unique in the
// run (the initial tasks, created by every rank alike, take 0..k-1).
constexpr int kIdShift = 40;

std::int64_t clock_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
}  // namespace

MpiRuntime::MpiRuntime(const MpiConfig& cfg, MPI_Comm world) : cfg_(cfg), rng_(cfg.seed) {
  MPI_Comm_rank(world, &rank_);
  MPI_Comm_size(world, &size_);
  if (cfg_.tree_arity < 1) throw ConfigError("--tree-arity: must be at least 1");
  if (cfg_.timeout_s <= 0) throw ConfigError("--timeout: must be positive (seconds)");
  const WorkloadSpec spec = parse_workload_spec(cfg_.workload);
  const int nb = workload_barriers(spec);
  for (int b = 0; b < nb; ++b) workloads_.push_back(make_workload(spec, size_, b, nb));
  const DetectorFactory f = make_detector_factory(cfg_.algo, cfg_.opts);
  metrics_.resize(static_cast<std::size_t>(nb));
  for (int b = 0; b < nb; ++b) dets_.push_back(f(*this, b));
  for (auto& d : dets_) {
    auto names = d->kind_names();
    names.resize(std::max<std::size_t>(names.size(), 2));
    names[0] = "primary";
    names[1] = "term";
    kind_names_.push_back(std::move(names));
  }
  for (std::size_t b = 0; b < metrics_.size(); ++b) {
    metrics_[b].by_kind.assign(kind_names_[b].size(), 0);
    metrics_[b].by_kind_recovery.assign(kind_names_[b].size(), 0);
  }
  const auto unb = static_cast<std::size_t>(nb);
  count_.assign(unb, 0);
  known_.assign(unb, false);
  declared_here_.assign(unb, false);
  bcast_here_.assign(unb, false);
  stop_sent_.assign(unb, false);
  detected_at_.assign(unb, -1);
  last_idle_.assign(unb, -1);
  late_.assign(unb, 0);
  coll_next_.assign(unb, 0);
  sent_to_.assign(static_cast<std::size_t>(size_), 0);
  recv_from_.assign(static_cast<std::size_t>(size_), 0);
  know_from_.assign(static_cast<std::size_t>(size_), false);
  MPI_Comm_dup(world, &comm_);
  MPI_Comm_dup(world, &shut_);
  coll_comm_.assign(unb, MPI_COMM_NULL);
  for (auto& c : coll_comm_) MPI_Comm_dup(world, &c);
  // A log that cannot be opened is bad input: every rank learns it (one failing rank must not
  // leave the others waiting in a collective) and fails with exit status 2.
  int ok = 1, all_ok = 1;
  std::string err;
  try {
    if (!cfg_.log_dir.empty()) log_.open(cfg_.log_dir, rank_);
  } catch (const std::exception& e) {
    ok = 0;
    err = e.what();
  }
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, world);
  if (!all_ok) throw ConfigError(ok ? "--log-dir: another rank could not open its log" : err);
}

MpiRuntime::~MpiRuntime() {
  for (auto& c : coll_comm_)
    if (c != MPI_COMM_NULL) MPI_Comm_free(&c);
  if (shut_ != MPI_COMM_NULL) MPI_Comm_free(&shut_);
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

Tick MpiRuntime::now() const { return clock_ns() - t0_; }

std::int64_t MpiRuntime::work(NodeId pe, int barrier) const {
  if (pe == rank_) return count_[static_cast<std::size_t>(barrier)];
  return pe >= size_ ? 0 : 1;  // node N holds no work; another rank's PE counts as busy
}

Message& MpiRuntime::alloc_msg() {
  fresh_.push_back(std::make_unique<Message>());
  Message& m = *fresh_.back();
  m.id = (static_cast<std::uint64_t>(rank_ + 1) << kIdShift) + static_cast<std::uint64_t>(next_msg_id_++);
  return m;
}

std::string MpiRuntime::kind_name(int b, int kind) const {
  const auto& n = kind_names_[static_cast<std::size_t>(b)];
  return kind >= 0 && static_cast<std::size_t>(kind) < n.size() ? n[static_cast<std::size_t>(kind)]
                                                                : std::to_string(kind);
}

void MpiRuntime::log_msg(const char* ev, const Message& m, NodeId peer, bool late) {
  if (!log_.on()) return;
  RankLog::Json j{{"t", now()},    {"ev", ev},
                  {"msg", m.id},   {"node", std::string(ev) == "send" ? m.src : m.dst},
                  {"peer", peer},  {"kind", kind_name(m.barrier, m.kind)},
                  {"b", m.barrier}};
  if (m.kind == kPrimary) j["task"] = m.task.id;
  if (late) j["late"] = true;
  log_.write(j);
}

// ---- the start --------------------------------------------------------------------------

void MpiRuntime::boot() {
  // One host: every rank reads the same CLOCK_MONOTONIC, so rank 0's reading after a barrier
  // is a common origin. Several hosts: each rank's own reading after the barrier (aligned to
  // the barrier's exit skew); the oracle then refuses the logs (docs/mpi.md).
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int len = 0;
  MPI_Get_processor_name(name, &len);
  std::vector<char> all(static_cast<std::size_t>(size_) * MPI_MAX_PROCESSOR_NAME);
  MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, comm_);
  for (int r = 1; r < size_; ++r)
    if (std::string(&all[static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME]) != std::string(all.data()))
      one_host_ = false;
  MPI_Barrier(comm_);
  t0_ = clock_ns();
  if (one_host_) MPI_Bcast(&t0_, 1, MPI_INT64_T, 0, comm_);
  wall0_ = MPI_Wtime();
  heard_.assign(static_cast<std::size_t>(size_), wall0_);

  // The initial tasks: every rank draws them from the common seed and shows every one to its
  // detectors (a detector's start state, e.g. a controller's ledger or the root's deficit,
  // may depend on all of them); each rank queues its own.
  Rng init(cfg_.seed);
  RankLog::Json initial = RankLog::Json::array();
  std::vector<std::vector<Spawn>> spawns(workloads_.size());
  for (std::size_t b = 0; b < workloads_.size(); ++b) {
    workloads_[b]->initial(init, spawns[b]);
    for (Spawn& s : spawns[b]) {
      if (s.pe < 0 || s.pe >= size_) throw std::logic_error("initial task on a PE out of range");
      s.task.barrier = static_cast<std::int32_t>(b);
      if (s.task.level == 0) s.task.level = 1;
      s.task.id = next_task_id_++;
      initial.push_back(RankLog::Json{{"task", s.task.id}, {"pe", s.pe}, {"b", b}});
    }
  }
  log_.write(RankLog::Json{{"t", now()},
                           {"ev", "header"},
                           {"rank", rank_},
                           {"nranks", size_},
                           {"host", std::string(name)},
                           {"one_host", one_host_},
                           {"clock", "CLOCK_MONOTONIC ns since rank 0's start"},
                           {"algo", cfg_.algo},
                           {"workload", cfg_.workload},
                           {"seed", cfg_.seed},
                           {"barriers", workloads_.size()},
                           {"initial", std::move(initial)}});
  for (auto& d : dets_) d->on_boot();
  for (std::size_t b = 0; b < workloads_.size(); ++b)
    for (Spawn& s : spawns[b]) {
      dets_[b]->on_initial(s.pe, s.task);
      if (s.pe == rank_) enqueue(s.task);
    }
  next_task_id_ = static_cast<std::int64_t>(rank_ + 1) << kIdShift;
  // This rank's own draws (random mapping, ring steps): a stream per rank.
  rng_.seed(cfg_.seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(rank_ + 1)));
  for (std::size_t b = 0; b < dets_.size(); ++b) {
    dets_[b]->on_start();
    after_hook(static_cast<int>(b));
  }
}

// ---- tasks --------------------------------------------------------------------------------

void MpiRuntime::enqueue(const Task& t) {
  ++count_[static_cast<std::size_t>(t.barrier)];
  queue_.push_back(t);
}

void MpiRuntime::go_idle_if(int b) {
  if (count_[static_cast<std::size_t>(b)] != 0) return;
  ++metrics_[static_cast<std::size_t>(b)].idle_events;
  last_idle_[static_cast<std::size_t>(b)] = now();
  dets_[static_cast<std::size_t>(b)]->on_idle(rank_);
}

// One task: its real time is the workload's execute() (plus the configured spin); then the
// completion phases of pe_core.h, in the simulator's order: local children queued, the batch
// offered to the detector and sent, the task consumed.
void MpiRuntime::run_task() {
  Task t = queue_.front();
  queue_.pop_front();
  const auto b = static_cast<std::size_t>(t.barrier);
  const std::int64_t began = clock_ns();
  if (log_.on()) log_.write(RankLog::Json{{"t", began - t0_}, {"ev", "task_start"}, {"task", t.id}, {"b", t.barrier}});
  if (cfg_.spin_ns > 0) {
    const std::int64_t until = clock_ns() + cfg_.spin_ns;
    while (clock_ns() < until) {
    }
  }
  ++metrics_[b].tasks;
  ++tasks_run_;
  fresh_.clear();
  produce_children(*workloads_[b], *dets_[b], rank_, size_, t, rng_, next_task_id_, comp_, metrics_[b].local_spawns,
                   [this]() -> Message& { return alloc_msg(); });
  busy_ns_ += clock_ns() - began;
  if (log_.on()) {
    RankLog::Json locals = RankLog::Json::array();
    for (const Task& c : comp_.locals) locals.push_back(c.id);
    log_.write(RankLog::Json{{"t", now()}, {"ev", "task_end"}, {"task", t.id}, {"b", t.barrier}, {"local", locals}});
  }
  for (const Task& c : comp_.locals) enqueue(c);
  offer_batch(*dets_[b], rank_, count_[b], comp_);
  for (std::size_t i = 0; i < comp_.batch.size(); ++i) {
    Message* m = comp_.batch[i];
    if (comp_.hold[i]) {  // the detector owns it: work of this PE until released
      ++count_[b];
      for (auto& p : fresh_)
        if (p.get() == m) held_.emplace(m, std::move(p));
    } else {
      send_primary(*m);
    }
  }
  fresh_.clear();
  dets_[b]->on_consume(rank_, t);
  --count_[b];
  go_idle_if(t.barrier);
  after_hook(t.barrier);
  if (cfg_.test_fault == "early-declare" && rank_ == 0 && !early_declared_) {
    early_declared_ = true;  // planted bug: declares without the detector
    for (std::size_t k = 0; k < dets_.size(); ++k) {
      declare(0, static_cast<int>(k));
      after_hook(static_cast<int>(k));
    }
  }
}

void MpiRuntime::send_primary(Message& m) {
  const auto b = static_cast<std::size_t>(m.barrier);
  ++metrics_[b].primary_msgs;
  log_msg("send", m, m.dst);
  pack(m, workloads_[b].get(), txbuf_);
  post(m.dst, kTagTd, std::move(txbuf_));
  txbuf_ = {};
}

void MpiRuntime::release_held(NodeId, Message* m) {
  auto it = held_.find(m);
  if (it == held_.end()) throw std::logic_error("release_held: not a held message");
  const int b = m->barrier;
  send_primary(*m);
  held_.erase(it);
  --count_[static_cast<std::size_t>(b)];
  go_idle_if(b);
}

void MpiRuntime::drop_held(NodeId, Message* m) {
  auto it = held_.find(m);
  if (it == held_.end()) throw std::logic_error("drop_held: not a held message");
  const int b = m->barrier;
  held_.erase(it);
  --count_[static_cast<std::size_t>(b)];
}

void MpiRuntime::kill_barrier_at(NodeId, int b) {
  // Tasks run to completion inside one loop step, so only queued ones can be aborted.
  std::deque<Task> keep;
  for (Task& t : queue_) {
    if (t.barrier == b)
      --count_[static_cast<std::size_t>(b)];
    else
      keep.push_back(t);
  }
  queue_.swap(keep);
}

// ---- messages -----------------------------------------------------------------------------

void MpiRuntime::post(int dst_rank, int tag, std::vector<std::int64_t>&& buf) {
  if (draining_) throw std::logic_error("tdmpi: a message was sent after the run's end");
  outs_.push_back(Out{MPI_REQUEST_NULL, std::move(buf)});
  Out& o = outs_.back();
  MPI_Isend(o.buf.data(), static_cast<int>(o.buf.size()), MPI_INT64_T, dst_rank, tag, comm_, &o.req);
  ++sent_to_[static_cast<std::size_t>(dst_rank)];
}

void MpiRuntime::progress_sends() {
  for (std::size_t i = 0; i < outs_.size();) {
    int done = 0;
    MPI_Test(&outs_[i].req, &done, MPI_STATUS_IGNORE);
    if (done) {
      outs_[i] = std::move(outs_.back());
      outs_.pop_back();
    } else {
      ++i;
    }
  }
}

void MpiRuntime::send_control(NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0, std::int64_t f1,
                              std::int64_t f2, std::vector<std::int64_t> v, std::int64_t bits) {
  if (!hosts(src)) return;  // a replicated start hook acting for another rank's node: that rank sends it
  Message m;
  m.id = (static_cast<std::uint64_t>(rank_ + 1) << kIdShift) + static_cast<std::uint64_t>(next_msg_id_++);
  fill_control(m, src, dst, barrier, kind, f0, f1, f2, std::move(v), bits, metrics_[static_cast<std::size_t>(barrier)],
               false);
  log_msg("send", m, dst);
  if (host_of(dst) == rank_) {  // to oneself, or between PE 0 and node N on rank 0
    local_q_.push_back(std::move(m));
    return;
  }
  pack(m, nullptr, txbuf_);
  post(host_of(dst), kTagTd, std::move(txbuf_));
  txbuf_ = {};
}

bool MpiRuntime::poll(int max_msgs) {
  bool any = false;
  for (int k = 0; k < max_msgs; ++k) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, &st);
    if (!flag) break;
    int n = 0;
    MPI_Get_count(&st, MPI_INT64_T, &n);
    rxbuf_.resize(static_cast<std::size_t>(n));
    MPI_Recv(rxbuf_.data(), n, MPI_INT64_T, st.MPI_SOURCE, st.MPI_TAG, comm_, MPI_STATUS_IGNORE);
    ++recv_from_[static_cast<std::size_t>(st.MPI_SOURCE)];
    heard_[static_cast<std::size_t>(st.MPI_SOURCE)] = MPI_Wtime();
    receive(rxbuf_, st.MPI_SOURCE, st.MPI_TAG);
    any = true;
  }
  while (!local_q_.empty()) {  // delivered in the loop, not inside the hook that sent them
    Message m = std::move(local_q_.front());
    local_q_.pop_front();
    log_msg("recv", m, m.src, draining_);
    if (!draining_) deliver(m);  // after the end no hook runs (it could send)
    any = true;
  }
  return any;
}

void MpiRuntime::receive(const std::vector<std::int64_t>& buf, int src, int tag) {
  if (tag == kTagRt) {
    if (buf.size() != 2) throw std::runtime_error("tdmpi: malformed runtime message");
    const int b = static_cast<int>(buf[1]);
    if (buf[0] == kRtStop) {
      if (log_.on()) log_.write(RankLog::Json{{"t", now()}, {"ev", "stop_msg"}, {"from", src}, {"b", b}});
      if (!draining_) learn(b, "stop message");
    } else if (buf[0] == kRtKnow) {
      know_from_[static_cast<std::size_t>(src)] = true;
    }
    return;
  }
  Message m;
  const std::int32_t b = packed_barrier(buf.data(), buf.size());
  if (b < 0 || static_cast<std::size_t>(b) >= workloads_.size()) throw std::runtime_error("tdmpi: bad barrier");
  // A late primary (after the stop) keeps its workload data out of this rank's workload.
  unpack(buf.data(), buf.size(), stopped_ ? nullptr : workloads_[static_cast<std::size_t>(b)].get(), m);
  ++msgs_in_;
  if (draining_) {
    log_msg("recv", m, m.src, true);
    if (m.kind == kPrimary) ++late_[static_cast<std::size_t>(b)];
    return;
  }
  log_msg("recv", m, m.src);
  deliver(m);
}

void MpiRuntime::deliver(Message& m) {
  const int b = m.barrier;
  const auto ub = static_cast<std::size_t>(b);
  if (m.kind == kPrimary) {
    if (stopped_) {  // termination was declared with this task still to come: a false detection
      ++late_[ub];
      return;
    }
    const bool was_idle = count_[ub] == 0;
    enqueue(m.task);
    dets_[ub]->on_receive(m.dst, m, was_idle);
  } else if (m.kind == kTermBroadcast) {
    learn(b, "termination broadcast");
    for (NodeId c : tree_children(m.dst)) send_control(m.dst, c, b, kTermBroadcast);
  } else {
    dets_[ub]->on_control(m.dst, m);
  }
  after_hook(b);
}

// A detector that declares without a termination broadcast (credit, tiered, ds, ...) ends
// the run in the simulator by itself; here the other ranks must be told: the runtime sends
// them one STOP each (runtime traffic, not charged to the detector).
void MpiRuntime::after_hook(int b) {
  const auto ub = static_cast<std::size_t>(b);
  if (!declared_here_[ub] || bcast_here_[ub] || stop_sent_[ub] || draining_) return;
  stop_sent_[ub] = true;
  for (int r = 0; r < size_; ++r)
    if (r != rank_) post(r, kTagRt, {kRtStop, b});
}

void MpiRuntime::learn(int b, const char* how) {
  const auto ub = static_cast<std::size_t>(b);
  if (known_[ub]) return;
  known_[ub] = true;
  if (log_.on()) log_.write(RankLog::Json{{"t", now()}, {"ev", "know"}, {"b", b}, {"how", how}});
  if (!std::all_of(known_.begin(), known_.end(), [](bool k) { return k; })) return;
  stopped_ = true;  // no task runs after this
  if (log_.on()) log_.write(RankLog::Json{{"t", now()}, {"ev", "stop"}, {"queued", queue_.size()}});
  if (rank_ != 0) post(0, kTagRt, {kRtKnow, b});
  know_from_[static_cast<std::size_t>(rank_)] = true;
}

void MpiRuntime::declare(NodeId node, int barrier) {
  const auto ub = static_cast<std::size_t>(barrier);
  if (!hosts(node) || detected_at_[ub] >= 0) return;
  detected_at_[ub] = now();
  declared_here_[ub] = true;
  if (log_.on()) log_.write(RankLog::Json{{"t", detected_at_[ub]}, {"ev", "declare"}, {"node", node}, {"b", barrier}});
  learn(barrier, "declare");
}

void MpiRuntime::broadcast_termination(NodeId root, int barrier) {
  if (!hosts(root)) return;
  bcast_here_[static_cast<std::size_t>(barrier)] = true;
  if (root != 0) {
    send_control(root, 0, barrier, kTermBroadcast);
    return;
  }
  for (NodeId c : tree_children(0)) send_control(0, c, barrier, kTermBroadcast);
}

void MpiRuntime::fatal(NodeId node, int barrier, const std::string& reason) {
  BarrierMetrics& bm = metrics_[static_cast<std::size_t>(barrier)];
  if (bm.fatal) return;
  bm.fatal = true;
  bm.fatal_reason = reason;
  bm.fatal_at = now();
  std::fprintf(stderr, "tdmpi: rank %d: FATAL at node %d: %s\n", rank_, node, reason.c_str());
  if (log_.on()) log_.write(RankLog::Json{{"t", now()}, {"ev", "fatal"}, {"node", node}, {"reason", reason}});
  for (std::size_t b = 0; b < known_.size(); ++b) learn(static_cast<int>(b), "fatal");
}

void MpiRuntime::mark(NodeId node, int barrier, const std::string& what) {
  if (log_.on())
    log_.write(RankLog::Json{{"t", now()}, {"ev", "mark"}, {"node", node}, {"b", barrier}, {"what", what}});
}

void MpiRuntime::internal_note(NodeId node, int barrier) {
  if (hosts(node)) ++metrics_[static_cast<std::size_t>(barrier)].internal;
}

void MpiRuntime::note_state(NodeId, int barrier, std::int64_t entries) {
  auto& p = metrics_[static_cast<std::size_t>(barrier)].peak_state;
  p = std::max(p, entries);
}

void MpiRuntime::set_timer(NodeId node, int barrier, Tick delay, std::int64_t tag) {
  if (!hosts(node)) return;
  timers_.push(Timer{now() + delay, timer_seq_++, node, barrier, tag});
}

bool MpiRuntime::fire_timers() {
  bool any = false;
  while (!timers_.empty() && timers_.top().due <= now()) {
    const Timer t = timers_.top();
    timers_.pop();
    dets_[static_cast<std::size_t>(t.barrier)]->on_timer(t.node, t.tag);
    after_hook(t.barrier);
    any = true;
  }
  return any;
}

// ---- non-blocking collectives ---------------------------------------------------------------

void MpiRuntime::start_collective(NodeId pe, int barrier, std::int16_t kind, std::vector<std::int64_t> values) {
  if (!hosts(pe)) return;
  colls_.push_back(
      Coll{barrier, kind, coll_next_[static_cast<std::size_t>(barrier)]++, std::move(values), {}, MPI_REQUEST_NULL});
  Coll& c = colls_.back();
  MPI_Comm comm = coll_comm_[static_cast<std::size_t>(barrier)];
  if (c.send.empty()) {
    MPI_Ibarrier(comm, &c.req);
  } else {
    c.recv.assign(c.send.size(), 0);
    MPI_Iallreduce(c.send.data(), c.recv.data(), static_cast<int>(c.send.size()), MPI_INT64_T, MPI_SUM, comm, &c.req);
  }
}

// Instances complete in the order they were entered (one communicator per barrier, so MPI
// matches them in that order too). The messages are charged as the simulator charges them:
// 2 (N - 1) of the detector's kind per instance, 64 bits per value (at least 64), on rank 0.
bool MpiRuntime::progress_collectives() {
  bool any = false;
  while (!colls_.empty()) {
    int done = 0;
    MPI_Test(&colls_.front().req, &done, MPI_STATUS_IGNORE);
    if (!done) break;
    Coll c = std::move(colls_.front());
    colls_.pop_front();
    if (rank_ == 0 && size_ > 1) {
      BarrierMetrics& bm = metrics_[static_cast<std::size_t>(c.barrier)];
      const std::int64_t n = 2 * (static_cast<std::int64_t>(size_) - 1);
      bm.ctrl_external += n;
      bm.ctrl_bits += n * 64 * std::max<std::int64_t>(1, static_cast<std::int64_t>(c.send.size()));
      if (static_cast<std::size_t>(c.kind) < bm.by_kind.size()) bm.by_kind[static_cast<std::size_t>(c.kind)] += n;
    }
    if (log_.on())
      log_.write(RankLog::Json{{"t", now()}, {"ev", "collective"}, {"b", c.barrier}, {"instance", c.instance}});
    if (!draining_) {
      dets_[static_cast<std::size_t>(c.barrier)]->on_collective(rank_, c.instance, c.recv);
      after_hook(c.barrier);
    }
    any = true;
  }
  return any;
}

// ---- the loop and the end of the run ---------------------------------------------------------

void MpiRuntime::check_timeout() {
  const double el = MPI_Wtime() - wall0_;
  if (rank_ == 0 && el > cfg_.timeout_s) {
    std::string missing;
    for (int r = 0; r < size_; ++r)
      if (!know_from_[static_cast<std::size_t>(r)]) missing += (missing.empty() ? "" : ", ") + std::to_string(r);
    if (missing.empty()) missing = "none (all knew termination; the end-of-run exchange did not complete)";
    std::string silent;  // who went quiet: a hung or dead rank sends nothing
    for (int r = 1; r < size_; ++r)
      silent += "; rank " + std::to_string(r) + " last heard from " +
                std::to_string(MPI_Wtime() - heard_[static_cast<std::size_t>(r)]).substr(0, 5) + " s ago";
    std::fprintf(stderr,
                 "tdmpi: error: --timeout %g s passed; ranks that had not finished (not learned termination): %s%s; "
                 "aborting the run\n",
                 cfg_.timeout_s, missing.c_str(), silent.c_str());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  if (rank_ != 0 && el > cfg_.timeout_s + 5) {  // rank 0 itself is stuck: abort from here
    std::fprintf(stderr, "tdmpi: error: rank %d: --timeout %g s passed and rank 0 did not end the run (%s); aborting\n",
                 rank_, cfg_.timeout_s, stopped_ ? "this rank had finished" : "this rank had not finished");
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
}

bool MpiRuntime::loop_once() {
  bool any = poll(64);
  any = progress_collectives() || any;
  any = fire_timers() || any;
  if (!stopped_ && !queue_.empty()) {
    run_task();
    any = true;
  }
  progress_sends();
  if (stopped_ && !shutdown_started_) {
    shutdown_started_ = true;
    MPI_Ibarrier(shut_, &shut_req_);
  }
  if (shutdown_started_) {
    int done = 0;
    MPI_Test(&shut_req_, &done, MPI_STATUS_IGNORE);
    if (done) shutdown_done_ = true;
  }
  return any;
}

// After the shutdown barrier every rank has stopped sending: the counts of messages sent to
// each rank say how many are still to come; they are received (and logged as late) so that
// nothing is left in the network at MPI_Finalize.
void MpiRuntime::drain() {
  draining_ = true;
  std::vector<std::int64_t> expect(static_cast<std::size_t>(size_), 0);
  MPI_Alltoall(sent_to_.data(), 1, MPI_INT64_T, expect.data(), 1, MPI_INT64_T, comm_);
  for (;;) {
    bool left = false;
    for (int r = 0; r < size_; ++r)
      left = left || recv_from_[static_cast<std::size_t>(r)] < expect[static_cast<std::size_t>(r)];
    if (!left) break;
    if (!poll(64)) std::this_thread::sleep_for(std::chrono::microseconds(cfg_.idle_sleep_us));
    check_timeout();
  }
  while (!colls_.empty()) {  // a collective still open at the end: every rank entered it
    progress_collectives();
    progress_sends();
    check_timeout();
  }
  while (!outs_.empty()) {
    progress_sends();
    check_timeout();
  }
  if (log_.on()) log_.write(RankLog::Json{{"t", now()}, {"ev", "end"}});
}

RunResult MpiRuntime::run() {
  boot();
  if (cfg_.test_fault == "exit" && rank_ == 1) {
    std::fprintf(stderr, "tdmpi: rank 1: --test-fault exit: exiting with status 7 without MPI_Finalize\n");
    std::fflush(stderr);
    std::_Exit(7);
  }
  if (cfg_.test_fault == "hang" && rank_ == 1)
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  int empty = 0;
  while (!shutdown_done_) {
    if (loop_once()) {
      empty = 0;
    } else if (++empty > 16) {  // nothing to do: let the other ranks have the core
      std::this_thread::sleep_for(std::chrono::microseconds(cfg_.idle_sleep_us));
    }
    check_timeout();
  }
  drain();
  return gather();
}

RunResult MpiRuntime::gather() {
  using Json = nlohmann::ordered_json;
  Json mine = Json::array();
  for (std::size_t b = 0; b < metrics_.size(); ++b) {
    const BarrierMetrics& m = metrics_[b];
    Json extra = Json::object();
    for (const auto& [k, v] : dets_[b]->extra()) extra[k] = v;
    mine.push_back(Json{{"tasks", m.tasks},
                        {"idle_events", m.idle_events},
                        {"primary_msgs", m.primary_msgs},
                        {"local_spawns", m.local_spawns},
                        {"ctrl_external", m.ctrl_external},
                        {"internal", m.internal},
                        {"ctrl_bits", m.ctrl_bits},
                        {"peak_state", m.peak_state},
                        {"by_kind", m.by_kind},
                        {"detected_at", detected_at_[b]},
                        {"last_idle", last_idle_[b]},
                        {"late", late_[b] + count_[b]},
                        {"fatal", m.fatal},
                        {"fatal_reason", m.fatal_reason},
                        {"extra", extra},
                        {"events", tasks_run_ + msgs_in_}});
  }
  const std::string s = mine.dump();
  int len = static_cast<int>(s.size());
  std::vector<int> lens(static_cast<std::size_t>(size_)), displs(static_cast<std::size_t>(size_));
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, comm_);
  std::int64_t sums[2] = {busy_ns_, tasks_run_}, tot[2] = {0, 0};
  MPI_Reduce(sums, tot, 2, MPI_INT64_T, MPI_SUM, 0, comm_);
  task_ns_mean_ = tot[1] > 0 ? static_cast<double>(tot[0]) / static_cast<double>(tot[1]) : 0;
  std::vector<char> all;
  if (rank_ == 0) {
    int off = 0;
    for (int r = 0; r < size_; ++r) {
      displs[static_cast<std::size_t>(r)] = off;
      off += lens[static_cast<std::size_t>(r)];
    }
    all.resize(static_cast<std::size_t>(off));
  }
  MPI_Gatherv(s.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(), MPI_CHAR, 0, comm_);
  RunResult r;
  r.fifo = true;
  r.wall_seconds = MPI_Wtime() - wall0_;
  if (rank_ != 0) return r;
  r.kind_names = dets_[0]->kind_names();
  for (std::size_t b = 0; b < metrics_.size(); ++b) {
    BarrierMetrics bm;
    bm.by_kind.assign(kind_names_[b].size(), 0);
    bm.by_kind_recovery.assign(kind_names_[b].size(), 0);
    std::map<std::string, std::int64_t> extra;
    std::int64_t late = 0;
    for (int q = 0; q < size_; ++q) {
      const Json j = Json::parse(all.begin() + displs[static_cast<std::size_t>(q)],
                                 all.begin() + displs[static_cast<std::size_t>(q)] + lens[static_cast<std::size_t>(q)]);
      const Json& x = j.at(b);
      bm.tasks += x["tasks"].get<std::int64_t>();
      bm.idle_events += x["idle_events"].get<std::int64_t>();
      bm.primary_msgs += x["primary_msgs"].get<std::int64_t>();
      bm.local_spawns += x["local_spawns"].get<std::int64_t>();
      bm.ctrl_external += x["ctrl_external"].get<std::int64_t>();
      bm.internal += x["internal"].get<std::int64_t>();
      bm.ctrl_bits += x["ctrl_bits"].get<std::int64_t>();
      bm.peak_state = std::max(bm.peak_state, x["peak_state"].get<std::int64_t>());
      const auto bk = x["by_kind"].get<std::vector<std::int64_t>>();
      for (std::size_t k = 0; k < bk.size() && k < bm.by_kind.size(); ++k) bm.by_kind[k] += bk[k];
      const Tick d = x["detected_at"].get<Tick>();
      if (d >= 0 && (!bm.detected || d < bm.detected_at)) {
        bm.detected = true;
        bm.detected_at = d;
      }
      bm.true_termination = std::max(bm.true_termination, x["last_idle"].get<Tick>());
      late += x["late"].get<std::int64_t>();
      if (x["fatal"].get<bool>() && !bm.fatal) {
        bm.fatal = true;
        bm.fatal_reason = x["fatal_reason"].get<std::string>();
      }
      // Counters add up over the ranks; a maximum ("max_...", "peak_...") is a maximum.
      for (const auto& [k, v] : x["extra"].items()) {
        const std::int64_t val = v.get<std::int64_t>();
        const bool is_max = k.rfind("max", 0) == 0 || k.rfind("peak", 0) == 0;
        auto it = extra.find(k);
        if (it == extra.end())
          extra[k] = val;
        else
          it->second = is_max ? std::max(it->second, val) : it->second + val;
      }
      if (b == 0) r.events += x["events"].get<std::uint64_t>();
    }
    // One host clock: a declaration before the last task ended, or work left when a rank
    // stopped, is a premature detection (the offline oracle checks the logs in detail).
    bm.false_detection = bm.detected && (bm.detected_at < bm.true_termination || late > 0);
    bm.missed = !bm.detected && !bm.fatal;
    bm.ctrl_bits = dets_[b]->control_bits(bm, size_);
    r.barriers.push_back(bm);
    r.extra.push_back(extra);
  }
  return r;
}

double pingpong_ns(MPI_Comm comm, int rounds) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::int64_t x = 0;
  std::vector<double> rtt;
  for (int i = -100; i < rounds; ++i) {
    const double t0 = MPI_Wtime();
    if (rank == 0) {
      MPI_Send(&x, 1, MPI_INT64_T, 1, 9, comm);
      MPI_Recv(&x, 1, MPI_INT64_T, 1, 9, comm, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(&x, 1, MPI_INT64_T, 0, 9, comm, MPI_STATUS_IGNORE);
      MPI_Send(&x, 1, MPI_INT64_T, 0, 9, comm);
    }
    if (i >= 0) rtt.push_back(MPI_Wtime() - t0);
  }
  if (rank != 0 || rtt.empty()) return 0;
  std::sort(rtt.begin(), rtt.end());
  return rtt[rtt.size() / 2] / 2 * 1e9;
}

}  // namespace td::mpi
