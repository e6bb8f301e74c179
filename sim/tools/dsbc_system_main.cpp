// SPDX-License-Identifier: Apache-2.0
// dsbc-system: one execution of a TD-lab workload observed by the DSBC unit and by software
// TD algorithms (docs/system.md). Exit 0: every detector correct; 1: the oracle found a
// wrong detection (or the lockstep a mismatch); 2: bad usage.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "dsbc/cli_options.h"
#include "dsbc/scheds.h"
#include "dsys/lockstep_engine.h"
#include "dsys/rtl_engines.h"
#include "dsys/system.h"
#ifdef DSYS_SYSTEMC
#include "sc_backend.h"
#endif

namespace {

[[noreturn]] void usage_error(const std::string& msg) {
  std::cerr << "dsbc-system: error: " << msg << "\nRun with --help for more information.\n";
  std::exit(2);
}

/// --engine: one of the names engine_name() gives, turned into the enum's value for CLI11.
CLI::Validator engine_kind() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          text = std::to_string(static_cast<int>(dsys::parse_engine(text)));
          return "";
        } catch (const dsys::ConfigError&) {
          return dsbc::cli::invalid_value(text, "model, rtl, both or systemc");
        }
      },
      "");
}

/// ns (a time option) to the ps SystemConfig holds; SystemConfig::validate() checks the ps
/// range, the option's own check only keeps llround away from huge values.
dsys::Ps to_ps(double ns) { return static_cast<dsys::Ps>(std::llround(ns * 1000.0)); }

struct Options {
  dsys::SystemConfig cfg;
  bool json = false;
  bool compare_sched = false;
  std::string dump;
};

/// Parses argv into opts; returns the exit code when the program should stop now (--help).
/// Bad usage ends the program with exit 2 (usage_error).
std::optional<int> parse_options(int argc, char** argv, Options& opts) {
  dsys::SystemConfig& cfg = opts.cfg;
  const dsys::SystemConfig def;  // the defaults the help text shows
  CLI::App app{
      "One execution of a TD-lab workload observed by the DSBC unit and by software TD algorithms "
      "(docs/system.md).",
      "dsbc-system"};
  app.footer(
      "Exit status: 0 every detector correct; 1 the oracle found a wrong detection (or the lockstep a "
      "mismatch); 2 bad usage.");
  // As before CLI11: an option given twice takes its last value (--algos: all of them).
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  double clock_ns = 0, latency_ns = 0, task_ns = 0;
  std::vector<std::string> algos;
  app.add_option("--workload", cfg.workload,
                 fmt::format("a tdsim workload NAME[:key=value,...], e.g. tree:lambda=0.8 or ring:p=0.99 "
                             "(tdsim --list); M concurrent instances, one per DSBC barrier (default {})",
                             def.workload))
      ->type_name("SPEC");
  // The integer options of the unit's size and the time options: a strict decimal integer
  // (its range is checked by SystemConfig::validate, with the limits' one definition), and a
  // time in ns.
  const auto add_int = [&app](const std::string& name, int& value, const std::string& help, const std::string& type) {
    app.add_option(name, value, help)->transform(dsbc::cli::decimal<int>("an integer"))->type_name(type);
  };
  const auto add_ns = [&app](const std::string& name, double& value, const std::string& help, const std::string& type) {
    app.add_option(name, value, help)
        ->transform(dsbc::cli::real("a time in ns in [0, 1e9)", [](double x) { return x >= 0 && x < 1e9; }))
        ->type_name(type);
  };
  add_int("--pes", cfg.pes, fmt::format("N, the number of PEs (default {})", def.pes), "N");
  add_int("--barriers", cfg.barriers,
          fmt::format("M, DSBC barrier IDs = concurrent workload instances (default {})", def.barriers), "M");
  add_int("--epochs", cfg.epochs,
          fmt::format("epochs run one after the other on every barrier (default {})", def.epochs), "E");
  app.add_option("--seed", cfg.seed, fmt::format("seed of epoch 0; epoch e uses S + e (default {})", def.seed))
      ->transform(dsbc::cli::decimal<std::uint64_t>("an unsigned 64-bit integer"))
      ->type_name("S");
  app.add_option("--engine", cfg.engine,
                 fmt::format("the DSBC unit: model, rtl, both (RTL and model in lockstep) or systemc (default {}); "
                             "rtl, both and systemc verilate the configuration on first use (cached, see README)",
                             dsys::engine_name(def.engine)))
      ->transform(engine_kind())
      ->type_name("ENGINE");
  app.add_option("--algos", algos,
                 "software TD algorithms observing the same execution, comma-separated (tdsim --list; default none)")
      ->delimiter(',')
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->expected(1)
      ->allow_extra_args(false)  // one a,b,c list per --algos, as before: "--algos a b" is an error
      ->type_name("a,b,c");
  add_ns("--clock-ns", clock_ns, "DSBC clock period (default 1/Fmax of the iCE40 blocks for N and the scheduler)", "X");
  add_ns("--latency-ns", latency_ns,
         fmt::format("network latency per message (default {} ns)", def.latency_ps / 1000.0), "Y");
  add_ns("--task-ns", task_ns, fmt::format("task execution time (default {} ns)", def.task_ps / 1000.0), "Z");
  add_int("--count-bits", cfg.count_bits, fmt::format("T, bits of a local count (default {})", def.count_bits), "T");
  add_int("--fifo-depth", cfg.fifo_depth, fmt::format("D, completion FIFO depth per PE (default {})", def.fifo_depth),
          "D");
  std::string sched = dsbc::sched_name(def.sched);
  app.add_option("--sched", sched, "the DSBC unit's " + dsbc::cli::sched_help())
      ->check(dsbc::cli::sched())
      ->type_name("NAME");
  app.add_option("--pipe", cfg.pipe, "the DSBC unit's pipe: " + dsbc::cli::pipe_help())
      ->transform(dsbc::cli::pipe())
      ->type_name("P");
  app.add_option("--half-rate", cfg.half_rate, "the DSBC unit's " + dsbc::cli::half_rate_help())
      ->transform(dsbc::cli::half_rate())
      ->type_name("H");
  app.add_flag("--compare-sched", opts.compare_sched,
               "after the table, rerun the workload on the golden model with every scheduler, rr with "
               "--pipe 1 and rr at --half-rate 1 (where M allows), and compare DSBC's detection (text output only)");
  app.add_flag("--json", opts.json, "print the result as one JSON object instead of the table");
  app.add_option("--dump-trace", opts.dump, "write the DSBC request stream as a dsbc-replay trace")->type_name("FILE");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, std::cout, std::cerr);
  } catch (const CLI::ParseError& e) {
    usage_error(e.what());
  }
  cfg.sched = dsbc::parse_sched(sched);  // checked by dsbc::cli::sched() above
  if (const std::string err = dsbc::cli::pipe_sched_error(cfg.sched, cfg.pipe); !err.empty())
    usage_error("--pipe: " + err);
  if (const std::string err = dsbc::cli::half_rate_sched_error(cfg.sched, cfg.pipe, cfg.half_rate); !err.empty())
    usage_error("--half-rate: " + err);
  if (opts.compare_sched && opts.json) usage_error("--compare-sched: text output only (not with --json)");
  if (app.count("--clock-ns") > 0) {
    cfg.clock_ps = to_ps(clock_ns);
    if (cfg.clock_ps < 1) usage_error("--clock-ns: must be at least 0.001 (1 ps)");
  }
  if (app.count("--latency-ns") > 0) cfg.latency_ps = to_ps(latency_ns);
  if (app.count("--task-ns") > 0) cfg.task_ps = to_ps(task_ns);
  for (const std::string& a : algos) {
    if (a.empty()) continue;  // "a,,b" and a trailing comma
    // Each detector is one column of the table and one key of the JSON object.
    if (std::find(cfg.algos.begin(), cfg.algos.end(), a) != cfg.algos.end())
      usage_error("--algos: '" + a + "' is given twice (each algorithm runs at most once)");
    cfg.algos.push_back(a);
  }
  return std::nullopt;
}

}  // namespace

std::unique_ptr<dsys::Backend> backend(const dsys::SystemConfig& cfg) { return dsys::make_backend(cfg); }

namespace {

/// --compare-sched: the run's workload and seeds once per scheduler of the model and once more
/// as rr-pipe (rr with the pipelined global sum), rr-half and rr-pipe-half (half the request
/// rate, where M is legal for it), DSBC only (the software algorithms do not depend on it), on
/// the golden model, each at the run's clock if --clock-ns was given, else at its own default
/// clock (its blocks' Fmax).
/// Per scheduler: DSBC's detection delay (every PE has popped; ns after true termination)
/// and its latency in cycles (ctl_done minus the epoch's last commit), mean and max over the
/// epochs. Returns false if some run's oracle failed.
bool compare_schedulers(const dsys::SystemConfig& base, std::ostream& out) {
  out << "scheduler comparison (golden model, same workload and seeds):\n";
  out << fmt::format("{:<13}{:>10}{:>16}{:>14}{:>18}{:>16}{:>12}  {}\n", "sched", "clock_ns", "mean_dly_ns",
                     "max_dly_ns", "mean_lat_cycles", "max_lat_cycles", "cycles", "oracle");
  struct Variant {
    dsbc::Sched sched;
    int pipe;
    int half_rate;
  };
  std::vector<Variant> variants;
  for (const dsbc::Sched s : dsbc::all_scheds()) variants.push_back({s, 0, 0});
  variants.push_back({dsbc::Sched::kRr, 1, 0});  // rr-pipe
  variants.push_back({dsbc::Sched::kRr, 0, 1});  // rr-half
  variants.push_back({dsbc::Sched::kRr, 1, 1});  // rr-pipe-half
  bool ok = true;
  for (const Variant& v : variants) {
    dsys::SystemConfig c = base;
    c.sched = v.sched;
    c.pipe = v.pipe;
    c.half_rate = v.half_rate;
    c.engine = dsys::EngineKind::kModel;
    // Half the request rate needs a few barriers (M >= 3, or M >= 2 with the pipeline at N >= 2): a
    // run with fewer has no such unit to compare, and says so.
    if (const std::string err = dsbc::cli::config_error(c.dsbc()); !err.empty()) {
      out << fmt::format("{:<13}  not run: {}\n", dsbc::sched_label(v.sched, v.pipe, v.half_rate), err);
      continue;
    }
    c.algos.clear();
    const dsys::SystemResult r = dsys::run_system(c, backend);
    double dly_sum = 0, lat_sum = 0;
    dsys::Ps dly_max = 0;
    std::int64_t lat_max = 0, n = 0;
    for (const dsys::EpochRow& row : r.rows) {
      const dsys::Detection& d = row.det.front();
      if (!d.detected) continue;
      const dsys::Ps dly = d.at - row.true_termination;
      const auto lat =
          static_cast<std::int64_t>(row.dsbc_done_cycle) - static_cast<std::int64_t>(row.dsbc_last_commit_cycle);
      dly_sum += static_cast<double>(dly);
      lat_sum += static_cast<double>(lat);
      dly_max = std::max(dly_max, dly);
      lat_max = std::max(lat_max, lat);
      ++n;
    }
    const double k = n > 0 ? 1.0 / static_cast<double>(n) : 0.0;
    out << fmt::format("{:<13}{:>10.3f}{:>16.3f}{:>14.3f}{:>18.1f}{:>16}{:>12}  {}\n",
                       dsbc::sched_label(v.sched, v.pipe, v.half_rate), static_cast<double>(c.period_ps()) / 1000.0,
                       dly_sum * k / 1000.0, static_cast<double>(dly_max) / 1000.0, lat_sum * k, lat_max, r.cycles,
                       r.ok() ? "ok" : fmt::format("{} FAILURES", r.failures.size()));
    ok = ok && r.ok();
  }
  return ok;
}

}  // namespace

int run(int argc, char** argv) {
  Options opts;
  if (const auto rc = parse_options(argc, argv, opts)) return *rc;
  const dsys::SystemConfig& cfg = opts.cfg;
  dsys::SystemResult r;
  try {
    r = dsys::run_system(cfg, backend);
  } catch (const dsys::ConfigError& e) {
    usage_error(e.what());
  } catch (const dsys::LockstepMismatch& e) {
    std::cerr << "dsbc-system: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "dsbc-system: " << e.what() << "\n";
    return 1;
  }
#ifdef DSYS_SYSTEMC
  if (cfg.engine == dsys::EngineKind::kSystemC) {
    // Which SystemC processes ran the machine's events (systemc_test.sh checks them against
    // the run's tasks and messages).
    const dsys::ScEventCounts c = dsys::ScBackend::executed();
    std::cerr << "systemc: events executed: PE threads " << c.pe << " (" << c.pes_active << " of " << cfg.pes
              << " PEs), network " << c.network << ", controller " << c.controller << ", scheduler " << c.machine
              << "\n";
  }
#endif
  if (!opts.dump.empty()) {
    std::ofstream f(opts.dump);
    if (!f) usage_error("--dump-trace: cannot open '" + opts.dump + "' for writing");
    dsys::write_trace(r, f);
  }
  if (opts.json)
    dsys::write_json(r, std::cout);
  else
    dsys::write_table(r, std::cout);
  bool ok = r.ok();
  if (opts.compare_sched) {
    try {
      ok = compare_schedulers(cfg, std::cout) && ok;
    } catch (const std::exception& e) {
      std::cerr << "dsbc-system: --compare-sched: " << e.what() << "\n";
      return 1;
    }
  }
  return ok ? 0 : 1;
}

#ifdef DSYS_SYSTEMC
// libsystemc provides main() and calls sc_main, declared extern "C" in its headers.
extern "C" int sc_main(int argc, char** argv) { return run(argc, argv); }
#else
int main(int argc, char** argv) { return run(argc, argv); }
#endif
