// SPDX-License-Identifier: Apache-2.0
// Validation of the system co-simulation parameters and the default time base.
#include "dsys/config.h"

#include <algorithm>
#include <stdexcept>

namespace dsys {

EngineKind parse_engine(const std::string& s) {
  if (s == "model") return EngineKind::kModel;
  if (s == "rtl") return EngineKind::kRtl;
  if (s == "both") return EngineKind::kBoth;
  if (s == "systemc") return EngineKind::kSystemC;
  throw ConfigError("--engine: '" + s + "' is not one of model, rtl, both, systemc");
}

std::string engine_name(EngineKind e) {
  switch (e) {
    case EngineKind::kModel: return "model";
    case EngineKind::kRtl: return "rtl";
    case EngineKind::kBoth: return "both";
    case EngineKind::kSystemC: return "systemc";
  }
  return "?";
}

namespace {
void range(const std::string& opt, std::int64_t v, std::int64_t lo, std::int64_t hi) {
  if (v < lo || v > hi)
    throw ConfigError(opt + ": " + std::to_string(v) + " is out of range " + std::to_string(lo) + ".." +
                      std::to_string(hi));
}

/// The model's rules for `c` (dsbc::Config::validate), as a ConfigError under option `opt`.
void model_rules(const std::string& opt, const dsbc::Config& c) {
  try {
    c.validate();
  } catch (const std::invalid_argument& e) {
    throw ConfigError(opt + ": " + e.what());
  }
}
}  // namespace

void SystemConfig::validate() const {
  // The unit's limits are the model's (dsbc/unit.h), under this tool's option names.
  range("--pes", pes, dsbc::kPesLimit.min, dsbc::kPesLimit.max);
  range("--barriers", barriers, dsbc::kBarriersLimit.min, dsbc::kBarriersLimit.max);
  range("--epochs", epochs, 1, 100000);
  range("--count-bits", count_bits, dsbc::kCountBitsLimit.min, dsbc::kCountBitsLimit.max);
  range("--fifo-depth", fifo_depth, dsbc::kFifoDepthLimit.min, dsbc::kFifoDepthLimit.max);
  range("--pipe", pipe, dsbc::kPipeLimit.min, dsbc::kPipeLimit.max);
  range("--half-rate", half_rate, dsbc::kHalfRateLimit.min, dsbc::kHalfRateLimit.max);
  // What is left of the model's rules (Pipe = 1 needs rr; HalfRate = 1 needs rr and a few
  // barriers), in the model's own words, under the option that asked for the rule: the unit
  // at the full rate first, so that a pipe rule is reported as --pipe's.
  dsbc::Config full_rate = dsbc();
  full_rate.half_rate = 0;
  model_rules("--pipe", full_rate);
  model_rules("--half-rate", dsbc());
  // Picosecond values; the upper bounds keep every product in the run far from overflow.
  range("--clock-ns (ps)", clock_ps, 0, 1'000'000'000);
  range("--latency-ns (ps)", latency_ps, 0, 1'000'000'000'000);
  range("--task-ns (ps)", task_ps, 0, 1'000'000'000'000);
  if (workload.find("barriers=") != std::string::npos)
    throw ConfigError("--workload: do not give barriers=K in the spec; use --barriers (" +
                      std::to_string(dsbc::kBarriersLimit.min) + ".." + std::to_string(dsbc::kBarriersLimit.max) + ")");
}

dsbc::Config SystemConfig::dsbc() const {
  dsbc::Config c;
  c.pes = pes;
  c.barriers = barriers;
  c.count_bits = count_bits;
  c.fifo_depth = fifo_depth;
  c.sched = sched;
  c.pipe = pipe;
  c.half_rate = half_rate;
  return c;
}

Ps SystemConfig::default_clock_ps(int pes, dsbc::Sched sched, int pipe, int half_rate) {
  // reports/synth.csv of 2026-11-24 (after the contract-preserving retiming of
  // docs/architecture.md 4f), ice40-hx8k, M=16 T=16 D=8, fmax_mhz (median of 5 seeds):
  //   rr:  dsbc_local 101.17 MHz (any N); dsbc_global N=4 156.54, N=8 136.37, N=16 137.23,
  //        N=32 109.79, N=64 77.51.
  //   arb (the rows redone 2026-11-25 with the faster arb search, architecture.md 4f):
  //        dsbc_local 90.02 MHz (any N); dsbc_global N=4 159.69, N=8 152.70, N=16 126.01,
  //        N=32 105.26, N=64 75.11: the local block sets the clock up to N=32, the global
  //        block above.
  //   rr, Pipe = 1: dsbc_global (M=32) N=16 239.06, N=64 262.33, N=256 228.57 MHz
  //        (docs/architecture.md 4f): far above the local block at every N, so the local
  //        block sets the clock (the whole N=16 M=32 unit placed: 87.27 MHz with the
  //        pipeline, 86.98 without; docs/performance.md 6b).
  //   rr, HalfRate = 1: the local block at half the request rate (dsbc_local_half, sched
  //        rr-half; its RAM's word registered since 2026-11-25) 216.08 MHz at M=16 (M=32:
  //        220.12; before: 173.79 and 180.60, and before that row existed the feasibility
  //        design local_half's 171.50 MHz at M=32),
  //        faster than dsbc_global without the pipeline at every N, so at Pipe = 0 the global
  //        block sets the clock (the rr figures above, N rounded up to the next synthesised N)
  //        and at Pipe = 1 the local block does. The whole N=16 M=32 unit placed
  //        (reports/unit.md, with the floorplan of synth/flow/floorplan_pe.py) is slower than
  //        the blocks: 102.85 MHz at Pipe = 0, 169.38 at Pipe = 1 (routing at 92 % of the
  //        cells); give --clock-ns for that figure.
  // Period = 1e6 / min(local, global) ps, rounded, i.e. the larger of the two periods.
  if (sched == dsbc::Sched::kArb) {
    // arb has no pipelined sum (the model refuses it): its local and its global block, N
    // rounded up to the next synthesised N (N=64's reused above 64).
    const Ps arb_global = pes <= 4 ? 6'262 : pes <= 8 ? 6'549 : pes <= 16 ? 7'936 : pes <= 32 ? 9'500 : 13'314;
    return std::max<Ps>(11'109, arb_global);  // dsbc_local (arb) 90.02 MHz
  }
  const Ps local = half_rate == 1 ? 4'628 : 9'884;  // dsbc_local_half 216.08, dsbc_local 101.17 MHz
  Ps global = 4'375;                                // pipelined: 228.57 MHz or more at every N
  if (pipe == 0) {
    // Unpipelined rr global, N rounded up to the next synthesised N (N=64's reused above 64).
    global = pes <= 4 ? 6'388 : pes <= 8 ? 7'333 : pes <= 16 ? 7'287 : pes <= 32 ? 9'108 : 12'902;
  }
  return std::max(local, global);
}
}  // namespace dsys
