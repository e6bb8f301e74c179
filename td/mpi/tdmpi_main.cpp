// SPDX-License-Identifier: Apache-2.0
// tdmpi: the lab's termination-detection algorithms over real processes, one MPI rank per PE
// (docs/mpi.md). `mpirun -np P tdmpi --algo A --workload W [--seed S] [--out F] [--log-dir D]`.
// Exit status: 0 detected and safe, 1 false or missed detection, 2 bad input, 3 timeout
// (MPI_Abort).
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "mpi_runtime.h"

namespace {

/// Parses the command line on every rank alike; returns an exit status (or -1 to run).
int parse(int argc, char** argv, td::mpi::MpiConfig& cfg, std::string& out, bool& json, int& pingpong, int rank) {
  CLI::App app{"tdmpi: termination-detection algorithms over MPI (one rank per PE; docs/mpi.md)"};
  std::vector<std::string> opts;
  app.add_option("--algo", cfg.algo, "algorithm (tdsim --list): credit cda tiered 4c skr ds nbx qd ...");
  app.add_option("--workload", cfg.workload, "workload NAME[:key=value,...]: uts, tree, ring (tdsim --list)");
  app.add_option("--seed", cfg.seed, "seed: the initial tasks (common) and each rank's draws");
  app.add_option("--opt", opts, "algorithm option key=value (repeatable)");
  app.add_option("--tree-arity", cfg.tree_arity, "arity of the control/broadcast tree")->check(CLI::Range(1, 1 << 20));
  app.add_option("--timeout", cfg.timeout_s, "abort the run (MPI_Abort, exit 3) after this many seconds")
      ->check(CLI::Range(0.001, 1e6));
  app.add_option("--task-spin", cfg.spin_ns, "ns of busy-waiting added to every task")
      ->check(CLI::Range(0, 1'000'000'000));
  app.add_option("--idle-sleep", cfg.idle_sleep_us, "us an idle rank sleeps between empty polls")
      ->check(CLI::Range(0, 100'000));
  app.add_option("--log-dir", cfg.log_dir, "write the per-rank event logs DIR/rank-R.jsonl (the oracle's input)");
  app.add_option("--out", out, "write the JSON result (tdsim's format) to this file");
  app.add_flag("--json", json, "print the JSON result instead of the summary");
  app.add_option("--pingpong", pingpong, "measure the one-way latency of ranks 0 and 1 with N round trips")
      ->check(CLI::Range(1, 100'000'000));
  app.add_flag("--literal", cfg.opts.literal, "the algorithm's literal-errata variant");
  app.add_option("--test-fault", cfg.test_fault, "")  // hidden: planted faults for the tests
      ->check(CLI::IsMember({"exit", "hang", "early-declare"}))
      ->group("");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank != 0) return e.get_exit_code() == 0 ? 0 : 2;
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "tdmpi: error: " << e.what() << "\n";
    return 2;
  }
  for (const auto& kv : opts) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      if (rank == 0) std::cerr << "tdmpi: error: --opt: '" << kv << "' is not key=value\n";
      return 2;
    }
    cfg.opts.kv[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return -1;
}

int pingpong_main(int rounds, int rank, int size) {
  if (size < 2) {
    if (rank == 0) std::cerr << "tdmpi: error: --pingpong needs at least 2 ranks (mpirun -np 2)\n";
    return 2;
  }
  const double ns = td::mpi::pingpong_ns(MPI_COMM_WORLD, rounds);
  if (rank == 0)
    std::cout << nlohmann::ordered_json{{"pingpong_rounds", rounds}, {"oneway_ns_median", ns}}.dump() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  td::mpi::MpiConfig cfg;
  std::string out;
  bool json = false;
  int pingpong = 0;
  int rc = parse(argc, argv, cfg, out, json, pingpong, rank);
  if (rc >= 0) {
    MPI_Finalize();
    return rc;
  }
  if (pingpong > 0) {
    rc = pingpong_main(pingpong, rank, size);
    MPI_Finalize();
    return rc;
  }
  try {
    // Every rank validates the same configuration, so every rank fails alike on bad input.
    td::mpi::MpiRuntime rt(cfg, MPI_COMM_WORLD);
    const td::RunResult r = rt.run();
    rc = r.safe() && r.live() ? 0 : 1;
    if (rank == 0) {
      td::RunConfig rc_json;
      rc_json.algo = cfg.algo;
      rc_json.opts = cfg.opts;
      rc_json.workload = cfg.workload;
      rc_json.machine.npes = size;
      rc_json.machine.seed = cfg.seed;
      // tdsim's writer; the fields of a real run are added beside its own.
      auto j = nlohmann::ordered_json::parse(td::to_json(rc_json, r));
      j["engine"] = "mpi";
      j["ranks"] = size;
      j["time_unit"] = "ns (CLOCK_MONOTONIC)";
      j["task_ns_mean"] = rt.task_ns_mean();
      const std::string text = j.dump();
      if (!out.empty()) {
        std::ofstream f(out);
        if (!f) {
          std::cerr << "tdmpi: error: --out: cannot open '" << out << "' for writing\n";
          rc = 2;
        }
        f << text << "\n";
      }
      if (json)
        std::cout << text << "\n";
      else
        std::cout << "tdmpi (" << size << " ranks): " << td::to_text(rc_json, r);
    }
  } catch (const td::ConfigError& e) {
    if (rank == 0) std::cerr << "tdmpi: error: " << e.what() << "\n";
    rc = 2;
  } catch (const std::exception& e) {
    std::cerr << "tdmpi: rank " << rank << ": error: " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
  MPI_Finalize();
  return rc;
}
