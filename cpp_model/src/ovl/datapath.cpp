// SPDX-License-Identifier: Apache-2.0
// The overlap unit's abstract datapath around the contract (include/dsbc/ovl/datapath.h).
#include "dsbc/ovl/datapath.h"

#include <stdexcept>

namespace dsbc::ovl {

Datapath::Datapath(const Params& p)
    : p_(p),
      pair_seq_(p),
      global_(p),
      count_(idx(p.pes), std::vector<int64_t>(idx(p.barriers), 0)),
      snap_(idx(p.pes), 0),
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
    const uint32_t b = cs_.exit->barrier;
    for (size_t pe = 0; pe < snap_.size(); ++pe) {
      ++fill_[pe];
      count_[pe][b] -= snap_[pe];
    }
    rebased_[b] = {x, snap_};
    last_rebase_ = snap_;
  }
  if (cs_.head()) {
    const uint32_t b = cs_.slot.barrier;
    for (size_t pe = 0; pe < snap_.size(); ++pe) snap_[pe] = count_[pe][b];
    auto rb = rebased_.find(b);
    if (rb != rebased_.end() && x - rb->second.first <= 3) {
      // The RTL reads the count before its rebase; the completed snapshot's global sum is 0,
      // so the global sum (and the exit) is the same either way.
      ++same_barrier_heads_;
      int64_t before = 0;
      int64_t after = 0;
      for (size_t pe = 0; pe < snap_.size(); ++pe) {
        before += snap_[pe] + rb->second.second[pe];
        after += snap_[pe];
      }
      if (before != after) ++rebase_sum_errors_;
    }
    for (auto& d : dirty_) d[b] = 0;
  }
  // The contract's own lines, the key digits from the dirty set one cycle old (RTL).
  const PairView view{&dirty_, &dirty_prev_, &fill_, &snap_};
  if (pair_lines(p_, cs_.slot, pair_seq_.cnt2(), view, &lines_)) global_.decide(x, cs_.slot, lines_);
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
    snap_[idx(pe)] += delta;  // B's commit of an even head cycle is in the phase-locked cut
  } else {
    dirty_[idx(pe >> 1)][b] = 1;
  }
}

void Datapath::end() { dirty_prev_ = dirty_start_; }

}  // namespace dsbc::ovl
