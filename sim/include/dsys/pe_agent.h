// SPDX-License-Identifier: Apache-2.0
/// @file pe_agent.h
/// One PE's side of the DSBC port: presents its requests one at a time, in order, with the
/// valid/ready handshake, matches acknowledgements to requests, and pops the completion FIFO
/// every cycle. The same per-cycle rule as dsbc-replay (cpp_model/src/replay.cpp), so a dumped
/// request stream replays to the same cycles.
#pragma once

#include <cstdint>
#include <deque>

#include "dsbc/unit.h"

namespace dsys {

/// A request of a PE to its local block.
struct PeRequest {
  std::uint64_t id = 0;       ///< run-wide request number
  std::uint32_t barrier = 0;  ///< barrier ID
  int delta = 0;              ///< +1 produce, -1 consume
  std::uint64_t cycle = 0;    ///< first cycle in which it may be presented
};

/// What a PE observed in one cycle (filled by PeAgent::cycle).
struct PeEvents {
  bool acked = false;        ///< an acknowledgement arrived this cycle
  std::uint64_t ack_id = 0;  ///< ... for this request
  bool refused = false;      ///< ... and it was refused (count range or barrier ID)
  bool popped = false;       ///< a completion was popped this cycle
  std::uint32_t pop_barrier = 0;
};

/// The request queue and handshake of one PE.
class PeAgent {
 public:
  /// Appends a request; the cycles of one PE's requests must not go backwards.
  void push(const PeRequest& r);
  /// Given the PE's outputs in cycle `cycle`, returns its inputs for that cycle and reports
  /// the acknowledgement and pop it saw. Throws std::logic_error on an ack with no request
  /// in flight (the engine broke the port contract).
  dsbc::PeIn cycle(std::uint64_t cycle, const dsbc::PeOut& o, PeEvents& ev);
  /// Requests not yet accepted plus accepted ones awaiting their ack.
  std::size_t outstanding() const { return queue_.size() + in_flight_.size(); }

 private:
  std::deque<PeRequest> queue_;          // not yet accepted, in order
  std::deque<std::uint64_t> in_flight_;  // accepted, ack pending (oldest first)
};

}  // namespace dsys
