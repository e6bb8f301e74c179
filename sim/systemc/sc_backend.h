// SPDX-License-Identifier: Apache-2.0
/// @file sc_backend.h
/// The SystemC DSBC side: the Verilated RTL as a SystemC module (verilator --sc), a clock
/// thread, one SystemC process per PE port (request handshake, ack, FIFO pop) and a cycle
/// sequencer, under the SystemC kernel. The machine (workload, network, software detectors)
/// runs in the TD lab's C++ kernel and advances the SystemC kernel with sc_start() to each of
/// its event times (docs/system.md, "SystemC top").
#pragma once

#include <memory>

#include "dsys/backend.h"

namespace dsys {

/// Backend under the SystemC kernel. Only one per process (SystemC elaborates once).
class ScBackend final : public Backend {
 public:
  /// Throws ConfigError if cfg is not the Verilated SystemC configuration.
  ScBackend(const dsbc::Config& cfg, Ps period_ps);
  ~ScBackend() override;

  // Called by the SystemC processes (sc_top.cpp).
  void sc_begin(std::uint64_t k, const dsbc::GlobalOut& g) { begin_cycle(k, g); }
  dsbc::PeIn sc_pe(std::uint64_t k, int p, const dsbc::PeOut& o) { return pe_cycle(k, p, o); }
  void sc_end(std::uint64_t k, const dsbc::GlobalOut& g) { end_cycle(k, g); }

  /// The configuration the SystemC top was verilated for, e.g. "N=16 M=4 T=16 D=8".
  static std::string built_config();

 protected:
  void run_cycles(std::uint64_t until) override;

 private:
  struct Top;
  std::unique_ptr<Top> top_;
};

}  // namespace dsys
