// SPDX-License-Identifier: Apache-2.0
// The port-level model of the feasibility Overlap unit (dsbc/ovl/port_unit.h) against the
// RTL's own ports, recorded in port dumps (data/ports/, make_port_dumps.sh): the model, driven
// by each dump's inputs, must give every PE output (req_ready, ack_valid, ack_refused,
// fifo_valid, fifo_barrier where fifo_valid) and the broadcast (ctl_load, ctl_done) of the RTL
// in every cycle. Also: the dump reader's and the parameter check's messages, and that the
// comparison sees a difference (a dump with one output changed).
#include "dsbc/ovl/port_unit.h"
#include "dsbc/ovl/port_dump.h"

#include <gtest/gtest.h>

#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace {

using dsbc::ovl::Params;
using dsbc::ovl::PortDump;
using dsbc::ovl::PortUnit;

Params params(int t, int pipe_end = 0, int header_slots = 2) {
  Params p;
  p.count_bits = t;
  p.pipe_end = pipe_end;
  p.header_slots = header_slots;
  return p;
}

// data/ports/ (OvlPipeEnd = 0), data/ports_pipeend/ (OvlPipeEnd = 2, make_port_dumps.sh pipeend)
// or data/ports_dead/ (OvlPipeEnd = 2, OvlDead = 1: one header slot, make_port_dumps.sh dead)
PortDump load(const std::string& name, const Params& p) {
  const std::string dir = p.header_slots == 1 ? "/ports_dead/" : p.pipe_end != 0 ? "/ports_pipeend/" : "/ports/";
  const std::string path = std::string(DSBC_OVL_DATA_DIR) + dir + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return dsbc::ovl::parse_port_dump(in, path, p);
}

struct PortCase {
  const char* file;
  int t;
  int pipe_end = 0;
  int header_slots = 2;
};

void PrintTo(const PortCase& c, std::ostream* os) {
  *os << c.file << " (T = " << c.t << ", pipe_end " << c.pipe_end << ", header_slots " << c.header_slots << ")";
}

class RtlPorts : public ::testing::TestWithParam<PortCase> {};

// Every output of every PE and the broadcast, in every cycle of the dump.
TEST_P(RtlPorts, ModelGivesTheRtlsOutputsInEveryCycle) {
  const Params p = params(GetParam().t, GetParam().pipe_end, GetParam().header_slots);
  const PortDump dump = load(GetParam().file, p);
  ASSERT_GT(dump.cycles, 1000);
  PortUnit unit(p);
  int64_t checked = 0;
  const auto m = dsbc::ovl::replay_ports(dump, unit, {}, &checked);
  ASSERT_FALSE(m.has_value()) << "first difference: " << m->to_string();
  EXPECT_EQ(checked, dump.cycles);
  // the contract's own bookkeeping stays clean on the RTL's stimulus
  EXPECT_EQ(unit.datapath().sequencer_splits(), 0);
  EXPECT_EQ(unit.datapath().protocol_errors(), 0);
  EXPECT_EQ(unit.datapath().rebase_sum_errors(), 0);
  EXPECT_EQ(unit.datapath().rebase_errors(), 0);
  // A pipelined-word-end dump tests the rule only if heads left tails in it (the RTL's
  // testbench counts 18 to 73 per 3,000 cycles in these runs).
  if (p.pipe_end != 0) {
    EXPECT_GE(unit.datapath().pipelined_heads(), 15);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Dumps, RtlPorts,
    ::testing::Values(PortCase{"t16_seed1_random.txt", 16}, PortCase{"t16_seed11_sparse.txt", 16},
                      PortCase{"t16_seed31_group.txt", 16}, PortCase{"t16_seed41_hot.txt", 16},
                      PortCase{"t16_seed4_slowpop.txt", 16}, PortCase{"t8_seed1_random.txt", 8},
                      PortCase{"t8_seed23_bias.txt", 8},
                      // the RTL built with OvlPipeEnd = 2 (ovlrtl.md 15)
                      PortCase{"t16_seed1_random.txt", 16, 2}, PortCase{"t16_seed31_group.txt", 16, 2},
                      PortCase{"t16_seed4_slowpop.txt", 16, 2}, PortCase{"t8_seed23_bias.txt", 8, 2},
                      // and with one header slot (OvlDead = 1, ovlrtl.md 18b); slowpop:
                      // NEXT's FIFO-room veto decides (the replay differs without it)
                      PortCase{"t16_seed1_random.txt", 16, 2, 1}, PortCase{"t16_seed31_group.txt", 16, 2, 1},
                      PortCase{"t16_seed4_slowpop.txt", 16, 2, 1}, PortCase{"t8_seed23_bias.txt", 8, 2, 1}),
    [](const ::testing::TestParamInfo<PortCase>& i) {
      std::string n = i.param.file;
      n = n.substr(0, n.find('.'));
      if (i.param.header_slots == 1) return "hs1_" + n;
      return (i.param.pipe_end != 0 ? "pe2_" : "") + n;
    });

// The header slots are visible at the ports: the one-header-slot dump is not the two-slot
// contract's, and the reverse (the first difference within the first words).
TEST(RtlPortsCheck, HeaderSlotsAreTold) {
  for (const int hs : {1, 2}) {
    const PortDump dump = load("t16_seed1_random.txt", params(16, 2, hs));
    PortUnit wrong(params(16, 2, 3 - hs));
    const auto m = dsbc::ovl::replay_ports(dump, wrong);
    ASSERT_TRUE(m.has_value()) << "header_slots " << hs << " replayed as " << 3 - hs;
    EXPECT_LT(m->cycle, 200);
  }
}

// The dumps exercise what the model must get right: acknowledges, refusals (T = 8 bias run),
// completions, FIFO outputs and pops, and ready low outside the clearing. t8_seed23_bias also
// has 3 commits in d .. d + 2 to the barrier completed in d whose refusal differs between the
// count before its rebase (the RTL's) and after it (the testbench's coverage line): the first,
// PE 1's acknowledge in cycle 2971, fails the replay when the model refuses against the
// rebased count.
TEST(RtlPortsCoverage, DumpsCoverRefusalsCompletionsAndFifos) {
  int64_t refusals = 0;
  int64_t acks = 0;
  int64_t fifo_valid = 0;
  int64_t busy = 0;
  for (const PortCase c : {PortCase{"t16_seed4_slowpop.txt", 16}, PortCase{"t8_seed23_bias.txt", 8}}) {
    const PortDump d = load(c.file, params(c.t));
    for (const auto& l : d.lines) {
      refusals += __builtin_popcount(l.ackr);
      acks += __builtin_popcount(l.ackv);
      for (int b : l.fb) fifo_valid += b >= 0;
      if (l.cycle >= 64) busy += __builtin_popcount(l.rx);
    }
  }
  EXPECT_GT(refusals, 100);
  EXPECT_GT(acks, 1000);
  EXPECT_GT(fifo_valid, 1000);
  EXPECT_GT(busy, 100);
}

// A changed output in the dump is the first difference, named by cycle, PE and field.
TEST(RtlPortsCheck, ReportsTheFirstDifferingCycleAndField) {
  const Params p = params(16);
  PortDump dump = load("t16_seed1_random.txt", p);
  // the first acknowledge after cycle 500: drop it from the RTL's record
  for (auto& l : dump.lines) {
    if (l.cycle > 500 && l.ackv != 0) {
      const int pe = __builtin_ctz(l.ackv);
      l.ackv &= ~(1u << pe);
      l.ackr &= ~(1u << pe);
      PortUnit unit(p);
      const auto m = dsbc::ovl::replay_ports(dump, unit);
      ASSERT_TRUE(m.has_value());
      EXPECT_EQ(m->cycle, l.cycle);
      EXPECT_EQ(m->pe, pe);
      EXPECT_EQ(m->field, "ack_valid");
      EXPECT_EQ(m->to_string(),
                "cycle " + std::to_string(l.cycle) + ", PE " + std::to_string(pe) + ", ack_valid: RTL 0, model 1");
      return;
    }
  }
  FAIL() << "no acknowledge after cycle 500";
}

TEST(PortUnitParams, RejectsWhatTheRtlDoesNotBuild) {
  Params p = params(16);
  p.barriers = 64;
  try {
    PortUnit u(p);
    FAIL() << "M = 64 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "ovl::PortUnit: barriers = 64 is out of range (legal: 32, the feasibility RTL's build)");
  }
  p = params(12);
  EXPECT_THROW(PortUnit{p}, std::invalid_argument);
  p = params(16);
  p.reg_lines = 3;
  EXPECT_THROW(PortUnit{p}, std::invalid_argument);
  p = params(16);
  p.pes = 3;  // the contract's own check first
  EXPECT_THROW(PortUnit{p}, std::invalid_argument);
}

// Out of reset: the clearing (ready low for 2M = 64 cycles), then every PE ready in its phase.
TEST(PortUnitReset, ClearingThenReadyInOwnPhase) {
  PortUnit unit(params(16));
  dsbc::Inputs in;
  in.pe.resize(16);
  for (int c = 0; c < 70; ++c) {
    for (int i = 0; i < 16; ++i) {
      const bool expect = c >= 64 && (i % 2) == (c % 2);
      ASSERT_EQ(unit.outputs().pe[static_cast<size_t>(i)].req_ready, expect) << "cycle " << c << " PE " << i;
    }
    unit.step(in);
  }
  in.pe.resize(15);
  EXPECT_THROW(unit.step(in), std::invalid_argument);
}

TEST(PortDumpParse, NamesTheLineAndField) {
  const Params p = params(16);
  const auto parse_err = [&](const std::string& text) {
    std::istringstream in(text);
    try {
      dsbc::ovl::parse_port_dump(in, "x.txt", p);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string ok = "5 0001 0000 0000 0000 0000 0000 0 0 3--------------- ----------------\n";
  EXPECT_EQ(parse_err(ok + "end 10\n"), "no error");
  EXPECT_EQ(parse_err(ok), "x.txt:1: no end line (a truncated dump?)");
  EXPECT_EQ(parse_err(ok + ok + "end 10\n"), "x.txt:2: cycle 5 not after 5");
  EXPECT_EQ(parse_err("5 0001 0000 0000 0000 0000 0000 0 0 ---------------- ----------------\nend 9\n"),
            "x.txt:1: field RB: PE 0 disagrees with RV");
  EXPECT_EQ(parse_err("5 0001 0000 0000 0000 0000 0000 0 2 3--------------- ----------------\nend 9\n"),
            "x.txt:1: field DN must be 0 or 1");
  EXPECT_EQ(parse_err("5 0001 0000 0000 0000 0000 0000 0 0 w--------------- ----------------\nend 9\n"),
            "x.txt:1: field RB: PE 0's barrier 'w' is out of range 0 .. 31");
  EXPECT_EQ(parse_err("5 10001 0000 0000 0000 0000 0000 0 0 3--------------- ----------------\nend 9\n"),
            "x.txt:1: field RV has bits above PE 15");
}

}  // namespace
