// SPDX-License-Identifier: Apache-2.0
#include "dsbc/stimulus.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace dsbc {

namespace {

void set_bit(std::vector<uint64_t>& bits, int p) { bits[static_cast<size_t>(p) / 64] |= uint64_t{1} << (p % 64); }

}  // namespace

Stimulus::Stimulus(const Config& cfg, const StimulusOptions& opt, uint64_t seed)
    : cfg_(cfg),
      opt_(opt),
      rng_(seed),
      act_threshold_(Rng::threshold(opt.act_prob)),
      spawn_threshold_(Rng::threshold(opt.spawn_prob)),
      migrate_threshold_(Rng::threshold(opt.migrate_prob)),
      pop_threshold_(Rng::threshold(opt.pop_prob)),
      start_log_fail_(Rng::log_fail(opt.start_prob)) {
  cfg_.validate();
  if (opt_.transit_min > opt_.transit_max) throw std::invalid_argument("StimulusOptions: transit_min > transit_max");
  pe_.resize(cfg_.pes);
  for (Pe& p : pe_) {
    p.popped.assign(cfg_.barriers, 0);
  }
  for (int p = 0; p < cfg_.pes; ++p) next_try_.push_back(next_try_after(0));
  const size_t words = (static_cast<size_t>(cfg_.pes) + 63) / 64;
  busy_.assign(words, 0);
  fifo_.assign(words, 0);
  try_wheel_.assign(kTryWheel * words, 0);
  far_tries_.assign(words, 0);  // the wheel is filled by the first call of next() (place_tries)
  barrier_.resize(cfg_.barriers);
  wheel_.resize(static_cast<size_t>(opt_.transit_max) + 1);
  if (opt_.max_open_barriers <= 0) opt_.max_open_barriers = cfg_.barriers;
}

int Stimulus::stubborn_pe(uint64_t cycle) {
  if (draining_ || opt_.stubborn_cycles == 0 || opt_.stubborn_period == 0) return -1;
  // The period's start and its PE are kept from the last call: the divisions (a 64-bit one
  // costs tens of cycles, every cycle) are made only when `cycle` leaves that period.
  if (cycle < stub_start_ || cycle - stub_start_ >= opt_.stubborn_period) {
    stub_start_ = cycle - cycle % opt_.stubborn_period;
    stub_pe_ = static_cast<int>((cycle / opt_.stubborn_period) % static_cast<uint64_t>(cfg_.pes));
  }
  return cycle - stub_start_ < opt_.stubborn_cycles ? stub_pe_ : -1;
}

void Stimulus::send(int from, uint32_t b) {
  int to = from;
  if (cfg_.pes > 1 && rng_.bernoulli(migrate_threshold_)) {
    to = static_cast<int>(rng_.below(static_cast<uint32_t>(cfg_.pes - 1)));  // uniform over the others
    if (to >= from) ++to;
  }
  const uint64_t lat = opt_.transit_min + rng_.below(opt_.transit_max - opt_.transit_min + 1);
  // lat <= transit_max < the wheel's size: at most one turn ahead of this cycle's slot.
  const size_t at = now_slot_ + lat;
  wheel_[at >= wheel_.size() ? at - wheel_.size() : at].push_back({to, b});
  ++in_transit_;
}

void Stimulus::arrive(uint64_t cycle) {
  // Every task in the wheel arrives in [wheel_next_, wheel_next_ + transit_max]: past that
  // window's end one turn delivers them all. Called once per cycle, that is this cycle's slot.
  const uint64_t w = wheel_.size();
  for (uint64_t c = std::max(wheel_next_, cycle + 1 >= w ? cycle + 1 - w : 0); c <= cycle; ++c) {
    std::vector<Transit>& slot = wheel_[c == cycle ? now_slot_ : c % w];
    for (const Transit& t : slot) {
      pe_[t.pe].held.push_back(t.barrier);
      set_bit(busy_, t.pe);
    }
    in_transit_ -= slot.size();
    slot.clear();
  }
  wheel_next_ = cycle + 1;
  next_slot_ = now_slot_ + 1 == w ? 0 : now_slot_ + 1;
}

uint64_t Stimulus::next_try_after(uint64_t from) {
  const uint64_t gap = rng_.geometric(start_log_fail_);
  return gap >= Rng::kNever - from ? Rng::kNever : from + gap;
}

void Stimulus::place_try(int p, uint64_t cycle) {
  // A try already due (only place_tries meets one) goes into this cycle's slot.
  const uint64_t t = std::max(next_try_[p], cycle);
  const size_t w = static_cast<size_t>(p) / 64;
  const uint64_t bit = uint64_t{1} << (p % 64);
  if (t - cycle < kTryWheel) {
    try_wheel_[(t % kTryWheel) * busy_.size() + w] |= bit;
  } else {
    far_tries_[w] |= bit;
    far_check_ = std::min(far_check_, t - (kTryWheel - 1));
  }
}

void Stimulus::place_tries(uint64_t cycle) {
  std::fill(try_wheel_.begin(), try_wheel_.end(), 0);
  std::fill(far_tries_.begin(), far_tries_.end(), 0);
  far_check_ = Rng::kNever;
  for (int p = 0; p < cfg_.pes; ++p) place_try(p, cycle);
  try_cycle_ = cycle;
}

void Stimulus::pull_far_tries(uint64_t cycle) {
  // From far_check_ on the earliest far try is within the wheel's reach (and not yet due: this
  // runs in every cycle from then on, or place_tries does); the others stay far.
  far_check_ = Rng::kNever;
  for (size_t w = 0; w < far_tries_.size(); ++w) {
    uint64_t far = far_tries_[w];
    far_tries_[w] = 0;
    for (; far != 0; far &= far - 1) place_try(static_cast<int>(w * 64) + __builtin_ctzll(far), cycle);
  }
}

Inputs Stimulus::next(uint64_t cycle, const Outputs& out) {
  Inputs in;
  next(cycle, out, in);
  return in;
}

void Stimulus::next(uint64_t cycle, const Outputs& out, Inputs& in) {
  const int n = cfg_.pes;
  in.pe.resize(n);
  in.active.resize(busy_.size());  // the model's hint (Inputs::active): set below, word by word
  // This cycle's slot of the transit wheel (a division only if a cycle was skipped).
  now_slot_ = cycle == wheel_next_ ? next_slot_ : cycle % wheel_.size();

  // Completions seen by the global logic: the epoch is over.
  if (out.global.done) {
    Barrier& bar = barrier_[out.global.done_barrier];
    ++bar.completions;
    if (bar.phase == BarrierPhase::Running && bar.live == 0) {
      bar.phase = BarrierPhase::Idle;
      --running_;
    }
  }

  // Acknowledges of the requests accepted last cycle, PE by PE.
  for (const int p : acked_) {
    Pe& pe = pe_[p];
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
          set_bit(busy_, p);
          ++tasks_produced_;
        }
        break;
      case Kind::Child:
        if (refused) {
          --bar.live;  // the child is simply not produced
        } else {
          send(p, op.barrier);
          ++tasks_produced_;
        }
        break;
      case Kind::Consume:
        if (refused) {
          send(p, op.barrier);  // this PE cannot count it: hand the task on
        } else {
          --bar.live;
        }
        break;
    }
  }
  acked_.clear();

  // Tasks arriving now start executing at their destination.
  arrive(cycle);

  const int stubborn = stubborn_pe(cycle);

  static_assert(std::is_trivially_copyable_v<PeIn>);
  std::memset(static_cast<void*>(in.pe.data()), 0, in.pe.size() * sizeof(PeIn));  // every field false or 0: PeIn{}
  // Only the PEs with a task, a request, a try or something to pop are visited (most PEs in
  // most cycles have none), told from bitmasks kept up to date as they change, not from a
  // test of every PE (a branch per PE on the random workload, mispredicted often), and walked
  // in increasing order, as every PE was, so that the draws come in the same order. A PE's
  // visit changes only its own bits, so masks taken before the walk are those a test PE by PE
  // would see.
  //  - busy_: the PE holds a task or a queued request (set where one arrives, updated by the
  //    visit).
  //  - a try is due: this cycle's slot of the try wheel (place_try), which a visit that draws
  //    a PE's next try fills again.
  //  - fifo_valid, except the stubborn PE's (it does not pop): the unit pushes a completion
  //    into every FIFO in the cycle it presents ctl_done (4d), which shows in the next cycle's
  //    fifo_valid, and nowhere else; so a FIFO can hold an entry now only if it did in the
  //    last call or that call saw ctl_done (or there was no such call). Only those PEs'
  //    fifo_valid is read.
  if (cycle != try_cycle_) place_tries(cycle);  // the first call, or a cycle skipped
  if (cycle >= far_check_) pull_far_tries(cycle);
  uint64_t* const tries = &try_wheel_[(cycle % kTryWheel) * busy_.size()];
  const bool every_fifo = fifo_all_ || cycle != fifo_cycle_;
  for (size_t w = 0; w < busy_.size(); ++w) {
    const int base = static_cast<int>(w * 64);
    const int end = std::min(n, base + 64);
    const uint64_t pes = end - base == 64 ? ~uint64_t{0} : (uint64_t{1} << (end - base)) - 1;
    uint64_t fifo_now = 0;
    for (uint64_t maybe = every_fifo ? pes : fifo_[w]; maybe != 0; maybe &= maybe - 1) {
      const int p = base + __builtin_ctzll(maybe);
      fifo_now |= static_cast<uint64_t>(out.pe[p].fifo_valid) << (p - base);
    }
    fifo_[w] = fifo_now;
    if (stubborn >= base && stubborn < end) fifo_now &= ~(uint64_t{1} << (stubborn - base));
    uint64_t active = busy_[w] | fifo_now;
    active |= tries[w];
    tries[w] = 0;            // the due PEs' visits file their next tries in later slots
    uint64_t presented = 0;  // the PEs visited that present a request or a pop: the model's hint
    for (; active != 0; active &= active - 1) {
      const int p = base + __builtin_ctzll(active);
      presented |= visit(p, cycle, out, in, stubborn) << (p - base);
    }
    in.active[w] = presented;
  }
  try_cycle_ = cycle + 1;
  fifo_all_ = out.global.done;
  fifo_cycle_ = cycle + 1;
}

uint64_t Stimulus::visit(int p, uint64_t cycle, const Outputs& out, Inputs& in, int stubborn) {
  PeIn& pin = in.pe[p];
  Pe& pe = pe_[p];
  // Executing tasks spawn children or finish. A finishing task's -1 is queued after its
  // children's +1, and requests commit in order, so the global count never dips early.
  if (pe.ops.size() < 8) {
    for (size_t t = 0; t < pe.held.size();) {
      const uint32_t b = pe.held[t];
      if (!rng_.bernoulli(act_threshold_)) {
        ++t;
        continue;
      }
      Barrier& bar = barrier_[b];
      if (!draining_ && rng_.bernoulli(spawn_threshold_) && bar.live < opt_.max_live_tasks) {
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
  // Start an epoch: only of an idle barrier whose every completion this PE has popped. A
  // try in each cycle with start_prob, which counts only where starting is allowed: tries
  // drawn as geometric gaps in cycles, the same law as a draw in each allowed cycle (rng.h).
  if (next_try_[p] <= cycle) {
    next_try_[p] = next_try_after(cycle + 1);
    place_try(p, cycle);
    const uint32_t b = rng_.below(static_cast<uint32_t>(cfg_.barriers));
    Barrier& bar = barrier_[b];
    if (!draining_ && running_ < opt_.max_open_barriers && bar.phase == BarrierPhase::Idle &&
        pe.popped[b] == bar.completions) {
      bar.phase = BarrierPhase::Running;
      bar.live = 1;
      ++running_;
      ++epochs_started_;
      pe.ops.push_back({Kind::Root, b});
    }
  }
  // Present the oldest request.
  if (!pe.ops.empty()) {
    pin.req_valid = true;
    pin.req_barrier = pe.ops.front().barrier;
    pin.req_dec = pe.ops.front().kind == Kind::Consume;
    if (out.pe[p].req_ready) {
      pe.in_flight = pe.ops.front();
      pe.ops.pop_front();
      pe.accepted = true;
      acked_.push_back(p);
    }
  }
  // Pop completions, with random stalls.
  if (out.pe[p].fifo_valid && p != stubborn && (draining_ || rng_.bernoulli(pop_threshold_))) {
    pin.fifo_pop = true;
    ++pe.popped[out.pe[p].fifo_barrier];
  }
  const size_t word = static_cast<size_t>(p) / 64;
  const uint64_t bit = uint64_t{1} << (static_cast<size_t>(p) % 64);
  const uint64_t has_work = static_cast<uint64_t>(!pe.held.empty() | !pe.ops.empty());
  busy_[word] = (busy_[word] & ~bit) | (bit & (0 - has_work));  // masks: no branch on the random outcome
  return static_cast<uint64_t>(pin.req_valid | pin.fifo_pop);
}

bool Stimulus::quiescent(const Outputs& out) const {
  if (in_transit_ != 0 || running_ != 0) return false;
  for (int p = 0; p < cfg_.pes; ++p) {
    const Pe& pe = pe_[p];
    if (!pe.ops.empty() || pe.accepted || !pe.held.empty() || out.pe[p].fifo_valid) return false;
  }
  return true;
}

}  // namespace dsbc
