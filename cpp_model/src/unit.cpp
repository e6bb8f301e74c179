// SPDX-License-Identifier: Apache-2.0
/// @file
/// Behavioural, cycle-exact golden model of the DSBC unit, written from
/// docs/architecture.md (sections 2 to 6). It models *what* the document promises
/// cycle by cycle (word values, snapshot contents, event cycles), not the flip-flops of the
/// RTL: the comparison against the RTL is only meaningful if the two are independent
/// readings of the same contract. In particular it does not add column sums slot by slot as
/// the global block does: a word exits at the lowest 1 bit of the snapshot's Q-bit integer
/// sum (section 4c's argument), so the model takes the exit slot from that one sum.
///
/// Timing convention (section 4): the state held here is the state "as of the start of
/// cycle_". Outputs for a cycle are derived from that state alone (Moore). step() applies
/// the inputs of cycle_ and every event "in cycle cycle_", producing the state as of the
/// start of cycle_ + 1.

#include "dsbc/unit.h"

#include "dsbc/ovl/contract.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace dsbc {

namespace {

/// ceil(log2(x)) for x >= 1; clog2(1) == 0, as in Verilog's $clog2.
int clog2(int x) {
  int bits = 0;
  while ((int64_t{1} << bits) < x) ++bits;
  return bits;
}

/// floor(log2(x)) for x >= 1.
int floor_log2(int x) {
  int bits = 0;
  while ((x >> (bits + 1)) != 0) ++bits;
  return bits;
}

void check_range(const ParamLimit& limit, int value) {
  if (value < limit.min || value > limit.max) {
    std::ostringstream msg;
    msg << limit.field << " = " << value << " is out of range: legal " << limit.min << ".." << limit.max;
    throw std::invalid_argument(msg.str());
  }
}

/// "No event scheduled": a cycle number the unit never reaches.
constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

// Half the request rate (Config::half_rate; rtl/dsbc_local_half.v's contract, architecture.md
// 4f). A request accepted in t is committed in t + 3 (the refusal is decided on the count
// then; the RAM's word is written in t + 4) and acknowledged in t + 4; req_ready is low in
// t + 1. So a PE can have two requests in flight (accepted in t and t + 2, the second
// committed in t + 5 on the count the first left). The rebase of a completion in d is
// committed in d + 4 with req_ready low in d .. d + 4.
constexpr uint8_t kHalfRateCommit = Config{.half_rate = 1}.commit_latency();  ///< acceptance to commit
constexpr int kHalfRateRebaseGap = Config{.half_rate = 1}.rebase_latency();   ///< completion to the rebase's commit
static_assert(kHalfRateCommit == 3 && kHalfRateRebaseGap == 4, "the half-rate contract of rtl/dsbc_local_half.v");

}  // namespace

// ---------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------

const char* sched_name(Sched s) {
  switch (s) {
    case Sched::kArb: return "arb";
    default: return "rr";
  }
}

Sched parse_sched(const std::string& name) {
  if (name == "rr") return Sched::kRr;
  if (name == "arb") return Sched::kArb;
  throw std::invalid_argument("sched = '" + name + "' is not a scheduler: legal rr, arb");
}

void Config::validate() const {
  // Same order as the parameter table of section 2, so the *first* illegal one is named.
  check_range(kPesLimit, pes);
  check_range(kBarriersLimit, barriers);
  check_range(kCountBitsLimit, count_bits);
  check_range(kFifoDepthLimit, fifo_depth);
  check_range(kPipeLimit, pipe);
  if (pipe == 1 && sched != Sched::kRr) {
    // arb's POLL and arbitration round trips are not pipelined (docs/architecture.md 4f).
    throw std::invalid_argument(std::string("pipe = 1 needs sched = rr, not sched = ") + sched_name(sched) +
                                ": legal pipe 0 with any sched, pipe 1 with sched rr");
  }
  check_range(kHalfRateLimit, half_rate);
  if (overlap != 0 && overlap != 1) {
    throw std::invalid_argument("overlap = " + std::to_string(overlap) + " is out of range: legal 0, 1");
  }
  if (overlap_pipe_end != 0 && overlap_pipe_end != 2) {
    throw std::invalid_argument("overlap_pipe_end = " + std::to_string(overlap_pipe_end) +
                                " is out of range: legal 0, 2 (overlap.md 13's --pipeend 2)");
  }
  if (overlap_pipe_end != 0 && overlap != 1) {
    throw std::invalid_argument("overlap_pipe_end = " + std::to_string(overlap_pipe_end) +
                                " needs overlap = 1, not overlap = " + std::to_string(overlap) +
                                ": legal overlap_pipe_end 0, or 2 with overlap 1");
  }
  if (overlap_header_slots != 1 && overlap_header_slots != 2) {
    throw std::invalid_argument("overlap_header_slots = " + std::to_string(overlap_header_slots) +
                                " is out of range: legal 1, 2 (ovlrtl.md 18b's OvlDead)");
  }
  if (overlap_header_slots != 2 && (overlap != 1 || overlap_pipe_end != 2)) {
    throw std::invalid_argument("overlap_header_slots = " + std::to_string(overlap_header_slots) +
                                " needs overlap = 1 and overlap_pipe_end = 2, not overlap = " +
                                std::to_string(overlap) + ", overlap_pipe_end = " + std::to_string(overlap_pipe_end) +
                                ": legal overlap_header_slots 2, or 1 with overlap 1 and overlap_pipe_end 2");
  }
  if (overlap == 1 && (pes != 16 || barriers != 32 || (count_bits != 16 && count_bits != 8) || fifo_depth != 8 ||
                       pipe != 0 || half_rate != 0)) {
    // The feasibility RTL's build (ovl::PortUnit::validate): nothing else has that contract.
    throw std::invalid_argument(
        "overlap = 1 needs pes = 16, barriers = 32, count_bits = 8 or 16, fifo_depth = 8, pipe = 0, half_rate = 0 "
        "(the feasibility RTL's build), not " +
        to_string());
  }
  if (half_rate == 1 && sched != Sched::kRr) {
    // dsbc_local_half serves the round robin only (docs/architecture.md 4f).
    throw std::invalid_argument(std::string("half_rate = 1 needs sched = rr, not sched = ") + sched_name(sched) +
                                ": legal half_rate 0 with any sched, half_rate 1 with sched rr");
  }
  // The rebase is committed 4 cycles after the completion (d + 4); the next snapshot of its
  // barrier comes M - 1 words later, each at least 3 + P cycles long, and must come after it:
  // (M - 1)(3 + P) > 4. So M >= 3, or M = 2 with P >= 2 (the pipelined sum at N >= 2);
  // rtl/dsbc_half_rate_check.v states the same rule.
  if (half_rate == 1 && (barriers - 1) * (3 + sum_latency()) <= kHalfRateRebaseGap) {
    std::ostringstream msg;
    msg << "half_rate = 1 needs barriers >= 3 (pipe 0) or >= 2 (pipe 1 and pes >= 2), not barriers = " << barriers
        << " with pipe = " << pipe << ", pes = " << pes;
    throw std::invalid_argument(msg.str());
  }
}

int Config::barrier_bits() const {
  const int bits = clog2(barriers);
  return bits < 1 ? 1 : bits;
}

int Config::sum_extra_bits() const { return clog2(pes); }

int64_t Config::latency_bound() const {
  if (overlap == 1) {
    // synth/feasibility/overlap.md 3: L_max = M W + max(W - 1, case B) for R = 2, E = 0; with
    // the pipelined word end, 13b's (M - 1) W_pe + W + max(W - 1, case B).
    return ovl::derive(ovl::Params::of(*this)).bound;
  }
  const int64_t m = barriers;
  // Section 4e: L_max = M*(Q+BW+4) + 4 + floor(log2 N).
  if (sched == Sched::kArb) return m * (q() + barrier_bits() + 4) + 4 + floor_log2(pes);
  // Section 6: L_max = M*(Q+4+P) + 5 + P + floor(log2 N) [+ 2 if M == 1]; P = 0 unpipelined
  // (every decision of a word, and so every word and the closing word's exit, P cycles later).
  const int p = sum_latency();
  return m * (q() + 4 + p) + 5 + p + floor_log2(pes) + (barriers == 1 ? 2 : 0);
}

std::string Config::to_string() const {
  std::ostringstream s;
  s << "N=" << pes << " M=" << barriers << " T=" << count_bits << " D=" << fifo_depth;
  // rr leaves the string (and the file names made from it) as it always was.
  if (overlap == 1) {
    s << " S=ovl";  // the overlap contract: sched means nothing then
    if (overlap_pipe_end != 0) s << " PE=" << overlap_pipe_end;
    if (overlap_header_slots != 2) s << " HS=" << overlap_header_slots;
  } else if (sched != Sched::kRr) {
    s << " S=" << sched_name(sched);
  }
  if (pipe == 1) s << " P=1";       // likewise, only when the pipelined sum is on
  if (half_rate == 1) s << " H=1";  // and at half the request rate
  return s.str();
}

// ---------------------------------------------------------------------------------------
// Unit
// ---------------------------------------------------------------------------------------

/// Everything the document says a unit remembers, as plain values.
struct Unit::Impl {
  /// One RAM word of one PE (section 4, "The local count word").
  struct Word {
    int64_t count = 0;
    bool open = false;
  };

  /// A PE's completion FIFO: a ring buffer of `depth` entries (a std::deque allocates and
  /// frees blocks as entries come and go; docs/performance.md measures the model's speed).
  class Fifo {
   public:
    explicit Fifo(size_t depth) : buf_(depth) {}
    bool empty() const { return size_ == 0; }
    size_t size() const { return size_; }
    uint32_t front() const { return buf_[head_]; }
    void pop_front() {
      head_ = head_ + 1 == buf_.size() ? 0 : head_ + 1;
      --size_;
    }
    /// Only with size() < depth (complete_barrier checks).
    void push_back(uint32_t b) {
      const size_t at = head_ + size_;
      buf_[at >= buf_.size() ? at - buf_.size() : at] = b;
      ++size_;
    }

   private:
    std::vector<uint32_t> buf_;
    size_t head_ = 0;
    size_t size_ = 0;
  };

  /// A PE request accepted in the previous cycle, to be committed or refused now (4b); at half
  /// the request rate accepted `wait` cycles before its commit (16 bytes either way).
  struct Pending {
    bool valid = false;
    uint8_t wait = 0;  ///< half rate only: cycles to its commit, counted down by the PE's visits
    uint32_t barrier = 0;
    int64_t delta = 0;
  };

  /// The word currently being inspected (4c): its snapshot and the serial-sum progress.
  struct Inspection {
    bool deciding = false;  ///< no exit/complete decided yet
    uint32_t barrier = 0;
    uint64_t snap_cycle = 0;          ///< s
    bool any_open = false;            ///< some PE's open bit as of the start of s
    std::vector<int64_t> snap_count;  ///< per PE, count as of the start of s
    bool any_full = false;            ///< some PE's FIFO full as of the start of s+1
    std::vector<uint8_t> snap_dirty;  ///< arb: per PE, dirty bit cleared by this snapshot (head slot)
    /// Count bit j of the serial sum is the first 1 (the word exits there), or Q when the
    /// Q-bit sum is zero. The serial adder computes the sum of the sign-extended counts modulo
    /// 2^Q bit by bit (4c, "Why it is exact"), so its first odd column is the lowest 1 bit of
    /// that sum: computed once per snapshot instead of one column per slot.
    uint64_t first_one = 0;
  };

  /// A rebase accepted in cycle d, committed in cycle d+1 (4d).
  struct Rebase {
    bool valid = false;
    uint64_t commit_cycle = 0;  ///< d+1 (half rate: d+4)
    uint32_t barrier = 0;
    uint64_t snap_cycle = 0;          ///< s of the completed word: "touched" means >= s
    std::vector<int64_t> snap_count;  ///< subtracted from every PE's count
  };

  explicit Impl(const Config& cfg)
      : arb(cfg.sched == Sched::kArb),
        half(cfg.half_rate == 1),
        ready_gap(half ? static_cast<uint64_t>(kHalfRateRebaseGap) : 0),
        p(static_cast<uint64_t>(cfg.sum_latency())),
        n(cfg.pes),
        m(cfg.barriers),
        bw(cfg.barrier_bits()),
        q(cfg.q()),
        depth(static_cast<size_t>(cfg.fifo_depth)),
        count_min(-(int64_t{1} << (cfg.count_bits - 1))),
        count_max((int64_t{1} << (cfg.count_bits - 1)) - 1),
        barrier_limit(uint64_t{1} << cfg.barrier_bits()),
        ram(static_cast<size_t>(n) * static_cast<size_t>(m)),
        last_commit(static_cast<size_t>(n) * static_cast<size_t>(m), -1),
        pending(static_cast<size_t>(n)),
        younger(half ? static_cast<size_t>(n) : 0),
        fifo(static_cast<size_t>(n), Fifo(depth)),
        pending_bits((static_cast<size_t>(n) + kWordBits - 1) / kWordBits, 0),
        input_bits(pending_bits.size(), 0),
        last_word_pes(~uint64_t{0} >> (kWordBits * pending_bits.size() - static_cast<size_t>(n))),
        dirty(arb ? static_cast<size_t>(n) * static_cast<size_t>(m) : 0, false),
        dirty_pes(arb ? static_cast<size_t>(m) : 0, 0),
        dirty_any(arb ? (static_cast<size_t>(m) + 63) / 64 : 0, 0),
        cnt2(static_cast<uint32_t>(m - 1)),
        // rr: the first ctl_load follows the RAM clearing (4a); arb: the first POLL does.
        load_at(arb ? kNever : static_cast<uint64_t>(m)),
        poll_at(arb ? static_cast<uint64_t>(m) : kNever) {}

  /// The inspected word is left undecided (not complete) by the decision of cycle k: the
  /// next word starts in k+1 with the snapshot of CNT2 + 1 (rr: ctl_load; arb: its head slot).
  void exit_word(uint64_t k) {
    insp.deciding = false;
    load_at = k + 1;
  }

  /// arb, a word held back at the full slot (decided in s+1) keeps its barrier: every PE
  /// whose dirty bit the head cleared sets it again in s+2, when ctl_load tells it of the
  /// exit (visible from s+3; a head of the same barrier in s+2, M = 1 only, sees it).
  void remark_dirty() {
    for (size_t i = 0; i < remark.size(); ++i) {
      if (remark[i] != 0) set_dirty(static_cast<int>(i), remark_barrier, true);
    }
    remark.clear();
  }

  /// arb: clear every PE's dirty bit of barrier b, keeping the per-barrier summary in step.
  void clear_dirty(uint32_t b) {
    const size_t row = idx(0, b);
    std::fill(dirty.begin() + static_cast<std::ptrdiff_t>(row), dirty.begin() + static_cast<std::ptrdiff_t>(row) + n,
              0);
    if (dirty_pes[b] != 0) {
      dirty_pes[b] = 0;
      dirty_any[b / 64] &= ~(uint64_t{1} << (b % 64));
      --dirty_count;
    }
  }
  /// arb: set or clear the dirty bit of (pe, b), keeping the per-barrier summary in step.
  void set_dirty(int pe, uint32_t b, bool value) {
    const size_t at = idx(pe, b);
    if ((dirty[at] != 0) == value) return;
    dirty[at] = value ? 1 : 0;
    const uint64_t bit = uint64_t{1} << (b % 64);
    if (value) {
      if (dirty_pes[b]++ == 0) {
        dirty_any[b / 64] |= bit;
        ++dirty_count;
      }
    } else {
      if (--dirty_pes[b] == 0) {
        dirty_any[b / 64] &= ~bit;
        --dirty_count;
      }
    }
  }

  /// arb: the first barrier at or after `start` (cyclically) that some PE has dirty; there
  /// must be one (dirty_count > 0).
  uint32_t first_dirty_from(uint32_t start) const {
    const size_t words = dirty_any.size();
    // Word of `start` with the bits below it masked, then the following words, wrapping
    // around to the start word's low bits last.
    for (size_t step = 0; step <= words; ++step) {
      const size_t w = (start / 64 + step) % words;
      uint64_t bits = dirty_any[w];
      if (step == 0) bits &= ~uint64_t{0} << (start % 64);
      if (bits != 0) return static_cast<uint32_t>(w * 64 + static_cast<size_t>(__builtin_ctzll(bits)));
    }
    throw std::logic_error("Unit: first_dirty_from with no dirty barrier");
  }

  /// Index of (pe, barrier) in ram, last_commit and dirty: barrier-major, so that the
  /// snapshot and the rebase, which touch one barrier's word of every PE, read adjacent words.
  size_t idx(int pe, uint32_t barrier) const {
    return static_cast<size_t>(barrier) * static_cast<size_t>(n) + static_cast<size_t>(pe);
  }

  /// PE `pe` commits its request `p` in cycle k (not refused): the word steps and is open,
  /// its last commit is k, and (arb) the barrier is dirty at the PE. Both commit passes use it.
  void commit(int pe, const Pending& p, uint64_t k) {
    const size_t at = idx(pe, p.barrier);
    ram[at].count += p.delta;
    ram[at].open = true;
    last_commit[at] = static_cast<int64_t>(k);
    if (arb) set_dirty(pe, p.barrier, true);
  }

  /// Would committing `p` on PE `pe` be refused, given the RAM as it is now (i.e. with
  /// every commit of earlier cycles already applied, which is what forwarding gives)?
  bool refused(int pe, const Pending& p) const {
    if (p.barrier >= static_cast<uint32_t>(m)) return true;
    const int64_t next = ram[idx(pe, p.barrier)].count + p.delta;
    return next < count_min || next > count_max;
  }

  /// Is `cycle` a snapshot cycle (ctl_load, `snap_o` high)? The one definition: it drives
  /// `snap_o` and takes the RAM's read port from the PEs (section 3), so a scheduler that
  /// times its snapshots differently changes this predicate and nothing else.
  bool snapshot_in(uint64_t cycle) const { return load_at == cycle; }

  /// PE FIFO f in cycle k: an entry is popped when valid (as presented this cycle) and pop are
  /// both high (`pop`); then the completion of cycle d is pushed (4d) when `completing`.
  void pop_push(Fifo& f, bool pop, bool completing, uint32_t pushed) {
    if (pop) {
      if (f.size() == depth) --full_fifos;
      f.pop_front();
    }
    if (completing) {
      if (f.size() >= depth) {
        // Section 4d argues this cannot happen; if it does the model is wrong.
        throw std::logic_error("Unit::step: completion pushed into a full FIFO");
      }
      f.push_back(pushed);
      if (f.size() == depth) ++full_fifos;
    }
  }

  /// Outputs of `cycle` from the state as of the start of `cycle` (Moore).
  void fill_outputs(uint64_t cycle, Outputs& out) {
    const bool ready = ready_in(cycle);
    ready_out = ready;
    for (size_t i = 0; i < static_cast<size_t>(n); ++i) fill_pe_output(i, ready, out.pe[i]);
    fill_global_output(cycle, out.global);
  }
  /// req_ready of every PE in `cycle`: low while the RAM is being cleared (4a), in the cycle
  /// the rebase is accepted (its write takes the next cycle; at half the request rate in
  /// d .. d + 4, the rebase committed in d + 4) and in a snapshot cycle (the snapshot takes the
  /// RAM's one read port). Half rate: also low for one PE in the cycle after its acceptance,
  /// which commit_accept_present_half adds.
  bool ready_in(uint64_t cycle) const {
    // Unsigned: cycle - done_at wraps to a huge value before done_at. Not for kNever (no
    // completion yet), where it is cycle + 1: not above a half-rate gap of 4 in cycle 3, which
    // at M = 2 follows the first snapshot; hence the explicit test.
    return cycle >= static_cast<uint64_t>(m) && (done_at == kNever || cycle - done_at > ready_gap) &&
           !snapshot_in(cycle);
  }
  /// PE i's outputs, `ready` being ready_in() of their cycle: they read only PE i's state (its
  /// pending request, its RAM row for the refusal, its FIFO).
  void fill_pe_output(size_t i, bool ready, PeOut& o) const {
    const Pending& p = pending[i];
    const Fifo& f = fifo[i];
    o.req_ready = ready;
    o.ack_valid = p.valid;
    o.ack_refused = p.valid && refused(static_cast<int>(i), p);
    o.fifo_valid = !f.empty();
    o.fifo_barrier = f.empty() ? 0 : f.front();
  }
  void fill_global_output(uint64_t cycle, GlobalOut& g) const {
    g.snap = snapshot_in(cycle);
    g.done = done_at == cycle;
    g.done_barrier = cnt2;
  }

  const bool arb;   ///< Config::sched == Sched::kArb: dirty bits are kept
  const bool half;  ///< Config::half_rate == 1: commit_accept_present_half's timing
  /// Cycles after d with req_ready still low for the rebase: 0, or 4 at half the request rate.
  const uint64_t ready_gap;
  const uint64_t p;  ///< P (Config::sum_latency()): rr decides a slot P cycles after it is on the lines
  const int n;
  const int m;
  const int bw;  ///< BW, barrier-ID width: the number of arbitration slots
  const int q;
  const size_t depth;
  const int64_t count_min;
  const int64_t count_max;
  const uint64_t barrier_limit;  ///< 2^BW: IDs that fit on req_barrier_i

  std::vector<Word> ram;  ///< [barrier][pe] (idx), all-zero after initialisation (4a)
  /// [barrier][pe] (idx): cycle of this PE's last committed (non-refused) request update to
  /// the barrier, -1 if none. "touched" (4d) is last_commit >= s, evaluated when the
  /// rebase commits: no PE commit can fall in cycle d+1 because req_ready is low in d
  /// (half rate: commits of earlier acceptances still land in d+1 and d+2, none after, ready
  /// being low in d .. d+4).
  std::vector<int64_t> last_commit;
  std::vector<Pending> pending;  ///< per PE
  /// Half rate only (else empty), per PE: a request accepted while `pending` is still in
  /// flight (two cycles after it); it moves to `pending` once that one commits.
  std::vector<Pending> younger;
  std::vector<Fifo> fifo;  ///< per PE, front = fifo_barrier_o
  // What lets a cycle touch only the PEs with something to do (docs/performance.md 2a).
  /// Bit i % 64 of word i / 64 is PE i, in the masks below (N <= 256: at most 4 words).
  static constexpr size_t kWordBits = 64;
  std::vector<uint64_t> pending_bits;  ///< PEs whose `pending` is valid
  std::vector<uint64_t> input_bits;    ///< PEs presenting a request or a pop this cycle (check_inputs)
  uint64_t last_word_pes;              ///< the bits of PEs that exist in the last word
  bool ready_out = false;              ///< req_ready as presented now: the same for every PE
  int full_fifos = 0;                  ///< FIFOs holding depth entries
  // Scheduler arb only (empty under rr).
  std::vector<uint8_t> dirty;       ///< [barrier][pe] (idx): committed to since its last snapshot (4e)
  std::vector<int> dirty_pes;       ///< [barrier]: PEs whose dirty bit is set
  std::vector<uint64_t> dirty_any;  ///< bitmap of barriers with dirty_pes > 0: the OR of every PE's D
  int dirty_count = 0;              ///< barriers set in dirty_any
  uint32_t winner = 0;              ///< b* of the last arbitration, snapshot at load_at
  bool load_winner = false;         ///< the next head is of `winner`, not CNT2 + 1
  std::vector<uint8_t> remark;      ///< per PE: dirty bit to set again in remark_at (full-slot exit)
  uint32_t remark_barrier = 0;
  uint64_t remark_at = kNever;

  uint32_t cnt2;              ///< global (and every local) CNT2; resets to M-1
  uint64_t load_at;           ///< cycle of the next ctl_load, or kNever
  uint64_t done_at = kNever;  ///< cycle of the next ctl_done, or kNever
  uint64_t poll_at;           ///< arb: cycle of the next POLL slot, or kNever
  uint64_t done_snap = 0;     ///< s of the word completing at done_at
  Inspection insp;
  Rebase rebase;
};

void Unit::ImplDeleter::operator()(Impl* p) const { delete p; }

Unit::Unit(const Config& cfg) : cfg_(cfg) {
  cfg_.validate();
  if (cfg_.overlap == 1) {
    throw std::invalid_argument(
        "overlap = 1 is the feasibility RTL's contract (dsbc::ovl::PortUnit): the golden model "
        "has no overlap scheduler");
  }
  impl_.reset(new Impl(cfg_));
  out_.pe.resize(static_cast<size_t>(cfg_.pes));
  impl_->fill_outputs(cycle_, out_);
}

// One cycle k, in the order the hardware's events of cycle k depend on each other: the
// decision and the FIFO sample read only state from before k; the completion is captured
// before a same-cycle snapshot replaces the inspection record; the snapshot reads the RAM
// before this cycle's commits; requests accepted now commit in k+1.
void Unit::step(const Inputs& in) {
  check_inputs(in);  // before any state changes, so that a throw leaves the unit untouched
  const uint64_t k = cycle_;
  poll(k);
  sample_fifo_full_after_snapshot(k);
  decide_inspected_word(k);
  // The completion's push (after this cycle's pops, which free the room 4d counts on) is made
  // in the PEs' pass below; the value pushed is CNT2 before a same-cycle snapshot advances it.
  const bool completing = k == impl_->done_at;
  const uint32_t pushed = completing ? complete_barrier(k) : 0;
  // A full-slot exit's re-mark (cycle s+2) comes before a head in the same cycle, which can
  // only be of the same barrier when M = 1: that head then sees the barrier dirty and covers
  // what the held-back word would have (4e).
  if (impl_->remark_at == k) impl_->remark_dirty();
  take_snapshot(k);
  commit_rebase(k);
  if (impl_->half) {
    commit_accept_present_half(k, in, completing, pushed);
  } else {
    commit_accept_present(k, in, completing, pushed);
  }
  ++cycle_;
  impl_->fill_global_output(cycle_, out_.global);
}

// The phases below are `inline` (unit.h; each is called only from step(), in this file): so
// that the compiler may inline them into step(), as it does at -O3 (cpp_model/CMakeLists.txt);
// one with external linkage mostly stays a call (docs/performance.md 2a, "after speed5").
inline void Unit::check_inputs(const Inputs& in) {
  const size_t n = static_cast<size_t>(cfg_.pes);
  if (in.pe.size() != n) throw_pe_count(in.pe.size());
  // One pass over every PE without a branch on the random inputs: which PEs present a request
  // or a pop (the others' inputs are all low, and commit_accept_present skips them). From the
  // last PE down, the mask doubled and the PE's bit added: one cheap instruction a PE on the
  // dependency chain (a shift by a variable count costs more). Then, over those few PEs only,
  // a request with an ID wider than BW bits that would be accepted (req_ready high).
  // With a hint (Inputs::active, from the stimulus agents) that pass is not made: the hint's
  // bits are taken as they are (bits past PE N-1 cleared), a superset of the PEs with a
  // request or a pop, which is all commit_accept_present needs (a visit of a PE with all-low
  // inputs and nothing pending changes nothing).
  Impl& s = *impl_;
  const bool hinted = !in.active.empty();
  if (hinted && in.active.size() != s.input_bits.size()) throw_hint_size(in.active.size());
  for (size_t w = 0; w < s.input_bits.size(); ++w) {
    const size_t base = w * Impl::kWordBits;
    const size_t end = std::min(n, base + Impl::kWordBits);
    uint64_t active = 0;
    if (hinted) {
      active = in.active[w] & (w + 1 == s.input_bits.size() ? s.last_word_pes : ~uint64_t{0});
    } else {
      for (size_t i = end; i-- > base;) {
        active = 2 * active + static_cast<uint64_t>(in.pe[i].req_valid | in.pe[i].fifo_pop);
      }
    }
    s.input_bits[w] = active;
    for (; active != 0; active &= active - 1) {
      const size_t i = base + static_cast<size_t>(__builtin_ctzll(active));
      const PeIn& pin = in.pe[i];
      if (pin.req_valid && out_.pe[i].req_ready && pin.req_barrier >= s.barrier_limit) throw_wide(i, pin);
    }
  }
}

void Unit::throw_pe_count(size_t got) const {
  std::ostringstream msg;
  msg << "Unit::step: inputs for " << got << " PEs, expected " << cfg_.pes;
  throw std::invalid_argument(msg.str());
}

void Unit::throw_hint_size(size_t got) const {
  std::ostringstream msg;
  msg << "Unit::step: a hint (Inputs::active) of " << got << " words for " << cfg_.pes << " PEs, expected "
      << impl_->input_bits.size() << " or none";
  throw std::invalid_argument(msg.str());
}

void Unit::throw_wide(size_t i, const PeIn& pin) const {
  // The port is only BW bits wide: such an ID cannot be presented to the RTL, and silently
  // truncating it would hide a stimulus bug.
  std::ostringstream msg;
  msg << "Unit::step: PE " << i << " req_barrier = " << pin.req_barrier << " does not fit in " << cfg_.barrier_bits()
      << " bits";
  throw std::invalid_argument(msg.str());
}

inline void Unit::poll(uint64_t k) {
  // POLL (4e) sees the dirty bits as of the start of k: this cycle's commits are not in it.
  Impl& s = *impl_;
  if (k != s.poll_at) return;
  if (s.dirty_count == 0) {
    s.poll_at = k + 1;  // idle: ctl_load low, poll again
    return;
  }
  // The BW arbitration slots (k+1 .. k+BW) find the smallest rotated ID r = (x - last - 1)
  // mod M over every dirty x of every PE: the first dirty barrier at or after last+1,
  // cyclically, with last = CNT2. The model takes their outcome directly.
  const uint32_t start = (s.cnt2 + 1) % static_cast<uint32_t>(s.m);
  s.winner = s.first_dirty_from(start);
  s.load_winner = true;
  s.poll_at = kNever;
  s.load_at = k + 1 + static_cast<uint64_t>(s.bw);  // snapshot with the last ARB bit
}

inline void Unit::sample_fifo_full_after_snapshot(uint64_t k) {
  // "FIFO full in cycle s+1" (slot 1) is the occupancy as of the start of s+1, so it is
  // sampled before this cycle's pops and pushes.
  Impl& s = *impl_;
  if (!s.insp.deciding || k != s.insp.snap_cycle + 1) return;
  s.insp.any_full = s.full_fifos > 0;
}

inline void Unit::decide_inspected_word(uint64_t k) {
  // Global decision for this cycle's slot (4c). The snapshot was taken in an earlier
  // cycle, so this cannot depend on anything happening in cycle k.
  Impl& s = *impl_;
  const Impl::Inspection& w = s.insp;
  if (!w.deciding) return;
  const uint64_t slot = k - w.snap_cycle;
  if (s.arb) {
    // Head (s, decided in take_snapshot), full (s+1), count bit j (s+2+j): 4e.
    if (slot == 1) {
      if (w.any_full) {
        s.remark = w.snap_dirty;
        s.remark_barrier = w.barrier;
        s.remark_at = k + 1;
        s.exit_word(k);
      }
    } else if (slot >= 2) {
      add_count_column(k, slot - 2);
    }
    return;
  }
  // rr: the slot on the lines in cycle s + t is decided in s + t + P (4c, 4f).
  if (slot < s.p) return;
  const uint64_t on_lines = slot - s.p;
  if (on_lines == 2) {
    // Nobody used the barrier since its last completion.
    if (!w.any_open) s.exit_word(k);
  } else if (on_lines == 3) {
    // No room to report it: re-inspect it next pass.
    if (w.any_full) s.exit_word(k);
  } else if (on_lines >= 4) {
    add_count_column(k, on_lines - 4);
  }
}

inline void Unit::add_count_column(uint64_t k, uint64_t j) {
  Impl& s = *impl_;
  Impl::Inspection& w = s.insp;
  if (j == w.first_one) {
    s.exit_word(k);  // bit j of the sum is 1: the global count is not zero
    return;
  }
  if (j == static_cast<uint64_t>(s.q) - 1) {  // all Q bits zero: the barrier completes
    w.deciding = false;
    s.done_at = k + 1;  // d = s + Q + 4 + P (rr), s + Q + 2 (arb)
    s.done_snap = w.snap_cycle;
    // The next word starts in d with CNT2 + 1; with one barrier that is this barrier
    // again, and its snapshot must see the rebase committed in d+1.
    s.load_at = s.m > 1 ? k + 1 : k + 3;
  }
}

inline uint32_t Unit::complete_barrier(uint64_t k) {
  // Completion (4d): accept the rebase. Captured before a same-cycle snapshot replaces the
  // inspection record and advances CNT2.
  Impl& s = *impl_;
  s.rebase.valid = true;
  s.rebase.commit_cycle = k + (s.half ? static_cast<uint64_t>(kHalfRateRebaseGap) : 1);  // d + 1; half rate d + 4
  s.rebase.barrier = s.cnt2;
  s.rebase.snap_cycle = s.done_snap;
  s.rebase.snap_count.swap(s.insp.snap_count);  // take_snapshot refills insp's (same size)
  return s.cnt2;
}

inline void Unit::take_snapshot(uint64_t k) {
  // Snapshot (4c): CNT2 advances (visible from k+1) and the word is read as of the start
  // of cycle k, i.e. before any commit of this cycle is applied.
  Impl& s = *impl_;
  if (k != s.load_at) return;
  const size_t n = static_cast<size_t>(s.n);
  // rr steps CNT2; arb steps it too, or loads the arbitration's winner (the broadcast ID).
  s.cnt2 = s.load_winner ? s.winner : static_cast<uint32_t>((s.cnt2 + 1) % static_cast<uint32_t>(s.m));
  s.load_winner = false;
  Impl::Inspection& w = s.insp;
  w.deciding = true;
  w.barrier = s.cnt2;
  w.snap_cycle = k;
  s.load_at = kNever;
  if (s.arb && s.dirty_pes[w.barrier] == 0) {
    // The head slot (s) is clean: nobody committed to the barrier since its previous head,
    // so its sum cannot have newly become zero. The global decides it from the head's
    // column in s; the next POLL is in s+1. Nothing of the word is read: no later slot is.
    w.deciding = false;
    s.poll_at = k + 1;
    return;
  }
  w.snap_count.resize(n);
  w.any_full = false;
  const size_t row = s.idx(0, w.barrier);  // the barrier's words of PEs 0 .. N-1 are adjacent
  bool any_open = false;
  int64_t sum = 0;
  for (size_t i = 0; i < n; ++i) {
    const Impl::Word& word = s.ram[row + i];
    any_open |= word.open;
    w.snap_count[i] = word.count;
    sum += word.count;
  }
  w.any_open = any_open;
  if (s.arb) {
    // Every PE's dirty bit of the barrier is cleared before this cycle's commits, which set it
    // again (commit_accept_present).
    w.snap_dirty.assign(s.dirty.begin() + static_cast<std::ptrdiff_t>(row),
                        s.dirty.begin() + static_cast<std::ptrdiff_t>(row + n));
    s.clear_dirty(w.barrier);
  }
  // The int64 sum is already sign-extended: its low Q bits are the Q-bit sum (Q <= 40).
  const uint64_t bits = static_cast<uint64_t>(sum) & ((uint64_t{1} << s.q) - 1);
  w.first_one = bits == 0 ? static_cast<uint64_t>(s.q) : static_cast<uint64_t>(__builtin_ctzll(bits));
}

// Commits of cycle k on port A: either the rebase accepted in k-1 (commit_rebase) or the PE
// requests accepted in k-1 (commit_accept_present), never both (req_ready was low in k-1 if a
// rebase was accepted).

inline void Unit::commit_rebase(uint64_t k) {
  Impl& s = *impl_;
  if (!s.rebase.valid || s.rebase.commit_cycle != k) return;
  const uint32_t b = s.rebase.barrier;
  for (size_t i = 0; i < static_cast<size_t>(s.n); ++i) {
    const size_t at = s.idx(static_cast<int>(i), b);
    s.ram[at].count -= s.rebase.snap_count[i];
    s.ram[at].open = s.last_commit[at] >= static_cast<int64_t>(s.rebase.snap_cycle);
  }
  s.rebase.valid = false;
}

inline void Unit::commit_accept_present(uint64_t k, const Inputs& in, bool completing, uint32_t pushed) {
  // One pass over the PEs (the model's speed, docs/performance.md 2a): each step below reads
  // and writes only PE i's FIFO, RAM words, pending request and outputs, plus the dirty-bit
  // summary, which nothing here reads; the rebase, the only write to every row, has been
  // committed already, and the snapshot and the FIFO-full sample, which read every PE, have
  // been taken. So PE after PE is the same as each step for every PE in turn.
  Impl& s = *impl_;
  // Every event of k is decided: k+1's ready, the same for every PE, is known.
  const bool ready_next = s.ready_in(k + 1);
  // A PE with no request, pop, pending commit or push (most PEs in most cycles) has nothing
  // else to change: its ack_valid and ack_refused stay low, its FIFO as it is. The others are
  // visited, told from bitmasks (check_inputs' and pending_bits) without a branch per PE.
  for (size_t w = 0; w < s.pending_bits.size(); ++w) {
    const uint64_t pes = w + 1 == s.pending_bits.size() ? s.last_word_pes : ~uint64_t{0};
    uint64_t visit = s.input_bits[w] | s.pending_bits[w] | (completing ? pes : 0);
    uint64_t pending_next = 0;
    for (; visit != 0; visit &= visit - 1) {
      const size_t i = w * Impl::kWordBits + static_cast<size_t>(__builtin_ctzll(visit));
      Impl::Pending& p = s.pending[i];
      PeOut& o = out_.pe[i];  // still this cycle's outputs until present below
      const PeIn& pin = in.pe[i];
      Impl::Fifo& f = s.fifo[i];
      s.pop_push(f, pin.fifo_pop && o.fifo_valid, completing, pushed);
      // Commit (or refuse, as presented on ack_refused_o this cycle) the request of k-1.
      if (p.valid) {
        if (!o.ack_refused) s.commit(static_cast<int>(i), p, k);
        p.valid = false;
      }
      // Accept this cycle's request; it is committed (or refused) in cycle k+1.
      if (pin.req_valid && o.req_ready) {
        p.valid = true;
        p.barrier = pin.req_barrier;
        p.delta = pin.req_dec ? -1 : +1;
        pending_next |= uint64_t{1} << (i % Impl::kWordBits);
      }
      s.fill_pe_output(i, ready_next, o);  // the outputs of k+1
    }
    s.pending_bits[w] = pending_next;
  }
  // ready changes around snapshots and completions only: then every PE's copy is written (after
  // the pass, whose accepts read this cycle's).
  if (ready_next != s.ready_out) {
    for (PeOut& o : out_.pe) o.req_ready = ready_next;
    s.ready_out = ready_next;
  }
}

void Unit::commit_accept_present_half(uint64_t k, const Inputs& in, bool completing, uint32_t pushed) {
  // commit_accept_present at half the request rate (kHalfRateCommit): the same single pass, but
  // a request accepted in t is committed (or refused, on the count as of t + 3) in t + 3 and
  // acknowledged in t + 4, and the PE that is accepted now presents req_ready low next cycle.
  // So a PE has up to two requests in flight: `pending` (the older) and `younger` (accepted two
  // cycles after it, committed two cycles after it, on the count it left).
  // A PE is visited while a request is in flight or its acknowledge is presented (pending_bits),
  // so that its ready comes back and its acknowledge goes down.
  Impl& s = *impl_;
  const bool ready_next = s.ready_in(k + 1);
  for (size_t w = 0; w < s.pending_bits.size(); ++w) {
    const uint64_t pes = w + 1 == s.pending_bits.size() ? s.last_word_pes : ~uint64_t{0};
    uint64_t visit = s.input_bits[w] | s.pending_bits[w] | (completing ? pes : 0);
    uint64_t busy_next = 0;
    for (; visit != 0; visit &= visit - 1) {
      const size_t i = w * Impl::kWordBits + static_cast<size_t>(__builtin_ctzll(visit));
      Impl::Pending& p = s.pending[i];
      Impl::Pending& y = s.younger[i];
      PeOut& o = out_.pe[i];  // still this cycle's outputs until written below
      const PeIn& pin = in.pe[i];
      Impl::Fifo& f = s.fifo[i];
      s.pop_push(f, pin.fifo_pop && o.fifo_valid, completing, pushed);
      // The commit of the request accepted in k - 3, acknowledged in k + 1.
      bool ack = false;
      bool refused = false;
      // The PE is visited in every cycle a request is in flight (pending_bits).
      if (p.valid && --p.wait == 0) {
        ack = true;
        refused = s.refused(static_cast<int>(i), p);
        if (!refused) s.commit(static_cast<int>(i), p, k);  // rr only: no dirty bits
        p.valid = false;
      }
      if (y.valid) {
        --y.wait;  // 2 or 1 left: accepted two cycles after `p`
        if (!p.valid) {
          p = y;
          y.valid = false;
        }
      }
      // Accept this cycle's request: the older slot if it is free, else the younger one. That
      // one is free: `pending` still in flight after its commit pass was accepted in k - 2, and
      // none was in k - 1 (ready low after an acceptance).
      const bool accepted = pin.req_valid && o.req_ready;
      if (accepted) {
        Impl::Pending& slot = p.valid ? y : p;
        slot.valid = true;
        slot.barrier = pin.req_barrier;
        slot.delta = pin.req_dec ? -1 : +1;
        slot.wait = kHalfRateCommit;
      }
      o.req_ready = ready_next && !accepted;
      o.ack_valid = ack;
      o.ack_refused = refused;
      o.fifo_valid = !f.empty();
      o.fifo_barrier = f.empty() ? 0 : f.front();
      if (p.valid || ack) busy_next |= uint64_t{1} << (i % Impl::kWordBits);
    }
    s.pending_bits[w] = busy_next;
  }
  // The common ready changes around snapshots and completions: every PE's copy, but the one of
  // a PE accepted now (its request, the only one with a full wait, commits in k + 3), which
  // stays low.
  if (ready_next != s.ready_out) {
    for (size_t i = 0; i < out_.pe.size(); ++i) {
      const Impl::Pending& p = s.pending[i];
      const Impl::Pending& y = s.younger[i];
      const bool accepted_now = (p.valid && p.wait == kHalfRateCommit) || (y.valid && y.wait == kHalfRateCommit);
      out_.pe[i].req_ready = ready_next && !accepted_now;
    }
    s.ready_out = ready_next;
  }
}

int64_t Unit::count(int pe, uint32_t barrier) const {
  if (pe < 0 || pe >= cfg_.pes || barrier >= static_cast<uint32_t>(cfg_.barriers)) {
    throw std::out_of_range("Unit::count: PE or barrier out of range");
  }
  return impl_->ram[impl_->idx(pe, barrier)].count;
}

bool Unit::open(int pe, uint32_t barrier) const {
  if (pe < 0 || pe >= cfg_.pes || barrier >= static_cast<uint32_t>(cfg_.barriers)) {
    throw std::out_of_range("Unit::open: PE or barrier out of range");
  }
  return impl_->ram[impl_->idx(pe, barrier)].open;
}

bool Unit::dirty(int pe, uint32_t barrier) const {
  if (pe < 0 || pe >= cfg_.pes || barrier >= static_cast<uint32_t>(cfg_.barriers)) {
    throw std::out_of_range("Unit::dirty: PE or barrier out of range");
  }
  return impl_->arb && impl_->dirty[impl_->idx(pe, barrier)];
}

uint64_t Unit::done_snapshot_cycle() const { return impl_->done_snap; }

void Unit::preload_count(int pe, uint32_t barrier, int64_t count) {
  const int64_t half = int64_t{1} << (cfg_.count_bits - 1);
  if (pe < 0 || pe >= cfg_.pes || barrier >= static_cast<uint32_t>(cfg_.barriers) || count < -half || count >= half) {
    throw std::out_of_range("Unit::preload_count: PE, barrier or count out of range");
  }
  auto& word = impl_->ram[impl_->idx(pe, barrier)];
  word.count = count;
  word.open = true;
  // Not marked dirty under arb: the test's next request to the barrier does that (its commit),
  // in the model, the RTL and the oracle alike. A flip-flop poked between cycles would reach
  // the RTL's combinational lines (the POLL) only after the next clock edge.
}

}  // namespace dsbc
