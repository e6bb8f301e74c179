// SPDX-License-Identifier: Apache-2.0
/// @file
/// dsbc::Engine over a Verilated dsbc_top: the one place that knows how the packed per-PE
/// port vectors of the RTL map to the model's per-PE structs. Used by the lockstep tests,
/// the benchmark and the RTL engine plugins (rtl_engine/plugin) that every tool loads.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "dsbc/unit.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

namespace dsbc {

namespace port {
// Verilator gives ports of up to 64 bits as integers and wider ones as VlWide<words>.
template <class P>
inline bool get_bit(const P& p, int i) {
  if constexpr (std::is_integral_v<P>) {
    return (static_cast<uint64_t>(p) >> i) & 1U;
  } else {
    return (p[i / 32] >> (i % 32)) & 1U;
  }
}
template <class P>
inline void set_bit(P& p, int i, bool v) {
  if constexpr (std::is_integral_v<P>) {
    const auto mask = static_cast<P>(static_cast<uint64_t>(1) << i);
    p = v ? static_cast<P>(p | mask) : static_cast<P>(p & ~mask);
  } else {
    const uint32_t mask = 1U << (i % 32);
    p[i / 32] = v ? (p[i / 32] | mask) : (p[i / 32] & ~mask);
  }
}
template <class P>
inline uint32_t get_field(const P& p, int lsb, int width) {
  uint32_t v = 0;
  for (int b = 0; b < width; ++b) v |= static_cast<uint32_t>(get_bit(p, lsb + b)) << b;
  return v;
}
template <class P>
inline void set_field(P& p, int lsb, int width, uint32_t v) {
  for (int b = 0; b < width; ++b) set_bit(p, lsb + b, (v >> b) & 1U);
}
}  // namespace port

/// Runs a Verilated dsbc_top (class V) cycle by cycle behind the Engine interface. The
/// Verilated configuration must match cfg (checked on construction where observable).
template <class V>
class RtlEngine final : public Engine {
 public:
  /// @param waves_path if non-empty (and the model was verilated with --trace-fst), write an
  ///        FST waveform there.
  /// @param rand_seed if non-zero, every register and RAM bit without a reset starts random
  ///        (Verilator +verilator+rand+reset+2 with this seed), so a missing reset shows up
  ///        as a mismatch; the RTL must need none of them.
  explicit RtlEngine(const Config& cfg, const std::string& waves_path = "", uint64_t rand_seed = 0)
      : cfg_(cfg), ctx_(std::make_unique<VerilatedContext>()) {
    cfg_.validate();
    if (rand_seed != 0) {
      ctx_->randReset(2);
      ctx_->randSeed(static_cast<int>(rand_seed & 0x7fffffff) | 1);
    }
    ctx_->traceEverOn(!waves_path.empty());
    top_ = std::make_unique<V>(ctx_.get(), "dsbc");
#if VM_TRACE_FST
    if (!waves_path.empty()) {
      trace_ = std::make_unique<VerilatedFstC>();
      top_->trace(trace_.get(), 99);
      trace_->open(waves_path.c_str());
    }
#else
    if (!waves_path.empty()) {
      throw std::runtime_error("waveforms requested but the RTL was verilated without --trace-fst");
    }
#endif
    out_.pe.resize(cfg_.pes);
    // Reset: two clock edges with rst_ni low, then release with the clock low. Cycle 0 is the
    // first cycle with rst_ni high.
    top_->clk_i = 0;
    top_->rst_ni = 0;
    clear_inputs();
    top_->eval();
    for (int i = 0; i < 2; ++i) half_cycle(1), half_cycle(0);
    top_->rst_ni = 1;
    top_->eval();  // not dumped: the last half cycle already dumped this time; the next dump
                   // (the first rising edge) shows reset released
    sample();
  }
  ~RtlEngine() override {
    top_->final();
#if VM_TRACE_FST
    if (trace_) trace_->close();
#endif
  }
  RtlEngine(const RtlEngine&) = delete;
  RtlEngine& operator=(const RtlEngine&) = delete;

  const Config& config() const override { return cfg_; }
  const Outputs& outputs() const override { return out_; }
  uint64_t cycle() const override { return cycle_; }

  void step(const Inputs& in) override {
    if (static_cast<int>(in.pe.size()) != cfg_.pes) {
      throw std::invalid_argument("RtlEngine::step: inputs for " + std::to_string(in.pe.size()) +
                                  " PEs, configured for " + std::to_string(cfg_.pes));
    }
    const int bw = cfg_.barrier_bits();
    for (int i = 0; i < cfg_.pes; ++i) {
      const PeIn& p = in.pe[i];
      port::set_bit(top_->req_valid_i, i, p.req_valid);
      port::set_field(top_->req_barrier_i, i * bw, bw, p.req_barrier);
      port::set_bit(top_->req_dec_i, i, p.req_dec);
      port::set_bit(top_->fifo_pop_i, i, p.fifo_pop);
    }
    top_->eval();  // settle combinational paths from the new inputs before the edge
    half_cycle(1);
    half_cycle(0);
    ++cycle_;
    sample();
  }

  /// The Verilated model, for tests that peek at internal signals.
  V& top() { return *top_; }

 private:
  void clear_inputs() {
    const int bw = cfg_.barrier_bits();
    for (int i = 0; i < cfg_.pes; ++i) {
      port::set_bit(top_->req_valid_i, i, false);
      port::set_field(top_->req_barrier_i, i * bw, bw, 0);
      port::set_bit(top_->req_dec_i, i, false);
      port::set_bit(top_->fifo_pop_i, i, false);
    }
  }
  void half_cycle(int clk) {
    top_->clk_i = clk;
    top_->eval();
    ctx_->timeInc(5);
    dump();
  }
  void dump() {
#if VM_TRACE_FST
    if (trace_) trace_->dump(ctx_->time());
#endif
  }
  void sample() {
    const int bw = cfg_.barrier_bits();
    for (int i = 0; i < cfg_.pes; ++i) {
      PeOut& o = out_.pe[i];
      o.req_ready = port::get_bit(top_->req_ready_o, i);
      o.ack_valid = port::get_bit(top_->ack_valid_o, i);
      o.ack_refused = port::get_bit(top_->ack_refused_o, i);
      o.fifo_valid = port::get_bit(top_->fifo_valid_o, i);
      o.fifo_barrier = port::get_field(top_->fifo_barrier_o, i * bw, bw);
    }
    out_.global.snap = top_->snap_o;
    out_.global.done = top_->done_o;
    out_.global.done_barrier = top_->done_barrier_o;
  }

  Config cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> top_;
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> trace_;
#endif
  Outputs out_;
  uint64_t cycle_ = 0;
};

}  // namespace dsbc
