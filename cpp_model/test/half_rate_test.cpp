// SPDX-License-Identifier: Apache-2.0
// Half the request rate (Config::half_rate, docs/architecture.md 4f, rtl/dsbc_local_half.v) in
// the golden model: the configuration rules, directed PE-side timing worked out by hand from
// the contract (accepted in t: ready low in t + 1, committed in t + 2, acknowledged in t + 3;
// ready low in d .. d + 3); the closed loop with the oracle is sched_test.cpp's SchedClosedLoop
// (HalfRate/...). The RTL is compared with the model cycle by cycle in the lockstep matrix
// (testbench/CMakeLists.txt, DSBC_HALF_MATRIX).

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
  // The rebase, 3 cycles after the completion, must precede the barrier's next snapshot:
  // (M - 1)(3 + P) > 3.
  EXPECT_EQ(validate_message(half_config(4, 2, 16, 8, 0)),
            "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1), not barriers = 2 with pipe = 0");
  EXPECT_EQ(validate_message(half_config(1, 1, 8, 2, 1)),
            "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1), not barriers = 1 with pipe = 1");
  EXPECT_EQ(validate_message(half_config(1, 2, 8, 2, 1)), "accepted");
  EXPECT_EQ(validate_message(half_config(1, 3, 8, 2, 0)), "accepted");
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
  // PE 0 holds a +1 to barrier 0 from cycle 4: accepted in 4 (ready low in 5, its own, and 6,
  // a snapshot), committed in 6 (the count is 1 from 7), acknowledged in 7. A second +1 held
  // from 5 waits to 7: committed in 9, acknowledged in 10, ready low in 8 and 9 (snapshot).
  // A request for ID 3 >= M held from 10 is accepted in 10 and refused in 13.
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
    if (k >= 4 && sent < 2) request(in, 0, 0, false);
    if (k >= 10 && sent == 2) request(in, 0, 3, false);
    if (in.pe[0].req_valid && o.req_ready) ++sent;
    u.step(in);
  }
  EXPECT_EQ(seen.snaps, (std::vector<uint64_t>{3, 6, 9, 12}));
  const std::vector<bool> ready{false, false, false, false, true,  false, false, true,
                                false, false, true,  false, false, true,  true,  true};
  EXPECT_EQ(seen.ready, ready);
  EXPECT_EQ(seen.acks, (std::vector<uint64_t>{7, 10, 13}));
  EXPECT_EQ(seen.refused, std::vector<uint64_t>{13});
  const std::vector<int64_t> count0{0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2};
  EXPECT_EQ(seen.count0, count0);
}

}  // namespace
