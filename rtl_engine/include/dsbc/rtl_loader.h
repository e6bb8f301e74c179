// SPDX-License-Identifier: Apache-2.0
/// @file
/// The RTL of any legal configuration, for any tool: finds the RTL engine plugin of a
/// configuration in the cache, building it first if it is not there (rtl_engine/plugin,
/// through cmake/DsbcVerilate.cmake, the recipe the main build uses), loads it and hands out
/// its Engine (or SystemC unit).
///
/// Cache: ${DSBC_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dsbc}/
///        rtl-<kind>-n<N>-m<M>-t<T>-d<D>-<hash>/dsbc-rtl.so
/// with <hash> the first 16 hex digits of a SHA-256 (OpenSSL) over the build recipe (kind,
/// parameters, compiler, this loader's version) and every file the plugin is built from: the
/// unit's RTL (rtl/dsbc_*.v), cmake/DsbcVerilate.cmake, rtl_engine/plugin/*, and the headers
/// under rtl_engine/include and cpp_model/include. Any edit gives a new directory; a build
/// goes to a temporary directory renamed into place, so concurrent users of one
/// configuration never see a half-built plugin.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "dsbc/rtl_plugin.h"
#include "dsbc/unit.h"

namespace dsbc {

/// A plugin cannot be found, built or loaded (the message says why and where the log is).
class RtlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The source tree the plugins are built from: $DSBC_SOURCE_DIR, else the tree this library
/// was compiled from.
std::string rtl_source_dir();

/// The cache directory of (cfg, kind), whether or not it has been built yet.
std::string rtl_plugin_dir(const Config& cfg, RtlKind kind);

/// The loaded plugin of (cfg, kind), verilated and built on first use (a one-line notice on
/// stderr). Throws RtlError. Loaded plugins stay loaded for the life of the process.
const RtlPluginInfo& load_rtl_plugin(const Config& cfg, RtlKind kind);

/// The Verilated unit of configuration cfg behind Engine. Waveforms (opts.waves_path) select
/// the FST-tracing build of the configuration.
std::unique_ptr<Engine> make_rtl_engine(const Config& cfg, const RtlEngineOptions& opts = {});

/// "cpp", "cpp-fst" or "systemc".
const char* rtl_kind_name(RtlKind kind);

}  // namespace dsbc
