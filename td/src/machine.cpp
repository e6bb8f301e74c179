// SPDX-License-Identifier: Apache-2.0
// The discrete-event machine of the TD lab (see docs/td.md, "Kernel").
#include "td/machine.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "kv_reader.h"

namespace td {

Tick DelayModel::draw(Rng& rng) const {
  if (exp) {
    std::exponential_distribution<double> d(1.0 / static_cast<double>(std::max<Tick>(lo, 1)));
    return static_cast<Tick>(d(rng));
  }
  if (lo == hi) return lo;
  std::uniform_int_distribution<Tick> d(lo, hi);
  return d(rng);
}

namespace {
using Json = nlohmann::ordered_json;  // keys in insertion order: the log reads t, ev, pe first

/// One JSON Lines record.
void write_line(std::FILE* f, const Json& j) {
  const std::string s = j.dump();
  std::fwrite(s.data(), 1, s.size(), f);
  std::fputc('\n', f);
}

Tick parse_tick(const std::string& s, const std::string& option) {
  Tick v = 0;
  if (!detail::parse_decimal(s, v) || v < 0)
    throw ConfigError(option + ": '" + s + "' is not a non-negative decimal tick count");
  return v;
}
}  // namespace

DelayModel DelayModel::parse(const std::string& text, const std::string& option) {
  DelayModel d;
  if (text.rfind("uniform:", 0) == 0) {
    auto rest = text.substr(8);
    auto c = rest.find(':');
    if (c == std::string::npos) throw ConfigError(option + ": expected uniform:LO:HI, got '" + text + "'");
    d.lo = parse_tick(rest.substr(0, c), option);
    d.hi = parse_tick(rest.substr(c + 1), option);
    if (d.hi < d.lo) throw ConfigError(option + ": uniform:LO:HI needs LO <= HI");
  } else if (text.rfind("exp:", 0) == 0) {
    d.lo = d.hi = parse_tick(text.substr(4), option);
    d.exp = true;
  } else {
    d.lo = d.hi = parse_tick(text, option);
  }
  return d;
}

Machine::Machine(const MachineConfig& cfg, std::vector<std::unique_ptr<Workload>> workloads,
                 const DetectorFactory& make_detector)
    : cfg_(cfg), rng_(cfg.seed), workloads_(std::move(workloads)) {
  if (cfg_.npes < 1) throw ConfigError("--pes: must be at least 1");
  if (cfg_.tree_arity < 1) throw ConfigError("--tree-arity: must be at least 1");
  const std::size_t nb = workloads_.size();
  metrics_.resize(nb);
  live_.assign(nb, 0);
  inflight_.assign(nb, 0);
  inflight_ctrl_.assign(nb, 0);
  pes_.resize(static_cast<std::size_t>(cfg_.npes) + 1);
  count_.assign(pes_.size() * nb, 0);
  for (std::size_t b = 0; b < nb; ++b) dets_.push_back(make_detector(*this, static_cast<int>(b)));
  for (std::size_t b = 0; b < nb; ++b) {
    auto names = dets_[b]->kind_names();
    names.resize(std::max<std::size_t>(names.size(), 2));
    names[0] = "primary";
    names[1] = "term";
    metrics_[b].by_kind.assign(names.size(), 0);
    kind_names_.push_back(std::move(names));
  }
  fifo_ = cfg_.fifo < 0 ? dets_[0]->wants_fifo() : cfg_.fifo != 0;
  for (auto& bm : metrics_) bm.by_kind_recovery.assign(bm.by_kind.size(), 0);
  dead_.assign(pes_.size(), 0);
  flushed_.assign(pes_.size(), 0);
  last_arrival_from_.assign(pes_.size(), 0);
  inflight_to_.assign(pes_.size() * nb, 0);
  subs_.resize(nb);
  coll_next_.assign(pes_.size() * nb, 0);
  coll_.resize(nb);
  coll_last_done_.assign(nb, 0);
  steal_wait_.assign(pes_.size() * nb, 0);
  steal_refusals_.assign(pes_.size() * nb, 0);
  executed_.assign(pes_.size(), 0);
  check_faults();
}

void Machine::check_faults() {
  if (cfg_.faults.empty()) return;
  faulty_ = true;
  for (auto& d : dets_)
    if (!d->fault_tolerant())
      throw ConfigError(
          "--fault/--faults: this algorithm has no fault-tolerance mode (use --algo ds --opt "
          "ft=indep|rellazy|releager)");
  if (cfg_.notify_delay < 1) throw ConfigError("notify_delay: must be at least 1 tick");
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(cfg_.npes), 0);
  for (auto [pe, t] : cfg_.faults) {
    if (pe == 0)
      throw ConfigError("--fault: PE 0 is the root; root failure is outside the paper's model (legal PEs: 1.." +
                        std::to_string(cfg_.npes - 1) + ")");
    if (pe < 0 || pe >= cfg_.npes)
      throw ConfigError("--fault: PE " + std::to_string(pe) + " does not exist (legal PEs: 1.." +
                        std::to_string(cfg_.npes - 1) + ")");
    if (t <= cfg_.start)
      throw ConfigError("--fault: tick " + std::to_string(t) + " is not after the start of the computation (legal: " +
                        std::to_string(cfg_.start + 1) + ".." + std::to_string(Tick{1} << 60) + ")");
    if (t > (Tick{1} << 60)) throw ConfigError("--fault: tick " + std::to_string(t) + " is beyond 2^60");
    if (seen[static_cast<std::size_t>(pe)]++)
      throw ConfigError("--fault: PE " + std::to_string(pe) + " given twice (a failed PE stays failed)");
  }
}

Machine::~Machine() = default;

void Machine::schedule(Tick t, std::uint8_t prio, EvType type, NodeId node, int barrier, std::int64_t arg) {
  assert(t >= now_);
  q_.push(Event{t, prio, seq_++, type, node, barrier, arg});
}

std::uint32_t Machine::alloc_msg() {
  std::uint32_t i;
  if (!free_msgs_.empty()) {
    i = free_msgs_.back();
    free_msgs_.pop_back();
    Message& m = msgs_[i];
    m.v.clear();
    m.f[0] = m.f[1] = m.f[2] = 0;
    m.pb[0] = m.pb[1] = 0;
    m.task = Task{};
  } else {
    i = static_cast<std::uint32_t>(msgs_.size());
    msgs_.emplace_back();
  }
  msgs_[i].slot = i;
  msgs_[i].id = next_msg_id_++;
  return i;
}

void Machine::free_msg(std::uint32_t i) { free_msgs_.push_back(i); }

const std::string& Machine::kind_name(int b, int kind) const {
  static const std::string steal_request = "steal_request", steal_refusal = "steal_refusal";
  if (kind == kStealRequest) return steal_request;
  if (kind == kStealRefusal) return steal_refusal;
  const auto& n = kind_names_[static_cast<std::size_t>(b)];
  return kind >= 0 && static_cast<std::size_t>(kind) < n.size() ? n[static_cast<std::size_t>(kind)] : unknown_kind_;
}

void Machine::log_msg(const char* ev, NodeId pe, NodeId peer, const Message& m) {
  if (!evlog_) return;
  write_line(evlog_, Json{{"t", now_},
                          {"ev", ev},
                          {"pe", pe},
                          {"peer", peer},
                          {"msg", m.id},
                          {"kind", kind_name(m.barrier, m.kind)},
                          {"b", m.barrier}});
}

void Machine::log_pe(const char* ev, NodeId pe, int barrier) {
  if (evlog_) write_line(evlog_, Json{{"t", now_}, {"ev", ev}, {"pe", pe}, {"b", barrier}});
}

void Machine::transmit(std::uint32_t mi) {
  Message& m = msgs_[mi];
  if (faulty_ && m.src != m.dst &&
      (m.kind == kPrimary || dets_[static_cast<std::size_t>(m.barrier)]->edge_kind(m.kind)))
    edges_.emplace(std::make_pair(m.src, m.dst), now_);
  Tick arrival = now_;
  if (m.src != m.dst) {
    Pe& s = pes_[static_cast<std::size_t>(m.src)];
    Tick depart = std::max(now_, s.nic_free) + cfg_.send_cost;
    s.nic_free = depart;
    arrival = depart + cfg_.latency.draw(rng_);
    if (fifo_) {
      const std::uint64_t key = static_cast<std::uint64_t>(m.src) * pes_.size() + static_cast<std::uint64_t>(m.dst);
      auto& last = fifo_last_[key];
      arrival = std::max(arrival, last);
      last = arrival;
    }
  }
  Tick& last = last_arrival_from_[static_cast<std::size_t>(m.src)];
  last = std::max(last, arrival);
  log_msg("send", m.src, m.dst, m);
  if (m.kind >= kFirstControl) ++inflight_ctrl_[static_cast<std::size_t>(m.barrier)];
  schedule(arrival, kPrioDeliver, kDeliver, m.dst, m.barrier, mi);
}

void Machine::send_control(NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0, std::int64_t f1,
                           std::int64_t f2, std::vector<std::int64_t> v, std::int64_t bits) {
  const std::uint32_t mi = alloc_msg();
  fill_control(msgs_[mi], src, dst, barrier, kind, f0, f1, f2, std::move(v), bits,
               metrics_[static_cast<std::size_t>(barrier)], first_failure_ >= 0);
  transmit(mi);
}

void Machine::internal_note(NodeId, int barrier) { ++metrics_[static_cast<std::size_t>(barrier)].internal; }

void Machine::declare(NodeId node, int barrier) {
  BarrierMetrics& bm = metrics_[static_cast<std::size_t>(barrier)];
  if (bm.detected) return;
  bm.detected = true;
  bm.detected_at = now_;
  if (!truly_terminated(barrier) || !injected_) bm.false_detection = true;  // before the start: nothing ran yet
  if (dets_[static_cast<std::size_t>(barrier)]->strict_quiescence() &&
      inflight_ctrl_[static_cast<std::size_t>(barrier)] != 0)
    bm.false_detection = true;
  log_pe("detect", node, barrier);
  if (chrome_) instants_.push_back(Instant{node, now_, "detect b" + std::to_string(barrier)});
}

void Machine::broadcast_termination(NodeId root, int barrier) {
  if (root != 0) {
    send_control(root, 0, barrier, kTermBroadcast);
    return;
  }
  for (NodeId c : tree_children(0)) send_control(0, c, barrier, kTermBroadcast);
}

// A non-blocking collective (docs/td.md, "Non-blocking collectives"): an instance is a
// reduction up and a broadcast down a binary tree. It completes at every PE at once, when
// the last PE has entered plus one latency draw per tree level and direction (drawn from
// the run's RNG when the instance is complete), never before the previous instance of the
// barrier (instances complete in order) and, on N > 1 PEs, at least one tick after the
// last entry (so a detector re-entering at once cannot loop forever inside one tick while
// its primaries take time). It is charged as the 2 (N - 1) tree messages.
void Machine::start_collective(NodeId pe, int barrier, std::int16_t kind, std::vector<std::int64_t> values) {
  if (pe < 0 || pe >= cfg_.npes) throw std::logic_error("start_collective: PE out of range");
  if (barrier < 0 || barrier >= nbarriers()) throw std::logic_error("start_collective: barrier out of range");
  if (kind < kFirstControl) throw std::logic_error("start_collective: kind must be a detector control kind (>= 2)");
  const std::size_t b = static_cast<std::size_t>(barrier);
  const std::int64_t inst = coll_next_[idx(pe, barrier)]++;
  if (evlog_)
    write_line(evlog_, Json{{"t", now_},
                            {"ev", "coll_enter"},
                            {"pe", pe},
                            {"b", barrier},
                            {"inst", inst},
                            {"kind", kind_name(barrier, kind)},
                            {"values", values}});
  Collective& c = coll_[b][inst];
  if (c.entered == 0) {
    c.nvalues = values.size();
    c.sums.assign(values.size(), 0);
  } else if (values.size() != c.nvalues) {
    throw std::logic_error("start_collective: PE " + std::to_string(pe) + " entered instance " + std::to_string(inst) +
                           " with " + std::to_string(values.size()) + " values, the first PE with " +
                           std::to_string(c.nvalues));
  }
  for (std::size_t i = 0; i < values.size(); ++i) c.sums[i] += values[i];
  if (++c.entered < cfg_.npes) return;
  // Complete: every PE has entered. Cost: 2 ceil(log2 N) latency draws, 2 (N - 1) messages.
  Tick delay = 0;
  int levels = 0;
  while ((1LL << levels) < cfg_.npes) ++levels;
  for (int i = 0; i < 2 * levels; ++i) delay += cfg_.latency.draw(rng_);
  if (cfg_.npes > 1) delay = std::max<Tick>(delay, 1);
  const Tick done = std::max(now_ + delay, coll_last_done_[b]);
  coll_last_done_[b] = done;
  const std::int64_t msgs = 2 * (static_cast<std::int64_t>(cfg_.npes) - 1);
  BarrierMetrics& bm = metrics_[b];
  bm.ctrl_external += msgs;
  bm.ctrl_bits += msgs * 64 * static_cast<std::int64_t>(std::max<std::size_t>(c.nvalues, 1));
  if (static_cast<std::size_t>(kind) < bm.by_kind.size()) {
    bm.by_kind[static_cast<std::size_t>(kind)] += msgs;
    if (first_failure_ >= 0) bm.by_kind_recovery[static_cast<std::size_t>(kind)] += msgs;
  }
  for (NodeId p = 0; p < cfg_.npes; ++p) schedule(done, kPrioDeliver, kCollective, p, barrier, inst);
}

void Machine::complete_collective(NodeId pe, int barrier, std::int64_t instance) {
  auto& open = coll_[static_cast<std::size_t>(barrier)];
  auto it = open.find(instance);
  const std::vector<std::int64_t> sums = it->second.sums;  // the hook may open further instances
  if (++it->second.delivered == cfg_.npes) open.erase(it);
  if (dead_[static_cast<std::size_t>(pe)]) return;
  if (evlog_)
    write_line(evlog_,
               Json{{"t", now_}, {"ev", "coll_done"}, {"pe", pe}, {"b", barrier}, {"inst", instance}, {"sums", sums}});
  dets_[static_cast<std::size_t>(barrier)]->on_collective(pe, instance, sums);
}

void Machine::note_state(NodeId, int barrier, std::int64_t entries) {
  auto& p = metrics_[static_cast<std::size_t>(barrier)].peak_state;
  p = std::max(p, entries);
}

void Machine::set_timer(NodeId node, int barrier, Tick delay, std::int64_t tag) {
  schedule(now_ + delay, kPrioTimer, kTimer, node, barrier, tag);
}

void Machine::dec_live(int b) {
  --live_[static_cast<std::size_t>(b)];
  check_true_termination(b);
}

void Machine::check_true_termination(int b) {
  if (live_[static_cast<std::size_t>(b)] == 0 && inflight_[static_cast<std::size_t>(b)] == 0)
    metrics_[static_cast<std::size_t>(b)].true_termination = now_;
}

void Machine::count_in_flight(const Message& m) {
  // A primary to a failed PE is lost work: the oracle does not wait for it.
  if (dead_[static_cast<std::size_t>(m.dst)]) return;
  ++inflight_[static_cast<std::size_t>(m.barrier)];
  ++inflight_to_[idx(m.dst, m.barrier)];
}

void Machine::enqueue_task(NodeId pe, const Task& t) {
  const std::size_t i = idx(pe, t.barrier);
  if (count_[i]++ == 0) log_pe("busy", pe, t.barrier);
  ++live_[static_cast<std::size_t>(t.barrier)];
  Pe& p = pes_[static_cast<std::size_t>(pe)];
  p.queue.push_back(t);
  if (!p.running) start_next(pe);
}

void Machine::start_next(NodeId pe) {
  Pe& p = pes_[static_cast<std::size_t>(pe)];
  if (p.queue.empty()) {
    p.running = false;
    return;
  }
  p.cur = p.queue.front();
  p.queue.pop_front();
  p.running = true;
  p.busy_since = now_;
  Tick d = workloads_[static_cast<std::size_t>(p.cur.barrier)]->duration(p.cur, rng_);
  if (d < 0) d = cfg_.task_time.draw(rng_);
  schedule(now_ + d, kPrioTask, kTaskDone, pe, p.cur.barrier, 0);
}

void Machine::go_idle_if(NodeId pe, int b) {
  if (count_[idx(pe, b)] != 0) return;
  ++metrics_[static_cast<std::size_t>(b)].idle_events;
  log_pe("idle", pe, b);
  dets_[static_cast<std::size_t>(b)]->on_idle(pe);
  if (steals(b) && !steal_wait_[idx(pe, b)]) steal_request(pe, b);
}

// A task completion runs in four phases: the workload executes the task and the children
// are produced (produce_children), the local ones are queued, the remote ones leave as one
// batch (emit_batch), and the task is consumed (retire_task). The order is part of the
// deterministic behaviour: every phase may draw from the RNG or allocate message ids.
void Machine::task_done(NodeId pe) {
  if (dead_[static_cast<std::size_t>(pe)]) return;  // its work was lost with it
  Pe& p = pes_[static_cast<std::size_t>(pe)];
  Task t = p.cur;
  if (chrome_) spans_.push_back(Span{pe, p.busy_since, now_});
  if (t.killed) {  // already counted down when it was killed: no children, no consume
    p.running = false;
    start_next(pe);
    return;
  }
  ++metrics_[static_cast<std::size_t>(t.barrier)].tasks;
  ++executed_[static_cast<std::size_t>(pe)];
  produce_children(pe, t);
  p.cur = t;  // on_produce may have updated the parent's piggyback (e.g. Mattern's Y)
  for (const Task& c : comp_.locals) enqueue_task(pe, c);
  emit_batch(pe, t.barrier);
  retire_task(pe, t);
}

void Machine::produce_children(NodeId pe, Task& t) {
  const auto b = static_cast<std::size_t>(t.barrier);
  td::produce_children(*workloads_[b], *dets_[b], pe, cfg_.npes, t, rng_, next_task_id_, comp_,
                       metrics_[b].local_spawns, [this]() -> Message& { return msgs_[alloc_msg()]; });
}

void Machine::emit_batch(NodeId pe, int b) {
  if (comp_.batch.empty()) return;
  BarrierMetrics& bm = metrics_[static_cast<std::size_t>(b)];
  // The completing task is still counted in count_; it is retired after the batch.
  offer_batch(*dets_[static_cast<std::size_t>(b)], pe, count_[idx(pe, b)], comp_);
  for (std::size_t i = 0; i < comp_.batch.size(); ++i) {
    if (comp_.hold[i]) {  // the detector owns it now: it stays work of this PE until released
      ++count_[idx(pe, b)];
      ++live_[static_cast<std::size_t>(b)];
    } else {
      count_in_flight(*comp_.batch[i]);
      ++bm.primary_msgs;
      transmit(comp_.batch[i]->slot);
    }
  }
}

void Machine::retire_task(NodeId pe, const Task& t) {
  const int b = t.barrier;
  dets_[static_cast<std::size_t>(b)]->on_consume(pe, t);
  --count_[idx(pe, b)];
  dec_live(b);
  go_idle_if(pe, b);
  pes_[static_cast<std::size_t>(pe)].running = false;
  start_next(pe);
}

void Machine::release_held(NodeId pe, Message* m) {
  const int b = m->barrier;
  count_in_flight(*m);
  ++metrics_[static_cast<std::size_t>(b)].primary_msgs;
  transmit(m->slot);
  --count_[idx(pe, b)];
  dec_live(b);
  go_idle_if(pe, b);
}

void Machine::drop_held(NodeId pe, Message* m) {
  const int b = m->barrier;
  free_msg(m->slot);
  --count_[idx(pe, b)];
  dec_live(b);
}

void Machine::kill_barrier_at(NodeId pe, int b) {
  Pe& p = pes_[static_cast<std::size_t>(pe)];
  std::deque<Task> keep;
  for (Task& t : p.queue) {
    if (t.barrier == b) {
      --count_[idx(pe, b)];
      dec_live(b);
    } else {
      keep.push_back(t);
    }
  }
  p.queue.swap(keep);
  if (p.running && p.cur.barrier == b && !p.cur.killed) {
    p.cur.killed = true;
    --count_[idx(pe, b)];
    dec_live(b);
  }
}

void Machine::deliver(std::uint32_t mi) {
  Message& m = msgs_[mi];
  const int b = m.barrier;
  if (dead_[static_cast<std::size_t>(m.dst)]) {  // dropped; a primary was written off at the failure
    log_msg("drop", m.dst, m.src, m);
    if (m.kind >= kFirstControl) --inflight_ctrl_[static_cast<std::size_t>(b)];
    free_msg(mi);
    return;
  }
  log_msg("recv", m.dst, m.src, m);
  if (m.kind == kStealRequest) {
    steal_answer(m.dst, m);
  } else if (m.kind == kStealRefusal) {
    steal_refused(m.dst, b);
  } else if (m.kind == kPrimary) {
    if (steals(b)) {  // with stealing, every primary is a stolen task: the thief's request is answered
      steal_wait_[idx(m.dst, b)] = 0;
      steal_refusals_[idx(m.dst, b)] = 0;
    }
    const bool was_idle = count_[idx(m.dst, b)] == 0;
    enqueue_task(m.dst, m.task);
    --inflight_[static_cast<std::size_t>(b)];
    --inflight_to_[idx(m.dst, b)];
    dets_[static_cast<std::size_t>(b)]->on_receive(m.dst, m, was_idle);
  } else if (m.kind == kTermBroadcast) {
    for (NodeId c : tree_children(m.dst)) send_control(m.dst, c, b, kTermBroadcast);
  } else {
    --inflight_ctrl_[static_cast<std::size_t>(b)];
    dets_[static_cast<std::size_t>(b)]->on_control(m.dst, m);
  }
  free_msg(mi);
}

void Machine::run() {
  begin();
  while (pending()) step();
  end();
}

void Machine::begin() {
  if (begun_) throw std::logic_error("Machine::begin called twice");
  begun_ = true;
  schedule(cfg_.start, kPrioTask, kInject, 0, 0, 0);
  // A failure at tick t comes before everything else at t: the PE executes nothing at t.
  for (auto [pe, t] : cfg_.faults) schedule(t, kPrioDeliver, kFail, pe, 0, 0);
  for (auto& d : dets_) d->on_boot();
  const Tick lat_hi = cfg_.latency.exp ? 8 * cfg_.latency.lo : cfg_.latency.hi;
  liveness_unit_ = lat_hi + cfg_.send_cost + cfg_.task_time.hi + 1;
}

bool Machine::pending() const { return begun_ && !hard_stop_ && !stopped_fatal_ && !q_.empty(); }

Tick Machine::next_time() const {
  if (!pending()) throw std::logic_error("Machine::next_time: no pending event");
  return q_.top().t;
}

Machine::Owner Machine::next_owner() const {
  if (!pending()) throw std::logic_error("Machine::next_owner: no pending event");
  const Event& ev = q_.top();
  switch (ev.type) {
    case kDeliver: return Owner{Owner::kNetwork, msgs_[static_cast<std::size_t>(ev.arg)].dst};
    case kInject:
    case kFail:
    case kFlushed: return Owner{Owner::kMachine, -1};
    case kNotice:
    case kCollective: return Owner{Owner::kNetwork, ev.node};
    case kSteal: return Owner{Owner::kNode, ev.node};
    case kTaskDone:
    case kTimer: break;
  }
  return Owner{Owner::kNode, ev.node};
}

// One event: take it off the queue (advancing time), charge it to the event budget,
// execute it, then let the liveness guard decide whether the run may go on.
void Machine::step() {
  if (!pending()) throw std::logic_error("Machine::step: no pending event");
  const Event ev = q_.top();
  q_.pop();
  now_ = ev.t;
  if (++nevents_ > cfg_.max_events) {
    hard_stop_ = true;
    return;
  }
  execute(ev);
  liveness_guard();
}

void Machine::execute(const Event& ev) {
  switch (ev.type) {
    case kDeliver: deliver(static_cast<std::uint32_t>(ev.arg)); break;
    case kTaskDone: task_done(ev.node); break;
    case kTimer:
      if (!dead_[static_cast<std::size_t>(ev.node)])
        dets_[static_cast<std::size_t>(ev.barrier)]->on_timer(ev.node, ev.arg);
      break;
    case kInject: inject_initial_tasks(); break;
    case kFail: fail_pe(ev.node); break;
    case kFlushed: flushed(ev.node); break;
    case kNotice: notify(ev.node, ev.barrier, static_cast<NodeId>(ev.arg)); break;
    case kCollective: complete_collective(ev.node, ev.barrier, ev.arg); break;
    case kSteal: steal_request(ev.node, ev.barrier); break;
  }
}

void Machine::inject_initial_tasks() {
  injected_ = true;
  std::vector<Spawn> init;
  for (std::size_t b = 0; b < workloads_.size(); ++b) {
    init.clear();
    workloads_[b]->initial(rng_, init);
    for (Spawn& s : init) {
      if (s.pe < 0 || s.pe >= cfg_.npes) throw std::logic_error("initial task on a PE out of range");
      s.task.barrier = static_cast<std::int32_t>(b);
      if (s.task.level == 0) s.task.level = 1;
      s.task.id = next_task_id_++;
      dets_[b]->on_initial(s.pe, s.task);
      enqueue_task(s.pe, s.task);
    }
    if (live_[b] == 0) metrics_[b].true_termination = now_;  // an empty workload
  }
  for (auto& d : dets_) d->on_start();
  // Work stealing: every PE without work of a stealing barrier starts looking for some.
  for (int b = 0; b < nbarriers(); ++b)
    if (steals(b))
      for (NodeId pe = 0; pe < cfg_.npes; ++pe)
        if (count_[idx(pe, b)] == 0 && !steal_wait_[idx(pe, b)]) steal_request(pe, b);
}

// ---- work stealing (docs/td.md, "Work stealing") ---------------------------------------

bool Machine::steals(int b) const { return cfg_.npes > 1 && workloads_[static_cast<std::size_t>(b)]->steals(); }

// An idle thief asks one random other PE for a task of `b`. At most one request (or its
// back-off) is outstanding per thief and barrier; thieves stop once the barrier is declared
// (in a real runtime the termination notice tells them).
void Machine::steal_request(NodeId thief, int b) {
  const std::size_t i = idx(thief, b);
  steal_wait_[i] = 0;
  if (metrics_[static_cast<std::size_t>(b)].detected || stopped_fatal_ || dead_[static_cast<std::size_t>(thief)] ||
      count_[i] != 0)
    return;
  steal_wait_[i] = 1;
  NodeId victim = static_cast<NodeId>(std::uniform_int_distribution<int>(0, cfg_.npes - 2)(rng_));
  if (victim >= thief) ++victim;
  ++metrics_[static_cast<std::size_t>(b)].steal_requests;
  transmit(steal_msg(thief, victim, kStealRequest, b).slot);
}

Message& Machine::steal_msg(NodeId src, NodeId dst, std::int16_t kind, int b) {
  Message& m = msgs_[alloc_msg()];
  m.src = src;
  m.dst = dst;
  m.kind = kind;
  m.barrier = b;
  return m;
}

// The victim gives its oldest queued task of the barrier (UTS steals the bottom of the
// deque: the oldest, shallowest node), never the one it is running, and only if it holds
// another unit of work of the barrier. The task leaves as a
// primary message exactly like a remote child at a task completion: the detector sees the
// emission (on_emit, and may hold it) while the task still counts as the victim's work;
// then the victim's count drops (it may go idle). Without a spare task it refuses.
void Machine::steal_answer(NodeId victim, const Message& req) {
  const int b = req.barrier;
  const NodeId thief = req.src;
  Pe& p = pes_[static_cast<std::size_t>(victim)];
  auto it = std::find_if(p.queue.begin(), p.queue.end(), [b](const Task& t) { return t.barrier == b; });
  // The victim keeps one unit of the barrier's work: a PE running another barrier's task
  // does not pass on its only queued task of b (with zero latency such a task bounced
  // between busy PEs forever within one tick), and no steal ever empties a PE.
  if (it == p.queue.end() || count_[idx(victim, b)] < 2) {
    transmit(steal_msg(victim, thief, kStealRefusal, b).slot);
    return;
  }
  const Task t = *it;
  p.queue.erase(it);
  ++metrics_[static_cast<std::size_t>(b)].steals;
  comp_.batch.clear();
  Message& m = steal_msg(victim, thief, kPrimary, b);
  m.task = t;
  comp_.batch.push_back(&m);
  emit_batch(victim, b);
  --count_[idx(victim, b)];
  dec_live(b);
  go_idle_if(victim, b);
}

// Refused: back off, then ask another random victim. The back-off doubles with each
// consecutive refusal, from one maximal latency up to 16 of them.
void Machine::steal_refused(NodeId thief, int b) {
  const std::size_t i = idx(thief, b);
  if (metrics_[static_cast<std::size_t>(b)].detected) {
    steal_wait_[i] = 0;
    return;
  }
  const int r = std::min(++steal_refusals_[i], 5);
  const Tick base = (cfg_.latency.exp ? cfg_.latency.lo : cfg_.latency.hi) + 1;
  schedule(now_ + (base << (r - 1)), kPrioTimer, kSteal, thief, b, 0);
}

// Once every barrier truly terminated, the detectors get a bounded time to declare it;
// past the bound the run stops (and end() reports the undeclared barriers as missed).
void Machine::liveness_guard() {
  if (!all_term_) all_term_ = all_truly_terminated() && nevents_ > 1;
  if (!all_term_) return;
  bool all_detected = true;
  for (auto& bm : metrics_) all_detected = all_detected && bm.detected;
  if (!all_detected && now_ - last_term_ > liveness_bound()) hard_stop_ = true;
}

bool Machine::all_truly_terminated() {
  for (std::size_t b = 0; b < metrics_.size(); ++b) {
    if (!truly_terminated(static_cast<int>(b)) || metrics_[b].true_termination < 0) return false;
    last_term_ = std::max(last_term_, metrics_[b].true_termination);
  }
  return true;
}

Tick Machine::liveness_bound() const {
  if (cfg_.liveness_bound > 0) return cfg_.liveness_bound;
  // Automatic: generous in the machine size and the slowest message/task, plus the time
  // the senders' NICs may have been serialising, plus one unit per entry of detector state
  // (peak per barrier): a detector that unwinds a stack entry by entry (CV on a 4-million-task
  // UTS tree holds ~10^6 entries and needs ~1 tick each) is slow, not stuck.
  std::int64_t state = 0;
  for (const auto& bm : metrics_) state += bm.peak_state;
  return 64 * (static_cast<Tick>(cfg_.npes) + 64) * liveness_unit_ + cfg_.send_cost * static_cast<Tick>(next_msg_id_) +
         liveness_unit_ * state;
}

void Machine::end() {
  if (!begun_ || ended_) throw std::logic_error("Machine::end: not begun, or ended already");
  ended_ = true;
  for (auto& bm : metrics_) {
    if (!bm.detected && !bm.fatal) bm.missed = true;
    if (bm.detected && cfg_.liveness_bound > 0 && bm.true_termination >= 0 &&
        bm.detected_at - bm.true_termination > cfg_.liveness_bound)
      bm.missed = true;
  }
  for (std::size_t b = 0; b < metrics_.size(); ++b)
    metrics_[b].ctrl_bits = dets_[b]->control_bits(metrics_[b], cfg_.npes);
}

// ---- fail-stop failures (docs/td.md, "Failures") ---------------------------------------

void Machine::fail_pe(NodeId pe) {
  if (first_failure_ < 0) first_failure_ = now_;
  dead_[static_cast<std::size_t>(pe)] = 1;
  FailureRecord fr;
  fr.pe = pe;
  fr.at = now_;
  Pe& p = pes_[static_cast<std::size_t>(pe)];
  if (chrome_ && p.running) spans_.push_back(Span{pe, p.busy_since, now_});
  for (std::size_t b = 0; b < metrics_.size(); ++b) {
    // Its queued, running and held work and the primaries in flight to it are lost: the
    // application's problem (paper §4); the oracle stops waiting for them.
    const std::int64_t lost = count_[idx(pe, static_cast<int>(b))] + inflight_to_[idx(pe, static_cast<int>(b))];
    live_[b] -= count_[idx(pe, static_cast<int>(b))];
    inflight_[b] -= inflight_to_[idx(pe, static_cast<int>(b))];
    count_[idx(pe, static_cast<int>(b))] = 0;
    inflight_to_[idx(pe, static_cast<int>(b))] = 0;
    fr.lost += lost;
    if (lost > 0) check_true_termination(static_cast<int>(b));
  }
  p.queue.clear();
  p.running = false;  // its pending completion event is ignored (task_done)
  if (evlog_) write_line(evlog_, Json{{"t", now_}, {"ev", "fail"}, {"pe", pe}, {"lost", fr.lost}});
  if (chrome_) instants_.push_back(Instant{pe, now_, "fail PE " + std::to_string(pe)});
  failures_.push_back(fr);
  // Fail-flush: every message it sent is delivered first (global flush); then the notices.
  const Tick flush = std::max(now_, last_arrival_from_[static_cast<std::size_t>(pe)]);
  schedule(flush + cfg_.notify_delay, kPrioTimer, kFlushed, pe, 0, 0);
}

void Machine::flushed(NodeId pe) {
  flushed_[static_cast<std::size_t>(pe)] = 1;
  for (auto& f : failures_)
    if (f.pe == pe) f.flushed_at = now_;
  if (evlog_) write_line(evlog_, Json{{"t", now_}, {"ev", "flushed"}, {"pe", pe}});
  for (std::size_t b = 0; b < subs_.size(); ++b) {
    auto it = subs_[b].find(pe);
    if (it == subs_[b].end()) continue;
    std::vector<NodeId> watchers;
    for (auto& [w, refs] : it->second)
      if (refs > 0) watchers.push_back(w);
    for (NodeId w : watchers) notify(w, static_cast<int>(b), pe);
  }
}

void Machine::notify(NodeId watcher, int barrier, NodeId failed) {
  if (dead_[static_cast<std::size_t>(watcher)] || stopped_fatal_) return;
  notified_.emplace(std::make_pair(failed, watcher), now_);
  if (evlog_)
    write_line(evlog_, Json{{"t", now_}, {"ev", "notice"}, {"pe", watcher}, {"failed", failed}, {"b", barrier}});
  dets_[static_cast<std::size_t>(barrier)]->on_failure(watcher, failed);
}

void Machine::mark(NodeId node, int barrier, const std::string& what) {
  if (evlog_) write_line(evlog_, Json{{"t", now_}, {"ev", "mark"}, {"pe", node}, {"b", barrier}, {"what", what}});
  if (chrome_) instants_.push_back(Instant{node, now_, what});
}

void Machine::request_notice(NodeId watcher, int barrier, NodeId target) {
  ++subs_[static_cast<std::size_t>(barrier)][target][watcher];
  if (flushed_[static_cast<std::size_t>(target)]) schedule(now_, kPrioTimer, kNotice, watcher, barrier, target);
}

void Machine::drop_notice(NodeId watcher, int barrier, NodeId target) {
  auto& t = subs_[static_cast<std::size_t>(barrier)];
  auto it = t.find(target);
  if (it == t.end()) return;
  auto w = it->second.find(watcher);
  if (w == it->second.end()) return;
  if (--w->second <= 0) it->second.erase(w);
  if (it->second.empty()) t.erase(it);
}

void Machine::fatal(NodeId node, int barrier, const std::string& reason) {
  if (stopped_fatal_) return;
  stopped_fatal_ = true;
  BarrierMetrics& bm = metrics_[static_cast<std::size_t>(barrier)];
  bm.fatal = true;
  bm.fatal_reason = reason;
  bm.fatal_at = now_;
  explain_fatal(bm);
  if (evlog_) write_line(evlog_, Json{{"t", now_}, {"ev", "fatal"}, {"pe", node}, {"b", barrier}, {"reason", reason}});
  if (chrome_) instants_.push_back(Instant{node, now_, "FATAL: " + reason});
}

Tick Machine::concurrency_window() const {
  const Tick lat_hi = cfg_.latency.exp ? 8 * cfg_.latency.lo : cfg_.latency.hi;
  return 8 * (lat_hi + cfg_.send_cost + cfg_.notify_delay + 1);
}

// The paper's protocols may give up (FATAL) only when related processes fail together:
// INDEP a sender and a recipient, REL a parent and an interior child (§3.6 of the spec).
// The oracle accepts a FATAL if two failed PEs a, c have a communication edge a -> c (a
// primary message or a recovery query) and either (1) the later of the two failed before
// the earlier one's failure could have been recovered (within concurrency_window() of its
// flush), or (2) the recipient c failed first and the sender a had not been notified of
// it (a stale potential-grandchild record: no protocol message can retract it). Anything
// else, e.g. two sequential single failures whose first one was handled (S6), is an
// unexplained FATAL.
void Machine::explain_fatal(BarrierMetrics& bm) const {
  const Tick w = concurrency_window();
  for (const auto& fa : failures_)
    for (const auto& fc : failures_) {
      if (fa.pe == fc.pe || !edges_.count({fa.pe, fc.pe})) continue;
      const FailureRecord& first = fa.at <= fc.at ? fa : fc;
      const FailureRecord& second = fa.at <= fc.at ? fc : fa;
      const Tick recovered_by = (first.flushed_at >= 0 ? first.flushed_at : first.at) + w;
      if (second.at <= recovered_by) bm.fatal_explained = true;
      if (fc.at < fa.at) {
        auto n = notified_.find({fc.pe, fa.pe});
        if (n == notified_.end() || n->second >= fa.at) bm.fatal_explained = true;
      }
    }
}

void Machine::write_chrome_trace(std::FILE* f) const {
  // One event per line (diff- and grep-friendly); every event is serialised by the JSON
  // library, only the array framing is ours.
  std::string out = "{\"traceEvents\":[\n";
  bool first = true;
  auto add = [&](const Json& e) {
    if (!first) out += ",\n";
    first = false;
    out += e.dump();
  };
  for (int pe = 0; pe <= cfg_.npes; ++pe)
    add(Json{{"name", "thread_name"},
             {"ph", "M"},
             {"pid", 0},
             {"tid", pe},
             {"args", Json{{"name", (pe == cfg_.npes ? "controller " : "PE ") + std::to_string(pe)}}}});
  for (const Span& s : spans_)
    add(Json{{"name", "task"}, {"ph", "X"}, {"pid", 0}, {"tid", s.pe}, {"ts", s.t0}, {"dur", s.t1 - s.t0}});
  for (const Instant& i : instants_)
    add(Json{{"name", i.name}, {"ph", "i"}, {"s", "g"}, {"pid", 0}, {"tid", i.pe}, {"ts", i.t}});
  out += "\n],\"displayTimeUnit\":\"ns\"}\n";
  std::fwrite(out.data(), 1, out.size(), f);
}

}  // namespace td
