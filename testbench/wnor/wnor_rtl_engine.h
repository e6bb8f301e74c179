// SPDX-License-Identifier: Apache-2.0
/// @file
/// dsbc::WnorEngine over a Verilated rtl/wnor/wnor_top.v, with the same reset and clocking as
/// dsbc::RtlEngine (two edges in reset, release with the clock low; cycle 0 is the first
/// cycle with rst_ni high), so model and RTL can run in lockstep.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "dsbc/rtl_engine.h"  // dsbc::port bit helpers
#include "dsbc/wnor/wired_nor.h"
#include "verilated.h"

namespace dsbc {

template <class V>
class WnorRtlEngine final : public WnorEngine {
 public:
  /// @param rand_seed non-zero: unreset state starts random (there should be none).
  explicit WnorRtlEngine(const WnorConfig& cfg, uint64_t rand_seed = 0)
      : cfg_(cfg), ctx_(std::make_unique<VerilatedContext>()) {
    cfg_.validate();
    if (rand_seed != 0) {
      ctx_->randReset(2);
      ctx_->randSeed(static_cast<int>(rand_seed & 0x7fffffff) | 1);
    }
    top_ = std::make_unique<V>(ctx_.get(), "wnor");
    out_.pe.resize(cfg_.pes);
    out_.line.resize(cfg_.barriers);
    out_.release.resize(cfg_.barriers);
    top_->clk_i = 0;
    top_->rst_ni = 0;
    drive(WnorInputs{std::vector<WnorPeIn>(cfg_.pes)});
    top_->eval();
    for (int i = 0; i < 2; ++i) half_cycle(1), half_cycle(0);
    top_->rst_ni = 1;
    top_->eval();
    sample();
  }
  ~WnorRtlEngine() override { top_->final(); }
  WnorRtlEngine(const WnorRtlEngine&) = delete;
  WnorRtlEngine& operator=(const WnorRtlEngine&) = delete;

  const WnorConfig& config() const override { return cfg_; }
  const WnorOutputs& outputs() const override { return out_; }
  uint64_t cycle() const override { return cycle_; }

  void step(const WnorInputs& in) override {
    if (static_cast<int>(in.pe.size()) != cfg_.pes) {
      throw std::invalid_argument("WnorRtlEngine::step: wrong number of PEs");
    }
    drive(in);
    top_->eval();
    half_cycle(1);
    half_cycle(0);
    ++cycle_;
    sample();
  }

 private:
  void drive(const WnorInputs& in) {
    const int bw = cfg_.barrier_bits();
    for (int i = 0; i < cfg_.pes; ++i) {
      port::set_bit(top_->req_valid_i, i, in.pe[i].req_valid);
      port::set_field(top_->req_barrier_i, i * bw, bw, in.pe[i].req_barrier);
      port::set_bit(top_->req_clear_i, i, in.pe[i].req_clear);
    }
  }
  void half_cycle(int clk) {
    top_->clk_i = clk;
    top_->eval();
    ctx_->timeInc(5);
  }
  void sample() {
    for (int i = 0; i < cfg_.pes; ++i) {
      out_.pe[i].req_ready = port::get_bit(top_->req_ready_o, i);
      out_.pe[i].ack_valid = port::get_bit(top_->ack_valid_o, i);
      out_.pe[i].ack_refused = port::get_bit(top_->ack_refused_o, i);
    }
    for (int b = 0; b < cfg_.barriers; ++b) {
      out_.line[b] = port::get_bit(top_->line_o, b);
      out_.release[b] = port::get_bit(top_->release_o, b);
    }
  }

  WnorConfig cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> top_;
  WnorOutputs out_;
  uint64_t cycle_ = 0;
};

}  // namespace dsbc
