// SPDX-License-Identifier: Apache-2.0
/// @file
/// Trace-replay driver (contract in dsbc/replay.h). Uses only the Engine interface.
#include "dsbc/replay.h"

#include <cmath>
#include <deque>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace dsbc {

namespace {

/// Requests of one PE, presented one at a time in file order.
struct PeQueue {
  std::vector<size_t> events;    ///< indices into trace.events, file order
  size_t next = 0;               ///< first event not yet accepted
  std::deque<size_t> in_flight;  ///< accepted, waiting for the ack (oldest first)
};

void check_options(const Engine& engine, const Trace& trace, const ReplayOptions& opts) {
  if (!(opts.pop_stall >= 0.0 && opts.pop_stall < 1.0)) {
    throw std::invalid_argument("pop_stall must be in [0, 1), got " + std::to_string(opts.pop_stall));
  }
  if (opts.pop_period < 1) throw std::invalid_argument("pop_period must be >= 1");
  const Config& ec = engine.config();
  if (ec.pes != trace.config.pes || ec.barriers != trace.config.barriers) {
    throw std::invalid_argument("engine configuration " + ec.to_string() + " does not match the trace's " +
                                trace.config.to_string());
  }
  for (const TraceEvent& ev : trace.events) {
    if (ev.pe < 0 || ev.pe >= ec.pes || ev.barrier >= static_cast<uint32_t>(ec.barriers) ||
        (ev.delta != 1 && ev.delta != -1)) {
      throw std::invalid_argument(trace.path + ":" + std::to_string(ev.line) + ": event out of range for " +
                                  ec.to_string());
    }
  }
}

}  // namespace

ReplayResult run_replay(Engine& engine, const Trace& trace, const ReplayOptions& opts, std::ostream& out) {
  check_options(engine, trace, opts);
  const int n = engine.config().pes;
  const uint64_t m = static_cast<uint64_t>(engine.config().barriers);
  // End condition (replay.h): rr counts quiet snapshots, arb quiet cycles.
  const bool quiet_cycles = engine.config().sched == Sched::kArb;
  const uint64_t quiet_end = quiet_cycles ? static_cast<uint64_t>(engine.config().latency_bound()) + 1 : m + 1;
  const size_t total = trace.events.size();

  std::vector<PeQueue> pes(static_cast<size_t>(n));
  for (size_t i = 0; i < total; ++i) {
    pes[static_cast<size_t>(trace.events[i].pe)].events.push_back(i);
  }

  std::mt19937_64 rng(opts.seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  // With pop_stall == 0 every draw passes, so the draws need not be made at all.
  const bool draw = opts.pop_stall > 0.0;

  ReplayResult result;
  size_t acked = 0;
  std::optional<uint64_t> last_snap;  // last cycle (before the current one) with snap high
  uint64_t quiet = 0;
  Inputs in;
  in.pe.resize(static_cast<size_t>(n));
  std::vector<bool> pop(static_cast<size_t>(n));

  for (;;) {
    const uint64_t cycle = engine.cycle();
    if (cycle >= opts.max_cycles) {
      out << "timeout " << cycle << '\n';
      result.timed_out = true;
      result.end_cycle = cycle;
      return result;
    }
    const Outputs& o = engine.outputs();
    if (o.pe.size() != static_cast<size_t>(n)) {
      throw ReplayError("engine outputs have " + std::to_string(o.pe.size()) + " PEs, expected " + std::to_string(n));
    }
    bool active = false;

    // 1. Acks, by increasing PE. Each belongs to the PE's oldest request in flight.
    for (int p = 0; p < n; ++p) {
      const PeOut& po = o.pe[static_cast<size_t>(p)];
      if (!po.ack_valid) continue;
      PeQueue& q = pes[static_cast<size_t>(p)];
      if (q.in_flight.empty()) {
        throw ReplayError("cycle " + std::to_string(cycle) + ": ack on pe " + std::to_string(p) +
                          " with no request in flight");
      }
      const TraceEvent& ev = trace.events[q.in_flight.front()];
      q.in_flight.pop_front();
      ++acked;
      active = true;
      if (po.ack_refused) {
        out << "overflow " << cycle << ' ' << p << ' ' << ev.barrier << '\n';
        ++result.overflows;
      } else {
        out << "commit " << cycle << ' ' << p << ' ' << ev.barrier << ' ' << (ev.delta > 0 ? "+1" : "-1") << '\n';
        ++result.commits;
      }
    }

    // 2. Done, attributed to the last snapshot strictly before this cycle (with M > 1 the
    // next word's snapshot is taken in the done cycle itself).
    if (o.global.done) {
      if (!last_snap) {
        throw ReplayError("cycle " + std::to_string(cycle) + ": done with no snapshot before it");
      }
      out << "done " << cycle << ' ' << o.global.done_barrier << ' ' << *last_snap << '\n';
      ++result.dones;
      active = true;
    }
    if (o.global.snap) last_snap = cycle;

    // 3. Pops, by increasing PE. One draw per PE per cycle, whatever the FIFO state.
    for (int p = 0; p < n; ++p) {
      bool allow = true;
      if (draw) allow = uniform(rng) >= opts.pop_stall;
      if (opts.pop_period > 1 && (cycle + static_cast<uint64_t>(p)) % opts.pop_period != 0) {
        allow = false;
      }
      pop[static_cast<size_t>(p)] = allow;
    }
    for (int p = 0; p < n; ++p) {
      const PeOut& po = o.pe[static_cast<size_t>(p)];
      PeIn& pi = in.pe[static_cast<size_t>(p)];
      pi.fifo_pop = pop[static_cast<size_t>(p)];
      if (po.fifo_valid) {
        active = true;
        if (pi.fifo_pop) {
          out << "pop " << cycle << ' ' << p << ' ' << po.fifo_barrier << '\n';
          ++result.pops;
        }
      }
    }

    // 4. Requests: each PE presents its next request from its cycle on, until accepted.
    for (int p = 0; p < n; ++p) {
      PeQueue& q = pes[static_cast<size_t>(p)];
      PeIn& pi = in.pe[static_cast<size_t>(p)];
      pi.req_valid = false;
      pi.req_barrier = 0;
      pi.req_dec = false;
      if (q.next >= q.events.size()) continue;
      const size_t idx = q.events[q.next];
      const TraceEvent& ev = trace.events[idx];
      if (ev.cycle > cycle) continue;
      pi.req_valid = true;
      pi.req_barrier = ev.barrier;
      pi.req_dec = ev.delta < 0;
      if (o.pe[static_cast<size_t>(p)].req_ready) {
        q.in_flight.push_back(idx);
        ++q.next;
      }
    }

    // 5. End condition.
    if (acked < total) active = true;
    if (active) {
      quiet = 0;
    } else if (o.global.snap || quiet_cycles) {
      ++quiet;
      if (quiet == quiet_end) {
        out << "end " << cycle << '\n';
        result.end_cycle = cycle;
        return result;
      }
    }

    engine.step(in);
  }
}

void write_stim(const Trace& trace, std::ostream& out) {
  const Config& c = trace.config;
  out << c.pes << ' ' << c.barriers << ' ' << c.count_bits << ' ' << c.fifo_depth << '\n';
  for (const TraceEvent& ev : trace.events) {
    out << ev.pe << ' ' << ev.barrier << ' ' << (ev.delta < 0 ? 1 : 0) << ' ' << ev.cycle << '\n';
  }
  out << "-1 -1 -1 -1\n";
}

}  // namespace dsbc
