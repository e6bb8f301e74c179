// SPDX-License-Identifier: Apache-2.0
// Helpers of the model's directed timing tests (sched_test.cpp, pipe_test.cpp): drive a unit
// cycle by cycle and record what its global outputs showed. Header-only, test code only.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc::test {

/// What the global outputs showed in one cycle.
struct Event {
  uint64_t cycle;
  bool snap;
  bool done;
  uint32_t barrier;
};

/// Steps `u` to cycle `until`; `drive(k, in)` fills the inputs of cycle k. Returns the
/// cycles with snap or done high.
inline std::vector<Event> run(Unit& u, uint64_t until, const std::function<void(uint64_t, Inputs&)>& drive) {
  std::vector<Event> events;
  while (u.cycle() < until) {
    Inputs in;
    in.pe.resize(static_cast<size_t>(u.config().pes));
    drive(u.cycle(), in);
    const GlobalOut& g = u.outputs().global;
    if (g.snap || g.done) events.push_back({u.cycle(), g.snap, g.done, g.done_barrier});
    u.step(in);
  }
  return events;
}

/// PE `pe` presents a request for barrier `b` in this cycle (dec: -1, else +1).
inline void request(Inputs& in, int pe, uint32_t b, bool dec) {
  in.pe[static_cast<size_t>(pe)].req_valid = true;
  in.pe[static_cast<size_t>(pe)].req_barrier = b;
  in.pe[static_cast<size_t>(pe)].req_dec = dec;
}

}  // namespace dsbc::test
