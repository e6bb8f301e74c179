// SPDX-License-Identifier: Apache-2.0
// The overlap contract (dsbc/ovl/contract.h) against three independent references:
//  - the feasibility RTL's own heads and exits, recorded in dumps (data/, make_dumps.sh): the
//    contract fed the dump's commits and pops must produce them cycle for cycle;
//  - latencies worked by hand from overlap.md's slot timing (a POLL in c + 1, one round trip
//    per race slot, count bits from s + 3, the exit a round trip after its bit);
//  - the closed forms' values printed in overlap.md's tables (the Python model's figures).
// Each kind of check is shown to fail on a planted difference.
#include "dsbc/ovl/contract.h"
#include "dsbc/ovl/dump_replay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using dsbc::ovl::Dump;
using dsbc::ovl::Params;
using dsbc::ovl::ReplayReport;

Params params(int t, int m, int r, bool spec = false) {
  Params p;
  p.count_bits = t;
  p.barriers = m;
  p.reg_lines = r;
  p.idle_spec = spec;
  return p;
}

Dump load(const std::string& name, const Params& p) {
  const std::string path = std::string(DSBC_OVL_DATA_DIR) + "/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return dsbc::ovl::parse_dump(in, path, p);
}

// The testbench's +cycles of a dump: the cycles column (the 8th field) of its row in
// make_dumps.sh's RUNS table, the script that recorded it (one source for both); -1 if absent.
int64_t tb_cycles(const std::string& file) {
  const std::string path = std::string(DSBC_OVL_DATA_DIR) + "/../make_dumps.sh";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  const std::string name = file.substr(0, file.find('.'));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + "|", 0) != 0) continue;
    std::vector<std::string> f;
    std::stringstream ls(line);
    for (std::string x; std::getline(ls, x, '|');) f.push_back(x);
    if (f.size() == 9) return std::stoll(f[7]);
  }
  return -1;
}

struct DumpCase {
  const char* file;
  int t;
  int r = 2;             // the unit's OvlR
  bool spec = false;     // its OvlSpec
  int pipe_end = 0;      // its OvlPipeEnd
  int pes = 16;          // its N
  int header_slots = 2;  // its OvlDead (1: one header slot)
  bool tails = true;     // (pipe_end) heads leave tails in this run (not when one barrier or
                         // one closing at a time keeps the winner the running word's barrier)
};

// gtest prints a parameter with this (its bytes otherwise).
void PrintTo(const DumpCase& c, std::ostream* os) {
  *os << c.file << " (T = " << c.t << ", R = " << c.r << (c.spec ? ", idle speculation" : "") << ", pipe_end "
      << c.pipe_end << ", N = " << c.pes << ", header_slots " << c.header_slots << ")";
}

class RtlDump : public ::testing::TestWithParam<DumpCase> {};

// The contract reproduces every head (cycle, barrier) and every exit (cycle, completion) the
// RTL produced on the same stimulus, with no sequencer split and no protocol error.
TEST_P(RtlDump, ReplayGivesTheRtlsHeadsAndExits) {
  Params p = params(GetParam().t, 32, GetParam().r, GetParam().spec);
  p.pipe_end = GetParam().pipe_end;
  p.pes = GetParam().pes;
  p.header_slots = GetParam().header_slots;
  const Dump d = load(GetParam().file, p);
  ASSERT_GE(d.heads.size(), 30u) << "a dump too short to say anything";
  // to the testbench's last cycle, every head and exit before its last 64 cycles compared
  const int64_t cycles = tb_cycles(GetParam().file);
  ASSERT_GT(cycles, d.last_cycle) << "no row for " << GetParam().file << " in make_dumps.sh";
  const ReplayReport r = dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p), cycles);
  EXPECT_EQ(r.head_mismatches, 0);
  EXPECT_EQ(r.exit_mismatches, 0);
  EXPECT_EQ(r.count_mismatch, 0);
  EXPECT_EQ(r.sequencer_splits, 0);
  EXPECT_EQ(r.pop_underflows, 0);
  EXPECT_EQ(r.rebase_sum_errors, 0);
  EXPECT_EQ(r.protocol_errors, 0);
  EXPECT_EQ(r.rebase_errors, 0);
  // A pipelined-word-end dump tests the rule only if heads left tails in it.
  if (p.pipe_end != 0 && GetParam().tails) {
    EXPECT_GE(r.pipelined_heads, 15);
  } else if (p.pipe_end == 0) {
    EXPECT_EQ(r.pipelined_heads, 0);
  }
  // Every RTL head was compared (the run may end inside a word: one more or one fewer after
  // the compared window).
  EXPECT_LE(d.heads.size(), r.heads.size() + 1);
  int completions = 0;
  for (const auto& e : r.exits) completions += e.second;
  EXPECT_GT(completions, 0);
}

INSTANTIATE_TEST_SUITE_P(Dumps, RtlDump,
                         ::testing::Values(DumpCase{"t16_seed1_random.txt", 16}, DumpCase{"t16_seed11_sparse.txt", 16},
                                           DumpCase{"t16_seed31_group.txt", 16}, DumpCase{"t16_seed41_hot.txt", 16},
                                           DumpCase{"t16_seed4_slowpop.txt", 16}, DumpCase{"t16_seed15_idle.txt", 16},
                                           DumpCase{"t8_seed21_bias.txt", 8},
                                           // OvlR = 3 (round trip 4), and with idle speculation
                                           DumpCase{"r3_t16_seed1_random.txt", 16, 3},
                                           DumpCase{"r3_t16_seed11_sparse.txt", 16, 3},
                                           DumpCase{"r3_t16_seed31_group.txt", 16, 3},
                                           DumpCase{"r3spec_t16_seed15_idle.txt", 16, 3, true},
                                           DumpCase{"r3spec_t16_seed1_random.txt", 16, 3, true},
                                           // OvlPipeEnd = 2 (ovlrtl.md 15), and the unit at N = 8 (ovlrtl.md 16c:
                                           // Q = T + 3, 4 pairs), with the pipelined word end and at R = 3
                                           DumpCase{"pe2_t16_seed1_random.txt", 16, 2, false, 2},
                                           DumpCase{"n8_t16_seed1_random.txt", 16, 2, false, 0, 8},
                                           DumpCase{"n8_t16_seed11_sparse.txt", 16, 2, false, 0, 8},
                                           DumpCase{"n8_t8_seed21_bias.txt", 8, 2, false, 0, 8},
                                           DumpCase{"n8pe2_t16_seed1_random.txt", 16, 2, false, 2, 8},
                                           DumpCase{"n8r3_t16_seed31_group.txt", 16, 3, false, 0, 8},
                                           // one header slot (OvlDead = 1, ovlrtl.md 18b; with OvlPipeEnd = 2):
                                           // slowpop makes NEXT's FIFO-room veto decide, sparse and hot have no
                                           // tails (a lone closing; one barrier)
                                           DumpCase{"dd_t16_seed1_random.txt", 16, 2, false, 2, 16, 1},
                                           DumpCase{"dd_t16_seed4_slowpop.txt", 16, 2, false, 2, 16, 1},
                                           DumpCase{"dd_t16_seed11_sparse.txt", 16, 2, false, 2, 16, 1, false},
                                           DumpCase{"dd_t16_seed41_hot.txt", 16, 2, false, 2, 16, 1, false}),
                         [](const ::testing::TestParamInfo<DumpCase>& i) {
                           std::string n = i.param.file;
                           return n.substr(0, n.find('.'));
                         });

// The hot dump (one barrier changed nearly every cycle) has heads of a barrier in its rebase
// window (d .. d + 3 after its completion), where the RTL reads the count before the rebase.
TEST(RtlDumpCoverage, HotDumpReachesTheRebaseWindow) {
  const Params p = params(16, 32, 2);
  const ReplayReport r = dsbc::ovl::replay_dump(load("t16_seed41_hot.txt", p), p, dsbc::ovl::rtl_start_cycle(p));
  EXPECT_GE(r.same_barrier_heads, 2);
  EXPECT_EQ(r.errors(), 0);
}

// The replay can fail: a head moved by one cycle, one commit's sign flipped, and the right
// dump replayed with the wrong round trip each give mismatches.
TEST(RtlDumpPlanted, ShiftedHeadIsFound) {
  const Params p = params(16, 32, 2);
  Dump d = load("t16_seed1_random.txt", p);
  d.heads[10].first += 1;
  const ReplayReport r = dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p));
  EXPECT_EQ(r.head_mismatches, 1);
}

TEST(RtlDumpPlanted, FlippedCommitIsFound) {
  const Params p = params(16, 32, 2);
  Dump d = load("t16_seed15_idle.txt", p);
  d.commits[0].delta = -d.commits[0].delta;
  const ReplayReport r = dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p));
  EXPECT_GT(r.exit_mismatches, 0);
}

TEST(RtlDumpPlanted, WrongRoundTripIsFound) {
  const Params p = params(16, 32, 2);
  const Dump d = load("t16_seed11_sparse.txt", p);
  const Params wrong = params(16, 32, 3);
  const ReplayReport r = dsbc::ovl::replay_dump(d, wrong, dsbc::ovl::rtl_start_cycle(p));
  EXPECT_GT(r.head_mismatches, 0);
}

// The idle-speculation dump replayed without it: the idle races differ (the SPEC slot carries
// key slot 1), so heads come at other cycles.
// A lost change: the RTL's last head before the compared window's end (and every record from
// its cycle on) removed, as if the RTL had stopped heading there. Replayed to the dump's last
// record the contract agrees (its head would come after it); replayed to the testbench's end
// it makes that head and differs.
TEST(RtlDumpPlanted, HeadAfterTheLastRecordIsFoundWithCycles) {
  const Params p = params(16, 32, 2);
  Dump d = load("t16_seed11_sparse.txt", p);
  const int64_t cycles = tb_cycles("t16_seed11_sparse.txt");
  ASSERT_EQ(cycles, 10000);
  while (!d.heads.empty() && d.heads.back().first >= cycles - 64) d.heads.pop_back();
  ASSERT_GE(d.heads.size(), 30u);
  const size_t k = d.heads.size() - 1;
  const int64_t h = d.heads.back().first;
  d.heads.pop_back();
  const auto before = [h](const auto& list) {
    auto v = list;
    while (!v.empty() && v.back().first >= h) v.pop_back();
    return v;
  };
  d.exits = before(d.exits);
  d.pops = before(d.pops);
  while (!d.commits.empty() && d.commits.back().cycle >= h) d.commits.pop_back();
  d.last_cycle = 0;
  for (const auto& c : d.commits) d.last_cycle = std::max(d.last_cycle, c.cycle);
  for (const auto& e : d.exits) d.last_cycle = std::max(d.last_cycle, e.first);
  for (const auto& x : d.heads) d.last_cycle = std::max(d.last_cycle, x.first);
  const int64_t x0 = dsbc::ovl::rtl_start_cycle(p);
  EXPECT_EQ(dsbc::ovl::replay_dump(d, p, x0).errors(), 0);
  const ReplayReport r = dsbc::ovl::replay_dump(d, p, x0, cycles);
  EXPECT_EQ(r.count_mismatch, 1);
  ASSERT_GT(r.heads.size(), k);
  EXPECT_EQ(r.heads[k].first, h);
}

// One header slot against two, both ways: each dump is only its own contract's.
TEST(RtlDumpPlanted, WrongHeaderSlotsAreFound) {
  for (const auto& [file, hs] : {std::pair<const char*, int>{"dd_t16_seed1_random.txt", 1},
                                 std::pair<const char*, int>{"pe2_t16_seed1_random.txt", 2}}) {
    Params p = params(16, 32, 2);
    p.pipe_end = 2;
    p.header_slots = hs;
    const Dump d = load(file, p);
    ASSERT_EQ(dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p)).errors(), 0) << file;
    p.header_slots = 3 - hs;
    EXPECT_GT(dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p)).errors(), 0) << file;
  }
}

TEST(RtlDumpPlanted, MissingIdleSpeculationIsFound) {
  const Params p = params(16, 32, 3, true);
  const Dump d = load("r3spec_t16_seed15_idle.txt", p);
  EXPECT_EQ(dsbc::ovl::replay_dump(d, p, dsbc::ovl::rtl_start_cycle(p)).errors(), 0);
  const Params wrong = params(16, 32, 3, false);
  EXPECT_GT(dsbc::ovl::replay_dump(d, wrong, dsbc::ovl::rtl_start_cycle(p)).head_mismatches, 0);
}

// One closing commit c with the unit idle: PE 0 +1 and PE 3 -1 (two pairs) on barrier 1, or
// only the +1 (no completion). Returns the contract's exits as (cycle - c, completion).
std::vector<std::pair<int64_t, int>> idle_closing(const Params& p, bool closes, int64_t c) {
  Dump d;
  d.commits.push_back({c, 0, 1, 1});
  if (closes) d.commits.push_back({c, 3, 1, -1});
  d.last_cycle = c + 200;
  const ReplayReport r = dsbc::ovl::replay_dump(d, p, 0);
  EXPECT_EQ(r.heads.size(), 1u);
  EXPECT_EQ(r.protocol_errors, 0);
  std::vector<std::pair<int64_t, int>> out;
  for (const auto& e : r.exits) out.emplace_back(e.first - c, e.second);
  return out;
}

// By hand (overlap.md 1a-1c): the POLL in c + 1 sees the dirty bit; the race then needs the
// POLL and K key slots, one round trip P each, so the head is in s = c + 1 + (K + 1) P; count
// bit j is sent in s + 3 + j and decided P later. A sum of 0 exits after bit Q - 1 = 19 with a
// completion: c + 1 + (K + 1) P + 3 + 19 + P. A sum of 1 exits on bit 0: c + 1 + (K + 1) P + 3 + P.
TEST(IdleClosing, MatchesTheSlotTiming) {
  // M = 32: K = 3 (KB = 6); M = 4: K = 2 (KB = 3); M = 1024: K = 6 (KB = 11). Q = 20.
  // R = 2, P = 3, M = 32: 1 + 12 + 3 + 19 + 3 = 38 (overlap.md: c + 38); on bit 0: 19.
  EXPECT_EQ(idle_closing(params(16, 32, 2), true, 100), (std::vector<std::pair<int64_t, int>>{{38, 1}}));
  EXPECT_EQ(idle_closing(params(16, 32, 2), false, 100), (std::vector<std::pair<int64_t, int>>{{19, 0}}));
  // R = 2, M = 4: 1 + 9 + 3 + 19 + 3 = 35.
  EXPECT_EQ(idle_closing(params(16, 4, 2), true, 100), (std::vector<std::pair<int64_t, int>>{{35, 1}}));
  // R = 3, P = 4, M = 32: 1 + 16 + 3 + 19 + 4 = 43; M = 1024: 1 + 28 + 3 + 19 + 4 = 55.
  EXPECT_EQ(idle_closing(params(16, 32, 3), true, 100), (std::vector<std::pair<int64_t, int>>{{43, 1}}));
  EXPECT_EQ(idle_closing(params(16, 1024, 3), true, 100), (std::vector<std::pair<int64_t, int>>{{55, 1}}));
  // T = 8 (Q = 12), R = 2, M = 32: 1 + 12 + 3 + 11 + 3 = 30 (ovlrtl.md: c + 30 at T = 8).
  EXPECT_EQ(idle_closing(params(8, 32, 2), true, 100), (std::vector<std::pair<int64_t, int>>{{30, 1}}));
}

// Idle speculation (overlap.md 1d): POLL and SPEC (key slot 1) alternate in idle, so the race
// needs 1 + K P cycles from the POLL that sees the change; that POLL is in c + 1 or c + 2 by
// the phase. R = 3, M = 32: s = c + {1, 2} + 1 + 12, exit s + 3 + 19 + 4: c + 40 or c + 41
// (overlap.md: "R = 3: c + 41 / 40").
TEST(IdleClosing, IdleSpeculationSavesAKeySlot) {
  const Params p = params(16, 32, 3, true);
  const auto a = idle_closing(p, true, 100);
  const auto b = idle_closing(p, true, 101);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(std::min(a[0].first, b[0].first), 40);
  EXPECT_EQ(std::max(a[0].first, b[0].first), 41);
  EXPECT_EQ(a[0].second + b[0].second, 2);
}

// The closed forms against overlap.md's summary table (overlap_logs/summary.txt, written by
// the Python model): W, idle and the worst-case bound.
TEST(Derive, MatchesOverlapMdTables) {
  const auto d = [](int m, int r, int e, bool spec = false) {
    Params p = params(16, m, r, spec);
    p.exit_delay = e;
    return dsbc::ovl::derive(p);
  };
  EXPECT_EQ(d(32, 2, 0).word, 28);
  EXPECT_EQ(d(32, 2, 0).idle_closing, 38);
  EXPECT_EQ(d(32, 2, 0).bound, 932);
  EXPECT_EQ(d(4, 2, 0).bound, 141);
  EXPECT_EQ(d(4, 2, 1).bound, 146);
  EXPECT_EQ(d(1024, 2, 0).bound, 31789);
  EXPECT_EQ(d(4, 3, 0).bound, 149);
  EXPECT_EQ(d(32, 3, 0).bound, 969);
  EXPECT_EQ(d(32, 3, 2).bound, 1035);
  EXPECT_EQ(d(1024, 3, 0).idle_closing, 55);
  EXPECT_EQ(d(4, 3, 0, true).bound, 146);  // overlap.md 6, "no at M = 4 (146)"
  EXPECT_EQ(d(32, 3, 0, true).idle_closing, 41);
}

// One header slot (header_slots 1, with pipe_end 2) against the Python model's derived() at
// --dead 1 --nextroom 1 --pipeend 2 (overlap_model.py, a second implementation): the idle
// closing and case B a cycle shorter, the bound a cycle lower, but at M = 1024, T = 8 the
// in-word race (NEXT, its decision, a POLL, 6 key slots: 1 + 2P + KP = 25) outlasts the word
// (23) and sets W.
TEST(Derive, OneHeaderSlotMatchesThePythonModel) {
  const auto d = [](int m, int t, int hs) {
    Params p = params(t, m, 2);
    p.pipe_end = 2;
    p.header_slots = hs;
    return dsbc::ovl::derive(p);
  };
  EXPECT_EQ(d(32, 16, 1).word, 25);
  EXPECT_EQ(d(32, 16, 1).word_exit, 28);
  EXPECT_EQ(d(32, 16, 1).idle_closing, 37);
  EXPECT_EQ(d(32, 16, 1).bound, 838);
  EXPECT_EQ(d(32, 16, 2).bound, 839);
  EXPECT_EQ(d(4, 16, 1).bound, 131);
  EXPECT_EQ(d(32, 8, 1).bound, 574);
  EXPECT_EQ(d(1024, 16, 1).bound, 28719);
  EXPECT_EQ(d(1024, 8, 1).word, 25);
  EXPECT_EQ(d(1024, 8, 1).bound, 25636);
  EXPECT_EQ(d(1024, 8, 2).bound, 23589);
}

// Key digits worked by hand: M = 32 (KB = 6), CNT2 = 5, dirty {3, 7}: 3 <= 5 has key 32 + 3 =
// 35 = 100011b, 7 has key 7 = 000111b and wins; its digits, two bits from the MSB: 00, 01, 11.
TEST(KeyDigit, BuildsTheSmallestKeyMsbFirst) {
  const Params p = params(16, 32, 2);
  std::vector<uint8_t> dirty(32, 0);
  dirty[3] = dirty[7] = 1;
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0, 0, 2), 0u);
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0b00, 2, 2), 1u);
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0b0001, 4, 2), 3u);
  // Another pair's prefix (10: keys 32 .. 47): only 35 = 10 00 11 matches.
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0b10, 2, 2), 0u);
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0b1000, 4, 2), 3u);
  // No dirty key under the prefix (01: keys 16 .. 31): all ones, the largest digit loses.
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 5, 0b01, 2, 2), 3u);
  // With CNT2 = 2 both are after the last head: 3 = 000011b wins.
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 2, 0b0000, 4, 2), 3u);
  EXPECT_EQ(dsbc::ovl::key_digit(p, dirty, 2, 0b00, 2, 2), 0u);
  // M = 4 (KB = 3): the last slot is one bit. CNT2 = 3 puts every barrier in wrap 1: dirty {2}
  // has key 4 + 2 = 110b: digits 11, then 0.
  const Params p4 = params(16, 4, 2);
  std::vector<uint8_t> d4(4, 0);
  d4[2] = 1;
  EXPECT_EQ(dsbc::ovl::key_digit(p4, d4, 3, 0, 0, 2), 3u);
  EXPECT_EQ(dsbc::ovl::key_digit(p4, d4, 3, 0b11, 2, 1), 0u);
}

TEST(Params, IllegalValuesNameTheField) {
  const auto msg = [](Params p) {
    try {
      p.validate();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  Params p;
  EXPECT_EQ(msg(p), "accepted");
  p.barriers = 24;
  EXPECT_NE(msg(p).find("barriers = 24"), std::string::npos) << msg(p);
  p = Params{};
  p.pes = 15;
  EXPECT_NE(msg(p).find("pes = 15"), std::string::npos) << msg(p);
  p = Params{};
  p.reg_lines = 4;
  EXPECT_NE(msg(p).find("reg_lines = 4 is out of range (legal: 1 .. 3)"), std::string::npos) << msg(p);
  p = Params{};
  p.header_slots = 0;
  EXPECT_NE(msg(p).find("header_slots = 0 is out of range (legal: 1 or 2)"), std::string::npos) << msg(p);
  // one header slot only as the RTL builds it: with the pipelined word end
  p.header_slots = 1;
  EXPECT_NE(msg(p).find("header_slots = 1 is out of range (legal: 2, or 1 with pipe_end 2"), std::string::npos)
      << msg(p);
  p.pipe_end = 2;
  EXPECT_EQ(msg(p), "accepted");
}

TEST(ParseDump, MalformedLinesNameTheLine) {
  const Params p = params(16, 32, 2);
  const auto msg = [&](const std::string& text) {
    std::istringstream in(text);
    try {
      dsbc::ovl::parse_dump(in, "d.txt", p);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(msg("c 1 0 3 1\n\nh 2 3\nx 9 1\np 10 15\n"), "accepted");
  EXPECT_EQ(msg("c 1 0 3 1\nq 2 3\n"), "d.txt:2: unknown kind 'q' (expected c, p, h or x)");
  EXPECT_EQ(msg("h 2\n"), "d.txt:1: missing field BARRIER");
  EXPECT_EQ(msg("h 2 x\n"), "d.txt:1: field BARRIER is not an integer: 'x'");
  EXPECT_EQ(msg("c 1 16 3 1\n"), "d.txt:1: PE 16 out of range 0 .. 15");
  EXPECT_EQ(msg("h 1 32\n"), "d.txt:1: BARRIER 32 out of range 0 .. 31");
  EXPECT_EQ(msg("c 1 0 3 2\n"), "d.txt:1: DELTA must be 1 or -1");
  EXPECT_EQ(msg("h 5 1\nh 4 1\n"), "d.txt:2: cycle 4 before 5 of an earlier line");
  EXPECT_EQ(msg("x 5 1 7\n"), "d.txt:1: trailing field '7'");
}

}  // namespace
