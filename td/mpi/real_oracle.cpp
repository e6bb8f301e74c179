// SPDX-License-Identifier: Apache-2.0
// The offline oracle of real runs (real_oracle.h).
#include "real_oracle.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "rank_log.h"
#include "td/uts.h"
#include "td/workload.h"

namespace td::mpi {

using Json = nlohmann::json;

std::int64_t expected_tasks(const std::string& workload, std::uint64_t seed, int b, int nb, std::string& source) {
  const WorkloadSpec spec = parse_workload_spec(workload);
  if (spec.name == "uts" && spec.params.count("tree")) {
    source = "published size of UTS sample tree " + spec.params.at("tree") + " (uts::published_stats)";
    return uts::published_stats(spec.params.at("tree")).nodes;
  }
  if (spec.name != "uts" && spec.name != "tree") {
    source = "none (the workload's size is random)";
    return -1;
  }
  // A second execution of the same tree on one PE, without MPI or a detector: the tree's shape
  // depends on the seed (tree) or on the SHA-1 stream (uts), never on the mapping.
  auto w = make_workload(spec, 1, b, nb);
  Rng rng(seed);
  std::vector<Spawn> stack, out;
  w->initial(rng, stack);
  std::int64_t n = 0;
  while (!stack.empty()) {
    const Task t = stack.back().task;
    stack.pop_back();
    ++n;
    out.clear();
    w->execute(t, 0, rng, out);
    stack.insert(stack.end(), out.begin(), out.end());
  }
  source = "sequential replay of the workload on one PE";
  return n;
}

namespace {

struct Send {
  std::int64_t t;
  int rank;
  bool primary;
  std::int64_t task;
  int b;
};

std::vector<Json> read_log(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read '" + path + "'");
  std::vector<Json> v;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty()) continue;
    try {
      v.push_back(Json::parse(line));
    } catch (const Json::exception& e) {
      throw std::runtime_error(path + ": malformed line: " + e.what());
    }
  }
  if (v.empty() || v[0].value("ev", "") != "header") throw std::runtime_error(path + ": no header record");
  return v;
}

}  // namespace

OracleReport check_logs(const std::string& dir) {
  OracleReport rep;
  std::vector<std::vector<Json>> logs;
  logs.push_back(read_log(RankLog::path(dir, 0)));
  const Json& h0 = logs[0][0];
  rep.ranks = h0.at("nranks").get<int>();
  for (int r = 1; r < rep.ranks; ++r) logs.push_back(read_log(RankLog::path(dir, r)));
  const int nb = h0.at("barriers").get<int>();
  for (int r = 0; r < rep.ranks; ++r) {
    const Json& h = logs[static_cast<std::size_t>(r)][0];
    if (h.at("rank").get<int>() != r || h.at("nranks").get<int>() != rep.ranks ||
        h.at("workload") != h0.at("workload") || h.at("seed") != h0.at("seed"))
      throw std::runtime_error("rank-" + std::to_string(r) + ".jsonl is not from the same run as rank-0.jsonl");
    if (!h.at("one_host").get<bool>() || h.at("host") != h0.at("host"))
      rep.failures.push_back(
          "the ranks ran on several hosts: their CLOCK_MONOTONIC readings are not one clock, "
          "so the logs cannot be ordered (run the oracle on single-host runs)");
  }

  // Messages by id (ids are unique in the run), tasks created and executed.
  std::unordered_map<std::uint64_t, Send> sends;
  std::unordered_map<std::uint64_t, std::pair<std::int64_t, bool>> recvs;                   // id -> (t, late)
  std::vector<std::map<std::int64_t, std::int64_t>> created(static_cast<std::size_t>(nb));  // task -> creation t
  std::vector<std::unordered_map<std::int64_t, std::int64_t>> ended(static_cast<std::size_t>(nb));
  std::vector<std::int64_t> declare(static_cast<std::size_t>(nb), -1);
  std::int64_t causality = 0;
  for (const Json& x : h0.at("initial")) created[x.at("b").get<std::size_t>()][x.at("task").get<std::int64_t>()] = 0;
  for (int r = 0; r < rep.ranks; ++r)
    for (const Json& e : logs[static_cast<std::size_t>(r)]) {
      const std::string ev = e.at("ev").get<std::string>();
      if (ev == "header") continue;
      const std::int64_t t = e.at("t").get<std::int64_t>();
      if (ev == "send") {
        const bool primary = e.at("kind") == "primary";
        sends[e.at("msg").get<std::uint64_t>()] =
            Send{t, r, primary, primary ? e.at("task").get<std::int64_t>() : -1, e.at("b").get<int>()};
        if (primary) created[e.at("b").get<std::size_t>()][e.at("task").get<std::int64_t>()] = t;
      } else if (ev == "recv") {
        recvs[e.at("msg").get<std::uint64_t>()] = {t, e.value("late", false)};
      } else if (ev == "task_end") {
        const auto b = e.at("b").get<std::size_t>();
        if (!ended[b].emplace(e.at("task").get<std::int64_t>(), t).second)
          rep.failures.push_back("task " + std::to_string(e.at("task").get<std::int64_t>()) + " executed twice");
        for (const Json& c : e.at("local")) created[b][c.get<std::int64_t>()] = t;
      } else if (ev == "declare") {
        auto& d = declare[e.at("b").get<std::size_t>()];
        if (d < 0 || t < d) d = t;
      }
    }
  for (const auto& [id, s] : sends) {
    auto it = recvs.find(id);
    if (it != recvs.end() && it->second.first < s.t) ++causality;
  }
  if (causality > 0)
    rep.failures.push_back(std::to_string(causality) +
                           " messages were received before they were sent: the ranks' clocks are not one clock");

  const std::uint64_t seed = h0.at("seed").get<std::uint64_t>();
  for (int b = 0; b < nb; ++b) {
    const auto ub = static_cast<std::size_t>(b);
    OracleBarrier ob;
    ob.barrier = b;
    ob.detected_at = declare[ub];
    ob.tasks = static_cast<std::int64_t>(ended[ub].size());
    for (const auto& [task, t] : ended[ub]) ob.last_task_end = std::max(ob.last_task_end, t);
    const std::string tag = "barrier " + std::to_string(b) + ": ";
    if (ob.detected_at < 0) {
      rep.failures.push_back(tag + "termination was never declared");
      rep.barriers.push_back(ob);
      continue;
    }
    const std::int64_t d = ob.detected_at;
    for (const auto& [task, tc] : created[ub]) {
      auto it = ended[ub].find(task);
      if (it == ended[ub].end() || it->second > d) ++ob.unprocessed;
    }
    for (const auto& [id, s] : sends) {
      if (s.b != b) continue;
      auto it = recvs.find(id);
      const bool arrived = it != recvs.end() && it->second.first <= d && !it->second.second;
      if (s.primary && !arrived) ++ob.primaries_unreceived;
      if (!s.primary && s.t <= d && (it == recvs.end() || it->second.first > d)) ++ob.ctrl_in_flight;
    }
    for (int r = 0; r < rep.ranks; ++r)
      for (const Json& e : logs[static_cast<std::size_t>(r)]) {
        const std::string ev = e.at("ev").get<std::string>();
        if ((ev == "task_start" || ev == "task_end") && e.at("b").get<int>() == b && e.at("t").get<std::int64_t>() > d)
          ++ob.tasks_after;
      }
    ob.expected = expected_tasks(h0.at("workload").get<std::string>(), seed, b, nb, ob.expected_source);
    if (ob.unprocessed > 0)
      rep.failures.push_back(tag + std::to_string(ob.unprocessed) +
                             " tasks created (initial, local or sent) were not executed when termination was declared");
    if (ob.primaries_unreceived > 0)
      rep.failures.push_back(tag + std::to_string(ob.primaries_unreceived) +
                             " primary messages were not received (and processed) when termination was declared");
    if (ob.tasks_after > 0)
      rep.failures.push_back(tag + std::to_string(ob.tasks_after) + " task starts/ends after the declaration");
    if (ob.expected >= 0 && ob.tasks != ob.expected)
      rep.failures.push_back(tag + std::to_string(ob.tasks) + " tasks executed, the workload has " +
                             std::to_string(ob.expected) + " (" + ob.expected_source + ")");
    if (ob.expected < 0) rep.notes.push_back(tag + "task count not checked: " + ob.expected_source);
    rep.barriers.push_back(ob);
  }
  return rep;
}

}  // namespace td::mpi
