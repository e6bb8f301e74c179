// SPDX-License-Identifier: Apache-2.0
// PeAgent: the valid/ready/ack rules of docs/architecture.md section 3, driven by hand-made
// outputs (no DSBC engine involved).
#include "dsys/pe_agent.h"

#include <gtest/gtest.h>

namespace dsys {
namespace {

dsbc::PeOut out(bool ready, bool ack = false, bool refused = false) {
  dsbc::PeOut o;
  o.req_ready = ready;
  o.ack_valid = ack;
  o.ack_refused = refused;
  return o;
}

TEST(PeAgent, PresentsFromItsCycleAndHoldsUntilReady) {
  PeAgent a;
  a.push(PeRequest{7, 2, -1, 3});
  PeEvents ev;
  EXPECT_FALSE(a.cycle(2, out(true), ev).req_valid);  // not before its cycle
  dsbc::PeIn in = a.cycle(3, out(false), ev);         // presented, not accepted
  EXPECT_TRUE(in.req_valid);
  EXPECT_EQ(in.req_barrier, 2U);
  EXPECT_TRUE(in.req_dec);
  EXPECT_TRUE(a.cycle(4, out(true), ev).req_valid);  // accepted in cycle 4
  EXPECT_EQ(a.outstanding(), 1U);
  EXPECT_FALSE(a.cycle(5, out(true, true), ev).req_valid);
  EXPECT_TRUE(ev.acked);
  EXPECT_EQ(ev.ack_id, 7U);
  EXPECT_EQ(a.outstanding(), 0U);
}

TEST(PeAgent, BackToBackRequestsOnePerCycleInOrder) {
  PeAgent a;
  a.push(PeRequest{1, 0, +1, 0});
  a.push(PeRequest{2, 1, -1, 0});
  PeEvents ev;
  dsbc::PeIn in0 = a.cycle(0, out(true), ev);
  EXPECT_FALSE(in0.req_dec);
  dsbc::PeIn in1 = a.cycle(1, out(true, true), ev);  // ack of 1, request 2 presented
  EXPECT_EQ(ev.ack_id, 1U);
  EXPECT_TRUE(in1.req_valid);
  EXPECT_TRUE(in1.req_dec);
  EXPECT_EQ(in1.req_barrier, 1U);
  a.cycle(2, out(true, true), ev);
  EXPECT_EQ(ev.ack_id, 2U);
}

TEST(PeAgent, PopsEveryCycleAndReportsRefusal) {
  PeAgent a;
  a.push(PeRequest{4, 0, +1, 0});
  PeEvents ev;
  EXPECT_TRUE(a.cycle(0, out(true), ev).fifo_pop);
  dsbc::PeOut o = out(true, true, true);
  o.fifo_valid = true;
  o.fifo_barrier = 3;
  a.cycle(1, o, ev);
  EXPECT_TRUE(ev.refused);
  EXPECT_TRUE(ev.popped);
  EXPECT_EQ(ev.pop_barrier, 3U);
}

TEST(PeAgent, FailsOnAckWithoutRequest) {
  PeAgent a;
  PeEvents ev;
  EXPECT_THROW(a.cycle(0, out(true, true), ev), std::logic_error);
}

}  // namespace
}  // namespace dsys
