// SPDX-License-Identifier: Apache-2.0
// Internal: typed reading of an algorithm's key=value options (unknown keys are errors).
#pragma once

#include <cstdint>
#include <string>

#include "kv_reader.h"
#include "td/algorithms.h"
#include "td/workload.h"

namespace td::detail {

/// Reads an algorithm's options (the shared key=value reader plus `--literal`).
class OptReader : public KvReader {
 public:
  OptReader(const std::string& algo, const AlgoOptions& o) : KvReader("--opt (algorithm " + algo + ")", o.kv), o_(o) {}
  /// Whether --literal was given.
  bool literal() const { return o_.literal; }

 private:
  const AlgoOptions& o_;
};

/// ceil(log2(x)) for x >= 1 (0 for x <= 1).
inline std::int64_t clg(std::int64_t x) {
  std::int64_t b = 0;
  while ((std::int64_t{1} << b) < x && b < 62) ++b;
  return b;
}

// Factories of the algorithm families (one translation unit each).
DetectorFactory make_central(const std::string& name, OptReader& r);
DetectorFactory make_wave(const std::string& name, OptReader& r);
DetectorFactory make_tree(const std::string& name, OptReader& r);
DetectorFactory make_wtc(OptReader& r);
DetectorFactory make_ft_ds(const std::string& ft, OptReader& r);
DetectorFactory make_nbx(OptReader& r);
DetectorFactory make_qd(OptReader& r);

}  // namespace td::detail
