// SPDX-License-Identifier: Apache-2.0
// The one key=value reader (issue 11): decimal integers everywhere, errors name the key
// and the legal range, unknown keys rejected; algorithm options and workload keys agree.
#include <gtest/gtest.h>

#include <string>

#include "../src/kv_reader.h"
#include "td/algorithms.h"
#include "td/workload.h"

namespace td {
namespace {

using detail::KvReader;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(KvReader, IntegersAreDecimal) {
  std::map<std::string, std::string> kv{{"a", "010"}, {"b", "-7"}, {"c", "9223372036854775807"}};
  KvReader r("--x", kv);
  EXPECT_EQ(r.i("a", 0, 0, 100), 10);  // not octal 8
  EXPECT_EQ(r.i("b", 0, -10, 10), -7);
  EXPECT_EQ(r.i("c", 0, 0, INT64_MAX), INT64_MAX);
  EXPECT_EQ(r.i("absent", 42, 0, 100), 42);
  r.done();
}

TEST(KvReader, MalformedIntegersRejectedNamingKeyAndRange) {
  for (const char* bad : {"0x10", "1e3", "+5", " 5", "5 ", "", "12abc", "9223372036854775808", "--1"}) {
    std::map<std::string, std::string> kv{{"width", bad}};
    KvReader r("--workload w", kv);
    const std::string e = error_of([&] { r.i("width", 1, 1, 99); });
    EXPECT_NE(e.find("--workload w: key 'width': '" + std::string(bad) + "' is not a decimal integer"),
              std::string::npos)
        << bad << ": " << e;
    EXPECT_NE(e.find("[1, 99]"), std::string::npos) << e;
  }
}

TEST(KvReader, RangeChecked) {
  std::map<std::string, std::string> kv{{"n", "100"}, {"p", "1.5"}};
  KvReader r("--opt (algorithm z)", kv);
  EXPECT_EQ(error_of([&] { r.i("n", 1, 1, 99); }), "--opt (algorithm z): key 'n': 100 is out of range [1, 99]");
  EXPECT_EQ(error_of([&] { r.d("p", 0, 0, 1); }), "--opt (algorithm z): key 'p': 1.5 is out of range [0, 1]");
}

TEST(KvReader, Reals) {
  std::map<std::string, std::string> kv{{"a", "0.25"}, {"b", "1e-3"}, {"c", ".5"}};
  KvReader r("--x", kv);
  EXPECT_EQ(r.d("a", 0, 0, 1), 0.25);
  EXPECT_EQ(r.d("b", 0, 0, 1), 0.001);
  EXPECT_EQ(r.d("c", 0, 0, 1), 0.5);
  for (const char* bad : {"nan", "inf", "0x1p-2", "0.5x", "", "+0.5"}) {
    std::map<std::string, std::string> kv2{{"p", bad}};
    KvReader r2("--x", kv2);
    EXPECT_NE(error_of([&] { r2.d("p", 0, 0, 1); }).find("is not a decimal number (legal range [0, 1])"),
              std::string::npos)
        << bad;
  }
}

TEST(KvReader, UnknownKeysListTheKnownOnes) {
  std::map<std::string, std::string> kv{{"lamda", "0.5"}};
  KvReader r("--workload tree", kv);
  r.d("lambda", 0.8, 0, 1);
  r.known("barriers");
  EXPECT_EQ(error_of([&] { r.done(); }), "--workload tree: unknown key 'lamda' (known: barriers, lambda)");
}

TEST(KvReader, AlgorithmOptionsAndWorkloadKeysAgree) {
  // The same spelling means the same value on both paths: 010 is ten in a workload key...
  WorkloadSpec s = parse_workload_spec("forkjoin:width=010,rounds=1");
  auto w = make_workload(s, 4, 0, 1);
  Rng rng(1);
  std::vector<Spawn> init;
  w->initial(rng, init);
  std::vector<Spawn> kids;
  w->execute(init.at(0).task, init.at(0).pe, rng, kids);
  EXPECT_EQ(kids.size(), 10u);
  // ... and a hexadecimal value is an error in both.
  EXPECT_NE(error_of([] { make_workload(parse_workload_spec("forkjoin:width=0x10"), 4, 0, 1); }).find("'width'"),
            std::string::npos);
  AlgoOptions o;
  o.kv["cinit"] = "0x10";
  EXPECT_NE(error_of([&] { make_detector_factory("cda", o); }).find("key 'cinit': '0x10' is not a decimal integer"),
            std::string::npos);
  EXPECT_NE(error_of([] { workload_barriers(parse_workload_spec("tree:barriers=0")); }).find("[1, 4096]"),
            std::string::npos);
}

}  // namespace
}  // namespace td
