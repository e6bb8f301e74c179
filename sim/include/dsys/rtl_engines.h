// SPDX-License-Identifier: Apache-2.0
/// @file rtl_engines.h
/// The Verilated DSBC configurations built into this binary (sim/CMakeLists.txt) and the
/// backend factory over them.
#pragma once

#include <memory>
#include <string>

#include "dsys/system.h"

namespace dsys {

/// Whether this binary has Verilated configurations at all (DSBC_BUILD_RTL_TESTS=ON).
bool have_rtl();
/// "N=16 M=4 T=16 D=8, N=64 M=4 T=16 D=8" (or "none").
std::string rtl_configs();
/// The Verilated unit for cfg; throws ConfigError naming --pes/--barriers and the built
/// configurations when cfg is not one of them.
std::unique_ptr<dsbc::Engine> make_rtl_engine(const dsbc::Config& cfg);
/// Backend for cfg.engine: model, RTL, or both in lockstep (LockstepEngine).
std::unique_ptr<Backend> make_backend(const SystemConfig& cfg);

}  // namespace dsys
