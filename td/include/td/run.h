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
  MachineConfig machine;        ///< machine, network and seed
  std::string algo = "tiered";  ///< algorithm name
  AlgoOptions opts;             ///< algorithm options
  std::string workload = "tree";///< workload spec NAME[:key=value,...]
  std::string events_path;      ///< JSON Lines event log ("" = none)
  std::string chrome_path;      ///< Chrome trace ("" = none)
};

/// The outcome of one run.
struct RunResult {
  std::vector<BarrierMetrics> barriers;                      ///< per-barrier metrics
  std::vector<std::map<std::string, std::int64_t>> extra;    ///< per-barrier algorithm counters
  std::vector<std::string> kind_names;                       ///< control kind names
  std::uint64_t events = 0;                                  ///< simulation events processed
  bool fifo = false;                                         ///< channels were FIFO
  bool hard_stopped = false;                                 ///< hit the event/liveness stop
  double wall_seconds = 0;                                   ///< host wall time of the run
  /// No barrier falsely detected.
  bool safe() const;
  /// Every barrier detected (within the bound).
  bool live() const;
};

/// Runs one simulation. Throws ConfigError on a bad algorithm, option or workload spec.
RunResult run_simulation(const RunConfig& cfg);

/// The result as one JSON object (machine-readable `tdsim --json` output).
std::string to_json(const RunConfig& cfg, const RunResult& r);

/// Human-readable summary (a few lines).
std::string to_text(const RunConfig& cfg, const RunResult& r);

}  // namespace td
