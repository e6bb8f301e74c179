// SPDX-License-Identifier: Apache-2.0
// Replay of a feasibility RTL dump through the overlap contract (include/dsbc/ovl/dump_replay.h).
#include "dsbc/ovl/dump_replay.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <istream>
#include <sstream>
#include <stdexcept>

#include "dsbc/ovl/datapath.h"

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

ReplayReport replay_dump(const Dump& dump, const Params& p, int64_t x0, int64_t cycles) {
  ReplayReport rep;
  Datapath dp(p);
  size_t ci = 0;
  size_t pi = 0;
  const int64_t last = cycles > 0 ? std::max(dump.last_cycle, cycles - 1) : dump.last_cycle;
  for (int64_t x = 0; x + x0 <= last; ++x) {
    const int64_t X = x + x0;
    const CycleStart& cs = dp.begin(x);
    if (cs.exit) rep.exits.emplace_back(X, cs.exit->completion ? 1 : 0);
    if (cs.head()) rep.heads.emplace_back(X, cs.slot.barrier);
    for (; pi < dump.pops.size() && dump.pops[pi].first <= X; ++pi) {
      if (dump.pops[pi].first < X) continue;  // before the contract's cycle 0
      if (!dp.pop(dump.pops[pi].second)) ++rep.pop_underflows;
    }
    for (; ci < dump.commits.size() && dump.commits[ci].cycle <= X; ++ci) {
      const Dump::Commit& c = dump.commits[ci];
      if (c.cycle < X) continue;
      dp.commit(c.pe, c.barrier, c.delta);
    }
    dp.end();
  }
  rep.sequencer_splits = dp.sequencer_splits();
  rep.same_barrier_heads = dp.same_barrier_heads();
  rep.rebase_sum_errors = dp.rebase_sum_errors();
  rep.pipelined_heads = dp.pipelined_heads();
  rep.rebase_errors = dp.rebase_errors();
  rep.protocol_errors = dp.protocol_errors();

  // (cycles) the records before cycles - 64 only, of equal number; otherwise all, +-1
  const int64_t cut = cycles > 0 ? cycles - 64 : INT64_MAX;
  const int64_t tolerance = cycles > 0 ? 0 : 1;
  const auto compare = [&](const auto& rtl, const auto& mine, int64_t* mismatches) {
    // the records before the cut (both lists are in cycle order)
    const auto before_cut = [&](const auto& list) {
      return std::find_if(list.begin(), list.end(), [&](const auto& r) { return r.first >= cut; }) - list.begin();
    };
    const int64_t n_rtl = before_cut(rtl);
    const int64_t n_mine = before_cut(mine);
    for (int64_t i = 0; i < std::min(n_rtl, n_mine); ++i) {
      if (rtl[static_cast<size_t>(i)] != mine[static_cast<size_t>(i)]) ++*mismatches;
    }
    const int64_t diff = n_rtl - n_mine;
    if (diff > tolerance || diff < -tolerance) rep.count_mismatch = 1;
  };
  compare(dump.heads, rep.heads, &rep.head_mismatches);
  compare(dump.exits, rep.exits, &rep.exit_mismatches);
  return rep;
}

}  // namespace dsbc::ovl
