// SPDX-License-Identifier: Apache-2.0
/// @file system.h
/// One system co-simulation: a TD-lab workload on N PEs whose task events also drive a DSBC
/// unit, with software TD algorithms observing the same execution (docs/system.md).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "dsys/backend.h"
#include "dsys/config.h"

namespace dsys {

/// Builds the DSBC side of a run (model, RTL, both, or the SystemC top).
using BackendFactory = std::function<std::unique_ptr<Backend>(const SystemConfig&)>;

/// The golden-model backend (always available).
std::unique_ptr<Backend> make_model_backend(const SystemConfig& cfg);

/// One detector's outcome on one barrier epoch. Times are ps from the epoch's start.
struct Detection {
  std::string name;  ///< "dsbc" or the algorithm's name
  bool detected = false;
  Ps at = -1;                     ///< when the detector knew (DSBC: every PE has popped it)
  std::int64_t control_msgs = 0;  ///< external control messages (DSBC: none, it uses wires)
  std::int64_t control_bits = 0;
  bool false_detection = false;  ///< the machine's oracle: declared while work existed
  bool missed = false;
  bool same_execution = true;  ///< the task events equal the reference run's
};

/// One epoch of one barrier.
struct EpochRow {
  int epoch = 0;
  int barrier = 0;
  Ps epoch_start = 0;  ///< global time of the epoch's local 0
  std::int64_t tasks = 0;
  std::int64_t primary_msgs = 0;
  Ps true_termination = -1;  ///< ps from the epoch start
  std::int64_t dsbc_requests = 0;
  std::uint64_t dsbc_done_cycle = 0, dsbc_snap_cycle = 0, dsbc_last_commit_cycle = 0;
  std::vector<Detection> det;  ///< det[0] is the DSBC, then the algorithms in --algos order
};

/// The outcome of a run.
struct SystemResult {
  SystemConfig cfg;
  Ps period_ps = 0;
  std::vector<EpochRow> rows;           ///< epoch-major, then barrier
  std::vector<RequestRecord> requests;  ///< the reference run's DSBC request stream
  std::vector<Completion> completions;
  std::uint64_t cycles = 0;           ///< DSBC cycles simulated (reference run)
  std::vector<std::string> failures;  ///< oracle findings (empty: all detectors correct)
  double wall_seconds = 0;
  bool ok() const { return failures.empty(); }
};

/// Runs the system. The reference run (DSBC only, with `make_backend`) gives the DSBC's
/// detections and the request stream; each software algorithm then reruns the same seeds with
/// the golden-model backend (identical DSBC timing) and its task events are compared with the
/// reference's. Throws ConfigError for bad parameters.
SystemResult run_system(const SystemConfig& cfg, const BackendFactory& make_backend);

/// The oracle: appends to r.failures every detector that was early, false or missed, every
/// completion that covered a commit of its own epoch, and every latency above L_max.
void check(SystemResult& r);

/// Writes the request stream in the dsbc-replay trace format.
void write_trace(const SystemResult& r, std::ostream& out);
/// The per-epoch table (text).
void write_table(const SystemResult& r, std::ostream& out);
/// The result as one JSON object.
void write_json(const SystemResult& r, std::ostream& out);

}  // namespace dsys
