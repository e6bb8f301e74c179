// SPDX-License-Identifier: Apache-2.0
/// @file
/// The body of an RTL engine plugin (see CMakeLists.txt beside it): the Verilated dsbc_top of
/// one configuration (class Vdsbc_plugin) behind dsbc::Engine (RtlEngine) or, for SystemC,
/// behind the configuration-independent signals of dsbc/sc_unit.h.
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "Vdsbc_plugin.h"
#include "dsbc/rtl_engine.h"
#include "dsbc/rtl_plugin.h"
#if DSBC_PLUGIN_KIND == 2
#include "dsbc/sc_unit.h"
#endif

namespace dsbc {
namespace {

#if DSBC_PLUGIN_KIND == 2

template <class Port>
using data_of = typename std::remove_reference_t<Port>::data_type;

/// Vdsbc_plugin (verilator --sc) with its packed ports bound to internal signals, and two
/// methods that translate to and from the per-PE signals of the system.
struct ScUnitModule final : sc_core::sc_module, ScUnit {
  using Dut = Vdsbc_plugin;
  using WBit = data_of<decltype(std::declval<Dut>().req_valid_i)>;
  using WBarrier = data_of<decltype(std::declval<Dut>().req_barrier_i)>;
  using WOutBarrier = data_of<decltype(std::declval<Dut>().fifo_barrier_o)>;
  using WDoneBarrier = data_of<decltype(std::declval<Dut>().done_barrier_o)>;

  SC_HAS_PROCESS(ScUnitModule);
  ScUnitModule(sc_core::sc_module_name nm, const Config& cfg, const ScUnitSignals& s)
      : sc_core::sc_module(nm), sig(s), n(cfg.pes), bw(cfg.barrier_bits()), dut("dsbc") {
    dut.clk_i(*s.clk);
    dut.rst_ni(*s.rst_n);
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
    SC_METHOD(pack);
    for (int i = 0; i < n; ++i) {
      sensitive << *s.req_valid[i] << *s.req_dec[i] << *s.fifo_pop[i] << *s.req_barrier[i];
    }
    dont_initialize();
    SC_METHOD(unpack);
    sensitive << req_ready << ack_valid << ack_refused << fifo_valid << fifo_barrier << snap << done << done_barrier;
  }

  void pack() {
    WBit v{}, d{}, pop{};
    WBarrier b{};
    for (int i = 0; i < n; ++i) {
      port::set_bit(v, i, sig.req_valid[i]->read());
      port::set_bit(d, i, sig.req_dec[i]->read());
      port::set_bit(pop, i, sig.fifo_pop[i]->read());
      port::set_field(b, i * bw, bw, sig.req_barrier[i]->read());
    }
    req_valid.write(v);
    req_dec.write(d);
    fifo_pop.write(pop);
    req_barrier.write(b);
  }

  void unpack() {
    for (int i = 0; i < n; ++i) {
      sig.req_ready[i]->write(port::get_bit(req_ready.read(), i));
      sig.ack_valid[i]->write(port::get_bit(ack_valid.read(), i));
      sig.ack_refused[i]->write(port::get_bit(ack_refused.read(), i));
      sig.fifo_valid[i]->write(port::get_bit(fifo_valid.read(), i));
      sig.fifo_barrier[i]->write(port::get_field(fifo_barrier.read(), i * bw, bw));
    }
    sig.snap->write(snap.read());
    sig.done->write(done.read());
    sig.done_barrier->write(static_cast<std::uint32_t>(done_barrier.read()));
  }

  ScUnitSignals sig;
  int n, bw;
  sc_core::sc_signal<WBit> req_valid, req_dec, fifo_pop, req_ready, ack_valid, ack_refused, fifo_valid;
  sc_core::sc_signal<WBarrier> req_barrier;
  sc_core::sc_signal<WOutBarrier> fifo_barrier;
  sc_core::sc_signal<bool> snap, done;
  sc_core::sc_signal<WDoneBarrier> done_barrier;
  Dut dut;
};

ScUnit* make_sc_unit(const char* name, const Config& cfg, const ScUnitSignals& s) {
  return new ScUnitModule(name, cfg, s);
}

#else

Engine* make_engine(const Config& cfg, const RtlEngineOptions& opts) {
  return new RtlEngine<Vdsbc_plugin>(cfg, opts.waves_path, opts.rand_seed);
}

#endif

const RtlPluginInfo kInfo = {
    kRtlPluginAbi,
    static_cast<RtlKind>(DSBC_PLUGIN_KIND),
    DSBC_N,
    DSBC_M,
    DSBC_T,
    DSBC_D,
    Sched::DSBC_SCHED,
    DSBC_PIPE,
    DSBC_HALF,
#if DSBC_PLUGIN_KIND == 2
    nullptr,
    &make_sc_unit,
#else
    &make_engine,
    nullptr,
#endif
};

}  // namespace
}  // namespace dsbc

extern "C" const dsbc::RtlPluginInfo* dsbc_rtl_plugin_info() { return &dsbc::kInfo; }
