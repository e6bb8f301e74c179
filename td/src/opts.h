// SPDX-License-Identifier: Apache-2.0
// Internal: typed reading of an algorithm's key=value options (unknown keys are errors).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "td/algorithms.h"
#include "td/workload.h"

namespace td::detail {

/// Reads an algorithm's options; `done()` rejects keys that were never read.
class OptReader {
 public:
  OptReader(std::string algo, const AlgoOptions& o) : algo_(std::move(algo)), o_(o) {}
  /// Integer option `key` in [lo, hi], default `def`.
  std::int64_t i(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
    used_.insert(key);
    auto it = o_.kv.find(key);
    if (it == o_.kv.end()) return def;
    std::int64_t v = 0;
    try {
      std::size_t pos = 0;
      v = std::stoll(it->second, &pos, 0);
      if (pos != it->second.size()) throw std::invalid_argument("x");
    } catch (const std::exception&) {
      throw ConfigError("--opt " + key + ": '" + it->second + "' is not an integer (algorithm " + algo_ + ")");
    }
    if (v < lo || v > hi)
      throw ConfigError("--opt " + key + ": " + it->second + " out of range [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "] (algorithm " + algo_ + ")");
    return v;
  }
  /// String option `key` among `allowed`, default `def`.
  std::string s(const std::string& key, const std::string& def, std::initializer_list<const char*> allowed) {
    used_.insert(key);
    auto it = o_.kv.find(key);
    if (it == o_.kv.end()) return def;
    std::string all;
    for (const char* a : allowed) {
      if (it->second == a) return it->second;
      all += (all.empty() ? "" : "|") + std::string(a);
    }
    throw ConfigError("--opt " + key + ": '" + it->second + "' is not one of " + all + " (algorithm " + algo_ + ")");
  }
  /// Rejects unknown keys.
  void done() const {
    for (auto& [k, v] : o_.kv)
      if (!used_.count(k)) throw ConfigError("--opt " + k + ": unknown option for algorithm " + algo_);
  }
  /// Whether --literal was given.
  bool literal() const { return o_.literal; }

 private:
  std::string algo_;
  const AlgoOptions& o_;
  std::set<std::string> used_;
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

}  // namespace td::detail
