// SPDX-License-Identifier: Apache-2.0
/// @file
/// The Verilated dsbc_top as a SystemC module behind signals whose types do not depend on the
/// configuration: one bool/uint32 signal per PE and port instead of the packed vectors whose
/// C++ type Verilator picks from the width (bool, uint32_t, uint64_t or sc_bv<W>). This is
/// what lets one SystemC system (sim/systemc) run any configuration: the plugin that holds
/// the Verilated module packs and unpacks, the system never sees the packed types.
///
/// Timing: the plugin's pack method runs one delta after an input signal changes, its unpack
/// method one delta after the module's outputs change; a system that drives inputs at the
/// falling clock edge and samples outputs there sees exactly what it would see on the packed
/// ports (everything settles within the half period).
#pragma once

#include <systemc.h>

#include <cstdint>
#include <vector>

namespace dsbc {

/// The signals of the system the unit is bound to (owned by the system). Per-PE vectors have
/// Config::pes entries.
struct ScUnitSignals {
  sc_core::sc_signal<bool>* clk = nullptr;
  sc_core::sc_signal<bool>* rst_n = nullptr;
  // Inputs, per PE.
  std::vector<sc_core::sc_signal<bool>*> req_valid, req_dec, fifo_pop;
  std::vector<sc_core::sc_signal<std::uint32_t>*> req_barrier;
  // Outputs, per PE.
  std::vector<sc_core::sc_signal<bool>*> req_ready, ack_valid, ack_refused, fifo_valid;
  std::vector<sc_core::sc_signal<std::uint32_t>*> fifo_barrier;
  // Global outputs.
  sc_core::sc_signal<bool>* snap = nullptr;
  sc_core::sc_signal<bool>* done = nullptr;
  sc_core::sc_signal<std::uint32_t>* done_barrier = nullptr;
};

/// Owner handle of the unit's module (an sc_module inside the plugin).
class ScUnit {
 public:
  virtual ~ScUnit() = default;
};

}  // namespace dsbc
