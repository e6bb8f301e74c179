// SPDX-License-Identifier: Apache-2.0
/// @file run.h
/// One simulation run from a configuration, and its JSON result.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "td/algorithms.h"
#include "td/machine.h"

namespace td {

/// Everything `tdsim` needs for one run.
struct RunConfig {
  MachineConfig machine;          ///< machine, network and seed
  std::string algo = "tiered";    ///< algorithm name
  AlgoOptions opts;               ///< algorithm options
  std::string workload = "tree";  ///< workload spec NAME[:key=value,...]
  std::string events_path;        ///< JSON Lines event log ("" = none)
  std::string chrome_path;        ///< Chrome trace ("" = none)
  /// Random fail-stop failures (`--faults K`): K distinct non-root PEs, at ticks drawn
  /// from the run's seed over the fault-free run's duration (a pilot run measures it).
  int random_faults = 0;
  /// With random_faults: 0 spreads the failures over the run; W > 0 puts them all in one
  /// window of W ticks at a random time (concurrent failures).
  Tick fault_window = 0;
  /// With random_faults >= 2 and fault_window > 0: the first failure alone, the others
  /// (within the window) this many ticks later: a failure, its recovery, then concurrent
  /// failures (the spec's S3-S5 patterns). 0: all in the window.
  Tick fault_gap = 0;
};

/// The outcome of one run.
struct RunResult {
  std::vector<BarrierMetrics> barriers;                    ///< per-barrier metrics
  std::vector<std::map<std::string, std::int64_t>> extra;  ///< per-barrier algorithm counters
  std::vector<std::string> kind_names;                     ///< control kind names
  std::uint64_t events = 0;                                ///< simulation events processed
  bool fifo = false;                                       ///< channels were FIFO
  bool hard_stopped = false;                               ///< hit the event/liveness stop
  double wall_seconds = 0;                                 ///< host wall time of the run
  bool fault_tolerant = false;                             ///< the detector has an FT mode
  std::vector<FailureRecord> failures;                     ///< injected failures
  /// "detected", "fatal" or "missed" (a premature detection is "detected" with safe() false).
  std::string outcome() const;
  /// A FATAL outside the cases the mode cannot handle (see Machine::explain_fatal).
  bool unexplained_fatal() const;
  /// No barrier falsely detected.
  bool safe() const;
  /// Every barrier detected (within the bound).
  bool live() const;
};

/// Parses `PE@TICK` (decimal) for --fault; throws ConfigError naming --fault.
std::pair<NodeId, Tick> parse_fault(const std::string& text);

/// Runs one simulation. Throws ConfigError on a bad algorithm, option or workload spec.
RunResult run_simulation(const RunConfig& cfg);

/// The result as one JSON object (machine-readable `tdsim --json` output).
std::string to_json(const RunConfig& cfg, const RunResult& r);

/// Human-readable summary (a few lines).
std::string to_text(const RunConfig& cfg, const RunResult& r);

}  // namespace td
