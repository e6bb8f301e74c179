// SPDX-License-Identifier: Apache-2.0
/// @file
/// Option parsing and top level of dsbc-replay (see replay_cli.h).
#include "replay_cli.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include "dsbc/replay.h"
#include "dsbc/trace.h"

namespace dsbc::cli {

namespace {

constexpr const char* kTool = "dsbc-replay";

[[noreturn]] void bad_option(const std::string& option, const std::string& value,
                             const std::string& expected) {
  throw ToolError(2, option + ": invalid value '" + value + "': expected " + expected);
}

/// Strict decimal unsigned integer (no sign, no base prefix, no spaces).
uint64_t parse_u64(const std::string& option, const std::string& s, const std::string& expected) {
  if (s.empty() || s.size() > 20) bad_option(option, s, expected);
  uint64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') bad_option(option, s, expected);
    const auto d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) bad_option(option, s, expected);
    v = v * 10 + d;
  }
  return v;
}

double parse_probability(const std::string& option, const std::string& s) {
  const std::string expected = "a number P with 0 <= P < 1";
  if (s.empty() || std::isspace(static_cast<unsigned char>(s.front())) != 0) {
    bad_option(option, s, expected);
  }
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno != 0 || !std::isfinite(v) || v < 0.0 || v >= 1.0) {
    bad_option(option, s, expected);
  }
  return v;
}

struct Options {
  std::string trace_path;
  std::string engine;  ///< "" when --engine is not given
  ReplayOptions replay;
  std::optional<int> fifo_depth;
  std::string emit_stim;
};

/// Returns the exit code when the program should stop now (help, or a usage error).
std::optional<int> parse_options(int argc, char** argv, Options& opts) {
  CLI::App app{"Replays a DSBC trace on the golden model or the Verilated RTL and prints the "
               "unit's events: commit, overflow, done, pop, then end (or timeout).",
               kTool};
  std::string pop_stall;
  std::string seed;
  std::string pop_period;
  std::string max_cycles;
  std::string fifo_depth;
  app.add_option("trace", opts.trace_path, "Trace file (header: pes, barriers, count_bits, "
                                           "fifo_depth; events: <cycle> <pe> <barrier> <delta>)")
      ->required();
  app.add_option("--engine", opts.engine, "Engine: model (the golden model, default) or rtl "
                                          "(the Verilated RTL, built and cached on first use)")
      ->check(CLI::IsMember({"model", "rtl"}));
  app.add_option("--pop-stall", pop_stall,
                 "Probability P (0 <= P < 1) that a PE does not pop in a cycle (default 0)");
  app.add_option("--seed", seed, "Seed of the pop-stall random generator (default 1)");
  app.add_option("--pop-period", pop_period,
                 "PE p pops only in cycles with (cycle + p) % K == 0 (K >= 1, default 1)");
  app.add_option("--max-cycles", max_cycles,
                 "Stop with 'timeout <cycle>' (exit 1) at this cycle (default 100000000)");
  app.add_option("--fifo-depth", fifo_depth, "Override the trace's fifo_depth");
  app.add_option("--emit-stim", opts.emit_stim,
                 "Also write a normalized stimulus file for the Verilog testbench");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e, std::cout, std::cerr);
    return rc == 0 ? 0 : 2;
  }

  if (app.count("--pop-stall") > 0) {
    opts.replay.pop_stall = parse_probability("--pop-stall", pop_stall);
  }
  if (app.count("--seed") > 0) {
    opts.replay.seed = parse_u64("--seed", seed, "an unsigned 64-bit integer");
  }
  if (app.count("--pop-period") > 0) {
    opts.replay.pop_period = parse_u64("--pop-period", pop_period, "an integer K >= 1");
    if (opts.replay.pop_period < 1) bad_option("--pop-period", pop_period, "an integer K >= 1");
  }
  if (app.count("--max-cycles") > 0) {
    opts.replay.max_cycles =
        parse_u64("--max-cycles", max_cycles, "a non-negative integer (cycles)");
  }
  if (app.count("--fifo-depth") > 0) {
    const uint64_t d = parse_u64("--fifo-depth", fifo_depth, "a positive integer");
    if (d > static_cast<uint64_t>(INT_MAX)) {
      bad_option("--fifo-depth", fifo_depth, "a positive integer");
    }
    Config alone;
    alone.fifo_depth = static_cast<int>(d);
    try {
      alone.validate();
    } catch (const std::invalid_argument& e) {
      throw ToolError(2, std::string("--fifo-depth: ") + e.what());
    }
    opts.fifo_depth = alone.fifo_depth;
  }
  if (app.count("--emit-stim") > 0 && opts.emit_stim.empty()) {
    throw ToolError(2, "--emit-stim: empty file name");
  }
  return std::nullopt;
}

int run(int argc, char** argv, const EngineFactory& factory) {
  Options opts;
  if (const auto rc = parse_options(argc, argv, opts)) return *rc;

  Trace trace;
  try {
    trace = parse_trace_file(opts.trace_path);
  } catch (const TraceError& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
  if (opts.fifo_depth) trace.config.fifo_depth = *opts.fifo_depth;

  std::unique_ptr<Engine> engine = factory(opts.engine, trace.config);
  if (!engine) throw ToolError(2, "engine '" + opts.engine + "' is not available");

  if (!opts.emit_stim.empty()) {
    std::ofstream stim(opts.emit_stim);
    if (stim) write_stim(trace, stim);
    stim.close();
    if (!stim) {
      throw ToolError(2, "--emit-stim: cannot write '" + opts.emit_stim +
                             "': " + std::strerror(errno));
    }
  }

  ReplayResult result;
  try {
    result = run_replay(*engine, trace, opts.replay, std::cout);
  } catch (const ReplayError& e) {
    std::cout.flush();
    throw ToolError(3, std::string("engine error: ") + e.what());
  }
  std::cout.flush();
  if (!std::cout) throw ToolError(2, "error writing the output");
  return result.timed_out ? 1 : 0;
}

}  // namespace

int replay_main(int argc, char** argv, const EngineFactory& factory) {
  std::ios::sync_with_stdio(false);
  try {
    return run(argc, argv, factory);
  } catch (const ToolError& e) {
    std::cout.flush();
    std::cerr << kTool << ": " << e.what() << '\n';
    return e.exit_code();
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << kTool << ": error: " << e.what() << '\n';
    return 3;
  }
}

}  // namespace dsbc::cli
