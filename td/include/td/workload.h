// SPDX-License-Identifier: Apache-2.0
/// @file workload.h
/// Task-spawning computations (workloads) and their `NAME:key=value,...` specs.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "td/types.h"

namespace td {

/// Thrown for a bad workload spec, algorithm option or CLI value. The message names the
/// offending option or key; the CLI maps it to exit status 2.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A parsed `NAME:key=value,...` workload spec.
struct WorkloadSpec {
  std::string name;                           ///< workload name
  std::map<std::string, std::string> params;  ///< key=value pairs as written
};

/// Parses `NAME[:key=value,...]`; throws ConfigError on a malformed spec.
WorkloadSpec parse_workload_spec(const std::string& text);

/// A computation. One instance serves one barrier: the machine creates one instance per
/// barrier and routes each task to the instance of its barrier.
class Workload {
 public:
  virtual ~Workload() = default;
  /// Places the initial tasks (at time 0) as (PE, task) pairs.
  virtual void initial(Rng& rng, std::vector<Spawn>& out) = 0;
  /// Called when `t` completes on `pe`: appends the children it spawns to `out`.
  /// A child's level defaults to t.level + 1 unless the workload sets it (non-zero).
  virtual void execute(const Task& t, NodeId pe, Rng& rng, std::vector<Spawn>& out) = 0;
  /// Execution time of `t`; a negative value means "use the machine's task-time model".
  virtual Tick duration(const Task& /*t*/, Rng& /*rng*/) { return -1; }
  /// Real runs (tdmpi, one process per PE): `t` leaves this process in a message. Appends the
  /// workload data `t` refers to and that lives here (e.g. a UTS node's SHA-1 state) to `out`,
  /// and releases it here. The simulator never calls it (one address space).
  virtual void export_task(const Task& /*t*/, std::vector<std::int64_t>& /*out*/) {}
  /// Real runs: `t` arrived with the `n` words export_task appended at the sender; stores
  /// them here and makes `t` refer to them.
  virtual void import_task(Task& /*t*/, const std::int64_t* /*in*/, std::size_t /*n*/) {}
  /// Whether idle PEs steal queued tasks of this workload from random victims (the
  /// machine's work stealing, docs/td.md "Work stealing").
  virtual bool steals() const { return false; }
};

/// Names of the workloads, for `tdsim --list`.
std::vector<std::string> workload_names();

/// One-line description of each workload's keys and defaults, for `tdsim --list`.
std::string workload_help(const std::string& name);

/// Builds the workload instance for barrier `barrier` of `nbarriers` on `npes` PEs.
/// Throws ConfigError naming the key on an unknown key or a bad value.
std::unique_ptr<Workload> make_workload(const WorkloadSpec& spec, int npes, int barrier, int nbarriers);

/// Number of barriers a spec asks for (`barriers=K`, default 1); validates the value.
int workload_barriers(const WorkloadSpec& spec);

}  // namespace td
