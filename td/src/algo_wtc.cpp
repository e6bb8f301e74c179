// SPDX-License-Identifier: Apache-2.0
// Weighted throw counting with abortion (Rokusawa et al., ICOT TR-341, §5-§6).
// A PE holding work of the pool holds a subpool with an integer weight; a thrown process
// (primary message) carries weight; the controller (dedicated node N) holds the negative
// sum and detects termination when it is back to zero.
#include <deque>
#include <map>
#include <set>

#include "opts.h"

namespace td::detail {
namespace {

class Wtc : public Detector {
 public:
  enum class Mode { kFifo, kNonFifo, kNonFifoLiteral };
  struct Params {
    Mode mode;
    Tick abort_at;   // 0: no abortion
    bool proactive;  // supply on every ready (§5.4)
    std::int64_t fixed, supply, w0, abort_w;
  };
  Wtc(Runtime& m, int b, Params p) : m_(m), b_(b), p_(p), pe_(static_cast<std::size_t>(m.npes())) {
    switch (p.mode) {
      case Mode::kFifo:
        min_throw_ = 1;
        min_keep_ = 1;
        ready_w_ = 0;
        req_w_ = 0;
        break;
      case Mode::kNonFifo:
        min_throw_ = 3;
        min_keep_ = 2;
        ready_w_ = 1;
        req_w_ = 1;
        break;  // §6, resolved
      case Mode::kNonFifoLiteral:
        min_throw_ = 1;
        min_keep_ = 1;
        ready_w_ = 1;
        req_w_ = 1;
        break;  // §6 as written
    }
  }
  std::vector<std::string> kind_names() const override {
    return {"primary", "term", "ready", "terminated", "request", "supply", "return", "abort"};
  }
  bool wants_fifo() const override { return p_.mode == Mode::kFifo; }
  bool uses_controller_node() const override { return true; }
  bool strict_quiescence() const override { return true; }
  void on_initial(NodeId pe, Task&) override {
    w_ -= p_.w0;  // the controller throws the first process(es)
    got(pe, p_.w0);
  }
  void on_start() override {
    if (p_.abort_at > 0) m_.set_timer(m_.controller_node(), b_, p_.abort_at, 0);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>& hold) override {
    auto& s = pe_[static_cast<std::size_t>(pe)];
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (s.pending.empty() && can_throw(s.w)) {
        const std::int64_t t = throw_weight(s.w);
        s.w -= t;
        batch[i]->pb[0] = t;
      } else {
        hold[i] = true;
        s.pending.push_back(batch[i]);
      }
    }
    maybe_request(pe);
  }
  void on_receive(NodeId pe, Message& msg, bool) override {
    got(pe, msg.pb[0]);
    pump(pe);
  }
  void on_idle(NodeId pe) override {
    auto& s = pe_[static_cast<std::size_t>(pe)];
    if (!s.sp || !s.pending.empty()) return;
    s.sp = false;
    m_.send_control(pe, m_.controller_node(), b_, kTerminated, s.w);
  }
  void on_timer(NodeId, std::int64_t) override {  // start the abortion (operation (1))
    if (finished_ || aborting_) return;
    aborting_ = true;
    ++aborts_started_;
    if (p_.mode == Mode::kFifo) {
      for (NodeId x : members_) send_abort(x);
    } else {
      for (auto& [x, c] : cnt_)
        if (c > 0) send_abort(x);
    }
  }
  void on_control(NodeId node, Message& msg) override {
    if (node == m_.controller_node()) {
      controller(msg);
      return;
    }
    auto& s = pe_[static_cast<std::size_t>(node)];
    if (msg.kind == kSupply) {
      if (!s.sp) {
        m_.send_control(node, m_.controller_node(), b_, kReturn, msg.f[0]);
        return;
      }
      s.w += msg.f[0];
      s.req_out = false;
      pump(node);
    } else if (msg.kind == kAbort) {
      if (!s.sp) {
        m_.send_control(node, m_.controller_node(), b_, kReturn, msg.f[0]);
        return;
      }
      s.sp = false;  // (3a): force the subpool to terminate
      while (!s.pending.empty()) {
        m_.drop_held(node, s.pending.front());
        s.pending.pop_front();
      }
      m_.kill_barrier_at(node, b_);
      m_.send_control(node, m_.controller_node(), b_, kTerminated, s.w + msg.f[0]);
    }
  }
  std::map<std::string, std::int64_t> extra() const override {
    return {{"supplies", supplies_}, {"aborts", aborts_}, {"subpools", subpools_}};
  }

 private:
  enum : std::int16_t { kReady = 2, kTerminated = 3, kRequest = 4, kSupply = 5, kReturn = 6, kAbort = 7 };
  struct PeSt {
    bool sp = false, req_out = false;
    std::int64_t w = 0;
    std::deque<Message*> pending;
  };
  bool can_throw(std::int64_t w) const { return w >= min_throw_ + min_keep_; }
  std::int64_t throw_weight(std::int64_t w) const {  // §5.4, clamped so ready and request stay fundable
    std::int64_t t = w > 2 * p_.fixed ? p_.fixed : w / 2;
    return std::clamp<std::int64_t>(t, min_throw_, w - min_keep_);
  }
  void got(NodeId pe, std::int64_t t) {
    auto& s = pe_[static_cast<std::size_t>(pe)];
    if (s.sp) {
      s.w += t;
      return;
    }
    ++subpools_;
    s.sp = true;
    s.req_out = false;
    const std::int64_t rw = p_.mode == Mode::kNonFifoLiteral ? std::min<std::int64_t>(ready_w_, t - 1) : ready_w_;
    s.w = t - rw;
    if (p_.mode != Mode::kFifo || p_.abort_at > 0 || p_.proactive)
      m_.send_control(pe, m_.controller_node(), b_, kReady, rw);
    maybe_request(pe);
  }
  void pump(NodeId pe) {
    auto& s = pe_[static_cast<std::size_t>(pe)];
    while (s.sp && !s.pending.empty() && can_throw(s.w)) {
      const std::int64_t t = throw_weight(s.w);
      s.w -= t;
      Message* msg = s.pending.front();
      s.pending.pop_front();
      msg->pb[0] = t;
      m_.release_held(pe, msg);
    }
    maybe_request(pe);
  }
  void maybe_request(NodeId pe) {
    auto& s = pe_[static_cast<std::size_t>(pe)];
    if (!s.sp || s.req_out) return;
    bool ask = false;
    switch (p_.mode) {
      case Mode::kFifo: ask = s.w == 1; break;  // eager, literal §5.3
      case Mode::kNonFifo: ask = !s.pending.empty() && !can_throw(s.w) && s.w >= 2; break;
      case Mode::kNonFifoLiteral: ask = s.w == 2; break;  // "when the weight reaches two"
    }
    if (!ask) return;
    s.req_out = true;
    s.w -= req_w_;
    m_.send_control(pe, m_.controller_node(), b_, kRequest, req_w_);
  }
  void absorb(std::int64_t w) {
    w_ += w;
    if (w_ == 0 && !finished_) {
      finished_ = true;
      m_.declare(m_.controller_node(), b_);
    }
  }
  void send_supply(NodeId x) {
    ++supplies_;
    w_ -= p_.supply;
    m_.send_control(m_.controller_node(), x, b_, kSupply, p_.supply);
  }
  void send_abort(NodeId x) {
    ++aborts_;
    w_ -= p_.abort_w;
    m_.send_control(m_.controller_node(), x, b_, kAbort, p_.abort_w);
  }
  void controller(Message& msg) {
    const NodeId x = msg.src;
    const bool fifo = p_.mode == Mode::kFifo;
    switch (msg.kind) {
      case kTerminated:
        absorb(msg.f[0]);
        if (fifo)
          members_.erase(x);
        else
          --cnt_[x];
        break;
      case kReturn: absorb(msg.f[0]); break;
      case kReady:
        if (fifo)
          members_.insert(x);
        else
          ++cnt_[x];
        absorb(msg.f[0]);
        if (finished_) break;
        if (aborting_ && (fifo || cnt_[x] > 0))
          send_abort(x);  // operation (2)
        else if (!aborting_ && p_.proactive)
          send_supply(x);
        break;
      case kRequest:
        absorb(msg.f[0]);
        if (finished_ || aborting_) break;  // no minting while aborting
        send_supply(x);
        break;
      default: break;
    }
  }
  Runtime& m_;
  int b_;
  Params p_;
  std::vector<PeSt> pe_;
  std::int64_t min_throw_ = 1, min_keep_ = 1, ready_w_ = 0, req_w_ = 0;
  std::int64_t w_ = 0;
  std::set<NodeId> members_;
  std::map<NodeId, std::int64_t> cnt_;
  bool aborting_ = false, finished_ = false;
  std::int64_t supplies_ = 0, aborts_ = 0, subpools_ = 0, aborts_started_ = 0;
};

}  // namespace

DetectorFactory make_wtc(OptReader& r) {
  Wtc::Params p{};
  const std::string mode = r.s("mode", "nonfifo", {"fifo", "nonfifo"});
  if (mode == "fifo" && r.literal())
    throw ConfigError(
        "--literal: wtc's literal variant is the section-6 (mode=nonfifo) rules; for the FIFO "
        "rules on non-FIFO channels use --opt mode=fifo --fifo 0");
  p.mode = mode == "fifo" ? Wtc::Mode::kFifo : (r.literal() ? Wtc::Mode::kNonFifoLiteral : Wtc::Mode::kNonFifo);
  p.abort_at = r.i("abort", 0, 0, std::int64_t{1} << 60);
  p.proactive = r.i("proactive", 0, 0, 1) != 0;
  p.fixed = r.i("fixed", 1 << 10, 1, std::int64_t{1} << 40);
  p.supply = r.i("supply", 1 << 20, 1, std::int64_t{1} << 50);
  p.w0 = r.i("w0", 1 << 10, 3, std::int64_t{1} << 50);
  p.abort_w = r.i("abort_w", 1, 1, 1 << 20);
  return [p](Runtime& m, int b) { return std::make_unique<Wtc>(m, b, p); };
}

}  // namespace td::detail
