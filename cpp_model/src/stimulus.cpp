// SPDX-License-Identifier: Apache-2.0
#include "dsbc/stimulus.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace dsbc {

Stimulus::Stimulus(const Config& cfg, const StimulusOptions& opt, uint64_t seed)
    : cfg_(cfg),
      opt_(opt),
      rng_(seed),
      spawn_threshold_(Rng::threshold(opt.spawn_prob)),
      migrate_threshold_(Rng::threshold(opt.migrate_prob)),
      pop_threshold_(Rng::threshold(opt.pop_prob)),
      start_law_(Rng::geometric_law(opt.start_prob)),
      act_law_(Rng::geometric_law(opt.act_prob)) {
  cfg_.validate();
  ack_latency_ = static_cast<uint64_t>(cfg_.ack_latency());
  if (ack_latency_ >= kLateSlots) throw std::logic_error("Stimulus: ack latency beyond late_acks_");
  if (opt_.transit_min > opt_.transit_max) throw std::invalid_argument("StimulusOptions: transit_min > transit_max");
  pe_.resize(cfg_.pes);
  for (Pe& p : pe_) {
    p.popped.assign(cfg_.barriers, 0);
  }
  for (int p = 0; p < cfg_.pes; ++p) next_try_.push_back(next_try_after(0));
  wake_ = next_try_;  // no PE holds a task yet
  const size_t words = (static_cast<size_t>(cfg_.pes) + 63) / 64;
  busy_.assign(words, 0);
  fifo_.assign(words, 0);
  wake_wheel_.assign(kWakeWheel * words, 0);
  far_wakes_.assign(words, 0);  // the wheel is filled by the first call of next() (place_wakes)
  barrier_.resize(cfg_.barriers);
  wheel_.resize(static_cast<size_t>(opt_.transit_max) + 1);
  if (opt_.max_open_barriers <= 0) opt_.max_open_barriers = cfg_.barriers;
  if (cfg_.overlap == 1) {
    const ovl::Params p = ovl::Params::of(cfg_);
    ovl_seq_.emplace(p);
    ovl_x0_ = static_cast<uint64_t>(p.start_cycle());
  }
}

// The helpers of next() below are `inline` (stimulus.h; used in this file only): so that the
// compiler may inline each into its caller, next() or visit(), as it does at -O3
// (cpp_model/CMakeLists.txt); one with external linkage mostly stays a call
// (docs/performance.md 2a, "after speed5").
inline int Stimulus::stubborn_pe(uint64_t cycle) {
  if (draining_ || opt_.stubborn_cycles == 0 || opt_.stubborn_period == 0) return -1;
  // The period's start and its PE are kept from the last call: the divisions (a 64-bit one
  // costs tens of cycles, every cycle) are made only when `cycle` leaves that period.
  if (cycle < stub_start_ || cycle - stub_start_ >= opt_.stubborn_period) {
    stub_start_ = cycle - cycle % opt_.stubborn_period;
    stub_pe_ = static_cast<int>((cycle / opt_.stubborn_period) % static_cast<uint64_t>(cfg_.pes));
  }
  return cycle - stub_start_ < opt_.stubborn_cycles ? stub_pe_ : -1;
}

inline void Stimulus::send(int from, uint32_t b) {
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

inline void Stimulus::arrive(uint64_t cycle) {
  // Every task in the wheel arrives in [wheel_next_, wheel_next_ + transit_max]: past that
  // window's end one turn delivers them all. Called once per cycle, that is this cycle's slot.
  const uint64_t w = wheel_.size();
  for (uint64_t c = std::max(wheel_next_, cycle + 1 >= w ? cycle + 1 - w : 0); c <= cycle; ++c) {
    std::vector<Transit>& slot = wheel_[c == cycle ? now_slot_ : c % w];
    for (const Transit& t : slot) hold(t.pe, t.barrier, cycle);
    in_transit_ -= slot.size();
    slot.clear();
  }
  wheel_next_ = cycle + 1;
  next_slot_ = now_slot_ + 1 == w ? 0 : now_slot_ + 1;
}

inline uint64_t Stimulus::next_try_after(uint64_t from) {
  const uint64_t gap = rng_.geometric(start_law_);
  return gap >= Rng::kNever - from ? Rng::kNever : from + gap;
}

inline uint64_t Stimulus::next_act_after(uint64_t from) {
  const uint64_t gap = rng_.geometric(act_law_);
  return gap >= Rng::kNever - from ? Rng::kNever : from + gap;
}

inline void Stimulus::hold(int p, uint32_t b, uint64_t cycle) {
  // Its first coin is thrown in this cycle, as a task's first draw was (stimulus.h).
  const uint64_t act = next_act_after(cycle);
  pe_[p].held.push_back({b, act});
  // wake_[p] is this cycle or later here (a PE whose wake came was visited and filed again),
  // except after skipped cycles, where place_wakes files every PE anew before the walk.
  if (act < wake_[p]) {
    wake_[p] = act;
    if (cycle == wake_cycle_) place_wake(p, cycle);
  }
}

inline void Stimulus::place_wake(int p, uint64_t cycle) {
  // A wake already due (only place_wakes meets one) goes into this cycle's slot.
  const uint64_t t = std::max(wake_[p], cycle);
  const size_t w = static_cast<size_t>(p) / 64;
  const uint64_t bit = uint64_t{1} << (p % 64);
  if (t - cycle < kWakeWheel) {
    wake_wheel_[(t % kWakeWheel) * busy_.size() + w] |= bit;
  } else {
    far_wakes_[w] |= bit;
    far_check_ = std::min(far_check_, t - (kWakeWheel - 1));
  }
}

void Stimulus::place_wakes(uint64_t cycle) {
  std::fill(wake_wheel_.begin(), wake_wheel_.end(), 0);
  std::fill(far_wakes_.begin(), far_wakes_.end(), 0);
  far_check_ = Rng::kNever;
  for (int p = 0; p < cfg_.pes; ++p) place_wake(p, cycle);
  wake_cycle_ = cycle;
}

void Stimulus::pull_far_wakes(uint64_t cycle) {
  // From far_check_ on the earliest far wake is within the wheel's reach (and not yet due: this
  // runs in every cycle from then on, or place_wakes does); the others stay far.
  far_check_ = Rng::kNever;
  for (size_t w = 0; w < far_wakes_.size(); ++w) {
    uint64_t far = far_wakes_[w];
    far_wakes_[w] = 0;
    for (; far != 0; far &= far - 1) place_wake(static_cast<int>(w * 64) + __builtin_ctzll(far), cycle);
  }
}

inline void Stimulus::settle(int p, const Op& op, bool refused, uint64_t cycle) {
  Barrier& bar = barrier_[op.barrier];
  switch (op.kind) {
    case Kind::Root:
      if (refused) {
        bar.live = 0;
        bar.phase = BarrierPhase::Idle;
        --running_;
      } else {
        hold(p, op.barrier, cycle);
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
  bool completion = out.global.done;
  uint32_t completed = out.global.done_barrier;
  if (ovl_seq_) [[unlikely]] {
    completion = false;
    if (cycle >= ovl_x0_) {
      std::optional<ovl::Exit> exit;
      ovl_seq_->step(static_cast<int64_t>(cycle - ovl_x0_), out.global.snap, out.global.done, &exit);
      completion = exit && exit->completion;
      completed = completion ? exit->barrier : 0;
    }
  }
  if (completion) {
    Barrier& bar = barrier_[completed];
    ++bar.completions;
    if (bar.phase == BarrierPhase::Running && bar.live == 0) {
      bar.phase = BarrierPhase::Idle;
      --running_;
    }
  }

  // Acknowledges of the requests accepted last cycle, PE by PE (at half the request rate,
  // those accepted ack_latency_ cycles ago).
  for (const int p : acked_) {
    Pe& pe = pe_[p];
    pe.accepted = false;
    settle(p, pe.in_flight, out.pe[p].ack_refused, cycle);
  }
  acked_.clear();
  if (ack_latency_ != 1) {
    std::vector<LateAck>& due = late_acks_[cycle % late_acks_.size()];
    for (const LateAck& a : due) {
      settle(a.pe, a.op, out.pe[a.pe].ack_refused, cycle);
    }
    late_in_flight_ -= due.size();
    due.clear();
  }

  // Tasks arriving now start executing at their destination.
  arrive(cycle);

  const int stubborn = stubborn_pe(cycle);

  static_assert(std::is_trivially_copyable_v<PeIn>);
  std::memset(static_cast<void*>(in.pe.data()), 0, in.pe.size() * sizeof(PeIn));  // every field false or 0: PeIn{}
  // Only the PEs with a due act or try, a request or something to pop are visited (most PEs
  // in most cycles have none), told from bitmasks kept up to date as they change, not from a
  // test of every PE (a branch per PE on the random workload, mispredicted often), and walked
  // in increasing order, so that the draws come in an order fixed by the seed. A PE's visit
  // changes only its own bits, so masks taken before the walk are those a test PE by PE would
  // see.
  //  - busy_: the PE has a queued request (set and cleared by the visit, which queues them).
  //  - an act or a try is due: this cycle's slot of the wake wheel (place_wake), which a visit
  //    that draws the PE's next ones fills again.
  //  - fifo_valid, except the stubborn PE's (it does not pop): the unit pushes a completion
  //    into every FIFO in the cycle it presents ctl_done (4d), which shows in the next cycle's
  //    fifo_valid, and nowhere else; so a FIFO can hold an entry now only if it did in the
  //    last call or that call saw ctl_done (or there was no such call). Only those PEs'
  //    fifo_valid is read.
  if (cycle != wake_cycle_) place_wakes(cycle);  // the first call, or a cycle skipped
  if (cycle >= far_check_) pull_far_wakes(cycle);
  uint64_t* const wakes = &wake_wheel_[(cycle % kWakeWheel) * busy_.size()];
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
    active |= wakes[w];
    wakes[w] = 0;            // the due PEs' visits file their next wakes in later slots
    uint64_t presented = 0;  // the PEs visited that present a request or a pop: the model's hint
    for (; active != 0; active &= active - 1) {
      const int p = base + __builtin_ctzll(active);
      presented |= visit(p, cycle, out, in, stubborn) << (p - base);
    }
    in.active[w] = presented;
  }
  wake_cycle_ = cycle + 1;
  fifo_all_ = out.global.done || ovl_seq_.has_value();
  fifo_cycle_ = cycle + 1;
}

inline uint64_t Stimulus::visit(int p, uint64_t cycle, const Outputs& out, Inputs& in, int stubborn) {
  PeIn& pin = in.pe[p];
  Pe& pe = pe_[p];
  // Executing tasks whose act is due spawn children or finish; each due task then draws its
  // next act, also in a blocked cycle (8 queued requests), whose head is spent (stimulus.h). A
  // finishing task's -1 is queued after its children's +1, and requests commit in order, so
  // the global count never dips early. The visit is in this PE's wake cycle, or a due act or
  // try would have filed it (hold, place_wake): only then is anything due.
  const bool due = wake_[p] <= cycle;
  if (due) {
    const bool allowed = pe.ops.size() < 8;
    uint64_t wake = Rng::kNever;
    for (size_t t = 0; t < pe.held.size();) {
      Held& task = pe.held[t];
      if (task.act > cycle) {
        wake = std::min(wake, task.act);
        ++t;
        continue;
      }
      if (allowed) {
        Barrier& bar = barrier_[task.barrier];
        if (draining_ || !rng_.bernoulli(spawn_threshold_) || bar.live >= opt_.max_live_tasks) {
          pe.ops.push_back({Kind::Consume, task.barrier});
          task = pe.held.back();
          pe.held.pop_back();
          continue;  // the task moved into slot t is looked at next
        }
        ++bar.live;
        pe.ops.push_back({Kind::Child, task.barrier});
      }
      task.act = next_act_after(cycle + 1);
      wake = std::min(wake, task.act);
      ++t;
    }
    // Start an epoch: only of an idle barrier whose every completion this PE has popped. A
    // try in each cycle with start_prob, which counts only where starting is allowed: tries
    // drawn as geometric gaps in cycles, the same law as a draw in each allowed cycle.
    if (next_try_[p] <= cycle) {
      next_try_[p] = next_try_after(cycle + 1);
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
    wake_[p] = std::min(wake, next_try_[p]);
    place_wake(p, cycle);
  }
  // Present the oldest request.
  if (!pe.ops.empty()) {
    pin.req_valid = true;
    pin.req_barrier = pe.ops.front().barrier;
    pin.req_dec = pe.ops.front().kind == Kind::Consume;
    if (out.pe[p].req_ready) {
      if (ack_latency_ == 1) {
        pe.in_flight = pe.ops.front();
        pe.accepted = true;
        acked_.push_back(p);
      } else {
        late_acks_[(cycle + ack_latency_) % late_acks_.size()].push_back({p, pe.ops.front()});
        ++late_in_flight_;
      }
      pe.ops.pop_front();
    }
  }
  // Pop completions, with random stalls: the draw's outcome taken without a branch (one
  // mispredicted often), the draw made where it always was.
  if (out.pe[p].fifo_valid && p != stubborn) {
    const bool pop = draining_ || rng_.bernoulli(pop_threshold_);
    pin.fifo_pop = pop;
    pe.popped[out.pe[p].fifo_barrier] += static_cast<uint32_t>(pop);
  }
  const size_t word = static_cast<size_t>(p) / 64;
  const uint64_t bit = uint64_t{1} << (static_cast<size_t>(p) % 64);
  const uint64_t has_work = static_cast<uint64_t>(!pe.ops.empty());
  busy_[word] = (busy_[word] & ~bit) | (bit & (0 - has_work));  // masks: no branch on the random outcome
  return static_cast<uint64_t>(pin.req_valid | pin.fifo_pop);
}

bool Stimulus::quiescent(const Outputs& out) const {
  if (in_transit_ != 0 || running_ != 0 || late_in_flight_ != 0) return false;
  for (int p = 0; p < cfg_.pes; ++p) {
    const Pe& pe = pe_[p];
    if (!pe.ops.empty() || pe.accepted || !pe.held.empty() || out.pe[p].fifo_valid) return false;
  }
  return true;
}

}  // namespace dsbc
