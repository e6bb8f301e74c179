// SPDX-License-Identifier: Apache-2.0
// The SystemC system (see sc_backend.h): clock, reset, the Verilated DSBC (--sc, from the RTL
// engine plugin of the configuration, dsbc/sc_unit.h), one module per PE (port handshake
// method + event thread), the network and controller modules, and the machine scheduler.
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

#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsbc/rtl_loader.h"
#include "dsbc/sc_unit.h"
#include "td/machine.h"

namespace dsys {

namespace {

// dsbc-system is also the C++ tool (--engine model|rtl|both): SystemC's banner, printed when
// its kernel starts, would only be noise there. This runs during static initialisation,
// before libsystemc's main(); a user who sets the variable keeps their value.
const bool kQuietSystemC = ::setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

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
  std::uint64_t executed = 0;  // events this thread ran (dsbc-system --engine systemc reports them)

  SC_HAS_PROCESS(ScEventOwner);
  ScEventOwner(sc_core::sc_module_name nm, EventHost& h) : sc_core::sc_module(nm), host(&h) { SC_THREAD(execute); }
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
  const std::uint64_t* cycle = nullptr;
  sc_core::sc_event* go = nullptr;
  // This PE's outputs of the unit (driven by the unit module).
  sc_core::sc_signal<bool> ready_i, ack_i, refused_i, fvalid_i;
  sc_core::sc_signal<std::uint32_t> fbarrier_i;
  // This PE's inputs of the unit.
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
    o.req_ready = ready_i.read();
    o.ack_valid = ack_i.read();
    o.ack_refused = refused_i.read();
    o.fifo_valid = fvalid_i.read();
    o.fifo_barrier = o.fifo_valid ? fbarrier_i.read() : 0;
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
  Top(sc_core::sc_module_name nm, ScBackend& backend, const dsbc::Config& cfg, Ps period,
      const dsbc::RtlPluginInfo& plugin)
      : sc_core::sc_module(nm),
        be(backend),
        n(cfg.pes),
        p(period),
        base(static_cast<Ps>(kResetCycles - 1) * period + period / 2),
        network("network", *this),
        controller("controller", *this) {
    dsbc::ScUnitSignals s;
    s.clk = &clk;
    s.rst_n = &rst_n;
    s.snap = &snap;
    s.done = &done;
    s.done_barrier = &done_barrier;
    for (int i = 0; i < n; ++i) {
      pes.push_back(std::make_unique<ScPe>(("pe" + std::to_string(i)).c_str(), *this, pe_go));
      ScPe& pe = *pes.back();
      pe.be = &be;
      pe.index = i;
      pe.cycle = &k;
      s.req_valid.push_back(&pe.valid_o);
      s.req_dec.push_back(&pe.dec_o);
      s.fifo_pop.push_back(&pe.pop_o);
      s.req_barrier.push_back(&pe.barrier_o);
      s.req_ready.push_back(&pe.ready_i);
      s.ack_valid.push_back(&pe.ack_i);
      s.ack_refused.push_back(&pe.refused_i);
      s.fifo_valid.push_back(&pe.fvalid_i);
      s.fifo_barrier.push_back(&pe.fbarrier_i);
    }
    // The unit: a child module of this one (created during elaboration, inside this
    // constructor), from the SystemC plugin of the configuration.
    unit.reset(plugin.make_sc_unit("unit", cfg, s));
    SC_THREAD(clock);
    SC_THREAD(sequencer);
    SC_THREAD(scheduler);
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
        throw std::logic_error("SystemC top: at " + std::to_string(t) + " ps the clock has run " +
                               std::to_string(be.cycle()) + " cycles, expected " + std::to_string(be.cycle_at(t)));
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
  int n;
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
  sc_core::sc_signal<bool> snap, done;
  sc_core::sc_signal<std::uint32_t> done_barrier;
  std::vector<std::unique_ptr<ScPe>> pes;
  std::unique_ptr<dsbc::ScUnit> unit;
  ScEventOwner network;     // delivers every message at its arrival time
  ScEventOwner controller;  // node N of algorithms with a dedicated controller
};

ScBackend::ScBackend(const dsbc::Config& cfg, Ps period_ps) : Backend(cfg, period_ps) {
  if (period_ps < 4) throw ConfigError("--clock-ns: the SystemC top needs a period of at least 0.004 ns (4 ps)");
  const dsbc::RtlPluginInfo* plugin = nullptr;
  try {
    plugin = &dsbc::load_rtl_plugin(cfg, dsbc::RtlKind::kSystemC);
  } catch (const dsbc::RtlError& e) {
    throw ConfigError(std::string("--engine systemc: ") + e.what());
  }
  top_ = std::make_unique<Top>("system", *this, cfg, period_ps, *plugin);
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
    throw std::logic_error("SystemC top: an event needs cycle " + std::to_string(until - 1) +
                           " before the clock ran it");
  while (cycle() < until) sc_core::wait(top_->cycle_end);
}

}  // namespace dsys
