// SPDX-License-Identifier: Apache-2.0
// Acknowledgement-based algorithms: EDOD (Bosilca §3.3), CV (Tseng Figs. 2.5-2.7),
// LTD (Tseng Figs. 2.8-2.9) and Dijkstra-Scholten (Lifflander §2).
#include <map>

#include "opts.h"

namespace td::detail {
namespace {

// ---------------------------------------------------------------------------------------
// EDOD (Mahapatra-Dutt, as in Bosilca §3.3): every primary message is ACKed, directly when
// the receiver is not inactive, otherwise after a RESUME climbed to a non-inactive
// ancestor; STOP goes up when a process is locally idle, has all its messages ACKed and
// all children stopped. Per-child STOP/RESUME counters tolerate reordering.
class Edod : public Detector {
 public:
  Edod(Runtime& m, int b, bool literal) : m_(m), b_(b), fix_(!literal), st_(static_cast<std::size_t>(m.npes())) {
    for (NodeId p = 0; p < m.npes(); ++p) st_[static_cast<std::size_t>(p)].child.assign(m.tree_nchildren(p), 0);
  }
  std::vector<std::string> kind_names() const override { return {"primary", "term", "stop", "ack", "resume"}; }
  // Bosilca §3.1 assumes FIFO channels (and says FIFO is not needed for correctness).
  // The rules as specified fail on FIFO channels too (a node ACKs while its own RESUME is
  // still climbing); with the confirmed-RESUME fix our sweeps find no failure on FIFO
  // channels, but rare ones remain on non-FIFO channels (docs/td.md), so FIFO is assumed.
  bool wants_fifo() const override { return true; }
  void on_start() override {
    for (NodeId p = m_.npes() - 1; p >= 0; --p) check(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    st_[static_cast<std::size_t>(pe)].unack += static_cast<std::int64_t>(batch.size());
  }
  void on_receive(NodeId r, Message& msg, bool) override {
    auto& s = st_[static_cast<std::size_t>(r)];
    if (!withdrawing(s)) {
      send_ack(r, msg.src, msg.src, r, false);  // "When r is active ... a direct ACK"
    } else {
      resume(r, msg.src, r);
    }
  }
  void on_idle(NodeId pe) override { check(pe); }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    const auto sdr = static_cast<NodeId>(msg.f[0]);
    const auto rcv = static_cast<NodeId>(msg.f[1]);
    switch (msg.kind) {
      case kStop: ++s.child[slot(p, msg.src)]; break;
      case kResume:
        if (msg.f[2] != 0) --s.child[slot(p, msg.src)];  // it withdraws the child's STOP
        if (withdrawing(s)) {
          resume(p, sdr, rcv);
        } else {
          send_ack(p, m_.tree_child_towards(p, rcv), sdr, rcv, true);
        }
        break;
      case kAck:
        if (!fix_) {  // the rules as Bosilca et al. §3.3 state them
          if (p == sdr)
            --s.unack;
          else if (p == rcv)
            send_ack(p, sdr, sdr, rcv, false);
          else
            send_ack(p, m_.tree_child_towards(p, rcv), sdr, rcv, true);
        } else if (msg.f[2] != 0) {  // travelling down the RESUME's path: every node on it forwarded it
          --s.pending;
          if (p == rcv)
            send_ack(p, sdr, sdr, rcv, false);
          else
            send_ack(p, m_.tree_child_towards(p, rcv), sdr, rcv, true);
        } else {
          --s.unack;
        }
        break;
      default: break;
    }
    check(p);  // with reordering the child may already have stopped again
  }

 private:
  enum : std::int16_t { kStop = 2, kAck = 3, kResume = 4 };
  struct St {
    std::int64_t unack = 0;
    std::int64_t pending = 0;  // RESUMEs this node sent or forwarded and whose ACK has not come back
    std::vector<std::int64_t> child;
    bool inactive = false;
  };
  // A node whose ancestors may still believe its subtree stopped: inactive, or (fix) with a
  // RESUME of its own not yet confirmed. Such a node must not ACK: it forwards RESUME.
  bool withdrawing(const St& s) const { return s.inactive || (fix_ && s.pending > 0); }
  std::size_t slot(NodeId p, NodeId c) const {
    return static_cast<std::size_t>(c - (static_cast<std::int64_t>(p) * m_.tree_arity() + 1));
  }
  // Sends RESUME(s, r) up; f2 tells the parent whether it withdraws this node's STOP (only
  // then does the parent's per-child counter go down).
  void resume(NodeId p, std::int64_t sdr, std::int64_t rcv) {
    auto& s = st_[static_cast<std::size_t>(p)];
    const bool withdraws = s.inactive || !fix_;
    s.inactive = false;
    if (fix_) ++s.pending;
    m_.send_control(p, m_.tree_parent(p), b_, kResume, sdr, rcv, withdraws ? 1 : 0, {}, 8 + 64);
  }
  void send_ack(NodeId from, NodeId to, std::int64_t sdr, std::int64_t rcv, bool down) {
    m_.send_control(from, to, b_, kAck, sdr, rcv, down ? 1 : 0, {}, 8 + 64);
  }
  void check(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (done_ || s.inactive || s.unack != 0 || m_.busy(p, b_)) return;
    if (fix_ && s.pending != 0) return;
    for (std::int64_t c : s.child)
      if (c <= 0) return;
    if (p == 0) {
      done_ = true;
      m_.declare(0, b_);
      m_.broadcast_termination(0, b_);
    } else {
      s.inactive = true;
      m_.send_control(p, m_.tree_parent(p), b_, kStop, 0, 0, 0, {}, 8);
    }
  }
  Runtime& m_;
  int b_;
  bool fix_;
  std::vector<St> st_;
  bool done_ = false;
};

// ---------------------------------------------------------------------------------------
// CV (Tseng Figs. 2.5-2.7): the root floods warnings that colour every link (2L messages on
// the complete network); each PE keeps a stack of TO(q)/FROM(q) entries; on idle it pops
// FROM entries down to the first TO, sending remove_entry to each sender; a PE sends
// terminate to its tree parent when idle, stack empty, all incoming links coloured and all
// children terminated. Needs FIFO channels (a warning must precede the messages sent after
// it). A sender pushes TO(q) only once it has coloured its links (resolution of the
// "flush the links first" step); a receiver pushes FROM(y) iff it has coloured link (y, x).
class Cv : public Detector {
 public:
  Cv(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {
    if (m.npes() > 16384)
      throw ConfigError("--pes: cv keeps N^2 link colours and floods N(N-1) warnings; at most 16384 PEs");
    const auto n = static_cast<std::size_t>(m.npes());
    colored_.assign(n * n, false);
  }
  std::vector<std::string> kind_names() const override { return {"primary", "term", "warning", "remove", "terminate"}; }
  bool wants_fifo() const override { return true; }
  void on_boot() override { warn_all(0); }  // before the computation (the links are flushed)
  void on_start() override {
    started_ = true;
    for (NodeId p = 0; p < m_.npes(); ++p) try_terminate(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    auto& s = st_[static_cast<std::size_t>(pe)];
    if (!s.dt) return;
    for (Message* msg : batch) s.stack.push_back(Entry{true, msg->dst});
    m_.note_state(pe, b_, static_cast<std::int64_t>(s.stack.size()));
  }
  void on_receive(NodeId x, Message& msg, bool) override {
    if (!colored_[link(msg.src, x)]) return;
    auto& s = st_[static_cast<std::size_t>(x)];
    s.stack.push_back(Entry{false, msg.src});
    m_.note_state(x, b_, static_cast<std::int64_t>(s.stack.size()));
  }
  void on_consume(NodeId pe, const Task&) override { m_.internal_note(pe, b_); }
  void on_idle(NodeId pe) override {
    cleanup(pe);
    try_terminate(pe);
  }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    switch (msg.kind) {
      case kWarning:
        colored_[link(msg.src, p)] = true;
        ++s.colored_in;
        if (!s.dt) warn_all(p);
        break;
      case kRemove:
        for (auto it = s.stack.rbegin(); it != s.stack.rend(); ++it)
          if (it->to && it->peer == msg.src) {
            s.stack.erase(std::next(it).base());
            break;
          }
        if (!m_.busy(p, b_)) cleanup(p);
        break;
      case kTerminate: ++s.term_children; break;
      default: break;
    }
    try_terminate(p);
  }
  std::int64_t control_bits(const BarrierMetrics& bm, int npes) const override {
    return bm.ctrl_external * (clg(npes) + 2);  // Table 4.2: PE id + 2-bit message id
  }
  std::map<std::string, std::int64_t> extra() const override {
    std::int64_t left = 0;
    for (auto& s : st_) left += static_cast<std::int64_t>(s.stack.size());
    return {{"residual_entries", left}};
  }

 private:
  enum : std::int16_t { kWarning = 2, kRemove = 3, kTerminate = 4 };
  struct Entry {
    bool to;
    NodeId peer;
  };
  struct St {
    bool dt = false, sent = false;
    std::int64_t colored_in = 0;
    std::size_t term_children = 0;
    std::vector<Entry> stack;
  };
  std::size_t link(NodeId from, NodeId to) const {
    return static_cast<std::size_t>(from) * static_cast<std::size_t>(m_.npes()) + static_cast<std::size_t>(to);
  }
  void warn_all(NodeId p) {
    st_[static_cast<std::size_t>(p)].dt = true;
    for (NodeId q = 0; q < m_.npes(); ++q)
      if (q != p) m_.send_control(p, q, b_, kWarning);
  }
  void cleanup(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    while (!s.stack.empty() && !s.stack.back().to) {
      const NodeId q = s.stack.back().peer;
      s.stack.pop_back();
      m_.send_control(p, q, b_, kRemove);
    }
  }
  void try_terminate(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (!started_ || s.sent || m_.busy(p, b_) || !s.stack.empty() || s.colored_in != m_.npes() - 1 ||
        s.term_children != m_.tree_nchildren(p))
      return;
    s.sent = true;
    if (p == 0)
      m_.declare(0, b_);
    else
      m_.send_control(p, m_.tree_parent(p), b_, kTerminate);
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  std::vector<bool> colored_;
  bool started_ = false;
};

// ---------------------------------------------------------------------------------------
// LTD (Tseng Figs. 2.8-2.9): message counting with a dynamic parent (the sender of the
// major message). On idle a PE in DT mode sends one FINISHED(k) per non-parent sender
// (respond_minor) and, once all its own messages are finished, FINISHED(in[parent]) to its
// parent (respond_major). Initial tasks outside PE 0 count as messages from PE 0 (LTD
// assumes a diffusing computation started at p_1).
class Ltd : public Detector {
 public:
  Ltd(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "start", "finished"}; }
  void on_initial(NodeId pe, Task&) override {
    if (pe == 0) return;
    ++st_[0].out;
    got(pe, 0);
  }
  void on_start() override { enter_dt(0); }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    st_[static_cast<std::size_t>(pe)].out += static_cast<std::int64_t>(batch.size());
  }
  void on_receive(NodeId p, Message& msg, bool) override { got(p, msg.src); }
  void on_consume(NodeId pe, const Task&) override { m_.internal_note(pe, b_); }
  void on_idle(NodeId p) override {
    if (!st_[static_cast<std::size_t>(p)].dt) return;
    minor(p);
    major(p);
  }
  void on_control(NodeId p, Message& msg) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (msg.kind == kStart) {
      enter_dt(p);
    } else {
      s.out -= msg.f[0];
      if (s.dt && !m_.busy(p, b_)) major(p);
    }
  }
  std::int64_t control_bits(const BarrierMetrics& bm, int) const override {
    return bm.ctrl_external * (clg(std::max<std::int64_t>(bm.tasks, 2)) + 1);  // Table 4.2
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"finished_sum", finished_sum_}}; }

 private:
  enum : std::int16_t { kStart = 2, kFinished = 3 };
  struct St {
    std::map<NodeId, std::int64_t> in;
    std::int64_t out = 0;
    bool dt = false;
    NodeId parent = -1;
  };
  void got(NodeId p, NodeId from) {
    auto& s = st_[static_cast<std::size_t>(p)];
    ++s.in[from];
    if (s.parent < 0 && p != 0) s.parent = from;
    m_.note_state(p, b_, static_cast<std::int64_t>(s.in.size()));
  }
  void enter_dt(NodeId p) {
    st_[static_cast<std::size_t>(p)].dt = true;
    for (NodeId c : m_.tree_children(p)) m_.send_control(p, c, b_, kStart);
    if (!m_.busy(p, b_)) {
      minor(p);
      major(p);
    }
  }
  void finished(NodeId p, NodeId to, std::int64_t k) {
    finished_sum_ += k;
    m_.send_control(p, to, b_, kFinished, k);
  }
  void minor(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    for (auto it = s.in.begin(); it != s.in.end();) {
      if (it->first != s.parent && it->second != 0) {
        finished(p, it->first, it->second);
        it = s.in.erase(it);
      } else {
        ++it;
      }
    }
  }
  void major(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (s.out != 0) return;
    if (p == 0) {
      if (!done_) {
        done_ = true;
        m_.declare(0, b_);
      }
      return;
    }
    if (s.parent < 0) return;
    const std::int64_t k = s.in[s.parent];
    s.in.erase(s.parent);
    if (k > 0) finished(p, s.parent, k);
    s.parent = -1;
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  bool done_ = false;
  std::int64_t finished_sum_ = 0;
};

// ---------------------------------------------------------------------------------------
// Dijkstra-Scholten with Lifflander's reconstruction (§2.4) and fix F-1 (later messages
// from the parent are acknowledged like any other). A delivered message is consumed when
// its PE has no work left (its task and everything it spawned locally are done); credit
// C is fungible (tryAck). The root starts engaged to a virtual parent. Initial tasks
// outside PE 0 are virtual messages from the root.
class Ds : public Detector {
 public:
  Ds(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {
    st_[0].engaged = true;
    st_[0].parent = kEnv;
  }
  std::vector<std::string> kind_names() const override { return {"primary", "term", "ack"}; }
  void on_initial(NodeId pe, Task&) override {
    if (pe == 0) return;
    ++st_[0].d;
    got(pe, 0);
  }
  void on_start() override {
    st_[0].c = 1;  // the root's virtual engaging message
    for (NodeId p = 0; p < m_.npes(); ++p)
      if (!m_.busy(p, b_)) on_idle(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    st_[static_cast<std::size_t>(pe)].d += static_cast<std::int64_t>(batch.size());
  }
  void on_receive(NodeId p, Message& msg, bool) override { got(p, msg.src); }
  void on_idle(NodeId p) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    s.c += s.pending;
    s.pending = 0;
    try_ack(p);
    try_disengage(p);
  }
  void on_control(NodeId p, Message& msg) override {
    st_[static_cast<std::size_t>(p)].d -= msg.f[0];
    try_disengage(p);
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"acked_sum", acked_sum_}}; }

 private:
  static constexpr NodeId kEnv = -2;
  enum : std::int16_t { kAck = 2 };
  struct St {
    bool engaged = false;
    NodeId parent = -1;
    std::map<NodeId, std::int64_t> others;
    std::int64_t c = 0, d = 0, pending = 0;
  };
  void got(NodeId p, NodeId from) {
    auto& s = st_[static_cast<std::size_t>(p)];
    ++s.pending;
    if (!s.engaged) {
      s.engaged = true;
      s.parent = from;
    } else {
      ++s.others[from];  // F-1: later messages from the parent go here too
    }
    m_.note_state(p, b_, static_cast<std::int64_t>(s.others.size()) + 1);
  }
  void send_ack(NodeId p, NodeId to, std::int64_t k) {
    acked_sum_ += k;
    m_.send_control(p, to, b_, kAck, k);
  }
  void try_ack(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    for (auto it = s.others.begin(); it != s.others.end();) {
      if (s.c >= it->second) {
        send_ack(p, it->first, it->second);
        s.c -= it->second;
        it = s.others.erase(it);
      } else {
        ++it;
      }
    }
  }
  void try_disengage(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (!s.engaged || !s.others.empty() || m_.busy(p, b_) || s.pending != 0) return;
    if (s.d != 0 || s.c != 1) return;
    if (p == 0) {
      if (!done_) {
        done_ = true;
        m_.declare(0, b_);
      }
      return;
    }
    send_ack(p, s.parent, 1);
    s.engaged = false;
    s.parent = -1;
    s.c = 0;
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  bool done_ = false;
  std::int64_t acked_sum_ = 0;
};

}  // namespace

DetectorFactory make_tree(const std::string& name, OptReader& r) {
  const bool lit = r.literal();
  if (name == "edod") return [lit](Runtime& m, int b) { return std::make_unique<Edod>(m, b, lit); };
  if (name == "cv") return [](Runtime& m, int b) { return std::make_unique<Cv>(m, b); };
  if (name == "ltd") return [](Runtime& m, int b) { return std::make_unique<Ltd>(m, b); };
  const std::string ft = r.s("ft", "none", {"none", "indep", "rellazy", "releager"});
  if (ft != "none") return make_ft_ds(ft, r);  // algo_ft.cpp
  return [](Runtime& m, int b) { return std::make_unique<Ds>(m, b); };
}

}  // namespace td::detail
