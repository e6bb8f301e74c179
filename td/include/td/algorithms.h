// SPDX-License-Identifier: Apache-2.0
/// @file algorithms.h
/// The termination-detection algorithms of the lab, by name.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "td/runtime.h"

namespace td {

/// Options of an algorithm: `--literal` plus `key=value` pairs (`--opt`).
struct AlgoOptions {
  bool literal = false;                   ///< run the paper's pseudo-code as printed (errata kept)
  std::map<std::string, std::string> kv;  ///< algorithm parameters
};

/// Names accepted by `--algo`.
std::vector<std::string> algorithm_names();

/// One-line description of an algorithm and its options, for `tdsim --list`.
std::string algorithm_help(const std::string& name);

/// Validates `opts` for algorithm `name` and returns the factory of its per-barrier
/// detectors. Throws ConfigError naming the algorithm or option on bad input.
DetectorFactory make_detector_factory(const std::string& name, const AlgoOptions& opts);

}  // namespace td
