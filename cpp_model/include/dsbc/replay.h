// SPDX-License-Identifier: Apache-2.0
/// @file
/// The trace-replay driver behind dsbc-replay: plays the requests of a Trace into any
/// Engine (golden model or Verilated RTL), pops the completion FIFOs, and prints one line
/// per observable event:
///
///     commit <cycle> <pe> <barrier> <+1|-1>   ack_valid && !ack_refused
///     overflow <cycle> <pe> <barrier>         ack_valid && ack_refused
///     done <cycle> <barrier> <snap>           global.done; snap = last cycle < <cycle>
///                                             with global.snap high
///     pop <cycle> <pe> <barrier>              fifo_valid && fifo_pop
///     end <cycle>   or   timeout <cycle>      last line
///
/// Lines are in cycle order; within a cycle: commit/overflow by increasing PE, then done,
/// then pop by increasing PE.
///
/// End condition (derived from outputs only, so identical for every engine; dsbc/quiet.h):
/// a cycle is active when it has an ack, a done, any fifo_valid, or a request that is not
/// acked yet (pending or in flight) after its acks are taken. Scheduler rr: `quiet` counts
/// the cycles with global.snap high strictly after the last active cycle, and the replay ends
/// in the cycle in which quiet reaches M+1: the M complete words inspected since then all saw
/// the final state and reported nothing, so nothing will ever be reported again. Scheduler
/// arb takes no snapshot while no PE has a dirty bit, so there `quiet` counts every cycle
/// after the last active one and the replay ends when it reaches L_max(arb) + 1
/// (Config::latency_bound): a completion still due would have come by then. (Icarus's
/// testbench/icarus/tb_replay.v ends by the same rule.)
#pragma once

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>

#include "dsbc/trace.h"
#include "dsbc/unit.h"

namespace dsbc {

struct ReplayOptions {
  /// Probability that a PE does not pop in a cycle, 0 <= pop_stall < 1. One
  /// uniform_real_distribution<double>(0,1) draw per PE per cycle, in PE order, from one
  /// mt19937_64 seeded with `seed`; the PE may pop iff draw >= pop_stall.
  double pop_stall = 0;
  uint64_t seed = 1;
  /// PE p may pop only in cycles with (cycle + p) % pop_period == 0 (>= 1).
  uint64_t pop_period = 1;
  /// The replay stops with "timeout <cycle>" when this cycle is reached without ending.
  uint64_t max_cycles = 100000000;
};

struct ReplayResult {
  bool timed_out = false;
  uint64_t end_cycle = 0;  ///< the cycle printed on the "end" or "timeout" line
  uint64_t commits = 0;
  uint64_t overflows = 0;
  uint64_t dones = 0;
  uint64_t pops = 0;
};

/// The engine broke the interface contract (e.g. an ack with no request in flight).
class ReplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Replays `trace` into `engine` (which must be in cycle 0, with the trace's N and M) and
/// writes the event lines to `out`. Throws std::invalid_argument for bad options or a
/// configuration mismatch, ReplayError when the engine breaks the protocol.
ReplayResult run_replay(Engine& engine, const Trace& trace, const ReplayOptions& opts, std::ostream& out);

/// Normalized stimulus for a Verilog testbench: "N M T D", then "pe barrier dec cycle" per
/// event in file order (dec 1 for a consume), then "-1 -1 -1 -1".
void write_stim(const Trace& trace, std::ostream& out);

}  // namespace dsbc
