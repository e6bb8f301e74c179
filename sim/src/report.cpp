// SPDX-License-Identifier: Apache-2.0
// Output of a system run: the replay trace, the per-epoch table and JSON (see system.h).
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "dsbc/scheds.h"
#include "dsys/system.h"

namespace dsys {

namespace {

/// ps as ns with exactly three decimals ("-" for "never"), so the table shows whole ps.
std::string ns(Ps ps) {
  if (ps < 0) return "-";
  return fmt::format("{}.{:03}", ps / 1000, ps % 1000);
}

/// The wall-clock time as the JSON number it has always been written as: 6 significant digits
/// (the default of an ostream). nlohmann-json writes the shortest text that reads back as the
/// same double, so rounding the value here gives the same text ("0.0058107"), except for a
/// whole number of seconds, which it writes as "2.0" rather than "2".
double six_digits(double seconds) { return std::stod(fmt::format("{:.6g}", seconds)); }

}  // namespace

void write_trace(const SystemResult& r, std::ostream& out) {
  const dsbc::Config c = r.cfg.dsbc();
  out << fmt::format(
      "# dsbc-system --workload {} --pes {} --barriers {} --epochs {} --seed {} --clock-ps {} --sched {}{}{}\n",
      r.cfg.workload, r.cfg.pes, r.cfg.barriers, r.cfg.epochs, r.cfg.seed, r.period_ps, dsbc::sched_name(r.cfg.sched),
      r.cfg.pipe == 1 ? " --pipe 1" : "", r.cfg.half_rate == 1 ? " --half-rate 1" : "");
  out << fmt::format("pes {}\nbarriers {}\ncount_bits {}\nfifo_depth {}\n", c.pes, c.barriers, c.count_bits,
                     c.fifo_depth);
  // Request order: one PE's requests in the order it made them (their cycles never go back).
  for (const RequestRecord& q : r.requests)
    out << fmt::format("{} {} {} {}\n", q.cycle, q.pe, q.barrier, q.delta > 0 ? "+1" : "-1");
}

void write_table(const SystemResult& r, std::ostream& out) {
  out << fmt::format("dsbc-system: workload {}, N={}, M={}, epochs {}, seed {}, engine {}, scheduler {}\n",
                     r.cfg.workload, r.cfg.pes, r.cfg.barriers, r.cfg.epochs, r.cfg.seed, engine_name(r.cfg.engine),
                     dsbc::sched_label(r.cfg.sched, r.cfg.pipe, r.cfg.half_rate));
  out << fmt::format(
      "time base: DSBC clock {} ns, latency {} ns, task {} ns; times in ns from the epoch start; "
      "delay = detection - true termination\n",
      ns(r.period_ps), ns(r.cfg.latency_ps), ns(r.cfg.task_ps));
  // Columns: epoch and barrier left-aligned, everything else right-aligned; software
  // detectors get a third column with their control messages (the DSBC sends none).
  out << fmt::format("{:<6}{:<4}{:>8}{:>14}", "epoch", "b", "tasks", "true_term");
  for (const Detection& d : r.rows.front().det) {
    out << fmt::format("{:>14}{:>13}", d.name + "_at", d.name + "_dly");
    if (d.name != "dsbc") out << fmt::format("{:>12}", d.name + "_msg");
  }
  out << '\n';
  for (const EpochRow& row : r.rows) {
    out << fmt::format("{:<6}{:<4}{:>8}{:>14}", row.epoch, row.barrier, row.tasks, ns(row.true_termination));
    for (const Detection& d : row.det) {
      out << fmt::format("{:>14}{:>13}", ns(d.at), d.detected ? ns(d.at - row.true_termination) : "-");
      if (d.name != "dsbc") out << fmt::format("{:>12}", d.control_msgs);
    }
    out << '\n';
  }
  out << fmt::format("DSBC: {} cycles, {} requests, {} completions; control messages: 0 (3 wires per PE)\n", r.cycles,
                     r.requests.size(), r.completions.size());
  if (r.cfg.engine == EngineKind::kBoth)
    out << fmt::format("lockstep: RTL and model agreed on every output in all {} cycles\n", r.cycles);
  if (r.ok()) {
    out << fmt::format("oracle: ok ({} detections checked: none early, none missed, none false)\n",
                       r.rows.size() * r.rows.front().det.size());
  } else {
    out << fmt::format("oracle: {} FAILURES\n", r.failures.size());
    for (const auto& f : r.failures) out << "  " << f << '\n';
  }
}

void write_json(const SystemResult& r, std::ostream& out) {
  // ordered_json keeps the keys in insertion order: the order below is the output's.
  using Json = nlohmann::ordered_json;
  Json j;
  j["workload"] = r.cfg.workload;
  j["pes"] = r.cfg.pes;
  j["barriers"] = r.cfg.barriers;
  j["epochs"] = r.cfg.epochs;
  j["seed"] = r.cfg.seed;
  j["engine"] = engine_name(r.cfg.engine);
  j["clock_ps"] = r.period_ps;
  j["latency_ps"] = r.cfg.latency_ps;
  j["task_ps"] = r.cfg.task_ps;
  j["count_bits"] = r.cfg.count_bits;
  j["fifo_depth"] = r.cfg.fifo_depth;
  j["sched"] = dsbc::sched_name(r.cfg.sched);
  j["pipe"] = r.cfg.pipe;
  j["half_rate"] = r.cfg.half_rate;
  j["dsbc_cycles"] = r.cycles;
  j["dsbc_requests"] = r.requests.size();
  j["wall_seconds"] = six_digits(r.wall_seconds);
  Json rows = Json::array();
  for (const EpochRow& row : r.rows) {
    Json jr;
    jr["epoch"] = row.epoch;
    jr["barrier"] = row.barrier;
    jr["epoch_start_ps"] = row.epoch_start;
    jr["tasks"] = row.tasks;
    jr["primary_msgs"] = row.primary_msgs;
    jr["true_termination_ps"] = row.true_termination;
    jr["dsbc_requests"] = row.dsbc_requests;
    jr["dsbc_done_cycle"] = row.dsbc_done_cycle;
    jr["dsbc_snap_cycle"] = row.dsbc_snap_cycle;
    Json detectors = Json::object();
    for (const Detection& d : row.det) {
      Json jd;
      jd["detected"] = d.detected;
      jd["at_ps"] = d.at;
      jd["delay_ps"] = d.detected ? d.at - row.true_termination : Ps{-1};
      jd["control_msgs"] = d.control_msgs;
      jd["control_bits"] = d.control_bits;
      jd["false_detection"] = d.false_detection;
      jd["missed"] = d.missed;
      jd["same_execution"] = d.same_execution;
      detectors[d.name] = std::move(jd);
    }
    jr["detectors"] = std::move(detectors);
    rows.push_back(std::move(jr));
  }
  j["rows"] = std::move(rows);
  j["oracle_ok"] = r.ok();
  j["failures"] = r.failures;
  // Compact, UTF-8 kept as it is (not \u-escaped); bytes that are not UTF-8 (a workload spec
  // is free text) become U+FFFD instead of making the writer throw.
  out << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace dsys
