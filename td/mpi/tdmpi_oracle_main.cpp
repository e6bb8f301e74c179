// SPDX-License-Identifier: Apache-2.0
// tdmpi-oracle DIR: the offline oracle of a tdmpi run's per-rank logs (real_oracle.h).
// Exit status: 0 clean, 1 a check failed, 2 the logs cannot be read.
#include <cstdio>
#include <exception>
#include <string>

#include "real_oracle.h"
#include "td/workload.h"

int main(int argc, char** argv) {
  if (argc != 2 || std::string(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: tdmpi-oracle LOG_DIR   (the --log-dir of a tdmpi run)\n");
    return 2;
  }
  try {
    const td::mpi::OracleReport r = td::mpi::check_logs(argv[1]);
    for (const auto& b : r.barriers) {
      std::printf(
          "tdmpi-oracle: %d ranks, barrier %d: %lld tasks (expected %lld: %s), declared at %lld ns, last task end "
          "%lld ns, delay %lld ns; unprocessed %lld, primaries not received %lld, tasks after %lld, control "
          "messages in flight %lld\n",
          r.ranks, b.barrier, static_cast<long long>(b.tasks), static_cast<long long>(b.expected),
          b.expected_source.c_str(), static_cast<long long>(b.detected_at), static_cast<long long>(b.last_task_end),
          static_cast<long long>(b.detected_at - b.last_task_end), static_cast<long long>(b.unprocessed),
          static_cast<long long>(b.primaries_unreceived), static_cast<long long>(b.tasks_after),
          static_cast<long long>(b.ctrl_in_flight));
    }
    for (const auto& n : r.notes) std::printf("tdmpi-oracle: note: %s\n", n.c_str());
    for (const auto& f : r.failures) std::printf("tdmpi-oracle: FAIL: %s\n", f.c_str());
    std::printf("tdmpi-oracle: %s\n", r.failures.empty() ? "OK" : "FAILED");
    return r.failures.empty() ? 0 : 1;
  } catch (const td::ConfigError& e) {
    std::fprintf(stderr, "tdmpi-oracle: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tdmpi-oracle: error: %s\n", e.what());
    return 2;
  }
}
