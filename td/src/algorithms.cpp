// SPDX-License-Identifier: Apache-2.0
// The algorithm registry.
#include "opts.h"

namespace td {

std::vector<std::string> algorithm_names() {
  return {"tiered", "credit", "hcda", "cda", "4c", "edod", "cv", "ltd", "skr", "baker", "wtc", "ds", "nbx", "qd"};
}

std::string algorithm_help(const std::string& n) {
  if (n == "tiered") return "Tseng's Tiered algorithm (levels); opt levels=1|0 (0: flat counting, unsafe)";
  if (n == "credit") return "Mattern's task credit 2^-Y (Tseng's Credit Algorithm), dedicated controller";
  if (n == "hcda") return "HCDA: halving integer credit, flush on idle, borrow; opt cinit=2^32";
  if (n == "cda") return "Bosilca's integer-credit CDA; opts cinit=2^32 ccon=4096 wcon=64 cborrow=128 cmax=2^62";
  if (n == "4c") return "four counters waves over the binary control tree";
  if (n == "edod")
    return "EDOD delay-optimal ACK/RESUME/STOP over the control tree (FIFO); --literal: the rules without our "
           "confirmed-RESUME fix";
  if (n == "cv") return "CV stack algorithm (Tseng Figs. 2.5-2.7); FIFO channels";
  if (n == "ltd") return "LTD message counting with dynamic parents (Tseng Figs. 2.8-2.9)";
  if (n == "skr") return "SKR two-phase counting over the control tree";
  if (n == "baker")
    return "Baker-Crivelli-Jessup sweeps (errata E1-E4 fixed); --literal: Figure 1 as printed; opts leaf_check=0|1 "
           "root_sweep=lag|lead";
  if (n == "wtc")
    return "Rokusawa weighted throw counting; opts mode=nonfifo|fifo abort=TICK proactive=0|1 fixed supply w0 abort_w; "
           "--literal: section 6 as written";
  if (n == "ds")
    return "Dijkstra-Scholten (Lifflander's reconstruction, fix F-1); opt ft=none|indep|rellazy|releager (fault "
           "tolerance, --fault/--faults) with ext=disengage|zero forget=1|0 (F-9) settle=1|0 (F-10)";
  if (n == "nbx")
    return "NBX rounds (Hoefler et al. 2010): non-blocking barrier when idle and all sends acknowledged, then a "
           "dirty-flag sum (MPI_Ibarrier + MPI_Iallreduce); clean round = termination";
  if (n == "qd")
    return "Charm++ quiescence detection: created/processed sums in waves (MPI_Iallreduce), declared after two equal "
           "waves with created == processed; opt patience=16 (a busy PE joins a due wave after this many tasks)";
  return "";
}

DetectorFactory make_detector_factory(const std::string& name, const AlgoOptions& opts) {
  detail::OptReader r(name, opts);
  DetectorFactory f;
  if (name == "tiered" || name == "credit" || name == "hcda" || name == "cda")
    f = detail::make_central(name, r);
  else if (name == "4c" || name == "skr" || name == "baker")
    f = detail::make_wave(name, r);
  else if (name == "edod" || name == "cv" || name == "ltd" || name == "ds")
    f = detail::make_tree(name, r);
  else if (name == "wtc")
    f = detail::make_wtc(r);
  else if (name == "nbx")
    f = detail::make_nbx(r);
  else if (name == "qd")
    f = detail::make_qd(r);
  else
    throw ConfigError("--algo: unknown algorithm '" + name + "' (see tdsim --list)");
  r.done();
  if (opts.literal && name != "baker" && name != "wtc" && name != "edod")
    throw ConfigError("--literal: algorithm " + name + " has no literal-errata variant (baker, wtc, edod have)");
  return f;
}

}  // namespace td
