// SPDX-License-Identifier: Apache-2.0
/// @file pe_core.h
/// The part of a task completion every engine runs the same way: the simulator (td::Machine)
/// and the MPI runtime (td/mpi) both call these, so the spawning rules (child ids, levels,
/// barrier, the on_produce hook, local versus remote children, the on_emit offer with its
/// hold flags; how a control message is built and charged) exist once. What differs between the engines (where a
/// message lives, how it travels, the oracle's bookkeeping) stays in the engine.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "td/runtime.h"
#include "td/types.h"
#include "td/workload.h"

namespace td {

/// Reusable buffers of one task completion.
struct Completion {
  std::vector<Spawn> spawns;    ///< the workload's output
  std::vector<Task> locals;     ///< children mapped to the completing PE (queued there, no message)
  std::vector<Message*> batch;  ///< primary messages of the remote children, in spawn order
  std::vector<bool> hold;       ///< per batch entry: the detector holds it (on_emit)
};

/// Phase 1 of the completion of task `t` on `pe` (docs/td.md, "Kernel"): the workload executes
/// it, each child gets its barrier, level (parent's + 1 unless set) and the next task id, the
/// detector sees it (on_produce, which may change `t`'s piggyback), and it becomes a local child
/// or a primary message. `alloc()` returns a fresh Message owned by the engine; `local_spawns`
/// counts the local children.
template <class Alloc>
void produce_children(Workload& w, Detector& det, NodeId pe, int npes, Task& t, Rng& rng, std::int64_t& next_task_id,
                      Completion& c, std::int64_t& local_spawns, Alloc&& alloc) {
  const int b = t.barrier;
  c.spawns.clear();
  c.locals.clear();
  c.batch.clear();
  w.execute(t, pe, rng, c.spawns);
  for (const Spawn& s : c.spawns) {
    if (s.pe < 0 || s.pe >= npes) throw std::logic_error("workload spawned to a PE out of range");
    Task child = s.task;
    child.barrier = b;
    if (child.level == 0) child.level = t.level + 1;
    child.id = next_task_id++;
    const bool local = s.pe == pe;
    det.on_produce(pe, t, child, local);
    if (local) {
      ++local_spawns;
      c.locals.push_back(child);
    } else {
      Message& m = alloc();
      m.src = pe;
      m.dst = s.pe;
      m.kind = kPrimary;
      m.barrier = b;
      m.task = child;
      c.batch.push_back(&m);
    }
  }
}

/// Phase 3 (after the local children are queued): offers the batch to the detector.
/// `work` is the PE's units of work of the barrier with the completing task still counted;
/// afterwards `c.hold[i]` says whether the detector kept message i (it then stays work of
/// the PE until Runtime::release_held or drop_held).
inline void offer_batch(Detector& det, NodeId pe, std::int64_t work, Completion& c) {
  c.hold.assign(c.batch.size(), false);
  if (!c.batch.empty()) det.on_emit(pe, c.batch, work - 1 > 0, c.hold);
}

/// A control message as every engine builds and charges it (Runtime::send_control): between
/// distinct nodes it is external (counted, per kind too, and `bits` charged; also per kind in
/// by_kind_recovery when `after_failure`), to oneself an internal notification.
inline void fill_control(Message& m, NodeId src, NodeId dst, int barrier, std::int16_t kind, std::int64_t f0,
                         std::int64_t f1, std::int64_t f2, std::vector<std::int64_t>&& v, std::int64_t bits,
                         BarrierMetrics& bm, bool after_failure) {
  m.src = src;
  m.dst = dst;
  m.kind = kind;
  m.barrier = barrier;
  m.f[0] = f0;
  m.f[1] = f1;
  m.f[2] = f2;
  m.v = std::move(v);
  if (src == dst) {
    ++bm.internal;
    return;
  }
  ++bm.ctrl_external;
  bm.ctrl_bits += bits;
  if (static_cast<std::size_t>(kind) < bm.by_kind.size()) {
    ++bm.by_kind[static_cast<std::size_t>(kind)];
    if (after_failure) ++bm.by_kind_recovery[static_cast<std::size_t>(kind)];
  }
}

}  // namespace td
