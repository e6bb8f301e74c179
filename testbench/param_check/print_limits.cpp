// SPDX-License-Identifier: Apache-2.0
// Prints the unit's configuration limits as the C++ side defines them (dsbc/unit.h), one line
// per parameter: "<RTL parameter name> <min> <max>". param_limits_test.sh reads them, so the
// Verilog check is tested against the C++ values rather than a third copy.
#include <cstdio>

#include "dsbc/unit.h"

int main() {
  for (const dsbc::ParamLimit& l : dsbc::kConfigLimits) std::printf("%s %d %d\n", l.rtl, l.min, l.max);
  // The RTL's Sched is the dsbc::Sched value: 0 rr .. 1 arb.
  std::printf("Sched %d %d\n", static_cast<int>(dsbc::Sched::kRr), static_cast<int>(dsbc::Sched::kArb));
  // Pipe: the pipelined global sum, off or on (Config::pipe; legal with Sched 0 only).
  std::printf("%s %d %d\n", dsbc::kPipeLimit.rtl, dsbc::kPipeLimit.min, dsbc::kPipeLimit.max);
  // HalfRate: half the request rate, off or on (Config::half_rate; legal with Sched 0 only, and
  // M >= 3 at Pipe 0: dsbc_top's default M = 4 is).
  std::printf("%s %d %d\n", dsbc::kHalfRateLimit.rtl, dsbc::kHalfRateLimit.min, dsbc::kHalfRateLimit.max);
  return 0;
}
