// SPDX-License-Identifier: Apache-2.0
// Workloads of the TD lab: Bosilca's token ring and binary-tree projection, Tseng's
// dispatching patterns (Figs. 4.5, 4.7), a static fork-join, random spawning DAGs and UTS.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <set>
#include <sstream>

#include "kv_reader.h"
#include "td/uts.h"
#include "td/workload.h"

namespace td {

WorkloadSpec parse_workload_spec(const std::string& text) {
  WorkloadSpec s;
  const auto colon = text.find(':');
  s.name = text.substr(0, colon);
  if (s.name.empty()) throw ConfigError("--workload: empty workload name in '" + text + "'");
  if (colon == std::string::npos) return s;
  std::string rest = text.substr(colon + 1);
  std::stringstream ss(rest);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError("--workload: '" + item + "' in '" + text + "' is not key=value");
    const std::string key = item.substr(0, eq);
    if (s.params.count(key)) throw ConfigError("--workload: key '" + key + "' given twice");
    s.params[key] = item.substr(eq + 1);
  }
  return s;
}

namespace {

/// Typed access to a spec's keys; every key must be consumed (unknown keys are errors).
using Params = detail::KvReader;

bool coin(Rng& rng, double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng) < p; }
NodeId uniform_pe(Rng& rng, int n) { return static_cast<NodeId>(std::uniform_int_distribution<int>(0, n - 1)(rng)); }

Spawn mk(NodeId pe, std::int64_t a, std::int64_t b = 0, std::int32_t level = 0) {
  Spawn s;
  s.pe = pe;
  s.task.a = a;
  s.task.b = b;
  s.task.level = level;
  return s;
}

// ---- Bosilca §5.1 / §6.2(a): token ring with optional branching -----------------------
class Ring : public Workload {
 public:
  Ring(Params& p, int n, int offset) : n_(n), offset_(offset) {
    p_ = p.d("p", 0.99, 0.0, 1.0);
    branch_ = p.d("branch", 0.0, 0.0, 1.0);
    maxsteps_ = p.i("maxsteps", 1'000'000, 1, 1'000'000'000);
    succ_ = p.s("next", "random", {"random", "succ"}) == "succ";
  }
  void initial(Rng&, std::vector<Spawn>& out) override { out.push_back(mk(offset_ % n_, 0)); }
  void execute(const Task& t, NodeId pe, Rng& rng, std::vector<Spawn>& out) override {
    if (t.b == 1) return;  // a refinement leaf
    if (branch_ > 0 && coin(rng, branch_)) out.push_back(mk(pe, 0, 1));
    if (t.a + 1 < maxsteps_ && coin(rng, p_))
      out.push_back(mk(succ_ ? static_cast<NodeId>((pe + 1) % n_) : uniform_pe(rng, n_), t.a + 1));
  }

 private:
  int n_, offset_;
  bool succ_ = false;  // next=succ: PE i passes the token to PE i+1 (an engagement chain)
  double p_, branch_;
  std::int64_t maxsteps_;
};

// ---- Bosilca §5.2: non-deterministic binary tree (1-D projection model) ---------------
class Tree : public Workload {
 public:
  Tree(Params& p, int n, int offset) : n_(n), offset_(offset) {
    lambda_ = p.d("lambda", 0.8, 0.0, 1.0);
    lmin_ = static_cast<int>(p.i("lmin", 3, 1, 64));
    lmax_ = static_cast<int>(p.i("lmax", 30, 1, 100000));
    map_ = p.s("map", "rr", {"rr", "random"});
    target_ = p.i("n", 0, 0, 200'000'000);
    maxnodes_ = p.i("maxnodes", 20'000'000, 1, 500'000'000);
  }
  void initial(Rng& rng, std::vector<Spawn>& out) override {
    for (int attempt = 0;; ++attempt) {
      generate(rng);
      if (target_ == 0 || static_cast<std::int64_t>(level_.size()) >= target_) break;
      if (attempt == 50)
        throw ConfigError("--workload tree: key 'n': " + std::to_string(target_) +
                          " nodes not reached in 50 trees; raise lambda or lmax");
    }
    out.push_back(mk(pe_of(0), 0, 0, 1));
  }
  void execute(const Task& t, NodeId, Rng&, std::vector<Spawn>& out) override {
    const auto x = static_cast<std::size_t>(t.a);
    for (int k = 0; k < nchild_[x]; ++k) {
      const std::int64_t c = first_[x] + k;
      out.push_back(mk(pe_of(c), c, 0, level_[static_cast<std::size_t>(c)] + 1));
    }
  }
  /// Number of nodes of the generated tree.
  std::size_t size() const { return level_.size(); }

 private:
  NodeId pe_of(std::int64_t x) const {
    if (map_ == "rr") return static_cast<NodeId>((x + offset_) % n_);
    return map_pe_[static_cast<std::size_t>(x)];
  }
  // Steps (1)-(4) of §5.2, generated breadth-first so that node indices are the paper's
  // BFS labels. Height counts levels (the reading that yields the paper's tree sizes): the start tree has levels
  // 0..lmin-1; a refined leaf at level l (probability lambda^l) becomes the root of a complete subtree of h in [2, 5]
  // levels; nodes at level >= lmax are cropped.
  void generate(Rng& rng) {
    level_.clear();
    first_.clear();
    nchild_.clear();
    map_pe_.clear();
    std::vector<std::int8_t> rem;  // levels still guaranteed below the node
    auto add = [&](std::int32_t lvl, std::int8_t r) {
      level_.push_back(lvl);
      first_.push_back(-1);
      nchild_.push_back(0);
      rem.push_back(r);
      if (map_ == "random") map_pe_.push_back(uniform_pe(rng, n_));
    };
    add(0, static_cast<std::int8_t>(lmin_ - 1));
    std::uniform_int_distribution<int> hdist(2, 5);
    for (std::size_t i = 0; i < level_.size(); ++i) {
      const std::int32_t l = level_[i];
      int r = rem[i];
      if (r == 0 && coin(rng, std::pow(lambda_, l))) r = hdist(rng) - 1;
      if (r == 0 || l + 1 >= lmax_) continue;
      int k = 2;
      if (target_ > 0)
        k = static_cast<int>(std::min<std::int64_t>(2, target_ - static_cast<std::int64_t>(level_.size())));
      if (k <= 0) continue;
      first_[i] = static_cast<std::int64_t>(level_.size());
      nchild_[i] = static_cast<std::int8_t>(k);
      for (int c = 0; c < k; ++c) add(l + 1, static_cast<std::int8_t>(r - 1));
      if (static_cast<std::int64_t>(level_.size()) > maxnodes_)
        throw ConfigError("--workload tree: key 'maxnodes': tree exceeds " + std::to_string(maxnodes_) +
                          " nodes; lower lambda or lmax, or set n");
    }
  }
  int n_, offset_;
  double lambda_;
  int lmin_, lmax_;
  std::string map_;
  std::int64_t target_, maxnodes_;
  std::vector<std::int32_t> level_;
  std::vector<std::int64_t> first_;
  std::vector<std::int8_t> nchild_;
  std::vector<NodeId> map_pe_;
};

// ---- static fork-join ------------------------------------------------------------------
class ForkJoin : public Workload {
 public:
  ForkJoin(Params& p, int n, int offset) : n_(n), offset_(offset) {
    width_ = p.i("width", 16, 1, 10'000'000);
    rounds_ = p.i("rounds", 3, 1, 1'000'000);
    map_ = p.s("map", "rr", {"rr", "random"});
  }
  void initial(Rng&, std::vector<Spawn>& out) override { out.push_back(mk(root(), 0, kFork)); }
  void execute(const Task& t, NodeId, Rng& rng, std::vector<Spawn>& out) override {
    if (t.b == kWork) {
      out.push_back(mk(root(), t.a, kJoin));
      return;
    }
    std::int64_t round = t.a;
    if (t.b == kJoin) {
      if (++joined_[round] < width_) return;
      if (++round >= rounds_) return;
    }
    for (std::int64_t i = 0; i < width_; ++i) {
      const NodeId pe = map_ == "rr" ? static_cast<NodeId>((i + 1 + offset_) % n_) : uniform_pe(rng, n_);
      out.push_back(mk(pe, round, kWork));
    }
  }

 private:
  enum { kFork = 0, kWork = 1, kJoin = 2 };
  NodeId root() const { return static_cast<NodeId>(offset_ % n_); }
  int n_, offset_;
  std::int64_t width_, rounds_;
  std::string map_;
  std::map<std::int64_t, std::int64_t> joined_;
};

// ---- random spawning DAG with a bound on live tasks -----------------------------------
class Dag : public Workload {
 public:
  Dag(Params& p, int n, int offset) : n_(n), offset_(offset) {
    budget_ = p.i("tasks", 1000, 1, 1'000'000'000);
    maxlive_ = p.i("live", 64, 1, 1'000'000'000);
    maxk_ = p.i("maxk", 3, 0, 1000);
    join_ = p.d("join", 0.2, 0.0, 1.0);
    map_ = p.s("map", "random", {"rr", "random"});
  }
  void initial(Rng&, std::vector<Spawn>& out) override {
    created_ = live_ = 1;
    out.push_back(mk(static_cast<NodeId>(offset_ % n_), 0));
  }
  void execute(const Task&, NodeId, Rng& rng, std::vector<Spawn>& out) override {
    --live_;
    auto place = [&]() { return map_ == "rr" ? static_cast<NodeId>((created_ + offset_) % n_) : uniform_pe(rng, n_); };
    // A pending join node has two predecessors: the task that created it and the next task
    // to complete, which spawns it.
    if (join_pending_) {
      join_pending_ = false;
      ++live_;
      out.push_back(mk(place(), created_++));
    }
    std::int64_t k = std::uniform_int_distribution<std::int64_t>(0, maxk_)(rng);
    if (live_ == 0 && !join_pending_ && created_ < budget_) k = std::max<std::int64_t>(k, 1);
    for (std::int64_t j = 0; j < k; ++j) {
      if (created_ >= budget_ || live_ >= maxlive_) break;
      if (!join_pending_ && live_ > 0 && coin(rng, join_)) {
        join_pending_ = true;  // spawned when a second task completes
        continue;
      }
      ++live_;
      out.push_back(mk(place(), created_++));
    }
    if (join_pending_ && live_ == 0) {  // nobody left to release it: release now
      join_pending_ = false;
      ++live_;
      out.push_back(mk(place(), created_++));
    }
  }

 private:
  int n_, offset_;
  std::int64_t budget_, maxlive_, maxk_;
  double join_;
  std::string map_;
  std::int64_t created_ = 0, live_ = 0;
  bool join_pending_ = false;
};

// ---- Tseng Fig. 4.5: extreme dispatching patterns --------------------------------------
class Tseng45 : public Workload {
 public:
  Tseng45(Params& p, int n, int offset) : n_(n), offset_(offset) {
    case_ = p.s("case", "a", {"a", "b", "c"});
    t_ = p.i("t", 64, 1, 100'000'000);
  }
  void initial(Rng&, std::vector<Spawn>& out) override {
    if (case_ == "c") {
      for (std::int64_t j = 0; j < t_; ++j) out.push_back(mk(pe(j), j, 0, 1));
    } else {
      out.push_back(mk(pe(0), 0, 0, 1));
    }
  }
  void execute(const Task& t, NodeId, Rng&, std::vector<Spawn>& out) override {
    if (case_ == "a") {  // (a) every task on its own level, adjacent levels on distinct PEs
      if (t.a + 1 < t_) out.push_back(mk(pe(t.a + 1), t.a + 1));
    } else if (case_ == "b" && t.level == 1) {  // (b) one task spawns the other T-1 to level 2
      for (std::int64_t j = 1; j < t_; ++j)
        out.push_back(mk(n_ > 1 ? static_cast<NodeId>((offset_ + 1 + (j - 1) % (n_ - 1)) % n_) : 0, j));
    }
  }

 private:
  NodeId pe(std::int64_t j) const { return static_cast<NodeId>((j + offset_) % n_); }
  int n_, offset_;
  std::string case_;
  std::int64_t t_;
};

// ---- Tseng Fig. 4.7: worst cases of CV and LTD -----------------------------------------
// One task on each of PEs 0..N-2 (a chain PE i -> i+1) and the other T-N+1 tasks on the
// last PE; every PE above the last one sends it at least one task.
class Tseng47 : public Workload {
 public:
  Tseng47(Params& p, int n) : n_(n) {
    if (n < 2) throw ConfigError("--workload tseng47: needs --pes >= 2");
    t_ = p.i("t", 4 * n, 1, 100'000'000);
    if (t_ < 2 * static_cast<std::int64_t>(n) - 2)
      throw ConfigError("--workload tseng47: key 't': must be at least 2*pes-2 = " + std::to_string(2 * n - 2));
  }
  void initial(Rng&, std::vector<Spawn>& out) override { out.push_back(mk(0, 0, kChain, 1)); }
  void execute(const Task& t, NodeId, Rng&, std::vector<Spawn>& out) override {
    if (t.b != kChain || t.a >= n_ - 1) return;
    const std::int64_t i = t.a;
    out.push_back(mk(static_cast<NodeId>(i + 1), i + 1, kChain));
    const std::int64_t extras = t_ - n_;
    const std::int64_t mine = extras / (n_ - 1) + (i < extras % (n_ - 1) ? 1 : 0);
    for (std::int64_t k = 0; k < mine; ++k) out.push_back(mk(static_cast<NodeId>(n_ - 1), -1, kExtra));
  }

 private:
  enum { kChain = 0, kExtra = 1 };
  int n_;
  std::int64_t t_;
};

// ---- Unbalanced Tree Search (Olivier et al., LCPC 2006) --------------------------------
// Each UTS node is one task. A task carries the slot of its node's SHA-1 state (a) and the
// node's depth (b); the states of pending nodes live here, so memory follows the live
// tasks, not the tree.
class Uts : public Workload {
 public:
  Uts(Params& p, int n, int offset) : gen_(read(p)), n_(n), offset_(offset) {
    map_ = p.s("map", "random", {"random", "rr", "local"});
    maxnodes_ = p.i("maxnodes", 20'000'000, 1, 500'000'000);
  }
  void initial(Rng&, std::vector<Spawn>& out) override {
    out.push_back(mk(static_cast<NodeId>(offset_ % n_), store(gen_.root()), 0));
    created_ = 1;
  }
  /// map=local: children stay on the spawning PE and idle PEs steal (issue 15 item 1).
  bool steals() const override { return map_ == "local"; }
  void execute(const Task& t, NodeId pe, Rng& rng, std::vector<Spawn>& out) override {
    const auto slot = static_cast<std::size_t>(t.a);
    const uts::State s = states_[slot];
    free_.push_back(slot);
    const int height = static_cast<int>(t.b);
    const int k = gen_.num_children(s, height);
    for (int i = 0; i < k; ++i) {
      if (++created_ > maxnodes_)
        throw ConfigError("--workload uts: key 'maxnodes': the tree has more than " + std::to_string(maxnodes_) +
                          " nodes");
      NodeId dst = pe;
      if (map_ == "rr") dst = static_cast<NodeId>((created_ - 1 + offset_) % n_);
      if (map_ == "random") dst = uniform_pe(rng, n_);
      out.push_back(mk(dst, store(gen_.child(s, i)), height + 1));
    }
  }

  /// Reads the tree keys: `tree=T1..T5`, or the custom parameters (not both).
  static uts::Params read(Params& p) {
    static const char* const kCustom[] = {"type", "shape", "depth", "b0", "q", "m", "rootseed", "shift"};
    const std::string tree = p.s("tree", "", {"T1", "T2", "T3", "T4", "T5"});
    if (!tree.empty()) {
      for (const char* k : kCustom)
        if (p.has(k))
          throw ConfigError(std::string("--workload uts: key '") + k + "': not with tree=" + tree +
                            " (a sample tree fixes all its parameters)");
      return uts::sample_tree(tree);
    }
    uts::Params u;
    const std::string type = p.s("type", "geometric", {"binomial", "geometric", "hybrid"});
    u.type = type == "binomial" ? uts::TreeType::Binomial
             : type == "hybrid" ? uts::TreeType::Hybrid
                                : uts::TreeType::Geometric;
    const std::string shape = p.s("shape", "linear", {"linear", "expdec", "cyclic", "fixed"});
    u.shape = shape == "expdec"   ? uts::Shape::Expdec
              : shape == "cyclic" ? uts::Shape::Cyclic
              : shape == "fixed"  ? uts::Shape::Fixed
                                  : uts::Shape::Linear;
    // expdec divides by log(depth): depth 1 would make every b_i infinite.
    u.depth = static_cast<int>(p.i("depth", 6, u.shape == uts::Shape::Expdec ? 2 : 1, 100'000));
    u.b0 = p.d("b0", 4.0, 0.0, 100'000.0);
    u.q = p.d("q", 15.0 / 64.0, 0.0, 1.0);
    u.m = static_cast<int>(p.i("m", 4, 0, uts::kMaxChildren));
    u.root_seed = static_cast<std::int32_t>(p.i("rootseed", 0, INT32_MIN, INT32_MAX));
    u.shift = p.d("shift", 0.5, 0.0, 1.0);
    // A binomial part with q*m >= 1 is critical or supercritical: the tree is infinite with
    // positive probability (q*m > 1) or has an infinite expected size (q*m = 1).
    if (u.type != uts::TreeType::Geometric && u.q * u.m >= 1.0)
      throw ConfigError("--workload uts: keys 'q' and 'm': q*m = " + std::to_string(u.q * u.m) +
                        " must be < 1 (legal: q in [0, 1], m in [0, 100], q*m < 1), or the tree may never end");
    if (u.type != uts::TreeType::Binomial && u.b0 > uts::kMaxChildren)
      throw ConfigError("--workload uts: key 'b0': " + std::to_string(u.b0) +
                        " is out of range [0, 100] for type=" + type + " (UTS caps a node at 100 children)");
    return u;
  }

  // A node's 20-byte state travels in three words (tdmpi); the slot here is freed.
  void export_task(const Task& t, std::vector<std::int64_t>& out) override {
    const auto slot = static_cast<std::size_t>(t.a);
    std::int64_t w[3] = {0, 0, 0};
    std::memcpy(w, states_[slot].data(), states_[slot].size());
    out.insert(out.end(), w, w + 3);
    free_.push_back(slot);
  }
  void import_task(Task& t, const std::int64_t* in, std::size_t n) override {
    if (n != 3) throw std::logic_error("uts: a task arrived without its node state");
    uts::State s{};
    std::memcpy(s.data(), in, s.size());
    t.a = store(s);
  }

 private:
  std::int64_t store(const uts::State& s) {
    if (free_.empty()) {
      states_.push_back(s);
      return static_cast<std::int64_t>(states_.size() - 1);
    }
    const std::size_t slot = free_.back();
    free_.pop_back();
    states_[slot] = s;
    return static_cast<std::int64_t>(slot);
  }
  uts::Generator gen_;
  int n_, offset_;
  std::string map_;
  std::int64_t maxnodes_;
  std::int64_t created_ = 0;
  std::vector<uts::State> states_;
  std::vector<std::size_t> free_;
};

}  // namespace

std::vector<std::string> workload_names() { return {"ring", "tree", "forkjoin", "dag", "tseng45", "tseng47", "uts"}; }

std::string workload_help(const std::string& name) {
  if (name == "ring")
    return "token ring / random walk (Bosilca 5.1, 6.2a): p=0.99 branch=0 maxsteps=1000000 next=random|succ";
  if (name == "tree")
    return "binary-tree projection (Bosilca 5.2): lambda=0.8 lmin=3 lmax=30 map=rr|random n=0 maxnodes=20000000";
  if (name == "forkjoin") return "static fork-join: width=16 rounds=3 map=rr|random";
  if (name == "dag") return "random spawning DAG: tasks=1000 live=64 maxk=3 join=0.2 map=random|rr";
  if (name == "tseng45") return "Tseng Fig. 4.5 extreme dispatching: case=a|b|c t=64";
  if (name == "tseng47") return "Tseng Fig. 4.7 CV/LTD worst case: t=4*pes (>= 2*pes-2)";
  if (name == "uts")
    return "Unbalanced Tree Search (Olivier et al. 2006): tree=T1|T2|T3|T4|T5, or type=geometric|binomial|hybrid "
           "shape=linear|expdec|cyclic|fixed depth=6 b0=4 q=0.234375 m=4 rootseed=0 shift=0.5; "
           "map=random|rr|local (local: idle PEs steal) maxnodes=20000000";
  return "";
}

int workload_barriers(const WorkloadSpec& spec) {
  detail::KvReader r("--workload " + spec.name, spec.params);
  return static_cast<int>(r.i("barriers", 1, 1, 4096));
}

std::unique_ptr<Workload> make_workload(const WorkloadSpec& spec, int npes, int barrier, int nbarriers) {
  Params p("--workload " + spec.name, spec.params);
  const int offset = static_cast<int>(static_cast<std::int64_t>(barrier) * npes / std::max(nbarriers, 1));
  std::unique_ptr<Workload> w;
  if (spec.name == "ring")
    w = std::make_unique<Ring>(p, npes, offset);
  else if (spec.name == "tree")
    w = std::make_unique<Tree>(p, npes, offset);
  else if (spec.name == "forkjoin")
    w = std::make_unique<ForkJoin>(p, npes, offset);
  else if (spec.name == "dag")
    w = std::make_unique<Dag>(p, npes, offset);
  else if (spec.name == "tseng45")
    w = std::make_unique<Tseng45>(p, npes, offset);
  else if (spec.name == "tseng47")
    w = std::make_unique<Tseng47>(p, npes);
  else if (spec.name == "uts")
    w = std::make_unique<Uts>(p, npes, offset);
  else
    throw ConfigError("--workload: unknown workload '" + spec.name + "' (see tdsim --list)");
  p.known("barriers");  // read by workload_barriers
  p.done();
  return w;
}

}  // namespace td
