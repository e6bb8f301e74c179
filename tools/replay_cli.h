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

/// Makes the engine named by --engine ("model" or "rtl"; "" when the option is not given, so
/// each main picks its own default) for the trace's configuration. May throw ToolError, or
/// replace the process (execv) and not return.
using EngineFactory = std::function<std::unique_ptr<dsbc::Engine>(const std::string& engine, const dsbc::Config&)>;

/// Parses the options, reads the trace, replays it on the engine from `factory`, prints the
/// event lines to stdout. Exit codes: 0 ended, 1 timeout, 2 bad input or options (or the
/// tool cannot run), 3 the engine broke the protocol.
int replay_main(int argc, char** argv, const EngineFactory& factory);

}  // namespace dsbc::cli
