// SPDX-License-Identifier: Apache-2.0
/// @file
/// Cycle-exact model of the Wired-NOR barrier baseline (rtl/wnor/wnor_top.v; Shang & Hwang, IEEE
/// TPDS 6(6), 1995; dissertation section 2.8.1), and a task-level workload ("story") that
/// drives both the Wired-NOR unit and the DSBC unit the way the same program would, so that
/// the two can be compared on one trace (the launch-in-transit hazard).
///
/// Wired-NOR is not a dsbc::Engine: its PE ports say "I am busy / done on barrier j", not
/// "+1 / -1", and it has no completion FIFO. It gets its own small engine interface with the
/// same cycle convention (read outputs(), compute inputs, step()).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "dsbc/trace.h"
#include "dsbc/unit.h"

namespace dsbc {

/// Parameters of one Wired-NOR unit; the same names and ranges as rtl/wnor/wnor_top.v.
struct WnorConfig {
  int pes = 4;         ///< N, 1..1024
  int barriers = 16;   ///< m, barrier lines, 1..256
  int tree_arity = 4;  ///< fan-in of one reduction node in the RTL, 2..8 (no cycle effect)

  /// Throws std::invalid_argument naming the first illegal parameter and its range.
  void validate() const;
  /// Width of a barrier ID: max(1, clog2(m)).
  int barrier_bits() const;
  /// "N=16 m=16": for messages and file names.
  std::string to_string() const;
};

/// Inputs of one PE for one cycle.
struct WnorPeIn {
  bool req_valid = false;
  uint32_t req_barrier = 0;
  bool req_clear = false;  ///< false: set X (busy on the barrier); true: clear X (done)
  bool operator==(const WnorPeIn&) const = default;
};

/// Outputs of one PE for one cycle (functions of state only).
struct WnorPeOut {
  bool req_ready = true;
  bool ack_valid = false;
  bool ack_refused = false;  ///< barrier ID >= m
  bool operator==(const WnorPeOut&) const = default;
};

struct WnorInputs {
  std::vector<WnorPeIn> pe;  ///< size N
};

struct WnorOutputs {
  std::vector<WnorPeOut> pe;  ///< size N
  std::vector<bool> line;     ///< size m: the monitor value Y of line j (1: nobody busy)
  std::vector<bool> release;  ///< size m: line j rose in this cycle
  bool operator==(const WnorOutputs&) const = default;
};

/// A Wired-NOR unit cycle by cycle: the model below or a Verilated rtl/wnor/wnor_top.v.
class WnorEngine {
 public:
  virtual ~WnorEngine() = default;
  virtual const WnorConfig& config() const = 0;
  virtual const WnorOutputs& outputs() const = 0;
  virtual void step(const WnorInputs& in) = 0;
  virtual uint64_t cycle() const = 0;  ///< 0 is the first cycle after reset
};

/// The behavioural model. Timing (rtl/wnor/wnor_top.v): a request accepted in cycle k changes X in
/// cycle k+1 (its ack cycle); line and release show the new X from cycle k+2.
class WiredNor final : public WnorEngine {
 public:
  explicit WiredNor(const WnorConfig& cfg);  ///< validates cfg
  WiredNor(const WiredNor&) = delete;
  WiredNor& operator=(const WiredNor&) = delete;

  const WnorConfig& config() const override { return cfg_; }
  const WnorOutputs& outputs() const override { return out_; }
  void step(const WnorInputs& in) override;
  uint64_t cycle() const override { return cycle_; }

  /// Control bit X[pe][barrier] as of the start of the current cycle.
  bool x(int pe, uint32_t barrier) const;

 private:
  WnorConfig cfg_;
  WnorOutputs out_;
  uint64_t cycle_ = 0;
  std::vector<std::vector<bool>> x_;  ///< [pe][barrier]
};

/// One thing a task-parallel program does, as the barrier hardware is told about it.
struct TaskEvent {
  enum class Kind {
    Create,  ///< a root task of `barrier` appears on `pe` and starts executing
    Send,    ///< `pe` produces a child task and sends it away (it is in transit)
    Arrive,  ///< a child task arrives on `pe` and starts executing
    Finish,  ///< `pe` finishes one task of `barrier`
  };
  uint64_t cycle = 0;
  Kind kind = Kind::Create;
  int pe = 0;
  uint32_t barrier = 0;
};

/// The story as DSBC requests, following the README usage contract: Create and Send are a
/// +1 on the acting PE (a Send's child must not arrive before that +1 is acknowledged, which
/// the story's timing must allow), Finish is a -1, Arrive needs nothing.
Trace story_to_dsbc_trace(const std::vector<TaskEvent>& story, const Config& cfg);

/// One Wired-NOR request of a replay: PE `pe` sets or clears X[barrier] from `cycle` on.
struct WnorRequest {
  uint64_t cycle = 0;
  int pe = 0;
  uint32_t barrier = 0;
  bool clear = false;
};

/// The story as Wired-NOR requests, as Shang & Hwang's PEs use it: a PE sets X[b] when it
/// starts holding a task of b (Create, Arrive) and clears it when it holds none (Finish).
/// Send changes nothing: the child in transit is held by nobody.
std::vector<WnorRequest> story_to_wnor_requests(const std::vector<TaskEvent>& story);

/// Ground truth, independent of either unit: the cycle of the Finish that leaves no task of
/// `barrier` anywhere, executing or in transit (counting Create/Send +1, Finish -1). Returns
/// ~0 if the story never terminates the barrier.
uint64_t story_termination_cycle(const std::vector<TaskEvent>& story, uint32_t barrier);

/// Replays requests into a Wired-NOR engine (in cycle 0): each PE presents its requests in
/// order, each from its cycle or as soon as the earlier one is accepted. Prints one line per
/// event, in cycle order: `set <cycle> <pe> <b>` / `clear <cycle> <pe> <b>` (ack cycle),
/// `refused <cycle> <pe> <b>`, `release <cycle> <b>`, and `end <cycle>` two cycles after the
/// last ack (no release can follow later), or `timeout <cycle>`.
/// Returns the end cycle.
uint64_t run_wnor_replay(WnorEngine& engine, const std::vector<WnorRequest>& requests, std::ostream& out,
                         uint64_t max_cycles = 100000000);

}  // namespace dsbc
