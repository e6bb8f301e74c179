// SPDX-License-Identifier: Apache-2.0
/// @file backend.h
/// The DSBC side of a co-simulation: N PE agents around one DSBC unit, on the clock of the
/// time base. A subclass supplies the unit and the way cycles are run (a dsbc::Engine stepped
/// from C++, or a Verilated SystemC module under the SystemC kernel); the bookkeeping of
/// requests, acknowledgements, completions and pops is here, shared by both.
///
/// Time: cycle k occupies [k*P, (k+1)*P) ps. A request made at time t is presented from cycle
/// ceil(t/P). A signal of cycle k (an ack, a FIFO entry) is acted on by the PE at the edge that
/// ends cycle k, at (k+1)*P: that is when a produced task may be sent, or a completion is known.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "dsbc/quiet.h"
#include "dsbc/unit.h"
#include "dsys/config.h"
#include "dsys/pe_agent.h"

namespace td {
class Machine;
}

namespace dsys {

/// One request as presented, with its outcome (for the trace dump and the oracle).
struct RequestRecord {
  std::uint64_t cycle = 0;  ///< first cycle it may be presented
  int pe = 0;
  std::uint32_t barrier = 0;
  int delta = 0;                ///< +1 or -1
  std::int64_t ack_cycle = -1;  ///< cycle of its ack_valid (-1: not yet)
};

/// One completion (ctl_done) and its delivery to the PEs.
struct Completion {
  std::uint64_t done_cycle = 0;  ///< cycle with ctl_done high
  std::uint32_t barrier = 0;
  std::uint64_t snap_cycle = 0;  ///< its snapshot (last ctl_load before done_cycle)
  int pops = 0;                  ///< PEs that popped it so far
  std::uint64_t last_pop_cycle = 0;
};

/// Requests, acks and completions around one DSBC unit.
class Backend {
 public:
  Backend(const dsbc::Config& cfg, Ps period_ps);
  virtual ~Backend() = default;
  Backend(const Backend&) = delete;
  Backend& operator=(const Backend&) = delete;

  const dsbc::Config& config() const { return cfg_; }
  Ps period_ps() const { return period_; }
  /// The next cycle to run (all cycles before it have been simulated).
  std::uint64_t cycle() const { return cycle_; }
  /// First cycle starting at or after t.
  std::uint64_t cycle_at(Ps t) const { return static_cast<std::uint64_t>((t + period_ - 1) / period_); }

  /// Queues a request of `pe` made at time t (>= every cycle already run). Returns its id.
  std::uint64_t request(int pe, std::uint32_t barrier, int delta, Ps t);
  /// Runs every cycle that starts before t (a request made at t can still join cycle_at(t)).
  void advance_to(Ps t);
  /// When the PE knows request `id` is committed (end of its ack cycle), -1 if not acked yet.
  /// Throws std::runtime_error if it was refused (the run's T is too small for the workload).
  Ps ack_time(std::uint64_t id) const;
  /// Requests of `pe` not yet acknowledged.
  std::size_t outstanding(int pe) const { return agents_[static_cast<std::size_t>(pe)].outstanding(); }
  /// Runs until nothing more can happen: every request acked, every completion popped, and
  /// M+1 snapshots since then found nothing (the end rule of dsbc-replay).
  void finish();

  /// Runs `pass`, which drives machines with run_machine() and finish(). The C++ path just
  /// calls it; the SystemC top runs it in its machine-scheduler process under the kernel.
  virtual void run_session(const std::function<void()>& pass) { pass(); }
  /// Runs machine `m`, whose time 0 is global time `offset`, to its end (begin, every
  /// event, end). The C++ path: m.run() (cycles run lazily, from the coupler). The
  /// SystemC top executes each event in the SystemC process that owns it, at its time.
  virtual void run_machine(td::Machine& m, Ps offset);

  const std::vector<RequestRecord>& requests() const { return reqs_; }
  const std::vector<Completion>& completions() const { return comps_; }

 protected:
  /// Runs cycles cycle() .. until-1 (the SystemC top waits for its clock to run them); for
  /// each cycle k, in order, calls on_cycle(k, outputs of cycle k) and applies the inputs it
  /// returns in cycle k.
  virtual void run_cycles(std::uint64_t until) = 0;
  /// Bookkeeping of cycle k; returns the inputs of cycle k. The same as begin_cycle, then
  /// pe_cycle for every PE in order, then end_cycle (the SystemC top calls those from its
  /// processes: one per PE).
  const dsbc::Inputs& on_cycle(std::uint64_t k, const dsbc::Outputs& o);
  /// The global part of cycle k: a completion (done) and the snapshot pulse.
  void begin_cycle(std::uint64_t k, const dsbc::GlobalOut& g);
  /// PE p's part of cycle k: its ack and pop; returns its inputs of cycle k.
  dsbc::PeIn pe_cycle(std::uint64_t k, int p, const dsbc::PeOut& o);
  /// Closes cycle k (quiet rule) and moves to k+1.
  void end_cycle(std::uint64_t k, const dsbc::GlobalOut& g);

 private:
  /// Whether finish() may stop: every request acked and the quiet rule met (dsbc/quiet.h:
  /// for rr, M+1 quiet snapshots since).
  bool settled() const;

  dsbc::Config cfg_;
  Ps period_;
  std::uint64_t cycle_ = 0;
  std::vector<PeAgent> agents_;
  std::vector<RequestRecord> reqs_;
  std::vector<Completion> comps_;
  std::vector<std::vector<std::size_t>> unpopped_;  // per PE: completions in its FIFO (oldest first)
  std::vector<std::size_t> unpopped_head_;
  std::int64_t last_snap_ = -1;
  dsbc::QuietRule quiet_;
  std::uint64_t unacked_ = 0;
  std::uint64_t max_req_cycle_ = 0;
  bool active_ = false;  // something happened in the current cycle (quiet rule)
  dsbc::Inputs in_;
};

}  // namespace dsys
