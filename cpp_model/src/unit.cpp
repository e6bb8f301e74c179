// SPDX-License-Identifier: Apache-2.0
/// @file
/// Behavioural, cycle-exact golden model of the DSBC unit, written from
/// docs/architecture.md (sections 2 to 6). It models *what* the document promises
/// cycle by cycle (word values, snapshot contents, column sums, event cycles), not the
/// flip-flops of the RTL: the comparison against the RTL is only meaningful if the two
/// are independent readings of the same contract.
///
/// Timing convention (section 4): the state held here is the state "as of the start of
/// cycle_". Outputs for a cycle are derived from that state alone (Moore). step() applies
/// the inputs of cycle_ and every event "in cycle cycle_", producing the state as of the
/// start of cycle_ + 1.

#include "dsbc/unit.h"

#include <algorithm>
#include <deque>
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

}  // namespace

// ---------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------

void Config::validate() const {
  // Same order as the parameter table of section 2, so the *first* illegal one is named.
  check_range(kPesLimit, pes);
  check_range(kBarriersLimit, barriers);
  check_range(kCountBitsLimit, count_bits);
  check_range(kFifoDepthLimit, fifo_depth);
}

int Config::barrier_bits() const {
  const int bits = clog2(barriers);
  return bits < 1 ? 1 : bits;
}

int Config::sum_extra_bits() const { return clog2(pes); }

int64_t Config::latency_bound() const {
  // Section 6: L_max = M*(Q+4) + 5 + floor(log2 N) [+ 2 if M == 1].
  const int64_t m = barriers;
  return m * (q() + 4) + 5 + floor_log2(pes) + (barriers == 1 ? 2 : 0);
}

std::string Config::to_string() const {
  std::ostringstream s;
  s << "N=" << pes << " M=" << barriers << " T=" << count_bits << " D=" << fifo_depth;
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

  /// A PE request accepted in the previous cycle, to be committed or refused now (4b).
  struct Pending {
    bool valid = false;
    uint32_t barrier = 0;
    int64_t delta = 0;
  };

  /// The word currently being inspected (4c): its snapshot and the serial-sum progress.
  struct Inspection {
    bool deciding = false;  ///< no exit/complete decided yet
    uint32_t barrier = 0;
    uint64_t snap_cycle = 0;          ///< s
    std::vector<bool> snap_open;      ///< per PE, open bit as of the start of s
    std::vector<int64_t> snap_count;  ///< per PE, count as of the start of s
    std::vector<bool> full_at_s1;     ///< per PE, FIFO full as of the start of s+1
    int64_t carry = 0;                ///< serial adder carry, cleared per word
  };

  /// A rebase accepted in cycle d, committed in cycle d+1 (4d).
  struct Rebase {
    bool valid = false;
    uint64_t commit_cycle = 0;  ///< d+1
    uint32_t barrier = 0;
    uint64_t snap_cycle = 0;          ///< s of the completed word: "touched" means >= s
    std::vector<int64_t> snap_count;  ///< subtracted from every PE's count
  };

  explicit Impl(const Config& cfg)
      : n(cfg.pes),
        m(cfg.barriers),
        q(cfg.q()),
        depth(static_cast<size_t>(cfg.fifo_depth)),
        count_min(-(int64_t{1} << (cfg.count_bits - 1))),
        count_max((int64_t{1} << (cfg.count_bits - 1)) - 1),
        barrier_limit(uint64_t{1} << cfg.barrier_bits()),
        ram(static_cast<size_t>(n) * static_cast<size_t>(m)),
        last_commit(static_cast<size_t>(n) * static_cast<size_t>(m), -1),
        pending(static_cast<size_t>(n)),
        fifo(static_cast<size_t>(n)),
        cnt2(static_cast<uint32_t>(m - 1)),
        load_at(static_cast<uint64_t>(m)) {}

  /// The inspected word is left undecided (not complete); the next snapshot is in k+1.
  void exit_word(uint64_t k) {
    insp.deciding = false;
    load_at = k + 1;
  }

  size_t idx(int pe, uint32_t barrier) const { return static_cast<size_t>(pe) * static_cast<size_t>(m) + barrier; }

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

  /// Outputs of `cycle` from the state as of the start of `cycle` (Moore).
  void fill_outputs(uint64_t cycle, Outputs& out) const {
    const bool initialising = cycle < static_cast<uint64_t>(m);  // 4a
    const bool done = done_at == cycle;
    const bool snap = snapshot_in(cycle);
    for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
      PeOut& o = out.pe[i];
      const Pending& p = pending[i];
      const std::deque<uint32_t>& f = fifo[i];
      // Ready is low while the RAM is being cleared, in the cycle the rebase is accepted
      // (its write takes the next cycle) and in a snapshot cycle (the snapshot takes the
      // RAM's one read port).
      o.req_ready = !initialising && !done && !snap;
      o.ack_valid = p.valid;
      o.ack_refused = p.valid && refused(static_cast<int>(i), p);
      o.fifo_valid = !f.empty();
      o.fifo_barrier = f.empty() ? 0 : f.front();
    }
    out.global.snap = snap;
    out.global.done = done;
    out.global.done_barrier = cnt2;
  }

  const int n;
  const int m;
  const int q;
  const size_t depth;
  const int64_t count_min;
  const int64_t count_max;
  const uint64_t barrier_limit;  ///< 2^BW: IDs that fit on req_barrier_i

  std::vector<Word> ram;  ///< [pe][barrier], all-zero after initialisation (4a)
  /// [pe][barrier]: cycle of this PE's last committed (non-refused) request update to
  /// the barrier, -1 if none. "touched" (4d) is last_commit >= s, evaluated when the
  /// rebase commits: no PE commit can fall in cycle d+1 because req_ready is low in d.
  std::vector<int64_t> last_commit;
  std::vector<Pending> pending;            ///< per PE
  std::vector<std::deque<uint32_t>> fifo;  ///< per PE, front = fifo_barrier_o

  uint32_t cnt2;              ///< global (and every local) CNT2; resets to M-1
  uint64_t load_at;           ///< cycle of the next ctl_load, or kNever
  uint64_t done_at = kNever;  ///< cycle of the next ctl_done, or kNever
  uint64_t done_snap = 0;     ///< s of the word completing at done_at
  Inspection insp;
  Rebase rebase;
};

void Unit::ImplDeleter::operator()(Impl* p) const { delete p; }

Unit::Unit(const Config& cfg) : cfg_(cfg) {
  cfg_.validate();
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
  sample_fifo_full_after_snapshot(k);
  decide_inspected_word(k);
  pop_fifos(in);
  complete_barrier(k);
  take_snapshot(k);
  commit_rebase(k);
  commit_requests(k);
  accept_requests(in);
  ++cycle_;
  impl_->fill_outputs(cycle_, out_);
}

void Unit::check_inputs(const Inputs& in) const {
  const size_t n = static_cast<size_t>(cfg_.pes);
  if (in.pe.size() != n) {
    std::ostringstream msg;
    msg << "Unit::step: inputs for " << in.pe.size() << " PEs, expected " << n;
    throw std::invalid_argument(msg.str());
  }
  for (size_t i = 0; i < n; ++i) {
    const PeIn& pin = in.pe[i];
    if (pin.req_valid && out_.pe[i].req_ready && pin.req_barrier >= impl_->barrier_limit) {
      // The port is only BW bits wide: such an ID cannot be presented to the RTL, and
      // silently truncating it would hide a stimulus bug.
      std::ostringstream msg;
      msg << "Unit::step: PE " << i << " req_barrier = " << pin.req_barrier << " does not fit in "
          << cfg_.barrier_bits() << " bits";
      throw std::invalid_argument(msg.str());
    }
  }
}

void Unit::sample_fifo_full_after_snapshot(uint64_t k) {
  // "FIFO full in cycle s+1" (slot 1) is the occupancy as of the start of s+1, so it is
  // sampled before this cycle's pops and pushes.
  Impl& s = *impl_;
  if (!s.insp.deciding || k != s.insp.snap_cycle + 1) return;
  for (size_t i = 0; i < s.fifo.size(); ++i) s.insp.full_at_s1[i] = s.fifo[i].size() >= s.depth;
}

void Unit::decide_inspected_word(uint64_t k) {
  // Global decision for this cycle's slot (4c). The snapshot was taken in an earlier
  // cycle, so this cannot depend on anything happening in cycle k.
  Impl& s = *impl_;
  const Impl::Inspection& w = s.insp;
  if (!w.deciding) return;
  const uint64_t slot = k - w.snap_cycle;
  if (slot == 2) {
    // Nobody used the barrier since its last completion.
    if (std::count(w.snap_open.begin(), w.snap_open.end(), true) == 0) s.exit_word(k);
  } else if (slot == 3) {
    // No room to report it: re-inspect it next pass.
    if (std::count(w.full_at_s1.begin(), w.full_at_s1.end(), true) != 0) s.exit_word(k);
  } else if (slot >= 4) {
    add_count_column(k, slot - 4);
  }
}

void Unit::add_count_column(uint64_t k, uint64_t j) {
  Impl& s = *impl_;
  Impl::Inspection& w = s.insp;
  // Column sum of bit j of the Q-bit two's complement of every snapshot count. The
  // int64 value is already sign-extended, so bit j of its 64-bit pattern is the
  // sign-extended bit for every j < Q <= 40.
  int64_t column = 0;
  for (const int64_t count : w.snap_count) {
    column += static_cast<int64_t>((static_cast<uint64_t>(count) >> j) & 1U);
  }
  const int64_t x = column + w.carry;
  if ((x & 1) != 0) {
    s.exit_word(k);  // bit j of the sum is 1: the global count is not zero
    return;
  }
  w.carry = x >> 1;
  if (j == static_cast<uint64_t>(s.q) - 1) {  // all Q bits zero: the barrier completes
    w.deciding = false;
    s.done_at = k + 1;  // d = s + Q + 4
    s.done_snap = w.snap_cycle;
    // With one barrier the next snapshot must see the rebase committed in d+1.
    s.load_at = s.m > 1 ? k + 1 : k + 3;
  }
}

void Unit::pop_fifos(const Inputs& in) {
  // An entry is popped when valid (as presented this cycle) and pop are both high.
  for (size_t i = 0; i < impl_->fifo.size(); ++i) {
    if (in.pe[i].fifo_pop && out_.pe[i].fifo_valid) impl_->fifo[i].pop_front();
  }
}

void Unit::complete_barrier(uint64_t k) {
  // Completion (4d): push CNT2 and accept the rebase. Captured before a same-cycle
  // snapshot replaces the inspection record.
  Impl& s = *impl_;
  if (k != s.done_at) return;
  for (std::deque<uint32_t>& f : s.fifo) {
    if (f.size() >= s.depth) {
      // Section 4d argues this cannot happen; if it does the model is wrong.
      throw std::logic_error("Unit::step: completion pushed into a full FIFO");
    }
    f.push_back(s.cnt2);
  }
  s.rebase.valid = true;
  s.rebase.commit_cycle = k + 1;
  s.rebase.barrier = s.cnt2;
  s.rebase.snap_cycle = s.done_snap;
  s.rebase.snap_count = s.insp.snap_count;
}

void Unit::take_snapshot(uint64_t k) {
  // Snapshot (4c): CNT2 advances (visible from k+1) and the word is read as of the start
  // of cycle k, i.e. before any commit of this cycle is applied.
  Impl& s = *impl_;
  if (k != s.load_at) return;
  const size_t n = static_cast<size_t>(s.n);
  s.cnt2 = static_cast<uint32_t>((s.cnt2 + 1) % static_cast<uint32_t>(s.m));
  Impl::Inspection& w = s.insp;
  w.deciding = true;
  w.barrier = s.cnt2;
  w.snap_cycle = k;
  w.carry = 0;
  w.snap_open.assign(n, false);
  w.snap_count.assign(n, 0);
  w.full_at_s1.assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    const Impl::Word& word = s.ram[s.idx(static_cast<int>(i), w.barrier)];
    w.snap_open[i] = word.open;
    w.snap_count[i] = word.count;
  }
  s.load_at = kNever;
}

// Commits of cycle k on port A: either the rebase accepted in k-1 (commit_rebase) or the PE
// requests accepted in k-1 (commit_requests), never both (req_ready was low in k-1 if a
// rebase was accepted).

void Unit::commit_rebase(uint64_t k) {
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

void Unit::commit_requests(uint64_t k) {
  Impl& s = *impl_;
  for (size_t i = 0; i < s.pending.size(); ++i) {
    Impl::Pending& p = s.pending[i];
    if (!p.valid) continue;
    if (!out_.pe[i].ack_refused) {  // refusal as presented on ack_refused_o this cycle
      const size_t at = s.idx(static_cast<int>(i), p.barrier);
      s.ram[at].count += p.delta;
      s.ram[at].open = true;
      s.last_commit[at] = static_cast<int64_t>(k);
    }
    p.valid = false;
  }
}

void Unit::accept_requests(const Inputs& in) {
  // Accept this cycle's requests; they are committed (or refused) in cycle k+1.
  for (size_t i = 0; i < impl_->pending.size(); ++i) {
    const PeIn& pin = in.pe[i];
    if (pin.req_valid && out_.pe[i].req_ready) {
      Impl::Pending& p = impl_->pending[i];
      p.valid = true;
      p.barrier = pin.req_barrier;
      p.delta = pin.req_dec ? -1 : +1;
    }
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

uint64_t Unit::done_snapshot_cycle() const { return impl_->done_snap; }

void Unit::preload_count(int pe, uint32_t barrier, int64_t count) {
  const int64_t half = int64_t{1} << (cfg_.count_bits - 1);
  if (pe < 0 || pe >= cfg_.pes || barrier >= static_cast<uint32_t>(cfg_.barriers) || count < -half || count >= half) {
    throw std::out_of_range("Unit::preload_count: PE, barrier or count out of range");
  }
  auto& word = impl_->ram[impl_->idx(pe, barrier)];
  word.count = count;
  word.open = true;
}

}  // namespace dsbc
