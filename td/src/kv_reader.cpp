// SPDX-License-Identifier: Apache-2.0
// The key=value option reader of the TD lab (see kv_reader.h).
#include "kv_reader.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "td/workload.h"

namespace td::detail {

bool parse_decimal(const std::string& text, std::int64_t& out) {
  const char* b = text.data();
  const char* e = b + text.size();
  if (b == e) return false;
  // from_chars with base 10 takes no '+', no whitespace and no 0x prefix: exactly the
  // decimal spelling we accept.
  auto [p, ec] = std::from_chars(b, e, out, 10);
  return ec == std::errc() && p == e;
}

bool parse_real(const std::string& text, double& out) {
  const char* b = text.data();
  const char* e = b + text.size();
  if (b == e) return false;
  auto [p, ec] = std::from_chars(b, e, out, std::chars_format::general);
  return ec == std::errc() && p == e && std::isfinite(out);
}

void KvReader::fail(const std::string& key, const std::string& what) const {
  throw ConfigError(fmt::format("{}: key '{}': {}", where_, key, what));
}

std::int64_t KvReader::i(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
  used_.insert(key);
  auto it = kv_.find(key);
  if (it == kv_.end()) return def;
  std::int64_t v = 0;
  if (!parse_decimal(it->second, v))
    fail(key, fmt::format("'{}' is not a decimal integer (legal range [{}, {}])", it->second, lo, hi));
  if (v < lo || v > hi) fail(key, fmt::format("{} is out of range [{}, {}]", it->second, lo, hi));
  return v;
}

double KvReader::d(const std::string& key, double def, double lo, double hi) {
  used_.insert(key);
  auto it = kv_.find(key);
  if (it == kv_.end()) return def;
  double v = 0;
  if (!parse_real(it->second, v))
    fail(key, fmt::format("'{}' is not a decimal number (legal range [{}, {}])", it->second, lo, hi));
  if (!(v >= lo && v <= hi)) fail(key, fmt::format("{} is out of range [{}, {}]", it->second, lo, hi));
  return v;
}

std::string KvReader::s(const std::string& key, const std::string& def, std::initializer_list<const char*> allowed) {
  used_.insert(key);
  auto it = kv_.find(key);
  if (it == kv_.end()) return def;
  std::string all;
  for (const char* a : allowed) {
    if (it->second == a) return it->second;
    all += (all.empty() ? "" : "|") + std::string(a);
  }
  fail(key, fmt::format("'{}' is not one of {}", it->second, all));
}

void KvReader::done() const {
  for (const auto& kv : kv_) {
    if (used_.count(kv.first)) continue;
    std::string known;
    for (const auto& k : used_) known += (known.empty() ? "" : ", ") + k;
    throw ConfigError(
        fmt::format("{}: unknown key '{}' (known: {})", where_, kv.first, known.empty() ? "none" : known));
  }
}

}  // namespace td::detail
