// SPDX-License-Identifier: Apache-2.0
// Charm++-style quiescence detection (Sinha, Kalé, Ramkumar, "A dynamic and adaptive
// quiescence detection algorithm", 1993; the Charm++ manual's CkStartQD): every PE counts
// the messages it created and processed, waves sum the counters over a spanning tree, and
// quiescence is declared when two consecutive waves see the same totals with created ==
// processed. The waves are Runtime::start_collective (MPI_Iallreduce over MPI).
// docs/td.md, "qd", gives the correctness argument.
#include "opts.h"

namespace td::detail {
namespace {

// A Charm++ message is an entry-method invocation, local or remote; ours is a task: it is
// created when it is placed or spawned (on either PE) and processed when it completes.
class Qd : public Detector {
 public:
  Qd(Runtime& m, int b, std::int64_t patience)
      : m_(m), b_(b), patience_(patience), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "wave"}; }
  void on_initial(NodeId pe, Task&) override { ++st_[static_cast<std::size_t>(pe)].created; }
  void on_produce(NodeId pe, Task&, Task&, bool) override { ++st_[static_cast<std::size_t>(pe)].created; }
  void on_start() override {
    for (NodeId p = 0; p < m_.npes(); ++p) {
      st_[static_cast<std::size_t>(p)].waiting = true;
      if (!m_.busy(p, b_)) enter(p);
    }
  }
  // Wave entry: when the PE is idle, or (a long busy phase must not stall the wave) at the
  // end of its `patience`-th task since the wave became due. Charm++ itself handles the
  // QD message at the next scheduling point, which is patience=1.
  void on_consume(NodeId pe, const Task&) override {
    auto& s = st_[static_cast<std::size_t>(pe)];
    ++s.processed;
    if (s.waiting && ++s.tasks_waited >= patience_) enter(pe);
  }
  void on_idle(NodeId pe) override {
    if (st_[static_cast<std::size_t>(pe)].waiting) enter(pe);
  }
  void on_control(NodeId, Message&) override {}
  void on_collective(NodeId p, std::int64_t, const std::vector<std::int64_t>& sums) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    const std::int64_t created = sums.at(0), processed = sums.at(1);
    if (p == 0) ++waves_;
    if (created == processed && created == s.prev_created && processed == s.prev_processed) {
      m_.declare(p, b_);
      return;
    }
    s.prev_created = created;
    s.prev_processed = processed;
    s.waiting = true;
    s.tasks_waited = 0;
    if (!m_.busy(p, b_)) enter(p);
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"waves", waves_}}; }

 private:
  enum : std::int16_t { kWave = 2 };
  struct St {
    std::int64_t created = 0, processed = 0;              // this PE's cumulative counters
    std::int64_t prev_created = -1, prev_processed = -1;  // totals of the previous wave
    bool waiting = false;                                 // the next wave is due here
    std::int64_t tasks_waited = 0;                        // tasks completed while it was due
  };
  void enter(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    s.waiting = false;
    m_.start_collective(p, b_, kWave, {s.created, s.processed});
  }
  Runtime& m_;
  int b_;
  std::int64_t patience_;
  std::vector<St> st_;
  std::int64_t waves_ = 0;
};

}  // namespace

DetectorFactory make_qd(OptReader& r) {
  const std::int64_t patience = r.i("patience", 16, 1, std::int64_t{1} << 40);
  return [patience](Runtime& m, int b) { return std::make_unique<Qd>(m, b, patience); };
}

}  // namespace td::detail
