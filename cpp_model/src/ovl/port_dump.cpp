// SPDX-License-Identifier: Apache-2.0
// Port dumps of the feasibility Overlap unit and their replay (include/dsbc/ovl/port_dump.h).
#include "dsbc/ovl/port_dump.h"

#include <cstdlib>
#include <istream>
#include <sstream>
#include <stdexcept>

namespace dsbc::ovl {
namespace {

[[noreturn]] void fail(const std::string& source, int64_t line, const std::string& what) {
  throw std::runtime_error(source + ":" + std::to_string(line) + ": " + what);
}

int digit32(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'v') return c - 'a' + 10;
  return -1;
}

}  // namespace

PortDump::Cycle PortDump::at(int64_t c, size_t* next) const {
  while (*next < lines.size() && lines[*next].cycle < c) ++*next;
  if (*next < lines.size() && lines[*next].cycle == c) return lines[*next];
  Cycle idle;
  idle.cycle = c;
  idle.rb.assign(static_cast<size_t>(pes), -1);
  // the FIFO outputs of the last line before c, none valid before the first
  if (*next > 0) {
    idle.fb = lines[*next - 1].fb;
  } else {
    idle.fb.assign(static_cast<size_t>(pes), -1);
  }
  return idle;
}

PortDump parse_port_dump(std::istream& in, const std::string& source, const Params& p) {
  PortDump d;
  d.pes = p.pes;
  if (p.pes > 32) fail(source, 0, "port dumps hold at most 32 PEs");
  const uint32_t all = p.pes == 32 ? 0xffffffffu : (1u << p.pes) - 1;
  std::string text;
  int64_t line = 0;
  bool ended = false;
  while (std::getline(in, text)) {
    ++line;
    std::istringstream ls(text);
    std::string first;
    if (!(ls >> first)) continue;  // a blank line
    if (ended) fail(source, line, "a line after the end line");
    const auto integer = [&](const std::string& tok, const char* name) {
      char* end = nullptr;
      const long long v = std::strtoll(tok.c_str(), &end, 10);
      if (tok.empty() || end == tok.c_str() || *end != '\0' || v < 0)
        fail(source, line, std::string("field ") + name + " is not a cycle count: '" + tok + "'");
      return static_cast<int64_t>(v);
    };
    const auto next = [&](const char* name) {
      std::string tok;
      if (!(ls >> tok)) fail(source, line, std::string("missing field ") + name);
      return tok;
    };
    if (first == "end") {
      d.cycles = integer(next("CYCLES"), "CYCLES");
      if (!d.lines.empty() && d.lines.back().cycle >= d.cycles)
        fail(source, line, "end " + std::to_string(d.cycles) + " is not after the last cycle line");
      ended = true;
    } else {
      PortDump::Cycle c;
      c.cycle = integer(first, "CYC");
      if (!d.lines.empty() && c.cycle <= d.lines.back().cycle)
        fail(source, line, "cycle " + std::to_string(c.cycle) + " not after " + std::to_string(d.lines.back().cycle));
      const auto mask = [&](const char* name) {
        const std::string tok = next(name);
        char* end = nullptr;
        const unsigned long v = std::strtoul(tok.c_str(), &end, 16);
        if (end == tok.c_str() || *end != '\0')
          fail(source, line, std::string("field ") + name + " is not a hex mask: '" + tok + "'");
        if ((v & ~static_cast<unsigned long>(all)) != 0)
          fail(source, line, std::string("field ") + name + " has bits above PE " + std::to_string(p.pes - 1));
        return static_cast<uint32_t>(v);
      };
      c.rv = mask("RV");
      c.dec = mask("DEC");
      c.pop = mask("POP");
      c.rx = mask("RX");
      c.ackv = mask("ACKV");
      c.ackr = mask("ACKR");
      const auto bit = [&](const char* name) {
        const std::string tok = next(name);
        if (tok != "0" && tok != "1") fail(source, line, std::string("field ") + name + " must be 0 or 1");
        return tok == "1";
      };
      c.ld = bit("LD");
      c.dn = bit("DN");
      const auto ids = [&](const char* name, bool check, uint32_t valid) {
        const std::string tok = next(name);
        if (tok.size() != static_cast<size_t>(p.pes))
          fail(source, line, std::string("field ") + name + " must have " + std::to_string(p.pes) + " characters");
        std::vector<int> v(static_cast<size_t>(p.pes), -1);
        for (int i = 0; i < p.pes; ++i) {
          const char ch = tok[static_cast<size_t>(i)];
          if (ch == '-') continue;
          const int b = digit32(ch);
          if (b < 0 || b >= p.barriers)
            fail(source, line,
                 std::string("field ") + name + ": PE " + std::to_string(i) + "'s barrier '" + ch +
                     "' is out of range 0 .. " + std::to_string(p.barriers - 1));
          v[static_cast<size_t>(i)] = b;
        }
        if (check) {
          for (int i = 0; i < p.pes; ++i) {
            if (((valid >> i) & 1) != (v[static_cast<size_t>(i)] >= 0 ? 1u : 0u))
              fail(source, line, std::string("field ") + name + ": PE " + std::to_string(i) + " disagrees with RV");
          }
        }
        return v;
      };
      c.rb = ids("RB", true, c.rv);
      c.fb = ids("FB", false, 0);
      if ((c.dec & ~c.rv) != 0) fail(source, line, "DEC has a bit without RV");
      if ((c.ackr & ~c.ackv) != 0) fail(source, line, "ACKR has a bit without ACKV");
      d.lines.push_back(std::move(c));
    }
    std::string extra;
    if (ls >> extra) fail(source, line, "trailing field '" + extra + "'");
  }
  if (!ended) fail(source, line, "no end line (a truncated dump?)");
  return d;
}

std::string PortMismatch::to_string() const {
  return "cycle " + std::to_string(cycle) + (pe < 0 ? std::string(", broadcast") : ", PE " + std::to_string(pe)) +
         ", " + field + ": RTL " + std::to_string(rtl) + ", model " + std::to_string(model);
}

std::optional<PortMismatch> replay_ports(const PortDump& dump, Engine& engine, const PortFields& fields,
                                         int64_t* cycles_checked) {
  const int N = dump.pes;
  if (engine.config().pes != N) throw std::invalid_argument("replay_ports: the engine's N differs from the dump's");
  size_t next = 0;
  Inputs in;
  in.pe.resize(static_cast<size_t>(N));
  if (cycles_checked != nullptr) *cycles_checked = 0;
  for (int64_t c = 0; c < dump.cycles; ++c) {
    const PortDump::Cycle r = dump.at(c, &next);
    const Outputs& out = engine.outputs();
    for (int i = 0; i < N; ++i) {
      const auto ui = static_cast<size_t>(i);
      const PeOut& o = out.pe[ui];
      const auto check = [&](const char* field, int64_t rtl, int64_t model) -> std::optional<PortMismatch> {
        if (rtl == model) return std::nullopt;
        return PortMismatch{c, i, field, rtl, model};
      };
      const bool phase = (i % 2) == (c % 2);
      const bool ready = (((r.rx >> i) & 1) != 0) != phase;
      const bool ackv = ((r.ackv >> i) & 1) != 0;
      const bool fv = r.fb[ui] >= 0;
      std::optional<PortMismatch> m;
      if (!m && fields.ready) m = check("req_ready", ready, o.req_ready);
      if (!m && fields.ack) m = check("ack_valid", ackv, o.ack_valid);
      if (!m && fields.ack && ackv) m = check("ack_refused", (r.ackr >> i) & 1, o.ack_refused);
      if (!m && fields.fifo) m = check("fifo_valid", fv, o.fifo_valid);
      if (!m && fields.fifo && fv) m = check("fifo_barrier", r.fb[ui], o.fifo_barrier);
      if (m) return m;
    }
    if (fields.broadcast) {
      if (r.ld != out.global.snap) return PortMismatch{c, -1, "ctl_load", r.ld, out.global.snap};
      if (r.dn != out.global.done) return PortMismatch{c, -1, "ctl_done", r.dn, out.global.done};
    }
    if (cycles_checked != nullptr) ++*cycles_checked;
    for (int i = 0; i < N; ++i) {
      PeIn& pin = in.pe[static_cast<size_t>(i)];
      pin.req_valid = ((r.rv >> i) & 1) != 0;
      pin.req_barrier = pin.req_valid ? static_cast<uint32_t>(r.rb[static_cast<size_t>(i)]) : 0;
      pin.req_dec = ((r.dec >> i) & 1) != 0;
      pin.fifo_pop = ((r.pop >> i) & 1) != 0;
    }
    engine.step(in);
  }
  return std::nullopt;
}

}  // namespace dsbc::ovl
