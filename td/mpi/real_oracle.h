// SPDX-License-Identifier: Apache-2.0
/// @file real_oracle.h
/// The offline oracle of a real run (tdmpi-oracle): reads the per-rank logs of one run
/// (one host, one CLOCK_MONOTONIC) and checks, per barrier, that at the first declaration
/// every task created (initial, spawned locally or sent in a primary message) had been
/// received and executed, that no task ran after it on any rank, and that the number of
/// tasks equals the workload's size (docs/mpi.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace td::mpi {

/// What the oracle found for one barrier.
struct OracleBarrier {
  int barrier = 0;
  std::int64_t detected_at = -1;          ///< first declaration (ns), -1 none
  std::int64_t last_task_end = -1;        ///< latest task end on any rank
  std::int64_t tasks = 0;                 ///< tasks executed (task_end records)
  std::int64_t expected = -1;             ///< the workload's size (-1: no independent size)
  std::string expected_source;            ///< where `expected` comes from
  std::int64_t unprocessed = 0;           ///< created tasks not executed by the declaration
  std::int64_t primaries_unreceived = 0;  ///< primaries not received by the declaration
  std::int64_t tasks_after = 0;           ///< task starts/ends after the declaration
  std::int64_t ctrl_in_flight = 0;        ///< control messages in flight at the declaration (info)
};

/// The verdict on one run's logs.
struct OracleReport {
  int ranks = 0;
  std::vector<OracleBarrier> barriers;
  std::vector<std::string> failures;  ///< empty: the run is clean
  std::vector<std::string> notes;     ///< informational lines
};

/// Checks the logs DIR/rank-0.jsonl .. rank-(P-1).jsonl. Throws std::runtime_error when they
/// cannot be read or are malformed.
OracleReport check_logs(const std::string& dir);

/// The expected task count of barrier `b` of `nb` for a workload spec and seed: the published
/// size for a UTS sample tree, otherwise a sequential replay of the workload (uts, tree; a
/// second execution, on one PE, of the same deterministic tree), -1 for the others.
std::int64_t expected_tasks(const std::string& workload, std::uint64_t seed, int b, int nb, std::string& source);

}  // namespace td::mpi
