// SPDX-License-Identifier: Apache-2.0
/// @file
/// CLI11 validators shared by the command-line tools (dsbc-replay, dsbc-system), so that
/// every tool reads numbers the same way. Header-only; include it only from tools, which
/// link CLI11 and fmt (Debian libcli11-dev, libfmt-dev).
///
/// Why not CLI11's own conversions: CLI11 2.1 reads integers with strtoll/strtoull base 0,
/// so "010" is 8, "0x10" is 16, "-5" becomes a huge unsigned value and an out-of-range
/// number saturates silently; its reals go through strtold, which can round differently from
/// strtod. Each validator here checks the text strictly and then rewrites it into a form that
/// CLI11's conversion reads back to exactly the value checked, so the options stay typed.
/// They rewrite the text, so add them with Option::transform (Option::check discards the
/// rewrite); range checks that come after them go in Option::check.
#pragma once

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <system_error>

#include "dsbc/scheds.h"
#include "dsbc/unit.h"

namespace dsbc::cli {

/// "invalid value 'TEXT': expected WHAT": the wording of every value error of the tools
/// (CLI11 puts the option's name in front).
inline std::string invalid_value(const std::string& text, const std::string& expected) {
  return "invalid value '" + text + "': expected " + expected;
}

/// For an option of integer type T: plain base-10 digits (a '-' first only when T is signed;
/// no '+', no spaces, no base prefix) whose value fits T. `expected` names the legal values,
/// e.g. "an integer K >= 1"; `accept` may narrow them further.
template <typename T>
CLI::Validator decimal(const std::string& expected, std::function<bool(T)> accept = nullptr) {
  return CLI::Validator(
      [expected, accept](std::string& text) -> std::string {
        T v{};
        const char* const end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v, 10);
        if (text.empty() || ec != std::errc() || ptr != end || (accept && !accept(v))) {
          return invalid_value(text, expected);
        }
        text = std::to_string(v);  // no leading zeros: CLI11's base-0 read gives v
        return "";
      },
      "");
}

/// For an option of type double: a finite number as strtod reads it (no leading space, the
/// whole text used) for which `accept` holds.
inline CLI::Validator real(const std::string& expected, std::function<bool(double)> accept) {
  return CLI::Validator(
      [expected, accept](std::string& text) -> std::string {
        if (text.empty() || std::isspace(static_cast<unsigned char>(text.front())) != 0) {
          return invalid_value(text, expected);
        }
        char* end = nullptr;
        errno = 0;
        const double v = std::strtod(text.c_str(), &end);
        if (end != text.c_str() + text.size() || errno != 0 || !std::isfinite(v) || !accept(v)) {
          return invalid_value(text, expected);
        }
        // Hexadecimal floating point is exact: CLI11's strtold reads back this very double.
        text = fmt::format("{:a}", v);
        return "";
      },
      "");
}

/// For a scheduler option (--sched of dsbc-replay and dsbc-system): one of the model's
/// scheduler names (dsbc/scheds.h), left as it is; the tool turns it into a Sched with
/// parse_sched() after parsing.
inline CLI::Validator sched() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          parse_sched(text);
        } catch (const std::invalid_argument&) {
          return invalid_value(text, "a scheduler, one of " + sched_names());
        }
        return "";
      },
      "");
}

/// The help text of a scheduler option: the legal names and the model's default.
inline std::string sched_help() {
  return "scheduler: " + sched_names() + " (docs/architecture.md 4c, 4e; default " + sched_name(Config{}.sched) + ")";
}

/// For an option that switches a feature of the unit on or off: 0 or 1.
inline CLI::Validator zero_or_one() {
  return decimal<int>("0 or 1", [](int v) { return v == 0 || v == 1; });
}

/// For a --pipe option (dsbc-replay, dsbc-system): 0 or 1 (Config::pipe).
inline CLI::Validator pipe() { return zero_or_one(); }

/// The help text of a --pipe option.
inline std::string pipe_help() {
  return "1: the pipelined global sum (docs/architecture.md 4f; needs --sched rr), 0: without (default)";
}

/// For a --half-rate option (dsbc-replay): 0 or 1 (Config::half_rate).
inline CLI::Validator half_rate() { return zero_or_one(); }

/// The help text of a --half-rate option.
inline std::string half_rate_help() {
  return "1: half the request rate (docs/architecture.md 4f; needs --sched rr and M >= 3, or M >= 2 with --pipe 1 "
         "and N >= 2), 0: the full rate (default)";
}

/// The model's own message (Config::validate) for `c`, "" when it is legal: the tools refuse
/// an illegal combination of switches with it as a usage error, so the rules and their
/// wording live in the model alone.
inline std::string config_error(const Config& c) {
  try {
    c.validate();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

/// config_error() of the default unit with `sched` and `pipe` (Pipe = 1 needs rr).
inline std::string pipe_sched_error(Sched sched, int pipe) {
  Config c;
  c.sched = sched;
  c.pipe = pipe;
  return config_error(c);
}

/// config_error() of the default unit (M = 4, legal at half rate) with `sched`, `pipe` and
/// `half_rate` (HalfRate = 1 needs rr); the rule on M is checked once the trace is read.
inline std::string half_rate_sched_error(Sched sched, int pipe, int half_rate) {
  Config c;
  c.sched = sched;
  c.pipe = pipe;
  c.half_rate = half_rate;
  return config_error(c);
}

}  // namespace dsbc::cli
