// SPDX-License-Identifier: Apache-2.0
// Model-vs-RTL lockstep comparison (see dsbc/lockstep.h).
#include "dsbc/lockstep.h"

#include <sstream>

namespace dsbc {

std::string lockstep_difference(const Engine& ref, const Engine& dut, const char* ref_name, const char* dut_name) {
  const Outputs& a = ref.outputs();
  const Outputs& b = dut.outputs();
  if (ref.cycle() == dut.cycle() && a == b) return "";
  std::ostringstream os;
  os << "lockstep mismatch at cycle " << ref.cycle() << " (" << ref.config().to_string() << "):";
  if (ref.cycle() != dut.cycle()) os << " cycle counters " << ref.cycle() << " vs " << dut.cycle();
  if (!(a.global == b.global)) {
    os << " global snap/done/barrier " << ref_name << ' ' << a.global.snap << '/' << a.global.done << '/'
       << a.global.done_barrier << ' ' << dut_name << ' ' << b.global.snap << '/' << b.global.done << '/'
       << b.global.done_barrier;
  }
  if (a.pe.size() != b.pe.size()) os << " PE counts " << a.pe.size() << " vs " << b.pe.size();
  for (size_t p = 0; p < a.pe.size() && p < b.pe.size(); ++p) {
    const PeOut& x = a.pe[p];
    const PeOut& y = b.pe[p];
    if (x == y) continue;
    os << " pe" << p << " ready/ack/refused/fifo_valid/fifo_barrier " << ref_name << ' ' << x.req_ready << '/'
       << x.ack_valid << '/' << x.ack_refused << '/' << x.fifo_valid << '/' << x.fifo_barrier << ' ' << dut_name << ' '
       << y.req_ready << '/' << y.ack_valid << '/' << y.ack_refused << '/' << y.fifo_valid << '/' << y.fifo_barrier;
  }
  return os.str();
}

LockstepEngine::LockstepEngine(std::unique_ptr<Engine> ref, std::unique_ptr<Engine> dut, OnMismatch on)
    : ref_(std::move(ref)), dut_(std::move(dut)), on_(on) {
  const Config& a = ref_->config();
  const Config& b = dut_->config();
  if (a.pes != b.pes || a.barriers != b.barriers || a.count_bits != b.count_bits || a.fifo_depth != b.fifo_depth ||
      a.sched != b.sched) {
    throw std::invalid_argument("lockstep: configurations differ: " + a.to_string() + " vs " + b.to_string());
  }
  compare();
}

void LockstepEngine::step(const Inputs& in) {
  ref_->step(in);
  dut_->step(in);
  compare();
}

void LockstepEngine::compare() {
  ++compared_;
  std::string diff = lockstep_difference(*ref_, *dut_);
  if (diff.empty()) return;
  if (on_ == OnMismatch::kThrow) throw LockstepMismatch(diff);
  ++mismatches_;
  if (messages_.size() < kKeptMismatches) messages_.push_back(std::move(diff));
}

}  // namespace dsbc
