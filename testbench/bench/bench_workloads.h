// SPDX-License-Identifier: Apache-2.0
// What the benchmarks share: their workloads on the closed loop (dsbc/workloads.h) and their
// command line ([cycles per run] [csv file]).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "dsbc/stimulus.h"
#include "dsbc/workloads.h"

namespace bench {

// The workloads themselves are the model library's (dsbc/workloads.h), shared with the tests.
using dsbc::workloads::busy;
using dsbc::workloads::sparse1;
using dsbc::workloads::sparse2;
using dsbc::workloads::Workload;

/// Parses `[cycles per run, 1000..100000000] [csv file]` into `cycles` (left at its default
/// when absent) and opens `csv` with `header` when a file is given. Returns -1 to go on, or
/// the exit code (0 for --help, 2 for a bad argument, with the message on stderr).
inline int parse_args(int argc, char** argv, const char* name, uint64_t& cycles, std::ofstream& csv,
                      const char* header) {
  if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
    std::fprintf(stderr, "usage: %s [cycles per run, 1000..100000000, default %llu] [csv file]\n", argv[0],
                 static_cast<unsigned long long>(cycles));
    return argc == 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  if (argc > 1) {
    char* end = nullptr;
    cycles = std::strtoull(argv[1], &end, 10);
    if (*end != '\0' || cycles < 1000 || cycles > 100000000) {
      std::fprintf(stderr, "%s: cycles = '%s' is out of range: legal 1000..100000000\n", name, argv[1]);
      return 2;
    }
  }
  if (argc > 2) {
    csv.open(argv[2]);
    if (!csv) {
      std::fprintf(stderr, "%s: cannot write %s\n", name, argv[2]);
      return 2;
    }
    csv << header << '\n';
  }
  return -1;
}

}  // namespace bench
