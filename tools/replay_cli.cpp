// SPDX-License-Identifier: Apache-2.0
/// @file
/// Option parsing and top level of dsbc-replay (see replay_cli.h).
#include "replay_cli.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include "dsbc/cli_options.h"
#include "dsbc/replay.h"
#include "dsbc/trace.h"

namespace dsbc::cli {

namespace {

constexpr const char* kTool = "dsbc-replay";

struct Options {
  std::string trace_path;
  std::string engine;  ///< "" when --engine is not given
  std::string waves;   ///< --waves FILE, "" when not given
  ReplayOptions replay;
  std::optional<int> fifo_depth;
  Sched sched = Config{}.sched;        ///< --sched (the trace does not name a scheduler)
  int pipe = Config{}.pipe;            ///< --pipe (likewise)
  int half_rate = Config{}.half_rate;  ///< --half-rate (likewise)
  std::string emit_stim;
};

/// --fifo-depth: the model's own range check, so the limit is stated in one place.
std::string fifo_depth_in_range(std::string& text) {
  Config alone;
  alone.fifo_depth = std::stoi(text);  // text has passed decimal<int> already
  try {
    alone.validate();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

/// Returns the exit code when the program should stop now (help, or a usage error).
std::optional<int> parse_options(int argc, char** argv, Options& opts) {
  CLI::App app{
      "Replays a DSBC trace on the golden model or the Verilated RTL and prints the "
      "unit's events: commit, overflow, done, pop, then end (or timeout).",
      kTool};
  int fifo_depth = 0;
  std::string sched_text = sched_name(opts.sched);
  app.add_option("trace", opts.trace_path,
                 "Trace file (header: pes, barriers, count_bits, "
                 "fifo_depth; events: <cycle> <pe> <barrier> <delta>)")
      ->required();
  app.add_option("--engine", opts.engine,
                 "Engine: model (the golden model, default) or rtl "
                 "(the Verilated RTL, built and cached on first use)")
      ->check(CLI::IsMember({"model", "rtl"}));
  app.add_option("--waves", opts.waves,
                 "With --engine rtl: write an FST waveform of the run to FILE (the configuration's "
                 "tracing build, verilated on first use)")
      ->check([](const std::string& f) { return f.empty() ? std::string("empty file name") : std::string(); })
      ->type_name("FILE");
  app.add_option("--pop-stall", opts.replay.pop_stall,
                 "Probability P (0 <= P < 1) that a PE does not pop in a cycle (default 0)")
      ->transform(real("a number P with 0 <= P < 1", [](double p) { return p >= 0.0 && p < 1.0; }));
  app.add_option("--seed", opts.replay.seed, "Seed of the pop-stall random generator (default 1)")
      ->transform(decimal<std::uint64_t>("an unsigned 64-bit integer"));
  app.add_option("--pop-period", opts.replay.pop_period,
                 "PE p pops only in cycles with (cycle + p) % K == 0 (K >= 1, default 1)")
      ->transform(decimal<std::uint64_t>("an integer K >= 1", [](std::uint64_t k) { return k >= 1; }));
  app.add_option("--max-cycles", opts.replay.max_cycles,
                 "Stop with 'timeout <cycle>' (exit 1) at this cycle (default 100000000)")
      ->transform(decimal<std::uint64_t>("a non-negative integer (cycles)"));
  app.add_option("--fifo-depth", fifo_depth, "Override the trace's fifo_depth")
      ->transform(decimal<int>("a positive integer"))
      ->check(CLI::Validator(fifo_depth_in_range, ""));
  app.add_option("--sched", sched_text, sched_help())->check(cli::sched())->type_name("NAME");
  app.add_option("--pipe", opts.pipe, pipe_help())->transform(cli::pipe());
  app.add_option("--half-rate", opts.half_rate, half_rate_help())->transform(cli::half_rate());
  app.add_option("--emit-stim", opts.emit_stim, "Also write a normalized stimulus file for the Verilog testbench")
      ->check(CLI::Validator([](std::string& file) { return file.empty() ? std::string("empty file name") : ""; }, ""));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, std::cout, std::cerr);
  } catch (const CLI::ParseError& e) {
    // Worded as the tool's other errors; CLI11 names the option.
    std::cerr << kTool << ": " << e.what() << "\nRun with --help for more information.\n";
    return 2;
  }
  if (app.count("--fifo-depth") > 0) opts.fifo_depth = fifo_depth;
  opts.sched = parse_sched(sched_text);  // checked by cli::sched() above
  if (const std::string err = pipe_sched_error(opts.sched, opts.pipe); !err.empty()) {
    // The model's own message, worded as the other usage errors.
    std::cerr << kTool << ": --pipe: " << err << "\nRun with --help for more information.\n";
    return 2;
  }
  if (const std::string err = half_rate_sched_error(opts.sched, opts.pipe, opts.half_rate); !err.empty()) {
    std::cerr << kTool << ": --half-rate: " << err << "\nRun with --help for more information.\n";
    return 2;
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
  trace.config.sched = opts.sched;
  trace.config.pipe = opts.pipe;
  trace.config.half_rate = opts.half_rate;
  // Half the request rate needs M >= 3 (2 with the pipelined sum and N >= 2): known only now.
  if (const std::string err = config_error(trace.config); !err.empty() && opts.half_rate == 1) {
    std::cerr << kTool << ": --half-rate: " << err << '\n';
    return 2;
  }

  if (!opts.waves.empty() && opts.engine != "rtl") throw ToolError(2, "--waves: needs --engine rtl");
  std::unique_ptr<Engine> engine = factory(EngineRequest{opts.engine, opts.waves}, trace.config);
  if (!engine) throw ToolError(2, "engine '" + opts.engine + "' is not available");

  if (!opts.emit_stim.empty()) {
    std::ofstream stim(opts.emit_stim);
    if (stim) write_stim(trace, stim);
    stim.close();
    if (!stim) {
      throw ToolError(2, "--emit-stim: cannot write '" + opts.emit_stim + "': " + std::strerror(errno));
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
