// SPDX-License-Identifier: Apache-2.0
// tdsim's command line: exit codes, error messages, --list, --json, --events, --chrome-trace.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tdsim_run.h"

namespace {

using td::test::Out;
using td::test::tdsim;

TEST(Cli, ListNamesAllAlgorithmsAndWorkloads) {
  Out o = tdsim("--list");
  EXPECT_EQ(o.code, 0);
  for (const char* n : {"tiered", "credit", "hcda", "cda", "4c", "edod", "cv", "ltd", "skr", "baker", "wtc", "ds",
                        "ring", "tree", "forkjoin", "dag", "tseng45", "tseng47", "uts"})
    EXPECT_NE(o.text.find(std::string("  ") + n + "  "), std::string::npos) << n;
}

TEST(Cli, BadInputExitsTwoNamingTheOption) {
  struct Case {
    const char* args;
    const char* needle;
  } cases[] = {{"--algo nosuch", "--algo"},
               {"--workload tree:lambda=7", "'lambda'"},
               {"--workload tree:foo=1", "'foo'"},
               {"--workload nosuch", "nosuch"},
               {"--workload uts:tree=T9", "'tree'"},
               {"--pes 0", "--pes"},
               {"--latency uniform:9", "--latency"},
               {"--task-time abc", "--task-time"},
               {"--fifo 2", "--fifo"},
               {"--model slow", "--model"},
               {"--algo cda --opt cinit=zero", "cinit"},
               {"--algo cda --opt nokey=1", "nokey"},
               {"--algo cda --opt novalue", "--opt"},
               {"--algo 4c --literal", "--literal"},
               {"--bogus-flag", "bogus"},
               {"--events /nonexistent-dir/x.jsonl", "--events"}};
  for (auto& c : cases) {
    Out o = tdsim(c.args);
    EXPECT_EQ(o.code, 2) << c.args << "\n" << o.text;
    EXPECT_NE(o.text.find(c.needle), std::string::npos) << c.args << "\n" << o.text;
  }
}

TEST(Cli, JsonResultAndExitZero) {
  Out o = tdsim("--algo tiered --workload tree:lambda=0,lmin=4 --pes 3 --json");
  EXPECT_EQ(o.code, 0) << o.text;
  for (const char* k : {"\"algo\":\"tiered\"", "\"T\":15", "\"safe\":true", "\"live\":true",
                        "\"delay\":", "\"ctrl_external\":", "\"internal\":15", "\"peak_state\":", "\"ctrl_bits\":"})
    EXPECT_NE(o.text.find(k), std::string::npos) << k << "\n" << o.text;
}

TEST(Cli, EventLogAndChromeTrace) {
  const std::string ev = ::testing::TempDir() + "/cli_ev.jsonl", ct = ::testing::TempDir() + "/cli_ct.json";
  Out o = tdsim("--algo 4c --workload dag:tasks=50 --pes 4 --events " + ev + " --chrome-trace " + ct);
  EXPECT_EQ(o.code, 0) << o.text;
  std::ifstream f(ev);
  std::string line;
  int send = 0, recv = 0, busy = 0, idle = 0, detect = 0;
  while (std::getline(f, line)) {
    ASSERT_EQ(line.front(), '{');
    ASSERT_EQ(line.back(), '}');
    EXPECT_NE(line.find("\"t\":"), std::string::npos);
    EXPECT_NE(line.find("\"pe\":"), std::string::npos);
    if (line.find("\"ev\":\"send\"") != std::string::npos || line.find("\"ev\":\"recv\"") != std::string::npos) {
      EXPECT_NE(line.find("\"peer\":"), std::string::npos);
      EXPECT_NE(line.find("\"msg\":"), std::string::npos);
      EXPECT_NE(line.find("\"kind\":"), std::string::npos);
    }
    send += line.find("\"send\"") != std::string::npos;
    recv += line.find("\"recv\"") != std::string::npos;
    busy += line.find("\"busy\"") != std::string::npos;
    idle += line.find("\"idle\"") != std::string::npos;
    detect += line.find("\"detect\"") != std::string::npos;
  }
  EXPECT_GT(send, 0);
  EXPECT_EQ(send, recv);
  EXPECT_GT(busy, 0);
  EXPECT_EQ(busy, idle);
  EXPECT_EQ(detect, 1);
  std::ifstream g(ct);
  std::stringstream s;
  s << g.rdbuf();
  EXPECT_NE(s.str().find("\"traceEvents\""), std::string::npos);
  EXPECT_NE(s.str().find("\"ph\":\"X\""), std::string::npos);
}

TEST(Cli, SweepReportsZeroBad) {
  Out o = tdsim("--sweep 240 --seed 5");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_NE(o.text.find("total runs=240 bad=0"), std::string::npos) << o.text;
}

}  // namespace
