// SPDX-License-Identifier: Apache-2.0
// Controller-based algorithms: Tseng's Tiered algorithm, Mattern's task-level credit
// algorithm (2^-Y encoding), Bosilca's HCDA reference and integer-credit CDA.
#include <deque>
#include <stdexcept>
#include <unordered_map>

#include "opts.h"

namespace td::detail {
namespace {

// ---------------------------------------------------------------------------------------
// Tiered (Tseng, dissertation ch. 4, Figs. 4.1-4.3). Each PE keeps an activity table
// DIFF(level) = consumed(level) - produced(level); on turning idle it reports the non-zero
// cells to the controller (one external message per event). Every task completion is one
// internal notification to the local agent. The controller's ledger starts with the
// production of the initial tasks it dispatched; termination when every cell is zero.
// levels=0 collapses all levels into one: the flat counting the dissertation shows to be
// unsafe (§4.1, the spawn-in-transit scenario).
class Tiered : public Detector {
 public:
  Tiered(Runtime& m, int b, bool levels) : m_(m), b_(b), levels_(levels), table_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "report"}; }
  bool uses_controller_node() const override { return true; }
  void on_initial(NodeId, Task& t) override { apply(lvl(t.level), -1); }
  void on_produce(NodeId pe, Task&, Task& child, bool) override { bump(pe, lvl(child.level), -1); }
  void on_consume(NodeId pe, const Task& t) override {
    bump(pe, lvl(t.level), +1);
    m_.internal_note(pe, b_);
  }
  void on_idle(NodeId pe) override {
    Table& tab = table_[static_cast<std::size_t>(pe)];
    std::vector<std::int64_t> v;
    for (std::int32_t l : tab.touched) {
      auto& d = tab.dense[static_cast<std::size_t>(l)];
      if (d != 0) {
        v.push_back(l);
        v.push_back(d);
      }
      d = 0;
      tab.mark[static_cast<std::size_t>(l)] = 0;
    }
    tab.touched.clear();
    for (auto& [l, d] : tab.sparse)
      if (d != 0) {
        v.push_back(l);
        v.push_back(d);
      }
    tab.sparse.clear();
    if (v.empty()) return;
    units_ += static_cast<std::int64_t>(v.size() / 2);
    m_.send_control(pe, m_.controller_node(), b_, 2, 0, 0, 0, std::move(v));
  }
  void on_control(NodeId node, Message& msg) override {
    for (std::size_t i = 0; i + 1 < msg.v.size(); i += 2) apply(static_cast<std::int32_t>(msg.v[i]), msg.v[i + 1]);
    if (nonzero_ == 0) m_.declare(node, b_);
  }
  std::int64_t control_bits(const BarrierMetrics& bm, int) const override {
    return units_ * 2 * clg(std::max<std::int64_t>(bm.tasks, 2));  // Table 4.2: 2*ceil(lg T) per unit
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"report_units", units_}}; }

 private:
  static constexpr std::int32_t kDense = 256;  // levels below this use a flat array per PE
  struct Table {                               // the activity table of one PE (Fig. 4.2b)
    std::vector<std::int64_t> dense;
    std::vector<std::uint8_t> mark;
    std::vector<std::int32_t> touched;  // dense levels touched since the last report, in order
    std::unordered_map<std::int32_t, std::int64_t> sparse;
  };
  std::int32_t lvl(std::int32_t l) const { return levels_ ? l : 0; }
  void bump(NodeId pe, std::int32_t l, std::int64_t d) {
    Table& tab = table_[static_cast<std::size_t>(pe)];
    if (l >= 0 && l < kDense) {
      if (tab.dense.empty()) {
        tab.dense.assign(kDense, 0);
        tab.mark.assign(kDense, 0);
      }
      if (!tab.mark[static_cast<std::size_t>(l)]) {
        tab.mark[static_cast<std::size_t>(l)] = 1;
        tab.touched.push_back(l);
      }
      tab.dense[static_cast<std::size_t>(l)] += d;
    } else {
      tab.sparse[l] += d;
    }
    m_.note_state(pe, b_, static_cast<std::int64_t>(tab.touched.size() + tab.sparse.size()));
  }
  void apply(std::int32_t l, std::int64_t d) {
    if (l < 0) throw std::logic_error("tiered: negative level");
    if (ledger_.size() <= static_cast<std::size_t>(l)) ledger_.resize(static_cast<std::size_t>(l) + 1, 0);
    auto& c = ledger_[static_cast<std::size_t>(l)];
    const bool was = c != 0;
    c += d;
    if (was && c == 0) --nonzero_;
    if (!was && c != 0) ++nonzero_;
    m_.note_state(m_.controller_node(), b_, static_cast<std::int64_t>(ledger_.size()));
  }
  Runtime& m_;
  int b_;
  bool levels_;
  std::vector<Table> table_;
  std::vector<std::int64_t> ledger_;  // the controller's ledger (Fig. 4.3), indexed by level
  std::int64_t nonzero_ = 0;
  std::int64_t units_ = 0;
};

// ---------------------------------------------------------------------------------------
// Credit (Mattern's credit recovery as analysed by Tseng §4.4: every task holds a credit
// 2^-Y, encoded by Y; spawning a child halves the parent's credit (Y += 1, the child gets
// the same Y); a finished task returns its credit to the controller in one external
// message. The controller sums exactly (binary carry over exponents) and declares when the
// sum is back to 1.
class Credit : public Detector {
 public:
  Credit(Runtime& m, int b) : m_(m), b_(b) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "return"}; }
  bool uses_controller_node() const override { return true; }
  void on_initial(NodeId, Task& t) override { t.credit = ++ctrl_y_; }
  void on_start() override { add(ctrl_y_); }  // the controller's own remainder 2^-Y
  void on_produce(NodeId, Task& parent, Task& child, bool) override {
    parent.credit += 1;
    child.credit = parent.credit;
  }
  void on_consume(NodeId pe, const Task& t) override { m_.send_control(pe, m_.controller_node(), b_, 2, t.credit); }
  void on_control(NodeId node, Message& msg) override {
    add(msg.f[0]);
    if (whole_) m_.declare(node, b_);
  }
  std::int64_t control_bits(const BarrierMetrics& bm, int) const override {
    return bm.ctrl_external * clg(std::max<std::int64_t>(bm.tasks, 2));  // Table 4.2: ceil(lg T) per message
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"max_y", max_y_}}; }

 private:
  void add(std::int64_t y) {
    max_y_ = std::max(max_y_, y);
    if (y == 0) {
      whole_ = true;
      return;
    }
    if (bits_.size() <= static_cast<std::size_t>(y)) bits_.resize(static_cast<std::size_t>(y) + 1, 0);
    while (y > 0 && bits_[static_cast<std::size_t>(y)]) {  // 2^-y + 2^-y = 2^-(y-1)
      bits_[static_cast<std::size_t>(y)] = 0;
      --set_;
      --y;
    }
    if (y == 0) {
      whole_ = true;
    } else {
      bits_[static_cast<std::size_t>(y)] = 1;
      ++set_;
    }
    m_.note_state(m_.controller_node(), b_, set_);
  }
  Runtime& m_;
  int b_;
  std::int64_t ctrl_y_ = 0;
  std::vector<std::uint8_t> bits_;
  std::int64_t set_ = 0, max_y_ = 0;
  bool whole_ = false;
};

enum CreditKinds : std::int16_t { kFlush = 2, kBorrow = 3, kGrant = 4, kOverflow = 5 };

// ---------------------------------------------------------------------------------------
// HCDA as modelled by Bosilca et al. §2.3.4/§5: processor-level integer credit, halved on
// every send, flushed to the controller (rank 0) on every idle transition, borrowed
// (request + grant of C_init) when it cannot be split. Only initially active processes get
// credit. An active receiver keeps the message credit (Mattern's return-on-receive rule is
// not applied: Bosilca et al. do not say whether their HCDA uses it).
class Hcda : public Detector {
 public:
  Hcda(Runtime& m, int b, std::int64_t cinit)
      : m_(m),
        b_(b),
        cinit_(cinit),
        c_(static_cast<std::size_t>(m.npes()), 0),
        pending_(static_cast<std::size_t>(m.npes()), false),
        held_(static_cast<std::size_t>(m.npes())),
        given_(static_cast<std::size_t>(m.npes()), false) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "flush", "borrow", "grant"}; }
  void on_initial(NodeId pe, Task&) override {
    if (given_[static_cast<std::size_t>(pe)]) return;
    given_[static_cast<std::size_t>(pe)] = true;
    c_[static_cast<std::size_t>(pe)] = cinit_;
    outstanding_ += cinit_;
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>& hold) override {
    auto& c = c_[static_cast<std::size_t>(pe)];
    auto& h = held_[static_cast<std::size_t>(pe)];
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (h.empty() && c < 2 && pe == 0) borrow(0);  // the controller mints locally
      if (!h.empty() || c < 2) {
        hold[i] = true;
        h.push_back(batch[i]);
        continue;
      }
      const std::int64_t w = c / 2;
      c -= w;
      batch[i]->pb[0] = w;
    }
    if (!h.empty()) borrow(pe);
  }
  void on_receive(NodeId pe, Message& msg, bool) override { c_[static_cast<std::size_t>(pe)] += msg.pb[0]; }
  void on_idle(NodeId pe) override {
    auto& c = c_[static_cast<std::size_t>(pe)];
    if (c == 0) return;
    const std::int64_t x = c;
    c = 0;
    ++flushes_;
    if (pe == 0) {
      outstanding_ -= x;
      check();
    } else {
      m_.send_control(pe, 0, b_, kFlush, x);
    }
  }
  void on_control(NodeId node, Message& msg) override {
    switch (msg.kind) {
      case kFlush:
        outstanding_ -= msg.f[0];
        check();
        break;
      case kBorrow:
        outstanding_ += cinit_;
        ++borrows_;
        m_.send_control(0, msg.src, b_, kGrant, cinit_);
        break;
      case kGrant:
        c_[static_cast<std::size_t>(node)] += msg.f[0];
        pending_[static_cast<std::size_t>(node)] = false;
        pump(node);
        break;
      default: break;
    }
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"borrows", borrows_}, {"flushes", flushes_}}; }

 private:
  void borrow(NodeId pe) {
    if (pending_[static_cast<std::size_t>(pe)]) return;
    if (pe == 0) {  // the controller borrows from itself, no message
      outstanding_ += cinit_;
      ++borrows_;
      c_[0] += cinit_;
      return;
    }
    pending_[static_cast<std::size_t>(pe)] = true;
    m_.send_control(pe, 0, b_, kBorrow);
  }
  void pump(NodeId pe) {
    auto& h = held_[static_cast<std::size_t>(pe)];
    while (!h.empty()) {
      auto& c = c_[static_cast<std::size_t>(pe)];
      if (c < 2 && pe == 0) borrow(0);
      if (c < 2) break;
      Message* msg = h.front();
      h.pop_front();
      const std::int64_t w = c / 2;
      c -= w;
      msg->pb[0] = w;
      m_.release_held(pe, msg);
    }
    if (!h.empty()) borrow(pe);
  }
  void check() {
    if (outstanding_ == 0) {
      m_.declare(0, b_);
      m_.broadcast_termination(0, b_);
    }
  }
  Runtime& m_;
  int b_;
  std::int64_t cinit_;
  std::vector<std::int64_t> c_;
  std::vector<bool> pending_;
  std::vector<std::deque<Message*>> held_;
  std::vector<bool> given_;
  std::int64_t outstanding_ = 0, borrows_ = 0, flushes_ = 0;
};

// ---------------------------------------------------------------------------------------
// CDA (Bosilca et al. §4): integer credit, C_init per process at zero cost; a batch of k
// simultaneous emissions shares S = k (+1 if the process remains active); multi-regime
// split (floor(C/S) above C_con, min(floor(C/S), W_con) below); a terminal batch carries all
// the credit (remainder to the last message); emissions are delayed while floor(C/S) < 1
// and a BORROW is sent; proactive BORROW when an active process drops below C_borrow;
// overflow above C_max is returned at once. Controller: rank 0.
class Cda : public Detector {
 public:
  struct Params {
    std::int64_t cinit, ccon, wcon, cborrow, cmax;
  };
  Cda(Runtime& m, int b, Params p)
      : m_(m),
        b_(b),
        p_(p),
        c_(static_cast<std::size_t>(m.npes()), p.cinit),
        pending_(static_cast<std::size_t>(m.npes()), false),
        delayed_(static_cast<std::size_t>(m.npes())) {
    outstanding_ = p.cinit * m.npes();
  }
  std::vector<std::string> kind_names() const override {
    return {"primary", "term", "flush", "borrow", "grant", "overflow"};
  }
  void on_start() override {
    for (NodeId pe = 0; pe < m_.npes(); ++pe)
      if (!m_.busy(pe, b_)) on_idle(pe);  // initially idle processes return C_init
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool remains_active, std::vector<bool>& hold) override {
    auto& dq = delayed_[static_cast<std::size_t>(pe)];
    auto& c = c_[static_cast<std::size_t>(pe)];
    const std::int64_t s = static_cast<std::int64_t>(batch.size()) + (remains_active ? 1 : 0);
    while (dq.empty() && pe == 0 && c / s < 1) borrow(0);  // the controller mints locally
    if (!dq.empty() || c / s < 1) {
      for (std::size_t i = 0; i < batch.size(); ++i) hold[i] = true;
      dq.push_back(batch);
      ++delayed_msgs_;
      borrow(pe);
      return;
    }
    assign(pe, batch, remains_active);
  }
  void on_receive(NodeId pe, Message& msg, bool) override {
    add(pe, msg.pb[0]);
    try_delayed(pe);
  }
  void on_idle(NodeId pe) override {
    auto& c = c_[static_cast<std::size_t>(pe)];
    if (c == 0) return;
    const std::int64_t x = c;
    c = 0;
    ++flushes_;
    give_back(pe, x, kFlush);
  }
  void on_control(NodeId node, Message& msg) override {
    switch (msg.kind) {
      case kFlush:
      case kOverflow:
        outstanding_ -= msg.f[0];
        check();
        break;
      case kBorrow:
        outstanding_ += p_.cinit;
        m_.send_control(0, msg.src, b_, kGrant, p_.cinit);
        break;
      case kGrant:
        c_[static_cast<std::size_t>(node)] += msg.f[0];
        pending_[static_cast<std::size_t>(node)] = false;
        try_delayed(node);
        if (!delayed_[static_cast<std::size_t>(node)].empty())
          borrow(node);
        else if (!m_.busy(node, b_))
          on_idle(node);
        break;
      default: break;
    }
  }
  std::map<std::string, std::int64_t> extra() const override {
    return {
        {"borrows", borrows_}, {"flushes", flushes_}, {"delayed_batches", delayed_msgs_}, {"overflows", overflows_}};
  }

 private:
  void assign(NodeId pe, std::vector<Message*>& batch, bool remains_active) {
    auto& c = c_[static_cast<std::size_t>(pe)];
    const std::int64_t k = static_cast<std::int64_t>(batch.size());
    const std::int64_t s = k + (remains_active ? 1 : 0);
    const std::int64_t base = c / s;
    const std::int64_t w = c > p_.ccon ? base : std::min(base, p_.wcon);
    std::int64_t sum = 0;
    for (Message* msg : batch) {
      msg->pb[0] = w;
      sum += w;
    }
    if (!remains_active) {  // terminal batch: all the credit leaves with it
      batch.back()->pb[0] += c - sum;
      sum = c;
    }
    c -= sum;
    if (remains_active && c < p_.cborrow) borrow(pe);
  }
  void try_delayed(NodeId pe) {
    auto& dq = delayed_[static_cast<std::size_t>(pe)];
    while (!dq.empty()) {
      std::vector<Message*> batch = dq.front();
      // Work left after this batch: tasks, or the held messages of later batches.
      const bool ra = m_.work(pe, b_) - static_cast<std::int64_t>(batch.size()) > 0;
      const std::int64_t s = static_cast<std::int64_t>(batch.size()) + (ra ? 1 : 0);
      if (c_[static_cast<std::size_t>(pe)] / s < 1) {
        if (pe != 0) break;
        borrow(0);
        continue;
      }
      dq.pop_front();
      assign(pe, batch, ra);
      for (Message* msg : batch) m_.release_held(pe, msg);
    }
    if (!dq.empty()) borrow(pe);
  }
  void add(NodeId pe, std::int64_t w) {
    auto& c = c_[static_cast<std::size_t>(pe)];
    if (c > p_.cmax - w) {
      const std::int64_t excess = c + w - p_.cmax;  // no overflow: c <= cmax, w <= cmax
      c = p_.cmax;
      ++overflows_;
      give_back(pe, excess, kOverflow);
    } else {
      c += w;
    }
  }
  void give_back(NodeId pe, std::int64_t x, std::int16_t kind) {
    if (pe == 0) {
      outstanding_ -= x;
      check();
    } else {
      m_.send_control(pe, 0, b_, kind, x);
    }
  }
  void borrow(NodeId pe) {
    if (pending_[static_cast<std::size_t>(pe)]) return;
    ++borrows_;
    if (pe == 0) {  // the controller creates credit locally (callers retry)
      outstanding_ += p_.cinit;
      c_[0] += p_.cinit;
      return;
    }
    pending_[static_cast<std::size_t>(pe)] = true;
    m_.send_control(pe, 0, b_, kBorrow);
  }
  void check() {
    if (outstanding_ == 0) {
      m_.declare(0, b_);
      m_.broadcast_termination(0, b_);
    }
  }
  Runtime& m_;
  int b_;
  Params p_;
  std::vector<std::int64_t> c_;
  std::vector<bool> pending_;
  std::vector<std::deque<std::vector<Message*>>> delayed_;
  std::int64_t outstanding_ = 0, borrows_ = 0, flushes_ = 0, delayed_msgs_ = 0, overflows_ = 0;
};

}  // namespace

DetectorFactory make_central(const std::string& name, OptReader& r) {
  if (name == "tiered") {
    const bool levels = r.i("levels", 1, 0, 1) != 0;
    return [levels](Runtime& m, int b) { return std::make_unique<Tiered>(m, b, levels); };
  }
  if (name == "credit") return [](Runtime& m, int b) { return std::make_unique<Credit>(m, b); };
  if (name == "hcda") {
    const std::int64_t cinit = r.i("cinit", std::int64_t{1} << 32, 2, std::int64_t{1} << 40);
    return [cinit](Runtime& m, int b) { return std::make_unique<Hcda>(m, b, cinit); };
  }
  Cda::Params p{};
  p.cinit = r.i("cinit", std::int64_t{1} << 32, 1, std::int64_t{1} << 40);
  p.ccon = r.i("ccon", 4096, 0, std::int64_t{1} << 62);
  p.wcon = r.i("wcon", 64, 1, std::int64_t{1} << 62);
  p.cborrow = r.i("cborrow", 128, 0, std::int64_t{1} << 62);
  p.cmax = r.i("cmax", std::int64_t{1} << 62, 1, std::int64_t{1} << 62);
  if (p.cmax < p.cinit) throw ConfigError("--opt cmax: must be at least cinit (algorithm cda)");
  return [p](Runtime& m, int b) { return std::make_unique<Cda>(m, b, p); };
}

}  // namespace td::detail
