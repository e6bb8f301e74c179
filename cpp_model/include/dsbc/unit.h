// SPDX-License-Identifier: Apache-2.0
/// @file
/// Cycle-exact golden model of the DSBC unit (docs/architecture.md), and the
/// per-cycle port structs shared by every engine (model, Verilated RTL).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace dsbc {

/// Legal range (inclusive) of one parameter of the unit, and the names it goes by.
struct ParamLimit {
  const char* field;  ///< Config member, and the name in Config::validate's messages
  const char* rtl;    ///< parameter of rtl/dsbc_top.v
  int min;
  int max;
};

// The one definition of the legal configurations (docs/architecture.md section 2). Config,
// dsbc-system (sim/src/config.cpp) and the tools read them from here; rtl/dsbc_param_check.v
// repeats them in Verilog, and testbench/param_check/param_limits_test.sh checks that it
// accepts each edge and rejects one past it, with these values.
inline constexpr ParamLimit kPesLimit{"pes", "NumPes", 1, 256};
inline constexpr ParamLimit kBarriersLimit{"barriers", "NumBarriers", 1, 1024};
/// T >= 8 keeps the rebase of a count from ever overflowing.
inline constexpr ParamLimit kCountBitsLimit{"count_bits", "CountBits", 8, 32};
inline constexpr ParamLimit kFifoDepthLimit{"fifo_depth", "FifoDepth", 1, 1024};
/// Pipelined global sum (docs/architecture.md 4f): 0 off, 1 on; 1 needs Sched::kRr.
/// Not in kConfigLimits: it is a switch of the round robin, not a size.
inline constexpr ParamLimit kPipeLimit{"pipe", "Pipe", 0, 1};
/// Half the request rate (docs/architecture.md 4f, rtl/dsbc_local_half.v): 0 off, 1 on; 1
/// needs Sched::kRr and (M - 1)(3 + P) > 4 (M >= 3, or M >= 2 with the pipelined sum at
/// N >= 2, where P >= 2). Not in kConfigLimits either: a switch, not a size.
inline constexpr ParamLimit kHalfRateLimit{"half_rate", "HalfRate", 0, 1};
/// Every limit, in the order of the parameter table.
inline constexpr ParamLimit kConfigLimits[] = {kPesLimit, kBarriersLimit, kCountBitsLimit, kFifoDepthLimit};

/// Which barrier the unit inspects next (docs/architecture.md 4c and 4e).
enum class Sched {
  kRr,   ///< the paper's round robin over every barrier ID (4c)
  kArb,  ///< issue 13: per-PE dirty bits; the next ID is tried, bitwise arbitration after a clean one (4e)
};
/// "rr" / "arb".
const char* sched_name(Sched s);
/// Parses "rr" or "arb"; throws std::invalid_argument naming `sched` and the legal values.
Sched parse_sched(const std::string& name);

/// Parameters of one DSBC unit; the same names as rtl/dsbc_top.v, ranges in kConfigLimits.
struct Config {
  int pes = 4;                ///< N (kPesLimit)
  int barriers = 4;           ///< M (kBarriersLimit)
  int count_bits = 16;        ///< T (kCountBitsLimit), two's complement local count
  int fifo_depth = 8;         ///< completed-barrier FIFO entries per PE (kFifoDepthLimit)
  Sched sched = Sched::kArb;  ///< which barrier a word inspects (4c rr, 4e arb; issue 13 default)
  int pipe = 0;               ///< 1: pipelined global sum, rr only (kPipeLimit; 4f)
  /// 1: half the request rate, rr only (kHalfRateLimit; 4f): req_ready low in the cycle after a
  /// PE's acceptance, a request accepted in t committed in t + 3 and acknowledged in t + 4,
  /// req_ready low in d .. d + 4 and the rebase committed in d + 4.
  int half_rate = 0;
  /// 1: the ports follow the overlap contract of the feasibility RTL (synth/feasibility/ovlrtl.md;
  /// the port-level model dsbc::ovl::PortUnit), which the architectural oracle checks: PE 2i
  /// accepts only in even cycles, PE 2i + 1 only in odd ones; a request accepted in t is
  /// committed in t + 3 and acknowledged in t + 4; ctl_load / ctl_done carry the race decisions
  /// as well as heads and exits (decoded with the contract's ovl::SlotSequencer); fifo_valid
  /// shows a completion from d + 6 / d + 7 and again 3 / 4 cycles after a pop. Not a product
  /// scheduler: `sched` is then ignored, Unit and the RTL reject it. Only N = 16, M = 32,
  /// T = 8 or 16, D = 8 (the RTL's build), pipe = half_rate = 0.
  int overlap = 0;
  /// With `overlap`: 2 = the pipelined word end of synth/feasibility/overlap.md 13
  /// (ovl::Params::pipe_end; `--pipeend 2`): the next word's head goes out with the last count
  /// slot of a word whose successor's race is decided, and that word's exit follows P cycles
  /// later, after the new head; a POLL then asks for room for 3 pushes. The feasibility RTL's
  /// OvlPipeEnd = 2 (synth/feasibility/ovlrtl.md 15). 0 (default) = OvlPipeEnd = 0. Legal 0 or
  /// 2, 2 only with overlap = 1.
  int overlap_pipe_end = 0;
  /// With `overlap`: the word's header slots after its head (ovl::Params::header_slots; the
  /// feasibility RTL's OvlDead, synth/feasibility/ovlrtl.md 18b): 2 (default) = a POLL in s + 1
  /// and NEXT in s + 2; 1 = NEXT alone in s + 1, with the pairs' FIFO room on its B line, count
  /// bits a cycle earlier. Legal 1 or 2, 1 only with overlap = 1 and overlap_pipe_end = 2 (the
  /// RTL's OvlDead = 1 needs OvlPipeEnd = 2).
  int overlap_header_slots = 2;

  /// Throws std::invalid_argument naming the first illegal parameter and its range.
  void validate() const;
  /// Width of a barrier ID: max(1, clog2(M)).
  int barrier_bits() const;
  /// clog2(N) (0 for N == 1): the paper's w, the extra bits the sum can carry.
  int sum_extra_bits() const;
  /// Q = T + clog2(N): count slots checked per word.
  int q() const { return count_bits + sum_extra_bits(); }
  /// P, cycles between a slot on the serial lines and the global decision about it
  /// (docs/architecture.md 4f): 0 without the pipeline; with it one line register plus one
  /// register per two levels of the tree of serial adders, 1 + ceil(clog2(N) / 2). The one
  /// definition in the model (rtl/dsbc_serial_sum.v's Latency is the RTL's).
  int sum_latency() const { return pipe == 1 ? 1 + (sum_extra_bits() + 1) / 2 : 0; }
  /// Cycles from a request's acceptance to its acknowledge (docs/architecture.md section 3):
  /// 1, or 4 at half the request rate (4f).
  constexpr int ack_latency() const { return half_rate == 1 || overlap == 1 ? 4 : 1; }
  /// Cycles from a request's acceptance to its commit (a snapshot in any later cycle includes
  /// it): 1, or 3 at half the request rate (4f).
  constexpr int commit_latency() const { return half_rate == 1 || overlap == 1 ? 3 : 1; }
  /// Cycles from a completion (ctl_done in d) to its rebase's commit (a snapshot in any later
  /// cycle includes it): 1, or 4 at half the request rate (4f), req_ready low in d .. d + 4.
  constexpr int rebase_latency() const { return half_rate == 1 || overlap == 1 ? 4 : 1; }
  /// Cycles from a request's commit to its acknowledge: 0, or 1 at half the request rate. Lets
  /// a user of the ports date a commit from its ack.
  constexpr int ack_after_commit() const { return ack_latency() - commit_latency(); }
  /// Documented worst-case latency, cycles from the commit that closes a barrier to its
  /// ctl_done, every FIFO having room (docs/architecture.md section 6 for rr, 4e for arb; with
  /// `overlap`, every FIFO with at least 2 free entries: L_max of synth/feasibility/overlap.md 3,
  /// ovl::derive() at R = 2, E = 0: 932 at T = 16, 668 at T = 8; with overlap_pipe_end = 2 the
  /// bound of overlap.md 13b, 839 at T = 16, 575 at T = 8, with 3 free entries while a tail's
  /// exit is in flight).
  int64_t latency_bound() const;
  /// "N=16 M=32 T=16 D=8" (rr), "N=16 M=32 T=16 D=8 S=arb", "N=16 M=32 T=16 D=8 P=1" (rr,
  /// pipelined sum), " H=1" appended at half the request rate; "N=16 M=32 T=16 D=8 S=ovl"
  /// with `overlap`, " S=ovl PE=2" with overlap_pipe_end = 2, " HS=1" appended with
  /// overlap_header_slots = 1: for messages and file names.
  std::string to_string() const;
};

/// Inputs of one PE for one cycle.
struct PeIn {
  bool req_valid = false;
  uint32_t req_barrier = 0;
  bool req_dec = false;  ///< false: produce (+1); true: consume (-1)
  bool fifo_pop = false;
  bool operator==(const PeIn&) const = default;
};

/// Outputs of one PE for one cycle. All are functions of state only (Moore).
struct PeOut {
  bool req_ready = false;
  bool ack_valid = false;
  bool ack_refused = false;
  bool fifo_valid = false;
  uint32_t fifo_barrier = 0;  ///< 0 when !fifo_valid
  bool operator==(const PeOut&) const = default;
};

/// Global observability outputs for one cycle.
struct GlobalOut {
  bool snap = false;          ///< ctl_load: a snapshot is taken this cycle
  bool done = false;          ///< ctl_done: the inspected barrier completes this cycle
  uint32_t done_barrier = 0;  ///< global copy of CNT2 (valid every cycle)
  bool operator==(const GlobalOut&) const = default;
};

struct Inputs {
  std::vector<PeIn> pe;  ///< size N
  /// Optional hint for the golden model's speed (docs/performance.md 2a), not a port: empty,
  /// or (N + 63) / 64 words in which bit i % 64 of word i / 64 is set for every PE i whose
  /// req_valid or fifo_pop is high (a set bit with all-low inputs is allowed). With it the
  /// model reads only those PEs' inputs instead of every PE's each cycle; the stimulus agents
  /// know these PEs already. The RTL ignores it; callers that give none (replay, the lockstep
  /// tests' own stimulus) leave it empty.
  std::vector<uint64_t> active{};
};

struct Outputs {
  std::vector<PeOut> pe;  ///< size N
  GlobalOut global;
  bool operator==(const Outputs&) const = default;
};

/// Something that behaves like a DSBC unit cycle by cycle: the golden model or an RTL
/// simulation. Usage per cycle: read outputs(), compute inputs from them, step(inputs).
class Engine {
 public:
  virtual ~Engine() = default;
  virtual const Config& config() const = 0;
  /// Outputs in the current cycle (cycle() since reset release).
  virtual const Outputs& outputs() const = 0;
  /// Apply inputs for the current cycle and advance to the next cycle.
  virtual void step(const Inputs& in) = 0;
  /// Current cycle number; 0 is the first cycle after reset.
  virtual uint64_t cycle() const = 0;
};

/// The golden model: behavioural, written from docs/architecture.md, no Verilator.
class Unit final : public Engine {
 public:
  explicit Unit(const Config& cfg);  ///< validates cfg
  Unit(const Unit&) = delete;
  Unit& operator=(const Unit&) = delete;

  const Config& config() const override { return cfg_; }
  const Outputs& outputs() const override { return out_; }
  void step(const Inputs& in) override;
  uint64_t cycle() const override { return cycle_; }

  // Introspection for oracles and tools (not part of the hardware interface).
  /// Committed local count of (pe, barrier) as of the start of the current cycle.
  int64_t count(int pe, uint32_t barrier) const;
  /// The open bit of (pe, barrier) as of the start of the current cycle.
  bool open(int pe, uint32_t barrier) const;
  /// Scheduler arb: the dirty bit of (pe, barrier) as of the start of the current cycle
  /// (always false under rr, which keeps none).
  bool dirty(int pe, uint32_t barrier) const;
  /// Cycle of the snapshot of the word whose completion is signalled now (valid when
  /// outputs().global.done).
  uint64_t done_snapshot_cycle() const;
  /// Test hook (lockstep tests only): set the word of (pe, barrier) to {open = 1, count}
  /// between cycles, as if commits had brought it there. The lockstep test sets the same word
  /// in the RTL's RAM and tells the oracle; used where the count's edge is too many commits
  /// away to drive (T = 32). Under arb it does not mark the barrier dirty: the test's next
  /// request to it does (the lockstep test always follows with one). Throws
  /// std::out_of_range outside the T-bit range.
  void preload_count(int pe, uint32_t barrier, int64_t count);

 private:
  // The phases of one cycle k, called by step() in this order (docs/architecture.md
  // section 4). Each reads the outputs presented in cycle k (out_) where the hardware does.
  // `inline`, defined in unit.cpp and used there only: so that the compiler inlines them into
  // step() (docs/performance.md 2a, "after speed5").
  /// Throws std::invalid_argument for a wrong PE count, a hint (Inputs::active) of the wrong
  /// size or a barrier ID wider than BW bits; records which PEs present a request or a pop (for
  /// commit_accept_present), from the hint if there is one.
  inline void check_inputs(const Inputs& in);
  /// The std::invalid_argument of inputs for `got` PEs, not N; and of PE i's request `pin`,
  /// whose ID is wider than BW bits. Out of line, cold: a message built inline in
  /// check_inputs cost every cycle the setting up of a stream it never used.
  [[noreturn, gnu::cold, gnu::noinline]] void throw_pe_count(size_t got) const;
  [[noreturn, gnu::cold, gnu::noinline]] void throw_hint_size(size_t got) const;
  [[noreturn, gnu::cold, gnu::noinline]] void throw_wide(size_t i, const PeIn& pin) const;
  /// Scheduler arb, POLL slot (4e): if some PE has a dirty bit, arbitrate the next barrier
  /// and schedule its snapshot BW + 1 cycles later; else poll again next cycle.
  inline void poll(uint64_t k);
  /// The full slot of the inspected word: which FIFOs are full as of the start of s+1.
  inline void sample_fifo_full_after_snapshot(uint64_t k);
  /// The slots of the inspected word: rr open (s+2), full (s+3), count bits (s+4+j), each
  /// decided P = Config::sum_latency() cycles later; arb head (s), full (s+1), count bits (s+2+j).
  inline void decide_inspected_word(uint64_t k);
  /// Count slot j: exit if bit j is the lowest 1 bit of the snapshot sum; complete after bit Q-1.
  inline void add_count_column(uint64_t k, uint64_t j);
  /// Cycle d: accept the rebase (committed in d+1); commit_accept_present pushes CNT2 (the
  /// value returned) into every FIFO.
  inline uint32_t complete_barrier(uint64_t k);
  /// ctl_load: advance CNT2 and read the next word of every PE (before this cycle's commits).
  inline void take_snapshot(uint64_t k);
  /// Port A, cycle d+1: subtract the snapshot from the completed word, recompute open bits.
  inline void commit_rebase(uint64_t k);
  /// Per PE, in one pass: the pop presented with fifo_valid high, the completion's push of
  /// `pushed` when `completing` (cycle d), port A commits (or refuses) the request accepted in
  /// k-1, the one presented with req_ready high is accepted (it commits in k+1), and the PE's
  /// outputs of k+1 are presented.
  inline void commit_accept_present(uint64_t k, const Inputs& in, bool completing, uint32_t pushed);
  /// commit_accept_present at half the request rate (Config::half_rate): the request accepted
  /// in k-3 is committed (or refused) now and acknowledged in k+1; the one accepted now leaves
  /// its PE's req_ready low in k+1.
  /// Not inlined into step(): the full rate's step() stays as it was (the model's speed).
  [[gnu::noinline]] void commit_accept_present_half(uint64_t k, const Inputs& in, bool completing, uint32_t pushed);

  struct Impl;
  Config cfg_;
  Outputs out_;
  uint64_t cycle_ = 0;
  // Implementation state lives in the .cpp; kept behind a pointer so the header is stable.
  struct ImplDeleter {
    void operator()(Impl*) const;
  };
  std::unique_ptr<Impl, ImplDeleter> impl_;
};

}  // namespace dsbc
