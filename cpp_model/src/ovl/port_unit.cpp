// SPDX-License-Identifier: Apache-2.0
// The port-level model of the feasibility Overlap unit (include/dsbc/ovl/port_unit.h).
#include "dsbc/ovl/port_unit.h"

#include <stdexcept>
#include <string>

namespace dsbc::ovl {
namespace {

void require(bool ok, const char* field, const char* legal, int64_t value) {
  if (!ok) {
    throw std::invalid_argument(std::string("ovl::PortUnit: ") + field + " = " + std::to_string(value) +
                                " is out of range (legal: " + legal + ", the feasibility RTL's build)");
  }
}

Config port_config(const Params& p) {
  Config c;
  c.pes = p.pes;
  c.barriers = p.barriers;
  c.count_bits = p.count_bits;
  c.fifo_depth = p.fifo_depth;
  c.overlap = 1;  // the oracle checks the overlap contract's ports (Config::overlap)
  c.overlap_pipe_end = p.pipe_end;
  c.overlap_header_slots = p.header_slots;
  return c;
}

const Params& validated(const Params& p) {
  PortUnit::validate(p);
  return p;
}

}  // namespace

void PortUnit::validate(const Params& p) {
  p.validate();
  require(p.pes == 16, "pes", "16", p.pes);
  require(p.barriers == 32, "barriers", "32", p.barriers);
  require(p.count_bits == 16 || p.count_bits == 8, "count_bits", "8 or 16", p.count_bits);
  require(p.fifo_depth == 8, "fifo_depth", "8", p.fifo_depth);
  require(p.reg_lines == 2, "reg_lines", "2", p.reg_lines);
  require(p.exit_delay == 0, "exit_delay", "0", p.exit_delay);
  require(!p.idle_spec, "idle_spec", "false", p.idle_spec ? 1 : 0);
}

PortUnit::PortUnit(const Params& p)
    : p_(validated(p)),
      cfg_(port_config(p)),
      dp_(p),
      x0_(p.start_cycle()),
      ops_(static_cast<size_t>(p.pes)),
      fifo_(static_cast<size_t>(p.pes)),
      rb_snap_(static_cast<size_t>(p.pes), 0) {
  out_.pe.resize(static_cast<size_t>(p.pes));
  present();
}

void PortUnit::step(const Inputs& in) {
  const int N = p_.pes;
  if (in.pe.size() != static_cast<size_t>(N)) {
    throw std::invalid_argument("ovl::PortUnit::step: inputs for " + std::to_string(in.pe.size()) + " PEs, not " +
                                std::to_string(N));
  }
  for (int i = 0; i < N; ++i) {
    const PeIn& pin = in.pe[static_cast<size_t>(i)];
    if (pin.req_valid && pin.req_barrier >= static_cast<uint32_t>(p_.barriers)) {
      throw std::invalid_argument("ovl::PortUnit::step: PE " + std::to_string(i) + " requests barrier " +
                                  std::to_string(pin.req_barrier) + ", M = " + std::to_string(p_.barriers));
    }
  }
  const int64_t X = cycle_;
  const bool started = X >= x0_;

  // FIFOs: the pop taken, the fetch into the head register (A first on the shared read port),
  // the push of the completion two cycles ago (its RAM write next cycle).
  const bool push = completion_ago(2);
  bool fetch_a = false;
  for (int i = 0; i < N; ++i) {
    Fifo& f = fifo_[static_cast<size_t>(i)];
    const bool do_pop = in.pe[static_cast<size_t>(i)].fifo_pop && f.hd_valid;
    if (do_pop && !dp_.pop(i)) throw std::logic_error("ovl::PortUnit: the contract's FIFO count is out of step");
    const bool want = !f.hd_valid && !f.fetch_q && !f.ram.empty();
    const bool fetch = want && ((i & 1) == 0 || !fetch_a);
    if ((i & 1) == 0) fetch_a = fetch;
    const bool loaded = f.fetch_q;
    f.hd_valid = loaded || (f.hd_valid && !do_pop);
    if (loaded) f.hd = f.fetched;
    if (fetch) {
      f.fetched = f.ram.front();
      f.ram.pop_front();
    }
    if (f.wr) f.ram.push_back(f.wr_data);
    // The POLL's room check (B line: a FIFO with < 2 free entries, < 3 while a tail's exit is
    // in flight under pipe_end; pending pushes counted)
    // keeps every completion off a full FIFO; a push into one is a contract failure, reported,
    // never a silently dropped ID (the RTL's self-check stops on it too).
    if (push && f.total >= p_.fifo_depth) {
      throw std::logic_error("ovl::PortUnit: a completion pushed into PE " + std::to_string(i) + "'s full FIFO (" +
                             std::to_string(f.total) + " of " + std::to_string(p_.fifo_depth) + " entries) at cycle " +
                             std::to_string(X));
    }
    const bool do_push = push;
    f.wr = do_push;
    f.wr_data = rb_barrier_;
    f.total += (do_push ? 1 : 0) - (do_pop ? 1 : 0);
    f.fetch_q = fetch;
  }

  // Commits (or refusals) of the updates accepted in X - 3, at the count's edge.
  const int64_t cmax = (int64_t{1} << (p_.count_bits - 1)) - 1;
  const int64_t cmin = -(int64_t{1} << (p_.count_bits - 1));
  if (X >= 3) {
    for (int i = 0; i < N; ++i) {
      Op& op = ops_[static_cast<size_t>(i)][static_cast<size_t>((X - 3) & 7)];
      if (!op.valid) continue;
      if (!started) throw std::logic_error("ovl::PortUnit: a commit during the clearing");
      int64_t c = dp_.count(i, op.barrier);
      // d .. d + 2: the word of the barrier just completed is read before its rebase write
      if (X - rb_cycle_ <= 2 && op.barrier == rb_barrier_) c += rb_snap_[static_cast<size_t>(i)];
      op.refused = op.dec ? c == cmin : c == cmax;
      if (!op.refused) dp_.commit(i, op.barrier, op.dec ? -1 : 1);
    }
  }
  // Acceptances: a request with ready high.
  for (int i = 0; i < N; ++i) {
    const PeIn& pin = in.pe[static_cast<size_t>(i)];
    Op& op = ops_[static_cast<size_t>(i)][static_cast<size_t>(X & 7)];
    op = Op{};
    if (pin.req_valid && out_.pe[static_cast<size_t>(i)].req_ready) {
      op.valid = true;
      op.barrier = pin.req_barrier;
      op.dec = pin.req_dec;
    }
  }
  if (started) dp_.end();

  // The next cycle: the broadcast, the sequencers, the head and the exit.
  ++cycle_;
  head_prev_ = head_;
  head_ = false;
  cdone_hist_ <<= 1;
  out_.global = GlobalOut{};
  if (cycle_ >= x0_) {
    const CycleStart& cs = dp_.begin(cycle_ - x0_);
    head_ = cs.head();
    out_.global.snap = cs.load;
    out_.global.done = cs.done;
    if (cs.completion()) {
      cdone_hist_ |= 1;
      rb_barrier_ = cs.exit->barrier;
      rb_cycle_ = cycle_;
      rb_snap_ = dp_.last_rebase();
    }
  }
  present();
}

void PortUnit::present() {
  const int64_t X = cycle_;
  const bool busy = X < x0_ || head_ || head_prev_ || (cdone_hist_ & 0x1f) != 0;
  out_.global.done_barrier = dp_.cnt2();
  for (int i = 0; i < p_.pes; ++i) {
    const auto ui = static_cast<size_t>(i);
    PeOut& o = out_.pe[ui];
    const bool b = (i & 1) != 0;
    o.req_ready = (b == ((X & 1) != 0)) && !busy && !(b && completion_ago(5));
    const Op& op = ops_[ui][static_cast<size_t>((X - 4) & 7)];
    o.ack_valid = X >= 4 && op.valid;
    o.ack_refused = o.ack_valid && op.refused;
    const Fifo& f = fifo_[ui];
    o.fifo_valid = f.hd_valid;
    o.fifo_barrier = f.hd_valid ? f.hd : 0;
  }
}

}  // namespace dsbc::ovl
