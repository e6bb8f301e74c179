// SPDX-License-Identifier: Apache-2.0
// The port-level model of the feasibility Overlap unit (dsbc/ovl/port_unit.h) in the product's
// closed loop (closed_loop.h): the PE agents drive it and the architectural oracle checks its
// ports under the overlap contract (Config::overlap, oracle.h) on bench_ovl's workloads
// (dsbc/workloads.h: sparse1, busy; shorter runs): no violation, and every
// measured latency within the contract's documented bound (overlap.md 3: 932 at T = 16; with
// the pipelined word end, pipe_end 2, overlap.md 13b: 839, and the rule must fire). And
// that the oracle sees a broken port: the same run with one acknowledge or one FIFO entry of
// the model's outputs changed fails.
#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>

#include "dsbc/closed_loop.h"
#include "dsbc/oracle.h"
#include "dsbc/ovl/port_unit.h"
#include "dsbc/stimulus.h"
#include "dsbc/unit.h"
#include "dsbc/workloads.h"

namespace {

using dsbc::ovl::Params;
using dsbc::ovl::PortUnit;

// The benchmarks' workloads (dsbc/workloads.h), in shorter runs.
dsbc::StimulusOptions sparse1() { return dsbc::workloads::sparse1().opt; }
dsbc::StimulusOptions busy() { return dsbc::workloads::busy().opt; }

Params params(int t, int pipe_end = 0, int header_slots = 2) {
  Params p;
  p.count_bits = t;
  p.pipe_end = pipe_end;
  p.header_slots = header_slots;
  return p;
}

std::string first_message(const dsbc::Oracle& o) { return o.messages().empty() ? "" : o.messages().front(); }

struct LoopCase {
  const char* name;
  int t;
  bool is_busy;
  uint64_t seed;
  uint64_t cycles;
  int pipe_end = 0;
  int header_slots = 2;
};

void PrintTo(const LoopCase& c, std::ostream* os) {
  *os << c.name << " T=" << c.t << " seed " << c.seed << " pipe_end " << c.pipe_end << " header_slots "
      << c.header_slots;
}

class OvlClosedLoop : public ::testing::TestWithParam<LoopCase> {};

TEST_P(OvlClosedLoop, OracleFindsNoViolationAndLatencyWithinTheBound) {
  const LoopCase& c = GetParam();
  PortUnit unit(params(c.t, c.pipe_end, c.header_slots));
  dsbc::ClosedLoop loop(unit, c.is_busy ? busy() : sparse1(), c.seed);
  loop.run_until(c.cycles);
  const dsbc::Oracle& o = loop.oracle();
  EXPECT_TRUE(o.ok()) << o.violations() << " violations, first: " << first_message(o);
  EXPECT_EQ(unit.datapath().protocol_errors(), 0);
  EXPECT_EQ(unit.datapath().sequencer_splits(), 0);
  EXPECT_EQ(unit.datapath().rebase_errors(), 0);
  EXPECT_EQ(unit.datapath().rebase_sum_errors(), 0);
  const int64_t bound = unit.config().latency_bound();
  // L_max at R = 2, E = 0: overlap.md 3 / ovlrtl.md 5, with pipe_end 2 overlap.md 13b, and
  // with one header slot the Python model's derived() at --dead 1 (a cycle shorter case B)
  if (c.pipe_end == 0) {
    EXPECT_EQ(bound, c.t == 16 ? 932 : 668);
  } else if (c.header_slots == 2) {
    EXPECT_EQ(bound, c.t == 16 ? 839 : 575);
  } else {
    EXPECT_EQ(bound, c.t == 16 ? 838 : 574);
  }
  EXPECT_GT(o.latency().count, 100U);
  EXPECT_LE(o.latency().max, static_cast<uint64_t>(bound));
  EXPECT_GT(o.bin(dsbc::Oracle::kLatencyChecked), 0U);
  EXPECT_GT(o.pops(), 0U);
  if (c.is_busy) {
    EXPECT_GT(o.bin(dsbc::Oracle::kCountExit), 0U);     // words that end at a 1 bit
    EXPECT_GT(o.bin(dsbc::Oracle::kSimultaneous), 0U);  // barriers closed at once
    if (c.pipe_end != 0) {
      EXPECT_GT(unit.datapath().pipelined_heads(), 100);  // the rule fires under load
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Workloads, OvlClosedLoop,
    ::testing::Values(LoopCase{"sparse1", 16, false, 8, 100000}, LoopCase{"busy", 16, true, 7, 100000},
                      LoopCase{"busy_t8", 8, true, 7, 30000}, LoopCase{"sparse1_pe2", 16, false, 8, 100000, 2},
                      LoopCase{"busy_pe2", 16, true, 7, 100000, 2}, LoopCase{"busy_t8_pe2", 8, true, 7, 30000, 2},
                      // one header slot (ovlrtl.md 18b, the RTL's OvlDead = 1)
                      LoopCase{"sparse1_hs1", 16, false, 8, 100000, 2, 1},
                      LoopCase{"busy_hs1", 16, true, 7, 100000, 2, 1},
                      LoopCase{"busy_t8_hs1", 8, true, 7, 30000, 2, 1}),
    [](const ::testing::TestParamInfo<LoopCase>& info) { return std::string(info.param.name); });

// PortUnit with one output changed, once, in the first cycle `pick` selects.
class Tampered final : public dsbc::Engine {
 public:
  enum class What { kDropAck, kWrongFifoId };
  Tampered(const Params& p, What what) : unit_(p), what_(what) { copy(); }
  const dsbc::Config& config() const override { return unit_.config(); }
  const dsbc::Outputs& outputs() const override { return out_; }
  void step(const dsbc::Inputs& in) override {
    unit_.step(in);
    copy();
  }
  uint64_t cycle() const override { return unit_.cycle(); }
  bool done() const { return done_; }

 private:
  void copy() {
    out_ = unit_.outputs();
    if (done_) return;
    for (dsbc::PeOut& o : out_.pe) {
      if (what_ == What::kDropAck && o.ack_valid) {
        o.ack_valid = false;
        o.ack_refused = false;
        done_ = true;
        return;
      }
      if (what_ == What::kWrongFifoId && o.fifo_valid) {
        o.fifo_barrier ^= 1;
        done_ = true;
        return;
      }
    }
  }
  PortUnit unit_;
  What what_;
  dsbc::Outputs out_;
  bool done_ = false;
};

TEST(OvlOracle, OracleSeesADroppedAcknowledge) {
  Tampered unit(params(16), Tampered::What::kDropAck);
  dsbc::ClosedLoop loop(unit, sparse1(), 8);
  loop.run_until(20000);
  ASSERT_TRUE(unit.done());
  EXPECT_FALSE(loop.oracle().ok());
  EXPECT_NE(first_message(loop.oracle()).find("missing ack"), std::string::npos) << first_message(loop.oracle());
}

TEST(OvlOracle, OracleSeesAWrongFifoEntry) {
  Tampered unit(params(16), Tampered::What::kWrongFifoId);
  dsbc::ClosedLoop loop(unit, sparse1(), 8);
  loop.run_until(20000);
  ASSERT_TRUE(unit.done());
  EXPECT_FALSE(loop.oracle().ok());
  EXPECT_NE(first_message(loop.oracle()).find("FIFO shows id"), std::string::npos) << first_message(loop.oracle());
}

TEST(OvlConfig, OverlapIsTheFeasibilityBuildOnlyAndNotAGoldenModelScheduler) {
  PortUnit unit(params(16));
  const dsbc::Config& c = unit.config();
  EXPECT_EQ(c.overlap, 1);
  EXPECT_EQ(c.to_string(), "N=16 M=32 T=16 D=8 S=ovl");
  EXPECT_EQ(c.ack_latency(), 4);
  EXPECT_EQ(c.commit_latency(), 3);
  EXPECT_THROW(dsbc::Unit{c}, std::invalid_argument);
  dsbc::Config other = c;
  other.barriers = 64;
  EXPECT_THROW(other.validate(), std::invalid_argument);
  other = c;
  other.half_rate = 1;
  EXPECT_THROW(other.validate(), std::invalid_argument);
  other = c;
  other.overlap = 2;
  EXPECT_THROW(other.validate(), std::invalid_argument);
}

}  // namespace
