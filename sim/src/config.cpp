// SPDX-License-Identifier: Apache-2.0
// Validation of the system co-simulation parameters and the default time base.
#include "dsys/config.h"

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
}  // namespace

void SystemConfig::validate() const {
  // The unit's limits are the model's (dsbc/unit.h), under this tool's option names.
  range("--pes", pes, dsbc::kPesLimit.min, dsbc::kPesLimit.max);
  range("--barriers", barriers, dsbc::kBarriersLimit.min, dsbc::kBarriersLimit.max);
  range("--epochs", epochs, 1, 100000);
  range("--count-bits", count_bits, dsbc::kCountBitsLimit.min, dsbc::kCountBitsLimit.max);
  range("--fifo-depth", fifo_depth, dsbc::kFifoDepthLimit.min, dsbc::kFifoDepthLimit.max);
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
  return c;
}

Ps SystemConfig::default_clock_ps(int pes) {
  // reports/synth.csv, ice40-hx8k, M=16 T=16 D=8 (fmax_mhz, median of 5 seeds):
  //   dsbc_local 82.34 MHz (independent of N); dsbc_global N=4 116.66, N=8 103.78,
  //   N=16 84.60, N=32 67.91, N=64 53.53. Period = 1e6 / min(local, global) ps, rounded.
  if (pes <= 16) return 12'145;  // local 82.34 MHz is the slower block
  if (pes <= 32) return 14'725;  // global 67.91 MHz
  return 18'681;                 // global 53.53 MHz (N=64; reused above 64, not measured)
}

}  // namespace dsys
