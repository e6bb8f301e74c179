// SPDX-License-Identifier: Apache-2.0
// Model-vs-RTL lockstep inside a system run (see lockstep_engine.h).
#include "dsys/lockstep_engine.h"

#include <sstream>

namespace dsys {

LockstepEngine::LockstepEngine(std::unique_ptr<dsbc::Engine> ref, std::unique_ptr<dsbc::Engine> dut)
    : ref_(std::move(ref)), dut_(std::move(dut)) {
  const dsbc::Config& a = ref_->config();
  const dsbc::Config& b = dut_->config();
  if (a.pes != b.pes || a.barriers != b.barriers || a.count_bits != b.count_bits || a.fifo_depth != b.fifo_depth)
    throw std::invalid_argument("lockstep: configurations differ: " + a.to_string() + " vs " + b.to_string());
  compare();
}

void LockstepEngine::step(const dsbc::Inputs& in) {
  ref_->step(in);
  dut_->step(in);
  compare();
}

void LockstepEngine::compare() {
  ++compared_;
  const dsbc::Outputs& a = ref_->outputs();
  const dsbc::Outputs& b = dut_->outputs();
  if (ref_->cycle() == dut_->cycle() && a == b) return;
  std::ostringstream os;
  os << "lockstep mismatch at cycle " << ref_->cycle() << " (" << ref_->config().to_string() << "):";
  if (ref_->cycle() != dut_->cycle()) os << " cycle counters " << ref_->cycle() << " vs " << dut_->cycle();
  if (!(a.global == b.global))
    os << " global snap/done/barrier model " << a.global.snap << '/' << a.global.done << '/' << a.global.done_barrier
       << " rtl " << b.global.snap << '/' << b.global.done << '/' << b.global.done_barrier;
  for (std::size_t p = 0; p < a.pe.size() && p < b.pe.size(); ++p) {
    const dsbc::PeOut& x = a.pe[p];
    const dsbc::PeOut& y = b.pe[p];
    if (x == y) continue;
    os << " pe" << p << " ready/ack/refused/fifo_valid/fifo_barrier model " << x.req_ready << '/' << x.ack_valid << '/'
       << x.ack_refused << '/' << x.fifo_valid << '/' << x.fifo_barrier << " rtl " << y.req_ready << '/' << y.ack_valid
       << '/' << y.ack_refused << '/' << y.fifo_valid << '/' << y.fifo_barrier;
  }
  throw LockstepMismatch(os.str());
}

}  // namespace dsys
