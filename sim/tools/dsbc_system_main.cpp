// SPDX-License-Identifier: Apache-2.0
// dsbc-system: one execution of a TD-lab workload observed by the DSBC unit and by software
// TD algorithms (docs/system.md). Exit 0: every detector correct; 1: the oracle found a
// wrong detection (or the lockstep a mismatch); 2: bad usage.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "dsys/lockstep_engine.h"
#include "dsys/rtl_engines.h"
#include "dsys/system.h"
#ifdef DSYS_SYSTEMC
#include "sc_backend.h"
#endif

namespace {

const char* kUsage =
    "usage: dsbc-system [--workload SPEC] [--pes N] [--barriers M] [--epochs E] [--seed S]\n"
    "                   [--engine model|rtl|both|systemc] [--algos a,b,c] [--clock-ns X] [--latency-ns Y]\n"
    "                   [--task-ns Z] [--count-bits T] [--fifo-depth D] [--json] [--dump-trace FILE]\n"
    "  SPEC: a tdsim workload, e.g. tree:lambda=0.8 or ring:p=0.99 (tdsim --list); M concurrent\n"
    "  instances, one per DSBC barrier. Defaults: tree, N=16, M=1, E=1, seed 1, model, no algos,\n"
    "  clock = 1/Fmax of the iCE40 blocks for N, latency 500 ns, task 2000 ns, T=16, D=8.\n";

[[noreturn]] void usage_error(const std::string& msg) {
  std::cerr << "dsbc-system: error: " << msg << "\n" << kUsage;
  std::exit(2);
}

long long to_int(const std::string& opt, const std::string& v) {
  try {
    std::size_t pos = 0;
    long long x = std::stoll(v, &pos);
    if (pos == v.size()) return x;
  } catch (const std::exception&) {
  }
  usage_error(opt + ": '" + v + "' is not an integer");
}

dsys::Ps to_ps(const std::string& opt, const std::string& v) {
  try {
    std::size_t pos = 0;
    double x = std::stod(v, &pos);
    if (pos == v.size() && std::isfinite(x) && x >= 0 && x < 1e9) return static_cast<dsys::Ps>(std::llround(x * 1000.0));
  } catch (const std::exception&) {
  }
  usage_error(opt + ": '" + v + "' is not a time in ns in [0, 1e9)");
}

}  // namespace

std::unique_ptr<dsys::Backend> backend(const dsys::SystemConfig& cfg) {
#ifdef DSYS_SYSTEMC
  if (cfg.engine == dsys::EngineKind::kSystemC) return std::make_unique<dsys::ScBackend>(cfg.dsbc(), cfg.period_ps());
#endif
  return dsys::make_backend(cfg);
}

int run(int argc, char** argv) {
  dsys::SystemConfig cfg;
#ifdef DSYS_SYSTEMC
  cfg.engine = dsys::EngineKind::kSystemC;  // this binary's reason to exist
#endif
  bool json = false;
  std::string dump;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::cout << kUsage << "built RTL configurations: " << dsys::rtl_configs() << "\n";
#ifdef DSYS_SYSTEMC
      std::cout << "this is the SystemC top (default --engine systemc), verilated for "
                << dsys::ScBackend::built_config() << "\n";
#endif
      return 0;
    }
    if (a == "--json") {
      json = true;
      continue;
    }
    if (i + 1 >= argc) usage_error(a + ": missing value");
    const std::string v = argv[++i];
    if (a == "--workload") cfg.workload = v;
    else if (a == "--pes") cfg.pes = static_cast<int>(to_int(a, v));
    else if (a == "--barriers") cfg.barriers = static_cast<int>(to_int(a, v));
    else if (a == "--epochs") cfg.epochs = static_cast<int>(to_int(a, v));
    else if (a == "--seed") cfg.seed = static_cast<std::uint64_t>(to_int(a, v));
    else if (a == "--engine") {
      try {
        cfg.engine = dsys::parse_engine(v);
      } catch (const dsys::ConfigError& e) {
        usage_error(e.what());
      }
    } else if (a == "--algos") {
      std::stringstream ss(v);
      std::string x;
      while (std::getline(ss, x, ',')) {
        if (!x.empty()) cfg.algos.push_back(x);
      }
    } else if (a == "--clock-ns") {
      cfg.clock_ps = to_ps(a, v);
      if (cfg.clock_ps < 1) usage_error("--clock-ns: must be at least 0.001 (1 ps)");
    } else if (a == "--latency-ns") cfg.latency_ps = to_ps(a, v);
    else if (a == "--task-ns") cfg.task_ps = to_ps(a, v);
    else if (a == "--count-bits") cfg.count_bits = static_cast<int>(to_int(a, v));
    else if (a == "--fifo-depth") cfg.fifo_depth = static_cast<int>(to_int(a, v));
    else if (a == "--dump-trace") dump = v;
    else usage_error("unknown option '" + a + "'");
  }
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
              << " PEs), network " << c.network << ", controller " << c.controller << ", scheduler " << c.machine << "\n";
  }
#endif
  if (!dump.empty()) {
    std::ofstream f(dump);
    if (!f) usage_error("--dump-trace: cannot open '" + dump + "' for writing");
    dsys::write_trace(r, f);
  }
  if (json) dsys::write_json(r, std::cout);
  else dsys::write_table(r, std::cout);
  return r.ok() ? 0 : 1;
}

#ifdef DSYS_SYSTEMC
// libsystemc provides main() and calls sc_main, declared extern "C" in its headers.
extern "C" int sc_main(int argc, char** argv) { return run(argc, argv); }
#else
int main(int argc, char** argv) { return run(argc, argv); }
#endif
