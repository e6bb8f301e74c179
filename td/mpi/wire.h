// SPDX-License-Identifier: Apache-2.0
/// @file wire.h
/// td::Message on the wire of the MPI runtime: one array of int64 words per MPI message.
#pragma once

#include <cstdint>
#include <vector>

#include "td/types.h"
#include "td/workload.h"

namespace td::mpi {

/// Appends `m` to `out` (cleared first): id, src, dst, kind, barrier, the three fields, the
/// piggybacks, the task, the control payload and, for a primary, the workload data its task
/// refers to (Workload::export_task, which releases it in this process).
void pack(const Message& m, Workload* w, std::vector<std::int64_t>& out);

/// Rebuilds a message from `n` words; a primary's workload data is handed to
/// Workload::import_task. Throws std::runtime_error on a malformed array.
void unpack(const std::int64_t* in, std::size_t n, Workload* w, Message& m);

/// The barrier a packed message belongs to (to find its workload before unpacking); throws
/// std::runtime_error on a malformed array.
std::int32_t packed_barrier(const std::int64_t* in, std::size_t n);

}  // namespace td::mpi
