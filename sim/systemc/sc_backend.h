// SPDX-License-Identifier: Apache-2.0
/// @file sc_backend.h
/// The SystemC system: the Verilated DSBC RTL as a SystemC module (verilator --sc), a clock,
/// one SystemC module per PE (its port handshake with its local block, and a thread that
/// executes the PE's task completions and timers), a network module whose thread delivers
/// the messages, a controller-node module, and a machine scheduler thread that runs the
/// co-simulation pass and hands each event of the TD lab's machine to the process that owns
/// it, at its SystemC time (docs/system.md, "SystemC top").
#pragma once

#include <exception>
#include <functional>
#include <memory>

#include "dsys/backend.h"

namespace dsys {

/// Machine events executed by each kind of SystemC process in a session.
struct ScEventCounts {
  std::uint64_t pe = 0;          ///< by the PE threads (task completions, timers)
  int pes_active = 0;            ///< PE threads that executed at least one event
  std::uint64_t network = 0;     ///< by the network thread (message deliveries)
  std::uint64_t controller = 0;  ///< by the controller-node thread
  std::uint64_t machine = 0;     ///< by the scheduler itself (initial-task injection)
};

/// Backend under the SystemC kernel. Only one per process (SystemC elaborates once), and one
/// run_session per backend.
class ScBackend final : public Backend {
 public:
  /// Loads (building on first use) the SystemC plugin of cfg; throws ConfigError if that fails.
  ScBackend(const dsbc::Config& cfg, Ps period_ps);
  ~ScBackend() override;

  // Called by the SystemC processes (sc_top.cpp).
  void sc_begin(std::uint64_t k, const dsbc::GlobalOut& g) { begin_cycle(k, g); }
  dsbc::PeIn sc_pe(std::uint64_t k, int p, const dsbc::PeOut& o) { return pe_cycle(k, p, o); }
  void sc_end(std::uint64_t k, const dsbc::GlobalOut& g) { end_cycle(k, g); }

  /// Runs `pass` in the scheduler thread: sc_start() until it returns or throws.
  void run_session(const std::function<void()>& pass) override;
  /// Executes every event of `m` in the SystemC process that owns it, at SystemC time
  /// base + offset + t (see sc_top.cpp). Only from inside run_session's pass.
  void run_machine(td::Machine& m, Ps offset) override;

  /// The counts of the last session of this process (after run_session returned).
  static ScEventCounts executed();

 protected:
  /// Waits (in the scheduler thread) for the clock to run the cycles; the DSBC side is never
  /// run ahead by the machine, so a call from inside an event is an error.
  void run_cycles(std::uint64_t until) override;

 private:
  struct Top;
  std::unique_ptr<Top> top_;
};

}  // namespace dsys
