// SPDX-License-Identifier: Apache-2.0
/// @file config.h
/// Parameters of one system co-simulation run (docs/system.md) and the time base.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/unit.h"
#include "td/types.h"

namespace dsys {

/// Simulated time in picoseconds. The TD lab's integer Tick is used with this unit, so the
/// DSBC clock period, the network latency and the task time share one clock of truth.
using Ps = td::Tick;

/// A bad option or value; what() names the option and its legal range. The CLI exits 2.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Which implementation of the DSBC unit observes the run.
enum class EngineKind { kModel, kRtl, kBoth, kSystemC };

/// Parses "model", "rtl", "both" or "systemc" (throws ConfigError naming --engine).
EngineKind parse_engine(const std::string& s);
/// "model", "rtl" or "both".
std::string engine_name(EngineKind e);

/// One run of the system: a TD-lab workload on N PEs, the DSBC unit, software detectors.
struct SystemConfig {
  std::string workload = "tree";  ///< TD-lab spec NAME[:key=value,...] (no barriers= key)
  int pes = 16;                   ///< N (dsbc::kPesLimit: the unit's range)
  int barriers = 1;               ///< M: DSBC barrier IDs = concurrent workload instances (dsbc::kBarriersLimit)
  int epochs = 1;                 ///< epochs run one after the other on every barrier (1..100000)
  std::uint64_t seed = 1;         ///< seed of epoch 0; epoch e uses seed + e
  EngineKind engine = EngineKind::kModel;
  std::vector<std::string> algos;            ///< software TD algorithms observing the same execution
  Ps clock_ps = 0;                           ///< DSBC clock period; 0 = default_clock_ps(...)
  Ps latency_ps = 500'000;                   ///< network latency per message (constant)
  Ps task_ps = 2'000'000;                    ///< task execution time (constant)
  int count_bits = 16;                       ///< T of the unit (dsbc::kCountBitsLimit)
  int fifo_depth = 8;                        ///< completion FIFO depth per PE (dsbc::kFifoDepthLimit)
  dsbc::Sched sched = dsbc::Config{}.sched;  ///< the unit's scheduler (the model's default)
  int pipe = dsbc::Config{}.pipe;            ///< 1: pipelined global sum, rr only (dsbc::kPipeLimit)
  int half_rate = dsbc::Config{}.half_rate;  ///< 1: half the request rate, rr only (dsbc::kHalfRateLimit)

  /// Throws ConfigError naming the first bad parameter and its legal range.
  void validate() const;
  /// The DSBC configuration (N, M, T, D, scheduler, Pipe, HalfRate).
  dsbc::Config dsbc() const;
  /// The clock period actually used (clock_ps, or the default for pes).
  Ps period_ps() const { return clock_ps > 0 ? clock_ps : default_clock_ps(pes, sched, pipe, half_rate); }

  /// Default DSBC clock period for N PEs under a scheduler (and Pipe, HalfRate): 1/Fmax of the
  /// slower of its local block and dsbc_global on iCE40 HX8K (median over seeds). The block
  /// estimate docs/synthesis.md uses (the whole unit does not fit the device for every N), so
  /// it is optimistic where the whole unit was placed (config.cpp lists both); N > 64 was not
  /// synthesised and gets N=64's value (optimistic; documented).
  static Ps default_clock_ps(int pes, dsbc::Sched sched, int pipe, int half_rate = 0);
};

}  // namespace dsys
