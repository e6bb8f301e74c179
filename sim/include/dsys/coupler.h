// SPDX-License-Identifier: Apache-2.0
/// @file coupler.h
/// Joins one epoch of a td::Machine (the TD lab's kernel: PEs, network, workload, one
/// software detector per barrier) to the DSBC backend, following the usage contract:
/// every task gets a +1 request when it is produced (an initial task when it is placed) and a
/// -1 request after it has completed; a task produced for another PE is held by its PE until
/// the +1 is acknowledged, and only then sent. A local child is queued at once: the PE's
/// requests are presented in order, so its +1 is committed before the parent's -1 and
/// before its own -1 (rules 1-2 of the contract).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "dsys/backend.h"
#include "td/machine.h"

namespace dsys {

/// Per-epoch glue between the machine's task events and the backend.
class Coupler {
 public:
  /// `offset` is the global time (ps) of the epoch's local time 0.
  Coupler(Backend& backend, Ps offset) : be_(backend), offset_(offset) {}
  Coupler(const Coupler&) = delete;
  Coupler& operator=(const Coupler&) = delete;

  /// Wraps `inner` (nullptr: a detector that never declares) so that it also feeds the DSBC.
  td::DetectorFactory wrap(td::DetectorFactory inner);

  // ---- called by the wrapping detector -------------------------------------------------
  void initial(td::Runtime& m, td::NodeId pe, const td::Task& t);
  void produce(td::Runtime& m, td::NodeId pe, const td::Task& child);
  /// Holds every message of the batch not already held by the inner detector until the +1
  /// of its task is acknowledged.
  void emit(td::Runtime& m, td::NodeId pe, std::vector<td::Message*>& batch, std::vector<bool>& hold);
  void receive(td::Runtime& m, td::NodeId pe, const td::Message& msg);
  void consume(td::Runtime& m, td::NodeId pe, const td::Task& t);
  /// Returns true if the timer was the coupler's.
  bool timer(td::Runtime& m, std::int64_t tag);

  /// FNV-1a hash of every task event (time, PE, kind, task id): equal hashes mean the same
  /// execution of the computation, whichever software detector ran alongside.
  std::uint64_t fingerprint() const { return hash_; }
  /// Messages held for an ack (all of them are released by the end of the run).
  std::uint64_t held() const { return held_total_; }

 private:
  static constexpr std::int64_t kTimerTag = std::int64_t{1} << 60;  // above any algorithm's tags
  struct Held {
    td::NodeId pe;
    td::Message* msg;
  };
  void note(Ps t, td::NodeId pe, int kind, std::int64_t task);
  void arm(td::Runtime& m, std::uint64_t req, td::NodeId pe, int barrier);

  Backend& be_;
  Ps offset_;
  std::unordered_map<std::int64_t, std::uint64_t> plus_of_task_;  // child task id -> its +1 request
  std::unordered_map<std::uint64_t, Held> held_;                  // +1 request -> held message
  std::uint64_t held_total_ = 0;
  std::uint64_t hash_ = 1469598103934665603ULL;
};

}  // namespace dsys
