// SPDX-License-Identifier: Apache-2.0
// One run: build workloads and detectors, simulate, collect the result.
#include "td/run.h"

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

RunResult run_simulation(const RunConfig& cfg) {
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
  for (std::size_t b = 0; b < r.barriers.size(); ++b) {
    const auto& m = r.barriers[b];
    Json by_kind = Json::object();
    for (std::size_t k = 1; k < m.by_kind.size(); ++k)
      by_kind[k < r.kind_names.size() ? r.kind_names[k] : std::to_string(k)] = m.by_kind[k];
    Json extra = Json::object();
    for (const auto& [k, v] : r.extra[b]) extra[k] = v;
    barriers.push_back(Json{{"barrier", b},
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
                            {"extra", std::move(extra)}});
  }
  const Json j{{"algo", cfg.algo},     {"literal", cfg.opts.literal}, {"workload", cfg.workload},
               {"pes", mc.npes},       {"seed", mc.seed},             {"fifo", r.fifo},
               {"events", r.events},   {"wall_seconds", r.wall_seconds}, {"safe", r.safe()},
               {"live", r.live()},     {"barriers", std::move(barriers)}};
  return j.dump();
}

std::string to_text(const RunConfig& cfg, const RunResult& r) {
  std::ostringstream o;
  o << cfg.algo << (cfg.opts.literal ? " (literal)" : "") << " on " << cfg.workload << ", " << cfg.machine.npes
    << " PEs, seed " << cfg.machine.seed << (r.fifo ? ", FIFO" : ", non-FIFO") << ": " << r.events << " events, "
    << (r.safe() ? "safe" : "FALSE DETECTION") << ", " << (r.live() ? "detected" : "MISSED") << "\n";
  for (std::size_t b = 0; b < r.barriers.size(); ++b) {
    const auto& m = r.barriers[b];
    o << "  barrier " << b << ": T=" << m.tasks << " E=" << m.idle_events << " primary=" << m.primary_msgs
      << " ctrl_external=" << m.ctrl_external << " internal=" << m.internal << " bits=" << m.ctrl_bits
      << " peak_state=" << m.peak_state << " delay=" << m.delay() << "\n";
  }
  return o.str();
}

}  // namespace td
