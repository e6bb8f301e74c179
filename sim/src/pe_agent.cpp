// SPDX-License-Identifier: Apache-2.0
// Per-PE handshake with the DSBC local block (see pe_agent.h).
#include "dsys/pe_agent.h"

#include <stdexcept>
#include <string>

namespace dsys {

void PeAgent::push(const PeRequest& r) {
  if (!queue_.empty() && r.cycle < queue_.back().cycle)
    throw std::logic_error("PeAgent::push: request cycles of one PE went backwards");
  queue_.push_back(r);
}

dsbc::PeIn PeAgent::cycle(std::uint64_t cycle, const dsbc::PeOut& o, PeEvents& ev) {
  ev = PeEvents{};
  if (o.ack_valid) {
    if (in_flight_.empty())
      throw std::logic_error("cycle " + std::to_string(cycle) + ": ack with no request in flight");
    ev.acked = true;
    ev.ack_id = in_flight_.front();
    ev.refused = o.ack_refused;
    in_flight_.pop_front();
  }
  dsbc::PeIn in;
  // Pop every cycle: a PE that reads its completions at once keeps every FIFO roomy, which
  // is the condition of the documented latency bound (architecture.md section 6).
  in.fifo_pop = true;
  if (o.fifo_valid) {
    ev.popped = true;
    ev.pop_barrier = o.fifo_barrier;
  }
  if (!queue_.empty() && queue_.front().cycle <= cycle) {
    const PeRequest& r = queue_.front();
    in.req_valid = true;
    in.req_barrier = r.barrier;
    in.req_dec = r.delta < 0;
    if (o.req_ready) {
      in_flight_.push_back(r.id);
      queue_.pop_front();
    }
  }
  return in;
}

}  // namespace dsys
