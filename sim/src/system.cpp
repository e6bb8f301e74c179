// SPDX-License-Identifier: Apache-2.0
// The system run: epochs of the TD-lab machine coupled to the DSBC backend (see system.h).
#include "dsys/system.h"

#include <chrono>

#include "dsys/coupler.h"
#include "dsys/engine_backend.h"
#include "td/algorithms.h"
#include "td/machine.h"
#include "td/workload.h"

namespace dsys {

std::unique_ptr<Backend> make_model_backend(const SystemConfig& cfg) {
  return std::make_unique<EngineBackend>(std::make_unique<dsbc::Unit>(cfg.dsbc()), cfg.period_ps());
}

namespace {

/// One pass over all epochs with one software detector (or none) alongside the DSBC.
struct Pass {
  std::vector<td::BarrierMetrics> metrics;  // epoch-major
  std::vector<std::uint64_t> fingerprint;   // per epoch
  std::vector<Ps> offset;                   // per epoch
  std::vector<std::size_t> first_request;   // per epoch, index into the backend's requests
  std::vector<std::uint64_t> first_cycle;   // per epoch
};

td::MachineConfig machine_config(const SystemConfig& cfg, int epoch) {
  td::MachineConfig mc;
  mc.npes = cfg.pes;
  mc.seed = cfg.seed + static_cast<std::uint64_t>(epoch);
  mc.latency = td::DelayModel{cfg.latency_ps, cfg.latency_ps, false};
  mc.task_time = td::DelayModel{cfg.task_ps, cfg.task_ps, false};
  mc.fifo = -1;  // each algorithm's own assumption (as tdsim --fifo auto)
  return mc;
}

Pass run_pass(const SystemConfig& cfg, Backend& be, const std::string& algo) {
  td::WorkloadSpec spec = td::parse_workload_spec(cfg.workload);
  spec.params["barriers"] = std::to_string(cfg.barriers);
  td::DetectorFactory inner;
  if (!algo.empty()) inner = td::make_detector_factory(algo, td::AlgoOptions{});
  Pass p;
  be.run_session([&] {
    for (int e = 0; e < cfg.epochs; ++e) {
      std::vector<std::unique_ptr<td::Workload>> ws;
      for (int b = 0; b < cfg.barriers; ++b) ws.push_back(td::make_workload(spec, cfg.pes, b, cfg.barriers));
      // Rule 4: an epoch starts only after every PE popped every completion of the previous
      // one, which finish() guarantees; the new epoch's time 0 is the next cycle boundary.
      const Ps offset = static_cast<Ps>(be.cycle()) * be.period_ps();
      p.offset.push_back(offset);
      p.first_request.push_back(be.requests().size());
      p.first_cycle.push_back(be.cycle());
      Coupler c(be, offset);
      td::Machine m(machine_config(cfg, e), std::move(ws), c.wrap(inner));
      be.run_machine(m, offset);
      be.finish();
      for (int b = 0; b < cfg.barriers; ++b) p.metrics.push_back(m.metrics(b));
      p.fingerprint.push_back(c.fingerprint());
    }
  });
  p.first_request.push_back(be.requests().size());
  p.first_cycle.push_back(be.cycle());
  return p;
}

}  // namespace

SystemResult run_system(const SystemConfig& cfg, const BackendFactory& make_backend) {
  cfg.validate();
  // Validate names and workload keys before any simulation.
  for (const auto& a : cfg.algos) {
    try {
      td::make_detector_factory(a, td::AlgoOptions{});
    } catch (const td::ConfigError& e) {
      throw ConfigError(std::string("--algos: ") + e.what());
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  SystemResult r;
  r.cfg = cfg;
  r.period_ps = cfg.period_ps();
  std::unique_ptr<Backend> be;
  Pass ref;
  try {
    be = make_backend(cfg);
    ref = run_pass(cfg, *be, "");
  } catch (const td::ConfigError& e) {
    throw ConfigError(e.what());
  }
  r.requests = be->requests();
  r.completions = be->completions();
  r.cycles = be->cycle();
  const Ps P = r.period_ps;
  for (int e = 0; e < cfg.epochs; ++e) {
    for (int b = 0; b < cfg.barriers; ++b) {
      const td::BarrierMetrics& bm = ref.metrics[static_cast<std::size_t>(e * cfg.barriers + b)];
      EpochRow row;
      row.epoch = e;
      row.barrier = b;
      row.epoch_start = ref.offset[static_cast<std::size_t>(e)];
      row.tasks = bm.tasks;
      row.primary_msgs = bm.primary_msgs;
      row.true_termination = bm.true_termination;
      Detection d;
      d.name = "dsbc";
      const std::uint64_t c0 = ref.first_cycle[static_cast<std::size_t>(e)];
      const std::uint64_t c1 = ref.first_cycle[static_cast<std::size_t>(e) + 1];
      for (std::size_t i = ref.first_request[static_cast<std::size_t>(e)];
           i < ref.first_request[static_cast<std::size_t>(e) + 1]; ++i) {
        const RequestRecord& q = r.requests[i];
        if (q.barrier != static_cast<std::uint32_t>(b)) continue;
        ++row.dsbc_requests;
        // The commit's cycle, dated from the acknowledge (the same cycle, or one earlier at half
        // the request rate: Config::ack_after_commit).
        const auto commit_cycle = static_cast<std::uint64_t>(q.ack_cycle - cfg.dsbc().ack_after_commit());
        row.dsbc_last_commit_cycle = std::max(row.dsbc_last_commit_cycle, commit_cycle);
      }
      for (const Completion& c : r.completions) {
        if (c.barrier != static_cast<std::uint32_t>(b) || c.done_cycle < c0 || c.done_cycle >= c1) continue;
        if (d.detected) {  // a second completion in one epoch: the oracle reports it
          d.false_detection = true;
          continue;
        }
        d.detected = true;
        row.dsbc_done_cycle = c.done_cycle;
        row.dsbc_snap_cycle = c.snap_cycle;
        // Known to every PE at the end of the cycle in which the last PE popped it.
        d.at = static_cast<Ps>(c.last_pop_cycle + 1) * P - row.epoch_start;
        if (c.pops != cfg.pes) d.missed = true;
      }
      if (!d.detected) d.missed = true;
      row.det.push_back(d);
      r.rows.push_back(row);
    }
  }
  // The software algorithms, each on the same seeds; the model backend reproduces the DSBC
  // timing of the reference run (RTL and model are cycle-identical; --engine both checks it).
  for (const auto& a : cfg.algos) {
    auto mbe = make_model_backend(cfg);
    Pass p = run_pass(cfg, *mbe, a);
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
      const td::BarrierMetrics& bm = p.metrics[i];
      EpochRow& row = r.rows[i];
      Detection d;
      d.name = a;
      d.detected = bm.detected;
      d.at = bm.detected ? bm.detected_at : -1;
      d.control_msgs = bm.ctrl_external;
      d.control_bits = bm.ctrl_bits;
      d.false_detection = bm.false_detection || (bm.detected && bm.detected_at < row.true_termination);
      d.missed = bm.missed;
      d.same_execution =
          p.fingerprint[static_cast<std::size_t>(row.epoch)] == ref.fingerprint[static_cast<std::size_t>(row.epoch)] &&
          bm.true_termination == row.true_termination && bm.tasks == row.tasks;
      row.det.push_back(d);
    }
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  check(r);
  return r;
}

void check(SystemResult& r) {
  const dsbc::Config dc = r.cfg.dsbc();
  const std::int64_t bound = dc.latency_bound();
  auto fail = [&](const EpochRow& row, const std::string& who, const std::string& what) {
    r.failures.push_back("epoch " + std::to_string(row.epoch) + " barrier " + std::to_string(row.barrier) + ": " + who +
                         ": " + what);
  };
  for (const EpochRow& row : r.rows) {
    if (row.true_termination < 0) fail(row, "machine", "the computation did not terminate");
    for (const Detection& d : row.det) {
      if (d.missed || !d.detected) fail(row, d.name, "missed (no detection, or not every PE told)");
      if (d.false_detection) fail(row, d.name, "false detection (declared while tasks of the epoch existed)");
      if (d.detected && d.at < row.true_termination)
        fail(row, d.name,
             "early: detected at " + std::to_string(d.at) + " ps, true termination " +
                 std::to_string(row.true_termination) + " ps");
      if (!d.same_execution) fail(row, d.name, "its execution differs from the reference run's (times not comparable)");
    }
    const Detection& ds = row.det.front();
    if (!ds.detected) continue;
    // Never early, in the unit's own terms: every request of this epoch and barrier was
    // committed before the completion's snapshot (the snapshot includes commits of cycles < s).
    if (row.dsbc_last_commit_cycle >= row.dsbc_snap_cycle)
      fail(row, "dsbc",
           "completion snapshot in cycle " + std::to_string(row.dsbc_snap_cycle) + " precedes the commit of cycle " +
               std::to_string(row.dsbc_last_commit_cycle));
    // The documented bound holds whenever every FIFO has room: the PEs pop every cycle, so
    // that is the case for FifoDepth >= 2 (architecture.md section 6).
    if (dc.fifo_depth >= 2 && static_cast<std::int64_t>(row.dsbc_done_cycle - row.dsbc_last_commit_cycle) > bound)
      fail(row, "dsbc",
           "latency " + std::to_string(row.dsbc_done_cycle - row.dsbc_last_commit_cycle) +
               " cycles exceeds L_max = " + std::to_string(bound));
  }
}

}  // namespace dsys
