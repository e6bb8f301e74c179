// SPDX-License-Identifier: Apache-2.0
#include "dsbc/oracle.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace dsbc {

namespace {
constexpr size_t kMaxMessages = 20;
}

void LatencyStats::add(uint64_t latency) {
  ++count;
  sum += latency;
  max = std::max(max, latency);
  samples.push_back(latency);
}

uint64_t LatencyStats::percentile(int p) const {
  if (samples.empty()) return 0;
  std::vector<uint64_t> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  const size_t rank = (static_cast<size_t>(p) * sorted.size() + 99) / 100;  // ceil(p% of n)
  return sorted[std::max<size_t>(rank, 1) - 1];
}

Oracle::Oracle(const Config& cfg) : cfg_(cfg) {
  cfg_.validate();
  count_max_ = (int64_t{1} << (cfg_.count_bits - 1)) - 1;
  count_min_ = -(int64_t{1} << (cfg_.count_bits - 1));
  barrier_.resize(cfg_.barriers);
  local_.assign(cfg_.pes, std::vector<int64_t>(cfg_.barriers, 0));
  expect_fifo_.resize(cfg_.pes);
  accepted_.resize(cfg_.pes);
  accepted_last_.assign(cfg_.pes, 0);
  if (cfg_.half_rate == 1) {
    // The contract of half the request rate (rtl/dsbc_local_half.v), written here from the
    // RTL's header, not from the model: a request accepted in t is committed in t + 3 (the
    // refusal decided on the count then) and acknowledged in t + 4; ready is low in the cycle
    // after a PE's acceptance and in d .. d + 4, the rebase committed in d + 4.
    ack_delay_ = 4;
    commit_lag_ = 1;
    rebase_gap_ = 4;
  }
  if (cfg_.overlap == 1) {
    // The overlap contract (ovl::PortUnit, Config::overlap): the same acceptance-to-commit and
    // -acknowledge timing and the same rebase in d + 4 as half the request rate (PE A's rebase
    // write; B's in d + 5 is hidden behind its ready, low until then, and its odd phase).
    ack_delay_ = 4;
    commit_lag_ = 1;
    rebase_gap_ = 4;
    const ovl::Params p = ovl::Params::of(cfg_);
    ovl_.seq.emplace(p);
    ovl_.seq_stolen_max = p.stolen_max();
    ovl_.bit0_after_head = static_cast<uint64_t>(p.first_count_slot() + p.round_trip());
    ovl_.x0 = static_cast<uint64_t>(p.start_cycle());  // the pairs clear their RAMs first
    ovl_.dirty.assign(cfg_.barriers, 0);
    ovl_.pushed.resize(cfg_.pes);
    ovl_.last_pop.assign(cfg_.pes, kNone);
  }
  // A FIFO short of room: full (rr, arb: the full slot), or with fewer than 2 free entries
  // under the overlap contract (its POLL's veto, ovl::Params::kRoomNeed).
  full_level_ = cfg_.overlap == 1 ? cfg_.fifo_depth - (ovl::Params::kRoomNeed - 1) : cfg_.fifo_depth;
  if (ack_delay_ >= kAckSlots) throw std::logic_error("Oracle: ack delay beyond accepted_'s slots");
  uncovered_.assign(cfg_.barriers, kNone);
  uncovered_pe_.assign(cfg_.barriers, 0);
  done_per_barrier_.assign(cfg_.barriers, 0);
  in_fifo_.assign(static_cast<size_t>(cfg_.pes) * cfg_.barriers, 0);
  if (cfg_.sched == Sched::kArb && cfg_.overlap == 0) {
    arb_.dirty.assign(cfg_.barriers, false);
    arb_.poll_from = static_cast<uint64_t>(cfg_.barriers);  // the first POLL follows the RAM clear (4a)
    arb_.last = static_cast<uint32_t>(cfg_.barriers - 1);
  }
}

void Oracle::set_closed(BarrierState& bs, bool closed) {
  if (closed != bs.closed_pending) closed_now_ += closed ? 1 : static_cast<uint32_t>(-1);
  bs.closed_pending = closed;
}

void Oracle::fail(uint64_t cycle, const std::string& what) {
  ++violations_;
  if (messages_.size() < kMaxMessages) {
    messages_.push_back("cycle " + std::to_string(cycle) + ": " + what);
  }
}

int64_t Oracle::local_at(int pe, uint32_t b, uint64_t before_cycle) const {
  int64_t v = local_[pe][b];
  for (const Commit& c : recent_) {
    if (c.pe == pe && c.barrier == b && !in_cut(c.pe, c.cycle, before_cycle)) v -= c.delta;
  }
  return v;
}

void Oracle::observe(uint64_t k, const Outputs& out, const Inputs& in) {
  const int n = cfg_.pes;
  const uint64_t m = static_cast<uint64_t>(cfg_.barriers);
  const bool arb = cfg_.sched == Sched::kArb && cfg_.overlap == 0;
  if (arb) check_arb_schedule(k, out);
  std::vector<uint32_t> committed;  // barriers committed to in cycle k

  // Keep only commits that a snapshot still in progress can need.
  const uint64_t keep = 4 * static_cast<uint64_t>(cfg_.q()) + 64;
  while (!recent_.empty() && recent_.front().cycle + keep < k) recent_.pop_front();

  // 0. Half rate: a completion's rebase, committed 4 cycles after it (no request of the PEs
  // commits in that cycle: none was accepted in d .. d + 4; the acknowledges of this cycle are
  // of commits in d + 3, of requests accepted in d, none).
  if (rebase_.at == k) {
    for (int i = 0; i < n; ++i) local_[i][rebase_.barrier] -= rebase_.snap[i];
    rebase_.at = kNone;
  }

  // 1. Acknowledges: exactly one cycle after acceptance (half rate: four, the commit in the
  // cycle before); refused exactly on overflow of the count as of the commit.
  const uint64_t commit_cycle = k - commit_lag_;
  for (int i = 0; i < n; ++i) {
    const PeOut& o = out.pe[i];
    const Pending& a = accepted_[i][k % kAckSlots];
    if (o.ack_valid != a.valid) {
      fail(k, "PE " + std::to_string(i) + (a.valid ? ": missing ack" : ": ack without request"));
      continue;
    }
    if (!a.valid) continue;
    const int delta = a.dec ? -1 : +1;
    bool expect_refused = a.barrier >= m;
    if (!expect_refused) {
      const int64_t next = local_[i][a.barrier] + delta;
      expect_refused = next < count_min_ || next > count_max_;
    }
    if (o.ack_refused != expect_refused) {
      std::ostringstream os;
      os << "PE " << i << " barrier " << a.barrier << " delta " << delta << ": "
         << (expect_refused ? "should be refused" : "refused wrongly") << " (local count "
         << (a.barrier < m ? local_[i][a.barrier] : 0) << ")";
      fail(k, os.str());
    }
    if (expect_refused) {
      ++refusals_;
      ++bins_[a.barrier >= m ? kRefuseId : delta > 0 ? kRefusePositive : kRefuseNegative];
      continue;
    }
    ++commits_;
    committed.push_back(a.barrier);
    local_[i][a.barrier] += delta;
    if (local_[i][a.barrier] < 0) ++bins_[kNegativeLocal];
    BarrierState& bs = barrier_[a.barrier];
    bs.global += delta;
    recent_.push_back({commit_cycle, i, a.barrier, delta});
    if (uncovered_[a.barrier] == kNone) {
      // The first commit of a new epoch; a reuse if b completed before and this PE has
      // popped every completion of b it was given.
      if (done_per_barrier_[a.barrier] > 0 && in_fifo_[static_cast<size_t>(i) * m + a.barrier] == 0) {
        ++bins_[kReopenAfterPop];
      }
      uncovered_[a.barrier] = commit_cycle;
      uncovered_pe_[a.barrier] = i;
    }
    // Overlap contract: the commit marks its barrier dirty, unless it is in the cut of a head
    // of that barrier in the same cycle (B's commit of an even head cycle).
    if (cfg_.overlap == 1 && !(ovl_.last_head == commit_cycle && ovl_.last_head_barrier == a.barrier &&
                               in_cut(i, commit_cycle, commit_cycle))) {
      ovl_.dirty[a.barrier] = 1;
    }
    if (bs.global == 0) {
      if (closed_now_ > (bs.closed_pending ? 1u : 0u)) ++bins_[kSimultaneous];
      set_closed(bs, true);
      bs.close_cycle = commit_cycle;
      bs.close_pe = i;
      pending_closings_.push_back({commit_cycle, a.barrier});
    } else {
      set_closed(bs, false);
    }
  }

  if (cfg_.overlap == 1) {
    observe_overlap(k, out, in);
  } else {
    observe_ports(k, out, in);
  }
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(expect_fifo_[i].size()) >= full_level_) {
      last_full_cycle_ = k;
      break;
    }
  }

  // 6. Liveness: every closing not reported within the bound while every FIFO had room.
  // Closings are queued in cycle order, so the overdue ones are a prefix of the queue; an
  // overdue closing excused by a full FIFO leaves the queue too (it can never become due
  // again), so it does not hide the newer closings behind it. finish() still requires that
  // every closing is reported in the end.
  const uint64_t bound = static_cast<uint64_t>(cfg_.latency_bound());
  while (!pending_closings_.empty()) {
    const auto [c, b] = pending_closings_.front();
    const BarrierState& bs = barrier_[b];
    const bool reported_or_reopened = !bs.closed_pending || bs.close_cycle != c;
    if (!reported_or_reopened && k - c <= bound) break;  // this and every newer one not yet due
    pending_closings_.pop_front();
    if (!reported_or_reopened && (last_full_cycle_ == kNone || last_full_cycle_ < c)) {
      fail(k, "barrier " + std::to_string(b) + " closed at cycle " + std::to_string(c) +
                  " is not reported within the bound " + std::to_string(bound));
    }
  }

  if (arb) advance_arb_schedule(k, committed);

  // 7. What is accepted now is acknowledged next cycle (half rate: in k + 4).
  for (int i = 0; i < n; ++i) {
    const bool accepted = in.pe[i].req_valid && out.pe[i].req_ready;
    accepted_[i][(k + ack_delay_) % kAckSlots] = {accepted, in.pe[i].req_barrier, in.pe[i].req_dec};
    accepted_last_[i] = accepted ? 1 : 0;
  }
}

void Oracle::observe_overlap(uint64_t k, const Outputs& out, const Inputs& in) {
  const int n = cfg_.pes;
  const uint64_t m = static_cast<uint64_t>(cfg_.barriers);
  Overlap& o = ovl_;

  // The broadcast decoded as every pair block decodes it (contract.h): the slot of contract
  // cycle k - x0 and the exit of a word, if one ends now.
  bool head = false;
  uint32_t head_barrier = 0;
  std::optional<ovl::Exit> exit;
  if (k >= o.x0) {
    const ovl::Slot slot = o.seq->step(static_cast<int64_t>(k - o.x0), out.global.snap, out.global.done, &exit);
    if (o.seq->protocol_errors() != o.protocol_errors) {
      o.protocol_errors = o.seq->protocol_errors();
      fail(k, std::string("broadcast ctl_load=") + (out.global.snap ? "1" : "0") +
                  " ctl_done=" + (out.global.done ? "1" : "0") + " the overlap contract cannot explain");
    }
    head = slot.head();  // pipe_end 2: also a kCountHead slot (the old word becomes the tail)
    // A FIFO counts as short of room as the next POLL's B line sees it: one more push may come
    // while a tail's exit is in flight (overlap.md 13a).
    full_level_ = cfg_.fifo_depth - (o.seq->room_need() - 1);
    head_barrier = slot.barrier;
  } else if (out.global.snap || out.global.done) {
    fail(k, "broadcast during the RAM clearing (cycles < 2M)");
  }
  if (out.global.done_barrier != o.seq->cnt2()) {
    fail(k, "done_barrier " + std::to_string(out.global.done_barrier) +
                ", expected CNT2 = " + std::to_string(o.seq->cnt2()) + " (overlap contract)");
  }

  // 3. The FIFOs' heads: never shown before a push or out of order; shown at the latest 6
  // cycles after the push (written in d + 3, fetched into the head register) and 3 after the
  // last pop, PE B one cycle later (its fetch after A's on the shared read port).
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<size_t>(i);
    auto& q = expect_fifo_[ui];
    const PeOut& po = out.pe[ui];
    if (po.fifo_valid) {
      if (q.empty() || po.fifo_barrier != q.front()) {
        fail(k, "PE " + std::to_string(i) + ": FIFO shows id " + std::to_string(po.fifo_barrier) +
                    (q.empty() ? " with no completion pushed" : ", expected " + std::to_string(q.front())));
      }
    } else {
      if (po.fifo_barrier != 0) fail(k, "PE " + std::to_string(i) + ": fifo_barrier not 0 without fifo_valid");
      // PE B (odd) fetches one cycle after A when both want the shared read port.
      const uint64_t late = (i & 1) != 0 ? 1 : 0;
      if (!q.empty() && k >= o.pushed[ui].front() + 6 + late &&
          (o.last_pop[ui] == kNone || k >= o.last_pop[ui] + 3 + late)) {
        fail(k, "PE " + std::to_string(i) + ": FIFO head of barrier " + std::to_string(q.front()) + " pushed in " +
                    std::to_string(o.pushed[ui].front()) + " not shown");
      }
    }
    if (po.fifo_valid && in.pe[ui].fifo_pop && !q.empty()) {
      --in_fifo_[ui * m + q.front()];
      q.pop_front();
      o.pushed[ui].pop_front();
      o.last_pop[ui] = k;
      ++pops_;
    }
  }

  // 4. An exit: a completion (pushes in d, rebases in d + 4) or a word ending at a 1 bit. Under
  // pipe_end the sequencer gives the exit to the tail first: its head, cut and timing are the
  // tail's own (the new word's head came with or after its last count slot).
  if (exit) {
    const uint64_t s = static_cast<uint64_t>(exit->head) + o.x0;
    if (exit->barrier >= m) {
      fail(k, "exit of barrier " + std::to_string(exit->barrier));
    } else {
      // The word's count bits are its snapshot's sum (Q bits, LSB first from s + 3, or s + 2
      // with one header slot; a race steals at most its K key slots, and the POLL with one
      // header slot): bit j decides in s + 6 + j (s + 5 + j) plus the stolen slots, the exit at
      // the lowest 1 bit, a completion after bit Q - 1 when all are 0.
      int64_t sum = 0;
      for (int i = 0; i < n; ++i) sum += local_at(i, exit->barrier, s);
      const uint64_t q = static_cast<uint64_t>(cfg_.q());
      const uint64_t bits = static_cast<uint64_t>(sum) & ((uint64_t{1} << q) - 1);
      uint64_t j = q - 1;
      if (bits != 0) {
        j = 0;
        while (((bits >> j) & 1U) == 0) ++j;
      }
      const uint64_t earliest = s + o.bit0_after_head + j;
      const uint64_t latest = earliest + static_cast<uint64_t>(o.seq_stolen_max);
      if (!exit->completion && bits == 0) {
        fail(k, "barrier " + std::to_string(exit->barrier) + " exits without completing, its sum at the cut (cycle " +
                    std::to_string(s) + ") 0");
      }
      if (k < earliest || k > latest) {
        fail(k, "barrier " + std::to_string(exit->barrier) + " exits " + std::to_string(k - s) +
                    " cycles after its head, its sum's " + (bits != 0 ? "lowest 1 bit " : "last bit ") +
                    std::to_string(j) + " allows " + std::to_string(earliest - s) + " .. " +
                    std::to_string(latest - s));
      }
      if (exit->completion) {
        complete(k, exit->barrier, s);
      } else {
        ++bins_[kCountExit];
      }
    }
  }

  // 5. A head (after the exit: the next head can be in d): it names a barrier committed to
  // since the cut of its last head, and clears that mark; a commit of this cycle after the cut
  // marks it again (observe's step 1, next cycle).
  if (head) {
    if (head_barrier >= m) {
      fail(k, "head of barrier " + std::to_string(head_barrier));
    } else {
      if (o.dirty[head_barrier] == 0) {
        fail(k, "head of barrier " + std::to_string(head_barrier) +
                    " with no commit since its last head's cut (phantom head)");
      }
      o.dirty[head_barrier] = 0;
    }
    o.last_head = k;
    o.last_head_barrier = head_barrier;
  }

  // 2. Ready (after the exit and the head, which lower it): PE 2i only in even cycles, 2i + 1
  // only in odd ones; low before 2M, in a head s and s + 1 (the count RAM's two snapshot
  // reads) and in d .. d + 4 (A), d .. d + 5 (B) (the rebase writes).
  const bool in_head = o.last_head != kNone && (k == o.last_head || k == o.last_head + 1);
  for (int i = 0; i < n; ++i) {
    const bool b_pe = (i & 1) != 0;
    const uint64_t gap = rebase_gap_ + (b_pe ? 1 : 0);
    const bool after_done = last_done_ != kNone && k - last_done_ <= gap;
    const bool expect_ready = k >= o.x0 && b_pe == ((k & 1) != 0) && !in_head && !after_done;
    if (out.pe[static_cast<size_t>(i)].req_ready != expect_ready) {
      fail(k, "PE " + std::to_string(i) + ": req_ready should be " + (expect_ready ? "high" : "low") +
                  " (overlap contract)");
      break;
    }
  }
}

void Oracle::observe_ports(uint64_t k, const Outputs& out, const Inputs& in) {
  const int n = cfg_.pes;
  const uint64_t m = static_cast<uint64_t>(cfg_.barriers);
  const bool arb = cfg_.sched == Sched::kArb;
  // 2. Ready: low exactly during initialisation, in a ctl_done cycle and in a snapshot
  // (ctl_load) cycle; half rate also in the 4 cycles after a ctl_done, and for one PE in the
  // cycle after its acceptance.
  const bool after_done = last_done_ != kNone && k - last_done_ <= rebase_gap_;
  const bool common_ready = k >= m && !out.global.done && !out.global.snap && !after_done;
  for (int i = 0; i < n; ++i) {
    const bool expect_ready = common_ready && !(ack_delay_ > 1 && accepted_last_[i]);
    if (out.pe[i].req_ready != expect_ready) {
      fail(k, "PE " + std::to_string(i) + ": req_ready should be " + (expect_ready ? "high" : "low"));
      break;
    }
  }

  // 3. FIFO outputs reflect the completions pushed before this cycle, in order.
  for (int i = 0; i < n; ++i) {
    const auto& q = expect_fifo_[i];
    const PeOut& o = out.pe[i];
    const bool valid = !q.empty();
    const uint32_t head = valid ? q.front() : 0;
    if (o.fifo_valid != valid || o.fifo_barrier != head) {
      std::ostringstream os;
      os << "PE " << i << ": FIFO shows valid=" << o.fifo_valid << " id=" << o.fifo_barrier
         << ", expected valid=" << valid << " id=" << head;
      fail(k, os.str());
    }
    if (valid && in.pe[i].fifo_pop) {
      --in_fifo_[static_cast<size_t>(i) * m + head];
      expect_fifo_[i].pop_front();
      ++pops_;
    }
  }

  // 4. A completion: the global count was zero at the snapshot, it covers a commit no
  // earlier completion covered, and it reaches every PE.
  if (out.global.done) {
    const uint32_t b = out.global.done_barrier;
    if (!seen_snap_ || b >= m) {
      fail(k, "done without a snapshot or with barrier " + std::to_string(b));
    } else {
      complete(k, b, last_snap_cycle_);
    }
  }

  // 5. Snapshot bookkeeping (after the done: a done and the next snapshot share a cycle).
  if (out.global.snap) {
    // done_barrier still shows the barrier of the word that ends here (CNT2 advances at k+1).
    if (seen_snap_ && !arb) end_of_word(k, out.global.done_barrier);
    last_snap_cycle_ = k;
    seen_snap_ = true;
  }
}

// A completion in k of barrier b whose word's snapshot was taken in s: the global count was
// zero at the snapshot, it covers a commit no earlier completion covered, and it reaches every PE.
void Oracle::complete(uint64_t k, uint32_t b, uint64_t s) {
  const int n = cfg_.pes;
  const uint64_t m = static_cast<uint64_t>(cfg_.barriers);
  BarrierState& bs = barrier_[b];
  int64_t at_snap = 0;
  for (int i = 0; i < n; ++i) at_snap += local_at(i, b, s);
  if (at_snap != 0) {
    fail(k, "barrier " + std::to_string(b) +
                " reported complete but its global count at "
                "snapshot cycle " +
                std::to_string(s) + " was " + std::to_string(at_snap));
  }
  if (uncovered_[b] == kNone || !in_cut(uncovered_pe_[b], uncovered_[b], s)) {
    fail(k,
         "barrier " + std::to_string(b) + " reported with no commit since its last completion (duplicate or unused)");
  }
  // Rebase: each local count becomes what was committed after the snapshot (half rate: in
  // d + 4, step 0, after the commits of the requests accepted before d).
  uncovered_[b] = kNone;
  last_done_ = k;
  if (rebase_gap_ == 0) {
    for (int i = 0; i < n; ++i) local_[i][b] -= local_at(i, b, s);
  } else {
    rebase_.at = k + rebase_gap_;
    rebase_.barrier = b;
    rebase_.snap.resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) rebase_.snap[static_cast<size_t>(i)] = local_at(i, b, s);
  }
  for (const Commit& c : recent_) {
    if (c.barrier == b && !in_cut(c.pe, c.cycle, s) && (uncovered_[b] == kNone || c.cycle < uncovered_[b])) {
      uncovered_[b] = c.cycle;
      uncovered_pe_[b] = c.pe;
    }
  }
  // The last count slot is s+Q+3 (rr: open, full, Q count slots from s+2), decided P
  // cycles later (4f), or s+Q+1 (arb: head, full, Q count slots from s+2); done follows it.
  const bool arb = cfg_.sched == Sched::kArb;
  const uint64_t done_after =
      static_cast<uint64_t>(cfg_.q()) + (arb ? 2 : 4 + static_cast<uint64_t>(cfg_.sum_latency()));
  // (Overlap: the exit's cycle depends on the races, not predicted here; the sequencer
  // rejects a broadcast it cannot explain.)
  if (cfg_.overlap == 0 && k - s != done_after) {
    fail(k, "barrier " + std::to_string(b) + " done " + std::to_string(k - s) + " cycles after its snapshot, not " +
                (arb              ? "Q + 2 = "
                 : cfg_.pipe == 1 ? "Q + 4 + P = "
                                  : "Q + 4 = ") +
                std::to_string(done_after));
  }
  if (bs.closed_pending && in_cut(bs.close_pe, bs.close_cycle, s)) {
    const uint64_t lat = k - bs.close_cycle;
    if (last_full_cycle_ != kNone && last_full_cycle_ >= bs.close_cycle) {
      ++blocked_completions_;
    } else {
      if (lat > static_cast<uint64_t>(cfg_.latency_bound())) {
        fail(k, "barrier " + std::to_string(b) + " latency " + std::to_string(lat) + " exceeds the documented bound " +
                    std::to_string(cfg_.latency_bound()));
      }
      latency_.add(lat);
      ++bins_[kLatencyChecked];
    }
    set_closed(bs, false);
  }
  ++completions_;
  ++bins_[kCompletion];
  ++done_per_barrier_[b];
  word_done_ = true;
  for (int i = 0; i < n; ++i) {
    ++in_fifo_[static_cast<size_t>(i) * m + b];
    expect_fifo_[i].push_back(b);
    if (cfg_.overlap == 1) ovl_.pushed[static_cast<size_t>(i)].push_back(k);
    if (static_cast<int>(expect_fifo_[i].size()) > cfg_.fifo_depth) {
      fail(k, "PE " + std::to_string(i) + ": completion pushed into a full FIFO");
    }
  }
}

void Oracle::preload(uint64_t cycle, int pe, uint32_t b, int64_t count) {
  // Not a commit in recent_: a preload is only made to a barrier with no snapshot in
  // progress, so no rebase needs to see it.
  BarrierState& bs = barrier_.at(b);
  const int64_t delta = count - local_.at(pe)[b];
  local_[pe][b] = count;
  bs.global += delta;
  if (uncovered_[b] == kNone) {
    uncovered_[b] = cycle - 1;
    uncovered_pe_[b] = pe;
  }
  if (bs.global == 0) {
    set_closed(bs, true);
    bs.close_cycle = cycle - 1;
    bs.close_pe = pe;
    pending_closings_.push_back({cycle - 1, b});
  } else {
    set_closed(bs, false);
  }
}

void Oracle::end_of_word(uint64_t k, uint32_t b) {
  const uint64_t len = k - last_snap_cycle_;
  const uint64_t p = static_cast<uint64_t>(cfg_.sum_latency());  // every decision P cycles after its slot (4f)
  const uint64_t full_word = static_cast<uint64_t>(cfg_.q()) + 4 + p;
  if (word_done_) {
    word_done_ = false;  // counted as kCompletion at the done
    const uint64_t expect = full_word + (cfg_.barriers == 1 ? 2 : 0);
    if (len != expect) {
      fail(k, "the word after a completion starts " + std::to_string(len) + " cycles after its snapshot, not " +
                  std::to_string(expect));
    }
    return;
  }
  // Exit decided in cycle e: the next snapshot in e + 1. The open slot is decided in s+2+P,
  // the full slot in s+3+P, count bit j in s+4+j+P (4c, 4f).
  if (len < 3 + p || len > full_word) {
    fail(k, "a word of barrier " + std::to_string(b) + " lasted " + std::to_string(len) +
                " cycles without completing (legal: " + std::to_string(3 + p) + ".." + std::to_string(full_word) + ")");
  } else if (len == 3 + p) {
    ++bins_[kOpenSlotExit];
  } else if (len == 4 + p) {
    ++bins_[kFullSlotExit];
    // Held back: the snapshot saw the closing commit, so only the full slot stopped it.
    const BarrierState& bs = barrier_[b];
    if (bs.closed_pending && bs.close_cycle < last_snap_cycle_) ++bins_[kFullHolds];
  } else {
    ++bins_[kCountExit];
  }
}

void Oracle::check_arb_schedule(uint64_t k, const Outputs& out) {
  ArbSchedule& a = arb_;
  const uint32_t m = static_cast<uint32_t>(cfg_.barriers);
  // POLL in k (4e) sees the dirty bits as of the start of k; a hit starts BW arbitration
  // slots and the head of the winner follows them: the first dirty barrier at or after
  // last + 1, cyclically.
  if (a.next_head == kNone && a.poll_from != kNone && k >= a.poll_from) {
    for (uint32_t r = 0; r < m; ++r) {
      const uint32_t b = (a.last + 1 + r) % m;
      if (a.dirty[b]) {
        a.next_head = k + 1 + static_cast<uint64_t>(cfg_.barrier_bits());
        a.next_barrier = b;
        a.poll_from = kNone;
        break;
      }
    }
  }
  if (out.global.snap != (k == a.next_head)) {
    fail(k, out.global.snap
                ? "snapshot (head slot) off the arb schedule"
                : "expected the head slot of barrier " + std::to_string(a.next_barrier) + " (arb schedule)");
  }
  if (out.global.done != (k == a.next_done)) {
    fail(k, out.global.done ? "done off the arb schedule" : "expected a done (arb schedule: the snapshot summed to 0)");
  }
  if (out.global.done_barrier != a.last) {
    fail(k, "done_barrier " + std::to_string(out.global.done_barrier) + ", expected CNT2 = " + std::to_string(a.last));
  }
  // A re-mark due in k is seen by a head of the same barrier in k (M = 1), see advance.
  const bool remarked = k == a.remark_at && a.remark_barrier == a.next_barrier;
  a.head_clean = k == a.next_head && !a.dirty[a.next_barrier] && !remarked;
}

void Oracle::advance_arb_schedule(uint64_t k, const std::vector<uint32_t>& committed) {
  ArbSchedule& a = arb_;
  const uint32_t m = static_cast<uint32_t>(cfg_.barriers);
  // A re-mark due now (s+2 of a full-slot exit) sets the barrier dirty before this cycle's
  // head, so a head of that barrier (M = 1) sees it and clears it; kept aside because the head
  // may schedule the next re-mark.
  bool remark_now = k == a.remark_at;
  const uint32_t remark_barrier = a.remark_barrier;
  if (remark_now && k == a.next_head && a.next_barrier == remark_barrier) remark_now = false;
  if (k == a.next_head) {
    const uint32_t b = a.next_barrier;
    a.last = b;
    a.next_head = kNone;
    a.dirty[b] = false;  // cleared by the head; a commit in k sets it again (below)
    if (a.head_clean) {
      a.poll_from = k + 1;
      ++bins_[kCleanHeadExit];
    } else {
      bool full = false;  // full slot k+1: FIFOs as of the start of k+1, i.e. now
      for (const auto& q : expect_fifo_) full = full || static_cast<int>(q.size()) >= cfg_.fifo_depth;
      a.next_barrier = (b + 1) % m;
      if (full) {
        a.next_head = k + 2;
        a.remark_at = k + 2;
        a.remark_barrier = b;
        ++bins_[kFullSlotExit];
        const BarrierState& bs = barrier_[b];
        if (bs.closed_pending && bs.close_cycle < k) ++bins_[kFullHolds];
      } else {
        // The serial adder exits at the lowest 1 bit of the Q-bit sum of the snapshots
        // (count bit j in k+2+j, next head in k+3+j), or completes after bit Q-1.
        int64_t sum = 0;
        for (int i = 0; i < cfg_.pes; ++i) sum += local_at(i, b, k);
        const uint64_t q = static_cast<uint64_t>(cfg_.q());
        const uint64_t bits = static_cast<uint64_t>(sum) & ((uint64_t{1} << q) - 1);
        if (bits == 0) {
          a.next_done = k + q + 2;
          a.next_head = a.next_done + (m > 1 ? 0 : 2);  // M = 1: after the rebase of d+1
        } else {
          uint64_t j = 0;
          while (((bits >> j) & 1U) == 0) ++j;
          a.next_head = k + 3 + j;
          ++bins_[kCountExit];
        }
      }
    }
  }
  if (k == a.next_done) a.next_done = kNone;
  for (const uint32_t b : committed) a.dirty[b] = true;
  if (remark_now) a.dirty[remark_barrier] = true;
  if (a.remark_at == k) a.remark_at = kNone;
}

const std::array<const char*, Oracle::kNumBins>& Oracle::bin_names() {
  static const std::array<const char*, kNumBins> names = {
      "completion",      "latency_checked", "refuse_pos",       "refuse_neg",     "refuse_id",
      "full_holds",      "simultaneous",    "reopen_after_pop", "negative_local", "open_slot_exit",
      "clean_head_exit", "full_slot_exit",  "count_exit"};
  return names;
}

std::string Oracle::bin_not_applicable(Bin b) const {
  switch (b) {
    case kRefuseId:
      // The request carries BW = max(1, clog2 M) ID bits: with M == 2^BW every ID it can
      // express is legal.
      if ((int64_t{1} << cfg_.barrier_bits()) == cfg_.barriers) return "M is 2^BW: every expressible ID is < M";
      return "";
    case kOpenSlotExit:
      if (cfg_.overlap == 1) return "the overlap contract has no open slot (a head implies a commit)";
      if (cfg_.sched != Sched::kRr) return "sched arb has no open slot (a dirty bit implies use)";
      return "";
    case kCleanHeadExit:
      if (cfg_.sched != Sched::kArb || cfg_.overlap == 1) return "only sched arb has head slots";
      return "";
    case kFullSlotExit:
    case kFullHolds:
      if (cfg_.overlap == 1) return "the overlap contract has no full slot (a FIFO short of room vetoes the race)";
      return "";
    case kSimultaneous:
      if (cfg_.barriers == 1) return "M == 1: one barrier cannot close twice at once";
      return "";
    default: return "";
  }
}

uint32_t Oracle::barriers_done() const {
  uint32_t n = 0;
  for (uint32_t d : done_per_barrier_) n += d > 0 ? 1 : 0;
  return n;
}

std::string Oracle::done_ids_hex() const {
  std::string hex;
  const size_t m = done_per_barrier_.size();
  for (size_t nib = (m + 3) / 4; nib-- > 0;) {
    int v = 0;
    for (size_t bit = 0; bit < 4; ++bit) {
      const size_t b = nib * 4 + bit;
      if (b < m && done_per_barrier_[b] > 0) v |= 1 << bit;
    }
    hex += "0123456789abcdef"[v];
  }
  return hex;
}

std::string Oracle::coverage_fields() const {
  std::string s;
  for (int i = 0; i < kNumBins; ++i) {
    const Bin b = static_cast<Bin>(i);
    s += std::string(" cov_") + bin_names()[i] + "=" +
         (bin_not_applicable(b).empty() ? std::to_string(bins_[i]) : std::string("na"));
  }
  return s + " done_ids=" + done_ids_hex();
}

void Oracle::finish(bool drained) {
  for (uint32_t b = 0; b < barrier_.size(); ++b) {
    if (barrier_[b].closed_pending) {
      fail(0, "barrier " + std::to_string(b) + " closed at cycle " + std::to_string(barrier_[b].close_cycle) +
                  " was never reported");
    }
  }
  if (drained) {
    for (int i = 0; i < cfg_.pes; ++i) {
      if (!expect_fifo_[i].empty()) {
        fail(0, "PE " + std::to_string(i) + ": " + std::to_string(expect_fifo_[i].size()) +
                    " completions never delivered");
      }
    }
  }
}

}  // namespace dsbc
