// SPDX-License-Identifier: Apache-2.0
// The SystemC top: clock, reset, the Verilated DSBC (--sc), one process per PE port and the
// cycle sequencer (see sc_backend.h).
//
// Time: reset holds for the clock edges at 0, P and 2P and is released at 2P + P/4; cycle 0
// is the cycle that ends with the edge at 3P, so cycle k spans SystemC time (2P + kP,
// 2P + (k+1)P] and the co-simulation's global time t maps to SystemC time t + 2P. The PE
// processes sample the unit's outputs and drive its inputs at the falling edge in the middle
// of each cycle, so the inputs are settled before the rising edge that samples them, as in
// the C++ path (RtlEngine: drive, then clock).
#include "sc_backend.h"

#include <systemc.h>

#include <vector>

#include "dsys_sc_include.h"  // generated: the Verilated SystemC top, as DSYS_SC_TOP
#include "rtl_engine.h"       // testbench/common: dsbc::port bit helpers

namespace dsys {

namespace {

template <class Port>
using data_of = typename std::remove_reference_t<Port>::data_type;

using Dut = DSYS_SC_TOP;
using WValid = data_of<decltype(std::declval<Dut>().req_valid_i)>;
using WBarrier = data_of<decltype(std::declval<Dut>().req_barrier_i)>;
using WOutBarrier = data_of<decltype(std::declval<Dut>().fifo_barrier_o)>;
using WDoneBarrier = data_of<decltype(std::declval<Dut>().done_barrier_o)>;

constexpr std::uint64_t kResetCycles = 3;

}  // namespace

/// PE port process: the handshake of one PE with its local block.
struct ScPe : sc_core::sc_module {
  ScBackend* be = nullptr;
  int index = 0;
  int bw = 1;
  const std::uint64_t* cycle = nullptr;
  sc_core::sc_event* go = nullptr;
  // Packed unit outputs (shared, read only here).
  sc_core::sc_signal<WValid>* ready = nullptr;
  sc_core::sc_signal<WValid>* ack = nullptr;
  sc_core::sc_signal<WValid>* refused = nullptr;
  sc_core::sc_signal<WValid>* fvalid = nullptr;
  sc_core::sc_signal<WOutBarrier>* fbarrier = nullptr;
  // This PE's inputs (packed by the bridge).
  sc_core::sc_signal<bool> valid_o, dec_o, pop_o;
  sc_core::sc_signal<std::uint32_t> barrier_o;

  SC_HAS_PROCESS(ScPe);
  // The process is registered here, inside this module's construction, so it belongs to it.
  ScPe(sc_core::sc_module_name nm, sc_core::sc_event& ev) : sc_core::sc_module(nm), go(&ev) {
    SC_METHOD(tick);
    sensitive << ev;
    dont_initialize();
  }
  void tick() {
    dsbc::PeOut o;
    o.req_ready = dsbc::port::get_bit(ready->read(), index);
    o.ack_valid = dsbc::port::get_bit(ack->read(), index);
    o.ack_refused = dsbc::port::get_bit(refused->read(), index);
    o.fifo_valid = dsbc::port::get_bit(fvalid->read(), index);
    o.fifo_barrier = o.fifo_valid ? dsbc::port::get_field(fbarrier->read(), index * bw, bw) : 0;
    const dsbc::PeIn in = be->sc_pe(*cycle, index, o);
    valid_o.write(in.req_valid);
    dec_o.write(in.req_dec);
    pop_o.write(in.fifo_pop);
    barrier_o.write(in.req_barrier);
  }
};

struct ScBackend::Top : sc_core::sc_module {
  SC_HAS_PROCESS(Top);
  Top(sc_core::sc_module_name nm, ScBackend& backend, const dsbc::Config& cfg, Ps period)
      : sc_core::sc_module(nm), be(backend), n(cfg.pes), bw(cfg.barrier_bits()), p(period), dut("dsbc") {
    dut.clk_i(clk);
    dut.rst_ni(rst_n);
    dut.req_valid_i(req_valid);
    dut.req_barrier_i(req_barrier);
    dut.req_dec_i(req_dec);
    dut.fifo_pop_i(fifo_pop);
    dut.req_ready_o(req_ready);
    dut.ack_valid_o(ack_valid);
    dut.ack_refused_o(ack_refused);
    dut.fifo_valid_o(fifo_valid);
    dut.fifo_barrier_o(fifo_barrier);
    dut.snap_o(snap);
    dut.done_o(done);
    dut.done_barrier_o(done_barrier);
    for (int i = 0; i < n; ++i) {
      pes.push_back(std::make_unique<ScPe>(("pe" + std::to_string(i)).c_str(), pe_go));
      ScPe& pe = *pes.back();
      pe.be = &be;
      pe.index = i;
      pe.bw = bw;
      pe.cycle = &k;
      pe.ready = &req_ready;
      pe.ack = &ack_valid;
      pe.refused = &ack_refused;
      pe.fvalid = &fifo_valid;
      pe.fbarrier = &fifo_barrier;
    }
    SC_THREAD(clock);
    SC_THREAD(sequencer);
    SC_METHOD(bridge);
    for (auto& pe : pes) sensitive << pe->valid_o << pe->dec_o << pe->pop_o << pe->barrier_o;
    dont_initialize();
  }

  void clock() {
    const sc_core::sc_time half(static_cast<double>(p / 2), sc_core::SC_PS);
    const sc_core::sc_time rest(static_cast<double>(p - p / 2), sc_core::SC_PS);
    for (;;) {
      clk.write(true);
      wait(half);
      clk.write(false);
      wait(rest);
    }
  }
  dsbc::GlobalOut global() const {
    dsbc::GlobalOut g;
    g.snap = snap.read();
    g.done = done.read();
    g.done_barrier = static_cast<std::uint32_t>(done_barrier.read());
    return g;
  }
  // Reset, then per cycle: the global bookkeeping, the PE processes (one delta later), and
  // the end of the cycle once they have all run.
  void sequencer() {
    rst_n.write(false);
    wait(sc_core::sc_time(static_cast<double>((kResetCycles - 1) * p + p / 4), sc_core::SC_PS));
    rst_n.write(true);
    for (;;) {
      wait(clk.negedge_event());
      const dsbc::GlobalOut g = global();
      be.sc_begin(k, g);
      pe_go.notify(sc_core::SC_ZERO_TIME);
      wait(pe_go);
      wait(sc_core::SC_ZERO_TIME);  // the PE methods ran in the delta of pe_go
      be.sc_end(k, g);
      ++k;
    }
  }
  void bridge() {
    WValid v{}, d{}, pop{};
    WBarrier b{};
    for (int i = 0; i < n; ++i) {
      const ScPe& pe = *pes[static_cast<std::size_t>(i)];
      dsbc::port::set_bit(v, i, pe.valid_o.read());
      dsbc::port::set_bit(d, i, pe.dec_o.read());
      dsbc::port::set_bit(pop, i, pe.pop_o.read());
      dsbc::port::set_field(b, i * bw, bw, pe.barrier_o.read());
    }
    req_valid.write(v);
    req_dec.write(d);
    fifo_pop.write(pop);
    req_barrier.write(b);
  }

  ScBackend& be;
  int n, bw;
  Ps p;
  std::uint64_t k = 0;
  sc_core::sc_event pe_go;
  sc_core::sc_signal<bool> clk{"clk"}, rst_n{"rst_n"};
  sc_core::sc_signal<WValid> req_valid, req_dec, fifo_pop, req_ready, ack_valid, ack_refused, fifo_valid;
  sc_core::sc_signal<WBarrier> req_barrier;
  sc_core::sc_signal<WOutBarrier> fifo_barrier;
  sc_core::sc_signal<bool> snap, done;
  sc_core::sc_signal<WDoneBarrier> done_barrier;
  Dut dut;
  std::vector<std::unique_ptr<ScPe>> pes;
};

std::string ScBackend::built_config() {
  return "N=" + std::to_string(DSYS_SC_N) + " M=" + std::to_string(DSYS_SC_M) + " T=" + std::to_string(DSYS_SC_T) +
         " D=" + std::to_string(DSYS_SC_D);
}

ScBackend::ScBackend(const dsbc::Config& cfg, Ps period_ps) : Backend(cfg, period_ps) {
  if (cfg.pes != DSYS_SC_N || cfg.barriers != DSYS_SC_M || cfg.count_bits != DSYS_SC_T || cfg.fifo_depth != DSYS_SC_D)
    throw ConfigError("SystemC top: verilated for " + built_config() + " only; got --pes " + std::to_string(cfg.pes) +
                      " --barriers " + std::to_string(cfg.barriers) + " --count-bits " + std::to_string(cfg.count_bits) +
                      " --fifo-depth " + std::to_string(cfg.fifo_depth));
  if (period_ps < 4) throw ConfigError("--clock-ns: the SystemC top needs a period of at least 0.004 ns (4 ps)");
  top_ = std::make_unique<Top>("system", *this, cfg, period_ps);
}

ScBackend::~ScBackend() = default;

void ScBackend::run_cycles(std::uint64_t until) {
  // Run past the falling edge of cycle until-1 (its bookkeeping done, inputs driven) and stop
  // before the rising edge that ends it, so requests for cycle `until` can still be queued.
  const Ps p = period_ps();
  const Ps target = static_cast<Ps>(kResetCycles - 1) * p + static_cast<Ps>(until - 1) * p + p / 2 + p / 4;
  const Ps now = static_cast<Ps>(sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_PS).value());
  if (target > now) sc_core::sc_start(sc_core::sc_time(static_cast<double>(target - now), sc_core::SC_PS));
  if (cycle() != until)
    throw std::logic_error("SystemC top: ran to cycle " + std::to_string(cycle()) + ", expected " + std::to_string(until));
}

}  // namespace dsys
