// SPDX-License-Identifier: Apache-2.0
/// @file
/// dsbc-replay: replays a trace on the golden model (--engine model), or on the Verilated
/// RTL (--engine rtl) by building the cached per-configuration binary on first use and
/// exec'ing it with the same arguments.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "dsbc/unit.h"
#include "replay_cli.h"
#include "rtl_cache.h"

int main(int argc, char** argv) {
  const dsbc::cli::EngineFactory factory =
      [argv](const std::string& engine,
             const dsbc::Config& cfg) -> std::unique_ptr<dsbc::Engine> {
    if (engine == "rtl") {
      const std::string binary = dsbc::cli::ensure_rtl_binary(cfg);
      std::cout.flush();
      std::cerr.flush();
      ::execv(binary.c_str(), argv);
      throw dsbc::cli::ToolError(2, "cannot run " + binary + ": " + std::strerror(errno));
    }
    return std::make_unique<dsbc::Unit>(cfg);  // "model" or not given
  };
  return dsbc::cli::replay_main(argc, argv, factory);
}
