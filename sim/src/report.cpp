// SPDX-License-Identifier: Apache-2.0
// Output of a system run: the replay trace, the per-epoch table and JSON (see system.h).
#include <iomanip>
#include <ostream>
#include <sstream>

#include "dsys/system.h"

namespace dsys {

namespace {
std::string ns(Ps ps) {
  if (ps < 0) return "-";
  std::ostringstream os;
  os << ps / 1000 << '.' << std::setw(3) << std::setfill('0') << ps % 1000;
  return os.str();
}
std::string jstr(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o + "\"";
}
}  // namespace

void write_trace(const SystemResult& r, std::ostream& out) {
  const dsbc::Config c = r.cfg.dsbc();
  out << "# dsbc-system --workload " << r.cfg.workload << " --pes " << r.cfg.pes << " --barriers " << r.cfg.barriers
      << " --epochs " << r.cfg.epochs << " --seed " << r.cfg.seed << " --clock-ps " << r.period_ps << "\n";
  out << "pes " << c.pes << "\nbarriers " << c.barriers << "\ncount_bits " << c.count_bits << "\nfifo_depth "
      << c.fifo_depth << "\n";
  // Request order: one PE's requests in the order it made them (their cycles never go back).
  for (const RequestRecord& q : r.requests)
    out << q.cycle << ' ' << q.pe << ' ' << q.barrier << ' ' << (q.delta > 0 ? "+1" : "-1") << '\n';
}

void write_table(const SystemResult& r, std::ostream& out) {
  out << "dsbc-system: workload " << r.cfg.workload << ", N=" << r.cfg.pes << ", M=" << r.cfg.barriers
      << ", epochs " << r.cfg.epochs << ", seed " << r.cfg.seed << ", engine " << engine_name(r.cfg.engine)
      << "\ntime base: DSBC clock " << ns(r.period_ps) << " ns, latency " << ns(r.cfg.latency_ps) << " ns, task "
      << ns(r.cfg.task_ps) << " ns; times in ns from the epoch start; delay = detection - true termination\n";
  out << std::left << std::setw(6) << "epoch" << std::setw(4) << "b" << std::right << std::setw(8) << "tasks"
      << std::setw(14) << "true_term";
  for (const Detection& d : r.rows.front().det) {
    out << std::setw(14) << (d.name + "_at") << std::setw(13) << (d.name + "_dly");
    if (d.name != "dsbc") out << std::setw(12) << (d.name + "_msg");
  }
  out << '\n';
  for (const EpochRow& row : r.rows) {
    out << std::left << std::setw(6) << row.epoch << std::setw(4) << row.barrier << std::right << std::setw(8)
        << row.tasks << std::setw(14) << ns(row.true_termination);
    for (const Detection& d : row.det) {
      out << std::setw(14) << ns(d.at) << std::setw(13) << (d.detected ? ns(d.at - row.true_termination) : "-");
      if (d.name != "dsbc") out << std::setw(12) << d.control_msgs;
    }
    out << '\n';
  }
  out << "DSBC: " << r.cycles << " cycles, " << r.requests.size() << " requests, " << r.completions.size()
      << " completions; control messages: 0 (3 wires per PE)\n";
  if (r.cfg.engine == EngineKind::kBoth)
    out << "lockstep: RTL and model agreed on every output in all " << r.cycles << " cycles\n";
  if (r.ok()) {
    out << "oracle: ok (" << r.rows.size() * r.rows.front().det.size()
        << " detections checked: none early, none missed, none false)\n";
  } else {
    out << "oracle: " << r.failures.size() << " FAILURES\n";
    for (const auto& f : r.failures) out << "  " << f << '\n';
  }
}

void write_json(const SystemResult& r, std::ostream& out) {
  out << "{\"workload\":" << jstr(r.cfg.workload) << ",\"pes\":" << r.cfg.pes << ",\"barriers\":" << r.cfg.barriers
      << ",\"epochs\":" << r.cfg.epochs << ",\"seed\":" << r.cfg.seed << ",\"engine\":" << jstr(engine_name(r.cfg.engine))
      << ",\"clock_ps\":" << r.period_ps << ",\"latency_ps\":" << r.cfg.latency_ps << ",\"task_ps\":" << r.cfg.task_ps
      << ",\"count_bits\":" << r.cfg.count_bits << ",\"fifo_depth\":" << r.cfg.fifo_depth << ",\"dsbc_cycles\":" << r.cycles
      << ",\"dsbc_requests\":" << r.requests.size() << ",\"wall_seconds\":" << r.wall_seconds << ",\"rows\":[";
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const EpochRow& row = r.rows[i];
    out << (i ? "," : "") << "{\"epoch\":" << row.epoch << ",\"barrier\":" << row.barrier << ",\"epoch_start_ps\":"
        << row.epoch_start << ",\"tasks\":" << row.tasks << ",\"primary_msgs\":" << row.primary_msgs
        << ",\"true_termination_ps\":" << row.true_termination << ",\"dsbc_requests\":" << row.dsbc_requests
        << ",\"dsbc_done_cycle\":" << row.dsbc_done_cycle << ",\"dsbc_snap_cycle\":" << row.dsbc_snap_cycle
        << ",\"detectors\":{";
    for (std::size_t j = 0; j < row.det.size(); ++j) {
      const Detection& d = row.det[j];
      out << (j ? "," : "") << jstr(d.name) << ":{\"detected\":" << (d.detected ? "true" : "false")
          << ",\"at_ps\":" << d.at << ",\"delay_ps\":" << (d.detected ? d.at - row.true_termination : -1)
          << ",\"control_msgs\":" << d.control_msgs << ",\"control_bits\":" << d.control_bits
          << ",\"false_detection\":" << (d.false_detection ? "true" : "false") << ",\"missed\":" << (d.missed ? "true" : "false")
          << ",\"same_execution\":" << (d.same_execution ? "true" : "false") << "}";
    }
    out << "}}";
  }
  out << "],\"oracle_ok\":" << (r.ok() ? "true" : "false") << ",\"failures\":[";
  for (std::size_t i = 0; i < r.failures.size(); ++i) out << (i ? "," : "") << jstr(r.failures[i]);
  out << "]}\n";
}

}  // namespace dsys
