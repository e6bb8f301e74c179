// SPDX-License-Identifier: Apache-2.0
/// @file rank_log.h
/// The per-rank event log of a real run (JSON Lines, one file per rank, written by
/// nlohmann-json): the input of the offline oracle (tdmpi-oracle, docs/mpi.md).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace td::mpi {

/// One rank's log; every record carries "t" (ns on the run's clock) and "ev".
class RankLog {
 public:
  using Json = nlohmann::ordered_json;
  RankLog() = default;
  RankLog(const RankLog&) = delete;
  RankLog& operator=(const RankLog&) = delete;
  ~RankLog();
  /// Opens DIR/rank-R.jsonl; throws std::runtime_error naming --log-dir if it cannot.
  void open(const std::string& dir, int rank);
  bool on() const { return f_ != nullptr; }
  /// Writes one record (no-op when off).
  void write(const Json& j);
  /// File name of rank `rank`'s log in `dir`.
  static std::string path(const std::string& dir, int rank);

 private:
  std::FILE* f_ = nullptr;
};

}  // namespace td::mpi
