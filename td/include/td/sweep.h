// SPDX-License-Identifier: Apache-2.0
/// @file sweep.h
/// Random (algorithm, workload, seed) combinations checked by the oracle.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "td/run.h"

namespace td {

/// Outcome counts of one algorithm variant in a sweep.
struct SweepTally {
  std::int64_t runs = 0;         ///< runs
  std::int64_t false_det = 0;    ///< runs with a false detection
  std::int64_t missed = 0;       ///< runs with a missed detection
  std::int64_t fatal = 0;        ///< runs that ended in FATAL the oracle explains (FT variants)
  std::int64_t unexplained = 0;  ///< runs that ended in a FATAL the oracle does not explain
  std::int64_t failures = 0;     ///< injected failures that happened (FT variants)
  std::int64_t faulty = 0;       ///< runs in which at least one failure happened
  std::string first_bad;         ///< tdsim command line reproducing the first bad run
};

/// Draws the configuration of random run `i` of a sweep seeded with `seed`. `variant` is
/// one of the corrected algorithm names or one of the literal/unsafe variants
/// ("baker-literal", "wtc-literal", "wtc-fifo-on-nonfifo", "tiered-flat", "edod-literal").
RunConfig random_config(std::uint64_t seed, std::uint64_t i, const std::string& variant);

/// Runs `n` random combinations per variant list and tallies them.
std::map<std::string, SweepTally> run_sweep(std::uint64_t seed, std::int64_t n,
                                            const std::vector<std::string>& variants);

/// The variants a sweep runs by default (corrected algorithms).
std::vector<std::string> corrected_variants();
/// The literal-errata / unsafe variants.
std::vector<std::string> literal_variants();
/// The fault-tolerant variants: ds with ft=indep|rellazy|releager under 0..8 random
/// failures on 16..256 PEs, FIFO and non-FIFO ("ds-indep", "ds-rellazy", "ds-releager").
std::vector<std::string> ft_variants();
/// The same with F-9 (forget) or F-10 (settle) switched off: "ds-<mode>-noforget",
/// "ds-<mode>-nosettle".
std::vector<std::string> ft_broken_variants();

/// Equivalent tdsim command line of a configuration.
std::string command_line(const RunConfig& cfg);

}  // namespace td
