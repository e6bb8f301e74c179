// SPDX-License-Identifier: Apache-2.0
// Request/ack/completion bookkeeping shared by every DSBC backend (see backend.h).
#include "dsys/backend.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "td/machine.h"

namespace dsys {

Backend::Backend(const dsbc::Config& cfg, Ps period_ps)
    : cfg_(cfg),
      period_(period_ps),
      agents_(static_cast<std::size_t>(cfg.pes)),
      unpopped_(static_cast<std::size_t>(cfg.pes)),
      unpopped_head_(static_cast<std::size_t>(cfg.pes), 0),
      quiet_(cfg) {
  cfg_.validate();
  if (period_ < 1) throw ConfigError("--clock-ns: the clock period must be at least 1 ps");
  in_.pe.resize(static_cast<std::size_t>(cfg.pes));
}

std::uint64_t Backend::request(int pe, std::uint32_t barrier, int delta, Ps t) {
  const std::uint64_t c = cycle_at(t);
  if (c < cycle_)
    throw std::logic_error("Backend::request: time " + std::to_string(t) + " ps is in a cycle already run");
  const std::uint64_t id = reqs_.size();
  reqs_.push_back(RequestRecord{c, pe, barrier, delta, -1});
  agents_[static_cast<std::size_t>(pe)].push(PeRequest{id, barrier, delta, c});
  ++unacked_;
  max_req_cycle_ = std::max(max_req_cycle_, c);
  return id;
}

void Backend::advance_to(Ps t) {
  const std::uint64_t until = cycle_at(t);
  if (until > cycle_) run_cycles(until);
}

Ps Backend::ack_time(std::uint64_t id) const {
  const RequestRecord& r = reqs_.at(id);
  return r.ack_cycle < 0 ? -1 : (r.ack_cycle + 1) * period_;
}

void Backend::finish() {
  const std::uint64_t m = static_cast<std::uint64_t>(cfg_.barriers);
  // Bounded: after the last request, every open barrier completes within L_max cycles and
  // the quiet rule then needs at most (M+1) words of Q+4+P cycles; four times that is ample.
  const std::uint64_t limit =
      std::max(cycle_, max_req_cycle_) +
      4 * static_cast<std::uint64_t>(cfg_.latency_bound() + (m + 1) * (cfg_.q() + 4 + cfg_.sum_latency()) + 64) +
      4 * unacked_;
  while (!settled()) {
    if (cycle_ >= limit)
      throw std::runtime_error("DSBC did not become quiet by cycle " + std::to_string(limit) +
                               " (a completion was never delivered)");
    run_cycles(cycle_ + 1);
  }
}

bool Backend::settled() const { return unacked_ == 0 && quiet_.settled(); }

void Backend::run_machine(td::Machine& m, Ps /*offset*/) { m.run(); }

const dsbc::Inputs& Backend::on_cycle(std::uint64_t k, const dsbc::Outputs& o) {
  begin_cycle(k, o.global);
  for (int p = 0; p < cfg_.pes; ++p)
    in_.pe[static_cast<std::size_t>(p)] = pe_cycle(k, p, o.pe[static_cast<std::size_t>(p)]);
  end_cycle(k, o.global);
  return in_;
}

void Backend::begin_cycle(std::uint64_t k, const dsbc::GlobalOut& g) {
  if (k != cycle_)
    throw std::logic_error("Backend: cycle " + std::to_string(k) + " out of order (expected " + std::to_string(cycle_) +
                           ")");
  active_ = false;
  if (g.done) {
    if (last_snap_ < 0) throw std::logic_error("cycle " + std::to_string(k) + ": done with no snapshot before it");
    comps_.push_back(Completion{k, g.done_barrier, static_cast<std::uint64_t>(last_snap_), 0, 0});
    // The entry is in every PE's FIFO from the next cycle on.
    for (auto& u : unpopped_) u.push_back(comps_.size() - 1);
    active_ = true;
  }
  if (g.snap) last_snap_ = static_cast<std::int64_t>(k);
}

dsbc::PeIn Backend::pe_cycle(std::uint64_t k, int p, const dsbc::PeOut& o) {
  PeEvents ev;
  const auto pi = static_cast<std::size_t>(p);
  const dsbc::PeIn in = agents_[pi].cycle(k, o, ev);
  if (ev.acked) {
    RequestRecord& r = reqs_[ev.ack_id];
    if (ev.refused)
      throw std::runtime_error("DSBC refused request " + std::to_string(ev.ack_id) + " of PE " + std::to_string(p) +
                               " (barrier " + std::to_string(r.barrier) + ", delta " + std::to_string(r.delta) +
                               "): the local count would leave the T-bit range; raise --count-bits (" +
                               std::to_string(dsbc::kCountBitsLimit.min) + ".." +
                               std::to_string(dsbc::kCountBitsLimit.max) + ")");
    r.ack_cycle = static_cast<std::int64_t>(k);
    --unacked_;
    active_ = true;
  }
  if (ev.popped) {
    auto& u = unpopped_[pi];
    std::size_t& h = unpopped_head_[pi];
    // ctl_done of cycle d puts the entry in the FIFO at d+1, so it can only be popped from
    // then on; the done of this very cycle is not poppable yet.
    if (h >= u.size() || comps_[u[h]].done_cycle >= k || comps_[u[h]].barrier != ev.pop_barrier)
      throw std::logic_error("cycle " + std::to_string(k) + ": PE " + std::to_string(p) + " popped barrier " +
                             std::to_string(ev.pop_barrier) + " that no completion explains");
    Completion& c = comps_[u[h]];
    ++c.pops;
    c.last_pop_cycle = k;
    ++h;
    active_ = true;
  }
  if (o.fifo_valid) active_ = true;
  return in;
}

void Backend::end_cycle(std::uint64_t k, const dsbc::GlobalOut& g) {
  if (k != cycle_) throw std::logic_error("Backend::end_cycle: cycle out of order");
  if (unacked_ > 0) active_ = true;
  quiet_.cycle(active_, g.snap);
  ++cycle_;
}

}  // namespace dsys
