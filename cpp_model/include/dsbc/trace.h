// SPDX-License-Identifier: Apache-2.0
/// @file
/// Trace files for dsbc-replay: a header giving the unit's parameters, then one line per
/// PE request. The format (see tools/examples/ for samples):
///
///     # comment (a '#' starts a comment anywhere on a line; blank lines are allowed)
///     pes 3            # N, required
///     barriers 4       # M, required
///     count_bits 8     # T, required
///     fifo_depth 8     # D, optional (default 8)
///     <cycle> <pe> <barrier> <delta>     # delta: +1 (or 1) produce, -1 consume
///
/// All header lines come before the first event. Each PE presents its own requests one at a
/// time, in file order, from the given cycle on (or as soon as its earlier requests are
/// accepted), so the cycles of one PE's events must not go backwards.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc {

/// A malformed trace. what() is "file:line: reason" (or "file: reason" when the file cannot
/// be read at all, line() == 0).
class TraceError : public std::runtime_error {
 public:
  TraceError(const std::string& path, int line, const std::string& reason);
  const std::string& path() const { return path_; }
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string path_;
  int line_;
  std::string reason_;
};

/// One PE request of a trace.
struct TraceEvent {
  uint64_t cycle = 0;    ///< first cycle in which the PE presents the request
  int pe = 0;            ///< 0..N-1
  uint32_t barrier = 0;  ///< 0..M-1
  int delta = 0;         ///< +1 produce, -1 consume
  int line = 0;          ///< line of the trace file (1-based), for messages
  bool operator==(const TraceEvent&) const = default;
};

/// A parsed trace.
struct Trace {
  Config config;                   ///< from the header (fifo_depth defaults to 8)
  std::vector<TraceEvent> events;  ///< in file order
  std::string path;                ///< the name used in messages
};

/// Parses a trace; `path` is only used in messages. Throws TraceError.
Trace parse_trace(std::istream& in, const std::string& path);
/// Opens and parses a trace file. Throws TraceError (also when the file cannot be opened).
Trace parse_trace_file(const std::string& path);

}  // namespace dsbc
