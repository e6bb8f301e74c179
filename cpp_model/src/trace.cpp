// SPDX-License-Identifier: Apache-2.0
/// @file
/// Trace file parser (format in dsbc/trace.h).
#include "dsbc/trace.h"

#include <array>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <optional>
#include <string_view>

namespace dsbc {

TraceError::TraceError(const std::string& path, int line, const std::string& reason)
    : std::runtime_error(line > 0 ? path + ":" + std::to_string(line) + ": " + reason : path + ": " + reason),
      path_(path),
      line_(line),
      reason_(reason) {}

namespace {

/// An integer token: optional sign, then decimal digits. The magnitude saturates; `huge`
/// says it did not fit in 64 bits.
struct Int {
  bool negative = false;
  uint64_t magnitude = 0;
  bool huge = false;

  bool is_negative() const { return negative && (magnitude != 0 || huge); }
  /// The value if it is in [lo, hi].
  std::optional<int64_t> in_range(int64_t lo, int64_t hi) const {
    if (huge) return std::nullopt;
    if (negative) {
      if (magnitude == 0) return 0 >= lo && 0 <= hi ? std::optional<int64_t>(0) : std::nullopt;
      if (magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
      const int64_t v = -static_cast<int64_t>(magnitude);
      return v >= lo && v <= hi ? std::optional<int64_t>(v) : std::nullopt;
    }
    if (magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    const auto v = static_cast<int64_t>(magnitude);
    return v >= lo && v <= hi ? std::optional<int64_t>(v) : std::nullopt;
  }
};

std::optional<Int> parse_int(std::string_view s) {
  Int r;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    r.negative = s[i] == '-';
    ++i;
  }
  if (i == s.size()) return std::nullopt;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<uint64_t>(c - '0');
    if (r.huge || r.magnitude > (UINT64_MAX - digit) / 10) {
      r.huge = true;
    } else {
      r.magnitude = r.magnitude * 10 + digit;
    }
  }
  return r;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

bool looks_like_word(std::string_view token) {
  const char c = token.front();
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

enum Header { kPes, kBarriers, kCountBits, kFifoDepth, kNumHeaders };
constexpr std::array<std::string_view, kNumHeaders> kHeaderNames = {"pes", "barriers", "count_bits", "fifo_depth"};
constexpr std::array<bool, kNumHeaders> kHeaderRequired = {true, true, true, false};

bool is_header_name(std::string_view token) {
  for (const auto name : kHeaderNames) {
    if (name == token) return true;
  }
  return false;
}

int& header_field(Config& cfg, int h) {
  switch (h) {
    case kPes: return cfg.pes;
    case kBarriers: return cfg.barriers;
    case kCountBits: return cfg.count_bits;
    default: return cfg.fifo_depth;
  }
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

class Parser {
 public:
  Parser(std::istream& in, const std::string& path) : in_(in), path_(path) {
    trace_.path = path;
    trace_.config = Config{};
    trace_.config.fifo_depth = 8;
  }

  Trace run() {
    std::string raw;
    while (std::getline(in_, raw)) {
      ++line_;
      std::string_view text(raw);
      if (const size_t hash = text.find('#'); hash != std::string_view::npos) {
        text = text.substr(0, hash);
      }
      const auto fields = split_fields(text);
      if (fields.empty()) continue;
      // A line starting with a word is a header line, except that once events have begun
      // only a known header name makes one (so "x 0 0 1" there is a bad event).
      if (is_header_name(fields[0]) || (looks_like_word(fields[0]) && !header_done_)) {
        header_line(fields);
      } else {
        event_line(fields);
      }
    }
    if (in_.bad()) fail("read error");
    if (!header_done_) finish_header(line_ > 0 ? line_ : 1);
    return std::move(trace_);
  }

 private:
  [[noreturn]] void fail(const std::string& reason) const { fail_at(line_, reason); }
  [[noreturn]] void fail_at(int line, const std::string& reason) const { throw TraceError(path_, line, reason); }

  void header_line(const std::vector<std::string_view>& f) {
    int h = 0;
    while (h < kNumHeaders && kHeaderNames[h] != f[0]) ++h;
    if (h == kNumHeaders) fail("unknown header " + quoted(f[0]));
    const std::string name(kHeaderNames[h]);
    if (header_done_) {
      fail("header '" + name + "' after the first event (line " + std::to_string(first_event_line_) +
           "); all header lines must come first");
    }
    if (header_line_[h] != 0) {
      fail("duplicate header '" + name + "' (first given on line " + std::to_string(header_line_[h]) + ")");
    }
    if (f.size() != 2) {
      fail("header '" + name + "' takes exactly one integer value, got " + std::to_string(f.size() - 1));
    }
    const auto v = parse_int(f[1]);
    if (!v) fail("invalid integer " + quoted(f[1]) + " for header '" + name + "'");
    const auto value = v->in_range(INT_MIN, INT_MAX);
    if (!value) fail("value " + std::string(f[1]) + " for header '" + name + "' is out of range");
    // Validate this parameter alone (the others at their legal defaults), so the message
    // from Config::validate() is reported on the line that holds the illegal value.
    Config alone;
    header_field(alone, h) = static_cast<int>(*value);
    try {
      alone.validate();
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    header_field(trace_.config, h) = static_cast<int>(*value);
    header_line_[h] = line_;
  }

  /// Called at the first event (or the end of the file): every required header is present.
  void finish_header(int line) {
    for (int h = 0; h < kNumHeaders; ++h) {
      if (kHeaderRequired[h] && header_line_[h] == 0) {
        fail_at(line, "missing header '" + std::string(kHeaderNames[h]) + "'");
      }
    }
    try {
      trace_.config.validate();
    } catch (const std::invalid_argument& e) {
      fail_at(line, e.what());
    }
    header_done_ = true;
    last_cycle_.assign(static_cast<size_t>(trace_.config.pes), std::nullopt);
    last_line_.assign(static_cast<size_t>(trace_.config.pes), 0);
  }

  void event_line(const std::vector<std::string_view>& f) {
    if (!header_done_) {
      first_event_line_ = line_;
      finish_header(line_);
    }
    if (f.size() != 4) {
      fail("expected 4 fields '<cycle> <pe> <barrier> <delta>', got " + std::to_string(f.size()));
    }
    static constexpr std::array<const char*, 4> kFieldNames = {"cycle", "pe", "barrier", "delta"};
    std::array<Int, 4> v;
    for (size_t i = 0; i < 4; ++i) {
      const auto parsed = parse_int(f[i]);
      if (!parsed) {
        fail(std::string("invalid integer ") + quoted(f[i]) + " in field " + kFieldNames[i] +
             " (expected '<cycle> <pe> <barrier> <delta>')");
      }
      v[i] = *parsed;
    }
    TraceEvent ev;
    ev.line = line_;

    if (v[0].is_negative()) fail("negative cycle " + std::string(f[0]));
    if (v[0].huge) fail("cycle " + std::string(f[0]) + " is out of range");
    ev.cycle = v[0].magnitude;

    const int n = trace_.config.pes;
    const auto pe = v[1].in_range(0, n - 1);
    if (!pe) {
      fail("pe " + std::string(f[1]) + " out of range 0.." + std::to_string(n - 1) + " (pes " + std::to_string(n) +
           ")");
    }
    ev.pe = static_cast<int>(*pe);

    const int m = trace_.config.barriers;
    const auto barrier = v[2].in_range(0, m - 1);
    if (!barrier) {
      fail("barrier " + std::string(f[2]) + " out of range 0.." + std::to_string(m - 1) + " (barriers " +
           std::to_string(m) + ")");
    }
    ev.barrier = static_cast<uint32_t>(*barrier);

    const auto delta = v[3].in_range(-1, 1);
    if (!delta || *delta == 0) {
      fail("delta must be +1 or -1, got " + quoted(f[3]));
    }
    ev.delta = static_cast<int>(*delta);

    auto& last = last_cycle_[static_cast<size_t>(ev.pe)];
    if (last && ev.cycle < *last) {
      fail("cycle " + std::to_string(ev.cycle) + " of pe " + std::to_string(ev.pe) +
           " goes backwards (its previous event, line " + std::to_string(last_line_[static_cast<size_t>(ev.pe)]) +
           ", is at cycle " + std::to_string(*last) + ")");
    }
    last = ev.cycle;
    last_line_[static_cast<size_t>(ev.pe)] = line_;
    trace_.events.push_back(ev);
  }

  std::istream& in_;
  std::string path_;
  Trace trace_;
  int line_ = 0;
  bool header_done_ = false;
  int first_event_line_ = 0;
  std::array<int, kNumHeaders> header_line_{};
  std::vector<std::optional<uint64_t>> last_cycle_;
  std::vector<int> last_line_;
};

}  // namespace

Trace parse_trace(std::istream& in, const std::string& path) { return Parser(in, path).run(); }

Trace parse_trace_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw TraceError(path, 0, std::string("cannot open: ") + std::strerror(EISDIR));
  }
  errno = 0;
  std::ifstream in(path);
  if (!in) {
    const int err = errno;
    throw TraceError(path, 0, std::string("cannot open: ") + (err != 0 ? std::strerror(err) : "unknown error"));
  }
  return parse_trace(in, path);
}

}  // namespace dsbc
