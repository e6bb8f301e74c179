// SPDX-License-Identifier: Apache-2.0
/// @file
/// dsbc-ovl-replay: replays a dump of the feasibility Overlap unit (synth/feasibility,
/// feas_pair_arb_unit_tb.v +dump=FILE) through the C++ overlap contract
/// (cpp_model/include/dsbc/ovl/) and says whether the contract gives the RTL's heads and exits
/// cycle for cycle. The C++ twin of synth/feasibility/ovl_replay.py, and the model the product
/// port of that unit will build on. With --ports the dump is a port dump (+pdump=FILE,
/// cpp_model/include/dsbc/ovl/port_dump.h) and the port-level model (dsbc::ovl::PortUnit) is
/// driven by its inputs and compared output for output, cycle for cycle.
/// Exit 0: AGREE; 1: DIFFER; 2: bad options or a malformed dump.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

#include "dsbc/cli_options.h"
#include "dsbc/ovl/contract.h"
#include "dsbc/ovl/dump_replay.h"
#include "dsbc/ovl/port_dump.h"
#include "dsbc/ovl/port_unit.h"

namespace {

constexpr const char* kTool = "dsbc-ovl-replay";

// The replay has counted the mismatches (`differ`); this prints the counts and the first `show`.
template <typename List>
void report(const char* name, const List& rtl, const List& mine, int64_t differ, int show) {
  const size_t n = std::min(rtl.size(), mine.size());
  std::cout << name << ": RTL " << rtl.size() << ", model " << mine.size() << ", compared " << n << ", differ "
            << differ << "\n";
  for (size_t i = 0; i < n && show > 0; ++i) {
    if (rtl[i] == mine[i]) continue;
    std::cout << "  #" << i << " RTL (" << rtl[i].first << ", " << rtl[i].second << ") model (" << mine[i].first << ", "
              << mine[i].second << ")\n";
    --show;
  }
}

// --ports: the port dump through the port-level model; the first difference, or AGREE.
int replay_ports_main(const std::string& path, const dsbc::ovl::Params& p) {
  dsbc::ovl::PortDump dump;
  std::optional<dsbc::ovl::PortUnit> unit;
  try {
    unit.emplace(p);
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    dump = dsbc::ovl::parse_port_dump(in, path, p);
  } catch (const std::exception& e) {
    std::cerr << kTool << ": " << e.what() << "\n";
    return 2;
  }
  int64_t checked = 0;
  const auto m = dsbc::ovl::replay_ports(dump, *unit, {}, &checked);
  std::cout << "cycles compared " << checked << " of " << dump.cycles << "\n";
  if (m) {
    std::cout << "first difference: " << m->to_string() << "\nPORTS DIFFER (" << path << ")\n";
    return 1;
  }
  std::cout << "PORTS AGREE (" << path << ")\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using dsbc::cli::decimal;
  CLI::App app{
      "Replays a dump of the feasibility Overlap unit through the C++ overlap contract "
      "and compares its heads and exits with the RTL's, cycle by cycle.",
      kTool};
  std::string path;
  dsbc::ovl::Params p;
  int idle_spec = 0;
  int64_t x0 = -1;
  int64_t cycles = 0;
  int show = 8;
  bool ports = false;
  app.add_option("dump", path,
                 "Dump file (lines: c CYCLE PE BARRIER DELTA | p CYCLE PE | "
                 "h CYCLE BARRIER | x CYCLE DONE)")
      ->required();
  app.add_option("--count-bits", p.count_bits, "T (default 16)")->transform(decimal<int>("an integer"));
  app.add_option("--barriers", p.barriers, "M (default 32)")->transform(decimal<int>("an integer"));
  app.add_option("--pes", p.pes, "N, even (default 16)")->transform(decimal<int>("an integer"));
  app.add_option("--reg-lines", p.reg_lines,
                 "R, registers in the round trip besides the "
                 "decision's: the round trip is R + 1 (default 2)")
      ->transform(decimal<int>("an integer"));
  app.add_option("--exit-delay", p.exit_delay, "E, extra cycles of the count path (default 0)")
      ->transform(decimal<int>("an integer"));
  app.add_option("--idle-spec", idle_spec, "1: idle speculation, overlap.md 1d (default 0)")
      ->transform(decimal<int>("0 or 1", [](int v) { return v == 0 || v == 1; }));
  app.add_option("--pipe-end", p.pipe_end, "2: the pipelined word end, overlap.md 13 (the RTL's OvlPipeEnd; default 0)")
      ->transform(decimal<int>("0 or 2", [](int v) { return v == 0 || v == 2; }));
  app.add_option("--header-slots", p.header_slots,
                 "1: one header slot, NEXT in s + 1 with the FIFO room on its B line (the RTL's "
                 "OvlDead = 1, ovlrtl.md 18b); 2: POLL in s + 1, NEXT in s + 2 (default 2)")
      ->transform(decimal<int>("1 or 2", [](int v) { return v == 1 || v == 2; }));
  app.add_option("--x0", x0,
                 "RTL cycle of the contract's cycle 0 (default 2M: the pairs clear "
                 "their RAMs first)")
      ->transform(decimal<int64_t>("an integer >= 0", [](int64_t v) { return v >= 0; }));
  app.add_option("--cycles", cycles,
                 "The testbench's +cycles: replay to its end, not only to the dump's last record, "
                 "and compare every head and exit before cycles - 64, their numbers too (default 0: "
                 "to the last record, one more or fewer tolerated)")
      ->transform(decimal<int64_t>("an integer >= 0", [](int64_t v) { return v >= 0; }));
  app.add_option("--show", show, "Mismatches printed per list (default 8)")
      ->transform(decimal<int>("an integer >= 0", [](int v) { return v >= 0; }));
  app.add_flag("--ports", ports,
               "The dump is a port dump (+pdump=FILE): drive the port-level model with its "
               "inputs and compare every PE output and the broadcast in every cycle "
               "(N = 16, M = 32, T = 16 or 8, R = 2 only)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << kTool << ": " << e.what() << "\n";
    return 2;
  }
  p.idle_spec = idle_spec != 0;
  if (ports) return replay_ports_main(path, p);
  dsbc::ovl::Dump dump;
  try {
    p.validate();
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    dump = dsbc::ovl::parse_dump(in, path, p);
    // A dump without heads (a run stopped early) would agree with anything.
    if (dump.heads.empty()) throw std::runtime_error(path + ": no heads, nothing to compare");
  } catch (const std::exception& e) {
    std::cerr << kTool << ": " << e.what() << "\n";
    return 2;
  }
  if (x0 < 0) x0 = dsbc::ovl::rtl_start_cycle(p);
  const dsbc::ovl::ReplayReport r = dsbc::ovl::replay_dump(dump, p, x0, cycles);
  report("heads (cycle, barrier)", dump.heads, r.heads, r.head_mismatches, show);
  report("exits (cycle, completion)", dump.exits, r.exits, r.exit_mismatches, show);
  std::cout << "same-barrier heads within the rebase window: " << r.same_barrier_heads << "\n";
  if (p.pipe_end != 0) std::cout << "pipelined heads: " << r.pipelined_heads << "\n";
  std::cout << "sequencer splits " << r.sequencer_splits << ", pops of an empty FIFO " << r.pop_underflows
            << ", rebase sums " << r.rebase_sum_errors << ", rebased counts " << r.rebase_errors << ", protocol errors "
            << r.protocol_errors << "\n"
            << r.errors() << " errors\n"
            << "REPLAY " << (r.errors() == 0 ? "AGREE" : "DIFFER") << " (" << path << ")\n";
  return r.errors() == 0 ? 0 : 1;
}
