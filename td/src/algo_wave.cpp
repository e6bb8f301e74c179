// SPDX-License-Identifier: Apache-2.0
// Wave algorithms over a static spanning tree: four counters (4C, Bosilca §3.2), SKR
// two-phase counting (Baker §3 / Tseng Fig. 2.15), Baker-Crivelli-Jessup sweeps (Fig. 1).
#include <deque>
#include <optional>

#include "opts.h"

namespace td::detail {
namespace {

// ---------------------------------------------------------------------------------------
// 4C: waves of STOP (up, with the subtree sums of the cumulative sent/received counters)
// and REPEAT (down). The root declares when the two sums of this wave and of the previous
// wave are all equal (orphan messages, §3.2). Each complete wave costs 2(P-1).
class FourCounters : public Detector {
 public:
  FourCounters(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "stop", "repeat"}; }
  void on_start() override {
    for (NodeId p = m_.npes() - 1; p >= 0; --p) start_wave(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    st_[static_cast<std::size_t>(pe)].s += static_cast<std::int64_t>(batch.size());
  }
  void on_receive(NodeId pe, Message&, bool) override { ++st_[static_cast<std::size_t>(pe)].r; }
  void on_idle(NodeId pe) override { try_report(pe); }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (msg.kind == kStop) {
      s.sig_s += msg.f[0];
      s.sig_r += msg.f[1];
      ++s.stops;
      try_report(p);
    } else if (msg.kind == kRepeat) {
      for (NodeId c : m_.tree_children(p)) m_.send_control(p, c, b_, kRepeat, 0, 0, 0, {}, 8);
      start_wave(p);
    }
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"waves", waves_}}; }

 private:
  enum : std::int16_t { kStop = 2, kRepeat = 3 };
  struct St {
    bool up = false;
    std::int64_t s = 0, r = 0, sig_s = 0, sig_r = 0;
    std::size_t stops = 0;
  };
  void start_wave(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    s.up = true;
    s.sig_s = s.sig_r = 0;
    s.stops = 0;
    try_report(p);
  }
  void try_report(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (!s.up || m_.busy(p, b_) || s.stops != m_.tree_nchildren(p) || done_) return;
    s.sig_s += s.s;
    s.sig_r += s.r;
    s.up = false;
    if (p != 0) {
      m_.send_control(p, m_.tree_parent(p), b_, kStop, s.sig_s, s.sig_r, 0, {}, 8 + 128);
      return;
    }
    ++waves_;
    if (s.sig_s == s.sig_r && s.sig_s == prev_s_ && s.sig_r == prev_r_) {
      done_ = true;
      m_.declare(0, b_);
      m_.broadcast_termination(0, b_);
      return;
    }
    prev_s_ = s.sig_s;
    prev_r_ = s.sig_r;
    for (NodeId c : m_.tree_children(0)) m_.send_control(0, c, b_, kRepeat, 0, 0, 0, {}, 8);
    start_wave(0);
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  std::int64_t prev_s_ = 0, prev_r_ = 0, waves_ = 0;
  bool done_ = false;
};

// ---------------------------------------------------------------------------------------
// SKR counting, as Baker et al. §3 describe it (and Tseng Fig. 2.15): phase 1 collects the
// (sent, received) sums; if equal, phase 2 collects them again and the root declares if
// they are unchanged. Every phase is one INIT broadcast and one convergecast: 2(P-1).
// Control messages are handled only while the processor is passive.
class Skr : public Detector {
 public:
  Skr(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "init", "idle", "activity"}; }
  void on_start() override { process(0); }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    st_[static_cast<std::size_t>(pe)].s += static_cast<std::int64_t>(batch.size());
  }
  void on_receive(NodeId pe, Message&, bool) override { ++st_[static_cast<std::size_t>(pe)].r; }
  void on_idle(NodeId pe) override { process(pe); }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    s.buf.push_back({msg.kind, msg.f[0], msg.f[1]});
    if (!m_.busy(p, b_)) process(p);
    m_.note_state(p, b_, static_cast<std::int64_t>(s.buf.size()));
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"phases", phases_}}; }

 private:
  enum : std::int16_t { kInit = 2, kIdle = 3, kActivity = 4 };
  struct Buf {
    std::int16_t kind;
    std::int64_t a, b;
  };
  struct St {
    std::int64_t s = 0, r = 0, acc_s = 0, acc_r = 0;
    std::size_t reported = 0;
    std::deque<Buf> buf;
  };
  void process(NodeId p) {
    if (terminated_ || m_.busy(p, b_)) return;
    auto& s = st_[static_cast<std::size_t>(p)];
    if (p == 0 && !outstanding_) start_phase(1);
    while (!s.buf.empty() && !m_.busy(p, b_) && !terminated_) {
      Buf x = s.buf.front();
      s.buf.pop_front();
      if (x.kind == kInit) {
        s.reported = 0;
        s.acc_s = s.acc_r = 0;
        auto kids = m_.tree_children(p);
        if (!kids.empty()) {
          for (NodeId c : kids) m_.send_control(p, c, b_, kInit, x.a, 0, 0, {}, 8 + 64);
        } else {
          m_.send_control(p, m_.tree_parent(p), b_, x.a == 1 ? kIdle : kActivity, s.s, s.r, 0, {}, 8 + 128);
        }
      } else {
        s.acc_s += x.a;
        s.acc_r += x.b;
        if (++s.reported == m_.tree_nchildren(p)) {
          const std::int64_t ts = s.acc_s + s.s, tr = s.acc_r + s.r;
          s.reported = 0;
          s.acc_s = s.acc_r = 0;
          if (p != 0)
            m_.send_control(p, m_.tree_parent(p), b_, x.kind, ts, tr, 0, {}, 8 + 128);
          else
            decide(ts, tr);
        }
      }
    }
  }
  void start_phase(int ph) {
    ++phases_;
    phase_ = ph;
    outstanding_ = true;
    auto kids = m_.tree_children(0);
    if (kids.empty()) {
      decide(st_[0].s, st_[0].r);
      return;
    }
    for (NodeId c : kids) m_.send_control(0, c, b_, kInit, ph, 0, 0, {}, 8 + 64);
  }
  void decide(std::int64_t ts, std::int64_t tr) {
    if (phase_ == 1) {
      if (ts != tr) {
        start_phase(1);
      } else {
        s1_ = ts;
        r1_ = tr;
        start_phase(2);
      }
    } else if (ts == s1_ && tr == r1_) {
      terminated_ = true;
      outstanding_ = false;
      m_.declare(0, b_);
      m_.broadcast_termination(0, b_);
    } else {
      start_phase(1);
    }
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  int phase_ = 0;
  bool outstanding_ = false, terminated_ = false;
  std::int64_t s1_ = 0, r1_ = 0, phases_ = 0;
};

// ---------------------------------------------------------------------------------------
// Baker, Crivelli, Jessup: one-phase sweeps (DOWN, then UP with the accumulated
// sent-minus-received count, INFINITY if a primary tagged with the current sweep was
// received before the visit); every primary message carries the sender's sweep number.
// Corrected per the errata: E1 leaves apply the INFINITY check, E2 the root's sweep number
// lags (last sweep evaluated), E3 reset of the accumulators, E4 the root restarts at once.
// --literal runs Figure 1 as printed for E1 and E2 (leaf without the check, root
// incrementing at initiation); E3/E4 are always applied (without E3 no second sweep can
// ever complete, so the literal code cannot even be run).
class Baker : public Detector {
 public:
  Baker(Runtime& m, int b, bool leaf_check, bool root_lead)
      : m_(m), b_(b), leaf_check_(leaf_check), root_lead_(root_lead), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "down", "up"}; }
  void on_start() override { control(0); }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    auto& s = st_[static_cast<std::size_t>(pe)];
    s.S += static_cast<std::int64_t>(batch.size());
    for (Message* msg : batch) msg->pb[0] = s.sweep;
  }
  void on_receive(NodeId pe, Message& msg, bool) override {
    auto& s = st_[static_cast<std::size_t>(pe)];
    ++s.R;
    s.last = std::max(s.last, msg.pb[0]);
  }
  void on_idle(NodeId pe) override { control(pe); }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (msg.kind == kDown) {
      s.pending_down = msg.f[0];
    } else {
      s.up_buf.push_back({msg.f[0], Count{msg.f[1], msg.f[2] != 0}});
    }
    if (!m_.busy(p, b_)) control(p);
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"sweeps", sweeps_}}; }

 private:
  enum : std::int16_t { kDown = 2, kUp = 3 };
  struct Count {
    std::int64_t v = 0;
    bool inf = false;
    Count operator+(const Count& o) const { return Count{v + o.v, inf || o.inf}; }
  };
  struct Up {
    std::int64_t b;
    Count c;
  };
  struct St {
    std::int64_t S = 0, R = 0, sweep = 0, last = 0;
    std::optional<std::int64_t> pending_down;
    bool down_forwarded = false;
    std::size_t children = 0;
    Count accum;
    std::deque<Up> up_buf;
  };
  Count own(NodeId p, bool leaf) const {
    const auto& s = st_[static_cast<std::size_t>(p)];
    if (leaf && !leaf_check_) return Count{s.S - s.R, false};  // literal Figure 1 (E1)
    if (s.last > s.sweep) return Count{0, true};
    return Count{s.S - s.R, false};
  }
  void send_up(NodeId p, std::int64_t b, Count c) {
    m_.send_control(p, m_.tree_parent(p), b_, kUp, b, c.v, c.inf ? 1 : 0, {}, 8 + 64 + 65);
  }
  void control(NodeId p) {
    if (terminated_) return;
    auto& s = st_[static_cast<std::size_t>(p)];
    if (m_.busy(p, b_)) return;
    if (p == 0 && !outstanding_) start_sweep();
    auto kids = m_.tree_children(p);
    if (p != 0 && s.pending_down && !s.down_forwarded) {
      const std::int64_t b = *s.pending_down;
      if (kids.empty()) {
        send_up(p, b, own(p, true));
        s.sweep = b;
        s.pending_down.reset();
      } else {
        for (NodeId c : kids) m_.send_control(p, c, b_, kDown, b, 0, 0, {}, 8 + 64);
        s.down_forwarded = true;
      }
    }
    while (!s.up_buf.empty() && !terminated_) {
      Up u = s.up_buf.front();
      s.up_buf.pop_front();
      s.accum = s.accum + u.c;
      if (++s.children != kids.size()) continue;
      const Count total = s.accum + own(p, false);
      s.children = 0;
      s.accum = Count{};
      if (p != 0) {
        send_up(p, u.b, total);
        s.sweep = u.b;
        s.pending_down.reset();
        s.down_forwarded = false;
      } else {
        if (!root_lead_) s.sweep = u.b;
        outstanding_ = false;
        if (!total.inf && total.v == 0) {
          finish();
        } else {
          start_sweep();
        }
      }
    }
  }
  void finish() {
    terminated_ = true;
    m_.declare(0, b_);
    m_.broadcast_termination(0, b_);
  }
  void start_sweep() {
    auto& r = st_[0];
    ++sweeps_;
    const std::int64_t b = r.sweep + 1;
    if (root_lead_) r.sweep = b;  // literal: increment at initiation (E2)
    outstanding_ = true;
    r.children = 0;
    r.accum = Count{};
    auto kids = m_.tree_children(0);
    if (kids.empty()) {
      r.sweep = b;
      outstanding_ = false;
      const Count c = own(0, false);
      if (!c.inf && c.v == 0) finish();
      return;
    }
    for (NodeId c : kids) m_.send_control(0, c, b_, kDown, b, 0, 0, {}, 8 + 64);
  }
  Runtime& m_;
  int b_;
  bool leaf_check_, root_lead_;
  std::vector<St> st_;
  bool outstanding_ = false, terminated_ = false;
  std::int64_t sweeps_ = 0;
};

}  // namespace

DetectorFactory make_wave(const std::string& name, OptReader& r) {
  if (name == "4c") return [](Runtime& m, int b) { return std::make_unique<FourCounters>(m, b); };
  if (name == "skr") return [](Runtime& m, int b) { return std::make_unique<Skr>(m, b); };
  const bool lit = r.literal();
  const bool leaf_check = r.i("leaf_check", lit ? 0 : 1, 0, 1) != 0;
  const bool root_lead = r.s("root_sweep", lit ? "lead" : "lag", {"lag", "lead"}) == "lead";
  return [leaf_check, root_lead](Runtime& m, int b) { return std::make_unique<Baker>(m, b, leaf_check, root_lead); };
}

}  // namespace td::detail
