// SPDX-License-Identifier: Apache-2.0
// Runs the tdsim binary under test (TDSIM_PATH, set by td/CMakeLists.txt) for the CLI tests.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace td::test {

/// Exit code and combined stdout/stderr of one tdsim run.
struct Out {
  int code;
  std::string text;
};

inline Out tdsim(const std::string& args) {
  const std::string cmd = std::string(TDSIM_PATH) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string text;
  std::array<char, 4096> buf{};
  while (p && fgets(buf.data(), buf.size(), p)) text += buf.data();
  const int st = p ? pclose(p) : -1;
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, text};
}

}  // namespace td::test
