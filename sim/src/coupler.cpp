// SPDX-License-Identifier: Apache-2.0
// Machine-to-DSBC glue (see coupler.h) and the detector wrapper that calls it.
#include "dsys/coupler.h"

#include <stdexcept>

namespace dsys {

namespace {

/// Forwards every hook to the software detector (if any) and lets the coupler see the task
/// events. One per barrier, like the detectors it wraps.
class ObservedDetector final : public td::Detector {
 public:
  ObservedDetector(td::Runtime& m, Coupler& c, std::unique_ptr<td::Detector> inner)
      : m_(m), c_(c), inner_(std::move(inner)) {}
  std::vector<std::string> kind_names() const override {
    return inner_ ? inner_->kind_names() : std::vector<std::string>{};
  }
  bool wants_fifo() const override { return inner_ ? inner_->wants_fifo() : true; }
  bool uses_controller_node() const override { return inner_ && inner_->uses_controller_node(); }
  void on_boot() override {
    if (inner_) inner_->on_boot();
  }
  void on_initial(td::NodeId pe, td::Task& t) override {
    if (inner_) inner_->on_initial(pe, t);
    c_.initial(m_, pe, t);
  }
  void on_start() override {
    if (inner_) inner_->on_start();
  }
  void on_produce(td::NodeId pe, td::Task& parent, td::Task& child, bool local) override {
    if (inner_) inner_->on_produce(pe, parent, child, local);
    c_.produce(m_, pe, child);
  }
  void on_emit(td::NodeId pe, std::vector<td::Message*>& batch, bool remains_active, std::vector<bool>& hold) override {
    if (inner_) inner_->on_emit(pe, batch, remains_active, hold);
    c_.emit(m_, pe, batch, hold);
  }
  void on_receive(td::NodeId pe, td::Message& msg, bool was_idle) override {
    c_.receive(m_, pe, msg);
    if (inner_) inner_->on_receive(pe, msg, was_idle);
  }
  void on_consume(td::NodeId pe, const td::Task& t) override {
    if (inner_) inner_->on_consume(pe, t);
    c_.consume(m_, pe, t);
  }
  void on_idle(td::NodeId pe) override {
    if (inner_) inner_->on_idle(pe);
  }
  void on_control(td::NodeId node, td::Message& msg) override {
    if (inner_) inner_->on_control(node, msg);
  }
  void on_timer(td::NodeId node, std::int64_t tag) override {
    if (!c_.timer(m_, tag) && inner_) inner_->on_timer(node, tag);
  }
  void on_collective(td::NodeId pe, std::int64_t instance, const std::vector<std::int64_t>& sums) override {
    if (inner_) inner_->on_collective(pe, instance, sums);
  }
  std::int64_t control_bits(const td::BarrierMetrics& bm, int npes) const override {
    return inner_ ? inner_->control_bits(bm, npes) : bm.ctrl_bits;
  }
  bool strict_quiescence() const override { return inner_ && inner_->strict_quiescence(); }
  std::map<std::string, std::int64_t> extra() const override {
    return inner_ ? inner_->extra() : std::map<std::string, std::int64_t>{};
  }

 private:
  td::Runtime& m_;
  Coupler& c_;
  std::unique_ptr<td::Detector> inner_;
};

}  // namespace

td::DetectorFactory Coupler::wrap(td::DetectorFactory inner) {
  return [this, inner](td::Runtime& m, int b) -> std::unique_ptr<td::Detector> {
    return std::make_unique<ObservedDetector>(m, *this, inner ? inner(m, b) : nullptr);
  };
}

void Coupler::note(Ps t, td::NodeId pe, int kind, std::int64_t task) {
  for (std::int64_t v : {t, static_cast<std::int64_t>(pe), static_cast<std::int64_t>(kind), task}) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xffU;
      hash_ *= 1099511628211ULL;
    }
  }
}

void Coupler::initial(td::Runtime& m, td::NodeId pe, const td::Task& t) {
  // Rule 3: the epoch starts with the +1 of its root task, which exists nowhere else.
  be_.request(pe, static_cast<std::uint32_t>(t.barrier), +1, offset_ + m.now());
  note(m.now(), pe, 0, t.id);
}

void Coupler::produce(td::Runtime& m, td::NodeId pe, const td::Task& child) {
  plus_of_task_[child.id] = be_.request(pe, static_cast<std::uint32_t>(child.barrier), +1, offset_ + m.now());
  note(m.now(), pe, 1, child.id);
}

void Coupler::emit(td::Runtime& m, td::NodeId pe, std::vector<td::Message*>& batch, std::vector<bool>& hold) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    td::Message* msg = batch[i];
    auto it = plus_of_task_.find(msg->task.id);
    if (it == plus_of_task_.end()) throw std::logic_error("Coupler: emitted task without a +1 request");
    const std::uint64_t req = it->second;
    plus_of_task_.erase(it);
    // A message the software detector holds itself (CDA delays emissions) leaves when that
    // detector releases it; its +1 was requested at production, long before in practice.
    if (hold[i]) continue;
    hold[i] = true;
    held_[req] = Held{pe, msg};
    ++held_total_;
    arm(m, req, pe, msg->barrier);
  }
}

void Coupler::arm(td::Runtime& m, std::uint64_t req, td::NodeId pe, int barrier) {
  const Ps now = offset_ + m.now();
  Ps when = be_.ack_time(req);
  if (when < 0) {
    // Not acknowledged yet: the earliest it can be is acceptance in the next cycle to run
    // (or the request's own cycle), the ack ack_latency() cycles later (1, or 4 at half the
    // request rate), acted on at the end of that one. Checked again then; the exact time is
    // used once the ack has been seen.
    be_.advance_to(now);
    const std::uint64_t c = std::max<std::uint64_t>(be_.requests().at(req).cycle, be_.cycle());
    const auto ack_after = static_cast<std::uint64_t>(be_.config().ack_latency());
    when = static_cast<Ps>(c + ack_after + 1) * be_.period_ps();
  }
  m.set_timer(pe, barrier, std::max<Ps>(when - now, 0), kTimerTag | static_cast<std::int64_t>(req));
}

void Coupler::receive(td::Runtime& m, td::NodeId pe, const td::Message& msg) { note(m.now(), pe, 2, msg.task.id); }

void Coupler::consume(td::Runtime& m, td::NodeId pe, const td::Task& t) {
  // Rule 2: after the task has finished and after its children's +1 (queued before it).
  be_.request(pe, static_cast<std::uint32_t>(t.barrier), -1, offset_ + m.now());
  note(m.now(), pe, 3, t.id);
}

bool Coupler::timer(td::Runtime& m, std::int64_t tag) {
  if ((tag & kTimerTag) == 0) return false;
  const auto req = static_cast<std::uint64_t>(tag & ~kTimerTag);
  auto it = held_.find(req);
  if (it == held_.end()) throw std::logic_error("Coupler: timer for a message not held");
  const Ps now = offset_ + m.now();
  be_.advance_to(now);
  const Ps t = be_.ack_time(req);
  if (t >= 0 && t <= now) {
    const Held h = it->second;
    held_.erase(it);
    note(m.now(), h.pe, 4, h.msg->task.id);
    m.release_held(h.pe, h.msg);
  } else {
    arm(m, req, it->second.pe, it->second.msg->barrier);
  }
  return true;
}

}  // namespace dsys
