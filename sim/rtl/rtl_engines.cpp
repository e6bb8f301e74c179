// SPDX-License-Identifier: Apache-2.0
// The backends of dsbc-system: the golden model, the Verilated RTL of the configuration (an
// RTL engine plugin, built on first use), both in lockstep, or the SystemC system.
#include "dsys/rtl_engines.h"

#include "dsbc/rtl_loader.h"
#include "dsys/engine_backend.h"
#include "dsys/lockstep_engine.h"
#ifdef DSYS_SYSTEMC
#include "sc_backend.h"
#endif

namespace dsys {

namespace {

std::unique_ptr<dsbc::Engine> rtl_engine(const dsbc::Config& cfg) {
  try {
    return dsbc::make_rtl_engine(cfg);
  } catch (const dsbc::RtlError& e) {
    throw ConfigError(std::string("--engine rtl/both: ") + e.what());
  }
}

}  // namespace

std::unique_ptr<Backend> make_backend(const SystemConfig& cfg) {
  switch (cfg.engine) {
    case EngineKind::kModel: return make_model_backend(cfg);
    case EngineKind::kRtl: return std::make_unique<EngineBackend>(rtl_engine(cfg.dsbc()), cfg.period_ps());
    case EngineKind::kBoth:
      return std::make_unique<EngineBackend>(
          std::make_unique<LockstepEngine>(std::make_unique<dsbc::Unit>(cfg.dsbc()), rtl_engine(cfg.dsbc())),
          cfg.period_ps());
    case EngineKind::kSystemC:
#ifdef DSYS_SYSTEMC
      return std::make_unique<ScBackend>(cfg.dsbc(), cfg.period_ps());
#else
      throw ConfigError(
          "--engine systemc: this dsbc-system was built without SystemC (install libsystemc-dev, rebuild)");
#endif
  }
  throw ConfigError("--engine: unknown engine");
}

}  // namespace dsys
