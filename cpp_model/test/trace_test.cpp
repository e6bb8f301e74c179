// SPDX-License-Identifier: Apache-2.0
// Trace parser: a well-formed file, and one test per class of malformed input checking the
// exact "file:line: reason" text.
#include "dsbc/trace.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace {

using dsbc::Trace;
using dsbc::TraceError;
using dsbc::TraceEvent;

constexpr const char* kHeader = "pes 3\nbarriers 4\ncount_bits 8\n";  // lines 1..3

Trace parse(const std::string& text) {
  std::istringstream in(text);
  return dsbc::parse_trace(in, "t.trace");
}

/// what() of the TraceError thrown by parsing `text`, or "" when it parses.
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

int line_of(const std::string& text) {
  try {
    parse(text);
  } catch (const TraceError& e) {
    return e.line();
  }
  return -1;
}

/// The message Config::validate() gives for `cfg`.
std::string validate_message(const dsbc::Config& cfg) {
  try {
    cfg.validate();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(TraceParse, WellFormedWithComments) {
  const Trace t = parse(
      "# a small trace\n"
      "\n"
      "pes 3          # N\n"
      "  barriers\t4\n"
      "count_bits 8\n"
      "fifo_depth 2   # optional\n"
      "# events\n"
      "0 0 1 +1       # produce on PE0\n"
      "\n"
      "5 2 1 -1\n"
      "5 2 3 1\n"
      "7 1 0 -1#no space before the comment\n"
      "   # indented comment\n");
  EXPECT_EQ(t.path, "t.trace");
  EXPECT_EQ(t.config.pes, 3);
  EXPECT_EQ(t.config.barriers, 4);
  EXPECT_EQ(t.config.count_bits, 8);
  EXPECT_EQ(t.config.fifo_depth, 2);
  ASSERT_EQ(t.events.size(), 4U);
  EXPECT_EQ(t.events[0], (TraceEvent{0, 0, 1, +1, 8}));
  EXPECT_EQ(t.events[1], (TraceEvent{5, 2, 1, -1, 10}));
  EXPECT_EQ(t.events[2], (TraceEvent{5, 2, 3, +1, 11}));
  EXPECT_EQ(t.events[3], (TraceEvent{7, 1, 0, -1, 12}));
}

TEST(TraceParse, FifoDepthDefaultsToEight) {
  const Trace t = parse(std::string(kHeader) + "0 0 0 1\n");
  EXPECT_EQ(t.config.fifo_depth, 8);
}

TEST(TraceParse, HeaderOnlyHasNoEvents) {
  const Trace t = parse("barriers 1\ncount_bits 32\npes 256\nfifo_depth 1024\n");
  EXPECT_TRUE(t.events.empty());
  EXPECT_EQ(t.config.pes, 256);
  EXPECT_EQ(t.config.fifo_depth, 1024);
}

TEST(TraceParse, CrlfLineEndings) {
  const Trace t = parse("pes 2\r\nbarriers 2\r\ncount_bits 8\r\n3 1 1 -1\r\n");
  ASSERT_EQ(t.events.size(), 1U);
  EXPECT_EQ(t.events[0], (TraceEvent{3, 1, 1, -1, 4}));
}

TEST(TraceParse, EqualCyclesAndInterleavedPesAreFine) {
  const Trace t = parse(std::string(kHeader) + "9 0 0 1\n2 1 0 1\n9 0 1 1\n2 1 1 -1\n");
  EXPECT_EQ(t.events.size(), 4U);
}

TEST(TraceParse, UnknownHeader) { EXPECT_EQ(error_of("pes 3\nbariers 4\n"), "t.trace:2: unknown header 'bariers'"); }

TEST(TraceParse, MissingHeaderReportsFirstEvent) {
  EXPECT_EQ(error_of("pes 3\n# c\ncount_bits 8\n\n0 0 0 1\n"), "t.trace:5: missing header 'barriers'");
}

TEST(TraceParse, MissingHeaderReportsEndOfFile) {
  EXPECT_EQ(error_of("pes 3\nbarriers 4\n# no count_bits\n"), "t.trace:3: missing header 'count_bits'");
  EXPECT_EQ(error_of(""), "t.trace:1: missing header 'pes'");
}

TEST(TraceParse, DuplicateHeader) {
  EXPECT_EQ(error_of("pes 3\nbarriers 4\npes 3\n"), "t.trace:3: duplicate header 'pes' (first given on line 1)");
}

TEST(TraceParse, IllegalParameterUsesValidateMessage) {
  dsbc::Config c;
  c.pes = 0;
  EXPECT_EQ(error_of("pes 0\n"), "t.trace:1: " + validate_message(c));
  c = dsbc::Config{};
  c.barriers = 1025;
  EXPECT_EQ(error_of("pes 3\nbarriers 1025\n"), "t.trace:2: " + validate_message(c));
  c = dsbc::Config{};
  c.count_bits = 7;
  EXPECT_EQ(error_of("pes 3\nbarriers 4\n\ncount_bits 7\n"), "t.trace:4: " + validate_message(c));
  c = dsbc::Config{};
  c.fifo_depth = -3;
  EXPECT_EQ(error_of(std::string(kHeader) + "fifo_depth -3\n"), "t.trace:4: " + validate_message(c));
  EXPECT_EQ(error_of("pes 99999999999\n"), "t.trace:1: value 99999999999 for header 'pes' is out of range");
}

TEST(TraceParse, HeaderWrongNumberOfValues) {
  EXPECT_EQ(error_of("pes\n"), "t.trace:1: header 'pes' takes exactly one integer value, got 0");
  EXPECT_EQ(error_of("pes 3 4\n"), "t.trace:1: header 'pes' takes exactly one integer value, got 2");
}

TEST(TraceParse, HeaderGarbageValue) {
  EXPECT_EQ(error_of("pes three\n"), "t.trace:1: invalid integer 'three' for header 'pes'");
}

TEST(TraceParse, PeOutOfRange) {
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 1\n0 3 0 1\n"), "t.trace:5: pe 3 out of range 0..2 (pes 3)");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 -1 0 1\n"), "t.trace:4: pe -1 out of range 0..2 (pes 3)");
}

TEST(TraceParse, BarrierOutOfRange) {
  EXPECT_EQ(error_of(std::string(kHeader) + "\n0 0 4 1\n"), "t.trace:5: barrier 4 out of range 0..3 (barriers 4)");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 -2 1\n"), "t.trace:4: barrier -2 out of range 0..3 (barriers 4)");
}

TEST(TraceParse, DeltaNotPlusOrMinusOne) {
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 0\n"), "t.trace:4: delta must be +1 or -1, got '0'");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 1\n0 0 0 +2\n"), "t.trace:5: delta must be +1 or -1, got '+2'");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 -7\n"), "t.trace:4: delta must be +1 or -1, got '-7'");
}

TEST(TraceParse, NegativeCycle) {
  EXPECT_EQ(error_of(std::string(kHeader) + "-4 0 0 1\n"), "t.trace:4: negative cycle -4");
}

TEST(TraceParse, CyclesGoingBackwardsForOnePe) {
  EXPECT_EQ(error_of(std::string(kHeader) + "10 1 0 1\n3 0 0 1\n9 1 0 -1\n"),
            "t.trace:6: cycle 9 of pe 1 goes backwards (its previous event, line 4, is at "
            "cycle 10)");
}

TEST(TraceParse, WrongNumberOfFields) {
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0\n"),
            "t.trace:4: expected 4 fields '<cycle> <pe> <barrier> <delta>', got 3");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 1\n1 0 0 1 5\n"),
            "t.trace:5: expected 4 fields '<cycle> <pe> <barrier> <delta>', got 5");
}

TEST(TraceParse, GarbageField) {
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 x 1\n"),
            "t.trace:4: invalid integer 'x' in field barrier (expected '<cycle> <pe> <barrier> "
            "<delta>')");
  EXPECT_EQ(error_of(std::string(kHeader) + "1.5 0 0 1\n"),
            "t.trace:4: invalid integer '1.5' in field cycle (expected '<cycle> <pe> <barrier> "
            "<delta>')");
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 1\nx 0 0 1\n"),
            "t.trace:5: invalid integer 'x' in field cycle (expected '<cycle> <pe> <barrier> "
            "<delta>')");
  EXPECT_EQ(line_of(std::string(kHeader) + "0 0x1 0 1\n"), 4);
  EXPECT_EQ(line_of(std::string(kHeader) + "0 0 0 --1\n"), 4);
  EXPECT_EQ(error_of(std::string(kHeader) + "99999999999999999999999 0 0 1\n"),
            "t.trace:4: cycle 99999999999999999999999 is out of range");
}

TEST(TraceParse, HeaderAfterEvents) {
  EXPECT_EQ(error_of(std::string(kHeader) + "0 0 0 1\nfifo_depth 4\n"),
            "t.trace:5: header 'fifo_depth' after the first event (line 4); all header lines "
            "must come first");
}

TEST(TraceParse, ErrorCarriesPathLineAndReason) {
  try {
    parse(std::string(kHeader) + "0 0 0 2\n");
    FAIL() << "no error";
  } catch (const TraceError& e) {
    EXPECT_EQ(e.path(), "t.trace");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.reason(), "delta must be +1 or -1, got '2'");
  }
}

TEST(TraceParse, ParseTraceFile) {
  const auto path = std::filesystem::temp_directory_path() / "dsbc_trace_test.trace";
  {
    std::ofstream f(path);
    f << kHeader << "1 2 3 -1\n";
  }
  const Trace t = dsbc::parse_trace_file(path.string());
  std::filesystem::remove(path);
  EXPECT_EQ(t.path, path.string());
  ASSERT_EQ(t.events.size(), 1U);
  EXPECT_EQ(t.events[0], (TraceEvent{1, 2, 3, -1, 4}));
}

TEST(TraceParse, MissingFile) {
  try {
    dsbc::parse_trace_file("/nonexistent/dir/x.trace");
    FAIL() << "no error";
  } catch (const TraceError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/dir/x.trace: cannot open: No such file or directory");
    EXPECT_EQ(e.line(), 0);
  }
}

}  // namespace
