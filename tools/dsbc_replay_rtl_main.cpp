// SPDX-License-Identifier: Apache-2.0
/// @file
/// Main of the cached Verilated replay binary (built by rtl_cache.cpp for one configuration,
/// never by CMake): the same command line as dsbc-replay. It replays on the RTL, with or
/// without "--engine rtl" (which dsbc-replay passes on); only an explicit "--engine model"
/// selects the golden model.
#include <memory>
#include <string>

#include "Vdsbc_top.h"
#include "dsbc/unit.h"
#include "replay_cli.h"
#include "rtl_engine.h"

int main(int argc, char** argv) {
  const dsbc::cli::EngineFactory factory =
      [](const std::string& engine, const dsbc::Config& cfg) -> std::unique_ptr<dsbc::Engine> {
    if (engine == "model") return std::make_unique<dsbc::Unit>(cfg);
    return std::make_unique<dsbc::RtlEngine<Vdsbc_top>>(cfg);
  };
  return dsbc::cli::replay_main(argc, argv, factory);
}
