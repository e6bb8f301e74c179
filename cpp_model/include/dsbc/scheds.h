// SPDX-License-Identifier: Apache-2.0
/// @file
/// The list of schedulers the golden model has, for the tools and benchmarks that offer or
/// compare every one (dsbc-replay --sched, dsbc-system --sched, testbench/bench/bench_sched).
/// Header-only.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc {

/// Every Sched value the model knows, in enum order (the default first is not implied).
/// Found from sched_name() and parse_sched(), the model's one definition of the names, so
/// that adding or removing a scheduler there needs no edit here: the enum's values are
/// dense from 0, and the first value whose name does not parse back to itself ends the list.
inline std::vector<Sched> all_scheds() {
  std::vector<Sched> list;
  for (int i = 0;; ++i) {
    const Sched s = static_cast<Sched>(i);
    try {
      if (parse_sched(sched_name(s)) != s) break;
    } catch (const std::invalid_argument&) {
      break;
    }
    list.push_back(s);
  }
  return list;
}

/// "rr, arb": the legal names, for help texts and messages.
inline std::string sched_names() {
  std::string text;
  for (const Sched s : all_scheds()) text += (text.empty() ? "" : ", ") + std::string(sched_name(s));
  return text;
}

/// "rr", "arb", "rr-pipe" for rr with the pipelined global sum (Config::pipe,
/// docs/architecture.md 4f), and "-half" appended at half the request rate (Config::half_rate:
/// "rr-half", "rr-pipe-half"): the name of a configuration's scheduling in reports and tables,
/// the same as the sched column of reports/unit.csv.
inline std::string sched_label(Sched sched, int pipe, int half_rate = 0) {
  return std::string(sched_name(sched)) + (pipe == 1 ? "-pipe" : "") + (half_rate == 1 ? "-half" : "");
}

}  // namespace dsbc
