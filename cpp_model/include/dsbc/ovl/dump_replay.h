// SPDX-License-Identifier: Apache-2.0
/// @file
/// Replays a dump of the feasibility RTL (synth/feasibility/feas_pair_arb_unit_tb.v with
/// OVL = 1 and +dump=FILE) through the overlap contract (contract.h) and compares the heads and
/// exits the contract produces with the RTL's, cycle by cycle. The C++ twin of
/// synth/feasibility/ovl_replay.py: the same stimulus (the commits and FIFO pops of the dump),
/// the same three abstractions of the RTL reproduced (ovlrtl.md section 4: B's commit of an
/// even head cycle in the cut, the key digits from the dirty set one cycle old, the RTL's
/// first 2M cycles spent clearing RAMs), and the RTL's heads and exits as the golden values.
///
/// Dump lines, one event each, in cycle order: `c CYCLE PE BARRIER DELTA` (a commit, DELTA
/// +1 or -1), `p CYCLE PE` (a FIFO pop), `h CYCLE BARRIER` (a word's head), `x CYCLE DONE`
/// (a word's exit; DONE 1 on a completion).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "dsbc/ovl/contract.h"

namespace dsbc::ovl {

struct Dump {
  struct Commit {
    int64_t cycle;
    int pe;
    uint32_t barrier;
    int delta;
  };
  std::vector<Commit> commits;
  std::vector<std::pair<int64_t, int>> pops;        ///< (cycle, PE)
  std::vector<std::pair<int64_t, uint32_t>> heads;  ///< (cycle, barrier)
  std::vector<std::pair<int64_t, int>> exits;       ///< (cycle, 1 on a completion)
  int64_t last_cycle = 0;
};

/// Parses a dump; throws std::runtime_error naming `source`, the line number and what is
/// wrong (an unknown kind, a missing or non-numeric field, a PE or barrier out of range, a
/// DELTA other than +-1, a cycle going backwards).
Dump parse_dump(std::istream& in, const std::string& source, const Params& p);

struct ReplayReport {
  std::vector<std::pair<int64_t, uint32_t>> heads;  ///< the contract's
  std::vector<std::pair<int64_t, int>> exits;       ///< the contract's
  int64_t head_mismatches = 0;                      ///< positions where the contract's head differs from the RTL's
  int64_t exit_mismatches = 0;
  int64_t count_mismatch =
      0;  ///< 1 if the lists' lengths differ by more than 1 (with `cycles`: at all, before cycles - 64)
  int64_t sequencer_splits = 0;    ///< cycles in which the pairs' and the global sequencer differ
  int64_t pop_underflows = 0;      ///< pops of an empty FIFO in the contract's state
  int64_t rebase_sum_errors = 0;   ///< heads in the rebase window whose global sum differs
  int64_t protocol_errors = 0;     ///< the sequencers' (contract.h)
  int64_t same_barrier_heads = 0;  ///< heads of a barrier within 3 cycles of its completion
  int64_t pipelined_heads = 0;     ///< pipe_end: heads sent before the previous word's exit
  int64_t rebase_errors = 0;       ///< PEs whose rebased count is not their commits since the cut
  int64_t errors() const {
    return head_mismatches + exit_mismatches + count_mismatch + sequencer_splits + pop_underflows + rebase_sum_errors +
           protocol_errors + rebase_errors;
  }
};

/// Cycles the RTL's pairs spend clearing their RAMs before the sequencers start: 2M.
inline int64_t rtl_start_cycle(const Params& p) { return 2 * int64_t{p.barriers}; }

/// Replays `dump` from RTL cycle `x0` (the contract's cycle 0) to its last record's cycle; the
/// lists' lengths may differ by one (a run cut inside a word). With `cycles` > 0 (the
/// testbench's +cycles; ovl_replay.py --cycles) it replays to cycle `cycles` - 1 and compares
/// the heads and exits before `cycles` - 64 exactly, lengths included: a head the contract
/// makes after the RTL's last record (a change the RTL lost, so it stopped heading) differs.
ReplayReport replay_dump(const Dump& dump, const Params& p, int64_t x0, int64_t cycles = 0);

}  // namespace dsbc::ovl
