// SPDX-License-Identifier: Apache-2.0
/// @file types.h
/// Basic types of the software termination-detection (TD) lab: ticks, tasks, messages.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace td {

/// Simulated time in integer ticks (never a floating-point value).
using Tick = std::int64_t;

/// The one random-number generator of a run. It is seeded explicitly and passed down by
/// reference; nothing in the lab owns a static or global generator.
using Rng = std::mt19937_64;

/// A node of the simulated machine: PEs are 0..N-1; a dedicated controller, when an
/// algorithm uses one, is node N.
using NodeId = std::int32_t;

/// A task of the simulated computation. A task executes on one PE; when it completes it may
/// spawn children (locally, or remotely through a primary message).
struct Task {
  std::int64_t id = 0;  ///< unique per run (assigned by the machine)
  std::int32_t level =
      0;  ///< nesting level (Tseng's tiers); 0 = unset: an initial task gets 1, a child its parent's + 1
  std::int32_t barrier = 0;  ///< the barrier (epoch) this task belongs to
  std::int64_t a = 0;        ///< workload-defined field (e.g. tree node index)
  std::int64_t b = 0;        ///< workload-defined field
  std::int64_t credit = 0;   ///< per-task piggyback of task-level algorithms (Mattern's Y)
  bool killed = false;       ///< aborted (WTC abortion): completes without spawning
};

/// Message kinds 0 and 1 are reserved: 0 is a primary (application) message, 1 is the
/// termination broadcast the machine forwards down its broadcast tree. Algorithms number
/// their control kinds from 2.
enum ReservedKind : std::int16_t { kPrimary = 0, kTermBroadcast = 1, kFirstControl = 2 };

/// A message on the simulated network (primary or control).
struct Message {
  std::uint64_t id = 0;           ///< unique per run, for the event log
  NodeId src = 0;                 ///< sender
  NodeId dst = 0;                 ///< receiver
  std::int16_t kind = kPrimary;   ///< kPrimary, kTermBroadcast, or an algorithm's kind
  std::int32_t barrier = 0;       ///< the barrier whose detector owns the message
  std::int64_t f[3] = {0, 0, 0};  ///< control fields
  std::vector<std::int64_t> v;    ///< variable-size control payload (e.g. Tiered reports)
  std::int64_t pb[2] = {0, 0};    ///< piggyback on a primary message (credit, sweep tag...)
  Task task;                      ///< the task a primary message carries
  std::uint32_t slot = 0;         ///< machine-internal storage slot
};

/// One child a completing task spawns: the task and the PE it is mapped to.
struct Spawn {
  NodeId pe = 0;  ///< destination PE
  Task task;      ///< the child (level, barrier and id are filled in by the machine)
};

}  // namespace td
