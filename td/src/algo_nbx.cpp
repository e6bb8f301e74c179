// SPDX-License-Identifier: Apache-2.0
// NBX in rounds with a dirty reduction (Hoefler, Siebert, Lumsdaine, PPoPP 2010; the
// rounds as VTK-m's IExchange runs them when messages spawn messages). docs/td.md, "nbx",
// gives the correctness argument. Written against td::Runtime only: the barrier and the
// reduction are Runtime::start_collective (MPI_Ibarrier / MPI_Iallreduce over MPI).
#include "opts.h"

namespace td::detail {
namespace {

// Per PE: a round is a barrier (entered when the PE is idle and every primary it sent is
// acknowledged) followed by a sum of "sent or received a primary since this PE's previous
// reduction entry". A clean round (sum 0) is termination, and every PE learns it from the
// reduction itself, so every PE declares (no termination broadcast).
class Nbx : public Detector {
 public:
  Nbx(Runtime& m, int b) : m_(m), b_(b), st_(static_cast<std::size_t>(m.npes())) {}
  std::vector<std::string> kind_names() const override { return {"primary", "term", "ack", "barrier", "reduce"}; }
  void on_start() override {
    started_ = true;
    for (NodeId p = 0; p < m_.npes(); ++p) try_enter(p);
  }
  void on_emit(NodeId pe, std::vector<Message*>& batch, bool, std::vector<bool>&) override {
    auto& s = st_[static_cast<std::size_t>(pe)];
    s.unacked += static_cast<std::int64_t>(batch.size());
    s.dirty = 1;
  }
  // MPI's NBX learns that a send was matched from MPI_Issend's completion; here the
  // receiver acknowledges explicitly (one control message per primary).
  void on_receive(NodeId pe, Message& msg, bool) override {
    st_[static_cast<std::size_t>(pe)].dirty = 1;
    m_.send_control(pe, msg.src, b_, kAck, 0, 0, 0, {}, 8);
  }
  void on_idle(NodeId pe) override { try_enter(pe); }
  void on_control(NodeId p, Message& msg) override {
    if (msg.kind != kAck) return;
    --st_[static_cast<std::size_t>(p)].unacked;
    try_enter(p);
  }
  void on_collective(NodeId p, std::int64_t, const std::vector<std::int64_t>& sums) override {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (s.stage == kInBarrier) {
      // Everyone was idle and acknowledged at its entry. Whether anybody sent or received
      // since its previous reduction entry decides the round; the flag restarts now, so
      // every primary event falls into exactly one reduction.
      s.stage = kInReduce;
      const std::int64_t dirty = s.dirty;
      s.dirty = 0;
      m_.start_collective(p, b_, kReduce, {dirty});
      return;
    }
    if (p == 0) ++rounds_;
    if (sums.at(0) == 0) {
      s.stage = kDone;
      m_.declare(p, b_);
      return;
    }
    s.stage = kOutside;
    try_enter(p);
  }
  std::map<std::string, std::int64_t> extra() const override { return {{"rounds", rounds_}}; }

 private:
  enum : std::int16_t { kAck = 2, kBarrier = 3, kReduce = 4 };
  enum Stage : std::uint8_t { kOutside, kInBarrier, kInReduce, kDone };
  struct St {
    Stage stage = kOutside;
    std::int64_t unacked = 0;  // primaries sent and not yet acknowledged
    std::int64_t dirty = 0;    // 1: sent or received since the last reduction entry
  };
  void try_enter(NodeId p) {
    auto& s = st_[static_cast<std::size_t>(p)];
    if (!started_ || s.stage != kOutside || s.unacked != 0 || m_.busy(p, b_)) return;
    s.stage = kInBarrier;
    m_.start_collective(p, b_, kBarrier, {});
  }
  Runtime& m_;
  int b_;
  std::vector<St> st_;
  bool started_ = false;
  std::int64_t rounds_ = 0;
};

}  // namespace

DetectorFactory make_nbx(OptReader&) {
  return [](Runtime& m, int b) { return std::make_unique<Nbx>(m, b); };
}

}  // namespace td::detail
