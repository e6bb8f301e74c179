// SPDX-License-Identifier: Apache-2.0
// Half the request rate (Config::half_rate, docs/architecture.md 4f, rtl/dsbc_local_half.v) in
// the golden model: the configuration rules, directed PE-side timing worked out by hand from
// the contract (accepted in t: ready low in t + 1, committed in t + 3, acknowledged in t + 4;
// ready low in d .. d + 4, the rebase committed in d + 4); the closed loop with the oracle is
// sched_test.cpp's SchedClosedLoop (HalfRate/...). The RTL is compared with the model cycle by
// cycle in the lockstep matrix (testbench/CMakeLists.txt, DSBC_HALF_MATRIX).

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "drive.h"
#include "dsbc/unit.h"

namespace {

using dsbc::Config;
using dsbc::Sched;

Config half_config(int n, int m, int t, int d, int pipe) {
  Config c;
  c.pes = n;
  c.barriers = m;
  c.count_bits = t;
  c.fifo_depth = d;
  c.sched = Sched::kRr;
  c.pipe = pipe;
  c.half_rate = 1;
  return c;
}

std::string validate_message(const Config& c) {
  try {
    c.validate();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(HalfRateTest, ConfigRules) {
  Config c = half_config(4, 3, 16, 8, 0);
  EXPECT_EQ(validate_message(c), "accepted");
  EXPECT_EQ(c.to_string(), "N=4 M=3 T=16 D=8 H=1");
  c.pipe = 1;
  EXPECT_EQ(c.to_string(), "N=4 M=3 T=16 D=8 P=1 H=1");
  c.half_rate = 0;
  EXPECT_EQ(c.to_string(), "N=4 M=3 T=16 D=8 P=1");  // today's names stay as they are
  EXPECT_EQ(Config{}.half_rate, 0);                  // off unless asked for
  c.half_rate = 2;
  EXPECT_EQ(validate_message(c), "half_rate = 2 is out of range: legal 0..1");
  c = half_config(4, 4, 16, 8, 0);
  c.sched = Sched::kArb;
  EXPECT_EQ(
      validate_message(c),
      "half_rate = 1 needs sched = rr, not sched = arb: legal half_rate 0 with any sched, half_rate 1 with sched rr");
  // The rebase, 4 cycles after the completion, must precede the barrier's next snapshot:
  // (M - 1)(3 + P) > 4, P = 0 at pipe 0, 1 + ceil(clog2(N) / 2) at pipe 1.
  // M = 2, pipe 0: 1 * 3 = 3, illegal.
  EXPECT_EQ(validate_message(half_config(4, 2, 16, 8, 0)),
            "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 2 with pipe = "
            "0, pes = 4");
  // M = 1: 0, illegal with or without the pipe.
  EXPECT_EQ(validate_message(half_config(1, 1, 8, 2, 1)),
            "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 1 with pipe = "
            "1, pes = 1");
  // N = 1, M = 2, pipe 1: P = 1, 1 * 4 = 4, not > 4: illegal (legal under the old rule, > 3).
  EXPECT_EQ(validate_message(half_config(1, 2, 8, 2, 1)),
            "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = 2 with pipe = "
            "1, pes = 1");
  // N = 2, M = 2, pipe 1: P = 1 + ceil(1 / 2) = 2, 1 * 5 = 5 > 4: legal; N = 16: P = 3, 6.
  EXPECT_EQ(validate_message(half_config(2, 2, 8, 2, 1)), "accepted");
  EXPECT_EQ(validate_message(half_config(16, 2, 8, 2, 1)), "accepted");
  // M = 3: 2 * 3 = 6 at pipe 0, 2 * 4 = 8 at N = 1, pipe 1.
  EXPECT_EQ(validate_message(half_config(1, 3, 8, 2, 0)), "accepted");
  EXPECT_EQ(validate_message(half_config(1, 3, 8, 2, 1)), "accepted");
}

TEST(HalfRateTest, Latencies) {
  // The contract's numbers: acknowledge in t + 4, commit in t + 3, so the commit is dated one
  // cycle before its acknowledge; the rebase of d in d + 4. The full rate: 1, 1, 0, 1.
  const Config half = half_config(4, 4, 16, 8, 0);
  EXPECT_EQ(half.ack_latency(), 4);
  EXPECT_EQ(half.commit_latency(), 3);
  EXPECT_EQ(half.ack_after_commit(), 1);
  EXPECT_EQ(half.rebase_latency(), 4);
  Config full = half;
  full.half_rate = 0;
  EXPECT_EQ(full.ack_latency(), 1);
  EXPECT_EQ(full.commit_latency(), 1);
  EXPECT_EQ(full.ack_after_commit(), 0);
  EXPECT_EQ(full.rebase_latency(), 1);
}

using dsbc::test::request;

struct Seen {
  std::vector<bool> ready;     ///< PE 0's req_ready, cycle by cycle
  std::vector<uint64_t> acks;  ///< cycles of PE 0's ack_valid
  std::vector<uint64_t> refused;
  std::vector<uint64_t> snaps;
  std::vector<int64_t> count0;  ///< count(0, 0) as of the start of each cycle
};

TEST(HalfRateTest, DirectedAcceptCommitAckTiming) {
  // N = 1, M = 3, T = 8, Pipe = 0: the RAM clearing in 0 .. 2, the first snapshot (barrier 0)
  // in 3; unused words exit at their open slot, decided in s + 2, so snapshots in 3, 6, 9, 12
  // (barrier 0 again, open with count 2: it lives past cycle 15).
  // PE 0 holds a +1 to barrier 0 from cycle 5: accepted in 5 (ready low in 6, its own and a
  // snapshot), committed in 8 (the count is 1 from 9), acknowledged in 9. A second +1 held
  // from 6 is accepted in 7, while the first is still in flight (two in flight): ready low in
  // 8 (its own) and 9 (snapshot), committed in 10 on the count the first left (2 from 11),
  // acknowledged in 11. A request for ID 3 >= M held from 10 is accepted in 10 (ready low in
  // 11, its own, and 12, a snapshot), refused at its commit in 13, the refusal shown with its
  // acknowledge in 14. The snapshot in 12 holds what was accepted up to 8: count 2.
  dsbc::Unit u(half_config(1, 3, 8, 2, 0));
  Seen seen;
  int sent = 0;
  while (u.cycle() < 16) {
    const uint64_t k = u.cycle();
    const dsbc::PeOut& o = u.outputs().pe[0];
    seen.ready.push_back(o.req_ready);
    if (o.ack_valid) seen.acks.push_back(k);
    if (o.ack_refused) seen.refused.push_back(k);
    if (u.outputs().global.snap) seen.snaps.push_back(k);
    seen.count0.push_back(u.count(0, 0));
    dsbc::Inputs in;
    in.pe.resize(1);
    if (k >= 5 && sent < 2) request(in, 0, 0, false);
    if (k >= 10 && sent == 2) request(in, 0, 3, false);
    if (in.pe[0].req_valid && o.req_ready) ++sent;
    u.step(in);
  }
  EXPECT_EQ(sent, 3);
  EXPECT_EQ(seen.snaps, (std::vector<uint64_t>{3, 6, 9, 12}));
  //                            0      1      2      3      4     5     6      7
  const std::vector<bool> ready{false, false, false, false, true, true, false, true,
                                //  8      9      10    11     12     13    14    15
                                false, false, true, false, false, true, true, true};
  EXPECT_EQ(seen.ready, ready);
  EXPECT_EQ(seen.acks, (std::vector<uint64_t>{9, 11, 14}));
  EXPECT_EQ(seen.refused, std::vector<uint64_t>{14});
  //                                    0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
  const std::vector<int64_t> count0{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2};
  EXPECT_EQ(seen.count0, count0);
}

TEST(HalfRateTest, DirectedRebaseAfterTheLastCommitBeforeIt) {
  // N = 2, M = 3, T = 8, Pipe = 0: Q = 8 + clog2(2) = 9. Snapshots of unused words in 3, 6, 9
  // as above. PE 0 +1 and PE 1 -1 to barrier 0, both accepted in 4 and committed in 7
  // (acknowledged in 8): counts 1 and -1 from 8, the global count 0. The snapshot of barrier 0
  // in 12 sees them (accepted up to 8): open, sum zero, so it completes in
  // d = s + Q + 4 = 12 + 13 = 25, with the next word's snapshot (barrier 1) in 25 too.
  // PE 0's +1 to barrier 0, held from 24, is accepted in d - 1 = 24: committed in 27 (count 2
  // from 28), acknowledged in 28, before the rebase, committed in d + 4 = 29: PE 0's count
  // becomes 2 - 1 = 1 from 30 (the commit of 27 kept), PE 1's -1 - (-1) = 0. req_ready is low
  // in d .. d + 4 = 25 .. 29: PE 1's +1 to barrier 1, held from 25, is accepted in 30,
  // acknowledged in 34, and its ready is low in 31 (its own).
  dsbc::Unit u(half_config(2, 3, 8, 2, 0));
  std::vector<uint64_t> acks0, acks1, dones;
  std::vector<bool> ready1;               // PE 1's req_ready in 24 .. 31
  std::vector<int64_t> count00, count10;  // counts of barrier 0 as of the start of 26 .. 31
  bool sent0 = false, sent0_late = false, sent1 = false, sent1_late = false;
  while (u.cycle() < 36) {
    const uint64_t k = u.cycle();
    const dsbc::Outputs& o = u.outputs();
    if (o.pe[0].ack_valid) acks0.push_back(k);
    if (o.pe[1].ack_valid) acks1.push_back(k);
    if (o.global.done) dones.push_back(k);
    if (k >= 24 && k <= 31) ready1.push_back(o.pe[1].req_ready);
    if (k >= 26 && k <= 31) {
      count00.push_back(u.count(0, 0));
      count10.push_back(u.count(1, 0));
    }
    if (k == 31) {
      EXPECT_TRUE(u.open(0, 0));   // PE 0 committed to it after the snapshot (in 27)
      EXPECT_FALSE(u.open(1, 0));  // PE 1 did not
    }
    dsbc::Inputs in;
    in.pe.resize(2);
    if (k >= 4 && !sent0) request(in, 0, 0, false);
    if (k >= 4 && !sent1) request(in, 1, 0, true);
    if (k >= 24 && sent0 && !sent0_late) request(in, 0, 0, false);
    if (k >= 25 && sent1 && !sent1_late) request(in, 1, 1, false);
    for (int p = 0; p < 2; ++p) {
      if (!in.pe[static_cast<size_t>(p)].req_valid || !o.pe[static_cast<size_t>(p)].req_ready) continue;
      bool& first = p == 0 ? sent0 : sent1;
      bool& late = p == 0 ? sent0_late : sent1_late;
      if (!first) {
        first = true;
      } else {
        late = true;
      }
    }
    u.step(in);
  }
  EXPECT_EQ(dones, std::vector<uint64_t>{25});
  EXPECT_EQ(acks0, (std::vector<uint64_t>{8, 28}));
  EXPECT_EQ(acks1, (std::vector<uint64_t>{8, 34}));
  //                                 24    25     26     27     28     29     30    31
  EXPECT_EQ(ready1, (std::vector<bool>{true, false, false, false, false, false, true, false}));
  //                                     26  27  28  29  30  31
  EXPECT_EQ(count00, (std::vector<int64_t>{1, 1, 2, 2, 1, 1}));
  EXPECT_EQ(count10, (std::vector<int64_t>{-1, -1, -1, -1, 0, 0}));
}

}  // namespace
