// SPDX-License-Identifier: Apache-2.0
// One run: build workloads and detectors, simulate, collect the result.
#include "td/run.h"

#include "kv_reader.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

namespace td {

bool RunResult::safe() const {
  for (auto& b : barriers)
    if (b.false_detection) return false;
  return true;
}

bool RunResult::live() const {
  for (auto& b : barriers)
    if (b.missed) return false;
  return true;
}

std::string RunResult::outcome() const {
  for (auto& b : barriers)
    if (b.fatal) return "fatal";
  return live() ? "detected" : "missed";
}

bool RunResult::unexplained_fatal() const {
  for (auto& b : barriers)
    if (b.fatal && !b.fatal_explained) return true;
  return false;
}

std::pair<NodeId, Tick> parse_fault(const std::string& text) {
  const auto at = text.find('@');
  std::int64_t pe = 0, t = 0;
  if (at == std::string::npos || !detail::parse_decimal(text.substr(0, at), pe) ||
      !detail::parse_decimal(text.substr(at + 1), t) || pe < 0 || pe > (1 << 20) || t < 0)
    throw ConfigError("--fault: '" + text + "' is not PE@TICK (decimal PE 1..N-1, tick after --start)");
  return {static_cast<NodeId>(pe), t};
}

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

File open_out(const std::string& path, const std::string& option) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw ConfigError(option + ": cannot open '" + path + "' for writing");
  return File(f);
}
}  // namespace

namespace {
// Draws --faults K: distinct non-root PEs (not already scripted) and ticks in the fault-free
// run's duration, from a generator derived from the run's seed (not the run's own RNG, so
// the failures do not shift the run's draws before they happen).
void draw_faults(RunConfig& c) {
  const int n = c.machine.npes;
  std::vector<NodeId> pool;
  for (NodeId p = 1; p < n; ++p) {
    bool scripted = false;
    for (auto& f : c.machine.faults) scripted = scripted || f.first == p;
    if (!scripted) pool.push_back(p);
  }
  if (c.random_faults > static_cast<int>(pool.size()))
    throw ConfigError("--faults: " + std::to_string(c.random_faults) +
                      " failures need as many non-root PEs; legal 0.." + std::to_string(pool.size()));
  RunConfig pilot = c;
  pilot.random_faults = 0;
  pilot.machine.faults.clear();
  pilot.events_path.clear();
  pilot.chrome_path.clear();
  const RunResult r = run_simulation(pilot);
  Tick end = c.machine.start + 1;
  for (auto& b : r.barriers) end = std::max(end, std::max(b.true_termination, b.detected_at));
  Rng rng(c.machine.seed ^ 0xFA11'5709'0000'0001ULL);
  auto U = [&](Tick lo, Tick hi) { return std::uniform_int_distribution<Tick>(lo, hi)(rng); };
  const Tick t0 = U(c.machine.start + 1, end);
  for (int k = 0; k < c.random_faults; ++k) {
    const std::size_t i = static_cast<std::size_t>(U(0, static_cast<Tick>(pool.size()) - 1));
    const NodeId pe = pool[i];
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
    Tick t = c.fault_window > 0 ? t0 + U(0, c.fault_window) : U(c.machine.start + 1, end);
    if (c.fault_window > 0 && c.fault_gap > 0) t = k == 0 ? t0 : t0 + c.fault_gap + U(0, c.fault_window);
    c.machine.faults.emplace_back(pe, t);
  }
  c.random_faults = 0;
}
}  // namespace

RunResult run_simulation(const RunConfig& cfg_in) {
  if (cfg_in.random_faults > 0) {
    RunConfig c = cfg_in;
    draw_faults(c);
    return run_simulation(c);
  }
  const RunConfig& cfg = cfg_in;
  const WorkloadSpec spec = parse_workload_spec(cfg.workload);
  const int nb = workload_barriers(spec);
  std::vector<std::unique_ptr<Workload>> ws;
  for (int b = 0; b < nb; ++b) ws.push_back(make_workload(spec, cfg.machine.npes, b, nb));
  DetectorFactory f = make_detector_factory(cfg.algo, cfg.opts);
  File ev, ct;
  if (!cfg.events_path.empty()) ev = open_out(cfg.events_path, "--events");
  if (!cfg.chrome_path.empty()) ct = open_out(cfg.chrome_path, "--chrome-trace");
  const auto t0 = std::chrono::steady_clock::now();
  Machine m(cfg.machine, std::move(ws), f);
  m.set_event_log(ev.get());
  m.set_chrome_trace(ct != nullptr);
  m.run();
  const auto t1 = std::chrono::steady_clock::now();
  if (ct) m.write_chrome_trace(ct.get());
  RunResult r;
  r.wall_seconds = std::chrono::duration<double>(t1 - t0).count();
  r.events = m.events();
  r.fifo = m.fifo();
  r.hard_stopped = m.hard_stopped();
  r.kind_names = m.detector(0).kind_names();
  r.fault_tolerant = m.detector(0).fault_tolerant();
  r.failures = m.failures();
  for (int b = 0; b < m.nbarriers(); ++b) {
    r.barriers.push_back(m.metrics(b));
    r.extra.push_back(m.detector(b).extra());
  }
  return r;
}

std::string to_json(const RunConfig& cfg, const RunResult& r) {
  using Json = nlohmann::ordered_json;  // fields in the documented order
  const auto& mc = cfg.machine;
  Json barriers = Json::array();
  // Per-kind counters keyed by the detector's kind name (its index if it has none), from kind `first` on.
  const auto by_name = [&r](const std::vector<std::int64_t>& counts, std::size_t first) {
    Json out = Json::object();
    for (std::size_t k = first; k < counts.size(); ++k)
      out[k < r.kind_names.size() ? r.kind_names[k] : std::to_string(k)] = counts[k];
    return out;
  };
  for (std::size_t b = 0; b < r.barriers.size(); ++b) {
    const auto& m = r.barriers[b];
    Json by_kind = by_name(m.by_kind, 1);
    Json extra = Json::object();
    for (const auto& [k, v] : r.extra[b]) extra[k] = v;
    Json jb{{"barrier", b},
            {"T", m.tasks},
            {"E", m.idle_events},
            {"primary_msgs", m.primary_msgs},
            {"local_spawns", m.local_spawns},
            {"ctrl_external", m.ctrl_external},
            {"internal", m.internal},
            {"ctrl_bits", m.ctrl_bits},
            {"peak_state", m.peak_state},
            {"true_termination", m.true_termination},
            {"detected_at", m.detected_at},
            {"delay", m.delay()},
            {"detected", m.detected},
            {"false_detection", m.false_detection},
            {"missed", m.missed},
            {"by_kind", std::move(by_kind)},
            {"extra", std::move(extra)}};
    if (m.steal_requests > 0) {  // work-stealing runs only: other output stays as it was
      jb["steal_requests"] = m.steal_requests;
      jb["steals"] = m.steals;
    }
    if (r.fault_tolerant) {  // fault-tolerant runs only: fault-free output stays as it was
      Json rec = by_name(m.by_kind_recovery, 2);
      jb["outcome"] = m.fatal ? "fatal" : m.missed ? "missed" : "detected";
      if (m.fatal) {
        jb["fatal_reason"] = m.fatal_reason;
        jb["fatal_at"] = m.fatal_at;
        jb["fatal_explained"] = m.fatal_explained;
      }
      jb["by_kind_after_first_failure"] = std::move(rec);
    }
    barriers.push_back(std::move(jb));
  }
  Json j{{"algo", cfg.algo},
         {"literal", cfg.opts.literal},
         {"workload", cfg.workload},
         {"pes", mc.npes},
         {"seed", mc.seed},
         {"fifo", r.fifo},
         {"events", r.events},
         {"wall_seconds", r.wall_seconds},
         {"safe", r.safe()},
         {"live", r.live()},
         {"barriers", std::move(barriers)}};
  if (r.fault_tolerant) {
    j["outcome"] = r.outcome();
    j["unexplained_fatal"] = r.unexplained_fatal();
    Json fs = Json::array();
    for (auto& f : r.failures)
      fs.push_back(Json{{"pe", f.pe}, {"at", f.at}, {"flushed_at", f.flushed_at}, {"lost", f.lost}});
    j["failures"] = std::move(fs);
  }
  return j.dump();
}

std::string to_text(const RunConfig& cfg, const RunResult& r) {
  std::ostringstream o;
  o << cfg.algo << (cfg.opts.literal ? " (literal)" : "") << " on " << cfg.workload << ", " << cfg.machine.npes
    << " PEs, seed " << cfg.machine.seed << (r.fifo ? ", FIFO" : ", non-FIFO") << ": " << r.events << " events, "
    << (r.safe() ? "safe" : "FALSE DETECTION") << ", "
    << (r.outcome() == "fatal" ? "FATAL"
        : r.live()             ? "detected"
                               : "MISSED")
    << "\n";
  for (auto& f : r.failures) o << "  failure: PE " << f.pe << " at " << f.at << ", flushed " << f.flushed_at << "\n";
  for (auto& m : r.barriers)
    if (m.fatal)
      o << "  FATAL at " << m.fatal_at << ": " << m.fatal_reason
        << (m.fatal_explained ? " (explained)" : " (UNEXPLAINED)") << "\n";
  for (std::size_t b = 0; b < r.barriers.size(); ++b) {
    const auto& m = r.barriers[b];
    o << "  barrier " << b << ": T=" << m.tasks << " E=" << m.idle_events << " primary=" << m.primary_msgs
      << " ctrl_external=" << m.ctrl_external << " internal=" << m.internal << " bits=" << m.ctrl_bits
      << " peak_state=" << m.peak_state << " delay=" << m.delay() << "\n";
  }
  return o.str();
}

}  // namespace td
