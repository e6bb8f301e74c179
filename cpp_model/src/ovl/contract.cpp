// SPDX-License-Identifier: Apache-2.0
// The overlap contract (include/dsbc/ovl/contract.h; synth/feasibility/overlap.md 1a-1d).
#include "dsbc/ovl/contract.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace dsbc::ovl {
namespace {

int clog2(int64_t x) {
  int n = 0;
  while ((int64_t{1} << n) < x) ++n;
  return n;
}

void require(bool ok, const char* field, const std::string& range, int64_t value) {
  if (!ok) {
    throw std::invalid_argument(std::string("ovl::Params: ") + field + " = " + std::to_string(value) +
                                " is out of range (legal: " + range + ")");
  }
}

// A key slot's decision on the broadcast: two bits {ctl_load, ctl_done}, or ctl_load alone in
// a one-bit slot.
uint32_t broadcast_digit(int width, bool load, bool done) {
  return width == 2 ? ((load ? 2u : 0u) | (done ? 1u : 0u)) : (load ? 1u : 0u);
}

}  // namespace

void Params::validate() const {
  require(pes >= 2 && pes <= 256 && pes % 2 == 0, "pes", "even, 2 .. 256", pes);
  require(barriers >= 2 && barriers <= 1024 && (barriers & (barriers - 1)) == 0, "barriers",
          "a power of two, 2 .. 1024", barriers);
  require(count_bits >= 2 && count_bits <= 32, "count_bits", "2 .. 32", count_bits);
  require(fifo_depth >= kRoomNeed && fifo_depth <= 1024, "fifo_depth", "2 .. 1024", fifo_depth);
  // R >= 1 keeps the SPEC slot one cycle after its POLL and before the POLL's decision.
  require(reg_lines >= 1 && reg_lines <= 3, "reg_lines", "1 .. 3", reg_lines);
  require(exit_delay >= 0 && exit_delay <= 8, "exit_delay", "0 .. 8", exit_delay);
  require(pipe_end == 0 || pipe_end == 2, "pipe_end", "0 or 2", pipe_end);
  require(header_slots == 1 || header_slots == 2, "header_slots", "1 or 2", header_slots);
  // One header slot as the RTL builds it (OvlDead = 1 needs OvlPipeEnd = 2; idle speculation's
  // SPEC slot rides on the RTL's NEXT tag): other combinations are neither built nor checked.
  require(header_slots == 2 || (pipe_end == 2 && !idle_spec), "header_slots",
          "2, or 1 with pipe_end 2 and no idle_spec (the RTL's OvlDead = 1)", header_slots);
  if (pipe_end != 0) {
    // A tail's exit is broadcast P + E after its last slot (the new head); the new word decides
    // its first count bit in head + 3. Beyond 3 the global block would need a second pending
    // exit (overlap.md 13f'), which this model (like the RTL's one register) does not have.
    require(round_trip() <= 3, "reg_lines", "1 .. 2 with pipe_end 2 (P + E <= 3)", reg_lines);
    require(round_trip() + exit_delay <= 3, "exit_delay",
            "0 .. " + std::to_string(3 - round_trip()) +
                " with pipe_end 2 at reg_lines = " + std::to_string(reg_lines) + " (P + E <= 3)",
            exit_delay);
    require(fifo_depth >= kRoomNeedTail, "fifo_depth", "3 .. 1024 with pipe_end 2", fifo_depth);
  }
}

Params Params::of(const Config& cfg) {
  Params p;
  p.pes = cfg.pes;
  p.barriers = cfg.barriers;
  p.count_bits = cfg.count_bits;
  p.fifo_depth = cfg.fifo_depth;
  p.pipe_end = cfg.overlap_pipe_end;
  p.header_slots = cfg.overlap_header_slots;
  return p;
}

int Params::barrier_bits() const { return clog2(barriers); }

int Params::q() const { return count_bits + clog2(pes); }

Derived derive(const Params& p) {
  // overlap.md section 4, for radix 4 with overlap and the NEXT slot: a word's exit comes Q + 2
  // cycles of count bits after its head, the K key slots steal one count cycle each, then the
  // round trip and E; a race needs its POLL and K key slots, one round trip each. With one
  // header slot (ovlrtl.md 17a; overlap_model.py derived() at --dead 1) the count bits start a
  // cycle earlier (h = -1), the POLL after a NEXT that did not decide steals a count cycle too,
  // and an in-word race runs from NEXT (s + 1) through its decision (s + 1 + P), the POLL's
  // round trip and the K key slots'.
  const int P = p.round_trip();
  const int K = p.key_slots();
  const int slots = 1 + K;  // POLL and the key slots
  const int h = p.first_count_slot() - 3;
  const int stolen = p.stolen_max();
  const int tail = p.q() + 2 + h + P + p.exit_delay;
  const int word_race = p.header_slots == 1 ? 1 + 2 * P + K * P : 2 + slots * P;
  Derived d{};
  d.word_exit = tail + stolen;
  d.word = std::max(word_race, d.word_exit);
  int race_idle = slots * P;
  d.idle_closing = 1 + slots * P + tail;
  if (p.idle_spec) {
    race_idle = 1 + K * P;
    d.idle_closing = 2 + race_idle + tail;
  }
  // Case A: the race running at the closing started without it: (M + 1) W - 1. Case B: no race
  // in the running word (its POLLs missed): its exit, an idle race, then M words.
  const int case_b = tail - 1 + race_idle;
  d.word_same = d.word;
  d.bound = int64_t{p.barriers} * d.word + std::max(d.word - 1, case_b);
  if (p.pipe_end == 2) {
    // overlap.md 13b: head to head Q + 2 + K after a full word (the next head with the last
    // count slot) when the next barrier differs, which holds in the chain towards the closed
    // barrier x but for its first word (charged the old word); x's own word ends with its exit,
    // which can wait past the next word's POLL / NEXT arrivals (`late`, E = 1: 2, E = 2: 1).
    d.word = std::max(word_race, p.q() + 2 + h + stolen);
    const int late = p.exit_delay == 1 ? 2 : (p.exit_delay == 2 ? 1 : 0);
    d.bound = int64_t{p.barriers - 1} * d.word + d.word_same + late + std::max(d.word_same - 1, case_b);
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// SlotSequencer

SlotSequencer::SlotSequencer(const Params& p)
    : p_(p), P_(p.round_trip()), K_(p.key_slots()), cnt2_(static_cast<uint32_t>(p.barriers - 1)) {
  p_.validate();
}

void SlotSequencer::take_arrival(int64_t x, bool load, bool done, std::optional<Exit>* exit) {
  auto it = arrivals_.find(x);
  if (it == arrivals_.end()) {
    // No race decision arrives in x: ctl_load (with ctl_done on a completion) is a word's exit,
    // the tail's first: exits are decided and broadcast in word order (overlap.md 13a).
    if (!(load || done)) return;
    if (tail_) {
      *exit = Exit{done, tail_->barrier, tail_->head};
      tail_.reset();
    } else if (word_ && !word_->exited && word_->bits_sent > 0) {
      word_->exited = true;
      *exit = Exit{done, word_->barrier, word_->head};
    } else {
      ++protocol_errors_;
    }
    return;
  }
  const int kind = it->second;
  arrivals_.erase(it);
  const uint32_t mask = static_cast<uint32_t>(p_.barriers - 1);
  if (kind == kArrNext && p_.header_slots == 1) {
    // NEXT (sent in s + 1, one header slot): no race runs (the head ended the last one, and a
    // word sends no POLL before its NEXT). CNT2 + 1 dirty somewhere and no FIFO short of room:
    // the race starts and ends with this decision. Otherwise a POLL goes out now.
    if (!race_ && word_) {
      if (load || done) {
        race_ = Race{x - P_, 1, (cnt2_ + (load ? 1u : 2u)) & mask, 0, true, false};
      } else {
        poll_now_ = true;
      }
    }
  } else if (kind == kArrNext) {
    // NEXT (sent in s + 2): CNT2 + 1 (load) or CNT2 + 2 (done only) is dirty somewhere; the race
    // is decided in one round trip. Neither: the key slots start now, slot 1 in x.
    if (race_ && race_->await_next) {
      if (load || done) {
        race_->prefix = (cnt2_ + (load ? 1u : 2u)) & mask;
        race_->decided = true;
      } else {
        race_->await_next = false;
        race_->start = x - P_;
      }
    }
  } else if (kind == kArrIdlePoll) {
    // An idle POLL whose SPEC slot (key slot 1) went out in the cycle after it.
    if (!race_ && load) race_ = Race{x - 2 * P_ + 1, 1, 0, 0, false, false};
  } else if (kind == kArrSpec) {
    // The SPEC slot's digit counts only if its POLL started the race.
    if (race_ && !race_->decided && race_->next_slot == 1 && x == race_->start + 2 * P_) {
      const int w = p_.key_width(1);
      race_->prefix = broadcast_digit(w, load, done);
      race_->plen = w;
      race_->next_slot = 2;  // decided below if slot 1 was the last
    }
  } else if (kind == 0) {
    // A POLL: ctl_load = some pair has a dirty barrier (and every FIFO room): a race starts.
    // Sent in s + 1 of a word still running, its key slots wait for the NEXT slot's decision
    // (with one header slot a POLL in a word comes after NEXT: its key slots start now).
    if (!race_ && load) {
      const bool await_next = p_.header_slots == 2 && word_ && !word_->exited && x - P_ == word_->head + 1;
      race_ = Race{x - P_, 1, 0, 0, false, await_next};
    }
  } else if (!race_ || race_->next_slot != kind) {
    ++protocol_errors_;
  } else {
    const int w = p_.key_width(kind);
    race_->prefix = (race_->prefix << w) | broadcast_digit(w, load, done);
    race_->plen += w;
    ++race_->next_slot;
  }
  if (race_ && race_->next_slot == K_ + 1) race_->decided = true;
}

Slot SlotSequencer::choose_slot(int64_t x) {
  Slot slot;
  const bool phase = idle_spec_phase_;
  idle_spec_phase_ = false;
  // HEAD: a decided race and no word running.
  if (race_ && race_->decided && !word_) {
    const uint32_t b = race_->prefix & static_cast<uint32_t>(p_.barriers - 1);
    word_ = Word{x, b, 0, false};
    race_.reset();
    cnt2_ = b;
    slot.kind = Slot::Kind::kHead;
    slot.barrier = b;
    return slot;
  }
  // pipe_end 2 (overlap.md 13a): a decided race, the running word's last count slot due now
  // (or all sent, its exit not yet in), no tail: the head goes out with that slot and the word
  // becomes the tail. Not when the winner is the word's own barrier (its snapshot would be
  // read before the word's rebase): that head waits for the exit, as without pipe_end.
  if (p_.pipe_end == 2 && race_ && race_->decided && word_ && word_->bits_sent >= p_.q() - 1) {
    const uint32_t b = race_->prefix & static_cast<uint32_t>(p_.barriers - 1);
    if (b == word_->barrier && waited_head_ != word_->head) {
      waited_head_ = word_->head;
      ++same_barrier_waits_;
    }
    if (!tail_ && b != word_->barrier) {
      ++pipelined_heads_;
      tail_ = word_;
      word_ = Word{x, b, 0, false};
      race_.reset();
      cnt2_ = b;
      slot.kind = Slot::Kind::kHead;
      slot.barrier = b;
      if (tail_->bits_sent < p_.q()) {
        slot.kind = Slot::Kind::kCountHead;
        slot.bit = tail_->bits_sent++;
      }
      return slot;
    }
  }
  // KEY i: a race not decided whose key slot i is due; it steals a count cycle.
  if (race_ && !race_->decided && !race_->await_next && x == race_->start + int64_t{race_->next_slot} * P_) {
    arrivals_[x + P_] = race_->next_slot;
    slot.kind = Slot::Kind::kKey;
    slot.prefix = race_->prefix;
    slot.plen = race_->plen;
    slot.width = p_.key_width(race_->next_slot);
    return slot;
  }
  // header_slots 1: NEXT did not decide in this cycle's arrival: the POLL goes out now, in a
  // cycle that would have carried a count bit.
  if (poll_now_) {
    poll_now_ = false;
    if (!race_ && word_) {
      arrivals_[x + P_] = 0;
      slot.kind = Slot::Kind::kPoll;
      slot.room = room_need();
      return slot;
    }
  }
  if (!word_) {
    if (race_) return slot;  // a race under way in idle: wait for its next key slot
    if (p_.idle_spec) {
      idle_spec_phase_ = !phase;
      if (phase) {
        arrivals_[x + P_] = kArrSpec;
        slot.kind = Slot::Kind::kSpec;
        slot.width = p_.key_width(1);
        return slot;
      }
      arrivals_[x + P_] = kArrIdlePoll;
    } else {
      arrivals_[x + P_] = 0;
    }
    slot.kind = Slot::Kind::kPoll;
    slot.room = room_need();
    return slot;
  }
  const int64_t s = word_->head;
  const int first_count = p_.first_count_slot();
  // NEXT in the last header slot: s + 2, or s + 1 with one header slot (which also carries the
  // FIFO room on its B line)
  if (x == s + first_count - 1) {
    arrivals_[x + P_] = kArrNext;
    slot.kind = Slot::Kind::kNext;
    slot.barrier = cnt2_;
    if (p_.header_slots == 1) slot.room = room_need();
    return slot;
  }
  if (x == s + 1) {  // (two header slots: the POLL before NEXT)
    if (!race_) {
      arrivals_[x + P_] = 0;
      slot.kind = Slot::Kind::kPoll;
      slot.room = room_need();
    }
    return slot;
  }
  if (x >= s + first_count && word_->bits_sent < p_.q()) {
    slot.kind = Slot::Kind::kCount;
    slot.bit = word_->bits_sent++;
  }
  return slot;
}

Slot SlotSequencer::step(int64_t x, bool load, bool done, std::optional<Exit>* exit) {
  exit->reset();
  take_arrival(x, load, done, exit);
  if (word_ && word_->exited) word_.reset();
  return choose_slot(x);
}

// ---------------------------------------------------------------------------------------------
// The pairs' lines

uint32_t key_digit(const Params& p, const std::vector<uint8_t>& dirty, uint32_t cnt2, uint32_t prefix, int plen,
                   int width) {
  // Keys {wrap, b}: b > CNT2 has key b, b <= CNT2 has key M + b. The keys that match the prefix
  // are lo .. lo + 2^sh - 1; the digit is the smallest such key's bits just below the prefix.
  const int M = p.barriers;
  const int sh = p.key_bits() - plen;
  const int64_t lo = int64_t{prefix} << sh;
  const int64_t hi = lo + (int64_t{1} << sh);
  const uint32_t all_ones = (1u << width) - 1;
  int64_t best = -1;
  for (int b = 0; b < M; ++b) {
    if (!dirty[static_cast<size_t>(b)]) continue;
    const int64_t key = static_cast<uint32_t>(b) <= cnt2 ? M + b : b;
    if (key >= lo && key < hi && (best < 0 || key < best)) best = key;
  }
  if (best < 0) return all_ones;
  return static_cast<uint32_t>((best - lo) >> (sh - width)) & all_ones;
}

bool pair_lines(const Params& p, const Slot& slot, uint32_t cnt2, const PairView& view, Lines* out) {
  const int np = p.pairs();
  out->a.assign(static_cast<size_t>(np), 0);
  out->b.assign(static_cast<size_t>(np), 0);
  for (int i = 0; i < np; ++i) {
    const auto ui = static_cast<size_t>(i);
    const auto& dirty = (*view.dirty)[ui];
    // a FIFO of the pair with fewer than slot.room free entries (the POLL's B line)
    const auto room_short = [&] {
      const int fill = std::max((*view.fifo_fill)[2 * ui], (*view.fifo_fill)[2 * ui + 1]);
      return static_cast<uint8_t>(p.fifo_depth - fill < slot.room);
    };
    switch (slot.kind) {
      case Slot::Kind::kWait: return false;
      case Slot::Kind::kHead: break;
      case Slot::Kind::kPoll: {
        out->a[ui] = std::any_of(dirty.begin(), dirty.end(), [](uint8_t d) { return d != 0; });
        out->b[ui] = room_short();
        break;
      }
      case Slot::Kind::kKey:
      case Slot::Kind::kSpec: {
        const uint32_t dg = key_digit(p, (*view.key_dirty)[ui], cnt2, slot.prefix, slot.plen, slot.width);
        out->a[ui] = slot.width == 2 ? (dg >> 1) & 1 : dg & 1;
        out->b[ui] = slot.width == 2 ? dg & 1 : 1;
        break;
      }
      case Slot::Kind::kNext: {
        const auto m = static_cast<uint32_t>(p.barriers);
        out->a[ui] = dirty[(slot.barrier + 1) % m];
        out->b[ui] = p.header_slots == 1 ? room_short() : dirty[(slot.barrier + 2) % m];
        break;
      }
      case Slot::Kind::kCount:
      case Slot::Kind::kCountHead:  // the count bit's lines, from the old word's snapshot
        // Two's complement: an arithmetic shift gives the sign bit above T.
        out->a[ui] = static_cast<uint8_t>(((*view.snapshot)[2 * ui] >> slot.bit) & 1);
        out->b[ui] = static_cast<uint8_t>(((*view.snapshot)[2 * ui + 1] >> slot.bit) & 1);
        break;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// GlobalBlock

GlobalBlock::GlobalBlock(const Params& p) : p_(p), P_(p.round_trip()), seq_(p) {}

std::pair<bool, bool> GlobalBlock::broadcast(int64_t x) {
  if (seq_.arrival(x)) {
    // A race decision arrives: the exit waits (the global block moves it to a free cycle).
    auto it = decisions_.find(x);
    if (it == decisions_.end()) return {false, false};
    const auto d = it->second;
    decisions_.erase(it);
    return d;
  }
  if (!exits_pending_.empty() && exits_pending_.front().first <= x) {
    const bool completion = exits_pending_.front().second;
    exits_pending_.pop_front();
    return {true, completion};
  }
  return {false, false};
}

void GlobalBlock::decide(int64_t x, const Slot& slot, const Lines& lines) {
  const auto any = [](const std::vector<uint8_t>& v) {
    return std::any_of(v.begin(), v.end(), [](uint8_t l) { return l != 0; });
  };
  const int64_t due = x + P_;
  switch (slot.kind) {
    case Slot::Kind::kWait: return;
    case Slot::Kind::kPoll: {
      if (hit_arrival_ > x) {  // a hit in flight: this POLL must not start a second race
        decisions_[due] = {false, false};
        return;
      }
      const bool hit = any(lines.a) && !any(lines.b);
      decisions_[due] = {hit, false};
      if (hit) hit_arrival_ = due;
      return;
    }
    case Slot::Kind::kSpec:
      if (hit_arrival_ != x - 1 + P_) {  // its POLL (x - 1) started no race: ignored
        decisions_[due] = {false, false};
        return;
      }
      [[fallthrough]];
    case Slot::Kind::kKey: {
      // Bitwise arbitration, radix 4: hi = the AND of the A lines (the smallest first digit bit
      // wins), lo = the AND of the B lines of the pairs whose A equals hi.
      bool hi = true;
      for (uint8_t a : lines.a) hi = hi && a;
      bool lo = true;
      for (size_t i = 0; i < lines.a.size(); ++i) {
        if ((lines.a[i] != 0) == hi) lo = lo && lines.b[i];
      }
      if (slot.width == 1) lo = false;
      decisions_[due] = {hi, lo};
      return;
    }
    case Slot::Kind::kNext:
      // One header slot: CNT2 + 1 if it is dirty somewhere and no pair is short of room (B).
      decisions_[due] = p_.header_slots == 1 ? std::make_pair(any(lines.a) && !any(lines.b), false)
                                             : std::make_pair(any(lines.a), any(lines.b));
      return;
    case Slot::Kind::kCount: count_column(x, slot.bit, lines); return;
    case Slot::Kind::kCountHead:
      // The old word's last column with its carry first, then the new word's head clears the
      // carry; the exit just decided stays pending (overlap.md 13a, 13c).
      count_column(x, slot.bit, lines);
      [[fallthrough]];
    case Slot::Kind::kHead:
      carry_ = 0;
      exit_decided_ = false;
      return;
  }
}

void GlobalBlock::count_column(int64_t x, int bit_index, const Lines& lines) {
  // LSB first: the first 1 bit of the global sum ends the word without a completion; all Q bits
  // 0 complete it.
  if (exit_decided_) return;
  int column = carry_;
  for (size_t i = 0; i < lines.a.size(); ++i) column += lines.a[i] + lines.b[i];
  const int bit = column & 1;
  carry_ = column >> 1;
  if (bit != 0 || bit_index == p_.q() - 1) {
    exit_decided_ = true;
    // One pending exit: Params::validate() keeps a tail's exit broadcast before the next word
    // decides one (pipe_end needs P + E <= 3). With one header slot the new word's first count
    // bit (head + 2) can come before the tail's exit (head + P): two, in word order.
    const size_t capacity = p_.header_slots == 1 ? 2 : 1;
    if (exits_pending_.size() >= capacity) {
      throw std::logic_error("ovl::GlobalBlock: an exit decided while " + std::to_string(exits_pending_.size()) +
                             " are pending");
    }
    exits_pending_.emplace_back(x + P_ + p_.exit_delay, bit == 0);
  }
}

}  // namespace dsbc::ovl
