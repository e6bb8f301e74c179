// SPDX-License-Identifier: Apache-2.0
// The overlap unit's abstract datapath around the contract (include/dsbc/ovl/datapath.h).
#include "dsbc/ovl/datapath.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace dsbc::ovl {

Datapath::Datapath(const Params& p)
    : p_(p),
      pair_seq_(p),
      global_(p),
      count_(idx(p.pes), std::vector<int64_t>(idx(p.barriers), 0)),
      word_{-1, 0, std::vector<int64_t>(idx(p.pes), 0), std::vector<int64_t>(idx(p.pes), 0)},
      tail_(word_),
      dirty_(idx(p.pairs()), std::vector<uint8_t>(idx(p.barriers), 0)),
      dirty_prev_(dirty_),
      dirty_start_(dirty_),
      fill_(idx(p.pes), 0) {}

int64_t Datapath::protocol_errors() const {
  return pair_seq_.protocol_errors() + global_.sequencer().protocol_errors();
}

const CycleStart& Datapath::begin(int64_t x) {
  if (x != x_ + 1) throw std::logic_error("ovl::Datapath::begin: cycles must follow one another");
  x_ = x;
  dirty_start_ = dirty_;
  cs_ = CycleStart{};
  const auto [load, done] = global_.broadcast(x);
  cs_.load = load;
  cs_.done = done;
  std::optional<Exit> global_exit;
  cs_.slot = pair_seq_.step(x, load, done, &cs_.exit);
  const Slot global_slot = global_.sequencer().step(x, load, done, &global_exit);
  if (!(cs_.slot == global_slot)) ++sequencer_splits_;
  if (cs_.completion()) {
    // The rebase and the pushes of the word that exits, with that word's own barrier and
    // snapshot: under pipe_end the tail's, while a newer word already runs (overlap.md 13a).
    const uint32_t b = cs_.exit->barrier;
    const bool tail = cs_.exit->head == tail_.head;
    const std::vector<int64_t>& snap = tail ? tail_.snap : word_.snap;
    const std::vector<int64_t>& since = tail ? tail_.since_cut : word_.since_cut;
    for (size_t pe = 0; pe < snap.size(); ++pe) {
      ++fill_[pe];
      count_[pe][b] -= snap[pe];
      // After its rebase each PE's count is its own commits since the word's cut.
      if (count_[pe][b] != since[pe]) ++rebase_errors_;
    }
    rebased_[b] = {x, snap};
    last_rebase_ = snap;
  }
  // The contract's own lines, the key digits from the dirty set one cycle old (RTL); before the
  // head's snapshot: a kCountHead slot's count bit is the old word's (a HEAD's lines are 0).
  const PairView view{&dirty_, &dirty_prev_, &fill_, &word_.snap};
  if (pair_lines(p_, cs_.slot, pair_seq_.cnt2(), view, &lines_)) global_.decide(x, cs_.slot, lines_);
  if (cs_.head()) {
    const uint32_t b = cs_.slot.barrier;
    // An older word still waiting for its exit keeps its snapshot (pipe_end's tail).
    if (pair_seq_.tail_pending()) std::swap(tail_, word_);
    word_.head = x;
    word_.barrier = b;
    std::vector<int64_t>& snap = word_.snap;
    for (size_t pe = 0; pe < snap.size(); ++pe) snap[pe] = count_[pe][b];
    std::fill(word_.since_cut.begin(), word_.since_cut.end(), 0);
    auto rb = rebased_.find(b);
    if (rb != rebased_.end() && x - rb->second.first <= 3) {
      // The RTL reads the count before its rebase; the completed snapshot's global sum is 0,
      // so the global sum (and the exit) is the same either way.
      ++same_barrier_heads_;
      int64_t before = 0;
      int64_t after = 0;
      for (size_t pe = 0; pe < snap.size(); ++pe) {
        before += snap[pe] + rb->second.second[pe];
        after += snap[pe];
      }
      if (before != after) ++rebase_sum_errors_;
    }
    for (auto& d : dirty_) d[b] = 0;
  }
  return cs_;
}

bool Datapath::pop(int pe) {
  if (fill_[idx(pe)] == 0) return false;
  --fill_[idx(pe)];
  return true;
}

void Datapath::commit(int pe, uint32_t b, int delta) {
  count_[idx(pe)][b] += delta;
  if (cs_.head() && cs_.slot.barrier == b && (pe & 1) != 0 && (x_ & 1) == 0) {
    word_.snap[idx(pe)] += delta;  // B's commit of an even head cycle is in the phase-locked cut
  } else {
    dirty_[idx(pe >> 1)][b] = 1;
    if (word_.barrier == b) word_.since_cut[idx(pe)] += delta;
  }
  if (pair_seq_.tail_pending() && tail_.barrier == b) tail_.since_cut[idx(pe)] += delta;
}

void Datapath::end() { dirty_prev_ = dirty_start_; }

}  // namespace dsbc::ovl
