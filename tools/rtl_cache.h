// SPDX-License-Identifier: Apache-2.0
/// @file
/// On-demand Verilator build of the RTL replay binary (tools/dsbc_replay_rtl_main.cpp) for
/// one configuration, cached per configuration and source hash.
#pragma once

#include <string>

#include "dsbc/unit.h"

namespace dsbc::cli {

/// The source tree root: env DSBC_SOURCE_DIR if set, else the DSBC_SOURCE_DIR compiled in.
std::string source_dir();

/// ${DSBC_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dsbc}/rtl-n<N>-m<M>-t<T>-d<D>-<hash>,
/// hash being a 16-hex FNV-1a hash of the RTL and C++ sources the binary is built from (and
/// of the build recipe), so any edit gives a new directory. Throws ToolError.
std::string rtl_cache_dir(const dsbc::Config& cfg);

/// Path of <rtl_cache_dir(cfg)>/dsbc-replay-rtl, verilating and building it first (into a
/// temporary directory renamed into place) when it does not exist. Throws ToolError (exit
/// code 2) when verilator is missing or the build fails.
std::string ensure_rtl_binary(const dsbc::Config& cfg);

}  // namespace dsbc::cli
