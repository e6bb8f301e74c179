// SPDX-License-Identifier: Apache-2.0
/// @file
/// dsbc-replay: replays a trace on the golden model (--engine model, the default), or on the
/// Verilated RTL of the trace's configuration (--engine rtl), loaded from the RTL engine
/// plugin cache and built there on first use (rtl_engine/, dsbc/rtl_loader.h).
#include <memory>
#include <string>

#include "dsbc/rtl_loader.h"
#include "dsbc/unit.h"
#include "replay_cli.h"

int main(int argc, char** argv) {
  const dsbc::cli::EngineFactory factory = [](const dsbc::cli::EngineRequest& req,
                                              const dsbc::Config& cfg) -> std::unique_ptr<dsbc::Engine> {
    if (req.engine == "rtl") {
      try {
        dsbc::RtlEngineOptions opts;
        opts.waves_path = req.waves;  // non-empty: the FST-tracing build of the configuration
        return dsbc::make_rtl_engine(cfg, opts);
      } catch (const dsbc::RtlError& e) {
        throw dsbc::cli::ToolError(2, e.what());
      }
    }
    return std::make_unique<dsbc::Unit>(cfg);  // "model" or not given
  };
  return dsbc::cli::replay_main(argc, argv, factory);
}
