// SPDX-License-Identifier: Apache-2.0
// Fault-tolerant Dijkstra-Scholten: Lifflander, Miller, Kale (PPoPP'13) INDEP, RELLAZY and
// RELEAGER adoption protocols (seed 004_86e1c514208c2edc, sections 3-4: the listings, with the
// fixes F-1..F-15 a prototype found necessary; docs/td.md lists each fix and which are
// switchable). The names of the handlers follow the paper's pseudo-code so the two can be
// read side by side.
//
// Mapping to the machine: a PE "consumes" a delivered basic message when it has no work
// left (as in plain ds, algo_tree.cpp); PE 0 is the root (engaged to the virtual parent
// ENV, F-2); initial tasks on other PEs are virtual messages from the root. The
// environment primitives are the machine's: failure notices (request_notice, reference
// counted, F-12), global fail-flush (every message a failed PE sent is delivered before
// any notice), and the send fence, which is a no-op here because a message is in the
// network from the moment it is sent and the flush delivers it (spec §1.2).
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "opts.h"

namespace td::detail {
namespace {

enum class Ft { kIndep, kRelLazy, kRelEager };
enum class Ext { kAtZeroDeficit, kAtDisengage };  // placement (A) / (B) of the exterior signal

struct FtConfig {
  Ft mode = Ft::kIndep;
  Ext ext = Ext::kAtDisengage;
  bool forget = true;  // F-9
  bool settle = true;  // F-10
};

constexpr NodeId kNone = -1;
constexpr NodeId kEnv = -2;
bool valid(NodeId x) { return x >= 0; }

class FtDs : public Detector {
 public:
  FtDs(Runtime& m, int b, FtConfig c)
      : m_(m), b_(b), c_(c), rel_(c.mode != Ft::kIndep), st_(static_cast<std::size_t>(m.npes())) {
    st_[0].engaged = true;
    st_[0].parent = kEnv;
  }
  std::vector<std::string> kind_names() const override {
    return {"primary",  "term",     "ack",    "potential_gc", "try_engage", "reply_gp",
            "interior", "exterior", "settle", "forget_gc",    "update_gp",  "update_gp_reply"};
  }
  bool fault_tolerant() const override { return true; }
  bool edge_kind(int kind) const override { return kind == kTryEngage; }

  void on_initial(NodeId pe, Task&) override {
    if (pe == 0) return;
    will_send_to(0, pe, kNone);  // the root's virtual message
    got_msg(pe, 0, kEnv, st_[0].epoch);
  }
  void on_start() override {
    st_[0].c = 1;  // the root's virtual engaging message, consumed when its work is done (F-2)
    for (NodeId p = 0; p < m_.npes(); ++p)
      if (!m_.dead(p) && !m_.busy(p, b_)) on_idle(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    for (Message* msg : batch) {
      if (partners_.insert({pe, msg->dst}).second) ++fanout_total_;
      will_send_to(pe, msg->dst, kNone);
      auto& s = st(pe);
      msg->pb[0] = s.parent;  // header: the sender's parent (REL) and epoch (F-13)
      msg->pb[1] = s.epoch;
    }
  }
  void on_receive(NodeId p, Message& msg, bool) override {
    got_msg(p, msg.src, static_cast<NodeId>(msg.pb[0]), msg.pb[1]);
  }
  void on_idle(NodeId p) override {  // processedMsg() for every message delivered so far
    auto& s = st(p);
    s.c += s.pending;
    s.pending = 0;
    try_ack(p);
    try_disengage(p);
  }
  void on_control(NodeId p, Message& msg) override {
    const NodeId src = msg.src;
    switch (msg.kind) {
      case kAck: got_ack(p, src, msg.f[0]); break;
      case kPotentialGc: on_potential_gc(p, src, static_cast<NodeId>(msg.f[0]), static_cast<NodeId>(msg.f[1])); break;
      case kTryEngage:
        try_engage_grandchild(p, src, static_cast<NodeId>(msg.f[0]), static_cast<NodeId>(msg.f[1]));
        break;
      case kReply: reply_to_grandparent(p, src, msg); break;
      case kInterior: add_parity(p, src, static_cast<NodeId>(msg.f[0]), +1); break;
      case kExterior: add_parity(p, src, static_cast<NodeId>(msg.f[0]), -1); break;
      case kSettle: on_settle(p, src, static_cast<NodeId>(msg.f[0]), static_cast<NodeId>(msg.f[1]), msg.f[2]); break;
      case kForget: on_forget_gc(p, src, static_cast<NodeId>(msg.f[0])); break;
      case kUpdateGp: on_update_gp(p, src, static_cast<NodeId>(msg.f[0]), msg.f[1], msg.f[2]); break;
      case kUpdateGpReply: on_update_gp_reply(p, src, msg.f[0], msg.f[1] != 0, msg.f[2] != 0); break;
      default: break;
    }
    check(p);
  }
  void on_failure(NodeId p, NodeId f) override {
    failure_happened(p, f);
    check(p);
  }
  std::map<std::string, std::int64_t> extra() const override {
    return {{"acked_sum", acked_sum_},         {"adoptions", adoptions_},           {"queries", queries_},
            {"recovery_msgs", recovery_msgs_}, {"recovery_end", recovery_end_},     {"eager_rounds", eager_rounds_},
            {"handled_failures", handled_},    {"peak_potential", peak_potential_}, {"fatal_checks", fatal_checks_},
            {"fanout_total", fanout_total_}};
  }

 private:
  enum : std::int16_t {
    kAck = 2,
    kPotentialGc,
    kTryEngage,
    kReply,
    kInterior,
    kExterior,
    kSettle,
    kForget,
    kUpdateGp,
    kUpdateGpReply
  };
  struct Succ {
    std::int64_t acks = 0;       // unacknowledged messages sent to it
    std::set<NodeId> potential;  // the potential grandchildren it reported
    std::set<NodeId> forgotten;  // F-9 tombstones
  };
  struct Query {
    NodeId label;        // the failed child the query is about
    bool label_adopted;  // RELLAZY: that child was marked (adopted, not yet disengaged)
  };
  struct Round {  // RELEAGER: the eager round of an adopted process
    std::int64_t id = 0;
    NodeId target = kNone, failed = kNone;
    std::set<NodeId> waiting, interior;
  };
  struct St {
    bool engaged = false;
    NodeId parent = kNone;
    std::map<NodeId, std::int64_t> others;   // F-1
    std::int64_t c = 0, d = 0, pending = 0;  // C signed (F-3)
    std::map<NodeId, Succ> successors;
    std::int64_t recovering = 0;                   // pendingRecoveryEvents
    std::map<NodeId, std::vector<Query>> queries;  // F-6
    NodeId grandparent = kNone;
    std::int64_t epoch = 0;
    bool interior = false;  // interiorAnnounced (F-11)
    std::map<std::pair<NodeId, NodeId>, std::int64_t> parity;
    std::map<std::tuple<NodeId, NodeId, NodeId>, std::int64_t> candidates;  // F-10
    std::set<NodeId> marked;                                                // RELLAZY adoptedMarked
    std::optional<Round> round;
    std::map<NodeId, std::pair<NodeId, std::int64_t>> gp_hint;  // F-13
  };
  St& st(NodeId p) { return st_[static_cast<std::size_t>(p)]; }

  void ctl(NodeId p, NodeId to, std::int16_t kind, std::int64_t f0 = 0, std::int64_t f1 = 0, std::int64_t f2 = 0,
           std::vector<std::int64_t> v = {}, bool recovery = false) {
    if (recovery) ++recovery_msgs_;
    m_.send_control(p, to, b_, kind, f0, f1, f2, std::move(v));
  }
  void fatal(NodeId p, const std::string& why) {
    if (!fatal_) m_.fatal(p, b_, why);
    fatal_ = true;
  }
  // Invariants of the spec's C++ notes: D >= 0, acksOwed >= 0 after every handler.
  void check(NodeId p) {
    const auto& s = st(p);
    if (s.d < 0) fatal(p, "internal: D < 0");
    for (auto& [k, v] : s.successors)
      if (v.acks < 0) fatal(p, "internal: acksOwed < 0");
  }
  void note_state(NodeId p) {
    const auto& s = st(p);
    std::int64_t n = 1 + static_cast<std::int64_t>(s.others.size() + s.parity.size() + s.candidates.size());
    std::int64_t pot = 0;
    for (auto& [k, v] : s.successors) pot += 1 + static_cast<std::int64_t>(v.potential.size());
    peak_potential_ = std::max(peak_potential_, pot);
    m_.note_state(p, b_, n + pot);
  }

  // ---- forward execution -------------------------------------------------------------
  void got_msg(NodeId p, NodeId pred, NodeId pred_parent, std::int64_t pred_epoch) {
    auto& s = st(p);
    ++s.pending;
    if (!s.engaged) {
      s.engaged = true;
      s.parent = pred;
      ++s.epoch;
      if (rel_) {
        s.grandparent = pred_parent;
        auto h = s.gp_hint.find(pred);
        if (h != s.gp_hint.end() && h->second.second > pred_epoch) s.grandparent = h->second.first;
        s.interior = false;
      }
    } else {
      ++s.others[pred];
    }
    note_state(p);
  }
  void try_ack(NodeId p) {
    auto& s = st(p);
    for (auto it = s.others.begin(); it != s.others.end();) {
      if (s.c >= it->second) {
        acked_sum_ += it->second;
        ctl(p, it->first, kAck, it->second);
        s.c -= it->second;
        it = s.others.erase(it);
      } else {
        ++it;
      }
    }
  }
  void will_send_to(NodeId p, NodeId dst, NodeId recovery_label) {
    auto& s = st(p);
    if (rel_ && !s.interior) {
      if (valid(s.grandparent)) ctl(p, s.grandparent, kInterior, s.parent);
      s.interior = true;
    }
    ++s.d;
    const bool is_new = !s.successors.count(dst);
    if (is_new) {
      m_.request_notice(p, b_, dst);
      s.successors[dst];
    }
    if (s.parent != kEnv && (is_new || (rel_ && c_.settle && recovery_label != kNone)))
      ctl(p, s.parent, kPotentialGc, dst, recovery_label, 0, {}, recovery_label != kNone);
    ++s.successors[dst].acks;
    note_state(p);
  }
  void on_potential_gc(NodeId p, NodeId child, NodeId gc, NodeId label) {
    auto& s = st(p);
    auto it = s.successors.find(child);
    if (it == s.successors.end()) return;        // stale (F-8)
    if (it->second.forgotten.count(gc)) return;  // F-9
    it->second.potential.insert(gc);
    if (rel_ && c_.settle && label != kNone) ++s.candidates[{gc, child, label}];
    note_state(p);
  }
  void got_ack(NodeId p, NodeId src, std::int64_t count) {
    auto& s = st(p);
    auto it = s.successors.find(src);
    if (it == s.successors.end()) return;  // written off at its failure: ignore
    it->second.acks -= count;
    if (it->second.acks == 0) {
      m_.drop_notice(p, b_, src);
      s.successors.erase(it);
      s.marked.erase(src);
    }
    s.d -= count;
    maybe_exterior(p);
    try_disengage(p);
  }
  void maybe_exterior(NodeId p) {  // placement (A), after every change of D (F-11)
    auto& s = st(p);
    if (rel_ && c_.ext == Ext::kAtZeroDeficit && s.d == 0 && s.interior) {
      if (valid(s.grandparent)) ctl(p, s.grandparent, kExterior, s.parent);
      s.interior = false;
    }
  }
  void try_disengage(NodeId p) {
    auto& s = st(p);
    if (!s.engaged || !s.others.empty() || m_.busy(p, b_) || s.pending != 0) return;
    if (s.d != 0 || s.c != 1 || s.recovering != 0) return;
    if (rel_ && s.interior) {  // placement (B)
      if (valid(s.grandparent)) ctl(p, s.grandparent, kExterior, s.parent);
      s.interior = false;
    }
    if (p == 0) {
      if (!done_) {
        done_ = true;
        m_.declare(0, b_);
      }
      return;
    }
    acked_sum_ += 1;
    ctl(p, s.parent, kAck, 1);
    s.engaged = false;
    s.parent = kNone;
    s.grandparent = kNone;
    s.c = 0;
  }
  void add_parity(NodeId p, NodeId gc, NodeId label, std::int64_t delta) {
    auto& s = st(p);
    auto& v = s.parity[{gc, label}];
    v += delta;
    if (v == 0) s.parity.erase({gc, label});
    note_state(p);
  }

  // ---- failures ----------------------------------------------------------------------
  // The tree is whole again at p when its last outstanding query is resolved (a reply, an
  // eager round's aggregated reply, or a write-off of a dead potential grandchild).
  void recovery_step_done(NodeId p) {
    if (st(p).recovering == 0) recovery_end_ = std::max(recovery_end_, m_.now());
  }
  void failure_happened(NodeId p, NodeId f) {
    auto& s = st(p);
    // (a) f was a queried potential grandchild that never replied (F-6)
    auto q = s.queries.find(f);
    if (q != s.queries.end()) {
      std::vector<Query> qs = std::move(q->second);
      s.queries.erase(q);
      for (const Query& e : qs) {
        ++fatal_checks_;
        if (c_.mode == Ft::kIndep)
          return fatal(p, "related failure: potential grandchild " + std::to_string(f) + " of failed " +
                              std::to_string(e.label) + " died before replying (INDEP, Lemma 5.4)");
        if (c_.mode == Ft::kRelLazy && e.label_adopted)
          return fatal(p, "adopted child " + std::to_string(e.label) + " failed with its child " + std::to_string(f) +
                              " (RELLAZY marked window)");
        if (c_.settle) {
          for (auto it = s.candidates.lower_bound({f, e.label, kEnv}); it != s.candidates.end(); ++it) {
            if (std::get<0>(it->first) != f || std::get<1>(it->first) != e.label) break;
            if (it->second > 0)
              return fatal(p, "unsettled adoption: " + std::to_string(f) + " died before settling its adoption by " +
                                  std::to_string(e.label) + " (F-10)");
          }
        }
        auto par = s.parity.find({f, e.label});
        const std::int64_t parity = par == s.parity.end() ? 0 : par->second;
        if (parity != 0 && parity != 1)
          return fatal(p, "internal: parity " + std::to_string(parity) + " of " + std::to_string(f));
        if (parity == 1)
          return fatal(p, "parent/interior-child: " + std::to_string(e.label) + " and its interior child " +
                              std::to_string(f) + " failed (Lemma 6.4)");
        --s.recovering;  // even parity: written off
      }
      recovery_step_done(p);
    }
    // (b) the paper's recovery (§5.3): f was a successor
    auto it = s.successors.find(f);
    if (it != s.successors.end()) {
      ++handled_;
      s.d -= it->second.acks;
      const std::set<NodeId> gcs = it->second.potential;  // a copy (F-14)
      const bool was_adopted = c_.mode == Ft::kRelLazy && s.marked.count(f);
      s.successors.erase(it);
      s.marked.erase(f);
      m_.drop_notice(p, b_, f);
      for (NodeId gc : gcs) {
        if (gc == p) {  // we are a potential grandchild ourselves: write off locally (F-14)
          auto o = s.others.find(f);
          if (o != s.others.end()) {
            s.c -= o->second;
            s.others.erase(o);
          }
          continue;
        }
        ++s.recovering;
        ++queries_;
        s.queries[gc].push_back(Query{f, was_adopted});
        will_send_to(p, gc, f);
        ctl(p, gc, kTryEngage, f, s.parent, 0, {}, true);
      }
      if (c_.forget && s.parent != kEnv) ctl(p, s.parent, kForget, f, 0, 0, {}, true);
    }
    // (c) RELEAGER: a process our round waits on died; our own recovery (b) covers it
    if (c_.mode == Ft::kRelEager && s.round && s.round->waiting.erase(f)) {
      m_.drop_notice(p, b_, f);
      maybe_finish_round(p);
    }
    try_ack(p);
    maybe_exterior(p);
    try_disengage(p);  // F-5
  }
  void on_forget_gc(NodeId p, NodeId child, NodeId f) {
    auto& s = st(p);
    auto it = s.successors.find(child);
    if (it == s.successors.end()) return;
    it->second.forgotten.insert(f);
    it->second.potential.erase(f);
  }
  void try_engage_grandchild(NodeId x, NodeId gp, NodeId failed, NodeId gp_parent) {
    auto& s = st(x);
    bool adopted = false;
    const auto o = s.others.find(failed);
    const std::int64_t owed = o == s.others.end() ? 0 : o->second;
    if (o != s.others.end()) s.others.erase(o);
    if (s.engaged && s.parent == failed) {  // F-4: only while engaged
      s.c -= 1 + owed;
      s.parent = gp;
      s.c += 1;
      adopted = true;
      ++adoptions_;
      m_.mark(x, b_,
              "adopt " + std::to_string(x) + " by " + std::to_string(gp) + " (failed " + std::to_string(failed) + ")");
      ++s.epoch;
      if (rel_ && c_.settle) s.grandparent = gp_parent;
    } else {
      s.c -= owed;
    }
    if (rel_ && c_.settle && valid(gp_parent))
      ctl(x, gp_parent, kSettle, gp, failed, (adopted ? 1 : 0) | (adopted && s.interior ? 2 : 0), {}, true);
    if (c_.mode == Ft::kRelEager && adopted && !s.successors.empty()) {
      start_eager_round(x, gp, failed);
    } else {
      std::vector<std::int64_t> kids;
      if (adopted)
        for (auto& [k, v] : s.successors) kids.push_back(k);
      reply(x, gp, failed, adopted ? 1 : 0, std::move(kids), {});
    }
    try_ack(x);
    try_disengage(x);  // F-5
  }
  void reply(NodeId x, NodeId gp, NodeId failed, std::int64_t debt, std::vector<std::int64_t> kids,
             const std::set<NodeId>& interior) {
    const auto nkids = static_cast<std::int64_t>(kids.size());
    for (NodeId d : interior) kids.push_back(d);
    ctl(x, gp, kReply, failed, debt, nkids, std::move(kids), true);
  }
  void on_settle(NodeId p, NodeId x, NodeId label, NodeId failed, std::int64_t bits) {
    auto& s = st(p);
    auto& c = s.candidates[{x, label, failed}];
    if (--c == 0) s.candidates.erase({x, label, failed});
    if ((bits & 1) && (bits & 2)) add_parity(p, x, label, +1);
  }
  void reply_to_grandparent(NodeId p, NodeId child, const Message& msg) {
    auto& s = st(p);
    const NodeId failed = static_cast<NodeId>(msg.f[0]);
    const std::int64_t debt = msg.f[1];
    const auto nkids = static_cast<std::size_t>(msg.f[2]);
    if (debt != 0) {
      s.d += debt;
      if (!s.successors.count(child)) {
        m_.request_notice(p, b_, child);
        s.successors[child];
      }
      Succ& sc = s.successors[child];
      sc.acks += debt;
      for (std::size_t i = 0; i < nkids; ++i)
        if (!sc.forgotten.count(static_cast<NodeId>(msg.v[i]))) sc.potential.insert(static_cast<NodeId>(msg.v[i]));
      if (c_.mode == Ft::kRelLazy) s.marked.insert(child);
      if (c_.mode == Ft::kRelEager)
        for (std::size_t i = nkids; i < msg.v.size(); ++i) add_parity(p, static_cast<NodeId>(msg.v[i]), child, +1);
    }
    auto q = s.queries.find(child);
    bool found = false;
    if (q != s.queries.end()) {
      for (auto e = q->second.begin(); e != q->second.end(); ++e)
        if (e->label == failed) {
          q->second.erase(e);
          found = true;
          break;
        }
      if (q->second.empty()) s.queries.erase(q);
    }
    if (found) --s.recovering;
    recovery_step_done(p);
    note_state(p);
    got_ack(p, child, 1);
  }

  // ---- RELEAGER round (at the adopted process) ---------------------------------------
  void start_eager_round(NodeId x, NodeId gp, NodeId failed) {
    auto& s = st(x);
    if (s.round) {  // adopted again: the old target died
      --s.recovering;
      for (NodeId d : s.round->waiting) m_.drop_notice(x, b_, d);
    }
    ++eager_rounds_;
    s.round = Round{++round_ids_, gp, failed, {}, {}};
    for (auto& [k, v] : s.successors) s.round->waiting.insert(k);
    ++s.recovering;  // F-15: no disengaging before the aggregated reply
    const std::set<NodeId> waiting = s.round->waiting;
    const std::int64_t rid = s.round->id;
    for (NodeId d : waiting) m_.request_notice(x, b_, d);  // F-12
    for (NodeId d : waiting) ctl(x, d, kUpdateGp, gp, s.epoch, rid, {}, true);
  }
  void on_update_gp(NodeId d, NodeId c, NodeId new_gp, std::int64_t epoch, std::int64_t rid) {
    auto& s = st(d);
    if (!m_.fifo()) {  // F-13
      auto& h = s.gp_hint[c];
      if (epoch > h.second || h.first == kNone) h = {new_gp, epoch};
    }
    const bool is_child = s.engaged && s.parent == c;
    if (is_child) s.grandparent = new_gp;
    ctl(d, c, kUpdateGpReply, rid, is_child ? 1 : 0, is_child && s.interior ? 1 : 0, {}, true);
  }
  void on_update_gp_reply(NodeId c, NodeId d, std::int64_t rid, bool, bool interior) {
    auto& s = st(c);
    if (!s.round || s.round->id != rid || !s.round->waiting.count(d)) return;
    s.round->waiting.erase(d);
    m_.drop_notice(c, b_, d);
    if (interior) s.round->interior.insert(d);
    maybe_finish_round(c);
  }
  void maybe_finish_round(NodeId c) {
    auto& s = st(c);
    if (!s.round || !s.round->waiting.empty()) return;
    std::vector<std::int64_t> kids;
    for (auto& [k, v] : s.successors) kids.push_back(k);
    const Round r = *s.round;
    s.round.reset();
    reply(c, r.target, r.failed, 1, std::move(kids), r.interior);
    --s.recovering;
    recovery_step_done(c);
    try_disengage(c);
  }

  Runtime& m_;
  int b_;
  FtConfig c_;
  bool rel_;
  std::vector<St> st_;
  bool done_ = false, fatal_ = false;
  std::int64_t acked_sum_ = 0, adoptions_ = 0, queries_ = 0, recovery_msgs_ = 0, recovery_end_ = -1;
  std::int64_t eager_rounds_ = 0, handled_ = 0, peak_potential_ = 0, fatal_checks_ = 0, round_ids_ = 0;
  std::int64_t fanout_total_ = 0;  // sum over PEs of distinct primary destinations
  std::set<std::pair<NodeId, NodeId>> partners_;
};

}  // namespace

DetectorFactory make_ft_ds(const std::string& ft, OptReader& r) {
  FtConfig c;
  c.mode = ft == "indep" ? Ft::kIndep : ft == "rellazy" ? Ft::kRelLazy : Ft::kRelEager;
  c.ext = r.s("ext", "disengage", {"disengage", "zero"}) == "zero" ? Ext::kAtZeroDeficit : Ext::kAtDisengage;
  c.forget = r.i("forget", 1, 0, 1) != 0;
  c.settle = r.i("settle", 1, 0, 1) != 0;
  return [c](Runtime& m, int b) { return std::make_unique<FtDs>(m, b, c); };
}

}  // namespace td::detail
