// SPDX-License-Identifier: Apache-2.0
/// @file
/// The overlap contract (synth/feasibility/overlap.md, ovlrtl.md): the slot sequencer, the
/// pairs' serial lines and the global block's decisions of the pair-arbitration unit whose race
/// for the next word runs inside the current one. This is the first step of moving that unit
/// into the product (synth/feasibility/README.md, "From here to the product", item 3): the C++
/// twin of overlap_model.py's Seq / Global / pair_lines / key_digit for the configuration the
/// RTL builds (radix 4, overlap, the NEXT slot; R = 2 or 3, E >= 0, idle speculation on or off).
/// It is checked cycle for cycle against the feasibility RTL's own heads and exits
/// (cpp_model/test/ovl/), not against the Python model it was written from. The pipelined word
/// end (Params::pipe_end, overlap.md 13) is checked against both: the Python model's recorded
/// `--pipeend 2` runs (test/ovl/pipe_end_test.cpp) and the RTL built with OvlPipeEnd = 2, at
/// its ports (data/ports_pipeend/, port_unit_test.cpp).
///
/// Time: x counts the sequencers' cycles (the RTL's cycle minus the cycles its pairs spend
/// clearing their RAMs). P = R + 1 is the round trip: a slot sent in x has its decision on the
/// broadcast (ctl_load, ctl_done) in x + P.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <vector>

#include "dsbc/unit.h"

namespace dsbc::ovl {

/// What the contract depends on. N = 16 (8 pairs) is the unit the RTL builds.
struct Params {
  int pes = 16;            ///< N, even (a pair block drives two lines)
  int barriers = 32;       ///< M, a power of two >= 2
  int count_bits = 16;     ///< T
  int fifo_depth = 8;      ///< D, entries per PE
  int reg_lines = 2;       ///< R: registers in the round trip besides the decision's (2 or 3)
  int exit_delay = 0;      ///< E: extra cycles of the global count path (delays the exit only)
  bool idle_spec = false;  ///< overlap.md 1d: in idle, key slot 1 sent in the cycle after a POLL
  /// overlap.md 13 (`--pipeend`): 0 = the next head waits for the word's exit (1a); 2 = the
  /// pipelined word end: once the race is decided, the next head goes out in the same cycle as
  /// the word's last count slot (a kCountHead slot), and the old word waits for its exit as the
  /// sequencer's tail. Needs P + E <= 3: then the tail's exit is broadcast before the new word
  /// decides its first count bit, so the global block needs only one pending exit (13c, 13f').
  int pipe_end = 0;
  /// The word's header slots after its head (synth/feasibility/ovlrtl.md 18b; the RTL's
  /// OvlDead, overlap_model.py's `--dead 1 --nextroom 1`). 2 = overlap.md 1a: POLL in s + 1,
  /// NEXT in s + 2 (A / B: CNT2 + 1 / CNT2 + 2 dirty), count bits from s + 3. 1 = one header
  /// slot: NEXT in s + 1 with the pair's FIFO room on its B line (a FIFO short of room, the
  /// POLL's B), count bits from s + 2; NEXT decides CNT2 + 1 when it is dirty somewhere and no
  /// FIFO is short of room; otherwise a POLL goes out in the cycle NEXT's decision arrives
  /// (stealing a count cycle), and its GO starts the key slots at once, as in idle.
  int header_slots = 2;

  /// Throws std::invalid_argument naming the first illegal field and its legal range.
  void validate() const;
  int pairs() const { return pes / 2; }
  int round_trip() const { return reg_lines + 1; }        ///< P
  int barrier_bits() const;                               ///< BW = clog2(M)
  int q() const;                                          ///< Q = T + clog2(N)
  int key_bits() const { return barrier_bits() + 1; }     ///< KB: {wrap, b}
  int key_slots() const { return (key_bits() + 1) / 2; }  ///< K (radix 4)
  /// Width (1 or 2 bits) of key slot i, 1 <= i <= K: two bits, the last one bit when KB is odd.
  int key_width(int i) const { return (i < key_slots() || key_bits() % 2 == 0) ? 2 : 1; }
  /// The word's first count slot after its head s: s + 3 (POLL, NEXT), s + 2 (header_slots 1).
  int first_count_slot() const { return 1 + header_slots; }
  /// Count cycles a slow race can steal from a word: its K key slots, and with one header slot
  /// the POLL after a NEXT that did not decide.
  int stolen_max() const { return key_slots() + (header_slots == 1 ? 1 : 0); }
  /// A POLL's B line: the pair's PEs have room for fewer than this many pushes: the running
  /// word's and the race winner's (1a) ...
  static constexpr int kRoomNeed = 2;
  /// ... and with a tail in flight (pipe_end) the tail's too (overlap.md 13a).
  static constexpr int kRoomNeedTail = 3;
  /// The first contract cycle's unit cycle: the pair blocks clear their RAMs in cycles
  /// 0 .. 2M - 1, and the slot sequencers start in 2M.
  int64_t start_cycle() const { return 2 * int64_t{barriers}; }

  /// The contract of a unit Config with Config::overlap = 1 (the feasibility RTL's build: R = 2,
  /// E = 0, no idle speculation; pipe_end = Config::overlap_pipe_end, header_slots =
  /// Config::overlap_header_slots), for the oracle, the PE agents and Config::latency_bound().
  static Params of(const Config& cfg);
};

/// Closed forms of overlap.md (section 4; 13b with pipe_end) for these parameters: the full
/// word (head to head), the word's exit, the idle closing (commit to exit) and the worst-case
/// latency bound.
struct Derived {
  int word;          ///< head to head after a full word (pipe_end: when the next barrier differs)
  int word_exit;     ///< head to the exit of a full word
  int word_same;     ///< head to head when the next word has the same barrier (= word without pipe_end)
  int idle_closing;  ///< with idle speculation: the larger of its two POLL phases
  int64_t bound;
};
Derived derive(const Params& p);

/// What the lines carry in one cycle.
struct Slot {
  enum class Kind : uint8_t {
    kWait,   ///< nothing (lines 0, no decision)
    kHead,   ///< a word starts: `barrier`
    kPoll,   ///< A: some barrier dirty; B: a FIFO short of room
    kKey,    ///< key slot: the digit below `prefix` (`plen` bits) of width `width`
    kSpec,   ///< key slot 1 sent speculatively in idle (idle_spec), width `width`
    kNext,   ///< A: CNT2 + 1 dirty, B: CNT2 + 2 dirty (`barrier` = CNT2); header_slots 1:
             ///< B a FIFO short of `room` free entries
    kCount,  ///< count bit `bit` of the running word's snapshot
    /// pipe_end 2: count bit `bit` (Q - 1) of the old word's snapshot, then the HEAD of
    /// `barrier` in the same cycle (the old word becomes the tail)
    kCountHead,
  };
  bool head() const { return kind == Kind::kHead || kind == Kind::kCountHead; }
  bool count() const { return kind == Kind::kCount || kind == Kind::kCountHead; }
  Kind kind = Kind::kWait;
  uint32_t barrier = 0;
  uint32_t prefix = 0;
  int plen = 0;
  int width = 0;
  int bit = 0;
  int room = 0;  ///< kPoll (and kNext at header_slots 1): the free FIFO entries a pair needs
                 ///< (kRoomNeed, or kRoomNeedTail)
  bool operator==(const Slot&) const = default;
};

/// A word's end, seen on the broadcast.
struct Exit {
  bool completion;  ///< with ctl_done: the barrier completed
  uint32_t barrier;
  int64_t head;  ///< the word's head cycle
};

/// The pairs' two serial lines in one slot: bit i of A / B is pair i's line.
struct Lines {
  std::vector<uint8_t> a, b;
};

/// The slot sequencer (rtl: feas_ovl_seq). Every pair block and the global block hold one;
/// all see only the broadcast, so all stay in step.
class SlotSequencer {
 public:
  explicit SlotSequencer(const Params& p);
  /// Takes the broadcast of cycle x (x increasing by one each call) and returns the slot of x,
  /// with the exit of a word when the broadcast ends one.
  Slot step(int64_t x, bool load, bool done, std::optional<Exit>* exit);
  /// CNT2: the running or last word's barrier.
  uint32_t cnt2() const { return cnt2_; }
  /// pipe_end: a word whose slots are all sent waits for its exit behind the running one.
  bool tail_pending() const { return tail_.has_value(); }
  /// The free FIFO entries a POLL asks for now: the running word's push and the race winner's,
  /// and the tail's while one is pending (overlap.md 13a).
  int room_need() const { return tail_ ? Params::kRoomNeedTail : Params::kRoomNeed; }
  /// pipe_end: heads that waited for the exit because the race's winner was the word's own
  /// barrier (overlap.md 13a's fallback).
  int64_t same_barrier_waits() const { return same_barrier_waits_; }
  /// pipe_end: heads sent before the previous word's exit (each made that word the tail).
  int64_t pipelined_heads() const { return pipelined_heads_; }
  /// x carries a race decision on the broadcast (the arrival of a POLL, NEXT, SPEC or key slot).
  bool arrival(int64_t x) const { return arrivals_.count(x) != 0; }
  /// Broadcast values the contract can not explain (an arrival out of order, an exit with no
  /// word); 0 in every legal run.
  int64_t protocol_errors() const { return protocol_errors_; }

 private:
  // Arrival kinds besides a plan index (0 = POLL, i = key slot i).
  static constexpr int kArrNext = -1;
  static constexpr int kArrSpec = -2;
  static constexpr int kArrIdlePoll = -3;  // an idle POLL followed by a SPEC slot
  struct Word {
    int64_t head;
    uint32_t barrier;
    int bits_sent;
    bool exited;
  };
  struct Race {
    int64_t start;    // key slot i is sent in start + i * P
    int next_slot;    // the next key slot (1 .. K; K + 1 when all are decided)
    uint32_t prefix;  // the decided key bits (or the barrier when NEXT decided)
    int plen;
    bool decided;
    bool await_next;  // the key slots wait for the NEXT slot's decision
  };
  void take_arrival(int64_t x, bool load, bool done, std::optional<Exit>* exit);
  Slot choose_slot(int64_t x);

  Params p_;
  int P_;
  int K_;
  std::optional<Word> word_;
  std::optional<Word> tail_;  // pipe_end: the older word, all slots sent, its exit due
  std::optional<Race> race_;
  std::map<int64_t, int> arrivals_;  // arrival cycle -> the kind of the slot in flight
  uint32_t cnt2_;
  int64_t protocol_errors_ = 0;
  int64_t same_barrier_waits_ = 0;
  int64_t pipelined_heads_ = 0;
  int64_t waited_head_ = -1;      // the word whose same-barrier wait is counted
  bool idle_spec_phase_ = false;  // idle cycles alternate POLL (false) and SPEC (true)
  bool poll_now_ = false;         // header_slots 1: NEXT did not decide, a POLL goes out now
};

/// One pair's key digit (width bits) for a key slot: the digit, below the prefix's plen bits,
/// of the smallest key {wrap, b} among the pair's dirty barriers, wrap = (b <= CNT2): barriers
/// after the last head come first (fair order). All ones when no dirty key matches the prefix.
uint32_t key_digit(const Params& p, const std::vector<uint8_t>& dirty, uint32_t cnt2, uint32_t prefix, int plen,
                   int width);

/// The view of the pairs' state that their lines read.
struct PairView {
  const std::vector<std::vector<uint8_t>>* dirty;      ///< [pair][barrier]: POLL, NEXT
  const std::vector<std::vector<uint8_t>>* key_dirty;  ///< as the key digits see it
  const std::vector<int>* fifo_fill;                   ///< [pe]: entries in the FIFO
  const std::vector<int64_t>* snapshot;                ///< [pe]: the count slot's word's snapshot
};

/// The pairs' lines in `slot`; false (no decision) in a kWait slot.
bool pair_lines(const Params& p, const Slot& slot, uint32_t cnt2, const PairView& view, Lines* out);

/// The global block (rtl: feas_ovl_global): its own sequencer, the decisions on the race
/// slots' lines, and the bit-serial sum of the running word, LSB first with a carry.
class GlobalBlock {
 public:
  explicit GlobalBlock(const Params& p);
  /// The broadcast (ctl_load, ctl_done) of cycle x: call before stepping any sequencer in x.
  std::pair<bool, bool> broadcast(int64_t x);
  /// The lines of cycle x's slot (from pair_lines).
  void decide(int64_t x, const Slot& slot, const Lines& lines);
  SlotSequencer& sequencer() { return seq_; }
  const SlotSequencer& sequencer() const { return seq_; }

 private:
  void count_column(int64_t x, int bit_index, const Lines& lines);

  Params p_;
  int P_;
  SlotSequencer seq_;
  std::map<int64_t, std::pair<bool, bool>> decisions_;  // arrival cycle -> (load, done)
  int64_t hit_arrival_ = -1;                            // a POLL hit in flight until this cycle
  int carry_ = 0;
  bool exit_decided_ = false;
  // Exits decided and not yet broadcast, in word order: (due cycle, completion). One, or two
  // at header_slots 1 (pipe_end: the new word decides its first count bit in head + 2, while
  // the tail's exit, decided with the head's slot, is broadcast in head + P).
  std::deque<std::pair<int64_t, bool>> exits_pending_;
};

}  // namespace dsbc::ovl
