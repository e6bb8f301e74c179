// SPDX-License-Identifier: Apache-2.0
/// @file
/// The binary interface between the RTL loader (rtl_loader.cpp, linked into every tool) and
/// an RTL engine plugin (rtl_engine/plugin: one Verilated configuration in a shared object,
/// built on first use). The plugin exports one C symbol, dsbc_rtl_plugin_info, returning
/// a static RtlPluginInfo. Both sides are compiled from the same headers; kRtlPluginAbi is
/// bumped whenever this struct, dsbc::Engine, dsbc::Config or ScUnitSignals change layout,
/// so a stale plugin is rejected instead of misbehaving.
#pragma once

#include <cstdint>
#include <string>

#include "dsbc/unit.h"

namespace dsbc {

inline constexpr int kRtlPluginAbi = 4;  // 2: RtlPluginInfo::sched; 3: ::pipe; 4: ::half_rate

/// What a plugin was verilated as.
enum class RtlKind : int {
  kCpp = 0,      ///< verilator --cc: an Engine, no waveforms
  kCppFst = 1,   ///< verilator --cc --trace-fst: an Engine that can write FST waveforms
  kSystemC = 2,  ///< verilator --sc: an ScUnit (dsbc/sc_unit.h)
};

/// Options of an Engine made by a plugin (see RtlEngine's constructor).
struct RtlEngineOptions {
  std::string waves_path;  ///< FST file to write ("" = none; needs RtlKind::kCppFst)
  uint64_t rand_seed = 0;  ///< non-zero: registers and RAM without reset start random
};

struct ScUnitSignals;
class ScUnit;

struct RtlPluginInfo {
  int abi;  ///< kRtlPluginAbi of the plugin's build
  RtlKind kind;
  int pes, barriers, count_bits, fifo_depth;  ///< the Verilated configuration
  Sched sched;                                ///< ... and its scheduler (RTL parameter Sched)
  int pipe;                                   ///< ... and RTL parameter Pipe (Config::pipe)
  int half_rate;                              ///< ... and RTL parameter HalfRate (Config::half_rate)
  /// kCpp/kCppFst: a new Engine (caller owns it); nullptr for kSystemC.
  Engine* (*make_engine)(const Config& cfg, const RtlEngineOptions& opts);
  /// kSystemC: a new ScUnit module named `name`, bound to `s` (caller owns it; call during
  /// SystemC elaboration); nullptr otherwise.
  ScUnit* (*make_sc_unit)(const char* name, const Config& cfg, const ScUnitSignals& s);
};

}  // namespace dsbc

extern "C" {
/// The one symbol a plugin exports.
const dsbc::RtlPluginInfo* dsbc_rtl_plugin_info();
}
