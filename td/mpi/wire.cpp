// SPDX-License-Identifier: Apache-2.0
// The MPI runtime's message layout (wire.h).
#include "wire.h"

#include <stdexcept>

namespace td::mpi {
namespace {
// Word offsets of the fixed header; the control payload and the workload data follow.
enum : std::size_t {
  kId,
  kSrc,
  kDst,
  kKind,
  kBarrier,
  kF0,
  kF1,
  kF2,
  kPb0,
  kPb1,
  kTaskId,
  kLevel,
  kTaskBarrier,
  kA,
  kB,
  kCredit,
  kKilled,
  kNv,
  kHeader
};
}  // namespace

void pack(const Message& m, Workload* w, std::vector<std::int64_t>& out) {
  out.clear();
  out.reserve(kHeader + m.v.size() + 3);
  out.insert(out.end(), {static_cast<std::int64_t>(m.id), m.src, m.dst, m.kind, m.barrier, m.f[0], m.f[1], m.f[2],
                         m.pb[0], m.pb[1], m.task.id, m.task.level, m.task.barrier, m.task.a, m.task.b, m.task.credit,
                         m.task.killed ? 1 : 0, static_cast<std::int64_t>(m.v.size())});
  out.insert(out.end(), m.v.begin(), m.v.end());
  if (m.kind == kPrimary && w) w->export_task(m.task, out);
}

std::int32_t packed_barrier(const std::int64_t* in, std::size_t n) {
  if (n < kHeader) throw std::runtime_error("tdmpi: malformed message (" + std::to_string(n) + " words)");
  return static_cast<std::int32_t>(in[kBarrier]);
}

void unpack(const std::int64_t* in, std::size_t n, Workload* w, Message& m) {
  if (n < kHeader || in[kNv] < 0 || static_cast<std::size_t>(in[kNv]) > n - kHeader)
    throw std::runtime_error("tdmpi: malformed message (" + std::to_string(n) + " words)");
  m.id = static_cast<std::uint64_t>(in[kId]);
  m.src = static_cast<NodeId>(in[kSrc]);
  m.dst = static_cast<NodeId>(in[kDst]);
  m.kind = static_cast<std::int16_t>(in[kKind]);
  m.barrier = static_cast<std::int32_t>(in[kBarrier]);
  for (int i = 0; i < 3; ++i) m.f[i] = in[kF0 + i];
  m.pb[0] = in[kPb0];
  m.pb[1] = in[kPb1];
  m.task.id = in[kTaskId];
  m.task.level = static_cast<std::int32_t>(in[kLevel]);
  m.task.barrier = static_cast<std::int32_t>(in[kTaskBarrier]);
  m.task.a = in[kA];
  m.task.b = in[kB];
  m.task.credit = in[kCredit];
  m.task.killed = in[kKilled] != 0;
  const auto nv = static_cast<std::size_t>(in[kNv]);
  m.v.assign(in + kHeader, in + kHeader + nv);
  const std::size_t rest = n - kHeader - nv;
  if (m.kind == kPrimary && w) w->import_task(m.task, in + kHeader + nv, rest);
}

}  // namespace td::mpi
