// SPDX-License-Identifier: Apache-2.0
// tdsim: command-line front end of the software termination-detection lab (docs/td.md).
// Exit status: 0 success, 1 a run was unsafe or missed its detection, 2 bad input.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "td/run.h"
#include "td/sweep.h"

namespace {

int list() {
  std::cout << "algorithms:\n";
  for (auto& a : td::algorithm_names()) std::cout << "  " << a << "  - " << td::algorithm_help(a) << "\n";
  std::cout << "workloads (NAME[:key=value,...], every key defaulted; all accept barriers=K):\n";
  for (auto& w : td::workload_names()) std::cout << "  " << w << "  - " << td::workload_help(w) << "\n";
  return 0;
}

/// CLI11 validator of a delay model (N, uniform:LO:HI, exp:MEAN); CLI11 names the option.
CLI::Validator delay_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          td::DelayModel::parse(text, "value");
          return {};
        } catch (const td::ConfigError& e) {
          return e.what();
        }
      },
      "DELAY");
}

/// CLI11 validator of an algorithm option: key=value with a non-empty key.
CLI::Validator key_value_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto eq = text.find('=');
        return eq == std::string::npos || eq == 0 ? "'" + text + "' is not key=value" : std::string();
      },
      "KEY=VALUE");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tdsim: deterministic discrete-event simulator of termination-detection algorithms"};
  td::RunConfig cfg;
  std::string latency = "10", task_time = "5";
  std::vector<std::string> opts;
  bool json = false, do_list = false;
  std::int64_t sweep = 0;
  bool sweep_literal = false;
  std::string sweep_set = "corrected";
  app.add_flag("--list", do_list, "list algorithms and workloads");
  app.add_option("--algo", cfg.algo, "algorithm: tiered credit hcda cda 4c edod cv ltd skr baker wtc ds nbx qd");
  app.add_option("--workload", cfg.workload,
                 "workload spec NAME[:key=value,...], e.g. tree:lambda=0.9,lmax=50,map=random");
  app.add_option("--pes", cfg.machine.npes, "number of PEs")->check(CLI::Range(1, 1 << 20));
  app.add_option("--seed", cfg.machine.seed, "seed of the run's RNG (0 .. 2^64-1)");
  auto* lat_opt = app.add_option("--latency", latency, "message latency in ticks: N, uniform:LO:HI or exp:MEAN")
                      ->check(delay_validator());
  auto* tt_opt = app.add_option("--task-time", task_time, "task execution time in ticks: N, uniform:LO:HI or exp:MEAN")
                     ->check(delay_validator());
  std::string model;
  app.add_option("--model", model,
                 "timing preset for Bosilca's execution models: instant (tasks 1, latency 0), local (tasks 1, "
                 "latency 50), load (tasks 50, latency 1); --latency/--task-time override it")
      ->check(CLI::IsMember({"instant", "local", "load"}));
  app.add_option("--send-cost", cfg.machine.send_cost, "sender NIC ticks per external message (serialised)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  app.add_option("--fifo", cfg.machine.fifo, "channels: auto (the algorithm's assumption), 1 FIFO, 0 non-FIFO")
      ->transform(CLI::CheckedTransformer(std::map<std::string, int>{{"auto", -1}, {"0", 0}, {"1", 1}}));
  app.add_option("--start", cfg.machine.start, "tick at which the initial tasks are injected")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 50));
  app.add_option("--tree-arity", cfg.machine.tree_arity, "arity of the control/broadcast tree")
      ->check(CLI::Range(1, 1024));
  app.add_option("--liveness-bound", cfg.machine.liveness_bound,
                 "ticks allowed from true termination to detection (0 auto)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 60));
  app.add_option("--max-events", cfg.machine.max_events, "hard stop after this many events")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 62));
  app.add_flag("--literal", cfg.opts.literal, "run the paper's pseudo-code as printed (baker, wtc)");
  app.add_option("--opt", opts, "algorithm option key=value (repeatable), see --list")->check(key_value_validator());
  std::vector<std::string> faults;
  app.add_option(
         "--fault", faults,
         "fail-stop failure of PE (1..N-1) at TICK (> --start), PE@TICK, repeatable; needs --algo ds --opt ft=...")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            try {
              td::parse_fault(text);
              return {};
            } catch (const td::ConfigError& e) {
              return e.what();
            }
          },
          "PE@TICK"));
  app.add_option("--faults", cfg.random_faults, "K random failures of distinct non-root PEs, from the run's seed")
      ->check(CLI::Range(0, 1 << 20));
  app.add_option("--fault-window", cfg.fault_window,
                 "with --faults: 0 spreads them over the run; W puts them within W ticks")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  app.add_option("--fault-gap", cfg.fault_gap,
                 "with --faults and --fault-window: the first failure alone, the rest GAP ticks later")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  app.add_flag("--json", json, "print the result as one JSON object");
  app.add_option("--events", cfg.events_path, "write a JSON Lines event log to FILE");
  app.add_option("--chrome-trace", cfg.chrome_path, "write a Chrome trace (Perfetto) to FILE");
  app.add_option("--sweep", sweep, "run N random (algorithm, workload, seed) combinations through the oracle")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  app.add_flag("--sweep-literal", sweep_literal,
               "sweep the literal-errata/unsafe variants instead (= --sweep-set literal)");
  app.add_option("--sweep-set", sweep_set,
                 "variants to sweep: corrected, literal, ft (ds fault-tolerance modes under failures), ft-broken "
                 "(F-9/F-10 off)")
      ->check(CLI::IsMember({"corrected", "literal", "ft", "ft-broken"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "tdsim: error: " << e.what() << "\n";
    return 2;
  }
  if (do_list) return list();
  if (!model.empty()) {  // Bosilca et al. §5.2's S_instant, S_local, S_load as timings
    if (lat_opt->count() == 0) latency = model == "local" ? "50" : model == "load" ? "1" : "0";
    if (tt_opt->count() == 0) task_time = model == "load" ? "50" : "1";
  }
  try {
    cfg.machine.latency = td::DelayModel::parse(latency, "--latency");
    cfg.machine.task_time = td::DelayModel::parse(task_time, "--task-time");
    for (const std::string& f : faults) cfg.machine.faults.push_back(td::parse_fault(f));
    for (const std::string& o : opts) {  // key=value, checked by key_value_validator
      const auto eq = o.find('=');
      cfg.opts.kv[o.substr(0, eq)] = o.substr(eq + 1);
    }
    if (sweep > 0) {
      if (sweep_literal) sweep_set = "literal";
      const bool ft = sweep_set == "ft" || sweep_set == "ft-broken";
      const auto variants = sweep_set == "literal"     ? td::literal_variants()
                            : sweep_set == "ft"        ? td::ft_variants()
                            : sweep_set == "ft-broken" ? td::ft_broken_variants()
                                                       : td::corrected_variants();
      const auto t = td::run_sweep(cfg.machine.seed, sweep, variants);
      std::int64_t runs = 0, bad = 0;
      for (auto& [v, s] : t) {
        runs += s.runs;
        bad += s.false_det + s.missed + s.unexplained;
        if (ft)  // premature = false detection; FATAL explained / unexplained by the oracle
          fmt::print(
              "{:<22} runs={:<7} faulty={:<7} failures={:<7} premature={:<5} missed={:<5} fatal={:<5} "
              "unexplained={:<5}{}{}\n",
              v, s.runs, s.faulty, s.failures, s.false_det, s.missed, s.fatal, s.unexplained,
              s.first_bad.empty() ? "" : "  first: ", s.first_bad);
        else
          fmt::print("{:<22} runs={:<8} false={:<6} missed={:<6}{}{}\n", v, s.runs, s.false_det, s.missed,
                     s.first_bad.empty() ? "" : "  first: ", s.first_bad);
      }
      fmt::print("total runs={} bad={}\n", runs, bad);
      if (sweep_set == "literal" || sweep_set == "ft-broken") return 0;
      return bad == 0 ? 0 : 1;
    }
    const td::RunResult r = td::run_simulation(cfg);
    if (json)
      std::cout << td::to_json(cfg, r) << "\n";
    else
      std::cout << td::to_text(cfg, r);
    return r.safe() && r.live() && !r.unexplained_fatal() ? 0 : 1;
  } catch (const td::ConfigError& e) {
    std::cerr << "tdsim: error: " << e.what() << "\n";
    return 2;
  }
}
