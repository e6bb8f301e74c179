// SPDX-License-Identifier: Apache-2.0
// Random oracle sweep (issue item 4): random algorithm, workload, machine and seed.
#include "td/sweep.h"

#include <sstream>

namespace td {

std::vector<std::string> corrected_variants() { return algorithm_names(); }

std::vector<std::string> literal_variants() {
  return {"baker-literal", "wtc-literal", "wtc-fifo-on-nonfifo", "tiered-flat", "edod-literal"};
}

std::vector<std::string> ft_variants() { return {"ds-indep", "ds-rellazy", "ds-releager"}; }

std::vector<std::string> ft_broken_variants() {
  return {"ds-indep-noforget", "ds-rellazy-noforget", "ds-releager-noforget", "ds-rellazy-nosettle",
          "ds-releager-nosettle"};
}

namespace {
// A fault-tolerant variant: 16..256 PEs, 0..8 failures spread over the run or in one
// window (concurrent), FIFO or not, both exterior-signal placements.
RunConfig random_ft_config(Rng& rng, const std::string& variant) {
  auto U = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
  auto R = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  RunConfig c;
  c.algo = "ds";
  const std::string rest = variant.substr(3);  // after "ds-"
  const auto dash = rest.find('-');
  const std::string mode = rest.substr(0, dash);
  c.opts.kv["ft"] = mode;
  if (dash != std::string::npos) c.opts.kv[rest.substr(dash + 1) == "noforget" ? "forget" : "settle"] = "0";
  if (U(0, 1)) c.opts.kv["ext"] = "zero";
  c.machine.seed = rng();
  const std::int64_t npes[] = {16, 32, 64, 128, 256};
  c.machine.npes = static_cast<int>(npes[U(0, 4)]);
  const Tick lat = U(1, 20);
  c.machine.latency = DelayModel{U(0, 1) ? 1 : lat, lat + U(0, 30), false};
  const Tick tt = U(1, 10);
  c.machine.task_time = DelayModel{tt, tt + U(0, 20), false};
  c.machine.fifo = static_cast<int>(U(0, 1));
  c.random_faults = static_cast<int>(U(0, 8));
  switch (U(0, 2)) {  // failures spread over the run, concurrent, or one then concurrent ones
    case 0: c.fault_window = 0; break;
    case 1: c.fault_window = U(1, 3 * (c.machine.latency.hi + 1)); break;
    default:
      c.fault_window = U(1, 2 * (c.machine.latency.hi + 1));
      c.fault_gap = U(4, 16) * (c.machine.latency.hi + 1);
      break;
  }
  std::ostringstream w;
  const std::int64_t n = c.machine.npes;
  switch (U(0, 3)) {
    case 0: w << "tree:lambda=" << R(0.3, 0.8) << ",lmin=" << U(2, 5) << ",lmax=" << U(6, 12) << ",map=random"; break;
    case 1: w << "ring:p=" << R(0.8, 0.98) << ",branch=" << R(0.05, 0.4) << ",maxsteps=" << U(20, 200); break;
    case 2: w << "forkjoin:width=" << U(n / 4, 2 * n) << ",rounds=" << U(1, 3) << ",map=random"; break;
    default:
      w << "dag:tasks=" << U(n, 6 * n) << ",live=" << U(4, 64) << ",maxk=" << U(1, 4) << ",join=" << R(0.0, 0.4);
      break;
  }
  c.workload = w.str();
  c.machine.max_events = 5'000'000;
  if (U(0, 5) == 0) {
    // The spec's S4 pattern on a chain: the ring engages PE i+1 from PE i and the chain
    // stays engaged behind the token. f fails after the token passed f+1; its parent g=f-1
    // adopts c=f+1; then g and the interior c fail together (FATAL with F-10, premature
    // termination without it).
    const Tick l = c.machine.latency.hi, t = c.machine.task_time.hi;
    c.machine.latency = DelayModel{l, l, false};
    c.machine.task_time = DelayModel{t, t, false};
    c.workload = "ring:p=1,branch=0,next=succ,maxsteps=" + std::to_string(4 * n);
    c.random_faults = 0;
    c.fault_window = c.fault_gap = 0;
    const NodeId f = static_cast<NodeId>(U(2, n - 3));
    const Tick t0 = (f + 2) * (l + t) + U(0, l + t);  // the token has just passed c
    const Tick gap = U(4, 16) * (l + 1);
    c.machine.faults = {{f, t0}, {f - 1, t0 + gap}, {f + 1, t0 + gap + U(0, l)}};
  }
  return c;
}
}  // namespace

std::string command_line(const RunConfig& c) {
  std::ostringstream o;
  auto delay = [](const DelayModel& d) {
    if (d.exp) return "exp:" + std::to_string(d.lo);
    if (d.lo == d.hi) return std::to_string(d.lo);
    return "uniform:" + std::to_string(d.lo) + ":" + std::to_string(d.hi);
  };
  o << "tdsim --algo " << c.algo << " --workload '" << c.workload << "' --pes " << c.machine.npes << " --seed "
    << c.machine.seed << " --latency " << delay(c.machine.latency) << " --task-time " << delay(c.machine.task_time)
    << " --send-cost " << c.machine.send_cost << " --fifo "
    << (c.machine.fifo < 0 ? "auto" : std::to_string(c.machine.fifo)) << " --tree-arity " << c.machine.tree_arity;
  if (c.opts.literal) o << " --literal";
  for (auto& [pe, t] : c.machine.faults) o << " --fault " << pe << "@" << t;
  if (c.random_faults > 0)
    o << " --faults " << c.random_faults << " --fault-window " << c.fault_window << " --fault-gap " << c.fault_gap;
  for (auto& [k, v] : c.opts.kv) o << " --opt " << k << "=" << v;
  return o.str();
}

RunConfig random_config(std::uint64_t seed, std::uint64_t i, const std::string& variant) {
  Rng rng(seed * 0x9E3779B97F4A7C15ULL + i * 0xBF58476D1CE4E5B9ULL + 12345);
  auto U = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
  auto R = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  if (variant.rfind("ds-", 0) == 0) return random_ft_config(rng, variant);
  RunConfig c;
  c.algo = variant;
  if (variant == "baker-literal") {
    c.algo = "baker";
    c.opts.literal = true;
  } else if (variant == "wtc-literal") {
    c.algo = "wtc";
    c.opts.literal = true;
  } else if (variant == "wtc-fifo-on-nonfifo") {
    c.algo = "wtc";
    c.opts.kv["mode"] = "fifo";
    c.machine.fifo = 0;
  } else if (variant == "edod-literal") {
    c.algo = "edod";
    c.opts.literal = true;
  } else if (variant == "tiered-flat") {
    c.algo = "tiered";
    c.opts.kv["levels"] = "0";
  }
  c.machine.seed = rng();
  c.machine.npes = static_cast<int>(U(1, 12));
  const Tick lat = U(0, 20);
  c.machine.latency = U(0, 3) == 0 ? DelayModel{lat, lat, false} : DelayModel{0, lat + U(1, 40), false};
  const Tick tt = U(0, 10);
  c.machine.task_time = U(0, 2) == 0 ? DelayModel{tt, tt, false} : DelayModel{0, tt + U(1, 20), false};
  c.machine.send_cost = U(0, 4) == 0 ? U(1, 3) : 0;
  c.machine.tree_arity = static_cast<int>(U(1, 3));
  // Channels: FIFO or not at random, except where the algorithm assumes FIFO (cv, edod,
  // wtc mode=fifo).
  if (c.machine.fifo < 0 && c.algo != "cv" && c.algo != "edod" && !(c.algo == "wtc" && c.opts.kv.count("mode")))
    c.machine.fifo = static_cast<int>(U(0, 1));
  if (c.algo == "wtc") {
    if (U(0, 2) == 0) c.opts.kv["abort"] = std::to_string(U(1, 300));
    if (U(0, 3) == 0) c.opts.kv["proactive"] = "1";
    if (U(0, 1) == 0) {  // small weights exercise request/supply
      c.opts.kv["w0"] = std::to_string(U(3, 16));
      c.opts.kv["fixed"] = std::to_string(U(1, 8));
      c.opts.kv["supply"] = std::to_string(U(3, 64));
    }
  }
  if (c.algo == "cda" && U(0, 1) == 0) {  // small credit exercises borrow, prefetch, overflow
    const std::int64_t ci = U(1, 64);
    c.opts.kv["cinit"] = std::to_string(ci);
    c.opts.kv["ccon"] = std::to_string(U(0, 32));
    c.opts.kv["wcon"] = std::to_string(U(1, 8));
    c.opts.kv["cborrow"] = std::to_string(U(0, 16));
    c.opts.kv["cmax"] = std::to_string(ci + U(0, 200));
  }
  if (c.algo == "hcda" && U(0, 1) == 0) c.opts.kv["cinit"] = std::to_string(U(2, 64));
  std::ostringstream w;
  const std::int64_t nb = U(0, 3) == 0 ? U(2, 3) : 1;
  switch (U(0, 6)) {
    case 0:
      w << "ring:p=" << R(0.3, 0.97) << ",branch=" << (U(0, 1) ? R(0.0, 0.5) : 0.0) << ",maxsteps=" << U(1, 200);
      break;
    case 1:
      w << "tree:lambda=" << R(0.3, 0.85) << ",lmax=" << U(3, 12) << ",lmin=" << U(1, 4)
        << ",map=" << (U(0, 1) ? "rr" : "random");
      break;
    case 2:
      w << "forkjoin:width=" << U(1, 12) << ",rounds=" << U(1, 3) << ",map=" << (U(0, 1) ? "rr" : "random");
      break;
    case 3:
      w << "dag:tasks=" << U(1, 150) << ",live=" << U(1, 16) << ",maxk=" << U(0, 4) << ",join=" << R(0.0, 0.5);
      break;
    case 4: {
      const char* cs[] = {"a", "b", "c"};
      w << "tseng45:case=" << cs[U(0, 2)] << ",t=" << U(1, 40);
      break;
    }
    case 5: {  // UTS (issue 15): small geometric or binomial trees; map=local steals
      const char* maps[] = {"random", "rr", "local"};
      if (U(0, 1))
        w << "uts:type=geometric,shape=" << (U(0, 1) ? "linear" : "fixed") << ",depth=" << U(2, 5)
          << ",b0=" << R(1.0, 4.0);
      else
        w << "uts:type=binomial,b0=" << U(1, 30) << ",q=" << R(0.05, 0.2) << ",m=" << U(2, 4);
      w << ",rootseed=" << U(0, 1000) << ",map=" << maps[U(0, 2)];
      break;
    }
    default:
      if (c.machine.npes < 2) c.machine.npes = 2;
      w << "tseng47:t=" << U(2 * c.machine.npes - 2, 4 * c.machine.npes + 10);
      break;
  }
  if (nb > 1) w << ",barriers=" << nb;
  c.workload = w.str();
  c.machine.max_events = 5'000'000;
  return c;
}

std::map<std::string, SweepTally> run_sweep(std::uint64_t seed, std::int64_t n,
                                            const std::vector<std::string>& variants) {
  std::map<std::string, SweepTally> t;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::string& v = variants[static_cast<std::size_t>(i) % variants.size()];
    RunConfig c = random_config(seed, static_cast<std::uint64_t>(i), v);
    RunResult r = run_simulation(c);
    SweepTally& s = t[v];
    ++s.runs;
    if (!r.safe()) ++s.false_det;
    if (!r.live()) ++s.missed;
    for (auto& b : r.barriers)
      if (b.fatal) ++(b.fatal_explained ? s.fatal : s.unexplained);
    s.failures += static_cast<std::int64_t>(r.failures.size());
    if (!r.failures.empty()) ++s.faulty;
    if ((!r.safe() || !r.live() || r.unexplained_fatal()) && s.first_bad.empty()) s.first_bad = command_line(c);
  }
  return t;
}

}  // namespace td
