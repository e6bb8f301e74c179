// SPDX-License-Identifier: Apache-2.0
/// @file
/// Command line of dsbc-replay, shared by the main tool (engine "model", and "rtl" through
/// the cached Verilated binary) and by that cached binary itself (engine "rtl").
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "dsbc/unit.h"

namespace dsbc::cli {

/// An error that ends the tool with a message on stderr ("dsbc-replay: <what>") and the
/// given exit code.
class ToolError : public std::runtime_error {
 public:
  ToolError(int exit_code, const std::string& what) : std::runtime_error(what), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

/// What the command line asks of the engine.
struct EngineRequest {
  std::string engine;  ///< --engine: "model" or "rtl"; "" when not given (each main picks)
  std::string waves;   ///< --waves: FST file to write (RTL only), "" for none
};

/// Makes the requested engine for the trace's configuration. May throw ToolError.
using EngineFactory = std::function<std::unique_ptr<dsbc::Engine>(const EngineRequest& req, const dsbc::Config&)>;

/// Parses the options, reads the trace, replays it on the engine from `factory`, prints the
/// event lines to stdout. Exit codes: 0 ended, 1 timeout, 2 bad input or options (or the
/// tool cannot run), 3 the engine broke the protocol.
int replay_main(int argc, char** argv, const EngineFactory& factory);

}  // namespace dsbc::cli
