// SPDX-License-Identifier: Apache-2.0
// Per-rank JSON Lines event log (rank_log.h).
#include "rank_log.h"

#include <stdexcept>

namespace td::mpi {

RankLog::~RankLog() {
  if (f_) std::fclose(f_);
}

std::string RankLog::path(const std::string& dir, int rank) { return dir + "/rank-" + std::to_string(rank) + ".jsonl"; }

void RankLog::open(const std::string& dir, int rank) {
  const std::string p = path(dir, rank);
  f_ = std::fopen(p.c_str(), "w");
  if (!f_) throw std::runtime_error("--log-dir: cannot open '" + p + "' for writing (does the directory exist?)");
}

void RankLog::write(const Json& j) {
  if (!f_) return;
  const std::string s = j.dump();
  std::fwrite(s.data(), 1, s.size(), f_);
  std::fputc('\n', f_);
}

}  // namespace td::mpi
