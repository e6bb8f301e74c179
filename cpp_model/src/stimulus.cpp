// SPDX-License-Identifier: Apache-2.0
#include "dsbc/stimulus.h"

#include <algorithm>

namespace dsbc {

Stimulus::Stimulus(const Config& cfg, const StimulusOptions& opt, uint64_t seed) : cfg_(cfg), opt_(opt), rng_(seed) {
  cfg_.validate();
  pe_.resize(cfg_.pes);
  for (Pe& p : pe_) p.popped.assign(cfg_.barriers, 0);
  barrier_.resize(cfg_.barriers);
  if (opt_.max_open_barriers <= 0) opt_.max_open_barriers = cfg_.barriers;
}

bool Stimulus::popping(uint64_t cycle, int pe) const {
  if (draining_ || opt_.stubborn_cycles == 0 || opt_.stubborn_period == 0) return true;
  const uint64_t round = cycle / opt_.stubborn_period;
  const bool stubborn_now = (cycle % opt_.stubborn_period) < opt_.stubborn_cycles;
  return !(stubborn_now && static_cast<int>(round % cfg_.pes) == pe);
}

void Stimulus::send(uint64_t now, int from, uint32_t b) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int to = from;
  if (cfg_.pes > 1 && u(rng_) < opt_.migrate_prob) {
    std::uniform_int_distribution<int> other(0, cfg_.pes - 2);
    to = other(rng_);
    if (to >= from) ++to;
  }
  std::uniform_int_distribution<uint32_t> lat(opt_.transit_min, opt_.transit_max);
  transit_.push_back({now + lat(rng_), to, b});
}

Inputs Stimulus::next(uint64_t cycle, const Outputs& out) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const int n = cfg_.pes;
  Inputs in;
  in.pe.resize(n);

  // Completions seen by the global logic: the epoch is over.
  if (out.global.done) {
    Barrier& bar = barrier_[out.global.done_barrier];
    ++bar.completions;
    if (bar.phase == BarrierPhase::Running && bar.live == 0) {
      bar.phase = BarrierPhase::Idle;
      --running_;
    }
  }

  // Acknowledges of the requests accepted last cycle.
  for (int p = 0; p < n; ++p) {
    Pe& pe = pe_[p];
    if (!pe.accepted) continue;
    pe.accepted = false;
    const Op op = pe.in_flight;
    Barrier& bar = barrier_[op.barrier];
    const bool refused = out.pe[p].ack_refused;
    switch (op.kind) {
      case Kind::Root:
        if (refused) {
          bar.live = 0;
          bar.phase = BarrierPhase::Idle;
          --running_;
        } else {
          pe.held.push_back(op.barrier);
          ++tasks_produced_;
        }
        break;
      case Kind::Child:
        if (refused) {
          --bar.live;  // the child is simply not produced
        } else {
          send(cycle, p, op.barrier);
          ++tasks_produced_;
        }
        break;
      case Kind::Consume:
        if (refused) {
          send(cycle, p, op.barrier);  // this PE cannot count it: hand the task on
        } else {
          --bar.live;
        }
        break;
    }
  }

  // Tasks arriving now start executing at their destination.
  for (size_t i = 0; i < transit_.size();) {
    if (transit_[i].arrival <= cycle) {
      pe_[transit_[i].pe].held.push_back(transit_[i].barrier);
      transit_[i] = transit_.back();
      transit_.pop_back();
    } else {
      ++i;
    }
  }

  for (int p = 0; p < n; ++p) {
    Pe& pe = pe_[p];
    // Executing tasks spawn children or finish. A finishing task's -1 is queued after its
    // children's +1, and requests commit in order, so the global count never dips early.
    if (pe.ops.size() < 8) {
      for (size_t t = 0; t < pe.held.size();) {
        const uint32_t b = pe.held[t];
        if (u(rng_) >= opt_.act_prob) {
          ++t;
          continue;
        }
        Barrier& bar = barrier_[b];
        if (!draining_ && u(rng_) < opt_.spawn_prob && bar.live < opt_.max_live_tasks) {
          ++bar.live;
          pe.ops.push_back({Kind::Child, b});
          ++t;
        } else {
          pe.ops.push_back({Kind::Consume, b});
          pe.held[t] = pe.held.back();
          pe.held.pop_back();
        }
      }
    }
    // Start an epoch: only of an idle barrier whose every completion this PE has popped.
    if (!draining_ && running_ < opt_.max_open_barriers && u(rng_) < opt_.start_prob) {
      std::uniform_int_distribution<uint32_t> pick(0, cfg_.barriers - 1);
      const uint32_t b = pick(rng_);
      Barrier& bar = barrier_[b];
      if (bar.phase == BarrierPhase::Idle && pe.popped[b] == bar.completions) {
        bar.phase = BarrierPhase::Running;
        bar.live = 1;
        ++running_;
        ++epochs_started_;
        pe.ops.push_back({Kind::Root, b});
      }
    }
    // Present the oldest request.
    PeIn& pin = in.pe[p];
    if (!pe.ops.empty()) {
      pin.req_valid = true;
      pin.req_barrier = pe.ops.front().barrier;
      pin.req_dec = pe.ops.front().kind == Kind::Consume;
      if (out.pe[p].req_ready) {
        pe.in_flight = pe.ops.front();
        pe.ops.pop_front();
        pe.accepted = true;
      }
    }
    // Pop completions, with random stalls.
    if (out.pe[p].fifo_valid && popping(cycle, p) && (draining_ || u(rng_) < opt_.pop_prob)) {
      pin.fifo_pop = true;
      ++pe.popped[out.pe[p].fifo_barrier];
    }
  }

  return in;
}

bool Stimulus::quiescent(const Outputs& out) const {
  if (!transit_.empty() || running_ != 0) return false;
  for (int p = 0; p < cfg_.pes; ++p) {
    const Pe& pe = pe_[p];
    if (!pe.ops.empty() || pe.accepted || !pe.held.empty() || out.pe[p].fifo_valid) return false;
  }
  return true;
}

}  // namespace dsbc
