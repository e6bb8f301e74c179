// SPDX-License-Identifier: Apache-2.0
// The SystemC system (see sc_backend.h): clock, reset, the Verilated DSBC (--sc), one module
// per PE (port handshake method + event thread), the network and controller modules, and the
// machine scheduler.
//
// Time: reset holds for the clock edges at 0, P and 2P and is released at 2P + P/4; cycle 0
// is the cycle that ends with the edge at 3P, so cycle k spans SystemC time (2P + kP,
// 2P + (k+1)P]. The PE port methods sample the unit's outputs and drive its inputs at the
// falling edge in the middle of each cycle, 2P + kP + P/2 (P/2 rounded down), so the inputs
// are settled before the rising edge that samples them, as in the C++ path (RtlEngine: drive,
// then clock).
//
// The machine's global time t (ps) runs at SystemC time kBase + t, kBase = 2P + P/2: time kP
// coincides with cycle k's falling edge. At one SystemC time the machine's events go first:
// the scheduler wakes from a timed wait in the first evaluation phase of that time and hands
// each event to its owner with immediate notifications (owner runs, notifies back, all in
// that phase), while the PE port methods run only after the clock signal's update, a delta
// later. So when an event at t runs, exactly the cycles k < ceil(t/P) have been done, and a
// request it makes joins cycle ceil(t/P): the pure-C++ path's rule (backend.h). The scheduler
// checks that equality before every event. Same-time events run one at a time in the
// machine's own order (time, priority, sequence), which is what makes both paths identical.
#include "sc_backend.h"

#include <systemc.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsys_sc_include.h"  // generated: the Verilated SystemC top, as DSYS_SC_TOP
#include "rtl_engine.h"       // testbench/common: dsbc::port bit helpers
#include "td/machine.h"

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

sc_core::sc_time ps_time(Ps ps) { return sc_core::sc_time(static_cast<double>(ps), sc_core::SC_PS); }
Ps now_ps() { return static_cast<Ps>(sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_PS).value()); }

}  // namespace

/// What the owner processes call back into: executes the machine's next event in the
/// calling process (see ScBackend::Top::execute_here).
struct EventHost {
  virtual ~EventHost() = default;
  virtual void execute_here(const char* who) = 0;
  /// Stops the simulation with error `e` (the first one is rethrown by run_session).
  virtual void fail(std::exception_ptr e) = 0;
};

/// A module whose thread executes the machine events it owns when the scheduler notifies
/// `run` (immediately; the thread notifies the scheduler back when the event is done).
struct ScEventOwner : sc_core::sc_module {
  EventHost* host = nullptr;
  sc_core::sc_event run;
  std::uint64_t executed = 0;  // events this thread ran (reported by dsbc-system-sc)

  SC_HAS_PROCESS(ScEventOwner);
  ScEventOwner(sc_core::sc_module_name nm, EventHost& h) : sc_core::sc_module(nm), host(&h) {
    SC_THREAD(execute);
  }
  void execute() {
    for (;;) {
      wait(run);
      ++executed;
      host->execute_here(name());
    }
  }
};

/// One PE: its thread (ScEventOwner) executes the PE's task completions and timers - the
/// task runs, its children are produced, its +1/-1 requests queued, held messages released -
/// and its method does the port handshake with its local block at the falling clock edge.
struct ScPe : ScEventOwner {
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
  ScPe(sc_core::sc_module_name nm, EventHost& h, sc_core::sc_event& ev) : ScEventOwner(nm, h), go(&ev) {
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
    dsbc::PeIn in;
    try {
      in = be->sc_pe(*cycle, index, o);
    } catch (...) {  // e.g. a refused request: stop the simulation, rethrown by run_session
      host->fail(std::current_exception());
      return;
    }
    valid_o.write(in.req_valid);
    dec_o.write(in.req_dec);
    pop_o.write(in.fifo_pop);
    barrier_o.write(in.req_barrier);
  }
};

struct ScBackend::Top : sc_core::sc_module, EventHost {
  SC_HAS_PROCESS(Top);
  Top(sc_core::sc_module_name nm, ScBackend& backend, const dsbc::Config& cfg, Ps period)
      : sc_core::sc_module(nm), be(backend), n(cfg.pes), bw(cfg.barrier_bits()), p(period),
        base(static_cast<Ps>(kResetCycles - 1) * period + period / 2), dut("dsbc"), network("network", *this),
        controller("controller", *this) {
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
      pes.push_back(std::make_unique<ScPe>(("pe" + std::to_string(i)).c_str(), *this, pe_go));
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
    SC_THREAD(scheduler);
    SC_METHOD(bridge);
    for (auto& pe : pes) sensitive << pe->valid_o << pe->dec_o << pe->pop_o << pe->barrier_o;
    dont_initialize();
  }

  void fail(std::exception_ptr e) override {
    if (!error) error = e;
    sc_core::sc_pause();
  }

  void clock() {
    const sc_core::sc_time half = ps_time(p / 2);
    const sc_core::sc_time rest = ps_time(p - p / 2);
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
  // Reset, then per cycle: the global bookkeeping, the PE port methods (one delta later), and
  // the end of the cycle once they have all run.
  void sequencer() {
    rst_n.write(false);
    wait(ps_time(static_cast<Ps>(kResetCycles - 1) * p + p / 4));
    rst_n.write(true);
    try {
      for (;;) {
        wait(clk.negedge_event());
        const dsbc::GlobalOut g = global();
        be.sc_begin(k, g);
        pe_go.notify(sc_core::SC_ZERO_TIME);
        wait(pe_go);
        wait(sc_core::SC_ZERO_TIME);  // the PE methods ran in the delta of pe_go
        be.sc_end(k, g);
        ++k;
        cycle_end.notify();  // a scheduler waiting for cycles (ScBackend::run_cycles)
      }
    } catch (...) {
      fail(std::current_exception());
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

  // The machine scheduler: runs the session's pass (epochs of machines, ScBackend::run_machine
  // for each), then pauses the kernel so that sc_start returns.
  void scheduler() {
    try {
      if (pass == nullptr) throw std::logic_error("SystemC top: started without a pass");
      (*pass)();
      pass_done = true;
    } catch (...) {
      if (!error) error = std::current_exception();
    }
    sc_core::sc_pause();
  }

  // Runs machine m: each event at SystemC time base + offset + t, in the process that owns it.
  void run_machine(td::Machine& m, Ps offset) {
    m.begin();
    while (m.pending()) {
      const Ps t = offset + m.next_time();
      const Ps at = base + t;
      const Ps now = now_ps();
      if (at < now) throw std::logic_error("SystemC top: machine event at " + std::to_string(t) + " ps is in the past");
      if (at > now) wait(ps_time(at - now));
      // Exactly the cycles that start before t are done (see the file comment).
      if (be.cycle() != be.cycle_at(t))
        throw std::logic_error("SystemC top: at " + std::to_string(t) + " ps the clock has run " + std::to_string(be.cycle()) +
                               " cycles, expected " + std::to_string(be.cycle_at(t)));
      const td::Machine::Owner o = m.next_owner();
      if (o.kind == td::Machine::Owner::kMachine) {  // injecting the initial tasks
        ++machine_events;
        m.step();
        continue;
      }
      ScEventOwner* owner = &network;
      if (o.kind == td::Machine::Owner::kNode)
        owner = o.node < n ? static_cast<ScEventOwner*>(pes[static_cast<std::size_t>(o.node)].get()) : &controller;
      current = &m;
      owner->run.notify();
      wait(event_done);
      current = nullptr;
      if (error) std::rethrow_exception(error);
    }
    m.end();
  }

  // In the owner's thread: the event the scheduler handed over.
  void execute_here(const char* who) override {
    try {
      if (current == nullptr) throw std::logic_error(std::string("SystemC top: ") + who + " woken without an event");
      current->step();
    } catch (...) {
      if (!error) error = std::current_exception();
    }
    event_done.notify();
  }

  ScBackend& be;
  int n, bw;
  Ps p;
  Ps base;  // SystemC time of global time 0
  std::uint64_t k = 0;
  std::uint64_t machine_events = 0;
  const std::function<void()>* pass = nullptr;
  bool pass_done = false;
  std::exception_ptr error;
  td::Machine* current = nullptr;  // the machine whose next event an owner is executing
  sc_core::sc_event pe_go, cycle_end, event_done;
  sc_core::sc_signal<bool> clk{"clk"}, rst_n{"rst_n"};
  sc_core::sc_signal<WValid> req_valid, req_dec, fifo_pop, req_ready, ack_valid, ack_refused, fifo_valid;
  sc_core::sc_signal<WBarrier> req_barrier;
  sc_core::sc_signal<WOutBarrier> fifo_barrier;
  sc_core::sc_signal<bool> snap, done;
  sc_core::sc_signal<WDoneBarrier> done_barrier;
  Dut dut;
  std::vector<std::unique_ptr<ScPe>> pes;
  ScEventOwner network;     // delivers every message at its arrival time
  ScEventOwner controller;  // node N of algorithms with a dedicated controller
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

namespace {
ScEventCounts g_executed;  // one SystemC session per process
}  // namespace

ScEventCounts ScBackend::executed() { return g_executed; }

void ScBackend::run_session(const std::function<void()>& pass) {
  if (top_->pass != nullptr) throw std::logic_error("SystemC top: one session per process");
  top_->pass = &pass;
  sc_core::sc_start();
  ScEventCounts& c = g_executed;
  c = ScEventCounts{};
  for (const auto& pe : top_->pes) {
    c.pe += pe->executed;
    if (pe->executed > 0) ++c.pes_active;
  }
  c.network = top_->network.executed;
  c.controller = top_->controller.executed;
  c.machine = top_->machine_events;
  if (top_->error) std::rethrow_exception(top_->error);
  if (!top_->pass_done) throw std::logic_error("SystemC top: the kernel stopped before the pass ended");
}

void ScBackend::run_machine(td::Machine& m, Ps offset) {
  if (top_->pass == nullptr) throw std::logic_error("SystemC top: run_machine outside run_session");
  top_->run_machine(m, offset);
}

void ScBackend::run_cycles(std::uint64_t until) {
  // Only the scheduler waits for cycles (Backend::finish between epochs); an event asking for
  // cycles the clock has not reached would mean the machine ran ahead of the unit.
  if (top_->current != nullptr)
    throw std::logic_error("SystemC top: an event needs cycle " + std::to_string(until - 1) + " before the clock ran it");
  while (cycle() < until) sc_core::wait(top_->cycle_end);
}

}  // namespace dsys
