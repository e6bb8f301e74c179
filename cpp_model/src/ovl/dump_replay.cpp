// SPDX-License-Identifier: Apache-2.0
// Replay of a feasibility RTL dump through the overlap contract (include/dsbc/ovl/dump_replay.h).
#include "dsbc/ovl/dump_replay.h"

#include <cstdlib>
#include <deque>
#include <istream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace dsbc::ovl {
namespace {

[[noreturn]] void fail(const std::string& source, int64_t line, const std::string& what) {
  throw std::runtime_error(source + ":" + std::to_string(line) + ": " + what);
}

int64_t field(std::istringstream& in, const std::string& source, int64_t line, const char* name) {
  std::string tok;
  if (!(in >> tok)) fail(source, line, std::string("missing field ") + name);
  char* end = nullptr;
  const long long v = std::strtoll(tok.c_str(), &end, 10);
  if (end == tok.c_str() || *end != '\0') {
    fail(source, line, std::string("field ") + name + " is not an integer: '" + tok + "'");
  }
  return v;
}

}  // namespace

Dump parse_dump(std::istream& in, const std::string& source, const Params& p) {
  Dump d;
  std::string text;
  int64_t line = 0;
  int64_t prev = 0;
  while (std::getline(in, text)) {
    ++line;
    std::istringstream ls(text);
    std::string kind;
    if (!(ls >> kind)) continue;  // a blank line
    const int64_t cycle = field(ls, source, line, "CYCLE");
    if (cycle < prev)
      fail(source, line, "cycle " + std::to_string(cycle) + " before " + std::to_string(prev) + " of an earlier line");
    prev = cycle;
    const auto pe_in_range = [&](int64_t pe) {
      if (pe < 0 || pe >= p.pes) {
        fail(source, line, "PE " + std::to_string(pe) + " out of range 0 .. " + std::to_string(p.pes - 1));
      }
      return static_cast<int>(pe);
    };
    const auto barrier_in_range = [&](int64_t b) {
      if (b < 0 || b >= p.barriers) {
        fail(source, line, "BARRIER " + std::to_string(b) + " out of range 0 .. " + std::to_string(p.barriers - 1));
      }
      return static_cast<uint32_t>(b);
    };
    if (kind == "c") {
      const int pe = pe_in_range(field(ls, source, line, "PE"));
      const uint32_t b = barrier_in_range(field(ls, source, line, "BARRIER"));
      const int64_t delta = field(ls, source, line, "DELTA");
      if (delta != 1 && delta != -1) fail(source, line, "DELTA must be 1 or -1");
      d.commits.push_back({cycle, pe, b, static_cast<int>(delta)});
    } else if (kind == "p") {
      d.pops.emplace_back(cycle, pe_in_range(field(ls, source, line, "PE")));
    } else if (kind == "h") {
      d.heads.emplace_back(cycle, barrier_in_range(field(ls, source, line, "BARRIER")));
    } else if (kind == "x") {
      const int64_t done = field(ls, source, line, "DONE");
      if (done != 0 && done != 1) fail(source, line, "DONE must be 0 or 1");
      d.exits.emplace_back(cycle, static_cast<int>(done));
    } else {
      fail(source, line, "unknown kind '" + kind + "' (expected c, p, h or x)");
    }
    std::string extra;
    if (ls >> extra) fail(source, line, "trailing field '" + extra + "'");
    d.last_cycle = cycle;
  }
  return d;
}

ReplayReport replay_dump(const Dump& dump, const Params& p, int64_t x0) {
  const int N = p.pes;
  const int M = p.barriers;
  const int np = p.pairs();
  const auto un = static_cast<size_t>(N);
  const auto um = static_cast<size_t>(M);
  ReplayReport rep;
  SlotSequencer pair_seq(p);  // the pairs' copy; the global block holds its own
  GlobalBlock global(p);

  std::vector<std::vector<int64_t>> count(un, std::vector<int64_t>(um, 0));
  std::vector<int64_t> snap(un, 0);
  std::vector<std::vector<uint8_t>> dirty(static_cast<size_t>(np), std::vector<uint8_t>(um, 0));
  std::vector<std::vector<uint8_t>> dirty_prev = dirty;
  std::vector<std::deque<uint32_t>> fifo(un);
  std::vector<int> fill(un, 0);
  // barrier -> (its completion's cycle, its snapshot): the RTL rebases in d + 4 / d + 5.
  std::map<uint32_t, std::pair<int64_t, std::vector<int64_t>>> rebased;

  size_t ci = 0;
  size_t pi = 0;
  Lines lines;
  for (int64_t x = 0; x + x0 <= dump.last_cycle; ++x) {
    const int64_t X = x + x0;
    const std::vector<std::vector<uint8_t>> dirty_start = dirty;
    const auto [load, done] = global.broadcast(x);
    std::optional<Exit> exit;
    std::optional<Exit> global_exit;
    const Slot slot = pair_seq.step(x, load, done, &exit);
    const Slot global_slot = global.sequencer().step(x, load, done, &global_exit);
    if (!(slot == global_slot)) ++rep.sequencer_splits;
    if (exit) {
      rep.exits.emplace_back(X, exit->completion ? 1 : 0);
      if (exit->completion) {
        const uint32_t b = exit->barrier;
        for (size_t pe = 0; pe < un; ++pe) {
          fifo[pe].push_back(b);
          ++fill[pe];
          count[pe][b] -= snap[pe];
        }
        rebased[b] = {X, snap};
      }
    }
    const bool head = slot.kind == Slot::Kind::kHead;
    if (head) {
      const uint32_t b = slot.barrier;
      rep.heads.emplace_back(X, b);
      for (size_t pe = 0; pe < un; ++pe) snap[pe] = count[pe][b];
      auto rb = rebased.find(b);
      if (rb != rebased.end() && X - rb->second.first <= 3) {
        // The RTL reads the count before its rebase; the completed snapshot's global sum is 0,
        // so the global sum (and the exit) is the same either way.
        ++rep.same_barrier_heads;
        int64_t before = 0;
        int64_t after = 0;
        for (size_t pe = 0; pe < un; ++pe) {
          before += snap[pe] + rb->second.second[pe];
          after += snap[pe];
        }
        if (before != after) ++rep.rebase_sum_errors;
      }
      for (auto& d : dirty) d[b] = 0;
    }
    // The contract's own lines, the key digits from the dirty set one cycle old (RTL).
    const PairView view{&dirty, &dirty_prev, &fill, &snap};
    if (pair_lines(p, slot, pair_seq.cnt2(), view, &lines)) global.decide(x, slot, lines);
    for (; pi < dump.pops.size() && dump.pops[pi].first <= X; ++pi) {
      if (dump.pops[pi].first < X) continue;  // before the contract's cycle 0
      const auto pe = static_cast<size_t>(dump.pops[pi].second);
      if (fifo[pe].empty()) {
        ++rep.pop_underflows;
      } else {
        fifo[pe].pop_front();
        --fill[pe];
      }
    }
    for (; ci < dump.commits.size() && dump.commits[ci].cycle <= X; ++ci) {
      const Dump::Commit& c = dump.commits[ci];
      if (c.cycle < X) continue;
      const auto pe = static_cast<size_t>(c.pe);
      count[pe][c.barrier] += c.delta;
      if (head && slot.barrier == c.barrier && (c.pe & 1) != 0 && (X & 1) == 0) {
        snap[pe] += c.delta;  // B's commit of an even head cycle is in the phase-locked cut
      } else {
        dirty[pe >> 1][c.barrier] = 1;
      }
    }
    dirty_prev = dirty_start;
  }
  rep.protocol_errors = pair_seq.protocol_errors() + global.sequencer().protocol_errors();

  const auto compare = [&](const auto& rtl, const auto& mine, int64_t* mismatches) {
    const size_t n = std::min(rtl.size(), mine.size());
    for (size_t i = 0; i < n; ++i) {
      if (rtl[i] != mine[i]) ++*mismatches;
    }
    const auto diff = static_cast<int64_t>(rtl.size()) - static_cast<int64_t>(mine.size());
    if (diff > 1 || diff < -1) rep.count_mismatch = 1;
  };
  compare(dump.heads, rep.heads, &rep.head_mismatches);
  compare(dump.exits, rep.exits, &rep.exit_mismatches);
  return rep;
}

}  // namespace dsbc::ovl
