// SPDX-License-Identifier: Apache-2.0
// The JSON writer of dsbc-system (report.cpp). The expected texts are written by hand: the key
// order and number format are those the tool has always printed (scripts/behaviour-check.sh
// compares whole runs before/after), and the escapes are RFC 8259's (section 7).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "dsys/system.h"

namespace dsys {
namespace {

/// One epoch of one barrier, the DSBC and one software detector.
SystemResult tiny() {
  SystemResult r;
  r.cfg.workload = "ring:p=0.5";
  r.cfg.pes = 3;
  r.cfg.barriers = 1;
  r.cfg.seed = 18446744073709551615ULL;  // the largest seed: written as unsigned
  r.cfg.algos = {"tiered"};
  r.cfg.sched = dsbc::Sched::kArb;  // the key shows the run's scheduler, not the default
  r.period_ps = 12'145;
  r.cycles = 40;
  r.requests.resize(2);
  r.wall_seconds = 0.00581070123;
  // Designated initializers, in the members' order; the rest keeps its default.
  const Detection dsbc{.name = "dsbc", .detected = true, .at = 380'000};
  const Detection tiered{.name = "tiered", .control_msgs = 4, .control_bits = 256, .missed = true};  // at: -1
  EpochRow row{.tasks = 1,
               .true_termination = 100'000,
               .dsbc_requests = 2,
               .dsbc_done_cycle = 36,
               .dsbc_snap_cycle = 14,
               .det = {dsbc, tiered}};
  r.rows = {row};
  r.failures = {"epoch 0 barrier 0: tiered: missed"};
  return r;
}

std::string json_of(const SystemResult& r) {
  std::ostringstream out;
  write_json(r, out);
  return out.str();
}

TEST(ReportJson, KeyOrderAndNumbersAsTheToolAlwaysWroteThem) {
  EXPECT_EQ(json_of(tiny()),
            "{\"workload\":\"ring:p=0.5\",\"pes\":3,\"barriers\":1,\"epochs\":1,\"seed\":18446744073709551615,"
            "\"engine\":\"model\",\"clock_ps\":12145,\"latency_ps\":500000,\"task_ps\":2000000,\"count_bits\":16,"
            "\"fifo_depth\":8,\"sched\":\"arb\",\"pipe\":0,\"half_rate\":0,"
            "\"dsbc_cycles\":40,\"dsbc_requests\":2,\"wall_seconds\":0.0058107,\"rows\":["
            "{\"epoch\":0,\"barrier\":0,\"epoch_start_ps\":0,\"tasks\":1,\"primary_msgs\":0,"
            "\"true_termination_ps\":100000,\"dsbc_requests\":2,\"dsbc_done_cycle\":36,\"dsbc_snap_cycle\":14,"
            "\"detectors\":{"
            "\"dsbc\":{\"detected\":true,\"at_ps\":380000,\"delay_ps\":280000,\"control_msgs\":0,\"control_bits\":0,"
            "\"false_detection\":false,\"missed\":false,\"same_execution\":true},"
            "\"tiered\":{\"detected\":false,\"at_ps\":-1,\"delay_ps\":-1,\"control_msgs\":4,\"control_bits\":256,"
            "\"false_detection\":false,\"missed\":true,\"same_execution\":true}}}],"
            "\"oracle_ok\":false,\"failures\":[\"epoch 0 barrier 0: tiered: missed\"]}\n");
}

// The pipelined global sum (Pipe = 1, rr only): "sched" keeps naming the scheduler, the added
// "pipe" key says 1, and the table's header names the scheduling rr-pipe.
TEST(ReportJson, PipeIsItsOwnKeyAndTheHeaderSaysRrPipe) {
  SystemResult r = tiny();
  r.cfg.sched = dsbc::Sched::kRr;
  r.cfg.pipe = 1;
  EXPECT_NE(json_of(r).find(",\"sched\":\"rr\",\"pipe\":1,\"half_rate\":0,\"dsbc_cycles\":40,"), std::string::npos)
      << json_of(r);
  std::ostringstream table;
  write_table(r, table);
  EXPECT_EQ(table.str().substr(0, table.str().find('\n')),
            "dsbc-system: workload ring:p=0.5, N=3, M=1, epochs 1, seed 18446744073709551615, engine model, "
            "scheduler rr-pipe");
}

// Half the request rate (HalfRate = 1, rr only): its own key, the header says rr-half (and
// rr-pipe-half with the pipe), and the dumped trace's first line gives the switch that replays it.
TEST(ReportJson, HalfRateIsItsOwnKeyAndTheHeaderSaysRrHalf) {
  SystemResult r = tiny();
  r.cfg.sched = dsbc::Sched::kRr;
  r.cfg.half_rate = 1;
  EXPECT_NE(json_of(r).find(",\"sched\":\"rr\",\"pipe\":0,\"half_rate\":1,\"dsbc_cycles\":40,"), std::string::npos)
      << json_of(r);
  std::ostringstream table;
  write_table(r, table);
  EXPECT_EQ(table.str().substr(0, table.str().find('\n')),
            "dsbc-system: workload ring:p=0.5, N=3, M=1, epochs 1, seed 18446744073709551615, engine model, "
            "scheduler rr-half");
  std::ostringstream trace;
  write_trace(r, trace);
  EXPECT_NE(trace.str().substr(0, trace.str().find('\n')).find(" --sched rr --half-rate 1"), std::string::npos)
      << trace.str();
  r.cfg.pipe = 1;
  std::ostringstream table_pipe;
  write_table(r, table_pipe);
  EXPECT_NE(table_pipe.str().find(", scheduler rr-pipe-half\n"), std::string::npos) << table_pipe.str();
}

// Six significant digits, as an ostream printed the wall time before nlohmann-json.
TEST(ReportJson, WallSecondsHasSixSignificantDigits) {
  SystemResult r = tiny();
  r.wall_seconds = 1.23456789;
  EXPECT_NE(json_of(r).find("\"wall_seconds\":1.23457,"), std::string::npos);
  r.wall_seconds = 12.5;
  EXPECT_NE(json_of(r).find("\"wall_seconds\":12.5,"), std::string::npos);
  r.wall_seconds = 1.5e-05;
  EXPECT_NE(json_of(r).find("\"wall_seconds\":1.5e-05,"), std::string::npos);
}

// Quotes, backslashes and control characters in every kind of string the writer echoes (the
// workload spec, a detector name as a key, an oracle finding). The old hand-written writer
// escaped only quotes and backslashes, so a newline or a U+0001 made the output invalid JSON.
TEST(ReportJson, EscapesQuotesBackslashesAndControlCharacters) {
  SystemResult r = tiny();
  r.cfg.workload = "tree:\"q\"\\x\n\t\x01\x1f\x7f";
  r.rows[0].det[1].name = "a\"b\r";
  r.failures = {std::string("nul\0byte\b\f", 10)};
  const std::string text = json_of(r);

  // RFC 8259: '"' and '\' and U+0000..U+001F must be escaped; the two-character forms exist
  // for \b \f \n \r \t, the rest is \u00XX. DEL (U+007F) may stay as it is.
  EXPECT_NE(text.find("\"workload\":\"tree:\\\"q\\\"\\\\x\\n\\t\\u0001\\u001f\x7f\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"a\\\"b\\r\":{\"detected\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"failures\":[\"nul\\u0000byte\\b\\f\"]"), std::string::npos) << text;
  // No raw control character anywhere but the closing newline.
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    EXPECT_GE(static_cast<unsigned char>(text[i]), 0x20) << "raw control character at " << i;
  }
  ASSERT_EQ(text.back(), '\n');

  // And it reads back to the same strings.
  const nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["workload"], r.cfg.workload);
  EXPECT_TRUE(j["rows"][0]["detectors"].contains("a\"b\r"));
  EXPECT_EQ(j["failures"][0], r.failures[0]);
}

// A workload spec is free text: bytes that are not UTF-8 become U+FFFD instead of making the
// writer throw or emit invalid JSON.
TEST(ReportJson, ReplacesBytesThatAreNotUtf8) {
  SystemResult r = tiny();
  r.cfg.workload = "ring\xff";
  const std::string text = json_of(r);
  EXPECT_NE(text.find("\"workload\":\"ring\xef\xbf\xbd\""), std::string::npos) << text;
  EXPECT_TRUE(nlohmann::json::accept(text));
}

}  // namespace
}  // namespace dsys
