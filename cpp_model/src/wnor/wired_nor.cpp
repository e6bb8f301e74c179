// SPDX-License-Identifier: Apache-2.0
// Wired-NOR baseline model and the task-story adaptors (include/dsbc/wnor/wired_nor.h).

#include "dsbc/wnor/wired_nor.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <stdexcept>

namespace dsbc {

void WnorConfig::validate() const {
  if (pes < 1 || pes > 1024) {
    throw std::invalid_argument("wnor: parameter NumPes is out of range: legal 1..1024");
  }
  if (barriers < 1 || barriers > 256) {
    throw std::invalid_argument("wnor: parameter NumBarriers is out of range: legal 1..256");
  }
  if (tree_arity < 2 || tree_arity > 8) {
    throw std::invalid_argument("wnor: parameter TreeArity is out of range: legal 2..8");
  }
}

int WnorConfig::barrier_bits() const {
  int w = 0;
  while ((1 << w) < barriers) ++w;
  return std::max(1, w);
}

std::string WnorConfig::to_string() const { return "N=" + std::to_string(pes) + " m=" + std::to_string(barriers); }

WiredNor::WiredNor(const WnorConfig& cfg) : cfg_(cfg) {
  cfg_.validate();
  x_.assign(cfg_.pes, std::vector<bool>(cfg_.barriers, false));
  out_.pe.assign(cfg_.pes, WnorPeOut{});
  // Out of reset nobody is busy: every line is high, and that is no release.
  out_.line.assign(cfg_.barriers, true);
  out_.release.assign(cfg_.barriers, false);
}

bool WiredNor::x(int pe, uint32_t barrier) const { return x_.at(pe).at(barrier); }

void WiredNor::step(const WnorInputs& in) {
  if (static_cast<int>(in.pe.size()) != cfg_.pes) {
    throw std::invalid_argument("WiredNor::step: inputs for " + std::to_string(in.pe.size()) + " PEs, configured for " +
                                std::to_string(cfg_.pes));
  }
  WnorOutputs next = out_;
  // The monitor samples the lines as the current X drives them.
  for (int b = 0; b < cfg_.barriers; ++b) {
    bool idle = true;
    for (int i = 0; i < cfg_.pes; ++i) idle = idle && !x_[i][b];
    next.release[b] = idle && !out_.line[b];
    next.line[b] = idle;
  }
  // Requests are always accepted (ready is constant) and take effect in the next cycle.
  for (int i = 0; i < cfg_.pes; ++i) {
    const WnorPeIn& p = in.pe[i];
    const bool in_range = p.req_barrier < static_cast<uint32_t>(cfg_.barriers);
    next.pe[i].req_ready = true;
    next.pe[i].ack_valid = p.req_valid;
    next.pe[i].ack_refused = p.req_valid && !in_range;
    if (p.req_valid && in_range) x_[i][p.req_barrier] = !p.req_clear;
  }
  out_ = std::move(next);
  ++cycle_;
}

namespace {

std::vector<TaskEvent> sorted(const std::vector<TaskEvent>& story) {
  std::vector<TaskEvent> s = story;
  std::stable_sort(s.begin(), s.end(), [](const TaskEvent& a, const TaskEvent& b) { return a.cycle < b.cycle; });
  return s;
}

}  // namespace

Trace story_to_dsbc_trace(const std::vector<TaskEvent>& story, const Config& cfg) {
  Trace t;
  t.config = cfg;
  t.path = "story";
  for (const TaskEvent& e : sorted(story)) {
    int delta = 0;
    switch (e.kind) {
      case TaskEvent::Kind::Create:
      case TaskEvent::Kind::Send: delta = +1; break;
      case TaskEvent::Kind::Finish: delta = -1; break;
      case TaskEvent::Kind::Arrive: continue;
    }
    TraceEvent te;
    te.cycle = e.cycle;
    te.pe = e.pe;
    te.barrier = e.barrier;
    te.delta = delta;
    t.events.push_back(te);
  }
  return t;
}

std::vector<WnorRequest> story_to_wnor_requests(const std::vector<TaskEvent>& story) {
  std::map<std::pair<int, uint32_t>, int> held;  // tasks of (pe, barrier) executing there
  std::vector<WnorRequest> reqs;
  for (const TaskEvent& e : sorted(story)) {
    int& h = held[{e.pe, e.barrier}];
    switch (e.kind) {
      case TaskEvent::Kind::Create:
      case TaskEvent::Kind::Arrive:
        if (h++ == 0) reqs.push_back({e.cycle, e.pe, e.barrier, false});
        break;
      case TaskEvent::Kind::Finish:
        if (h == 0) throw std::invalid_argument("story: Finish on a PE that holds no task");
        if (--h == 0) reqs.push_back({e.cycle, e.pe, e.barrier, true});
        break;
      case TaskEvent::Kind::Send: break;
    }
  }
  return reqs;
}

uint64_t story_termination_cycle(const std::vector<TaskEvent>& story, uint32_t barrier) {
  int64_t live = 0;
  for (const TaskEvent& e : sorted(story)) {
    if (e.barrier != barrier) continue;
    if (e.kind == TaskEvent::Kind::Create || e.kind == TaskEvent::Kind::Send) ++live;
    if (e.kind == TaskEvent::Kind::Finish && --live == 0) return e.cycle;
  }
  return ~uint64_t{0};
}

uint64_t run_wnor_replay(WnorEngine& engine, const std::vector<WnorRequest>& requests, std::ostream& out,
                         uint64_t max_cycles) {
  const WnorConfig& cfg = engine.config();
  std::vector<std::vector<WnorRequest>> queue(cfg.pes);
  for (const WnorRequest& r : requests) {
    if (r.pe < 0 || r.pe >= cfg.pes) throw std::invalid_argument("wnor replay: PE out of range");
    queue[r.pe].push_back(r);
  }
  std::vector<size_t> head(cfg.pes, 0);
  std::vector<int> in_flight(cfg.pes, -1);  // index of the request accepted last cycle
  size_t acked = 0;
  uint64_t last_ack = 0;
  WnorInputs in;
  in.pe.resize(cfg.pes);
  while (engine.cycle() < max_cycles) {
    const uint64_t c = engine.cycle();
    const WnorOutputs& o = engine.outputs();
    for (int i = 0; i < cfg.pes; ++i) {
      if (!o.pe[i].ack_valid) continue;
      if (in_flight[i] < 0) throw std::runtime_error("wnor replay: ack with nothing in flight");
      const WnorRequest& r = queue[i][in_flight[i]];
      out << (o.pe[i].ack_refused ? "refused " : (r.clear ? "clear " : "set ")) << c << ' ' << i << ' ' << r.barrier
          << '\n';
      ++acked;
      last_ack = c;
    }
    for (int b = 0; b < cfg.barriers; ++b) {
      if (o.release[b]) out << "release " << c << ' ' << b << '\n';
    }
    if (acked == requests.size() && c >= last_ack + 2) {
      out << "end " << c << '\n';
      return c;
    }
    for (int i = 0; i < cfg.pes; ++i) {
      in.pe[i] = WnorPeIn{};
      in_flight[i] = -1;
      if (head[i] < queue[i].size() && queue[i][head[i]].cycle <= c) {
        const WnorRequest& r = queue[i][head[i]];
        in.pe[i] = {true, r.barrier, r.clear};
        if (o.pe[i].req_ready) in_flight[i] = static_cast<int>(head[i]++);
      }
    }
    engine.step(in);
  }
  out << "timeout " << engine.cycle() << '\n';
  return engine.cycle();
}

}  // namespace dsbc
