// SPDX-License-Identifier: Apache-2.0
// Every JSON output of the TD lab parses, including strings with quotes, backslashes and
// control characters (issue 11: the hand-written JSON escaped neither control characters
// nor, in the event log and the Chrome trace, quotes). Parsing is done by nlohmann-json,
// and each string must come back exactly as it went in.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "td/machine.h"
#include "td/run.h"

namespace td {
namespace {

using Json = nlohmann::json;

const std::string kNasty = std::string("q\"uote b\\ack nl\n tab\t bell\x07 nul") + '\0' + " \x1f end";

TEST(Json, RunResultWithNastyStringsParsesAndRoundTrips) {
  RunConfig c;
  c.algo = "algo" + kNasty;
  c.workload = "tree:" + kNasty;
  RunResult r;
  r.kind_names = {"primary", "term", "kind" + kNasty};
  BarrierMetrics m;
  m.by_kind = {0, 3, 4};
  r.barriers.push_back(m);
  r.extra.push_back({{"extra" + kNasty, 5}});
  const std::string text = to_json(c, r);
  EXPECT_EQ(text.find('\n'), std::string::npos) << "one line";
  const Json j = Json::parse(text);  // throws (fails the test) if not JSON
  EXPECT_EQ(j["algo"], c.algo);
  EXPECT_EQ(j["workload"], c.workload);
  EXPECT_EQ(j["barriers"][0]["by_kind"]["kind" + kNasty], 4);
  EXPECT_EQ(j["barriers"][0]["extra"]["extra" + kNasty], 5);
}

// A detector whose control kind has a nasty name: it sends one control message and
// declares when it arrives, so the event log and the trace carry the name.
class NastyDetector : public Detector {
 public:
  explicit NastyDetector(Runtime& m) : m_(m) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "k" + kNasty}; }
  void on_idle(NodeId pe) override {
    if (pe == 0) m_.send_control(0, 1, 0, 2);
  }
  void on_control(NodeId node, Message&) override { m_.declare(node, 0); }

 private:
  Runtime& m_;
};

class OneTask : public Workload {
 public:
  void initial(Rng&, std::vector<Spawn>& out) override { out.push_back(Spawn{0, Task{}}); }
  void execute(const Task&, NodeId, Rng&, std::vector<Spawn>&) override {}
};

TEST(Json, EventLogAndChromeTraceWithNastyKindNameParse) {
  std::vector<std::unique_ptr<Workload>> ws;
  ws.push_back(std::make_unique<OneTask>());
  Machine m(MachineConfig{}, std::move(ws), [](Runtime& mm, int) { return std::make_unique<NastyDetector>(mm); });
  const std::string ev = ::testing::TempDir() + "/json_nasty.jsonl", ct = ::testing::TempDir() + "/json_nasty.json";
  std::FILE* f = std::fopen(ev.c_str(), "w");
  ASSERT_TRUE(f);
  m.set_event_log(f);
  m.set_chrome_trace(true);
  m.run();
  std::fclose(f);
  std::FILE* g = std::fopen(ct.c_str(), "w");
  ASSERT_TRUE(g);
  m.write_chrome_trace(g);
  std::fclose(g);
  std::ifstream in(ev);
  std::string line;
  int sends = 0, lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    const Json j = Json::parse(line);
    if (j["ev"] == "send") {
      ++sends;
      EXPECT_EQ(j["kind"], "k" + kNasty);
    }
  }
  EXPECT_EQ(sends, 1);
  EXPECT_GE(lines, 4);  // busy, idle, send, recv, detect
  std::ifstream tin(ct);
  std::stringstream all;
  all << tin.rdbuf();
  const Json t = Json::parse(all.str());
  EXPECT_TRUE(t["traceEvents"].is_array());
  EXPECT_TRUE(m.metrics(0).detected);
}

}  // namespace
}  // namespace td
